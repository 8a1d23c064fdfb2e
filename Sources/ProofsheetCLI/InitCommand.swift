import Foundation
import Proofsheet

/// `proofsheet init`: a project set up for golden checks — its configuration, a sample scene,
/// `.gitattributes` for the goldens and a workflow for its CI — without replacing anything.
func initCommand(_ args: inout Arguments) throws -> Int32 {
    let ciOption = try args.value("--ci")
    let lfs = args.flag("--lfs")
    try args.noPositionals()
    let fm = FileManager.default
    let root = fm.currentDirectoryPath
    // A link counts as there, even one that leads nowhere: init replaces nothing.
    func exists(_ path: String) -> Bool { FileOutput.isLink(root + "/" + path) || fm.fileExists(atPath: root + "/" + path) }

    // The CI: named, or the one the repository uses.
    let ci: String
    if let ciOption {
        guard ["github", "gitlab", "jenkins", "none"].contains(ciOption) else {
            throw ProofsheetError.usage("--ci '\(clipped(ciOption))' is not a CI Proofsheet writes for", hint: "github, gitlab, jenkins or none")
        }
        ci = ciOption
    } else if exists(".gitlab-ci.yml") {
        ci = "gitlab"
    } else if exists("Jenkinsfile") {
        ci = "jenkins"
    } else if exists(".github") {
        ci = "github"
    } else {
        ci = "none"
    }

    // What is written: (path, text), plus the lines .gitattributes gets.
    var files: [(path: String, text: String)] = [
        (ProjectConfig.fileName, InitTemplates.config), ("Proofsheet/Scenes/example.json", InitTemplates.scene)
    ]
    var notes: [String] = []
    if ci != "none" {
        var workflow = try InitTemplates.workflow(ci)
        if lfs { workflow = InitTemplates.fetchingLFS(workflow, ci: ci) }
        switch ci {
        case "github":
            files.append((".github/workflows/proofsheet.yml", workflow))
        case "gitlab":
            // The project's own pipeline stays; Proofsheet's is included from it.
            let path = exists(".gitlab-ci.yml") ? "proofsheet.gitlab-ci.yml" : ".gitlab-ci.yml"
            files.append((path, workflow))
            if path != ".gitlab-ci.yml" {
                notes.append("include it from .gitlab-ci.yml: `include: [{local: proofsheet.gitlab-ci.yml}]` (its stages: check, merge)")
            }
        default:
            let path = exists("Jenkinsfile") ? "Jenkinsfile.proofsheet" : "Jenkinsfile"
            files.append((path, workflow))
            if path != "Jenkinsfile" { notes.append("add its stage and post steps to your Jenkinsfile") }
        }
        notes.append("replace OWNER/proofsheet (and owner/proofsheet) in it with the repository Proofsheet is released from")
    }
    // Nothing is replaced: every file must be new, and all are checked before any is written.
    let existing = files.map(\.path).filter(exists)
    if !existing.isEmpty {
        throw ProofsheetError.usage(
            "\(existing.joined(separator: ", ")) \(existing.count == 1 ? "exists" : "exist"): init replaces nothing",
            hint: "move \(existing.count == 1 ? "it" : "them") aside and run init again, or set the project up by hand (see the README)")
    }
    // Every file goes inside the project: no folder on its way is a link (out of the project)
    // or a file, and .gitattributes, when there, is a plain text file of a sane size.
    for file in files.map(\.path) + [".gitattributes"] {
        var folder = root
        for part in file.split(separator: "/").dropLast() {
            folder += "/" + part
            if FileOutput.isLink(folder) || (FileOutput.exists(folder) && !FileOutput.isFolder(folder)) {
                throw ProofsheetError.usage(
                    "\(String(folder.dropFirst(root.count + 1))) is \(FileOutput.isLink(folder) ? "a symbolic link" : "a file"), not a folder of the project: init writes \(file) inside it",
                    hint: "make it a folder of the project, or set the project up by hand (see the README)")
            }
        }
    }
    let attributesPath = root + "/.gitattributes"
    var attributes = ""
    if FileOutput.isLink(attributesPath) || FileOutput.exists(attributesPath) {
        guard !FileOutput.isLink(attributesPath), FileOutput.isRegularFile(attributesPath) else {
            throw ProofsheetError.usage(
                ".gitattributes is \(FileOutput.isLink(attributesPath) ? "a symbolic link" : "not a file"): init adds its lines only to a plain file",
                hint: "add the lines by hand: \(InitTemplates.gitattributes(lfs: lfs).last!)")
        }
        let size = ((try? fm.attributesOfItem(atPath: attributesPath))?[.size] as? NSNumber)?.intValue ?? 0
        guard size <= 1 << 20, let data = fm.contents(atPath: attributesPath), data.count <= 1 << 20,
            let text = String(data: data, encoding: .utf8)
        else {
            throw ProofsheetError.usage(
                ".gitattributes is larger than 1 MiB or not UTF-8 text: init does not rewrite it",
                hint: "add the lines by hand: \(InitTemplates.gitattributes(lfs: lfs).last!)")
        }
        attributes = text
    }
    let wanted = InitTemplates.gitattributes(lfs: lfs)
    let missing = wanted.filter { line in !attributes.split(separator: "\n").contains { $0 == line } }
    for file in files { try FileOutput.write(Array(file.text.utf8), to: root + "/" + file.path) }
    if !missing.isEmpty {
        var text = attributes
        if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
        try FileOutput.write(Array((text + missing.joined(separator: "\n") + "\n").utf8), to: attributesPath)
    }
    for file in files { print("wrote \(file.path)") }
    if !missing.isEmpty { print("\(attributes.isEmpty ? "wrote" : "added to") .gitattributes") }
    if ci == "none" { print("no CI found (.github/, .gitlab-ci.yml, Jenkinsfile): run init --ci github|gitlab|jenkins for a workflow") }
    for note in notes { print("note: " + note) }
    print("next: proofsheet check --record missing, look at the goldens in Proofsheet/Goldens/, commit them")
    if lfs { print("goldens go to Git LFS: run `git lfs install` once on this machine") }
    return 0
}

/// What `init` writes.
enum InitTemplates {
    static let config = """
        {
          "scenes": ["Proofsheet/Scenes/*.json"],
          "golden": "Proofsheet/Goldens",
          "devices": ["iPhone 14"],
          "scales": [2],
          "timelines": true
        }

        """

    /// A card with a title, a subtitle and a button, at rest and with the button pressed; a
    /// timeline that presses it.
    static let scene = """
        {
          "title": "An example card: edit it, or add scenes beside it",
          "canvas": "iPhone 14",
          "state": {"liked": false},
          "stills": {"rest": {}, "liked": {"liked": true}},
          "timelines": {
            "like": {"from": "rest", "events": [{"at": 0.2, "touch": "tap #like"}]}
          },
          "root": {
            "type": "VStack", "spacing": 12,
            "children": [
              {"type": "Text", "text": "Yosemite", "modifiers": [{"font": "largeTitle"}, {"fontWeight": "bold"}]},
              {"type": "Text", "text": "United States", "modifiers": [{"foregroundStyle": "secondary"}]},
              {
                "type": "Button", "title": "=$liked ? 'Liked' : 'Like'", "style": "borderedProminent",
                "tint": "=$liked ? 'pink' : 'blue'",
                "action": [{"withAnimation": "spring()", "do": [{"set": {"liked": "=!$liked"}}]}],
                "modifiers": [{"id": "like"}]
              }
            ],
            "modifiers": [{"padding": 24}, {"background": {"style": "secondarySystemBackground", "in": {"roundedRectangle": 20}}}]
          }
        }

        """

    /// The lines `.gitattributes` needs for the goldens.
    static func gitattributes(lfs: Bool) -> [String] {
        lfs
            ? ["# Proofsheet's goldens, in Git LFS", "Proofsheet/Goldens/**/*.png filter=lfs diff=lfs merge=lfs -text"]
            : ["# Proofsheet's goldens are images: no text diffs or merges (in Git LFS: proofsheet init --lfs)", "Proofsheet/Goldens/**/*.png binary"]
    }

    /// The example workflow for `ci`, from the installed examples.
    static func workflow(_ ci: String) throws -> String {
        let name = ["github": "github-actions.yml", "gitlab": "gitlab-ci.yml", "jenkins": "Jenkinsfile"][ci]!
        let folder = try Resources.ciExamples()
        guard let text = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8) else {
            throw ProofsheetError.internal("the CI example \(name) is missing from \(folder); reinstall Proofsheet")
        }
        return text
    }

    /// `workflow` with its checkout fetching Git LFS files.
    static func fetchingLFS(_ workflow: String, ci: String) -> String {
        switch ci {
        case "github":
            return workflow.replacingOccurrences(
                of: "      - uses: actions/checkout@v7\n", with: "      - uses: actions/checkout@v7\n        with:\n          lfs: true\n")
        default:
            return workflow
        }
    }
}

import Foundation
import Testing
import ProofsheetTestSupport

/// `proofsheet init`: a project set up for golden checks — configuration, a scene, `.gitattributes`,
/// a workflow for its CI — that checks at once, and nothing of the project's replaced.
@Suite("init command")
struct InitTests {
    func run(_ dir: String, _ args: [String]) throws -> (status: Int32, out: String, err: String) {
        try runProcess(CLITests.binary, args, cwd: dir, env: ["CI": ""])
    }

    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func aGitHubProjectIsSetUpAndChecks() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/.github", withIntermediateDirectories: true)
        let r = try run(dir, ["init"])
        #expect(r.status == 0, "\(r.err)")
        for file in ["proofsheet.json", "Proofsheet/Scenes/example.json", ".github/workflows/proofsheet.yml", ".gitattributes"] {
            #expect(FileManager.default.fileExists(atPath: dir + "/" + file), "init did not write \(file)")
        }
        // The workflow is the adopter example; the goldens are marked as images.
        #expect(try read(dir + "/.github/workflows/proofsheet.yml") == (try read(Paths.root + "/Examples/ci/github-actions.yml")))
        #expect(try read(dir + "/.gitattributes").contains("Proofsheet/Goldens/**/*.png binary\n"))
        #expect(r.out.contains("next: proofsheet check --record missing"))
        // What it wrote checks: goldens recorded, then a clean pass (stills and the timeline).
        let recorded = try run(dir, ["check", "--record", "missing"])
        #expect(recorded.status == 1 && recorded.out.contains("recorded"), "\(recorded.out)\(recorded.err)")
        let passed = try run(dir, ["check"])
        #expect(passed.status == 0 && passed.out.hasPrefix("passed: 9 images"), "\(passed.out)\(passed.err)")
        // Run again: everything exists, nothing is replaced.
        let before = try read(dir + "/proofsheet.json")
        try "{}".write(toFile: dir + "/Proofsheet/Scenes/example.json", atomically: true, encoding: .utf8)
        let again = try run(dir, ["init"])
        #expect(again.status == 2 && again.err.contains("init replaces nothing"), "\(again.err)")
        #expect(try read(dir + "/proofsheet.json") == before && (try read(dir + "/Proofsheet/Scenes/example.json")) == "{}")
    }

    @Test func aProjectsOwnCIFilesStay() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let pipeline = "stages: [build]\n"
        try pipeline.write(toFile: dir + "/.gitlab-ci.yml", atomically: true, encoding: .utf8)
        try "*.swift text\n".write(toFile: dir + "/.gitattributes", atomically: true, encoding: .utf8)
        let r = try run(dir, ["init", "--lfs"])
        #expect(r.status == 0, "\(r.err)")
        #expect(try read(dir + "/.gitlab-ci.yml") == pipeline)
        #expect(try read(dir + "/proofsheet.gitlab-ci.yml") == (try read(Paths.root + "/Examples/ci/gitlab-ci.yml")))
        #expect(r.out.contains("include it from .gitlab-ci.yml"))
        // The project's lines stay; the LFS rule is added once.
        let attributes = try read(dir + "/.gitattributes")
        #expect(attributes.hasPrefix("*.swift text\n") && attributes.contains("Proofsheet/Goldens/**/*.png filter=lfs diff=lfs merge=lfs -text\n"))
        try FileManager.default.removeItem(atPath: dir + "/proofsheet.json")
        try FileManager.default.removeItem(atPath: dir + "/Proofsheet")
        try FileManager.default.removeItem(atPath: dir + "/proofsheet.gitlab-ci.yml")
        #expect(try run(dir, ["init", "--lfs"]).status == 0)
        #expect(try read(dir + "/.gitattributes") == attributes)
        // GitHub with LFS: the checkout fetches the goldens.
        let github = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: github) }
        #expect(try run(github, ["init", "--ci", "github", "--lfs"]).status == 0)
        #expect(
            try read(github + "/.github/workflows/proofsheet.yml").contains("      - uses: actions/checkout@v7\n        with:\n          lfs: true\n")
        )
        // No CI found, none named: no workflow, and a word on how to get one.
        let bare = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: bare) }
        let none = try run(bare, ["init"])
        #expect(none.status == 0 && none.out.contains("no CI found"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: bare).sorted() == [".gitattributes", "Proofsheet", "proofsheet.json"])
        let bad = try run(bare, ["init", "--ci", "travis"])
        #expect(bad.status == 2 && bad.err.contains("github, gitlab, jenkins or none"))
    }

    /// What a project holds that init must not write through or over: each is exit 2 with
    /// what is wrong, and nothing is written, inside the project or outside it.
    @Test(arguments: [
        ("a link out of the project where its folder goes", "Proofsheet", "link", "Proofsheet is a symbolic link"),
        ("a folder where .gitattributes goes", ".gitattributes", "folder", ".gitattributes is not a file"),
        ("a link where .gitattributes goes", ".gitattributes", "link", ".gitattributes is a symbolic link"),
        ("a file where .github/ goes", ".github", "file", ".github is a file, not a folder"),
        ("a dangling link where proofsheet.json goes", "proofsheet.json", "dangling", "proofsheet.json exists"),
        ("a .gitattributes of 2 MB", ".gitattributes", "huge", "larger than 1 MiB")
    ])
    func hostileProjectsAreRefusedAndNothingIsWritten(_ what: String, _ name: String, _ kind: String, _ says: String) throws {
        let dir = try temporaryFolder(), outside = try temporaryFolder()
        defer {
            try? FileManager.default.removeItem(atPath: dir)
            try? FileManager.default.removeItem(atPath: outside)
        }
        let fm = FileManager.default
        switch kind {
        case "link": try fm.createSymbolicLink(atPath: dir + "/" + name, withDestinationPath: outside)
        case "folder": try fm.createDirectory(atPath: dir + "/" + name, withIntermediateDirectories: true)
        case "file": try "x".write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
        case "dangling": try fm.createSymbolicLink(atPath: dir + "/" + name, withDestinationPath: outside + "/nowhere.json")
        default: try String(repeating: "a", count: 2_000_000).write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
        }
        let before = try fm.contentsOfDirectory(atPath: dir).sorted()
        let r = try run(dir, ["init", "--ci", name == ".github" ? "github" : "none"])
        #expect(r.status == 2 && r.err.contains(says), "\(what): \(r.err)")
        #expect(try fm.contentsOfDirectory(atPath: dir).sorted() == before, "\(what): init wrote in the project")
        #expect(try fm.contentsOfDirectory(atPath: outside).isEmpty, "\(what): init wrote outside the project")
    }
}

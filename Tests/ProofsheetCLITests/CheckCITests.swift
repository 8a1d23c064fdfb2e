import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet

/// `proofsheet check` as a CI maintainer uses it, through the built binary: exact by default,
/// tolerances shown as such, ignores and masks, the project configuration, CI detection, one bad
/// scene among good ones, lean reports replaced as a whole, JUnit against the Jenkins xUnit
/// schema, golden housekeeping and the environment fingerprint.
@Suite("check in CI")
struct CheckCITests {
    static func colourScene(_ colour: String, width: Int = 40, height: Int = 30) -> String {
        "{\"canvas\": {\"width\": \(width), \"height\": \(height)}, \"root\": {\"type\": \"Color\", \"color\": \"\(colour)\"}}"
    }

    /// A scene whose top half is `top` and bottom half `bottom` (40×30 points).
    static func splitScene(top: String, bottom: String = "blue") -> String {
        "{\"canvas\": {\"width\": 40, \"height\": 30}, \"root\": {\"type\": \"VStack\", \"spacing\": 0, \"children\": ["
            + "{\"type\": \"Color\", \"color\": \"\(top)\"}, {\"type\": \"Color\", \"color\": \"\(bottom)\"}]}}"
    }

    /// A folder holding `files` (relative path → text).
    func folder(_ files: [String: String]) throws -> String {
        let dir = try temporaryFolder()
        for (path, text) in files {
            try FileManager.default.createDirectory(atPath: FileOutput.parent(of: dir + "/" + path), withIntermediateDirectories: true)
            try text.write(toFile: dir + "/" + path, atomically: true, encoding: .utf8)
        }
        return dir
    }

    func run(_ dir: String, _ args: [String], env: [String: String] = ["CI": ""], unset: [String] = []) throws -> (
        status: Int32, out: String, err: String
    ) {
        try runProcess(CLITests.binary, args, cwd: dir, env: env, unset: unset)
    }

    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }
    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    // MARK: - Trust a green check

    @Test func theComparisonIsExactByDefault() throws {
        let dir = try folder(["s.json": Self.colourScene("#F2F2F7")])
        #expect(try run(dir, ["check", "s.json", "--golden", "g", "--record", "all"]).status == 0)
        try Self.colourScene("#EFEFF4").write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        let exact = try run(dir, ["check", "s.json", "--golden", "g"])
        #expect(exact.status == 1, "a one-step colour change passed: \(exact.out) \(exact.err)")
        #expect(exact.err.contains("FAILED   s/default/40x30@1x — 1200 of 1200 pixels differ (exact comparison)"), "\(exact.err)")
        // pixelmatch's usual threshold would have let it through: it is opt-in now, and shown as such.
        let tolerant = try run(
            dir, ["check", "s.json", "--golden", "g", "--threshold", "0.1", "--report", "r", "--junit", "j.xml", "--summary", "s.md"])
        #expect(tolerant.status == 0, "\(tolerant.out) \(tolerant.err)")
        #expect(tolerant.out.hasPrefix("passed: 1 image — 1 passed within tolerance"), "\(tolerant.out)")
        #expect(
            tolerant.err.contains("passed within tolerance (threshold 0.1, anti-aliasing ignored): 1200 of 1200 pixels differ"), "\(tolerant.err)")
        let report = try ReportFolder(path: dir + "/r").read()
        let entry = try #require(report.entries.first)
        #expect(entry.status == .tolerated && report.passed)
        for rel in [entry.expected, entry.actual, entry.diff, entry.thumb] { #expect(exists(dir + "/r/" + (rel ?? "none")), "\(rel ?? "nil")") }
        #expect(try read(dir + "/r/index.html").contains("passed within tolerance"))
        let junit = try read(dir + "/j.xml")
        #expect(junit.contains("failures=\"0\"") && !junit.contains("<failure"), "\(junit)")
        #expect(junit.contains("<system-out>passed within tolerance"), "\(junit)")
        #expect(try read(dir + "/s.md").contains("| default | 40x30@1x | passed within tolerance |"))
        // --max-diff-pixels opts into a tolerance of its own, counting every differing pixel.
        #expect(try run(dir, ["check", "s.json", "--golden", "g", "--max-diff-pixels", "1199"]).status == 1)
        let enough = try run(dir, ["check", "s.json", "--golden", "g", "--max-diff-pixels", "1200"])
        #expect(enough.status == 0 && enough.out.contains("passed within tolerance"), "\(enough.out)")
    }

    /// A black circle on white, `diameter` points wide.
    static func circleScene(diameter: Int) -> String {
        "{\"canvas\": {\"width\": 40, \"height\": 30}, \"root\": {\"type\": \"ZStack\", \"children\": [{\"type\": \"Color\", \"color\": \"white\"}, "
            + "{\"type\": \"Circle\", \"fill\": \"black\", \"modifiers\": [{\"frame\": {\"width\": \(diameter), \"height\": \(diameter)}}]}]}}"
    }

    @Test func antiAliasedPixelsCountByDefault() throws {
        // A circle one point wider differs only along its anti-aliased edge: pixelmatch's usual
        // anti-aliasing detection would pass it, the exact default fails it, counting every pixel.
        let dir = try folder(["s.json": Self.circleScene(diameter: 20)])
        #expect(try run(dir, ["check", "s.json", "--golden", "g", "--record", "all"]).status == 0)
        try Self.circleScene(diameter: 21).write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        let r = try run(dir, ["check", "s.json", "--golden", "g", "--report", "r"])
        #expect(r.status == 1, "\(r.out) \(r.err)")
        let images = dir + "/r/images/s/default/40x30@1x"
        let raw = pixelDifference(
            try RGBAImage(contentsOfFile: images + ".expected.png"), try RGBAImage(contentsOfFile: images + ".actual.png"), tolerance: 0
        ).mismatched
        #expect(r.err.contains("FAILED   s/default/40x30@1x — \(raw) of 1200 pixels differ (exact comparison)"), "\(raw): \(r.err)")
        // Every differing pixel is on the edge, where anti-aliasing detection would leave it out.
        let diff = try runProcess(CLITests.binary, ["diff", images + ".expected.png", images + ".actual.png", "--threshold", "0", "--json"])
        #expect(diff.status == 0 && diff.out.contains("\"mismatched\":0,"), "\(diff.out) \(diff.err)")
    }

    @Test func ignoredRectanglesAndMasksAreInPoints() throws {
        let dir = try folder(["s.json": Self.splitScene(top: "red"), "other.json": Self.colourScene("green")])
        let base = ["check", "s.json", "other.json", "--golden", "g", "--scale", "2"]
        #expect(try run(dir, base + ["--record", "all"]).status == 0)
        try Self.splitScene(top: "yellow").write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        #expect(try run(dir, base).status == 1)
        // The top half, 40×15 points, is 80×30 pixels at scale 2.
        let everywhere = try run(dir, base + ["--ignore", "0,0,40,15"])
        #expect(everywhere.status == 0 && everywhere.out.hasPrefix("passed: 2 images — 2 passed"), "\(everywhere.out) \(everywhere.err)")
        #expect(try run(dir, base + ["--ignore", "0,0,40,14"]).status == 1)
        #expect(try run(dir, base + ["--ignore", "s=0,0,40,15"]).status == 0)
        #expect(try run(dir, base + ["--ignore", "s:default=0,0,40,15"]).status == 0)
        #expect(try run(dir, base + ["--ignore", "other=0,0,40,15"]).status == 1)
        // A mask at the scene's size in points, white where ignored.
        var mask = RGBAImage(width: 40, height: 30)
        mask.withUnsafeMutablePixels { px in for i in 0..<(40 * 15 * 4) { px[i] = 255 } }
        try mask.writePNG(to: dir + "/mask.png")
        let masked = try run(dir, base + ["--mask", "s=mask.png"])
        #expect(masked.status == 0, "\(masked.out) \(masked.err)")
        try RGBAImage(width: 7, height: 7).writePNG(to: dir + "/small.png")
        let bad = try run(dir, base + ["--mask", "small.png"])
        #expect(bad.status == 2 && bad.err.contains("the mask small.png is 7x7"), "\(bad.err)")
        #expect(try run(dir, base + ["--ignore", "1,2,3"]).status == 2)
        #expect(try run(dir, base + ["--mask", "nowhere.png"]).status == 2)
    }

    // MARK: - The project configuration

    static let config = """
        {
          "scenes": ["scenes/*.json"],
          "golden": "goldens",
          "overrides": {
            "scenes/soft": {"maxDiffPixels": 1200}
          }
        }
        """

    @Test func theConfigurationIsFoundFromASubfolderAndDefinesTheRun() throws {
        let dir = try folder([
            "proofsheet.json": Self.config, "scenes/hard.json": Self.colourScene("red"), "scenes/soft.json": Self.colourScene("red"),
            "work/deeper/.keep": "", ".git/HEAD": "ref: refs/heads/main\n"
        ])
        // In a repository the search climbs to its root (outside one, see the hostile table).
        let sub = dir + "/work/deeper"
        let first = try run(sub, ["check", "--record", "all"])
        #expect(first.status == 0, "\(first.out) \(first.err)")
        #expect(exists(dir + "/goldens/scenes/hard/default/40x30@1x.png") && exists(dir + "/goldens/scenes/soft/default/40x30@1x.png"))
        for name in ["hard", "soft"] {
            try Self.colourScene("#FF0001").write(toFile: dir + "/scenes/\(name).json", atomically: true, encoding: .utf8)
        }
        let second = try run(sub, ["check", "--report", "r"])
        #expect(second.status == 1)
        let report = try ReportFolder(path: sub + "/r").read()
        #expect(
            report.entries.map { "\($0.id) \($0.status.rawValue)" } == [
                "scenes/hard/default/40x30@1x failed", "scenes/soft/default/40x30@1x tolerated"
            ])
        // --config names it; --no-config ignores it (and then --golden is needed).
        #expect(try run(dir, ["check", "--config", "proofsheet.json"]).status == 1)
        let none = try run(sub, ["check", "--no-config"])
        #expect(none.status == 2 && none.err.contains("check needs --golden DIR"), "\(none.err)")
    }

    @Test(arguments: [
        (
            "{\"scenes\": [\"scenes/*.json\"], \"golden\": \"g\", \"treshold\": 0.1}", "proofsheet.json:1:58 (at $.treshold)",
            "did you mean 'threshold'?"
        ),
        ("{\"scenes\": [\"nothing/*.json\"], \"golden\": \"g\"}", "proofsheet.json:1:13 (at $.scenes[0])", "matches no file"),
        ("{\"golden\": \"g\"}", "proofsheet.json:1:1", "has no 'scenes'"),
        ("{\"scenes\": \"scenes/*.json\", \"golden\": \"g\", \"devices\": [\"iPhone 99\"]}", "proofsheet.json:1:56 (at $.devices[0])", "iPhone 99"),
        ("{\"scenes\": \"scenes/*.json\", \"golden\": \"g\", \"threshold\": 2}", "proofsheet.json:1:57 (at $.threshold)", "0 to 1"),
        (
            "{\"scenes\": \"scenes/*.json\", \"golden\": \"g\", \"overrides\": {\"scenes/hrad\": {}}}", "(at $.overrides.scenes/hrad)",
            "did you mean 'scenes/hard'?"
        ),
        ("{\"scenes\": \"scenes/*.json\", \"golden\": \"g\", \"ignore\": [[0, 0, 10]]}", "(at $.ignore[0])", "[x, y, width, height]"),
        ("{\"scenes\": \"scenes/*.json\", \"golden\": \"g\",}", "proofsheet.json:1:", "invalid JSON")
    ])
    func aBadConfigurationIsALocatedError(json: String, place: String, words: String) throws {
        let dir = try folder(["proofsheet.json": json, "scenes/hard.json": Self.colourScene("red")])
        let r = try run(dir, ["check"])
        #expect(r.status == 2, "\(r.err)")
        #expect(r.err.contains(place) && r.err.contains(words), "\(r.err)")
        #expect(!exists(dir + "/g"))
    }

    // MARK: - CI

    /// The variables the README names, written out here (not read from `RecordMode`) so that
    /// dropping one from the detection fails its case.
    static let ciVariables = [
        "CI", "GITHUB_ACTIONS", "GITLAB_CI", "JENKINS_URL", "BUILDKITE", "TF_BUILD", "TEAMCITY_VERSION", "CIRCLECI", "TRAVIS", "APPVEYOR",
        "BITBUCKET_BUILD_NUMBER", "CODEBUILD_BUILD_ID", "DRONE", "SEMAPHORE", "bamboo_buildKey"
    ]

    @Test(arguments: ciVariables)
    func onAnyCIRecordingNeverHappensByDefault(variable: String) throws {
        let dir = try folder(["s.json": Self.colourScene("red")])
        let others = Set(Self.ciVariables + RecordMode.ciVariables + ["CI"]).subtracting([variable]).sorted()
        let r = try run(dir, ["check", "s.json", "--golden", "g"], env: [variable: "true"], unset: others)
        #expect(r.status == 1 && r.err.contains("MISSING"), "\(variable): \(r.err)")
        #expect(!exists(dir + "/g"), "\(variable) recorded a golden")
    }

    @Test func ciFalseSaysNotCI() throws {
        // CI=false says "not CI", whatever else is set.
        let dir = try folder(["s.json": Self.colourScene("red")])
        let local = try run(dir, ["check", "s.json", "--golden", "g"], env: ["CI": "false", "GITLAB_CI": "true"])
        #expect(local.status == 1 && local.err.contains("RECORDED") && exists(dir + "/g/s/default/40x30@1x.png"), "\(local.err)")
    }

    @Test func recordAllSaysRecordedEverywhere() throws {
        let dir = try folder(["s.json": Self.colourScene("red")])
        let r = try run(dir, ["check", "s.json", "--golden", "g", "--record", "all", "--report", "r", "--junit", "j.xml", "--summary", "s.md"])
        #expect(r.status == 0)
        #expect(r.out.hasPrefix("recorded: 1 image — 1 recorded"), "\(r.out)")
        let junit = try read(dir + "/j.xml")
        #expect(junit.contains("failures=\"0\" errors=\"0\"") && junit.contains("<property name=\"verdict\" value=\"recorded\"/>"), "\(junit)")
        #expect(junit.contains("<system-out>golden recorded (record mode all)"), "\(junit)")
        #expect(try read(dir + "/s.md").hasPrefix("### 📝 Proofsheet check recorded goldens"))
        #expect(try read(dir + "/r/index.html").contains("1 golden recorded (record mode all)"))
        // On CI an explicit recording is said out loud.
        let ci = try run(dir, ["check", "s.json", "--golden", "g", "--record", "all"], env: ["CI": "1"])
        #expect(ci.err.contains("proofsheet: note: recording goldens on CI"), "\(ci.err)")
    }

    // MARK: - Read a red one

    @Test func oneBadSceneDoesNotHideTheOthers() throws {
        let dir = try folder([
            "red.json": Self.colourScene("red"), "blue.json": Self.colourScene("blue"),
            "typo.json": "{\"canvas\": {\"width\": 40, \"height\": 30}, \"root\": {\"type\": \"Colr\", \"color\": \"red\"}}",
            "asset.json": "{\"canvas\": {\"width\": 40, \"height\": 30}, \"root\": {\"type\": \"Image\", \"name\": \"nope\"}}"
        ])
        let r = try run(
            dir,
            ["check", "red.json", "typo.json", "asset.json", "blue.json", "--golden", "g", "--report", "r", "--junit", "j.xml", "--summary", "s.md"])
        #expect(r.status == 2, "\(r.out) \(r.err)")
        #expect(r.err.contains("typo.json:1:58 (at $.root.type): error: unknown view type 'Colr'"), "\(r.err)")
        #expect(r.err.contains("image 'nope' not found"), "\(r.err)")
        // The good scenes were checked (and their goldens recorded).
        #expect(exists(dir + "/g/red/default/40x30@1x.png") && exists(dir + "/g/blue/default/40x30@1x.png"))
        let report = try ReportFolder(path: dir + "/r").read()
        #expect(report.sceneErrors?.map(\.file) == ["typo.json"])
        #expect(
            report.entries.map { "\($0.id) \($0.status.rawValue)" } == [
                "asset/default/40x30@1x error", "blue/default/40x30@1x recorded", "red/default/40x30@1x recorded"
            ])
        let junit = try read(dir + "/j.xml")
        #expect(junit.contains("<testcase classname=\"typo\" name=\"(scene file)\" time=\"0\">") && junit.contains("errors=\"2\""), "\(junit)")
        #expect(try read(dir + "/s.md").contains("typo.json: typo.json:1:58"))
        #expect(try read(dir + "/r/index.html").contains("1 scene could not be checked"))
    }

    @Test func aReportReplacesAnOlderOneAsAWholeAndRefusesOtherFolders() throws {
        let dir = try folder(["s.json": Self.colourScene("red")])
        _ = try run(dir, ["check", "s.json", "--golden", "g", "--record", "all"])
        try Self.colourScene("blue").write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        #expect(try run(dir, ["check", "s.json", "--golden", "g", "--report", "r"]).status == 1)
        let html = try read(dir + "/r/index.html")
        // Linked, not inlined: thumbnails in the overview, full images loaded as they scroll into view.
        #expect(!html.contains("data:image/png;base64,") && html.contains("src=\"images/s/default/40x30@1x.actual.png\" loading=\"lazy\""))
        #expect(html.contains("<nav class=\"overview\"") && html.contains("images/s/default/40x30@1x.thumb.png"))
        #expect(exists(dir + "/r/images/s/default/40x30@1x.diff.png"))
        try Self.colourScene("red").write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        #expect(try run(dir, ["check", "s.json", "--golden", "g", "--report", "r"]).status == 0)
        // Nothing of the failing run is left.
        #expect(!exists(dir + "/r/images/s/default/40x30@1x.diff.png") && !exists(dir + "/r/images/s/default/40x30@1x.expected.png"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".proofsheet-") }.isEmpty)
        try Self.colourScene("blue").write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        let contained = try run(dir, ["check", "s.json", "--golden", "g", "--report", "r", "--self-contained"])
        let inlined = try read(dir + "/r/index.html")
        #expect(contained.status == 1 && inlined.contains("data:image/png;base64,") && !inlined.contains("src=\"images/"))
        // A folder holding anything else is refused, and left as it was.
        try FileManager.default.createDirectory(atPath: dir + "/notes", withIntermediateDirectories: true)
        try "keep me".write(toFile: dir + "/notes/todo.txt", atomically: true, encoding: .utf8)
        let refused = try run(dir, ["check", "s.json", "--golden", "g", "--report", "notes"])
        #expect(refused.status == 2 && refused.err.contains("holds other files (todo.txt)"), "\(refused.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/notes") == ["todo.txt"])
    }

    // MARK: - JUnit and the summary

    @Test func junitIsValidAgainstTheJenkinsSchemaAndTheSummaryAppends() throws {
        let xmllint = try #require(which("xmllint"), "xmllint is needed to check JUnit against the schema; run make deps")
        let dir = try folder([
            "red.json": Self.colourScene("red"), "blue.json": Self.colourScene("blue"), "green.json": Self.colourScene("green"),
            "typo.json": "{\"root\": 1}"
        ])
        _ = try run(dir, ["check", "red.json", "blue.json", "green.json", "--golden", "g", "--record", "all"])
        try Self.colourScene("#FF0001").write(toFile: dir + "/red.json", atomically: true, encoding: .utf8)
        try Self.colourScene("yellow").write(toFile: dir + "/blue.json", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir + "/g/gone/default", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir + "/g/red/default/40x30@1x.png", toPath: dir + "/g/gone/default/40x30@1x.png")
        try "# Earlier step\n\nbuilt".write(toFile: dir + "/summary.md", atomically: true, encoding: .utf8)
        let r = try run(
            dir,
            [
                "check", "red.json", "blue.json", "green.json", "typo.json", "gone.json", "--golden", "g", "--max-diff-pixels", "1200",
                "--threshold", "0.1", "--report", "r", "--junit", "j.xml", "--summary", "summary.md"
            ])
        #expect(r.status == 2, "\(r.err)")
        let junit = try read(dir + "/j.xml")
        let schema = Paths.tests + "/Fixtures/jenkins-junit.xsd"
        let lint = try runProcess(xmllint, ["--noout", "--schema", schema, dir + "/j.xml"])
        #expect(lint.status == 0, "\(lint.err)\n\(junit)")
        #expect(!junit.contains("<testsuites name=\"proofsheet\" tests=\"5\" failures=\"0\" errors=\"2\" skipped"))
        #expect(junit.contains("[[ATTACHMENT|r/images/blue/default/40x30@1x.diff.png]]"), "\(junit)")
        // Real times: the sum over the cases, with three decimals.
        let time = try #require(junit.firstMatch(of: /<testsuites [^>]*time="([0-9]+\.[0-9]{3})"/)?.1)
        #expect(Double(time)! > 0)
        // The schema check can fail: a skipped attribute on <testsuites> is refused.
        try junit.replacingOccurrences(of: "<testsuites name=\"proofsheet\"", with: "<testsuites skipped=\"0\" name=\"proofsheet\"")
            .write(toFile: dir + "/bad.xml", atomically: true, encoding: .utf8)
        #expect(
            try runProcess(xmllint, ["--noout", "--schema", schema, dir + "/bad.xml"]).status != 0)
        let summary = try read(dir + "/summary.md")
        #expect(summary.hasPrefix("# Earlier step\n\nbuilt\n\n### ❌ Proofsheet check failed"), "\(summary)")
    }

    // MARK: - Golden housekeeping

    @Test func sameNamedScenesInTwoFoldersDoNotCollideButCaseDifferencesAreRefused() throws {
        let dir = try folder([
            "a/s.json": Self.colourScene("red"), "b/s.json": Self.colourScene("blue"), "S.json": Self.colourScene("red"),
            "s.json": Self.colourScene("red")
        ])
        let r = try run(dir, ["check", "a/s.json", "b/s.json", "--golden", "g"])
        #expect(r.status == 1 && exists(dir + "/g/a/s/default/40x30@1x.png") && exists(dir + "/g/b/s/default/40x30@1x.png"), "\(r.err)")
        let c = try run(dir, ["check", "S.json", "s.json", "--golden", "g2"])
        #expect(c.status == 2 && c.err.contains("'S' and 's' differ only in case"), "\(c.err)")
        #expect(!exists(dir + "/g2"))
        // A scene's still against a scene in a folder (still names are lower-case): t.json's
        // still `on` and T/on.json would share g3/t/on on a case-insensitive file system.
        try FileManager.default.createDirectory(atPath: dir + "/T", withIntermediateDirectories: true)
        try Self.colourScene("red").write(toFile: dir + "/T/on.json", atomically: true, encoding: .utf8)
        try CheckCLITests.toggleScene().write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        let stills = try run(dir, ["check", "T/on.json", "t.json", "--golden", "g3"])
        #expect(stills.status == 2 && stills.err.contains("'T/on' and 't/on' differ only in case"), "\(stills.err)")
        #expect(!exists(dir + "/g3"))
        let outside = try run(dir + "/a", ["check", "../b/s.json", "--golden", "g"])
        #expect(outside.status == 2 && outside.err.contains("is outside the working directory"), "\(outside.err)")
    }

    @Test func orphansArePrunedOnlyInsideTheGoldenRootAndOldLayoutsAreExplained() throws {
        let dir = try folder(["scenes/t.json": CheckCLITests.toggleScene(), "scenes/plain.json": Self.colourScene("green")])
        let scenes = ["check", "scenes/t.json", "scenes/plain.json", "--golden", "g"]
        _ = try run(dir, scenes + ["--record", "all"])
        // A golden of the layout before scene folders, and a renamed still.
        try FileManager.default.createDirectory(atPath: dir + "/g/t/on", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir + "/g/scenes/t/on/40x30@1x.png", toPath: dir + "/g/t/on/40x30@1x.png")
        try CheckCLITests.toggleScene(stills: ["off", "lit"]).write(toFile: dir + "/scenes/t.json", atomically: true, encoding: .utf8)
        _ = try run(dir, scenes + ["--record", "missing"])
        let warned = try run(dir, scenes)
        #expect(warned.status == 0, "\(warned.err)")
        #expect(
            warned.err.contains("2 goldens belong to no still") && warned.err.contains("g/scenes/t/on/40x30@1x.png")
                && warned.err.contains("g/t/on/40x30@1x.png"))
        #expect(warned.err.contains("were recorded before golden paths named the scene's folders: move them to g/scenes/t/"), "\(warned.err)")
        #expect(try run(dir, scenes + ["--strict"]).status == 1)
        let pruned = try run(dir, scenes + ["--prune"])
        #expect(pruned.status == 0 && pruned.err.contains("pruned g/scenes/t/on/40x30@1x.png"), "\(pruned.err)")
        #expect(!exists(dir + "/g/scenes/t/on") && !exists(dir + "/g/t") && exists(dir + "/g/scenes/t/lit/40x30@1x.png"))
        #expect(try run(dir, scenes + ["--strict"]).status == 0)
    }

    @Test func aGitLFSPointerIsNamedAsSuch() throws {
        let dir = try folder(["s.json": Self.colourScene("red"), "t.json": Self.colourScene("blue")])
        _ = try run(dir, ["check", "s.json", "t.json", "--golden", "g", "--record", "all"])
        try "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a2146\nsize 1234\n"
            .write(toFile: dir + "/g/s/default/40x30@1x.png", atomically: true, encoding: .utf8)
        let r = try run(dir, ["check", "s.json", "t.json", "--golden", "g"])
        #expect(r.status == 2)
        #expect(r.err.contains("g/s/default/40x30@1x.png is a Git LFS pointer, not an image: run `git lfs pull`"), "\(r.err)")
        #expect(r.err.contains("PASSED   t/default/40x30@1x"))
    }

    // MARK: - Reproducible goldens

    @Test func goldensRecordTheirEnvironmentAndAMismatchIsAWarning() throws {
        let dir = try folder(["s.json": Self.colourScene("red")])
        _ = try run(dir, ["check", "s.json", "--golden", "g", "--record", "all", "--report", "r"])
        let golden = dir + "/g/s/default/40x30@1x.png"
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: golden)))
        let text = try #require(PNGText.read(EnvironmentFingerprint.pngKeyword, in: bytes))
        var here = try #require(EnvironmentFingerprint(text: text))
        #expect(try ReportFolder(path: dir + "/r").read().environment == here)
        #expect(here.cairo.split(separator: ".").count == 3 && here.fonts.count == 16, "\(text)")
        let clean = try run(dir, ["check", "s.json", "--golden", "g"])
        #expect(clean.status == 0 && !clean.err.contains("environment"), "\(clean.err)")
        // The same pixels, recorded under another Cairo and other fonts.
        here.cairo = "1.99.0"
        here.fonts = "0123456789abcdef"
        let image = try RGBAImage(contentsOfFile: golden)
        try Data(PNGText.inserting(EnvironmentFingerprint.pngKeyword, here.text, into: try PNGCodec.encode(image))).write(
            to: URL(fileURLWithPath: golden))
        let r = try run(dir, ["check", "s.json", "--golden", "g", "--summary", "s.md"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("proofsheet: warning: 1 golden was recorded in another environment (cairo"), "\(r.err)")
        #expect(r.err.contains("here, 1.99.0 in the golden; fonts") && r.err.contains("0123456789abcdef in the golden"), "\(r.err)")
        #expect(try read(dir + "/s.md").contains("recorded in another environment"))
        // The architecture is recorded, and compared only where both record it.
        let arch = try #require(here.architecture)
        #expect(arch == EnvironmentFingerprint.currentArchitecture && arch.hasSuffix("-linux"))
        func rewrite(_ text: String) throws {
            try Data(PNGText.inserting(EnvironmentFingerprint.pngKeyword, text, into: try PNGCodec.encode(image))).write(
                to: URL(fileURLWithPath: golden))
        }
        var older = try #require(EnvironmentFingerprint(text: text))
        older.architecture = nil
        try rewrite(older.text)
        let before = try run(dir, ["check", "s.json", "--golden", "g"])
        #expect(before.status == 0 && !before.err.contains("environment"), "\(before.err)")
        older.architecture = "riscv64-linux"
        try rewrite(older.text)
        let elsewhere = try run(dir, ["check", "s.json", "--golden", "g"])
        #expect(elsewhere.err.contains("(architecture \(arch) here, riscv64-linux in the golden)"), "\(elsewhere.err)")
        #expect(!elsewhere.err.contains("--platform"))
        // Goldens recorded on x86_64, checked on another processor: the container, emulated.
        #expect(EnvironmentFingerprint.platformNote("architecture arm64-linux here, x86_64-linux in the golden").contains("--platform linux/amd64"))
        #expect(EnvironmentFingerprint.platformNote("architecture x86_64-linux here, arm64-linux in the golden").isEmpty)
    }

    @Test func timesStayOutOfResultsAndReachTheMergedJUnit() throws {
        // 390×300 points at 3x: each image takes milliseconds, so the times are not zero.
        let dir = try folder([
            "red.json": Self.colourScene("red", width: 390, height: 300), "blue.json": Self.colourScene("blue", width: 390, height: 300)
        ])
        let base = ["check", "red.json", "blue.json", "--golden", "g", "--scale", "3"]
        _ = try run(dir, base + ["--record", "all"])
        try Self.colourScene("#FF0001", width: 390, height: 300).write(toFile: dir + "/red.json", atomically: true, encoding: .utf8)
        var times: [String: Double] = [:]
        var firstShard: [String] = []
        for shard in ["1", "2"] {
            #expect(try run(dir, base + ["--shard", "\(shard)/2", "--report", "r\(shard)", "--junit", "j\(shard).xml"]).status != 2)
            #expect(!(try read(dir + "/r\(shard)/results.json")).contains("seconds"))
            let file = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/r\(shard)/times.json"))) as? [String: Any]
            for (id, t) in try #require(file?["seconds"] as? [String: Double]) { times[id] = t }
            if shard == "1" { firstShard = times.keys.sorted() }
        }
        #expect(times.keys.sorted() == ["blue/default/390x300@3x", "red/default/390x300@3x"], "\(times)")
        #expect(times.values.allSatisfy { $0 > 0 }, "\(times)")
        let merged = try run(dir, ["merge-reports", "r1", "r2", "-o", "merged", "--junit", "j.xml"])
        #expect(merged.status == 1, "\(merged.err)")
        // Each case's time is the one its shard measured; the suite's is their sum.
        let junit = try read(dir + "/j.xml")
        for (id, t) in times {
            let scene = String(id.prefix { $0 != "/" }), name = String(id.dropFirst(scene.count + 1))
            #expect(junit.contains("<testcase classname=\"\(scene)\" name=\"\(name)\" time=\"\(String(format: "%.3f", t))\""), "\(id) \(t): \(junit)")
        }
        #expect(
            junit.contains(
                "<testsuites name=\"proofsheet\" tests=\"2\" failures=\"1\" errors=\"0\" time=\"\(String(format: "%.3f", times.values.reduce(0, +)))\">"
            ), "\(junit)")
        #expect(exists(dir + "/merged/times.json"))
        // A forged times.json is refused like a forged results.json, with its place.
        let id = try #require(firstShard.first)
        try "{\"version\": 1, \"seconds\": {\"\(id)\": \"soon\"}}".write(toFile: dir + "/r1/times.json", atomically: true, encoding: .utf8)
        let forged = try run(dir, ["merge-reports", "r1", "r2", "-o", "merged2"])
        #expect(
            forged.status == 2 && forged.err.contains("r1/times.json:1:\(32 + id.count)") && forged.err.contains("a time is a number of seconds"),
            "\(forged.err)"
        )
        #expect(!exists(dir + "/merged2"))
    }

    @Test func aMergeWithAMissingShardMergesWhatExistsAndNamesIt() throws {
        let dir = try folder(["red.json": Self.colourScene("red"), "blue.json": Self.colourScene("blue")])
        let base = ["check", "red.json", "blue.json", "--golden", "g"]
        _ = try run(dir, base + ["--record", "all"])
        #expect(try run(dir, base + ["--shard", "1/2", "--report", "r1"]).status == 0)
        let m = try run(dir, ["merge-reports", "r1", "-o", "merged", "--junit", "j.xml", "--summary", "s.md"])
        #expect(m.status == 1, "\(m.out) \(m.err)")
        #expect(m.err.contains("shard 2/2 missing"), "\(m.err)")
        let merged = try ReportFolder(path: dir + "/merged").read()
        #expect(merged.entries.count == 1 && merged.missingShards == ["2/2"] && !merged.passed)
        #expect(try read(dir + "/j.xml").contains("<testcase classname=\"shards\" name=\"2/2 (missing)\""))
        #expect(try read(dir + "/s.md").contains("Shards missing from this report"))
    }
}

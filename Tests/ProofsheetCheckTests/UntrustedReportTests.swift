import Foundation
import ProofsheetCheck
import ProofsheetCore
import ProofsheetDiff
import Testing

/// Reports come back from CI as artifacts: `approve` and `merge-reports` treat them as hostile.
@Suite("Untrusted reports")
struct UntrustedReportTests {
    /// A sandbox: `work/` (the working directory a check ran in, with `goldens/` and
    /// `report/images/`), beside `outside/` holding a secret and a PNG.
    struct Sandbox {
        let root: String
        var work: String { root + "/work" }
        var goldens: String { work + "/goldens" }
        var report: String { work + "/report" }
        var outside: String { root + "/outside" }
        let png: [UInt8]

        init() throws {
            root = NSTemporaryDirectory() + "proofsheet-untrusted-\(UUID().uuidString)"
            png = try PNGCodec.encode(RGBAImage(width: 3, height: 2, fill: RGBAColor(r: 200, g: 0, b: 0)))
            for dir in [goldens + "/card/default", report + "/images", outside] {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            }
            try Data("secret".utf8).write(to: URL(fileURLWithPath: outside + "/secret.txt"))
            try Data(png).write(to: URL(fileURLWithPath: outside + "/photo.png"))
            try Data(png).write(to: URL(fileURLWithPath: report + "/images/card__default__a@1x.actual.png"))
            try Data([1, 2, 3]).write(to: URL(fileURLWithPath: goldens + "/card/default/a@1x.png"))
        }

        /// Writes results.json with one failed entry whose fields are overridden by `entry`.
        func writeReport(
            root goldenRoot: String = "goldens", shard: String? = nil, entry: [String: Any] = [:],
            in folder: String? = nil, orphans: [String]? = nil
        ) throws {
            var e: [String: Any] = [
                "scene": "card", "state": "default", "variant": "a@1x", "status": "failed",
                "golden": "goldens/card/default/a@1x.png", "actual": "images/card__default__a@1x.actual.png"
            ]
            for (k, v) in entry { e[k] = v }
            if entry["golden"] == nil { e["golden"] = "\(goldenRoot)/\(e["scene"]!)/\(e["state"]!)/\(e["variant"]!).png" }
            var r: [String: Any] = [
                "version": 3, "goldenRoot": goldenRoot, "threshold": 0.1, "tolerance": [String: Any](),
                "record": "never", "entries": [e]
            ]
            if let shard { r["shard"] = shard }
            if let orphans { r["orphans"] = orphans }
            let data = try JSONSerialization.data(withJSONObject: r, options: [.sortedKeys])
            try data.write(to: URL(fileURLWithPath: (folder ?? report) + "/results.json"))
        }

        /// Every file below the sandbox with its bytes.
        func files() -> [String: Data] {
            var out: [String: Data] = [:]
            let e = FileManager.default.enumerator(atPath: root)
            while let rel = e?.nextObject() as? String {
                let p = root + "/" + rel
                var isDir: ObjCBool = false
                if FileManager.default.fileExists(atPath: p, isDirectory: &isDir), !isDir.boolValue {
                    out[rel] = FileManager.default.contents(atPath: p)
                }
            }
            return out
        }

        func approve(golden: String? = nil) throws -> [Approval.Change] {
            let folder = ReportFolder(path: report)
            let r = try folder.read()
            let root = try Approval.goldenRoot(of: r, override: golden, workingDirectory: work)
            let plan = try Approval.plan(report: r, folder: folder, goldenRoot: root, only: [])
            try Approval.apply(plan)
            return plan
        }
    }

    /// Runs `body`, expects a bad-input error whose text contains `words`, and checks that no
    /// file changed anywhere in the sandbox.
    func expectRefused(
        _ s: Sandbox, _ words: [String], _ body: () throws -> Void,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let before = s.files()
        do {
            try body()
            Issue.record("expected a refusal", sourceLocation: sourceLocation)
        } catch let e as ProofsheetError {
            #expect(e.exitCode == 2, sourceLocation: sourceLocation)
            for w in words { #expect("\(e)".contains(w), "\(e) lacks \(w)", sourceLocation: sourceLocation) }
        } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
        }
        #expect(s.files() == before, "files changed", sourceLocation: sourceLocation)
    }

    /// The reader reads back every field the report writes: a report with all of them set is
    /// written and read again, equal (a field the reader forgot would come back nil).
    @Test func everyFieldWrittenIsReadBack() throws {
        let tolerance = Tolerance(maxPixels: 4, maxRatio: 0.25)
        var failed = CheckEntry(
            scene: "Assets/card", state: "swipe@401ms", variant: "a@1x", frame: 12, status: .failed,
            golden: "goldens/Assets/card/swipe@timeline/a@1x.png",
            expected: "images/Assets/card/swipe@401ms/a@1x.expected.png", actual: "images/Assets/card/swipe@401ms/a@1x.actual.png",
            diff: "images/Assets/card/swipe@401ms/a@1x.diff.png",
            result: DiffReport(
                outcome: .compared(DiffResult(width: 3, height: 2, mismatched: 5, total: 6, ignored: 0, diffImage: nil)), tolerance: tolerance),
            message: "5 of 6 pixels differ")
        failed.thumb = "images/Assets/card/swipe@401ms/a@1x.thumb.png"
        failed.timeline = "swipe"
        failed.at = 401
        failed.events = ["release"]
        failed.reasons = ["after release"]
        failed.seconds = 0.5
        var resized = CheckEntry(
            scene: "Assets/card", state: "default", variant: "a@1x", status: .error, golden: "goldens/Assets/card/default/a@1x.png",
            result: DiffReport(
                outcome: .sizeMismatch(expected: ImageSize(width: 3, height: 2), actual: ImageSize(width: 4, height: 2)), tolerance: .exact),
            message: "sizes differ")
        resized.inputError = true
        var report = CheckReport(
            entries: [failed, resized], goldenRoot: "goldens", threshold: 0.1, tolerance: tolerance, record: "missing", shard: "2/3")
        report.includeAA = true
        report.orphans = ["Assets/card/old/a@1x.png"]
        report.pruned = ["Assets/card/gone/a@1x.png"]
        report.sceneErrors = [SceneError(scene: "Assets/bad", file: "Assets/bad.json", still: "open", message: "bad.json:1:2: error: no")]
        report.environment = EnvironmentFingerprint(
            proofsheet: "0.1.0", cairo: "1.16.0", pango: "1.50.12", harfbuzz: "6.0.0", freetype: "2.12.1", fontconfig: "2.14.1",
            fonts: "0123456789abcdef")
        report.warnings = ["recorded elsewhere"]
        report.missingShards = ["1/3"]
        report.timelines = report.timelineSummaries()
        #expect(report.timelines?.isEmpty == false)
        let sandbox = try Sandbox()
        let staged = try ReportFolder.staging(for: sandbox.root + "/written")
        try staged.write(report)
        try staged.commit(to: sandbox.root + "/written")
        #expect(try ReportFolder(path: sandbox.root + "/written").read() == report)
    }

    @Test func aGoodReportApprovesIntoTheGoldenRoot() throws {
        let s = try Sandbox()
        try s.writeReport()
        let plan = try s.approve()
        #expect(plan.map(\.id) == ["card/default/a@1x"])
        #expect(FileManager.default.contents(atPath: s.goldens + "/card/default/a@1x.png") == Data(s.png))
    }

    @Test func aMissingGoldenFolderIsMadeOnlyWhenNamed() throws {
        let s = try Sandbox()
        try s.writeReport(root: "new/goldens")
        expectRefused(s, ["new/goldens", "is not here", "--golden"]) { _ = try s.approve() }
        _ = try s.approve(golden: "new/goldens")
        #expect(FileManager.default.contents(atPath: s.work + "/new/goldens/card/default/a@1x.png") == Data(s.png))
        // Nothing to approve: no folder is made.
        try s.writeReport(root: "other", entry: ["status": "passed"])
        #expect(try s.approve(golden: "other").isEmpty)
        #expect(!FileManager.default.fileExists(atPath: s.work + "/other"))
    }

    @Test func aGoldenRootOutsideTheWorkingDirectoryIsRefused() throws {
        let s = try Sandbox()
        try s.writeReport(root: s.outside)
        expectRefused(s, ["outside the working directory", "--golden"]) { _ = try s.approve() }
        try s.writeReport(root: "../outside")
        expectRefused(s, ["outside the working directory"]) { _ = try s.approve() }
    }

    @Test(arguments: [
        ("scene", "../../outside"), ("scene", ".."), ("state", "a/b"), ("variant", "/etc/passwd"), ("scene", ".hidden"),
        ("scene", ""), ("variant", "x\u{0}y")
    ])
    func namesThatWouldLeaveTheGoldenRootAreRefused(key: String, value: String) throws {
        let s = try Sandbox()
        try s.writeReport(entry: [key: value])
        expectRefused(s, ["results.json", "$.entries[0].\(key)"]) { _ = try s.approve() }
    }

    @Test(arguments: ["images/../../../outside/photo.png", "../outside/photo.png", "/tmp/photo.png", "images/a/../../b.png", "elsewhere/x.png"])
    func actualImagesOutsideTheReportAreRefused(actual: String) throws {
        let s = try Sandbox()
        try s.writeReport(entry: ["actual": actual])
        expectRefused(s, ["$.entries[0].actual"]) { _ = try s.approve() }
    }

    @Test(arguments: ["../outside/a@1x.png", "/etc/passwd", "card/a@1x.png", "card/old/a@1x.txt"])
    func aRenameFromOutsideTheGoldenRootIsRefused(from: String) throws {
        let s = try Sandbox()
        try s.writeReport(entry: ["renamedFrom": from])
        expectRefused(s, ["$.entries[0].renamedFrom"]) { _ = try s.approve() }
    }

    @Test(arguments: ["/etc/passwd", "../goldens/card/default/a@1x.png", "goldens/../outside/x.png", "goldens/card/default/other.png"])
    func aGoldenPathThatDisagreesWithTheIdIsForged(golden: String) throws {
        let s = try Sandbox()
        try s.writeReport(entry: ["golden": golden])
        expectRefused(s, ["$.entries[0].golden", "goldens/card/default/a@1x.png"]) { _ = try s.approve() }
    }

    @Test func aSymlinkedActualIsNotFollowed() throws {
        let s = try Sandbox()
        try FileManager.default.createSymbolicLink(atPath: s.report + "/images/link.png", withDestinationPath: s.outside + "/photo.png")
        try s.writeReport(entry: ["actual": "images/link.png"])
        expectRefused(s, ["card/default/a@1x", "symbolic link"]) { _ = try s.approve() }
    }

    @Test func aSymlinkedImagesFolderIsNotFollowed() throws {
        let s = try Sandbox()
        try FileManager.default.removeItem(atPath: s.report + "/images")
        try FileManager.default.createSymbolicLink(atPath: s.report + "/images", withDestinationPath: s.outside)
        try s.writeReport(entry: ["actual": "images/photo.png"])
        expectRefused(s, ["symbolic link"]) { _ = try s.approve() }
    }

    @Test func anActualThatIsNotAPNGIsRefused() throws {
        let s = try Sandbox()
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: s.report + "/images/fake.png"))
        try s.writeReport(entry: ["actual": "images/fake.png"])
        expectRefused(s, ["card/default/a@1x", "not a PNG"]) { _ = try s.approve() }
        // A PNG signature over garbage does not pass either.
        try Data(PNGCodec.signature + [0, 0, 0, 13, 1, 2]).write(to: URL(fileURLWithPath: s.report + "/images/fake.png"))
        expectRefused(s, ["card/default/a@1x"]) { _ = try s.approve() }
    }

    @Test func aGoldenFolderReachedThroughASymlinkIsRefused() throws {
        let s = try Sandbox()
        try FileManager.default.removeItem(atPath: s.goldens + "/card")
        try FileManager.default.createSymbolicLink(atPath: s.goldens + "/card", withDestinationPath: s.outside)
        try s.writeReport()
        expectRefused(s, ["card/default/a@1x", "symbolic link"]) { _ = try s.approve() }
    }

    @Test func oneBadEntryWritesNothingAtAll() throws {
        let s = try Sandbox()
        let good: [String: Any] = [
            "scene": "card", "state": "default", "variant": "a@1x", "status": "failed", "golden": "goldens/card/default/a@1x.png",
            "actual": "images/card__default__a@1x.actual.png"
        ]
        let bad: [String: Any] = [
            "scene": "card", "state": "default", "variant": "b@1x", "status": "failed", "golden": "goldens/card/default/b@1x.png",
            "actual": "images/missing.png"
        ]
        let r: [String: Any] = [
            "version": 3, "goldenRoot": "goldens", "threshold": 0.1, "tolerance": [String: Any](),
            "record": "never", "entries": [good, bad]
        ]
        try JSONSerialization.data(withJSONObject: r).write(to: URL(fileURLWithPath: s.report + "/results.json"))
        expectRefused(s, ["card/default/b@1x", "missing"]) { _ = try s.approve() }
    }

    @Test(arguments: [
        ("[1, 2]", "$"), ("{\"version\": 1}", "$.version"), ("{\"version\": 3, \"goldenRoot\": \"g\", \"threshold\": 7}", "$.threshold"),
        ("{\"version\": 3, \"goldenRoot\": \"g\", \"threshold\": 0.1, \"record\": \"sometimes\"}", "$.record"),
        (
            "{\"version\": 3, \"goldenRoot\": \"g\", \"threshold\": 0.1, \"record\": \"never\", \"tolerance\": {\"maxPixels\": -1}}",
            "$.tolerance.maxPixels"
        ),
        (
            "{\"version\": 3, \"goldenRoot\": \"g\", \"threshold\": 0.1, \"record\": \"never\", \"tolerance\": {}, \"shard\": \"1/0\", \"entries\": []}",
            "$.shard"
        ),
        (
            "{\"version\": 3, \"goldenRoot\": \"g\", \"threshold\": 0.1, \"record\": \"never\", \"tolerance\": {}, \"shard\": \"1/9223372036854775807\", \"entries\": []}",
            "$.shard"
        ),
        ("{\"version\": 3, \"goldenRoot\": \"g\", \"threshold\": 0.1, \"record\": \"never\", \"tolerance\": {}, \"entries\": {}}", "$.entries"),
        ("{\"version\": 3, \"version\": 3}", "$")
    ])
    func invalidReportsAreLocated(json: String, path: String) {
        #expect {
            _ = try ReportFolder.parse(Array(json.utf8), file: "r/results.json")
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("r/results.json:1:") && text.contains("(at \(path)")
        }
    }

    // MARK: - merge-reports

    /// Two shard folders of one check, `s1` and `s2`, each with one entry.
    func shards(_ s: Sandbox, _ shardsText: [String], orphans: [[String]?] = []) throws -> [String] {
        var dirs: [String] = []
        for (i, shard) in shardsText.enumerated() {
            let dir = s.work + "/s\(i + 1)"
            try FileManager.default.createDirectory(atPath: dir + "/images", withIntermediateDirectories: true)
            try Data(s.png).write(to: URL(fileURLWithPath: dir + "/images/e\(i).actual.png"))
            try s.writeReport(
                shard: shard, entry: ["variant": "v\(i)@1x", "actual": "images/e\(i).actual.png"], in: dir,
                orphans: i < orphans.count ? orphans[i] : nil)
            dirs.append(dir)
        }
        return dirs
    }

    @Test func shardsMerge() throws {
        let s = try Sandbox()
        let dirs = try shards(s, ["1/2", "2/2"])
        let merged = try ReportMerge.merge(dirs, into: s.work + "/merged")
        #expect(merged.entries.count == 2)
        #expect(FileManager.default.contents(atPath: s.work + "/merged/images/e1.actual.png") == Data(s.png))
    }

    @Test(arguments: [
        ["1/0", "2/2"], ["1/9223372036854775807", "2/2"], ["0/2", "2/2"], ["a/b", "2/2"], ["1/2", "1/2"], ["1/2", "2/3"]
    ])
    func forgedOrMixedShardsAreRefused(list: [String]) throws {
        let s = try Sandbox()
        let dirs = try shards(s, list)
        expectRefused(s, ["shard"]) { _ = try ReportMerge.merge(dirs, into: s.work + "/merged") }
    }

    /// A shard that failed or was cancelled before it uploaded its report: the others are merged,
    /// and the merged report names it and fails.
    @Test func aMissingShardIsNamedAndFails() throws {
        let s = try Sandbox()
        let dirs = try shards(s, ["1/3", "3/3"])
        let merged = try ReportMerge.merge(dirs, into: s.work + "/merged")
        #expect(merged.missingShards == ["2/3"] && !merged.passed && merged.entries.count == 2)
        #expect(try ReportFolder(path: s.work + "/merged").read().missingShards == ["2/3"])
    }

    @Test func symlinksInAShardAreNotCopied() throws {
        let s = try Sandbox()
        let dirs = try shards(s, ["1/2", "2/2"])
        try FileManager.default.removeItem(atPath: dirs[1] + "/images/e1.actual.png")
        try FileManager.default.createSymbolicLink(atPath: dirs[1] + "/images/e1.actual.png", withDestinationPath: s.outside + "/photo.png")
        expectRefused(s, ["symbolic link"]) { _ = try ReportMerge.merge(dirs, into: s.work + "/merged") }
    }

    @Test func theOutputCannotBeAnInput() throws {
        let s = try Sandbox()
        let dirs = try shards(s, ["1/2", "2/2"])
        expectRefused(s, ["one of the reports"]) { _ = try ReportMerge.merge(dirs, into: dirs[0]) }
    }

    // MARK: - Orphaned goldens

    /// A valid report with no entries and `orphans` (JSON text) as its list of orphans.
    static func reportWithOrphans(_ orphans: String) -> [UInt8] {
        Array(
            ("{\"version\": 3, \"goldenRoot\": \"g\", \"threshold\": 0.1, \"record\": \"never\", \"tolerance\": {}, "
                + "\"entries\": [], \"orphans\": \(orphans)}").utf8)
    }

    @Test(arguments: [
        ("[\"../x/y.png\"]", "$.orphans[0]"), ("[\"a/b\"]", "$.orphans[0]"), ("[\"card/old/a@1x.png\", 7]", "$.orphans[1]"),
        ("[\"/etc/x/y.png\"]", "$.orphans[0]"), ("[\"a/b/c.txt\"]", "$.orphans[0]"), ("[\"a/./c.png\"]", "$.orphans[0]"),
        ("[\"a/b/../d.png\"]", "$.orphans[0]"), ("[null]", "$.orphans[0]"), ("\"a/b/c.png\"", "$.orphans"), ("{}", "$.orphans")
    ])
    func hostileOrphansAreRefusedWithTheirPlace(orphans: String, path: String) {
        #expect {
            _ = try ReportFolder.parse(Self.reportWithOrphans(orphans), file: "r/results.json")
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("r/results.json:1:") && text.contains("(at \(path))")
                && (text.contains("orphan") || text.contains("expected a string"))
        }
    }

    @Test func aValidListOfOrphansIsRead() throws {
        let report = try ReportFolder.parse(Self.reportWithOrphans("[\"card/old/a@1x.png\", \"home/gone/iphone-14@3x.png\"]"), file: "r")
        #expect(report.orphans == ["card/old/a@1x.png", "home/gone/iphone-14@3x.png"])
        #expect(try ReportFolder.parse(Self.reportWithOrphans("null"), file: "r").orphans == nil)
    }

    @Test func tooManyOrphansAreRefused() throws {
        func list(_ n: Int) -> String { "[" + Array(repeating: "\"card/old/a@1x.png\"", count: n).joined(separator: ",") + "]" }
        #expect {
            _ = try ReportFolder.parse(Self.reportWithOrphans(list(ReportFolder.maxEntries + 1)), file: "r/results.json")
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("r/results.json:1:") && text.contains("more than 100000 orphans") && text.contains("(at $.orphans)")
        }
        #expect(try ReportFolder.parse(Self.reportWithOrphans(list(ReportFolder.maxEntries)), file: "r").orphans?.count == ReportFolder.maxEntries)
    }

    @Test func mergedReportsListEveryShardsOrphansOnce() throws {
        let s = try Sandbox()
        let dirs = try shards(
            s, ["1/2", "2/2"], orphans: [["card/old/a@1x.png", "card/old/b@1x.png"], ["card/old/b@1x.png", "box/gone/a@1x.png"]])
        let merged = try ReportMerge.merge(dirs, into: s.work + "/merged")
        let union = ["box/gone/a@1x.png", "card/old/a@1x.png", "card/old/b@1x.png"]
        #expect(merged.orphans == union)
        #expect(try ReportFolder(path: s.work + "/merged").read().orphans == union)
        let html = try String(contentsOfFile: s.work + "/merged/index.html", encoding: .utf8)
        #expect(html.contains("3 orphaned goldens</h2>"))
        #expect(html.contains("<li><code>goldens/box/gone/a@1x.png</code></li>\n<li><code>goldens/card/old/a@1x.png</code></li>"))
        // A shard without orphans adds none; none anywhere is none.
        let some = try shards(s, ["1/2", "2/2"], orphans: [nil, ["card/old/a@1x.png"]])
        #expect(try ReportMerge.merge(some, into: s.work + "/merged2").orphans == ["card/old/a@1x.png"])
        let none = try shards(s, ["1/2", "2/2"])
        #expect(try ReportMerge.merge(none, into: s.work + "/merged3").orphans == nil)
    }

    @Test func aHostileOrphanInOneShardStopsTheMerge() throws {
        let s = try Sandbox()
        let dirs = try shards(s, ["1/2", "2/2"], orphans: [["card/old/a@1x.png"], ["card/../../outside/secret.txt"]])
        expectRefused(s, ["s2/results.json", "$.orphans[0]", "card/../../outside/secret.txt"]) {
            _ = try ReportMerge.merge(dirs, into: s.work + "/merged")
        }
    }
}

/// Reports reach their folder whole: only a staged folder is written into.
@Suite("Report folders")
struct ReportFolderWritingTests {
    @Test func aFolderOpenedToReadIsNeverWrittenInto() throws {
        let dir = NSTemporaryDirectory() + "proofsheet-report-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/mine", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("notes".utf8).write(to: URL(fileURLWithPath: dir + "/mine/index.html"))
        let report = CheckReport(entries: [], goldenRoot: "g", threshold: 0, tolerance: Tolerance(), record: "never")
        #expect(throws: ProofsheetError.self) { try ReportFolder(path: dir + "/mine").write(report) }
        #expect(try String(contentsOfFile: dir + "/mine/index.html", encoding: .utf8) == "notes")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/mine") == ["index.html"])
        // Staged, written, committed: the report's own folder.
        let staged = try ReportFolder.staging(for: dir + "/r")
        #expect(staged.isStaged && !ReportFolder(path: dir + "/r").isStaged)
        try staged.write(report)
        try staged.commit(to: dir + "/r")
        #expect(FileOutput.isOurFolder(dir + "/r") && FileManager.default.fileExists(atPath: dir + "/r/index.html"))
    }
}

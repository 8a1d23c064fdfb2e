import Foundation
import Testing
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout

/// `proofsheet check`, `approve` and `merge-reports` as built binaries, on small scenes.
@Suite("check command")
struct CheckCLITests {
    /// A folder with two small scenes: a red and a blue canvas.
    func project() throws -> String {
        let dir = try temporaryFolder()
        for (name, colour) in [("red", "red"), ("blue", "blue")] {
            let json = "{\"canvas\": {\"width\": 40, \"height\": 30}, \"root\": {\"type\": \"Color\", \"color\": \"\(colour)\"}}"
            try json.write(toFile: "\(dir)/\(name).json", atomically: true, encoding: .utf8)
        }
        return dir
    }

    func check(_ dir: String, _ extra: [String], ci: Bool = false) throws -> (status: Int32, out: String, err: String) {
        try runProcess(
            CLITests.binary, ["check", "red.json", "blue.json", "--golden", "goldens"] + extra, cwd: dir,
            env: ["CI": ci ? "1" : ""])
    }

    @Test func missingGoldensAreRecordedAndFailThenPass() throws {
        let dir = try project()
        let first = try check(dir, [])
        #expect(first.status == 1)
        #expect(first.err.contains("RECORDED red/default/40x30@1x"))
        #expect(FileManager.default.fileExists(atPath: dir + "/goldens/red/default/40x30@1x.png"))
        let second = try check(dir, [])
        #expect(second.status == 0, "\(second.out) \(second.err)")
        #expect(second.out.hasPrefix("passed: 2 images"))
    }

    @Test func onCIAMissingGoldenFailsAndNothingIsWritten() throws {
        let dir = try project()
        let r = try check(dir, [], ci: true)
        #expect(r.status == 1)
        #expect(r.err.contains("MISSING"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/goldens"))
    }

    /// Records goldens, then paints the red golden green so the check fails.
    func failingProject() throws -> String {
        let dir = try project()
        _ = try check(dir, ["--record", "all"])
        let golden = dir + "/goldens/red/default/40x30@1x.png"
        var img = try RGBAImage(contentsOfFile: golden)
        img.withUnsafeMutablePixels { px in for i in stride(from: 0, to: 40 * 10 * 4, by: 4) { px[i] = 0; px[i + 1] = 200 } }
        try img.writePNG(to: golden)
        return dir
    }

    @Test func aDifferenceFailsWithAReport() throws {
        let dir = try failingProject()
        let r = try check(dir, ["--report", "report", "--junit", "junit.xml", "--summary", "summary.md"])
        #expect(r.status == 1)
        #expect(r.err.contains("FAILED   red/default/40x30@1x — 400 of 1200 pixels differ"))
        let results = try ReportFolder(path: dir + "/report").read()
        #expect(results.failures.map(\.id) == ["red/default/40x30@1x"])
        #expect(results.entries.count == 2)
        let failed = try #require(results.failures.first)
        for rel in [failed.expected, failed.actual, failed.diff] {
            #expect(FileManager.default.fileExists(atPath: dir + "/report/" + (rel ?? "none")))
        }
        let html = try String(contentsOfFile: dir + "/report/index.html", encoding: .utf8)
        #expect(html.contains("data:image/png;base64,"))
        #expect(try String(contentsOfFile: dir + "/junit.xml", encoding: .utf8).contains("failures=\"1\""))
        let summary = try String(contentsOfFile: dir + "/summary.md", encoding: .utf8)
        #expect(summary.contains("\n#### red\n") && summary.contains("\n| default | 40x30@1x | failed | 400 | 33.33% |"), "\(summary)")
    }

    @Test func toleranceLetsASmallDifferencePass() throws {
        let dir = try failingProject()
        #expect(try check(dir, ["--max-diff-pixels", "400"]).status == 0)
        #expect(try check(dir, ["--max-diff-ratio", "0.3"]).status == 1)
    }

    @Test func recordFailedRewritesTheFailingGolden() throws {
        let dir = try failingProject()
        let r = try check(dir, ["--record", "failed"])
        #expect(r.status == 1)
        #expect(r.err.contains("RECORDED red/default/40x30@1x"))
        #expect(try check(dir, []).status == 0)
    }

    @Test func approveCopiesTheActualImages() throws {
        let dir = try failingProject()
        _ = try check(dir, ["--report", "report"])
        let a = try runProcess(CLITests.binary, ["approve", "--report", "report"], cwd: dir)
        #expect(a.status == 0)
        #expect(a.out.contains("approved red/default/40x30@1x"))
        #expect(try check(dir, []).status == 0)
    }

    @Test func shardsSplitTheWorkAndMergeBack() throws {
        let dir = try failingProject()
        let one = try check(dir, ["--shard", "1/2", "--report", "r1"])
        let two = try check(dir, ["--shard", "2/2", "--report", "r2"])
        let ids1 = try ReportFolder(path: dir + "/r1").read().entries.map(\.id)
        let ids2 = try ReportFolder(path: dir + "/r2").read().entries.map(\.id)
        #expect(ids1.count == 1 && ids2.count == 1 && Set(ids1 + ids2).count == 2)
        #expect([one.status, two.status].sorted() == [0, 1])
        let m = try runProcess(CLITests.binary, ["merge-reports", "r1", "r2", "-o", "merged", "--junit", "merged.xml"], cwd: dir)
        #expect(m.status == 1)
        let merged = try ReportFolder(path: dir + "/merged").read()
        #expect(merged.entries.count == 2 && merged.failures.count == 1)
        #expect(FileManager.default.fileExists(atPath: dir + "/merged/index.html"))
        #expect(FileManager.default.fileExists(atPath: dir + "/merged/" + (merged.failures[0].diff ?? "none")))
    }

    @Test func aGoldenOfAnotherSizeIsAFailure() throws {
        let dir = try project()
        _ = try check(dir, ["--record", "all"])
        try RGBAImage(width: 10, height: 10).writePNG(to: dir + "/goldens/blue/default/40x30@1x.png")
        let r = try check(dir, [])
        #expect(r.status == 1)
        #expect(r.err.contains("sizes differ: expected 10x10, actual 40x30"))
    }

    @Test func badArgumentsAreUsageErrors() throws {
        let dir = try project()
        #expect(try runProcess(CLITests.binary, ["check", "red.json"], cwd: dir).status == 2)
        #expect(try check(dir, ["--record", "sometimes"]).status == 2)
        #expect(try check(dir, ["--shard", "3/2"]).status == 2)
        #expect(try runProcess(CLITests.binary, ["check", "nope.json", "--golden", "g"], cwd: dir).status == 2)
        #expect(try runProcess(CLITests.binary, ["approve", "--report", "none"], cwd: dir).status == 2)
    }

    @Test func aBadSceneStopsTheCheckBeforeAnythingIsWritten() throws {
        let dir = try project()
        try "{\"canvas\": {\"width\": 40, \"height\": 30}, \"root\": {\"type\": \"Image\", \"name\": \"nope\"}}"
            .write(toFile: dir + "/zz.json", atomically: true, encoding: .utf8)
        let r = try runProcess(CLITests.binary, ["check", "red.json", "zz.json", "--golden", "goldens", "--report", "report"], cwd: dir)
        #expect(r.status == 2)
        #expect(r.err.contains("image 'nope' not found"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/goldens"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/report"))
    }

    @Test func approveRefusesUnknownIdsAndTheWrongFolder() throws {
        let dir = try failingProject()
        _ = try check(dir, ["--report", "report"])
        let unknown = try runProcess(CLITests.binary, ["approve", "--report", "report", "--only", "green/default/x"], cwd: dir)
        #expect(unknown.status == 2 && unknown.err.contains("no image 'green/default/x'"))
        let elsewhere = try runProcess(CLITests.binary, ["approve", "--report", dir + "/report"], cwd: NSTemporaryDirectory())
        #expect(elsewhere.status == 2 && elsewhere.err.contains("run approve from the folder the check ran in"))
    }
}

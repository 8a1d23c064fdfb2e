import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout

/// `proofsheet diff` as a built binary: pixelmatch counts, JSON, tolerances, exit codes.
@Suite("diff command")
struct DiffCLITests {
    static let fixtures = Paths.root + "/Tests/ProofsheetDiffTests/Fixtures/pixelmatch/fixtures"
    func fixture(_ name: String) -> String { Self.fixtures + "/\(name).png" }

    func json(_ out: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    }

    @Test func reportsPixelmatchCountsAsJSON() throws {
        let r = try runProcess(CLITests.binary, ["diff", fixture("1a"), fixture("1b"), "--threshold", "0.05", "--json"])
        #expect(r.status == 1)
        let j = try json(r.out)
        #expect(j["mismatched"] as? Int == 143)
        #expect(j["total"] as? Int == 512 * 256)
        #expect(j["width"] as? Int == 512 && j["height"] as? Int == 256)
        #expect(j["passed"] as? Bool == false)
        #expect(abs((j["ratio"] as? Double ?? 0) - 143.0 / 131072.0) < 1e-12)
    }

    @Test func writesPixelmatchsDiffImage() throws {
        let dir = try temporaryFolder()
        let r = try runProcess(CLITests.binary, ["diff", fixture("7a"), fixture("7b"), "--diff-color-alt", "0,255,0", "-o", dir + "/d.png"])
        #expect(r.status == 1)
        let mine = try RGBAImage(contentsOfFile: dir + "/d.png")
        let reference = try RGBAImage(contentsOfFile: fixture("7diff"))
        #expect(mine == reference)
    }

    @Test func identicalImagesPass() throws {
        let r = try runProcess(CLITests.binary, ["diff", fixture("6a"), fixture("6a")])
        #expect(r.status == 0)
        #expect(r.out.hasPrefix("passed: 0 of"))
    }

    @Test func tolerancesPassWhenEveryLimitHolds() throws {
        let a = fixture("1a"), b = fixture("1b")
        #expect(try runProcess(CLITests.binary, ["diff", a, b, "--max-diff-pixels", "106"]).status == 0)
        #expect(try runProcess(CLITests.binary, ["diff", a, b, "--max-diff-pixels", "105"]).status == 1)
        #expect(try runProcess(CLITests.binary, ["diff", a, b, "--max-diff-ratio", "0.001"]).status == 0)
        #expect(try runProcess(CLITests.binary, ["diff", a, b, "--max-diff-pixels", "200", "--max-diff-ratio", "0.0001"]).status == 1)
    }

    @Test func ignoredRegionsLeaveTheTotal() throws {
        let r = try runProcess(CLITests.binary, ["diff", fixture("1a"), fixture("1b"), "--ignore", "0,0,512,256", "--json"])
        let j = try json(r.out)
        #expect(r.status == 0)
        #expect(j["total"] as? Int == 0 && j["mismatched"] as? Int == 0)
    }

    @Test func differentSizesAreADifferenceNotACrash() throws {
        let dir = try temporaryFolder()
        let r = try runProcess(CLITests.binary, ["diff", fixture("1a"), fixture("8a"), "--json", "--panels", dir + "/p.png"])
        #expect(r.status == 1)
        let j = try json(r.out)
        #expect(j["passed"] as? Bool == false)
        #expect((j["reason"] as? String)?.contains("sizes differ") == true)
        #expect((j["expectedSize"] as? [String: Int])?["width"] == 512)
        #expect((j["actualSize"] as? [String: Int])?["width"] == 256)
        #expect(FileManager.default.fileExists(atPath: dir + "/p.png"))
    }

    @Test func panelsAreExpectedDiffActual() throws {
        let dir = try temporaryFolder()
        _ = try runProcess(CLITests.binary, ["diff", fixture("1a"), fixture("1b"), "--panels", dir + "/p.png"])
        let p = try RGBAImage(contentsOfFile: dir + "/p.png")
        #expect(p.width == 3 * 512 + 2 * DiffPanels.defaultGap && p.height == 256)
    }

    @Test(arguments: [
        (["diff", "only-one.png"], "two images"),
        (["diff", "a.png", "b.png", "--threshold", "2"], "--threshold"),
        (["diff", "a.png", "b.png", "--aa-color", "300,0,0"], "r,g,b"),
        (["diff", "a.png", "b.png", "--ignore", "1,2,3"], "x,y,w,h"),
        (["diff", "a.png", "b.png", "--max-diff-pixels", "-1"], "--max-diff-pixels")
    ])
    func badOptionsAreUsageErrors(args: [String], message: String) throws {
        let r = try runProcess(CLITests.binary, args)
        #expect(r.status == 2, "\(r.err)")
        #expect(r.err.contains(message), "\(r.err)")
    }

    @Test func unreadableImagesAreBadInput() throws {
        let dir = try temporaryFolder()
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: dir + "/x.png"))
        let r = try runProcess(CLITests.binary, ["diff", fixture("1a"), dir + "/x.png", "-o", dir + "/d.png"])
        #expect(r.status == 2)
        #expect(r.err.contains("x.png"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/d.png"))
        let missing = try runProcess(CLITests.binary, ["diff", fixture("1a"), dir + "/nope.png"])
        #expect(missing.status == 2)
    }
}

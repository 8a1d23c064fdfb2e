import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet

/// `--limit name=value`: one form on every command, with clear errors.
@Suite("Limits")
struct LimitTests {
    static let stack = """
        {"canvas": {"width": 40, "height": 30}, "root": {"type": "VStack", "children": [
          {"type": "Color", "color": "red"}, {"type": "Color", "color": "blue"}, {"type": "Color", "color": "green"}]}}
        """

    @Test func aLoweredLimitRefusesWhatTheDefaultAccepts() throws {
        let dir = try temporaryFolder()
        try Self.stack.write(toFile: dir + "/s.json", atomically: false, encoding: .utf8)
        #expect(try runProcess(CLITests.binary, ["layout", "s.json"], cwd: dir).status == 0)
        let r = try runProcess(CLITests.binary, ["layout", "s.json", "--limit", "views=2"], cwd: dir)
        #expect(r.status == 2)
        #expect(r.err.contains("s.json:2:"))
        #expect(r.err.contains("more than 2 views") && r.err.contains("--limit views=N"), "\(r.err)")
        let canvas = try runProcess(CLITests.binary, ["render", "s.json", "--limit", "canvas-pixels=1k", "-o", "x.png"], cwd: dir)
        #expect(canvas.status == 2 && canvas.err.contains("--limit canvas-pixels=N"), "\(canvas.err)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }

    @Test(arguments: [
        (["--limit", "view=5"], "did you mean views?"), (["--limit", "views"], "is not name=value"),
        (["--limit", "views=many"], "is not a number"), (["--limit", "views=0"], "outside 1…10000000"),
        (["--limit", "scale=1e300"], "outside 1…16"), (["--limit"], "--limit needs a value")
    ])
    func badLimitsAreUsageErrors(args: [String], message: String) throws {
        let r = try runProcess(CLITests.binary, ["devices"] + args)
        #expect(r.status == 2)
        #expect(r.err.contains(message), "\(r.err)")
    }

    @Test func everyCommandListsTheLimitOption() throws {
        for command in ["render", "layout", "diff", "check", "approve", "merge-reports", "symbols", "colors", "devices", "limits"] {
            let r = try runProcess(CLITests.binary, [command, "--help"])
            #expect(r.status == 0 && r.out.contains("--limit NAME=VALUE"), "\(command)")
        }
        let list = try runProcess(CLITests.binary, ["limits", "--limit", "views=7"])
        #expect(list.out.contains("views=7 (default 200000)"))
        #expect(list.out.contains("canvas-pixels=80000000"))
    }

    @Test func quantitiesTakeSuffixes() throws {
        let limit = Limit("test-bytes", "a test", unit: "bytes", default: 10, range: 1...1e12, whole: false)
        Limit.register([limit])
        for (text, value) in [("4k", 4e3), ("2M", 2e6), ("1G", 1e9), ("3KiB", 3072), ("1MiB", 1_048_576), ("1.5", 1.5)] {
            try Limit.apply("test-bytes=\(text)")
            #expect(limit.value == value, "\(text)")
        }
        limit.reset()
        #expect(limit.value == 10)
    }
}

import Foundation
import Testing
import ProofsheetTestSupport

/// `proofsheet contrast`: a line for each text with its ratio, exit 1 when one is below the
/// level, 0 when all pass, 2 for bad options.
@Suite("contrast command")
struct ContrastCLITests {
    @Test func failsBelowTheLevelAndSaysWhere() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let json = #"""
            {"canvas": {"width": 200, "height": 80}, "state": {"grey": {"type": "string", "default": "#777777"}},
             "stills": {"dark": {"grey": "#595959"}},
             "root": {"type": "VStack", "children": [
               {"type": "Text", "text": "Title", "modifiers": [{"font": "title"}, {"foregroundColor": "$grey"}]},
               {"type": "Text", "text": "Small print", "modifiers": [{"foregroundColor": "$grey"}]}]}}
            """#
        try json.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        func run(_ extra: [String]) throws -> (status: Int32, out: String, err: String) {
            try runProcess(CLITests.binary, ["contrast", "s.json"] + extra, cwd: dir)
        }
        // #777777 on white: 4.48:1, enough for the 28 pt title (3:1), not for body text (4.5:1).
        let grey = try run([])
        #expect(grey.status == 1, "\(grey.out)\(grey.err)")
        #expect(grey.out.contains(#"pass 4.47:1 (needs 3) Text "Title" 28 pt #777777 on #FFFFFF"#), "\(grey.out)")
        #expect(grey.out.contains(#"FAIL 4.47:1 (needs 4.5) Text "Small print" 17 pt"#) && grey.err.contains("1 of 2 texts"), "\(grey.out)")
        // Quiet: only the failing text and the count.
        let quiet = try run(["-q"])
        #expect(quiet.out.split(separator: "\n").count == 2 && !quiet.out.contains("Title"), "\(quiet.out)")
        // #595959 is 7:1: it passes AA and AAA; at AAA #777777 fails for large text (4.5:1) too.
        #expect(try run(["--still", "dark"]).status == 0)
        #expect(try run(["--still", "dark", "--level", "aaa"]).status == 0)
        let aaa = try run(["--level", "aaa"])
        #expect(aaa.status == 1 && aaa.out.contains("FAIL 4.47:1 (needs 4.5) Text \"Title\"") && aaa.err.contains("2 of 2"), "\(aaa.out)")
        // In dark mode the default background is black: #777777 on black passes both.
        #expect(try run(["--color-scheme", "dark"]).status == 0)
        for bad in [["--level", "aa+"], ["--still", "nope"], ["--dynamic-type", "huge"]] {
            #expect(try run(bad).status == 2, "\(bad)")
        }
    }

    /// A screen of 20 000 texts over their backgrounds would composite billions of samples: it is
    /// refused (exit 2, naming the limit) before any is taken.
    @Test func aHugeScreenIsRefusedNotChecked() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let json = #"""
            {"canvas": {"width": 400, "height": 800}, "root": {"type": "VStack", "spacing": 0, "children": [{"type": "ForEach", "count": 20000, "as": "i",
             "content": {"type": "Text", "text": "t${$i}", "modifiers": [{"font": {"size": 1}}, {"background": "white"}]}}]}}
            """#
        try json.write(toFile: dir + "/big.json", atomically: true, encoding: .utf8)
        let r = try runProcess(CLITests.binary, ["contrast", "big.json", "-q"], cwd: dir)
        #expect(r.status == 2 && r.err.contains("too many texts") && r.err.contains("contrast-samples"), "\(r.err)")
    }
}

import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet

/// `proofsheet check --timelines` through the built binary: goldens per key instant, a changed
/// spring failing at its first diverging instant (console, results.json, JUnit, summary),
/// orphaned instants, approve, shards merged, and bad options refused.
@Suite("check --timelines")
struct TimelineCheckCLITests {
    /// A 60×40 card whose dot springs right at 0.1 s (and a still, checked beside it).
    static func card(spring: String = "interpolatingSpring(stiffness: 300, damping: 30)") -> String {
        """
        {"canvas": {"width": 60, "height": 40},
         "state": {"x": {"type": "number", "default": -20}},
         "stills": {"rest": {}},
         "timelines": {"slide": [{"at": 0.1, "set": {"x": 20}}], "still-life": [{"at": 0.2, "do": [{"haptic": "success"}]}]},
         "root": {"type": "Circle", "fill": "blue", "modifiers": [
           {"frame": {"width": 12, "height": 12}}, {"offset": {"x": "$x"}}, {"animation": "\(spring)"}]}}
        """
    }

    func folder() throws -> String {
        let dir = try temporaryFolder()
        try Self.card().write(toFile: dir + "/card.json", atomically: true, encoding: .utf8)
        return dir
    }

    func run(_ dir: String, _ args: [String]) throws -> (status: Int32, out: String, err: String) {
        try runProcess(CLITests.binary, args, cwd: dir, env: ["CI": ""])
    }

    func goldens(_ dir: String, _ timeline: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir + "/g/card").filter { $0.hasPrefix(timeline + "@") }.sorted {
            Int($0.dropFirst(timeline.count + 1).dropLast(2))! < Int($1.dropFirst(timeline.count + 1).dropLast(2))!
        }
    }

    @Test func aChangedSpringFailsAtItsFirstDivergingInstant() throws {
        let dir = try folder()
        let recorded = try run(dir, ["check", "card.json", "--golden", "g", "--timeline", "slide", "--record", "all", "-q"])
        #expect(recorded.status == 0, "\(recorded.err)")
        #expect(try goldens(dir, "slide") == ["slide@0ms", "slide@261ms", "slide@423ms", "slide@584ms", "slide@750ms"])
        #expect(FileManager.default.fileExists(atPath: dir + "/g/card/slide@261ms/60x40@1x.png"))
        #expect(FileManager.default.fileExists(atPath: dir + "/g/card/rest/60x40@1x.png"))
        let again = try run(dir, ["check", "card.json", "--golden", "g", "--timeline", "slide", "--record", "never"])
        #expect(again.status == 0, "\(again.err)")
        #expect(again.out.contains("passed: 6 images"))

        try Self.card(spring: "interpolatingSpring(stiffness: 100, damping: 10)").write(
            toFile: dir + "/card.json", atomically: true, encoding: .utf8)
        let changed = try run(
            dir,
            [
                "check", "card.json", "--golden", "g", "--timeline", "slide", "--record", "never", "--report", "r", "--junit", "j.xml", "--summary",
                "s.md"
            ])
        #expect(changed.status == 1)
        #expect(changed.err.contains("timeline card/slide/60x40@1x first diverges at "), "\(changed.err)")
        #expect(changed.err.contains("25 % of the animation 1"))
        // The old spring's instants are orphans now.
        #expect(changed.err.contains("g/card/slide@261ms/60x40@1x.png"), "\(changed.err)")
        let results = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/r/results.json"))) as! [String: Any]
        let timelines = try #require(results["timelines"] as? [[String: Any]])
        #expect(timelines.count == 1)
        let first = try #require(timelines[0]["firstDiverging"] as? Int)
        #expect(first > 100 && (timelines[0]["instants"] as? [Int])?.contains(first) == true)
        let junit = try String(contentsOfFile: dir + "/j.xml", encoding: .utf8)
        #expect(junit.contains("name=\"slide/60x40@1x (timeline, 5 instants)\""))
        #expect(junit.contains("first diverges at \(first) ms"))
        #expect(try String(contentsOfFile: dir + "/s.md", encoding: .utf8).contains("| card | slide | 60x40@1x | 5 | \(first) ms"))
        let html = try String(contentsOfFile: dir + "/r/index.html", encoding: .utf8)
        #expect(html.contains("class=\"scrub\" type=\"range\""))

        // Approving the report writes the new instants' goldens; the check then passes.
        let approved = try run(dir, ["approve", "--report", "r"])
        #expect(approved.status == 0, "\(approved.err)")
        #expect(FileManager.default.fileExists(atPath: dir + "/g/card/slide@\(first)ms/60x40@1x.png"))
        let pruned = try run(dir, ["check", "card.json", "--golden", "g", "--timeline", "slide", "--record", "never", "--prune"])
        #expect(pruned.status == 0, "\(pruned.err)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/g/card/slide@261ms"))
    }

    @Test func shardsMergeIntoOneTimelineReport() throws {
        let dir = try folder()
        #expect(try run(dir, ["check", "card.json", "--golden", "g", "--timelines", "--record", "all", "-q"]).status == 0)
        // A golden of the haptic's instant replaced: that timeline diverges there.
        let haptic = try #require(try goldens(dir, "still-life").first { $0 != "still-life@0ms" })
        try FileManager.default.removeItem(atPath: dir + "/g/card/\(haptic)/60x40@1x.png")
        try FileManager.default.copyItem(atPath: dir + "/g/card/slide@261ms/60x40@1x.png", toPath: dir + "/g/card/\(haptic)/60x40@1x.png")
        for i in 1...2 {
            let shard = try run(
                dir, ["check", "card.json", "--golden", "g", "--timelines", "--record", "never", "--shard", "\(i)/2", "--report", "r\(i)"])
            #expect(shard.status <= 1, "\(shard.err)")
        }
        let merged = try run(dir, ["merge-reports", "r1", "r2", "-o", "m", "--junit", "j.xml"])
        #expect(merged.status == 1, "\(merged.err)")
        #expect(merged.err.contains("timeline card/still-life/60x40@1x first diverges at \(haptic.dropFirst("still-life@".count).dropLast(2)) ms"))
        #expect(merged.err.contains("events: haptic success"), "\(merged.err)")
        let junit = try String(contentsOfFile: dir + "/j.xml", encoding: .utf8)
        #expect(junit.contains("name=\"slide/60x40@1x (timeline, 5 instants)\""))
        #expect(junit.contains("tests=\"3\" failures=\"1\""))
    }

    @Test func theConfigurationNamesTheTimelines() throws {
        let dir = try folder()
        try #"{"scenes": ["card.json"], "golden": "g", "timelines": ["slide"]}"#.write(
            toFile: dir + "/proofsheet.json", atomically: true, encoding: .utf8)
        let r = try run(dir, ["check", "--record", "all", "-q"])
        #expect(r.status == 0, "\(r.err)")
        #expect(try goldens(dir, "slide").count == 5)
        #expect(try goldens(dir, "still-life").isEmpty)
        try #"{"scenes": ["card.json"], "golden": "g", "timelines": "slide"}"#.write(
            toFile: dir + "/proofsheet.json", atomically: true, encoding: .utf8)
        let bad = try run(dir, ["check"])
        #expect(bad.status == 2)
        #expect(bad.err.contains("proofsheet.json:1:55 (at $.timelines)"), "\(bad.err)")
        #expect(bad.err.contains("timelines must be true, false or a list of timeline names"))
    }

    @Test func badTimelineOptionsAreRefused() throws {
        let dir = try folder()
        let unknown = try run(dir, ["check", "card.json", "--golden", "g", "--timeline", "slid"])
        #expect(unknown.status == 2)
        #expect(unknown.err.contains("--timeline 'slid' is not a timeline of any scene checked"))
        #expect(unknown.err.contains("did you mean 'slide'?"))
        let both = try run(dir, ["check", "card.json", "--golden", "g", "--timeline", "slide", "--timelines"])
        #expect(both.status == 2)
        let bad = try run(dir, ["check", "card.json", "--golden", "g", "--timeline", "../x"])
        #expect(bad.status == 2)
        #expect(bad.err.contains("cannot name a timeline"))
    }
}

import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet

/// `proofsheet check --timelines` through the built binary: one golden file per timeline and
/// variant holding its key instants, a changed spring failing at its first diverging instant
/// (console, results.json, JUnit, summary), instants no longer key pruned, approve, shards
/// merged, format-1 goldens migrated, and bad options refused.
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

    static let file = "60x40@1x.png"

    /// The instants the timeline's golden file holds, in time order (none when there is no file).
    func goldens(_ dir: String, _ timeline: String) throws -> [Int] {
        let path = dir + "/g/card/\(timeline)@timeline/\(Self.file)"
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        return try TimelineGolden.read(file: path).instants
    }

    /// The number of frames of the timeline's golden file.
    func frames(_ dir: String, _ timeline: String) throws -> Int {
        var n = 0
        try APNGReader.forEachFrame(try ImageFileIO.read(dir + "/g/card/\(timeline)@timeline/\(Self.file)")) { _ in n += 1 }
        return n
    }

    @Test func aChangedSpringFailsAtItsFirstDivergingInstant() throws {
        let dir = try folder()
        let recorded = try run(dir, ["check", "card.json", "--golden", "g", "--timeline", "slide", "--record", "all", "-q"])
        #expect(recorded.status == 0, "\(recorded.err)")
        #expect(try goldens(dir, "slide") == [0, 261, 423, 584, 750])
        // One file for the timeline: no folder per instant.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/g/card").sorted() == ["rest", "slide@timeline"])
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
        // The old spring's instants are in the file still, no longer key.
        #expect(changed.err.contains("no longer key (card/slide@timeline/60x40@1x.png at 261 ms"), "\(changed.err)")
        let results = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/r/results.json"))) as! [String: Any]
        let timelines = try #require(results["timelines"] as? [[String: Any]])
        #expect(timelines.count == 1)
        let first = try #require(timelines[0]["firstDiverging"] as? Int)
        #expect(first > 100 && (timelines[0]["instants"] as? [Int])?.contains(first) == true)
        let entries = try #require(results["entries"] as? [[String: Any]])
        #expect(entries.contains { $0["golden"] as? String == "g/card/slide@timeline/60x40@1x.png" && $0["at"] as? Int == first })
        let junit = try String(contentsOfFile: dir + "/j.xml", encoding: .utf8)
        #expect(junit.contains("name=\"slide/60x40@1x (timeline, 5 instants)\""))
        #expect(junit.contains("first diverges at \(first) ms"))
        #expect(try String(contentsOfFile: dir + "/s.md", encoding: .utf8).contains("| card | slide | 60x40@1x | 5 | \(first) ms"))
        let html = try String(contentsOfFile: dir + "/r/index.html", encoding: .utf8)
        #expect(html.contains("class=\"scrub\" type=\"range\""))

        // Approving the report puts the new instants into the timeline's file; the check then
        // passes, and --prune drops the old spring's instants from it.
        let approved = try run(dir, ["approve", "--report", "r"])
        #expect(approved.status == 0, "\(approved.err)")
        #expect(approved.out.contains("approved card/slide/60x40@1x ("), "\(approved.out)")
        let held = try goldens(dir, "slide")
        #expect(held.contains(first) && held.contains(261))
        let pruned = try run(dir, ["check", "card.json", "--golden", "g", "--timeline", "slide", "--record", "never", "--prune"])
        #expect(pruned.status == 0, "\(pruned.err)")
        #expect(pruned.err.contains("pruned "), "\(pruned.err)")
        let now = try goldens(dir, "slide")
        #expect(!now.contains(261) && now.contains(first))
        #expect(
            try run(dir, ["check", "card.json", "--golden", "g", "--timeline", "slide", "--record", "never"]).err.contains("no longer key") == false)
    }

    @Test func identicalInstantsShareAFrameAndTheFileReadsBackExactly() throws {
        let dir = try folder()
        #expect(try run(dir, ["check", "card.json", "--golden", "g", "--timelines", "--record", "all", "-q"]).status == 0)
        // The haptic changes no pixel: every instant of still-life is one frame.
        let instants = try goldens(dir, "still-life")
        #expect(instants.count >= 2)
        #expect(try frames(dir, "still-life") == 1)
        #expect(try frames(dir, "slide") == 5)
        // Each frame is the instant's render, pixel for pixel: `frames` of the same run at the
        // instants' times gives the same images.
        let golden = try TimelineGolden.read(file: dir + "/g/card/slide@timeline/\(Self.file)")
        let template = try SceneDecoder().template(file: dir + "/card.json")
        let recording = try Renderer().record(
            template, timeline: "slide", framing: TimelineFraming(device: nil, scale: nil, chrome: nil, variant: .none))
        let images = try recording.images(at: golden.instants)
        for (ms, image) in zip(golden.instants, images) {
            #expect(golden.image(at: ms)?.pixels == image.pixels, "the frame of \(ms) ms")
        }
    }

    @Test func aHostileTimelineGoldenIsAnErrorAndNothingIsLost() throws {
        let dir = try folder()
        #expect(try run(dir, ["check", "card.json", "--golden", "g", "--timeline", "slide", "--record", "all", "-q"]).status == 0)
        let path = dir + "/g/card/slide@timeline/\(Self.file)"
        // A plain PNG (a still's, say) where the timeline's file belongs.
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: dir + "/g/card/rest/\(Self.file)", toPath: path)
        let plain = try run(dir, ["check", "card.json", "--golden", "g", "--timeline", "slide", "--record", "missing"])
        #expect(plain.status == 2, "\(plain.err)")
        #expect(plain.err.contains("not a timeline golden") && plain.err.contains("fix it, delete it, or approve"), "\(plain.err)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(contentsOf: URL(fileURLWithPath: dir + "/g/card/rest/\(Self.file)")))
        // A link there is never read or written through.
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: dir + "/card.json")
        let linked = try run(dir, ["check", "card.json", "--golden", "g", "--timeline", "slide", "--record", "all"])
        #expect(linked.status == 2, "\(linked.err)")
        #expect(try String(contentsOfFile: dir + "/card.json", encoding: .utf8) == Self.card())
        // Record mode all rewrites an unreadable file whole.
        try FileManager.default.removeItem(atPath: path)
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try run(dir, ["check", "card.json", "--golden", "g", "--timeline", "slide", "--record", "all", "-q"]).status == 0)
        #expect(try goldens(dir, "slide") == [0, 261, 423, 584, 750])
    }

    @Test func formatOneGoldensAreMigratedNeverRecordedOver() throws {
        let dir = try folder()
        #expect(try run(dir, ["check", "card.json", "--golden", "g", "--timeline", "slide", "--record", "all", "-q"]).status == 0)
        // The goldens as format 1 wrote them: one PNG per instant with the environment chunk.
        let golden = try TimelineGolden.read(file: dir + "/g/card/slide@timeline/\(Self.file)")
        let chunk = try #require(golden.environment).replacingOccurrences(of: "golden-format=2", with: "golden-format=1")
        try FileManager.default.removeItem(atPath: dir + "/g/card/slide@timeline")
        for ms in golden.instants {
            let bytes = PNGText.inserting(EnvironmentFingerprint.pngKeyword, chunk, into: try PNGCodec.encode(try #require(golden.image(at: ms))))
            try FileManager.default.createDirectory(atPath: dir + "/g/card/slide@\(ms)ms", withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: dir + "/g/card/slide@\(ms)ms/\(Self.file)"))
        }
        // A PNG there that Proofsheet did not record is left alone.
        try FileManager.default.createDirectory(atPath: dir + "/g/card/slide@5ms", withIntermediateDirectories: true)
        try Data(try PNGCodec.encode(try #require(golden.image(at: 0)))).write(to: URL(fileURLWithPath: dir + "/g/card/slide@5ms/\(Self.file)"))

        // check neither records over them nor calls them orphans: it asks for the migration.
        let refused = try run(dir, ["check", "card.json", "--golden", "g", "--timeline", "slide", "--record", "missing", "--prune"])
        #expect(refused.status == 2, "\(refused.err)")
        #expect(refused.err.contains("golden format 1") && refused.err.contains("proofsheet migrate"), "\(refused.err)")
        #expect(try goldens(dir, "slide").isEmpty)
        #expect(FileManager.default.fileExists(atPath: dir + "/g/card/slide@261ms/\(Self.file)"))

        let dry = try run(dir, ["migrate", "--golden", "g", "--dry-run"])
        #expect(dry.status == 0, "\(dry.err)")
        #expect(dry.out.contains("would write g/card/slide@timeline/60x40@1x.png from 5 instants"), "\(dry.out)")
        #expect(try goldens(dir, "slide").isEmpty)
        let migrated = try run(dir, ["migrate", "--golden", "g"])
        #expect(migrated.status == 0, "\(migrated.err)")
        #expect(migrated.err.contains("left alone (no Proofsheet chunk): g/card/slide@5ms/60x40@1x.png"), "\(migrated.err)")
        #expect(try goldens(dir, "slide") == [0, 261, 423, 584, 750])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/g/card").sorted() == ["rest", "slide@5ms", "slide@timeline"])
        let checked = try run(dir, ["check", "card.json", "--golden", "g", "--timeline", "slide", "--record", "never"])
        #expect(checked.status == 0, "\(checked.err)")
        #expect(try run(dir, ["migrate", "--golden", "g"]).out.contains("nothing to migrate"))
        // A golden folder that is not there is a usage error.
        #expect(try run(dir, ["migrate", "--golden", "nowhere"]).status == 2)
    }

    @Test func shardsMergeIntoOneTimelineReport() throws {
        let dir = try folder()
        #expect(try run(dir, ["check", "card.json", "--golden", "g", "--timelines", "--record", "all", "-q"]).status == 0)
        // The haptic's instant given another image: that timeline diverges there.
        let path = dir + "/g/card/still-life@timeline/\(Self.file)"
        let stillLife = try TimelineGolden.read(file: path)
        let haptic = try #require(stillLife.instants.first { $0 != 0 })
        let other = try #require(try TimelineGolden.read(file: dir + "/g/card/slide@timeline/\(Self.file)").image(at: 261))
        let replaced = try stillLife.instants.map { ms in (milliseconds: ms, image: ms == haptic ? other : try #require(stillLife.image(at: ms))) }
        try Data(try TimelineGolden.encode(replaced, environment: stillLife.environment, compression: .fast)).write(to: URL(fileURLWithPath: path))
        for i in 1...2 {
            let shard = try run(
                dir, ["check", "card.json", "--golden", "g", "--timelines", "--record", "never", "--shard", "\(i)/2", "--report", "r\(i)"])
            #expect(shard.status <= 1, "\(shard.err)")
        }
        let merged = try run(dir, ["merge-reports", "r1", "r2", "-o", "m", "--junit", "j.xml"])
        #expect(merged.status == 1, "\(merged.err)")
        #expect(merged.err.contains("timeline card/still-life/60x40@1x first diverges at \(haptic) ms"))
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
        #expect(!FileManager.default.fileExists(atPath: dir + "/g/card/still-life@timeline"))
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

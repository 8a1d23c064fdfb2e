import Foundation
import Testing
import ProofsheetTesting

/// A timeline asserted at its key instants, each against its own reference.
@Suite("Timeline snapshots")
struct TimelineSnapshotTests {
    /// A 60×40 card whose dot springs to the right at 0.1 s, with `spring` as its animation.
    static func card(spring: String = "interpolatingSpring(stiffness: 300, damping: 30)", tint: String = "blue") -> String {
        """
        {
          "canvas": {"width": 60, "height": 40},
          "state": {"x": {"type": "number", "default": -20}},
          "timelines": {"slide": [{"at": 0.1, "set": {"x": 20}}]},
          "root": {"type": "Circle", "fill": "\(tint)", "modifiers": [
            {"frame": {"width": 12, "height": 12}}, {"offset": {"x": "$x"}}, {"animation": "\(spring)"}]}
        }
        """
    }

    static func template(_ json: String) throws -> SceneTemplate { try SceneDecoder().template(bytes: Array(json.utf8), file: "card.json") }

    /// References: slideAtKeyInstants.slide-<t>ms.png, one per key instant.
    @Test func everyKeyInstantHasItsOwnReference() throws {
        assertTimelineSnapshots(of: try Self.template(Self.card()), timeline: "slide", testName: "slideAtKeyInstants")
        let folder = SnapshotPaths.snapshotDirectory(forTestFile: #filePath)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("slideAtKeyInstants.") }.sorted()
        // 0, the spring's quarters from 0.1 s, the end.
        #expect(names.count == 5, "\(names)")
        #expect(names.contains("slideAtKeyInstants.slide-0ms.png"))
    }

    /// Another spring moves the instants: the first it moves has no reference, and the failure
    /// names it with its time and why it is key.
    @Test func anotherSpringFailsAtTheFirstDivergingInstant() throws {
        let failure = try #require(
            verifyTimelineSnapshots(
                of: try Self.template(Self.card(spring: "interpolatingSpring(stiffness: 100, damping: 10)")), timeline: "slide",
                record: .never, artifactsDirectory: Self.scratch(), testName: "slideAtKeyInstants"))
        #expect(failure.kind == .missing)
        #expect(failure.message.contains("The timeline 'slide' first diverges at "))
        #expect(failure.message.contains("25 % of the animation 1"), "\(failure.message)")
        #expect(failure.message.contains("Later instants that fail too: "))
    }

    /// The same instants drawn differently: a mismatch at the first instant that shows it.
    @Test func aChangedPictureFailsAsAMismatch() throws {
        let failure = try #require(
            verifyTimelineSnapshots(
                of: try Self.template(Self.card(tint: "red")), timeline: "slide", record: .never, artifactsDirectory: Self.scratch(),
                testName: "slideAtKeyInstants"))
        #expect(failure.kind == .mismatch)
        #expect(failure.message.contains("first diverges at 0 ms (start)"), "\(failure.message)")
    }

    /// Recording writes every instant's reference and fails once.
    @Test func recordingWritesEveryInstant() throws {
        let folder = try Self.scratch()
        let failure = try #require(
            verifyTimelineSnapshots(
                of: try Self.template(Self.card()), timeline: "slide", record: .missing, snapshotDirectory: folder, artifactsDirectory: folder,
                testName: "recorded"))
        #expect(failure.kind == .recorded)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("recorded.slide-") }
        #expect(names.count == 5)
        #expect(
            verifyTimelineSnapshots(
                of: try Self.template(Self.card()), timeline: "slide", record: .never, snapshotDirectory: folder, testName: "recorded") == nil)
    }

    @Test func anUnknownTimelineFails() throws {
        let failure = try #require(verifyTimelineSnapshots(of: try Self.template(Self.card()), timeline: "swipe", record: .never))
        #expect(failure.kind == .error)
        #expect(failure.message.contains("slide"))
    }

    static func scratch() throws -> String {
        let path = NSTemporaryDirectory() + "proofsheet-timeline-snapshots-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

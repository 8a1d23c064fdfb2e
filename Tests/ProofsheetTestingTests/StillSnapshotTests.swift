import Foundation
import Testing
import ProofsheetTesting

/// A scene's stills asserted by name, each against its own reference.
@Suite("Still snapshots")
struct StillSnapshotTests {
    /// A 60×40 card whose state moves a dot and changes its colour.
    static let card = """
        {
          "canvas": {"width": 60, "height": 40},
          "state": {"x": {"type": "number", "default": 0}, "tint": {"type": "color", "default": "blue"}},
          "stills": {"rest": {}, "moved": {"x": 20, "tint": "orange"}},
          "root": {"type": "Circle", "fill": "$tint", "modifiers": [{"frame": {"width": 16, "height": 16}}, {"offset": {"x": "$x"}}]}
        }
        """

    func template() throws -> SceneTemplate { try SceneDecoder().template(bytes: Array(Self.card.utf8), file: "card.json") }

    @Test func everyStillHasItsOwnReference() throws {
        // References: stillsByName.rest.png and stillsByName.moved.png.
        assertStills(of: try template(), as: .image(scale: 1), testName: "stillsByName")
        // The same stills as display lists, chosen by name.
        assertStills(of: try template(), ["moved"], as: .displayList, testName: "stillsByName")
        let folder = SnapshotPaths.snapshotDirectory(forTestFile: #filePath)
        for name in ["stillsByName.rest.png", "stillsByName.moved.png", "stillsByName.moved.txt"] {
            #expect(FileManager.default.fileExists(atPath: folder + "/" + name), "\(name) is missing")
        }
    }

    @Test func anUnknownStillFailsWithTheScenesStills() throws {
        let t = try template()
        withKnownIssue("the scene has no still 'dragging'") {
            assertStills(of: t, ["dragging"], as: .displayList, testName: "unknownStill")
        } matching: { issue in
            "\(issue)".contains("no still named 'dragging'") && "\(issue)".contains("rest, moved")
        }
    }
}

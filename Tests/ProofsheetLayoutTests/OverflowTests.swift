import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetLayout

/// Overflow is not silent: a view laid out past the space its parent gave it, or past the
/// screen, is found (by numbers, from the laid-out tree); deliberate effects are not.
@Suite("Overflow")
struct OverflowTests {
    func overflows(_ root: String, canvas: String = #""iPhone 14""#) throws -> [Overflow] {
        let json = #"{"canvas": \#(canvas), "root": \#(root)}"#
        let scene = try SceneDecoder().template(bytes: Array(json.utf8), file: "s.json").scene(still: nil)
        return try Renderer().layout(scene).tree.overflows(screen: scene.drawingSize)
    }

    /// Two 80 pt colours in a 100 pt frame: the stack is 168 wide (8 between), centred, 34 pt
    /// past each side.
    @Test func stackWiderThanItsFrame() throws {
        let found = try overflows(
            #"""
            {"type": "HStack", "children": [
              {"type": "Color", "color": "red", "modifiers": [{"frame": {"width": 80, "height": 20}}]},
              {"type": "Color", "color": "blue", "modifiers": [{"frame": {"width": 80, "height": 20}}]}
            ], "modifiers": [{"frame": {"width": 100}}, {"id": "pair"}]}
            """#)
        #expect(found.count == 1)
        let o = try #require(found.first)
        #expect(o.kind == .parent)
        #expect(o.path == "frame #pair > HStack")
        #expect(o.edges == EdgeInsets(top: 0, leading: 34, bottom: 0, trailing: 34))
        #expect(o.amount == 34)
        #expect(o.size == Size(width: 168, height: 20) && o.space == Size(width: 100, height: 20))
        #expect(o.message == "frame #pair > HStack extends 34 pt past the space its parent gave it (leading 34, trailing 34; 168×20 pt in 100×20)")
    }

    /// A long `id` is shown as an excerpt in the path: the warning stays a line, not the id.
    @Test func aLongIdIsExcerptedInThePath() throws {
        let id = String(repeating: "x", count: 100_000)
        let found = try overflows(
            #"{"type": "HStack", "children": [{"type": "Color", "color": "red", "modifiers": [{"frame": {"width": 80, "height": 20}}]}], "modifiers": [{"frame": {"width": 10}}, {"id": "\#(id)"}]}"#
        )
        let o = try #require(found.first)
        #expect(o.path.count < 120, "\(o.path.prefix(200))")
        #expect(o.path.hasPrefix("frame #xxxx") && o.path.hasSuffix("> HStack"))
    }

    /// A fixed-size text in a narrower frame: named by the text it holds.
    @Test func fixedSizeTextInANarrowFrame() throws {
        let found = try overflows(
            #"{"type": "VStack", "children": [{"type": "Text", "text": "Wide enough to spill", "modifiers": [{"fixedSize": true}, {"frame": {"width": 40}}]}]}"#
        )
        let o = try #require(found.first)
        #expect(found.count == 1)
        #expect(o.path == #"VStack > frame > fixedSize (of Text "Wide enough to spill")"#)
        #expect(o.edges.leading > 10 && abs(o.edges.leading - o.edges.trailing) < 1e-9)
        #expect(abs(o.size.width - 40 - 2 * o.edges.leading) < 1e-9)
    }

    /// A text a frame too short cuts to fewer lines is reported; one cut by its own line limit
    /// is not.
    @Test func textCutShortByAFrame() throws {
        let long = "A paragraph long enough to wrap onto three lines at this width of frame"
        let found = try overflows(
            #"{"type": "Text", "text": "\#(long)", "modifiers": [{"frame": {"width": 150, "height": 30}}]}"#)
        #expect(found.count == 1)
        let o = try #require(found.first)
        #expect(o.kind == .text)
        #expect(o.path == #"frame > Text "A paragraph long enough …""#)
        // Body text: 20.29 pt lines; 30 pt holds one (the text is 61 pixels tall at scale 3),
        // the text needs more: what it needs and what is cut are whole lines.
        let line = FontSpec.body.lineHeight
        let lines = (o.size.height / line).rounded()
        #expect(o.space.height == 61.0 / 3 && lines >= 3 && abs(o.size.height - lines * line) < 1e-9)
        #expect(abs(o.amount - (o.size.height - line)) < 1e-9)
        #expect(o.message.hasPrefix(#"frame > Text "A paragraph long enough …" is cut short by its frame: "#))
        #expect(
            try overflows(#"{"type": "Text", "text": "\#(long)", "modifiers": [{"lineLimit": 1}, {"frame": {"width": 150, "height": 30}}]}"#)
                .isEmpty)
        #expect(try overflows(#"{"type": "Text", "text": "\#(long)", "modifiers": [{"frame": {"width": 150}}]}"#).isEmpty)
    }

    /// Wider than the screen: reported once, where it starts.
    @Test func pastTheScreen() throws {
        let found = try overflows(
            #"{"type": "VStack", "children": [{"type": "Color", "color": "green", "modifiers": [{"frame": {"width": 500, "height": 30}}]}]}"#)
        #expect(found.map(\.kind) == [.screen])
        #expect(found.first?.path == "VStack")
        #expect(found.first?.edges == EdgeInsets(top: 0, leading: 55, bottom: 0, trailing: 55))
    }

    /// Offsets, rotations and scale effects move drawing, not layout; a scroll view's content
    /// runs past its viewport on purpose; under half a point is rounding.
    @Test func deliberateEffectsAreNotOverflows() throws {
        #expect(
            try overflows(
                #"{"type": "Color", "color": "red", "modifiers": [{"frame": {"width": 100, "height": 100}}, {"offset": {"x": 400, "y": 0}}, {"rotationEffect": 30}, {"scaleEffect": 3}]}"#
            ).isEmpty)
        #expect(
            try overflows(
                #"{"type": "List", "children": [{"type": "ForEach", "count": 40, "as": "i", "content": {"type": "Text", "text": "Row ${$i}"}}]}"#
            )
            .isEmpty)
        #expect(
            try overflows(#"{"type": "Color", "color": "red", "modifiers": [{"frame": {"width": 100.4, "height": 10}}, {"frame": {"width": 100}}]}"#)
                .isEmpty)
        #expect(
            try overflows(#"{"type": "Color", "color": "red", "modifiers": [{"frame": {"width": 102, "height": 10}}, {"frame": {"width": 100}}]}"#)
                .map(\.amount) == [1])
    }

    /// `scaledToFill` overflows its space by design: clipped, or spilling only past the screen, it
    /// is not reported; spilling over its neighbours, it is (by the part on screen).
    @Test func aspectFillCountsOnlyWhereItSpillsVisibly() throws {
        func photo(_ extra: String) -> String {
            #"{"type": "VStack", "children": [{"type": "Image", "name": "yosemite-usa", "resizable": true, "modifiers": [{"scaledToFill": true}, {"frame": {"width": 100, "height": 100}}\#(extra)]}]}"#
        }
        let spill = try overflows(photo(""))
        #expect(spill.count == 1)
        // A 2:3 photo filling 100 × 100 is 150 tall: 25 above and below.
        #expect(spill.first?.edges == EdgeInsets(top: 25, leading: 0, bottom: 25, trailing: 0))
        #expect(spill.first?.path.hasSuffix("(of Image yosemite-usa)") == true)
        #expect(try overflows(photo(#", {"clipped": true}"#)).isEmpty)
        #expect(try overflows(photo(#", {"clipShape": "circle"}"#)).isEmpty)
        // Filling the whole screen: what is past it is not seen.
        #expect(
            try overflows(
                #"{"type": "Image", "name": "yosemite-usa", "resizable": true, "modifiers": [{"scaledToFill": true}, {"ignoresSafeArea": true}]}"#,
                canvas: #"{"width": 400, "height": 300}"#
            ).isEmpty)
    }

    /// Every still of the example scenes lays out without overflow (the travel deck's stacked
    /// cards and the gradient stack's offset cards are deliberate).
    @Test func exampleScenesHaveNone() throws {
        let dir = Paths.root + "/Assets/Scenes"
        for file in try FileManager.default.contentsOfDirectory(atPath: dir).sorted() where file.hasSuffix(".json") {
            let template = try SceneDecoder().template(file: dir + "/" + file)
            for still in template.stills.isEmpty ? [nil] : template.stills.map(\.name) {
                let scene = try template.scene(still: still)
                let found = try Renderer().layout(scene).tree.overflows(screen: scene.drawingSize)
                #expect(found.isEmpty, "\(file) \(still ?? "default"): \(found.map(\.message))")
            }
        }
    }

    /// `render --overflow error` fails with 1 and writes nothing; the default warns and writes;
    /// `ignore` says nothing; a bad mode is a usage error.
    @Test func cliWarnsOrFails() throws {
        let dir = try temporaryFolder()
        let path = dir + "/wide.json"
        try
            #"{"canvas": {"width": 100, "height": 50}, "root": {"type": "Color", "color": "red", "modifiers": [{"frame": {"width": 130, "height": 10}}]}}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let warn = try runProcess(Paths.binary, ["render", path, "-o", dir + "/a.png"])
        #expect(warn.status == 0)
        #expect(
            warn.err.contains(
                "proofsheet: warning: \(path): frame (of Color) extends 15 pt past the screen (leading 15, trailing 15; 130×10 pt in 100×50)"),
            "\(warn.err)")
        #expect(FileManager.default.fileExists(atPath: dir + "/a.png"))
        let fail = try runProcess(Paths.binary, ["render", path, "-o", dir + "/b.png", "--overflow", "error"])
        #expect(fail.status == 1)
        #expect(fail.err.contains("proofsheet: error: \(path): frame (of Color) extends 15 pt past the screen"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/b.png"))
        let quiet = try runProcess(Paths.binary, ["render", path, "-o", dir + "/c.png", "--overflow", "ignore"])
        #expect(quiet.status == 0 && !quiet.err.contains("past"))
        // check: a warning beside a pass, or a failure of the check.
        let golden = dir + "/goldens"
        let record = try runProcess(
            Paths.binary, ["check", path, "--golden", golden, "--record", "missing", "--no-config", "--overflow", "ignore"], cwd: dir)
        #expect(!record.err.contains("past"), "\(record.err)")
        let checkWarn = try runProcess(Paths.binary, ["check", path, "--golden", golden, "--no-config"], cwd: dir)
        #expect(
            checkWarn.status == 0 && checkWarn.err.contains("proofsheet: warning: \(path) @1x: frame (of Color) extends 15 pt past the screen"),
            "\(checkWarn.err)")
        let checkFail = try runProcess(Paths.binary, ["check", path, "--golden", golden, "--no-config", "--overflow", "error"], cwd: dir)
        #expect(checkFail.status == 1 && checkFail.err.contains("proofsheet: error: \(path) @1x: frame (of Color) extends 15 pt"), "\(checkFail.err)")
        #expect(checkFail.out.hasPrefix("FAILED"))
        let bad = try runProcess(Paths.binary, ["render", path, "--overflow", "loud"])
        #expect(bad.status == 2 && bad.err.contains("--overflow 'loud' is not warn, error or ignore"))
    }
}

import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout
import ProofsheetSheets
import ProofsheetTimeline

/// Contact sheets: a view built from frames, laid out by numbers, and each thumbnail the frame
/// itself.
@Suite("Contact sheets")
struct ContactSheetTests {
    static let stackPath = Paths.root + "/Assets/Scenes/swipe-stack.json"

    /// The swipe stack's throw at `times`, on a 1x canvas, as sheet frames.
    func frames(_ times: [Double]) throws -> [SheetFrame] {
        let template = try SceneDecoder().template(file: Self.stackPath)
        let first = try template.scene().on(try Device.named("iPhone SE"), scale: 1)
        let session = try MotionSession(template: template, timeline: try template.timeline(named: "throw-right")) {
            try sharedRenderer.layout($0.on(try Device.named("iPhone SE"), scale: 1)).tree
        }
        var out: [SheetFrame] = []
        try FrameSampler.run(session, at: times) { f in
            let list = DisplayList(painting: f.tree, size: first.canvas, background: first.background, scale: 1)
            out.append(SheetFrame(index: f.index, time: f.time, events: f.events, picture: list))
        }
        return out
    }

    func sheetScene(_ sheet: ContactSheet) throws -> Scene {
        var scene = Scene(canvas: Size(width: 1, height: 1), scale: 1, background: sheet.style.background, root: sheet.node())
        scene.canvas = try sharedRenderer.size(of: scene)
        return scene
    }

    /// Thumbnails in a grid: the columns asked for, the spacing between them, the margin around.
    @Test func gridByNumbers() throws {
        let sheet = ContactSheet(title: "t", frames: try frames([0, 0.2, 0.3, 0.45, 0.6]), columns: 2, thumbnailScale: 0.25)
        let tree = try sharedRenderer.layout(try sheetScene(sheet)).tree
        let thumbs = try (0..<5).map { try #require(tree.find("frame-\($0)")).frame }
        let size = sheet.frames[0].picture.size
        let w = size.width * 0.25, h = size.height * 0.25
        #expect(size == Size(width: 375, height: 667))
        for t in thumbs { #expect(t.width == w && t.height == h) }
        #expect(thumbs[0].minX == 24 && thumbs[1].minX == 24 + w + 16 && thumbs[2].minX == 24)
        #expect(thumbs[1].minY == thumbs[0].minY && thumbs[4].minY > thumbs[2].minY + h)
        #expect(thumbs[2].minY - thumbs[0].minY == thumbs[4].minY - thumbs[2].minY)
        // A row: every thumbnail on one line.
        let row = ContactSheet(title: "t", frames: sheet.frames, columns: 5, thumbnailScale: 0.25)
        let rowTree = try sharedRenderer.layout(try sheetScene(row)).tree
        #expect(try (0..<5).allSatisfy { try #require(rowTree.find("frame-\($0)")).frame.minY == thumbs[0].minY })
    }

    /// Labels: number, time in whole milliseconds, and the events since the frame before.
    @Test func labelsSayWhatHappened() throws {
        let fs = try frames([0, 0.2, 0.45])
        #expect(fs[1].events == ["touch down"])
        #expect(fs[2].events.contains("release"))
        let tree = try sharedRenderer.layout(try sheetScene(ContactSheet(title: "stack", frames: fs, columns: 3, thumbnailScale: 0.25))).tree
        var texts: [String] = []
        func walk(_ v: ResolvedView) {
            if case .text(let t) = v.content { texts.append(t.text) }
            v.children.forEach(walk)
        }
        walk(tree)
        #expect(texts.contains("#0  0 ms") && texts.contains("#1  200 ms") && texts.contains("#2  450 ms"))
        #expect(texts.contains("touch down"))
        #expect(texts.contains { $0.contains("release") })
    }

    /// A thumbnail at scale 1 on a 1x sheet is the frame itself, pixel for pixel (inside its
    /// hairline border): the sheet embeds the frame's drawing, it does not redraw it.
    @Test func thumbnailIsTheFrame() throws {
        let fs = try frames([0.3])
        let sheet = ContactSheet(title: "t", frames: fs, columns: 1, thumbnailScale: 1)
        let scene = try sheetScene(sheet)
        let laid = try sharedRenderer.layout(scene)
        let at = try #require(laid.tree.find("frame-0")).frame
        let sheetImage = try sharedRenderer.backend.renderRGBA(laid.displayList, scale: 1)
        let frameImage = try sharedRenderer.backend.renderRGBA(fs[0].picture, scale: 1)
        #expect(at.minX == at.minX.rounded() && at.minY == at.minY.rounded())
        var differing = 0
        for y in 1..<(frameImage.height - 1) {
            for x in 1..<(frameImage.width - 1) {
                let a = (y * frameImage.width + x) * 4
                let b = ((y + Int(at.minY)) * sheetImage.width + x + Int(at.minX)) * 4
                if frameImage.pixels[a..<a + 4] != sheetImage.pixels[b..<b + 4] { differing += 1 }
            }
        }
        #expect(differing == 0)
        // The frame moved the card: the thumbnail is not the first frame.
        #expect(try frames([0])[0].picture != fs[0].picture)
    }
}

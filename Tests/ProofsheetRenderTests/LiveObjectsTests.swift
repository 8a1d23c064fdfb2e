import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout

/// Every object holding C memory (Cairo surfaces, Pango layouts, font systems and their text
/// contexts, the layouts those keep) is released once its renderer is gone, after successful renders and after renders
/// that fail half-way.
@Suite("C objects are released")
struct LiveObjectsTests {
    /// A display list that fails while drawing: text and a shadowed group (an offscreen surface),
    /// then an image whose file is not an image.
    static let failing = DisplayList(
        size: Size(width: 120, height: 80), background: .white,
        items: [
            .text(
                TextRun(
                    text: "before", frame: Rect(x: 4, y: 4, width: 100, height: 20), font: .body, paint: .color(.black),
                    alignment: .leading, lineLimit: nil)),
            .group(
                DisplayGroup(
                    shadow: Shadow(color: .black, radius: 3, x: 0, y: 2),
                    children: [
                        .text(
                            TextRun(
                                text: "inside", frame: Rect(x: 4, y: 30, width: 100, height: 20), font: .body, paint: .color(.black),
                                alignment: .leading, lineLimit: nil)),
                        .image(ImageDraw(path: Paths.root + "/Assets/Images/README.md", frame: Rect(x: 4, y: 50, width: 20, height: 20)))
                    ]))
        ])

    @Test func countsReturnToZeroAfterRenders() throws {
        let live = LiveObjects()
        try LiveObjects.$current.withValue(live) {
            let renderer = try Renderer()
            // The gallery has every view and modifier: text, symbols, photos, shadows and blurs.
            let scene = try SceneDecoder().decode(file: Paths.scenes + "/gallery.json")
            for format in OutputFormat.allCases {
                _ = try renderer.render(scene, format: format)
                #expect(live.count(.pangoLayout) == 0, "\(format)")
                #expect(live.count(.vectorSurface) == 0, "\(format)")
            }
            // What the renderer keeps: its font system, the text context (Pango font map and
            // context) the one thread here used with the paragraphs it drew, and the decoded
            // photos.
            #expect(live.count(.fontSystem) == 1)
            #expect(live.count(.textContext) == 1)
            #expect(live.count(.keptLayout) > 0)
            #expect(live.count(.imageSurface) > 0)
            let cached = live.count(.imageSurface)

            for format in OutputFormat.allCases {
                let error = #expect(throws: ProofsheetError.self, "\(format)") {
                    try renderer.backend.render(Self.failing, format: format, scale: 2)
                }
                #expect(error?.message.contains("cannot be decoded") == true, "\(format): \(String(describing: error))")
                #expect(live.count(.pangoLayout) == 0, "\(format)")
                #expect(live.count(.vectorSurface) == 0, "\(format)")
                #expect(live.count(.imageSurface) == cached, "\(format)")
            }
            // A scene refused before drawing.
            var huge = scene
            huge.canvas = Size(width: 100_000, height: 100_000)
            #expect(throws: ProofsheetError.self) { try renderer.render(huge, format: .png) }
        }
        #expect(live.counts == Dictionary(uniqueKeysWithValues: LiveObjects.Kind.allCases.map { ($0, 0) }))
    }

    @Test func outsideAScopeNothingIsCounted() throws {
        let live = LiveObjects()
        let renderer = try Renderer()
        _ = try renderer.render(try SceneDecoder().decode(file: Paths.scenes + "/swipe-stack.json"), format: .png)
        #expect(live.counts.values.allSatisfy { $0 == 0 })
    }
}

import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
@testable import ProofsheetCairo
import ProofsheetLayout
import ProofsheetImage

/// A text context keeps the paragraphs it has laid out for drawing and draws them again without
/// shaping their text again: only for the same paragraph (every argument of the layout), and
/// within its bounds.
@Suite("Paragraphs kept for drawing")
struct KeptLayoutTests {
    /// One paragraph on a white canvas.
    static func list(_ run: TextRun) -> DisplayList {
        DisplayList(size: Size(width: 160, height: 60), background: .white, items: [.text(run)])
    }

    static let base = TextRun(
        text: "Kyoto in the rain, twice", frame: Rect(x: 4, y: 4, width: 150, height: 50), font: .body, paint: .color(.black),
        alignment: .leading, lineLimit: nil, layoutWidth: 150)

    /// The paragraph changed in each argument a layout depends on.
    static var variants: [(String, TextRun)] {
        func with(_ change: (inout TextRun) -> Void) -> TextRun {
            var run = base
            change(&run)
            return run
        }
        return [
            ("text", with { $0.text = "Kyoto in the rain, thrice" }),
            ("centred", with { $0.alignment = .center }),
            ("trailing", with { $0.alignment = .trailing }),
            ("narrower", with { $0.layoutWidth = 90 }),
            (
                "one line",
                with {
                    $0.layoutWidth = 90; $0.lineLimit = 1
                }
            ),
            ("size", with { $0.font.size += 3 }),
            ("weight", with { $0.font.weight = 700 }),
            ("tracking", with { $0.font.tracking = 2 }),
            ("underline", with { $0.font.underline = true }),
            ("right to left", with { $0.text = "שלום עולם" })
        ]
    }

    @Test func aKeptParagraphIsDrawnOnlyForTheSameArguments() throws {
        // Every paragraph drawn once, each from a layout of its own (their keys all differ).
        let reference = try Renderer().backend
        let expectedBase = try reference.render(Self.list(Self.base), format: .png, scale: 1)
        // The base drawn between every variant, so that a key missing an argument would find
        // the base's layout for the variant, or the variant's for the base.
        let shared = try Renderer().backend
        let baseFirst = try shared.render(Self.list(Self.base), format: .png, scale: 1) == expectedBase
        #expect(baseFirst)
        for (name, run) in Self.variants {
            // Compared outside #expect, which would print every byte.
            let expected = try reference.render(Self.list(run), format: .png, scale: 1)
            let proves = expected != expectedBase
            #expect(proves, "the \(name) variant draws the base's pixels: it proves nothing")
            let first = try shared.render(Self.list(run), format: .png, scale: 1) == expected
            let again = try shared.render(Self.list(run), format: .png, scale: 1) == expected
            let baseAfter = try shared.render(Self.list(Self.base), format: .png, scale: 1) == expectedBase
            #expect(first, "\(name)")
            #expect(again, "\(name), drawn again")
            #expect(baseAfter, "the base after \(name)")
        }
        shared.fonts.withContext { #expect($0.drawnCount == Self.variants.count + 1) }
    }

    /// Where a paragraph's ink starts and ends across the canvas, in pixels.
    static func inkColumns(_ png: [UInt8]) throws -> ClosedRange<Int> {
        let image = try PNGCodec.decode(png)
        var columns: [Int] = []
        for x in 0..<image.width where (0..<image.height).contains(where: { image.pixels[($0 * image.width + x) * 4] < 128 }) {
            columns.append(x)
        }
        return try #require(columns.first)...(try #require(columns.last))
    }

    /// A display list's alignment is on the page (the layout has turned leading and trailing
    /// into sides already), whichever way the paragraph runs: Pango's own swap for a paragraph
    /// running right to left is undone. The side is set before the paragraph is laid out and
    /// set again only for one running right to left.
    @Test func aParagraphIsSetOnTheSideItsDirectionMeans() throws {
        let backend = try Renderer().backend
        func ink(_ text: String, _ alignment: TextAlignment) throws -> ClosedRange<Int> {
            var run = Self.base
            run.text = text
            run.alignment = alignment
            return try Self.inkColumns(try backend.render(Self.list(run), format: .png, scale: 1))
        }
        let width = Int(Self.list(Self.base).size.width)
        for text in ["Kyoto", "שלום"] {
            let leading = try ink(text, .leading), trailing = try ink(text, .trailing), centre = try ink(text, .center)
            #expect(leading.upperBound < width / 2, "\(text) leading: \(leading)")
            #expect(trailing.lowerBound > width / 2, "\(text) trailing: \(trailing)")
            #expect(centre.lowerBound < width / 2 && centre.upperBound > width / 2, "\(text) centred: \(centre)")
        }
    }

    @Test func keptParagraphsStayWithinTheirBounds() throws {
        let live = LiveObjects()
        try LiveObjects.$current.withValue(live) {
            let backend = try Renderer().backend
            // More paragraphs than are kept: all are drawn, at most the limit stay.
            let many = (0..<(TextContext.drawnLimit + 40)).map { k in
                DisplayItem.text(
                    TextRun(
                        text: "Trip \(k)", frame: Rect(x: 0, y: Double(k % 50), width: 100, height: 20), font: .body,
                        paint: .color(.black), alignment: .leading, lineLimit: nil))
            }
            _ = try backend.render(DisplayList(size: Size(width: 100, height: 80), background: .white, items: many), format: .png, scale: 1)
            #expect(live.count(.pangoLayout) == 0)
            #expect(live.count(.keptLayout) > 0)
            #expect(live.count(.keptLayout) <= TextContext.drawnLimit)
            backend.fonts.withContext { #expect($0.drawnCount == live.count(.keptLayout)) }

            // Two texts of more than half the bytes: the second drops the first.
            let long = String(repeating: "swipe ", count: TextContext.drawnByteLimit / 12 + 1)
            let two = ["a", "b"].map { prefix in
                DisplayItem.text(
                    TextRun(
                        text: prefix + long, frame: Rect(x: 0, y: 0, width: 100, height: 20), font: .body, paint: .color(.black),
                        alignment: .leading, lineLimit: 1))
            }
            _ = try backend.render(DisplayList(size: Size(width: 100, height: 20), background: .white, items: two), format: .png, scale: 1)
            backend.fonts.withContext { #expect($0.drawnCount == 1) }
            #expect(live.count(.keptLayout) == 1)
        }
        // Freed with their context, when the renderer goes.
        #expect(live.count(.keptLayout) == 0)
        #expect(live.count(.textContext) == 0)
    }
}

import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetLayout

/// `alignmentGuide` in stacks and frames, and text-baseline alignment in HStacks, by numbers
/// (SF Pro's line metrics: a line is 1.193 em high, its baseline 0.952 em from its top, 19.04 pt
/// in the 23.87 pt line of 20 pt text; a text's height is rounded up to the pixel).
@Suite("Alignment guides and baselines")
struct AlignmentTests {
    let f10 = FontSpec.system(size: 10)  // 11.93 pt lines (12 on the grid), baseline 9.52
    var b10: Double { f10.baselineFromTop }
    var b20: Double { f20.baselineFromTop }

    /// Equal up to the rounding of sums.
    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test func firstTextBaselinesLineUp() throws {
        let r = try layout(width: 300) {
            HStack(alignment: .firstTextBaseline) {
                Text("A").font(f20).id("big")
                Text("b").font(f10).id("small")
                Color.red.frame(width: 10, height: 10).id("box")
                Text("c").font(f10).padding(10).id("padded")
            }
            .id("row")
        }
        let big = try exactFrame(r, "big")
        #expect(b20 == 20 * 1950 / 2048 && b10 == b20 / 2)
        #expect(near(try exactFrame(r, "small").minY - big.minY, b20 - b10))
        // A view without text sits on the baseline by its bottom.
        #expect(near(try exactFrame(r, "box").maxY - big.minY, b20))
        // Padding moves the baseline with the text: 10 + 9.52 from the padded view's top.
        #expect(near(try exactFrame(r, "padded").minY - big.minY, b20 - (10 + b10)))
        // The row is as tall as what the lined-up views cover: the padded text, its baseline the
        // lowest from the top (19.52 pt), reaches furthest down (its 12 + 20 in all).
        #expect(try exactFrame(r, "row").height == 32)
    }

    @Test func lastTextBaselinesLineUp() throws {
        let r = try layout(width: 300) {
            HStack(alignment: .lastTextBaseline) {
                Text("aaaa\nbbbb").font(f20).id("two")
                Text("c").font(f20).id("one")
            }
        }
        // The last baselines: one line below the first (23.87 pt), not at the rounded bottom.
        #expect(near(try exactFrame(r, "one").minY - exactFrame(r, "two").minY, f20.lineHeight))
        #expect(try exactFrame(r, "two").height == 48)
    }

    @Test func aStacksBaselineIsItsTextsBaseline() throws {
        let r = try layout(width: 300) {
            HStack(alignment: .firstTextBaseline) {
                VStack {
                    Color.red.frame(width: 10, height: 30)
                    Text("a").font(f10).id("inner")
                }
                Text("B").font(f20).id("outer")
            }
        }
        // The VStack's first baseline is its text's: 30 + 8 + 9.52 from its top.
        let inner = try exactFrame(r, "inner"), outer = try exactFrame(r, "outer")
        #expect(near(inner.minY + b10, outer.minY + b20))
    }

    @Test func alignmentGuidesInAStack() throws {
        let r = try layout(width: 300) {
            VStack(alignment: .leading, spacing: 0) {
                Color.red.frame(width: 100, height: 10).id("a")
                Color.blue.frame(width: 50, height: 10).alignmentGuide(.horizontal(0)) { $0.width / 2 }.id("b")
            }
            .id("stack")
        }
        let stack = try exactFrame(r, "stack")
        #expect(stack.width == 125)
        #expect(try exactFrame(r, "a").minX == stack.minX + 25)
        #expect(try exactFrame(r, "b").minX == stack.minX)
    }

    @Test func alignmentGuidesInAFrame() throws {
        let r = try layout(width: 300) {
            Color.red.frame(width: 20, height: 20).alignmentGuide(.horizontal(0)) { _ in -10 }.id("c")
                .frame(width: 100, height: 20, alignment: .leading).id("f")
        }
        #expect(try exactFrame(r, "c").minX == exactFrame(r, "f").minX + 10)
        let z = try layout(width: 300) {
            ZStack(alignment: .topLeading) {
                Color.red.frame(width: 100, height: 100).id("back")
                Color.blue.frame(width: 10, height: 10).alignmentGuide(.vertical(0)) { $0.height }.id("front")
            }
        }
        #expect(try exactFrame(z, "front").maxY == exactFrame(z, "back").minY)
    }

    /// `overlay(alignment:)` lines the layer's guide up with the view's: a badge whose guides
    /// are its centre sits centred on the card's top-trailing corner (not inside it); a guide on
    /// the card itself moves the layer too; a background the same.
    @Test func alignmentGuidesInAnOverlay() throws {
        let r = try layout(width: 300) {
            Color.red.frame(width: 100, height: 60).id("card")
                .overlay(alignment: .topTrailing) {
                    Color.blue.frame(width: 20, height: 20).id("badge")
                        .alignmentGuide(.horizontal(1)) { $0.width / 2 }
                        .alignmentGuide(.vertical(0)) { $0.height / 2 }
                }
        }
        let card = try exactFrame(r, "card"), badge = try exactFrame(r, "badge")
        #expect(badge == Rect(x: card.maxX - 10, y: card.minY - 10, width: 20, height: 20))
        let base = try layout(width: 300) {
            Color.red.frame(width: 100, height: 60).id("card")
                .alignmentGuide(.horizontal(0)) { _ in 30 }
                .background(alignment: .leading) { Color.blue.frame(width: 20, height: 20).id("tab") }
        }
        // The card's leading guide is 30 pt in: the tab's leading edge lands there.
        #expect(try exactFrame(base, "tab").minX == exactFrame(base, "card").minX + 30)
        // Without guides the layer is aligned by the fractions, as before.
        let plain = try layout(width: 300) {
            Color.red.frame(width: 100, height: 60).id("card")
                .overlay(alignment: .bottomTrailing) { Color.blue.frame(width: 20, height: 20).id("badge") }
        }
        let c = try exactFrame(plain, "card")
        #expect(try exactFrame(plain, "badge") == Rect(x: c.maxX - 20, y: c.maxY - 20, width: 20, height: 20))
    }

    /// A ZStack is as large as its children lined up on their guides: a child moved past the
    /// others by its guide grows the stack, and every child keeps its place on the line.
    @Test func aZStackGrowsToCoverAChildMovedByItsGuide() throws {
        let r = try layout(width: 300) {
            ZStack(alignment: .topLeading) {
                Color.red.frame(width: 100, height: 60).id("back")
                Color.blue.frame(width: 20, height: 20).id("badge")
                    .alignmentGuide(.horizontal(0)) { _ in -90 }
                    .alignmentGuide(.vertical(0)) { _ in 10 }
            }
            .id("z")
        }
        let z = try exactFrame(r, "z"), back = try exactFrame(r, "back"), badge = try exactFrame(r, "badge")
        // The badge starts 90 pt right of the line and 10 pt above it: 110 × 70 in all.
        #expect(z.size == Size(width: 110, height: 70))
        #expect(back.minX == z.minX && back.minY == z.minY + 10)
        #expect(badge.minX == back.minX + 90 && badge.minY == back.minY - 10)
        #expect(badge.maxX == z.maxX && badge.minY == z.minY)
        // Centred on the 300 pt canvas as one 110 pt block.
        #expect(z.minX == 95)
    }

    @Test func fromTheSceneFormat() throws {
        func decode(_ root: String) throws -> Scene {
            try SceneDecoder().decode(bytes: Array("{\"canvas\": {\"width\": 300, \"height\": 200}, \"root\": \(root)}".utf8), file: "t.json")
        }
        let scene = try decode(
            """
            {"type": "VStack", "alignment": "leading", "spacing": 0, "children": [
              {"type": "Color", "color": "red", "modifiers": [{"frame": {"width": 100, "height": 10}}, {"id": "a"}]},
              {"type": "Color", "color": "blue", "modifiers": [{"frame": {"width": 50, "height": 10}}, {"alignmentGuide": {"guide": "leading", "value": "=$width / 2"}}, {"id": "b"}]},
              {"type": "HStack", "alignment": "firstTextBaseline", "children": [
                {"type": "Text", "text": "A", "modifiers": [{"font": {"size": 20}}, {"id": "big"}]},
                {"type": "Text", "text": "b", "modifiers": [{"font": {"size": 10}}, {"id": "small"}]}
              ]}
            ]}
            """)
        let r = try LayoutEngine(measurer: FixedMetrics(), assets: FakeAssets()).layout(scene)
        #expect(try exactFrame(r, "a").minX - exactFrame(r, "b").minX == 25)
        #expect(near(try exactFrame(r, "small").minY - exactFrame(r, "big").minY, b20 - b10))
        func error(_ root: String) -> ProofsheetError? {
            do { _ = try decode(root) } catch let e as ProofsheetError { return e } catch {}
            return nil
        }
        let typo = try #require(error("{\"type\": \"EmptyView\", \"modifiers\": [{\"alignmentGuide\": {\"guide\": \"leadng\", \"value\": 1}}]}"))
        #expect(typo.hint?.hasPrefix("did you mean 'leading'?") == true)
        let bad = try #require(
            error("{\"type\": \"EmptyView\", \"modifiers\": [{\"alignmentGuide\": {\"guide\": \"top\", \"value\": \"=$depth\"}}]}"))
        #expect(bad.location?.path == "$.root.modifiers[0].alignmentGuide.value")
        #expect(
            error("{\"type\": \"EmptyView\", \"modifiers\": [{\"alignmentGuide\": {\"guide\": \"top\"}}]}")?.message
                == "alignmentGuide needs 'guide' and 'value'")
    }
}

import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetLayout

/// Text beside a Spacer, `fixedSize`, `position`, and SwiftUI's own spellings of text and
/// layout modifiers, by numbers (fixed metrics: a character is half the font size wide).
@Suite("Layout features and SwiftUI spellings")
struct LayoutFeatureTests {
    func decode(_ root: String, width: Int = 300, height: Int = 200) throws -> Scene {
        try SceneDecoder().decode(
            bytes: Array("{\"canvas\": {\"width\": \(width), \"height\": \(height)}, \"root\": \(root)}".utf8), file: "t.json")
    }
    func laidOut(_ root: String, width: Int = 300, height: Int = 200) throws -> LayoutResult {
        try LayoutEngine(measurer: FixedMetrics(), assets: FakeAssets()).layout(decode(root, width: width, height: height))
    }
    func error(_ root: String) -> ProofsheetError? {
        do { _ = try decode(root); return nil } catch let e as ProofsheetError { return e } catch { return nil }
    }

    // MARK: Text beside a Spacer

    @Test func aTextBesideASpacerTakesWhatItNeeds() throws {
        // 29 characters at 10 pt: 290 pt; the row is 300 pt, the spacer's minimum 8 pt.
        let r = try layout(width: 300) {
            HStack {
                Text("aaaa bbbb cccc dddd eeee ffff").font(f20).id("t")
                Spacer().id("s")
            }
        }
        #expect(try exactFrame(r, "t") == Rect(x: 0, y: 410, width: 290, height: 24))
        #expect(try exactFrame(r, "s").width == 10)
        // Wider than the row less the spacer's minimum: it wraps at 292 pt, not at half the row.
        let long = try layout(width: 300) {
            HStack {
                Spacer(minLength: 20)
                Text("aaaa bbbb cccc dddd eeee ffff gg").font(f20).id("t")
            }
        }
        #expect(try exactFrame(long, "t").width == 240)
        #expect(try exactFrame(long, "t").height == 48)
        #expect(try exactFrame(long, "t").maxX == 300)
    }

    @Test func twoTextsShareTheRowLessTheSpacer() throws {
        let r = try layout(width: 300) {
            HStack(spacing: 0) {
                Text("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa").font(f20).lineLimit(1).id("a")
                Spacer(minLength: 10)
                Text("bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb").font(f20).lineLimit(1).id("b")
            }
        }
        #expect(try exactFrame(r, "a").width == 145)
        #expect(try exactFrame(r, "b").width == 145)
    }

    /// The measurements this follows: a colour and a spacer share evenly, a text between two
    /// colours is offered a third, and objc.io's 150 pt stack gives 75 and 100.
    @Test func flexibleViewsStillShareEvenly() throws {
        let r = try layout(width: 300) {
            HStack(spacing: 0) {
                Color.red.id("c")
                Spacer()
            }
        }
        #expect(try exactFrame(r, "c").width == 150)
        let third = try layout(width: 300) {
            HStack(spacing: 0) {
                Color.red
                Text("aaaa bbbb cccc dddd").font(f20).id("t")
                Color.blue
            }
        }
        #expect(try exactFrame(third, "t").width == 90)
        let objc = try layout(width: 150) {
            HStack(spacing: 0) {
                Color.red.frame(maxWidth: 100).id("red")
                Color.green.frame(minWidth: 100).id("green")
            }
        }
        #expect(try exactFrame(objc, "red").width == 75)
        #expect(try exactFrame(objc, "green").width == 100)
    }

    // MARK: fixedSize and position

    @Test func fixedSizeTakesTheIdealSize() throws {
        let r = try layout(width: 300) {
            VStack {
                Text("aaaa bbbb cccc").font(f20).fixedSize().id("fixed").frame(width: 50).id("frame")
                Text("aaaa bbbb cccc").font(f20).fixedSize(horizontal: false, vertical: true).id("v").frame(width: 50, height: 10)
                Text("aaaa bbbb cccc").font(f20).id("plain").frame(width: 50, height: 24)
            }
        }
        #expect(try exactFrame(r, "frame").width == 50)
        // 140 pt wide, centred on the 50 pt frame: 45 pt out on each side.
        #expect(try exactFrame(r, "fixed").width == 140)
        #expect(try exactFrame(r, "fixed").minX == 80)
        // Vertically fixed: wrapped to the width, as tall as its three lines though offered 10.
        #expect(try exactFrame(r, "v").size == Size(width: 40, height: 72))
        #expect(try exactFrame(r, "plain").size == Size(width: 40, height: 24))
    }

    @Test func positionPutsTheCentreThere() throws {
        let r = try layout(width: 300, height: 200) {
            VStack {
                Circle().fill(.red).frame(width: 10, height: 10).id("dot").position(x: 20, y: 5).id("pos")
            }
            .frame(width: 100, height: 50)
        }
        let box = try exactFrame(r, "pos")
        #expect(box.size == Size(width: 100, height: 50))
        #expect(try exactFrame(r, "dot") == Rect(x: box.minX + 15, y: box.minY, width: 10, height: 10))
        // From the scene format too.
        let j = try laidOut(
            "{\"type\": \"Circle\", \"modifiers\": [{\"frame\": {\"width\": 10, \"height\": 10}}, {\"id\": \"dot\"}, {\"position\": {\"x\": 30, \"y\": 40}}]}"
        )
        #expect(try exactFrame(j, "dot") == Rect(x: 25, y: 35, width: 10, height: 10))
        let f = try laidOut(
            "{\"type\": \"Text\", \"text\": \"aaaa bbbb\", \"modifiers\": [{\"fixedSize\": {\"horizontal\": true, \"vertical\": false}}, {\"id\": \"t\"}, {\"frame\": {\"width\": 20}}]}"
        )
        #expect(try exactFrame(f, "t").width == 76.5)
    }

    // MARK: SwiftUI's spellings

    @Test func paddingWithAnEdgeName() throws {
        let r = try laidOut(
            "{\"type\": \"Text\", \"text\": \"ab\", \"modifiers\": [{\"id\": \"t\"}, {\"padding\": \"horizontal\"}, {\"id\": \"p\"}]}")
        let (p, t) = (try exactFrame(r, "p"), try exactFrame(r, "t"))
        #expect(p.width == t.width + 32)
        #expect(p.height == t.height)
        let lead = try laidOut(
            "{\"type\": \"Text\", \"text\": \"ab\", \"modifiers\": [{\"id\": \"t\"}, {\"padding\": [\"leading\", \"top\"]}, {\"id\": \"p\"}]}")
        let (lp, lt) = (try exactFrame(lead, "p"), try exactFrame(lead, "t"))
        #expect(lp.height == lt.height + 16)
        #expect(lp.width == lt.width + 16)
        let e = try #require(error("{\"type\": \"Text\", \"text\": \"ab\", \"modifiers\": [{\"padding\": \"horizontl\"}]}"))
        #expect(e.message == "'horizontl' is not an edge")
        #expect(e.hint?.hasPrefix("did you mean 'horizontal'?") == true)
    }

    @Test func aFrameMixingAFixedWidthWithAMaxHeight() throws {
        let r = try laidOut(
            "{\"type\": \"Color\", \"color\": \"red\", \"modifiers\": [{\"frame\": {\"width\": 100, \"maxHeight\": 40}}, {\"id\": \"f\"}]}")
        #expect(try exactFrame(r, "f").size == Size(width: 100, height: 40))
        let text = try laidOut(
            "{\"type\": \"Text\", \"text\": \"aaaa bbbb cccc\", \"modifiers\": [{\"frame\": {\"width\": 60, \"minHeight\": 100}}, {\"id\": \"f\"}]}")
        #expect(try exactFrame(text, "f").size == Size(width: 60, height: 100))
        let e = try #require(error("{\"type\": \"Color\", \"color\": \"red\", \"modifiers\": [{\"frame\": {\"width\": 100, \"maxWidth\": 40}}]}"))
        #expect(e.message == "a frame has 'width' or 'maxWidth', not both")
    }

    @Test func textModifiersReachTheDisplayList() throws {
        let r = try laidOut(
            """
            {"type": "VStack", "children": [
              {"type": "Text", "text": "Bold", "modifiers": [{"bold": true}]},
              {"type": "Text", "text": "Styled", "modifiers": [{"italic": true}, {"underline": true}, {"strikethrough": true}, {"kerning": 1.5}, {"lineSpacing": 4}]},
              {"type": "Text", "text": "Upper", "modifiers": [{"textCase": "uppercase"}, {"tracking": 2}]},
              {"type": "Text", "text": "Plain", "modifiers": [{"textCase": null}, {"textCase": "lowercase"}, {"bold": false}]}
            ]}
            """)
        let dump = r.displayList.dump()
        #expect(dump.contains("text \"Bold\"") && dump.contains("w700"))
        #expect(dump.contains("italic tracking 1.5 lineSpacing 4 underline strikethrough"))
        #expect(dump.contains("text \"UPPER\""))
        #expect(dump.contains("tracking 2"))
        #expect(dump.contains("text \"Plain\"") && dump.components(separatedBy: "\n").first { $0.contains("\"Plain\"") }?.contains("w400") == true)
    }

    @Test func lineSpacingAddsSpaceBetweenLines() throws {
        var font = FontSpec.system(size: 20)
        font.lineSpacing = 6
        #expect(font.height(lines: 1) == font.lineHeight)
        #expect(font.height(lines: 3) == 3 * font.lineHeight + 2 * 6)
        // With Pango: two lines of body text, 20.29 pt each, 10 pt between them: 50.57, 51 on
        // the grid.
        let scene = try decode(
            "{\"type\": \"Text\", \"text\": \"Two lines of text with spacing\", \"modifiers\": [{\"lineSpacing\": 10}, {\"frame\": {\"width\": 200}}, {\"id\": \"t\"}]}"
        )
        let tree = try Renderer().layout(scene).tree
        #expect(try #require(tree.find("t")).frame.height == 51)
    }

    @Test func buttonStyleAsAModifier() throws {
        let r = try laidOut(
            """
            {"type": "VStack", "children": [
              {"type": "Button", "title": "A", "modifiers": [{"id": "a"}]},
              {"type": "Button", "title": "B", "style": "plain", "modifiers": [{"id": "b"}]}
            ], "modifiers": [{"buttonStyle": "borderedProminent"}]}
            """)
        // The prominent style pads the label (12 pt on the sides at the regular size) over a
        // filled shape; the button with a style of its own keeps it.
        #expect(try exactFrame(r, "a").width == 8.5 + 24)
        #expect(try exactFrame(r, "b").width == 8.5)
        let e = try #require(error("{\"type\": \"EmptyView\", \"modifiers\": [{\"buttonStyle\": \"borderd\"}]}"))
        #expect(e.hint?.hasPrefix("did you mean 'bordered'?") == true)
    }
}

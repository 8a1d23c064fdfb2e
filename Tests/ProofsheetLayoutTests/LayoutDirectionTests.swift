import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetCheck
import ProofsheetLayout
import ProofsheetMotion

/// Right to left: every view's place mirrored in its parent (whole trees by numbers), offsets
/// and drawings as they are, text aligned to the right, directional symbols and
/// `flipsForRightToLeftLayoutDirection` mirrored, transitions to the leading edge going right,
/// the status bar mirrored, fonts for Hebrew and Arabic, and golden names. Scale 1.
@Suite("Layout direction")
struct LayoutDirectionTests {
    func layout(_ json: String, direction: String? = nil, from outside: LayoutDirection? = nil) throws -> ResolvedView {
        var text = json
        if let direction { text = text.replacingOccurrences(of: #""root":"#, with: #""layoutDirection": "\#(direction)", "root":"#) }
        let template = try SceneDecoder().template(bytes: Array(text.utf8), file: "s.json").with(variant: Variant(layoutDirection: outside))
        return try sharedRenderer.layout(try template.scene()).tree
    }

    /// Every view of a tree, by identity.
    func views(_ v: ResolvedView) -> [ViewID: ResolvedView] {
        var out: [ViewID: ResolvedView] = [v.identity: v]
        for c in v.children { out.merge(views(c)) { a, _ in a } }
        return out
    }

    /// A whole screen (the system views example: lists, rows, toggles, a text field, a
    /// navigation bar, an image) right to left is its left-to-right layout mirrored: every view
    /// at the screen's width less its left-to-right right edge, at the same height and size.
    @Test func aWholeScreenIsMirrored() throws {
        let file = try String(contentsOfFile: "Assets/Scenes/system-views.json", encoding: .utf8)
        let json = file.replacingOccurrences(of: #""canvas": "iPhone 14""#, with: #""canvas": "iPhone 14", "scale": 1"#)
        let ltr = views(try layout(json)), rtl = views(try layout(json, from: .rightToLeft))
        #expect(ltr.count == rtl.count && ltr.count > 100, "\(ltr.count) views")
        var checked = 0
        for (id, l) in ltr {
            let r = try #require(rtl[id], "\(id)")
            #expect(
                abs(r.frame.minX - (390 - l.frame.maxX)) < 1e-9 && r.frame.minY == l.frame.minY && r.frame.size == l.frame.size,
                "\(l.name): \(l.frame) → \(r.frame)")
            checked += 1
        }
        #expect(checked == ltr.count)
    }

    static let row = #"""
        {"canvas": {"width": 300, "height": 100}, "root": {"type": "HStack", "spacing": 10, "children": [
          {"type": "Color", "color": "red", "modifiers": [{"frame": {"width": 40, "height": 40}}, {"id": "a"}]},
          {"type": "Color", "color": "blue", "modifiers": [{"frame": {"width": 60, "height": 40}}, {"offset": {"x": 15}}, {"id": "b"}]},
          {"type": "Text", "text": "A text long enough to wrap onto a second line here", "modifiers": [{"frame": {"width": 120}}, {"padding": {"leading": 8}}, {"id": "t"}]}
        ], "modifiers": [{"frame": {"maxWidth": "infinity", "alignment": "leading"}}, {"id": "row"}]}}
        """#

    /// A row: children from the right, padding on the right, offsets on the page (SwiftUI's
    /// offsets are not mirrored), a leading text aligned right; the scene's own key, or from
    /// outside over it.
    @Test func aRowRightToLeft() throws {
        for tree in [try layout(Self.row, direction: "rightToLeft"), try layout(Self.row, direction: "ltr", from: .rightToLeft)] {
            let a = try #require(tree.find("a")), b = try #require(tree.find("b")), t = try #require(tree.find("t"))
            #expect(a.frame.maxX == 300 && b.frame.maxX == 250 && t.frame.maxX == 180, "\(a.frame) \(b.frame) \(t.frame)")
            // The offset stays +15 (drawn to the right) however the row runs.
            let offset = try #require(Self.first(in: b) { $0.effects.offset != .zero })
            #expect(offset.effects.offset == Point(x: 15, y: 0))
            // The padding is on the text's leading side, now its right: the text's own frame
            // ends 8 pt left of the padded one.
            let text = try #require(Self.first(in: t) { if case .text = $0.content { true } else { false } })
            #expect(text.frame.maxX == t.frame.maxX - 8)
            guard case .text(let content) = text.content else { return }
            #expect(content.alignment == .trailing)
        }
        let ltr = try layout(Self.row)
        #expect(try #require(ltr.find("a")).frame.minX == 0)
        // A part of the screen the other way: `{"environment": {"layoutDirection": …}}`.
        let part = Self.row.replacingOccurrences(of: #"{"id": "row"}"#, with: #"{"id": "row"}, {"environment": {"layoutDirection": "rightToLeft"}}"#)
        #expect(try #require(try layout(part).find("a")).frame.maxX == 300)
        #expect(throws: ProofsheetError.self) { try layout(Self.row, direction: "upward") }
    }

    static func first(in v: ResolvedView, where test: (ResolvedView) -> Bool) -> ResolvedView? {
        if test(v) { return v }
        for c in v.children { if let f = first(in: c, where: test) { return f } }
        return nil
    }

    /// Directional symbols point the other way right to left; left, right and media controls
    /// do not; `flipsForRightToLeftLayoutDirection` mirrors a view's drawing right to left only.
    @Test func whatFlips() throws {
        #expect(SymbolCatalog.flipsRightToLeft("chevron.forward") && SymbolCatalog.flipsRightToLeft("arrow.uturn.backward"))
        #expect(SymbolCatalog.flipsRightToLeft("list.bullet"))
        for name in ["chevron.right", "chevron.left", "forward.fill", "backward.end", "text.alignleft", "heart"] {
            #expect(!SymbolCatalog.flipsRightToLeft(name), "\(name)")
        }
        func scaleX(_ root: String, _ direction: String) throws -> Double? {
            let tree = try layout(#"{"canvas": {"width": 100, "height": 100}, "root": \#(root)}"#, direction: direction)
            return Self.first(in: tree) { $0.effects.scale.x < 0 }?.effects.scale.x
        }
        #expect(try scaleX(#"{"type": "Image", "systemName": "chevron.forward"}"#, "rtl") == -1)
        #expect(try scaleX(#"{"type": "Image", "systemName": "chevron.forward"}"#, "ltr") == nil)
        #expect(try scaleX(#"{"type": "Image", "systemName": "chevron.right"}"#, "rtl") == nil)
        let flips = #"{"type": "Color", "color": "red", "modifiers": [{"flipsForRightToLeftLayoutDirection": true}]}"#
        #expect(try scaleX(flips, "rtl") == -1 && scaleX(flips, "ltr") == nil)
        #expect(try scaleX(flips.replacingOccurrences(of: "true", with: "false"), "rtl") == nil)
    }

    /// Transitions: the leading edge is the right one right to left; an offset and the top are
    /// where they are.
    @Test func transitionsToTheLeadingEdge() {
        let size = Size(width: 100, height: 50)
        #expect(Transition.move(.leading).away(size: size, insertion: true, in: .rightToLeft).offset == Point(x: 100, y: 0))
        #expect(Transition.move(.leading).away(size: size, insertion: true).offset == Point(x: -100, y: 0))
        #expect(Transition.slide.away(size: size, insertion: true, in: .rightToLeft).offset == Point(x: 100, y: 0))
        #expect(Transition.slide.away(size: size, insertion: false, in: .rightToLeft).offset == Point(x: -100, y: 0))
        #expect(Transition.offset(x: 30, y: 0).away(size: size, insertion: true, in: .rightToLeft).offset == Point(x: 30, y: 0))
        #expect(Transition.move(.top).away(size: size, insertion: true, in: .rightToLeft).offset == Point(x: 0, y: -50))
    }

    /// The status bar right to left: the time on the right, the battery leftmost, each glyph
    /// drawn as it is.
    @Test func theStatusBarIsMirrored() throws {
        let json = #"{"canvas": "iPhone 14", "scale": 1, "chrome": true, "root": {"type": "Color", "color": "white"}}"#
        let ltr = views(try sharedRenderer.layout(try SceneDecoder().decode(bytes: Array(json.utf8), file: "s.json")).tree)
        var scene = try SceneDecoder().decode(bytes: Array(json.utf8), file: "s.json")
        scene.layoutDirection = .rightToLeft
        let tree = try sharedRenderer.layout(scene).tree
        let time = try #require(tree.find("time")), battery = try #require(tree.find("battery")), signal = try #require(tree.find("signal"))
        #expect(time.frame.minX > 195 && battery.frame.maxX < signal.frame.minX, "\(time.frame) \(battery.frame) \(signal.frame)")
        // The glyph inside is the same drawing, moved: its parts keep their places in it.
        let ltrBattery = try #require(ltr.values.first { $0.id == "battery" })
        let dx = battery.frame.minX - ltrBattery.frame.minX
        let inner = views(battery), ltrInner = views(ltrBattery)
        for (id, v) in inner {
            let l = try #require(ltrInner[id])
            #expect(abs(v.frame.minX - l.frame.minX - dx) < 1e-9, "\(v.name)")
        }
    }

    /// `$env.layoutDirection` says it; golden names carry `+rtl` before the text size.
    @Test func environmentAndGoldenNames() throws {
        let json =
            #"{"canvas": {"width": 10, "height": 10}, "root": {"type": "Text", "text": "${$env.layoutDirection}", "modifiers": [{"id": "t"}]}}"#
        for (outside, said) in [(nil, "leftToRight"), (LayoutDirection.rightToLeft, "rightToLeft")] {
            guard case .text(let t)? = try layout(json, from: outside).find("t")?.content else { Issue.record("no text"); continue }
            #expect(t.text == said)
        }
        var s = Scene(device: try Device.named("iPhone 14")) { EmptyView().node }
        s.layoutDirection = .rightToLeft
        #expect(GoldenNames.variant(of: s) == "iphone-14@3x+rtl")
        s.colorScheme = .dark
        s.dynamicTypeSize = .accessibility3
        #expect(GoldenNames.variant(of: s) == "iphone-14@3x+dark+rtl+ax3")
        #expect(
            GoldenNames.isGoldenPath("s/default/iphone-14@3x+dark+rtl+ax3.png") && !GoldenNames.isGoldenPath("s/default/iphone-14@3x+rtl+dark.png"))
    }

    /// Hebrew and Arabic draw in their Noto faces (named in an SVG's text), not as boxes; a
    /// character no pinned font has is named in a warning.
    @Test func scriptsHaveFonts() throws {
        let json = #"""
            {"canvas": {"width": 300, "height": 80}, "root": {"type": "VStack", "children": [
              {"type": "Text", "text": "שלום עולם"}, {"type": "Text", "text": "مرحبا بالعالم"}, {"type": "Text", "text": "नमस्ते"}]}}
            """#
        let scene = try SceneDecoder().decode(bytes: Array(json.utf8), file: "s.json")
        let layout = try sharedRenderer.layout(scene)
        let svg = String(decoding: try sharedRenderer.render(scene, format: .svg), as: UTF8.self)
        for family in ["Noto Sans Hebrew", "Noto Sans Arabic", "Noto Sans Devanagari"] { #expect(svg.contains(family), "\(family)") }
        #expect(sharedRenderer.missingGlyphWarnings(in: layout.tree).isEmpty)
        let runes = try SceneDecoder().decode(
            bytes: Array(#"{"canvas": {"width": 100, "height": 30}, "root": {"type": "Text", "text": "a ᚠ b\u200D"}}"#.utf8), file: "r.json")
        let warnings = sharedRenderer.missingGlyphWarnings(in: try sharedRenderer.layout(runes).tree)
        #expect(warnings == ["Text \"a ᚠ b\u{200D}\" has U+16A0 RUNIC LETTER FEHU FEOH FE F, in no pinned font: it draws as a box"], "\(warnings)")
    }

    /// The lines of a Hebrew text aligned to leading sit on the layout's leading side: right,
    /// right to left; left, left to right (Pango would put an RTL paragraph's lines on the
    /// right either way).
    @Test func hebrewLinesAlignToTheLayoutsLeadingSide() throws {
        let json = #"""
            {"canvas": {"width": 160, "height": 90}, "root": {"type": "Text", "text": "שלום עולם שלום עולם שלום עולם א",
             "modifiers": [{"frame": {"width": 150, "alignment": "leading"}}]}}
            """#
        /// Each line's ink, left and right, at scale 2.
        func lines(_ direction: LayoutDirection) throws -> [(min: Int, max: Int)] {
            var scene = try SceneDecoder().decode(bytes: Array(json.utf8), file: "s.json")
            scene.layoutDirection = direction
            scene.scale = 2
            let image = try sharedRenderer.image(of: try sharedRenderer.layout(scene), scene: scene)
            var out: [(min: Int, max: Int)] = [], inLine = false
            for y in 0..<image.height {
                let xs = (0..<image.width).filter { image[x: $0, y: y].r < 128 }
                guard let lo = xs.min(), let hi = xs.max() else { inLine = false; continue }
                if !inLine {
                    out.append((lo, hi)); inLine = true
                } else {
                    out[out.count - 1] = (min(out[out.count - 1].min, lo), max(out[out.count - 1].max, hi))
                }
            }
            return out
        }
        let rtl = try lines(.rightToLeft), ltr = try lines(.leftToRight)
        #expect(rtl.count == 2 && ltr.count == 2, "\(rtl) \(ltr)")
        guard rtl.count == 2, ltr.count == 2 else { return }
        // Right to left: the lines end together on the right, the shorter starts further in.
        #expect(abs(rtl[0].max - rtl[1].max) <= 2 && abs(rtl[0].min - rtl[1].min) > 20 && rtl[0].max > 280, "\(rtl)")
        // Left to right: they start together on the left.
        #expect(abs(ltr[0].min - ltr[1].min) <= 2 && abs(ltr[0].max - ltr[1].max) > 20 && ltr[0].min < 40, "\(ltr)")
    }
}

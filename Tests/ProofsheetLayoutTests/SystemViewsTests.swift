import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetLayout

/// List, Section, ScrollView, Divider, NavigationStack and the controls: layout by numbers
/// (iPhone 14: 390 × 844, safe area 47 above and 34 below, scale 3).
@Suite("System views")
struct SystemViewsTests {
    func layout(_ root: String, state: String = "{}", still: String? = nil) throws -> ResolvedView {
        let json = """
            {"canvas": "iPhone 14", "state": \(state), "root": \(root)}
            """
        let scene = try SceneDecoder().template(bytes: Array(json.utf8), file: "s.json").scene(still: still)
        return try Renderer().layout(scene).tree
    }

    func all(_ v: ResolvedView, named name: String) -> [ResolvedView] {
        (v.name == name ? [v] : []) + v.children.flatMap { all($0, named: name) }
    }

    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }

    /// One line of body text at scale 3: 20.29 pt, 61 pixels (SF Pro's line, on the grid).
    static let bodyLine = 61.0 / 3
    /// Where a line of body text starts in a 44 pt row (centred).
    static let rowInset = (44 - bodyLine) / 2

    static let rows = #"""
        {"type": "ForEach", "count": 3, "as": "i", "content": {"type": "Text", "text": "Row ${$i}", "modifiers": [{"id": "row-${$i}"}]}}
        """#

    @Test func automaticListIsInsetGrouped() throws {
        let tree = try layout(#"{"type": "List", "children": [\#(Self.rows)]}"#)
        let r0 = try #require(tree.find("row-0")), r1 = try #require(tree.find("row-1"))
        // Text at the section's margin plus the row's leading inset: 20 + 20.
        #expect(near(r0.frame.minX, 40))
        // The first section 20 below the list's top (the safe area's, 47); rows 44 tall (the
        // 20.33 pt line and 8 above and below is 36.33, so the least height decides), text
        // centred.
        #expect(near(r0.frame.minY, 47 + 20 + Self.rowInset))
        #expect(near(r1.frame.minY - r0.frame.minY, 44))
        // Separators: one pixel (1/3 pt at scale 3), lined up with the text, to the section's
        // trailing edge, under every row but the last.
        let dividers = all(tree, named: "Divider")
        #expect(dividers.count == 2)
        for d in dividers {
            #expect(near(d.frame.height, 1.0 / 3) && near(d.frame.minX, 40) && near(d.frame.maxX, 370))
        }
        #expect(near(dividers[0].frame.maxY, 47 + 20 + 44))
        // The section: 20 from each side, corner radius 10, on the grouped background.
        let clip = try #require(first(tree) { $0.effects.clip != nil && $0.name == "clipShape" })
        #expect(clip.effects.clip == .roundedRectangle(radius: 10, continuous: true))
        #expect(near(clip.frame.minX, 20) && near(clip.frame.width, 350) && near(clip.frame.height, 3 * 44))
        let list = try #require(first(tree) { $0.name == "ScrollView" })
        #expect(list.effects.clip == .rectangle && near(list.frame.height, 844 - 47 - 34))
    }

    /// A `Form` is drawn as iOS draws one: an inset-grouped list, whatever the list style.
    @Test func aFormIsAnInsetGroupedList() throws {
        let form = try layout(#"{"type": "Form", "children": [\#(Self.rows)]}"#)
        let list = try layout(#"{"type": "List", "style": "insetGrouped", "children": [\#(Self.rows)]}"#)
        #expect(try #require(form.find("row-1")).frame == (try #require(list.find("row-1")).frame))
        #expect(first(form) { $0.name == "clipShape" }?.frame == first(list) { $0.name == "clipShape" }?.frame)
        #expect(near(try #require(form.find("row-0")).frame.minX, 40))
    }

    @Test func plainListRowsSpanTheWidth() throws {
        let tree = try layout(#"{"type": "List", "style": "plain", "children": [\#(Self.rows)]}"#)
        let r0 = try #require(tree.find("row-0"))
        #expect(near(r0.frame.minX, 20) && near(r0.frame.minY, 47 + Self.rowInset))
        #expect(first(tree) { $0.name == "clipShape" } == nil)
        let dividers = all(tree, named: "Divider")
        #expect(dividers.count == 2 && dividers.allSatisfy { near($0.frame.minX, 20) && near($0.frame.maxX, 390) })
    }

    @Test func sectionHeadersAndFooters() throws {
        let tree = try layout(
            #"""
            {"type": "List", "children": [
              {"type": "Section", "header": "Network", "footer": "Footnote", "children": [{"type": "Text", "text": "A", "modifiers": [{"id": "a"}]}]},
              {"type": "Section", "children": [{"type": "Text", "text": "B", "modifiers": [{"id": "b"}]}]}
            ]}
            """#)
        let header = try #require(first(tree) { $0.name.hasPrefix("Text \"NETWORK") })
        // Capitals, footnote (a 15.51 pt line, 47 pixels), 16 above and 6 below, lined up with
        // the rows' text.
        let footnote = 47.0 / 3
        #expect(near(header.frame.minX, 40) && near(header.frame.minY, 47 + 16) && near(header.frame.height, footnote))
        let a = try #require(tree.find("a")), b = try #require(tree.find("b"))
        #expect(near(a.frame.minY, 47 + 16 + footnote + 6 + Self.rowInset))
        let footer = try #require(first(tree) { $0.name == "Text \"Footnote\"" })
        #expect(near(footer.frame.minY, a.frame.maxY + Self.rowInset + 6))
        // Below the footer: the section's 10, then the next section's 20.
        #expect(near(b.frame.minY, footer.frame.maxY + 10 + 20 + Self.rowInset))
    }

    @Test func scrollViewOffsetsAndClips() throws {
        let tree = try layout(
            #"""
            {"type": "ScrollView", "contentOffset": 30, "children": [
              {"type": "Color", "color": "red", "modifiers": [{"frame": {"height": 500}}, {"id": "a"}]},
              {"type": "Color", "color": "blue", "modifiers": [{"frame": {"height": 500}}, {"id": "b"}]}
            ], "modifiers": [{"frame": {"height": 200}}, {"id": "scroll"}]}
            """#)
        let scroll = try #require(first(tree) { $0.name == "ScrollView" })
        #expect(near(scroll.frame.height, 200) && scroll.effects.clip == .rectangle)
        let a = try #require(tree.find("a")), b = try #require(tree.find("b"))
        // The content keeps its ideal height (1008 with the stack's spacing), moved up by 30.
        #expect(near(a.frame.minY, scroll.frame.minY - 30) && near(b.frame.minY, a.frame.maxY + 8))
        #expect(near(a.frame.width, 390))
    }

    @Test func dividerFollowsItsStack() throws {
        let tree = try layout(
            #"""
            {"type": "VStack", "children": [
              {"type": "Divider", "modifiers": [{"id": "h"}]},
              {"type": "HStack", "children": [{"type": "Text", "text": "A"}, {"type": "Divider", "modifiers": [{"id": "v"}]}, {"type": "Text", "text": "B"}],
               "modifiers": [{"frame": {"height": 30}}]}
            ]}
            """#)
        let h = try #require(tree.find("h")), v = try #require(tree.find("v"))
        #expect(near(h.frame.height, 1.0 / 3) && near(h.frame.width, 390))
        #expect(near(v.frame.width, 1.0 / 3) && near(v.frame.height, 30))
    }

    static let navigation = #"""
        {"type": "NavigationStack", "title": "Inbox", "titleDisplayMode": "%@",
         "toolbarVisibility": "=$hidden ? 'hidden' : 'automatic'",
         "toolbar": [{"placement": "topBarTrailing", "content": {"type": "Text", "text": "Edit", "modifiers": [{"id": "edit"}]}},
                     {"placement": "topBarLeading", "content": {"type": "Image", "systemName": "gear", "modifiers": [{"id": "gear"}]}}],
         "content": {"type": "Text", "text": "Body", "modifiers": [{"frame": {"maxWidth": "infinity", "maxHeight": "infinity", "alignment": "top"}}, {"id": "body"}]}}
        """#

    func navigation(_ mode: String, hidden: Bool) throws -> ResolvedView {
        try layout(Self.navigation.replacingOccurrences(of: "%@", with: mode), state: #"{"hidden": \#(hidden)}"#)
    }

    @Test func navigationBarLargeInlineAndHidden() throws {
        let large = try navigation("large", hidden: false)
        let bar = try #require(large.find("navigationBar")), title = try #require(large.find("navigationTitle"))
        #expect(near(bar.frame.minY, 47) && near(bar.frame.height, 44))
        #expect(near(title.frame.minY, 47 + 44) && near(title.frame.height, 52))
        let titleText = try #require(first(large) { $0.name == "Text \"Inbox\"" })
        // Large title: 34 pt bold (a 40.57 pt line, 122 pixels), 16 from the leading edge, 8
        // above the bottom.
        #expect(near(titleText.frame.minX, 16) && near(titleText.frame.maxY, 47 + 96 - 8) && near(titleText.frame.height, 122.0 / 3))
        #expect(near(try #require(large.find("body")).frame.minY, 47 + 96))
        // Toolbar items: 16 from the sides, centred in the 44 pt bar, tinted.
        let edit = try #require(large.find("edit")), gear = try #require(large.find("gear"))
        #expect(near(edit.frame.maxX, 390 - 16) && near(gear.frame.minX, 16) && near(edit.frame.midY, 47 + 22))
        if case .text(let t) = edit.content { #expect(t.paint == .color(.accent)) } else { Issue.record("no text") }

        let inline = try navigation("inline", hidden: false)
        #expect(inline.find("navigationTitle") == nil)
        let centred = try #require(first(inline) { $0.name == "Text \"Inbox\"" })
        #expect(near(centred.frame.midX, 195) && near(centred.frame.midY, 47 + 22))
        #expect(near(try #require(inline.find("body")).frame.minY, 47 + 44))

        let hidden = try navigation("large", hidden: true)
        #expect(hidden.find("navigationBar") == nil && hidden.find("edit") == nil)
        #expect(near(try #require(hidden.find("body")).frame.minY, 47))
    }

    /// A list scrolls under the bar as in iOS: the large title goes up with the rows (hidden
    /// under the bar, which takes the list's background); past the title the bar shows the inline
    /// title, a material over the rows under it and a hairline; a list at rest is laid out as
    /// before, the bar without a background.
    @Test func aScrolledListGoesUnderTheBarAndTheLargeTitleCollapses() throws {
        func scrolled(_ offset: Double, mode: String = "large") throws -> ResolvedView {
            try layout(
                #"{"type": "NavigationStack", "title": "Inbox", "titleDisplayMode": "\#(mode)", "content": {"type": "List", "contentOffset": \#(offset), "children": [\#(Self.rows)]}}"#
            )
        }
        func texts(_ v: ResolvedView, _ text: String) -> [ResolvedView] { all(v, named: "Text \"\(text)\"") }
        func materials(_ v: ResolvedView) -> Int {
            var own = 0
            if case .material = v.content { own = 1 }
            return own + v.children.reduce(0) { $0 + materials($1) }
        }
        let rest = try scrolled(0), row0 = try #require(rest.find("row-0")).frame.minY
        #expect(near(try #require(rest.find("navigationTitle")).frame.minY, 47 + 44) && texts(rest, "Inbox").count == 1)
        // The bar's look: a colour or a hairline the width of the screen, ending at its bottom.
        func barLook(_ v: ResolvedView, _ name: String) -> ResolvedView? {
            first(v) { $0.name == name && near($0.frame.width, 390) && near($0.frame.maxY, 47 + 44) }
        }
        #expect(materials(rest) == 0 && barLook(rest, "Divider") == nil && barLook(rest, "Color") == nil)
        // 20 pt: the title and rows 20 up, no inline title, the bar the list's colour.
        let partway = try scrolled(20)
        #expect(near(try #require(partway.find("navigationTitle")).frame.minY, 47 + 44 - 20))
        #expect(near(try #require(partway.find("row-0")).frame.minY, row0 - 20))
        #expect(texts(partway, "Inbox").count == 1 && materials(partway) == 0)
        #expect(barLook(partway, "Color")?.frame.minY == 0, "the bar hides the title under it")
        // 120 pt, past the 52 pt title: the inline title centred, a material from the top of the
        // screen to the bar's hairline, the rows under it.
        let collapsed = try scrolled(120)
        #expect(near(try #require(collapsed.find("row-0")).frame.minY, row0 - 120))
        let collapsedBar = try #require(collapsed.find("navigationBar"))
        let inline = try #require(first(collapsedBar) { $0.name == "Text \"Inbox\"" })
        #expect(near(inline.frame.midX, 195) && near(inline.frame.midY, 47 + 22))
        #expect(materials(collapsed) == 1)
        #expect(barLook(collapsed, "Divider") != nil && barLook(collapsed, "Color") == nil)
        // Inline mode: any scroll puts the rows under the bar's material.
        let inlineScrolled = try scrolled(1, mode: "inline"), inlineRest = try scrolled(0, mode: "inline")
        #expect(materials(inlineScrolled) == 1 && materials(inlineRest) == 0)
    }

    @Test func contentIgnoringTheTopLiesUnderTheBarAndListBackgroundShowsThrough() throws {
        let under = try layout(
            #"{"type": "NavigationStack", "content": {"type": "Color", "color": "red", "modifiers": [{"ignoresSafeArea": "top"}, {"id": "c"}]}}"#)
        #expect(near(try #require(under.find("c")).frame.minY, 0))
        let list = try layout(#"{"type": "NavigationStack", "title": "T", "content": {"type": "List", "children": [\#(Self.rows)]}}"#)
        // The grouped background fills the screen behind the bar.
        let grey = Color.systemGroupedBackground
        #expect(grey.hexString == "#F2F2F7")
        let full = first(list) { v in
            if case .shape(let s) = v.content, s.paint == .color(grey), v.frame.minY == 0, v.frame.height == 844 { return true }
            return false
        }
        #expect(full != nil)
    }

    @Test func controls() throws {
        let tree = try layout(
            #"""
            {"type": "VStack", "children": [
              {"type": "Toggle", "title": "Wi-Fi", "isOn": true, "modifiers": [{"id": "on"}]},
              {"type": "Toggle", "title": "Bluetooth", "isOn": false, "modifiers": [{"id": "off"}]},
              {"type": "Label", "title": "Star", "systemImage": "star.fill", "modifiers": [{"id": "label"}]},
              {"type": "TextField", "prompt": "Name", "text": "", "style": "roundedBorder", "modifiers": [{"id": "field"}]}
            ]}
            """#)
        let on = try #require(tree.find("on")), off = try #require(tree.find("off"))
        let capsules = all(tree, named: "Capsule"), knobs = all(tree, named: "Circle")
        #expect(capsules.count == 2 && capsules.allSatisfy { near($0.frame.width, 51) && near($0.frame.height, 31) && near($0.frame.maxX, 390) })
        #expect(near(on.frame.height, 31) && near(off.frame.height, 31))
        // The knob (27 pt) at the trailing end when on, the leading end when off.
        #expect(near(knobs[0].frame.maxX, 390 - 2) && near(knobs[1].frame.minX, 390 - 51 + 2) && near(knobs[0].frame.width, 27))
        if case .shape(let s) = capsules[0].content { #expect(s.paint == .color(.systemGreen) && Color.systemGreen.hexString == "#34C759") }
        let label = try #require(tree.find("label"))
        let icon = try #require(first(label) { $0.name == "Image star.fill" }), text = try #require(first(label) { $0.name == "Text \"Star\"" })
        #expect(near(text.frame.minX - icon.frame.maxX, 8))
        let field = try #require(tree.find("field"))
        #expect(near(field.frame.height, 34) && near(field.frame.width, 390))
        let prompt = try #require(first(field) { $0.name == "Text \"Name\"" })
        #expect(near(prompt.frame.minX, 7))
        if case .text(let t) = prompt.content { #expect(t.paint == .color(.placeholderText) && Color.placeholderText.hexString == "#3C3C434D") }
    }

    /// The DSL builds the same views as the scene format.
    @Test func dslMatchesTheSceneFormat() throws {
        let scene = Scene(device: try Device.named("iPhone 14")) {
            NavigationStack(title: "Inbox", toolbar: [ToolbarItem { Text("Edit") }]) {
                List {
                    Section("Network") {
                        Toggle("Wi-Fi", isOn: true)
                        Label("Star", systemImage: "star.fill")
                    }
                    ForEach(0..<2) { i in Text("Row \(i)") }
                }
            }
        }
        let json = #"""
            {"type": "NavigationStack", "title": "Inbox", "toolbar": [{"content": {"type": "Text", "text": "Edit"}}],
             "content": {"type": "List", "children": [
               {"type": "Section", "header": "Network", "children": [{"type": "Toggle", "title": "Wi-Fi", "isOn": true},
                                                                      {"type": "Label", "title": "Star", "systemImage": "star.fill"}]},
               {"type": "ForEach", "count": 2, "as": "i", "content": {"type": "Text", "text": "Row ${$i}"}}]}}
            """#
        func frames(_ v: ResolvedView) -> [String] { ["\(v.name) \(v.frame)"] + v.children.flatMap(frames) }
        let dsl = frames(try Renderer().layout(scene).tree), file = frames(try layout(json))
        #expect(dsl == file, "\(zip(dsl, file).first { $0 != $1 }.map { "\($0) vs \($1)" } ?? "lengths \(dsl.count) vs \(file.count)")")
    }

    /// SwiftUI's spellings — `navigationTitle`, `navigationBarTitleDisplayMode`, `toolbar` on the
    /// stack's content, `listStyle` on the list — give what the keys give.
    @Test func swiftUISpellingsAsModifiers() throws {
        func frames(_ v: ResolvedView) -> [String] { ["\(v.name) \(v.frame)"] + v.children.flatMap(frames) }
        let keys = try layout(
            #"""
            {"type": "NavigationStack", "title": "Inbox", "titleDisplayMode": "inline",
             "toolbar": [{"placement": "topBarLeading", "content": {"type": "Text", "text": "Edit"}}],
             "content": {"type": "List", "style": "plain", "children": [\#(Self.rows)]}}
            """#)
        let modifiers = try layout(
            #"""
            {"type": "NavigationStack",
             "content": {"type": "List", "children": [\#(Self.rows)],
                         "modifiers": [{"listStyle": "plain"}, {"navigationTitle": "Inbox"}, {"navigationBarTitleDisplayMode": "inline"},
                                       {"toolbar": [{"placement": "topBarLeading", "content": {"type": "Text", "text": "Edit"}}]}]}}
            """#)
        #expect(frames(keys) == frames(modifiers))
        let hidden = try layout(
            #"{"type": "NavigationStack", "content": {"type": "Text", "text": "B", "modifiers": [{"navigationTitle": "T"}, {"toolbar": "=$h ? 'hidden' : 'visible'"}]}}"#,
            state: #"{"h": true}"#)
        #expect(hidden.find("navigationBar") == nil)
    }

    @Test func badInputIsLocated() throws {
        #expect(throws: ProofsheetError.self) { try layout(#"{"type": "List", "style": "insetGroped", "children": []}"#) }
        do {
            _ = try layout(#"{"type": "List", "style": "insetGroped", "children": []}"#)
        } catch let e as ProofsheetError {
            #expect(e.description.contains("insetGroped") && e.description.contains("did you mean 'insetGrouped'"))
        }
        do {
            _ = try layout(
                #"{"type": "NavigationStack", "toolbar": [{"placement": "left", "content": {"type": "Text", "text": "A"}}], "content": {"type": "Text", "text": "B"}}"#
            )
            Issue.record("a bad placement was accepted")
        } catch let e as ProofsheetError {
            #expect(e.description.contains("topBarLeading") && e.location?.line == 1)
        }
        #expect(throws: ProofsheetError.self) { try layout(#"{"type": "NavigationStack", "title": "T"}"#) }
        #expect(throws: ProofsheetError.self) { try layout(#"{"type": "ScrollView", "contentOffset": -5, "children": []}"#) }
    }

    // MARK: - The seed screens

    @Test func swipeToDeleteIsAListUnderALargeTitle() throws {
        let template = try SceneDecoder().template(file: Paths.scenes + "/swipe-to-delete.json")
        let tree = try Renderer().layout(try template.scene(still: "rest")).tree
        let title = try #require(first(tree) { $0.name == "Text \"我的名片\"" })
        #expect(near(title.frame.minX, 16))
        let card0 = try #require(tree.find("card-0")), card1 = try #require(tree.find("card-1"))
        // In the inset-grouped section: 20 from the screen's side plus the row's 20.
        #expect(near(card0.frame.minX, 40) && near(card0.frame.maxX, 350))
        #expect(card0.frame.minY > title.frame.maxY && card1.frame.minY > card0.frame.maxY)
        #expect(all(tree, named: "Divider").count == 3)
        let ready = try Renderer().layout(try template.scene(still: "ready-to-delete")).tree
        #expect(near(try #require(ready.find("card-1")).frame.minX, 40) && near(chainOffset(ready, "card-1"), -100))
    }

    @Test func reviewToolbarHiddenWhileTheOverlayShows() throws {
        let template = try SceneDecoder().template(file: Paths.scenes + "/review.json")
        let detail = try Renderer().layout(try template.scene(still: "detail")).tree
        let back = try #require(detail.find("backButton"))
        #expect(near(back.frame.minX, 16) && near(back.frame.midY, 47 + 22))
        // The photo lies under the bar and the status bar.
        #expect(near(try #require(detail.find("headerPhoto")).frame.minY, 0))
        let rate = try #require(detail.find("rateButton"))
        #expect(near(rate.frame.maxY, 844 - 34) && near(rate.frame.width, 390))
        let fill = try #require(first(rate) { $0.name == "RoundedRectangle" })
        #expect(near(fill.frame.minX, 16) && near(fill.frame.width, 390 - 32) && near(fill.frame.maxY, 844 - 34 - 20))
        let overlay = try Renderer().layout(try template.scene(still: "overlay")).tree
        #expect(overlay.find("backButton") == nil && overlay.find("navigationBar") == nil && overlay.find("review") != nil)
    }

    // MARK: - Helpers

    func first(_ v: ResolvedView, where test: (ResolvedView) -> Bool) -> ResolvedView? {
        if test(v) { return v }
        for c in v.children { if let f = first(c, where: test) { return f } }
        return nil
    }

    /// The offset of the `offset` modifier on the view with `.id(id)` (the id is outside it).
    func chainOffset(_ tree: ResolvedView, _ id: String) -> Double {
        guard let v = tree.find(id), let o = first(v, where: { $0.name == "offset" }) else { return .nan }
        return o.effects.offset.x
    }
}

extension Rect {
    fileprivate var midX: Double { minX + width / 2 }
    fileprivate var midY: Double { minY + height / 2 }
}

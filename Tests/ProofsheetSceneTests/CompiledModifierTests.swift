import Foundation
import Proofsheet
import ProofsheetCore
import ProofsheetTestSupport
import Testing

@testable import ProofsheetScene

/// Modifiers whose arguments read the state are compiled when the template is read: a state
/// evaluates their expression trees and reads no JSON. Whatever a state's values are, the scene,
/// what it takes from the budget and every error are those of reading the modifier from its JSON.
@Suite("Compiled modifiers")
struct CompiledModifierTests {
    func template(_ json: String) throws -> SceneTemplate { try SceneDecoder().template(bytes: Array(json.utf8), file: "t.json") }

    func readingEverything(_ t: SceneTemplate) -> SceneTemplate {
        var plain = t
        plain.readOnceCache = nil
        return plain
    }

    /// The scene (or the error) and the budget left for `state`.
    func outcome(_ t: SceneTemplate, _ state: SceneState) -> String {
        let budget = ViewBudget()
        do {
            let scene = try t.instantiate(state, unread: nil, budget: budget)
            return "\(scene.root) left \(budget.left)"
        } catch { return "error: \(error)" }
    }

    /// `V` in the modifiers below: a value of each kind a state might give, picked by `$k`.
    static let values = [
        "0.5", "1.5", "-3", "2000", "1000000000", "1000000000000", "0", "true", "null", "'text'", "'opacity'", "'spring()'", "'move(edge: .bottom)'",
        "'easeOut(duration: 0.3)'", "'spring(bounce:'", "'red'", "'#00FF0080'", "'.bottom'"
    ]
    static var picker: String {
        values.enumerated().reversed().reduce("null") { rest, item in "$k == \(item.offset) ? \(item.element) : (\(rest))" }
    }

    static let modifiers = [
        #"{"offset": {"x": "=V", "y": 3}}"#, #"{"offset": {"y": "=V"}}"#, #"{"offset": {"x": "$n", "y": "=V"}}"#,
        #"{"scaleEffect": "=V"}"#, #"{"scaleEffect": {"x": "=V", "anchor": "top"}}"#, #"{"scaleEffect": {"scale": "=V", "y": 2}}"#,
        #"{"rotationEffect": "=V"}"#, #"{"rotationEffect": {"degrees": "=V", "anchor": {"x": 0, "y": 1}}}"#,
        #"{"opacity": "=V"}"#, #"{"zIndex": "=V"}"#, #"{"id": "=V"}"#, #"{"id": "row-${V}"}"#, #"{"transition": "=V"}"#,
        #"{"animation": "=V"}"#, #"{"animation": {"curve": "=V", "value": "$n"}}"#, #"{"animation": {"curve": null, "value": "=V"}}"#,
        #"{"animation": {"curve": "easeIn", "value": "=V"}}"#,
        #"{"padding": "=V"}"#, #"{"padding": {"edges": "horizontal", "length": "=V"}}"#, #"{"padding": {"length": "=V", "top": 2}}"#,
        #"{"padding": {"vertical": "=V", "leading": "=V", "trailing": 4}}"#,
        #"{"padding": {"horizontal": "=V", "top": 1}}"#,
        #"{"frame": {"width": "=V", "height": 20, "alignment": "leading"}}"#, #"{"frame": {"height": "=V"}}"#,
        #"{"frame": {"minWidth": "=V", "maxWidth": "infinity", "alignment": "topLeading"}}"#,
        #"{"frame": {"width": "=V", "maxHeight": 30}}"#, #"{"frame": {"width": 30, "alignment": "=V"}}"#,
        #"{"foregroundColor": "=V"}"#, #"{"foregroundStyle": {"color": "=V", "opacity": "=$k / 20"}}"#,
        #"{"tint": {"red": "=V", "blue": 1}}"#, #"{"background": "=V"}"#, #"{"frame": {"minHeight": "=V", "maxHeight": 40}}"#
    ]

    /// Every compiled kind, with every kind of value: the same scene, budget and error as reading
    /// the modifier from its JSON.
    @Test(arguments: modifiers) func everyValueGivesWhatReadingTheJSONGives(_ modifier: String) throws {
        let written = modifier.replacingOccurrences(of: "=V", with: "=" + Self.picker).replacingOccurrences(
            of: "${V}", with: "${" + Self.picker + "}")
        let t = try template(
            """
            {"canvas": {"width": 200, "height": 200}, "state": {"k": 0, "n": 4},
             "root": {"type": "Text", "text": "x", "modifiers": [\(written)]}}
            """)
        try expectEveryValueAsReadWhole(t, values: Self.values, what: modifier)
        guard case .compiled? = try #require(t.readOnce).part(at: first(t, "modifiers").location, inList: false) else {
            Issue.record("\(modifier) is not compiled")
            return
        }
    }

    /// The first element of the root's array `key`.
    func first(_ t: SceneTemplate, _ key: String) throws -> JSONValue {
        guard case .array(let items)? = t.document["root"]?[key]?.kind, let item = items.first else { throw ProofsheetError.internal("no \(key)") }
        return item
    }

    /// For each value `$k` picks, the same outcome (scene and budget, or error) as reading the
    /// template whole; and some value fits.
    func expectEveryValueAsReadWhole(_ t: SceneTemplate, values: [String], what: String) throws {
        var fits = 0
        for k in 0..<values.count {
            let state = try t.state(sets: ["k=\(k)"])
            let once = outcome(t, state), whole = outcome(readingEverything(t), state)
            #expect(once == whole, "\(what) with \(values[k])")
            if !once.hasPrefix("error") { fits += 1 }
        }
        #expect(fits > 0, "\(what): no value fits")
    }

    /// A limit passed in a compiled modifier is the limit reading it passes, at the same element.
    @Test func aLimitPassedInACompiledModifierNamesTheSamePlace() throws {
        let s = String(repeating: "x", count: 10_000)
        let t = try template(
            """
            {"canvas": {"width": 200, "height": 200}, "state": {"n": 4000}, "vars": {"s": "\(s)"},
             "root": {"type": "VStack", "children": [{"type": "ForEach", "count": "$n", "content":
               {"type": "Color", "color": "red", "modifiers": [{"id": "=$s + $s + $index"}, {"opacity": "=$index < 0 ? 0 : 1"}]}}]}}
            """)
        let over = try t.state(sets: ["n=4000"])
        let once = outcome(t, over)
        #expect(once.contains("--limit scene-strings"), "\(once.prefix(300))")
        #expect(once.contains("$.root.children[0].content.modifiers[0].id"), "\(once.prefix(300))")
        #expect(once == outcome(readingEverything(t), over))
        let within = try t.state(sets: ["n=40"])
        #expect(outcome(t, within) == outcome(readingEverything(t), within))
    }

    /// What is compiled: the kinds listed, with arguments of the forms a state can change.
    @Test func onlyTheKindsAndFormsListedAreCompiled() throws {
        let t = try template(
            """
            {"canvas": {"width": 200, "height": 200}, "state": {"k": 0},
             "root": {"type": "Text", "text": "x", "modifiers": [
               {"offset": {"x": "=$k"}}, {"font": {"size": "=$k + 10"}}, {"scaleEffect": {"x": "=$k", "anchor": "=$k > 0 ? 'top' : 'bottom'"}},
               {"id": "\\\\=${$k}"}, {"rotationEffect": "=$k * 10"}]}}
            """)
        let parts = try #require(t.readOnce)
        guard case .object(let root) = t.document.kind, let r = root.first(where: { $0.key == "root" })?.value,
            case .array(let mods)? = r["modifiers"]?.kind
        else { Issue.record("no modifiers"); return }
        func kind(_ i: Int) -> String {
            guard let part = parts.part(at: mods[i].location, inList: false) else { return "read" }
            if case .compiled(let c) = part { return "\(c.modifier)".prefix { $0 != "(" }.description }
            return "other"
        }
        // A font is not a compiled kind, an anchor that reads the state and a string
        // escaped with `\` are left to the decoder.
        #expect((0..<5).map(kind) == ["offset", "read", "read", "read", "rotationEffect"])
        for k in [0, 2] {
            let state = try t.state(sets: ["k=\(k)"])
            #expect(outcome(t, state) == outcome(readingEverything(t), state))
        }
    }
}

/// Views that read the state are compiled with what is inside them: whatever a state's values
/// are, the scene, the budget left and every error are those of reading the views from JSON.
@Suite("Compiled views")
struct CompiledViewTests {
    let support = CompiledModifierTests()

    /// `V`: a value of each kind a state might give, picked by `$k`.
    static let values = [
        "'Hello'", "''", "3", "-1", "2.5", "true", "null", "'x.circle'", "'heart'", "'../secret'", "'yosemite-usa'", "'a/b'", "0",
        "'7'", "'red'"
    ]
    static var picker: String {
        values.enumerated().reversed().reduce("null") { rest, item in "$k == \(item.offset) ? \(item.element) : (\(rest))" }
    }

    static let views = [
        #"{"type": "Text", "text": "=V"}"#,
        #"{"type": "Text", "text": "row ${V}"}"#,
        #"{"type": "Text", "text": "a \\${b} ${V}${$k}!"}"#,
        #"{"type": "Text", "text": "=V", "modifiers": [{"id": "${$t + $t}-${$k}"}]}"#,
        #"{"type": "Color", "color": "=V"}"#,
        #"{"type": "RoundedRectangle", "cornerRadius": "=$k", "style": "circular", "fill": "=V"}"#,
        #"{"type": "Capsule", "strokeBorder": "=V", "lineWidth": "=$k"}"#,
        #"{"type": "Circle", "fill": "thinMaterial", "modifiers": [{"opacity": "=$k / 20"}]}"#,
        #"{"type": "Rectangle", "fill": "=V"}"#, #"{"type": "Ellipse", "stroke": {"color": "=V", "opacity": 0.5}, "lineWidth": 2}"#,
        #"{"type": "Color", "color": {"color": "=V", "opacity": 0.5}}"#,
        #"{"type": "Image", "systemName": "=V"}"#,
        #"{"type": "Image", "name": "=V", "resizable": "=$k > 3"}"#,
        #"{"type": "VStack", "alignment": "leading", "spacing": "=$k - 5", "children": [{"type": "Text", "text": "a"}, {"type": "Text", "text": "=V"}]}"#,
        #"{"type": "ZStack", "alignment": "topLeading", "children": [{"type": "Color", "color": "red"}, {"type": "Text", "text": "=V"}]}"#,
        #"{"type": "ForEach", "count": "=V", "content": {"type": "Text", "text": "${$index}"}}"#,
        #"{"type": "ForEach", "data": "$rows", "key": "=V + $index", "content": {"type": "Text", "text": "${$item.id}"}}"#,
        #"{"type": "ForEach", "data": "=$rows", "as": "row", "key": "$row.id", "content": {"type": "Text", "text": "=V", "modifiers": [{"opacity": "=$row.id > 1 ? 0.5 : 1"}]}}"#,
        #"{"type": "ForEach", "data": "$rows", "key": "=$k > 6 ? 'dup' : $index", "content": {"type": "Text", "text": "=V"}}"#,
        #"{"type": "If", "condition": "=V", "then": {"type": "Text", "text": "yes"}, "else": {"type": "Text", "text": "=V"}}"#,
        #"{"type": "Badge", "label": "=V"}"#,
        #"{"type": "Badge", "label": "=V", "count": "=$k * 2"}"#,
        #"{"type": "Text", "text": "x", "modifiers": [{"overlay": {"alignment": "bottom", "content": {"type": "Text", "text": "=V"}}}, {"background": {"type": "Text", "text": "=V"}}]}"#
    ]

    @Test(arguments: views) func everyValueGivesWhatReadingTheJSONGives(_ view: String) throws {
        let written = view.replacingOccurrences(of: "=V", with: "=" + Self.picker).replacingOccurrences(of: "${V}", with: "${" + Self.picker + "}")
        let t = try support.template(
            """
            {"canvas": {"width": 200, "height": 200}, "state": {"k": 0, "rows": [{"id": 1}, {"id": 2}], "t": "hello"},
             "components": {"Badge": {"parameters": {"label": "string", "count": {"type": "number", "default": 0}},
               "body": {"type": "HStack", "children": [{"type": "Text", "text": "$label"}, {"type": "Text", "text": "${$count}"}]}}},
             "root": {"type": "VStack", "children": [\(written)]}}
            """)
        try support.expectEveryValueAsReadWhole(t, values: Self.values, what: view)
        guard case .compiledView? = try #require(t.readOnce).part(at: support.first(t, "children").location, inList: false) else {
            Issue.record("\(view) is not compiled")
            return
        }
    }

    /// A GeometryReader's compiled content, made at layout for each size: the same display
    /// list (or error) as reading it from JSON, whatever the state's values.
    @Test func aGeometryReadersContentIsMadeAtLayoutAsReadingItGives() throws {
        let t = try support.template(
            """
            {"canvas": {"width": 200, "height": 300}, "state": {"k": 0},
             "root": {"type": "GeometryReader", "content": [
               {"type": "Text", "text": "=\(Self.picker)", "modifiers": [{"frame": {"width": "=$width / 2 - $k * 10"}}, {"offset": {"y": "=$height / 4"}}]},
               {"type": "Color", "color": "red", "modifiers": [{"frame": {"width": 10, "height": "=$k * 3"}}]}]}}
            """)
        guard case .compiledView(let o)? = try #require(t.readOnce).part(at: t.document["root"]!.location, inList: false), case .geometry = o.body
        else {
            Issue.record("the GeometryReader is not compiled")
            return
        }
        var fits = 0
        for k in 0..<Self.values.count {
            let state = try t.state(sets: ["k=\(k)"])
            func drawn(_ t: SceneTemplate) -> String {
                do { return try sharedRenderer.layout(t.instantiate(state)).displayList.dump() } catch { return "error: \(error)" }
            }
            let once = drawn(t)
            #expect(once == drawn(support.readingEverything(t)), "with \(Self.values[k])")
            if !once.hasPrefix("error") { fits += 1 }
        }
        #expect(fits > 0)
    }

    /// A limit passed inside a compiled ForEach is the limit reading it passes, at the same
    /// element, with the same words; within it, the same scene and budget.
    @Test func aLimitPassedInACompiledViewNamesTheSamePlace() throws {
        let long = String(repeating: "x", count: 1500)
        let t = try support.template(
            """
            {"canvas": {"width": 200, "height": 200}, "state": {"n": 1000},
             "root": {"type": "VStack", "children": [{"type": "ForEach", "count": "$n", "content":
               {"type": "HStack", "children": [{"type": "Text", "text": "\(long)${$index}"}]}}]}}
            """)
        let over = try t.state(sets: ["n=1000"])
        let once = support.outcome(t, over)
        #expect(once.contains("more than 1000000 characters of text"), "\(once.prefix(300))")
        #expect(once.contains("$.root.children[0].content.children[0].text"), "\(once.prefix(300))")
        #expect(once == support.outcome(support.readingEverything(t), over))
        let within = try t.state(sets: ["n=600"])
        #expect(support.outcome(t, within) == support.outcome(support.readingEverything(t), within))
    }
}

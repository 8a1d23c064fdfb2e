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
            return "\(ReadOnceTests().text(scene.root)) left \(budget.left)"
        } catch { return "error: \(error)" }
    }

    /// `V` in the modifiers below: a value of each kind a state might give, picked by `$k`.
    static let values = [
        "0.5", "1.5", "-3", "2000", "1000000000", "1000000000000", "0", "true", "null", "'text'", "'opacity'", "'spring()'", "'move(edge: .bottom)'",
        "'easeOut(duration: 0.3)'", "'spring(bounce:'", "'red'", "'#00FF0080'", "'.bottom'", "'dark'", "'circle'", "'xxxLarge'",
        "'rightToLeft'", "'uppercase'", "'.bold'", "'title'", "'fill'", "'horizontal'", "'bordered'", "'rounded'", "'center'", "400", "false",
        "'leading'", "'circular'",
        "'small'", "'topLeading'", "'top'", "'xxLarge'"
    ]
    static var picker: String { picker(values) }

    /// An expression giving `values[$k]`, halving the range at each step (an expression nests
    /// at most 100 levels).
    static func picker(_ values: [String], from low: Int = 0, to high: Int? = nil) -> String {
        let high = high ?? values.count
        guard high - low > 1 else { return values[low] }
        let middle = (low + high) / 2
        return "($k < \(middle) ? \(picker(values, from: low, to: middle)) : \(picker(values, from: middle, to: high)))"
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
        #"{"tint": {"red": "=V", "blue": 1}}"#, #"{"background": "=V"}"#, #"{"frame": {"minHeight": "=V", "maxHeight": 40}}"#,
        #"{"blur": "=V"}"#, #"{"shadow": "=V"}"#, #"{"shadow": {"color": "=V", "radius": "=$k", "x": 2}}"#,
        #"{"shadow": {"radius": 3, "y": "=V"}}"#, #"{"layoutPriority": "=V"}"#, #"{"cornerRadius": "=V"}"#, #"{"clipShape": "=V"}"#,
        #"{"contentShape": "=V"}"#, #"{"ignoresSafeArea": "=V"}"#, #"{"allowsHitTesting": "=V"}"#,
        #"{"flipsForRightToLeftLayoutDirection": "=V"}"#, #"{"font": "=V"}"#, #"{"fontWeight": "=V"}"#, #"{"fontDesign": "=V"}"#,
        #"{"multilineTextAlignment": "=V"}"#, #"{"lineLimit": "=V"}"#, #"{"colorScheme": "=V"}"#, #"{"preferredColorScheme": "=V"}"#,
        #"{"dynamicTypeSize": "=V"}"#, #"{"bold": "=V"}"#, #"{"italic": "=V"}"#, #"{"underline": "=V"}"#, #"{"strikethrough": "=V"}"#,
        #"{"kerning": "=V"}"#, #"{"tracking": "=V"}"#, #"{"lineSpacing": "=V"}"#, #"{"textCase": "=V"}"#, #"{"buttonStyle": "=V"}"#,
        #"{"aspectRatio": {"ratio": "=V", "contentMode": "fill"}}"#, #"{"aspectRatio": {"contentMode": "=V"}}"#,
        #"{"position": {"x": "=V"}}"#, #"{"position": {"x": 3, "y": "=V"}}"#, #"{"fixedSize": {"horizontal": "=V"}}"#,
        #"{"environment": {"layoutDirection": "rightToLeft", "colorScheme": "=V"}}"#, #"{"environment": {"dynamicTypeSize": "=V"}}"#,
        #"{"environment": {"layoutDirection": "=V"}}"#,
        #"{"scaleEffect": {"scale": 2, "anchor": "=V"}}"#, #"{"rotationEffect": {"degrees": 5, "anchor": {"x": "=V"}}}"#,
        #"{"padding": {"edges": "=V", "length": 4}}"#, #"{"padding": ["=V", "top"]}"#, #"{"padding": {"edges": ["leading", "=V"]}}"#,
        #"{"clipShape": {"roundedRectangle": "=V", "style": "circular"}}"#, #"{"contentShape": {"roundedRectangle": 3, "style": "=V"}}"#,
        #"{"ignoresSafeArea": ["=V"]}"#, #"{"font": {"style": "=V", "weight": "bold"}}"#,
        #"{"font": {"size": "=V", "relativeTo": "title", "weight": 700, "design": "rounded"}}"#,
        #"{"font": {"size": 12, "weight": "=V", "design": "=$k == 28 ? 'rounded' : 'serif'"}}"#,
        #"{"font": {"style": {"style": "=V", "design": "rounded"}, "weight": 600}}"#, #"{"font": {"style": {"size": "=V"}}}"#,
        #"{"dynamicTypeSize": {"max": "=V"}}"#,
        #"{"dynamicTypeSize": {"min": "=V", "max": "large"}}"#, #"{"alignmentGuide": {"guide": "=V", "value": 3}}"#,
        #"{"frame": {"width": {"scaledMetric": "=V", "relativeTo": "title"}}}"#, #"{"padding": {"top": {"scaledMetric": 10, "relativeTo": "=V"}}}"#,
        #"{"offset": {"x": {"scaledMetric": {"scaledMetric": "=V"}}}}"#
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
        let parts = try #require(t.readOnce)
        for k in 0..<values.count {
            let state = try t.state(sets: ["k=\(k)"])
            let read = parts.readsFromJSON
            let once = outcome(t, state), whole = outcome(readingEverything(t), state)
            #expect(once == whole, "\(what) with \(values[k])")
            if !once.hasPrefix("error") {
                fits += 1
                // A value that fits is made from what was compiled, never read from JSON.
                #expect(parts.readsFromJSON == read, "\(what) with \(values[k]) was read from JSON")
            }
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

    /// A scaled metric that reads the state scales with the variant's text size as reading it
    /// does, from what was compiled.
    @Test func aScaledMetricFollowsTheTextSizeAsReadingItDoes() throws {
        let written = try template(
            """
            {"canvas": {"width": 200, "height": 200}, "state": {"k": 0},
             "root": {"type": "Text", "text": "x", "modifiers": [
               {"frame": {"width": {"scaledMetric": "=$k * 10", "relativeTo": "=$k > 2 ? 'title' : 'caption'"}}},
               {"padding": {"top": {"scaledMetric": {"scaledMetric": "=$k - 2"}}}}]}}
            """)
        for size in [DynamicTypeSize.xSmall, .large, .accessibility3] {
            let t = written.with(variant: Variant(dynamicTypeSize: size))
            let parts = try #require(t.readOnce)
            var outcomes: Set<String> = []
            for k in 0..<6 {
                let state = try t.state(sets: ["k=\(k)"])
                let read = parts.readsFromJSON
                let once = outcome(t, state)
                #expect(once == outcome(readingEverything(t), state), "\(size) k=\(k)")
                if !once.hasPrefix("error") { #expect(parts.readsFromJSON == read, "\(size) k=\(k) was read from JSON") }
                outcomes.insert(once)
            }
            #expect(outcomes.count > 3)
        }
    }

    /// What is compiled: each kind, with its arguments in the forms a state can change.
    @Test func eachKindIsCompiledWhateverTheFormOfItsArguments() throws {
        let t = try template(
            """
            {"canvas": {"width": 200, "height": 200}, "state": {"k": 0},
             "root": {"type": "Text", "text": "x", "modifiers": [
               {"offset": {"x": "=$k"}}, {"font": {"size": "=$k + 10"}}, {"scaleEffect": {"x": "=$k", "anchor": "=$k > 0 ? 'top' : 'bottom'"}},
               {"id": "\\\\=${$k}"}, {"rotationEffect": "=$k * 10"}, {"font": {"style": {"style": "=$k > 0 ? 'title' : 'body'"}}},
               {"blur": "=$k"}]}}
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
        // A font whose style is a font too is compiled, and an anchor that reads the state.
        #expect((0..<7).map(kind) == ["offset", "font", "scaleEffect", "id", "rotationEffect", "font", "scalar"])
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
        "'7'", "'red'", "'plain'", "'inline'", "'hidden'", "'horizontal'", "'topBarLeading'", "'bordered'", "'large'", "'destructive'",
        "'roundedBorder'", "'topLeading'", "0.5", "'#FF000080'", "'leading'", "'firstTextBaseline'", "'circular'", "'top'", "'capsule'",
        "'thinMaterial'", "'vertical'"
    ]
    static var picker: String { CompiledModifierTests.picker(values) }

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
        #"{"type": "Text", "text": "x", "modifiers": [{"overlay": {"alignment": "bottom", "content": {"type": "Text", "text": "=V"}}}, {"background": {"type": "Text", "text": "=V"}}]}"#,
        #"{"type": "List", "style": "plain", "contentOffset": "=V", "children": [{"type": "Text", "text": "${V}"}]}"#,
        #"{"type": "List", "children": [{"type": "Label", "title": "=V", "systemImage": "star"}], "modifiers": [{"listStyle": "insetGrouped"}, {"opacity": "=$k / 20"}]}"#,
        #"{"type": "Form", "children": [{"type": "Toggle", "title": "Wi-Fi", "isOn": "=$k == 5"}, {"type": "Label", "title": "a", "systemImage": "=V"}]}"#,
        #"{"type": "Section", "header": "=V", "footer": {"type": "Text", "text": "=V"}, "children": [{"type": "Divider"}]}"#,
        #"{"type": "ScrollView", "axis": "horizontal", "contentOffset": "=V", "children": [{"type": "Text", "text": "${V}"}]}"#,
        #"{"type": "Label", "title": "=V", "icon": {"type": "Color", "color": "=V"}}"#,
        #"{"type": "Toggle", "label": {"type": "Text", "text": "=V"}, "isOn": true, "modifiers": [{"tint": "=V"}]}"#,
        #"{"type": "TextField", "style": "roundedBorder", "prompt": "=V", "text": "${V}"}"#,
        #"{"type": "NavigationStack", "title": "=V", "titleDisplayMode": "inline", "toolbar": [{"placement": "topBarLeading", "content": {"type": "Text", "text": "=V"}}], "content": {"type": "Text", "text": "x", "modifiers": [{"navigationTitle": "=V"}, {"toolbar": "hidden"}, {"opacity": "=$k / 20"}]}}"#,
        #"{"type": "NavigationStack", "content": {"type": "List", "children": [{"type": "Text", "text": "=V"}], "modifiers": [{"navigationBarTitleDisplayMode": "large"}, {"toolbar": [{"content": {"type": "Text", "text": "=V"}}]}]}}"#,
        #"{"type": "Button", "title": "=V", "style": "borderedProminent", "controlSize": "large", "borderShape": "capsule", "tint": "=V", "action": [{"set": {"k": "=$k + 1"}}]}"#,
        #"{"type": "Button", "label": {"type": "Text", "text": "=V"}, "action": [{"set": {"shown": true}}]}"#,
        #"{"type": "ViewThatFits", "in": ["horizontal"], "children": [{"type": "Text", "text": "=V"}, {"type": "Text", "text": "b"}]}"#,
        #"{"type": "Spacer", "minLength": "=V"}"#,
        #"{"type": "Divider", "modifiers": [{"opacity": "=V"}]}"#,
        #"{"type": "LinearGradient", "colors": ["red", "blue"], "modifiers": [{"blur": "=V"}]}"#,
        #"{"type": "Text", "text": "=V", "modifiers": [{"alert": {"isPresented": "shown", "title": "Delete?", "buttons": [{"title": "Delete", "role": "destructive", "action": [{"set": {"k": 0}}]}, {"title": "Cancel", "role": "cancel"}]}}]}"#,
        #"{"type": "Text", "text": "x", "modifiers": [{"alert": {"isPresented": "hidden", "title": "=V"}}]}"#,
        #"{"type": "Text", "text": "x", "modifiers": [{"safeAreaInset": {"edge": "top", "spacing": "=V", "content": {"type": "Text", "text": "${V}"}}}]}"#,
        #"{"type": "List", "style": "=V", "children": [{"type": "Text", "text": "a"}], "modifiers": [{"listStyle": "=$k > 20 ? 'plain' : 'insetGrouped'"}]}"#,
        #"{"type": "NavigationStack", "titleDisplayMode": "=V", "toolbarVisibility": "=$k == 17 ? 'hidden' : 'visible'", "toolbar": [{"placement": "=$k == 19 ? 'topBarLeading' : 'topBarTrailing'", "content": {"type": "Text", "text": "a"}}], "content": {"type": "Text", "text": "x", "modifiers": [{"toolbar": "=$k == 18 ? 'hidden' : 'automatic'"}]}}"#,
        #"{"type": "ScrollView", "axis": "=V", "children": [{"type": "Text", "text": "a"}]}"#,
        #"{"type": "TextField", "style": "=V", "prompt": "Search"}"#,
        #"{"type": "Button", "title": "Go", "style": "=V", "controlSize": "=$k == 21 ? 'large' : 'small'", "action": [{"set": {"k": 1}}]}"#,
        #"{"type": "Text", "text": "x", "modifiers": [{"alert": {"isPresented": "shown", "buttons": [{"title": "=V", "role": "=V"}, {"title": "OK", "id": "=V"}], "message": "${V}"}}]}"#,
        #"{"type": "Rectangle", "fill": {"linearGradient": {"colors": ["=V", "blue"], "startPoint": "=$k == 24 ? 'topLeading' : 'top'", "endPoint": {"x": "=$k / 40"}}}}"#,
        #"{"type": "LinearGradient", "stops": [{"color": "=V", "location": 0}, {"color": "red", "location": "=$k / 40"}]}"#,
        #"{"type": "Text", "text": "x", "modifiers": [{"foregroundStyle": {"linearGradient": {"colors": ["red", "=V"]}}}, {"background": {"linearGradient": {"colors": ["=V", "red"], "endPoint": "=$k == 24 ? 'topLeading' : 'bottom'"}}}]}"#,
        #"{"type": "Capsule", "stroke": {"linearGradient": {"colors": ["red", "=V"]}}, "lineWidth": 2}"#,
        #"{"type": "Color", "color": {"linearGradient": {"colors": ["red", "=V"]}}}"#,
        #"{"type": "Text", "text": "x", "modifiers": [{"background": {"color": "=V", "opacity": 0.5}}]}"#,
        #"{"type": "Text", "text": "x", "modifiers": [{"gesture": {"drag": {"minimumDistance": "=V"}, "onEnded": [{"set": {"k": 0}}]}}]}"#,
        #"{"type": "VStack", "alignment": "=V", "children": [{"type": "Text", "text": "a"}]}"#,
        #"{"type": "HStack", "alignment": "=V", "spacing": {"scaledMetric": "=$k"}, "children": [{"type": "Text", "text": "a"}]}"#,
        #"{"type": "ZStack", "alignment": "=V", "children": [{"type": "Text", "text": "a"}]}"#,
        #"{"type": "RoundedRectangle", "cornerRadius": 4, "style": "=V", "fill": "red"}"#,
        #"{"type": "Text", "text": "x", "modifiers": [{"background": {"content": "=V", "alignment": "=$k == 30 ? 'top' : 'center'"}}]}"#,
        #"{"type": "Text", "text": "x", "modifiers": [{"overlay": {"style": "=V", "in": {"roundedRectangle": "=$k"}}}, {"background": {"style": "thinMaterial", "in": "=$k == 31 ? 'capsule' : 'circle'"}}]}"#,
        #"{"type": "Text", "text": "x", "modifiers": [{"overlay": {"content": {"style": "red", "in": "=V"}, "alignment": "top"}}, {"background": {"content": "thinMaterial", "alignment": "=$k == 30 ? 'top' : 'center'"}}]}"#,
        #"{"type": "Text", "text": "x", "modifiers": [{"safeAreaInset": {"edge": "=V", "alignment": "=$k == 27 ? 'leading' : 'center'", "content": {"type": "Text", "text": "a"}}}]}"#,
        #"{"type": "Button", "title": "Go", "borderShape": "=V", "action": [{"set": {"k": 1}}]}"#,
        #"{"type": "Button", "title": "=V", "borderShape": {"roundedRectangle": "=$k"}}"#,
        #"{"type": "ViewThatFits", "in": "=V", "children": [{"type": "Text", "text": "a"}]}"#,
        #"{"type": "ViewThatFits", "in": ["=V", "vertical"], "children": [{"type": "Text", "text": "a"}]}"#,
        #"{"type": "Text", "text": "\\$5 ${V}"}"#, #"{"type": "Text", "text": "\\=${V}", "modifiers": [{"id": "\\\\x${V}"}]}"#,
        #"{"type": "Text", "text": "x", "modifiers": [{"gesture": {"sequenced": [{"longPress": {"minimumDuration": "=V"}}, {"drag": {}}], "updating": {"shown": true}}}]}"#
    ]

    @Test(arguments: views) func everyValueGivesWhatReadingTheJSONGives(_ view: String) throws {
        let written = view.replacingOccurrences(of: "=V", with: "=" + Self.picker).replacingOccurrences(of: "${V}", with: "${" + Self.picker + "}")
        let t = try support.template(
            """
            {"canvas": {"width": 200, "height": 200}, "state": {"k": 0, "rows": [{"id": 1}, {"id": 2}], "t": "hello", "shown": true, "hidden": false},
             "components": {"Badge": {"parameters": {"label": "string", "count": {"type": "number", "default": 0}},
               "body": {"type": "HStack", "children": [{"type": "Text", "text": "$label"}, {"type": "Text", "text": "${$count}"}]}}},
             "root": {"type": "VStack", "children": [\(written)]}}
            """)
        try support.expectEveryValueAsReadWhole(t, values: Self.values, what: view)
        let parts = try #require(t.readOnce)
        guard case .compiledView(let o)? = parts.part(at: try support.first(t, "children").location, inList: false) else {
            Issue.record("\(view) is not compiled")
            return
        }
        #expect(Self.readForEachState(o, parts).isEmpty, "\(view): read from JSON for each state: \(Self.readForEachState(o, parts))")
    }

    /// The places inside `o` a state reads from JSON: views and modifiers neither compiled nor
    /// made once.
    static func readForEachState(_ o: CompiledViewObject, _ parts: ReadOnceParts, inList: Bool = false) -> [String] {
        func view(_ v: CompiledView, inList: Bool) -> [String] {
            switch v {
            case .compiled(let inner): return readForEachState(inner, parts, inList: inList)
            case .read(let json):
                switch parts.part(at: json.location, inList: inList) {
                case .view?: return []
                case .compiledView(let inner)?: return readForEachState(inner, parts, inList: inList)
                default: return ["\(json.location)"]
                }
            }
        }
        func label(_ l: CompiledLabel?) -> [String] {
            if case .view(let v)? = l { return view(v, inList: inList) }
            return []
        }
        var read: [String] = []
        for slot in o.modifiers {
            switch slot {
            case .made(let part, let json):
                if case .read = part { read.append("\(json.location)") }
            case .layer(_, .view(let content), _, _), .inset(_, _, _, let content, _): read += view(content, inList: inList)
            case .layer: break
            case .read(let json): read.append("\(json.location)")
            }
        }
        switch o.body {
        case .stack(_, _, _, let children), .zstack(_, let children), .group(let children), .geometry(let children, _):
            read += children.flatMap { view($0, inList: inList) }
        case .forEach(let f): read += view(f.content, inList: inList)
        case .branch(_, let then, let otherwise): read += [then, otherwise].compactMap { $0 }.flatMap { view($0, inList: inList) }
        case .component(_, _, let body, _): read += view(body, inList: inList)
        case .system(let s):
            switch s {
            case .list(_, _, _, let children): read += children.flatMap { view($0, inList: true) }
            case .section(let header, let footer, let children):
                read += label(header) + label(footer) + children.flatMap { view($0, inList: inList) }
            case .scrollView(_, _, let children), .viewThatFits(_, _, let children): read += children.flatMap { view($0, inList: inList) }
            case .label(_, .view(let icon)): read += view(icon, inList: inList)
            case .toggle(let l, _): read += label(l)
            case .navigationStack(let bar, let content):
                for case .items(let items) in bar.settings { read += items.flatMap { view($0.content, inList: inList) } }
                read += view(content, inList: inList)
            case .button(let b): read += label(b.label)
            case .label, .textField, .spacer, .made: break
            }
        case .text, .color, .shape, .image, .symbol: break
        }
        return read
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

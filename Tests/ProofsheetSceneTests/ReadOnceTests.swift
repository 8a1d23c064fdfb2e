import Foundation
import Proofsheet
import ProofsheetLayout

@testable import ProofsheetScene
import ProofsheetTimeline
import ProofsheetTestSupport
import Testing

/// The parts of a scene that read nothing from the state are made once, when the template is
/// read: every state, still and timeline frame is what reading every view again gives, and a
/// limit passed names the same view with the same words.
@Suite("Parts read once")
struct ReadOnceTests {
    /// The same template, reading every view again for each state.
    func readingEverything(_ t: SceneTemplate) -> SceneTemplate {
        var plain = t
        plain.readOnceCache = nil
        return plain
    }

    /// `value` written out whole, field by field: dictionaries and sets in sorted order (their
    /// own order differs between equal ones), closures as `(function)`.
    func text(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.children.isEmpty { return "\(value)" }
        let parts = mirror.children.map { (label, child) in (label.map { $0 + ": " } ?? "") + text(child) }
        switch mirror.displayStyle {
        case .dictionary?, .set?: return "\(mirror.subjectType)[" + parts.sorted().joined(separator: ", ") + "]"
        default: return "\(mirror.subjectType)(" + parts.joined(separator: ", ") + ")"
        }
    }

    func template(_ json: String) throws -> SceneTemplate { try SceneDecoder().template(bytes: Array(json.utf8), file: "t.json") }

    static let examples = [
        "gallery", "gradient-stack", "review", "swipe-stack", "swipe-to-delete", "system-views", "travel-deck", "travel-deck-all-trips"
    ]

    /// Every example's default state and stills, plain and in a dark, right-to-left, largest
    /// accessibility text variant on another device: the same scene and the same display list.
    @Test(arguments: examples) func everyStillIsTheSceneReadWhole(_ name: String) throws {
        let loaded = try SceneDecoder().template(file: Paths.root + "/Assets/Scenes/\(name).json")
        let variant = Variant(colorScheme: .dark, dynamicTypeSize: .accessibility5, layoutDirection: .rightToLeft)
        for template in [loaded, loaded.with(variant: variant).on(try Device.named("iPhone SE"))] {
            let parts = try #require(template.readOnce, "\(name) has parts read once")
            #expect(parts.count > 0)
            let plain = readingEverything(template)
            for still in [nil] + template.stills.map(\.name) {
                let state = try template.state(still: still)
                let once = try template.instantiate(state), whole = try plain.instantiate(state)
                #expect(text(once) == text(whole), "\(name) \(still ?? "default")")
                // And what it takes from the budget: views, text and bytes of strings read.
                let a = ViewBudget(), b = ViewBudget()
                _ = try template.instantiate(state, unread: nil, budget: a)
                _ = try plain.instantiate(state, unread: nil, budget: b)
                #expect(a.left == b.left, "\(name) \(still ?? "default"): \(a.left) left, \(b.left) reading it whole")
                #expect(
                    try sharedRenderer.layout(once).displayList.dump() == sharedRenderer.layout(whole).displayList.dump(),
                    "\(name) \(still ?? "default")")
            }
            // The compiled template: no state read any view or modifier from its JSON.
            #expect(parts.readsFromJSON == 0, "\(name): \(parts.readsFromJSON) views and modifiers read from JSON")
        }
    }

    /// Every timeline of every example, at instants through it: the same frames.
    @Test(arguments: examples) func everyTimelineRunsAsReadWhole(_ name: String) throws {
        let se = try Device.named("iPhone SE")
        let template = try SceneDecoder().template(file: Paths.root + "/Assets/Scenes/\(name).json").on(se)
        let framing = TimelineFraming(device: se, scale: 1)
        for timeline in template.timelines.map(\.name) {
            let once = try sharedRenderer.run(of: template, timeline: timeline, framing: framing)
            let whole = try sharedRenderer.run(of: readingEverything(template), timeline: timeline, framing: framing)
            let end = min(try once.settledEnd(), 4)
            for k in 0...8 {
                let t = end * Double(k) / 8
                let a = try once.frame(at: t), b = try whole.frame(at: t)
                #expect(text(a.tree) == text(b.tree) && a.state == b.state, "\(name) \(timeline) at \(t)")
            }
        }
        #expect(try #require(template.readOnce).readsFromJSON == 0, "\(name): views and modifiers read from JSON during its timelines")
    }

    /// What is made once and what is read for each state.
    @Test func fixedPartsAreTheLargestThatReadNothing() throws {
        let t = try template(
            """
            {"canvas": {"width": 200, "height": 200}, "state": {"on": false},
             "components": {"Badge": {"parameters": {"label": "string"}, "body": {"type": "Text", "text": "$label"}}},
             "root": {"type": "VStack", "children": [
               {"type": "HStack", "children": [{"type": "Text", "text": "a"}, {"type": "Text", "text": "b"}], "modifiers": [{"padding": 4}]},
               {"type": "Text", "text": "=$on ? 'on' : 'off'", "modifiers": [{"padding": 8}, {"opacity": "=$on ? 1 : 0.5"}, {"onTapGesture": [{"set": {"on": "=!$on"}}]}]},
               {"type": "Badge", "label": "new"},
               {"type": "GeometryReader", "content": {"type": "Text", "text": "fixed"}}
             ]}}
            """)
        let parts = try #require(t.readOnce)
        func at(_ path: String) -> ReadOnceParts.Part? {
            // The parts are kept by place; find the value at `path` by walking the document.
            var v = t.document
            for step in path.split(separator: "/") {
                if let i = Int(step), case .array(let items) = v.kind { v = items[i] } else { v = v[String(step)]! }
            }
            return parts.part(at: v.location, inList: false)
        }
        // The HStack with its Texts and padding: one view part; nothing inside it is kept.
        guard case .view? = at("root/children/0") else { Issue.record("the fixed HStack is not one part"); return }
        #expect(at("root/children/0/children/0") == nil && at("root/children/0/modifiers/0") == nil)
        // The Text reading the state is compiled (as is the VStack around it); its fixed
        // padding is a part, its opacity is compiled (an expression tree each state evaluates),
        // its tap is a part (less what it captures).
        func isRead(_ path: String) -> Bool { if case .read? = at(path) { true } else { false } }
        func isCompiled(_ path: String) -> Bool { if case .compiledView? = at(path) { true } else { false } }
        #expect(isCompiled("root/children/1") && isCompiled("root"))
        guard case .modifier? = at("root/children/1/modifiers/0") else { Issue.record("the padding is not a part"); return }
        guard case .compiled(let opacity)? = at("root/children/1/modifiers/1"), case .opacity(.expression, _) = opacity.modifier else {
            Issue.record("the opacity is not compiled")
            return
        }
        guard case .gesture? = at("root/children/1/modifiers/2") else { Issue.record("the tap is not a part"); return }
        // A component's use is compiled with its body, and a GeometryReader with its content,
        // whose fixed view is a part.
        #expect(isCompiled("root/children/2") && isCompiled("root/children/3"))
        guard case .view? = at("root/children/3/content") else { Issue.record("the reader's content is not a part"); return }
        for on in [false, true] {
            let state = try t.state(sets: ["on=\(on)"])
            #expect(text(try t.instantiate(state)) == text(try readingEverything(t).instantiate(state)))
        }
    }

    /// A component's fixed body is made for each context it is used in: a `Label` in a list
    /// draws its icon in the accent colour, one outside does not.
    @Test func aPartIsMadeForInsideAListAndOutsideIt() throws {
        let t = try template(
            """
            {"canvas": {"width": 200, "height": 300}, "state": {"on": false},
             "components": {"Row": {"body": {"type": "Label", "title": "Star", "systemImage": "star"}}},
             "root": {"type": "VStack", "children": [
               {"type": "Row"}, {"type": "List", "children": [{"type": "Row"}]}, {"type": "Text", "text": "=$on ? 'on' : 'off'"}]}}
            """)
        let once = try t.instantiate(t.defaultState), whole = try readingEverything(t).instantiate(t.defaultState)
        #expect(text(once) == text(whole))
        #expect(try sharedRenderer.layout(once).displayList.dump() == sharedRenderer.layout(whole).displayList.dump())
    }

    /// A tap inside a ForEach captures its own element, though its gesture was made once.
    @Test func aGestureMadeOnceCapturesItsElement() throws {
        let t = try template(
            """
            {"canvas": {"width": 200, "height": 200}, "state": {"picked": ""},
             "root": {"type": "VStack", "children": [{"type": "ForEach", "data": ["alpha-x", "beta-y"], "as": "name", "content":
               {"type": "Text", "text": "$name", "modifiers": [{"onTapGesture": [{"set": {"picked": "$name"}}]}]}}]}}
            """)
        let scene = try t.instantiate(t.defaultState)
        let plain = try readingEverything(t).instantiate(t.defaultState)
        let dumped = text(scene)
        #expect(dumped == text(plain))
        // Each element's name is its text and what its tap captures.
        #expect(dumped.components(separatedBy: "alpha-x").count == 3 && dumped.components(separatedBy: "beta-y").count == 3)
    }

    /// Many large fixed parts are not each made whole when the file is read: together they take
    /// at most what one instantiation may, and the scene is refused as reading it whole does.
    @Test func manyLargeFixedPartsAreMadeWithinOneBudget() throws {
        // 40 fixed lists of 2 000 rows of 3 views: 240 000 views, past the 200 000 a scene may
        // expand to, though each list alone is within it.
        let row = #"{"type": "HStack", "children": [{"type": "Text", "text": "a"}, {"type": "Text", "text": "b"}]}"#
        let list = #"{"type": "VStack", "children": [{"type": "ForEach", "count": 2000, "content": \#(row)}]}"#
        let t = try template(
            #"{"canvas": {"width": 200, "height": 200}, "state": {"on": false}, "root": {"type": "VStack", "children": ["#
                + #"{"type": "Text", "text": "=$on ? 'on' : 'off'"}, "# + Array(repeating: list, count: 40).joined(separator: ", ") + "]}}")
        let parts = try #require(t.readOnce)
        #expect(parts.count > 0 && parts.views <= Scene.Limits.views.int, "\(parts.count) parts of \(parts.views) views")
        func message(_ t: SceneTemplate) -> String {
            do {
                _ = try t.instantiate(t.defaultState)
                return "no error"
            } catch { return "\(error)" }
        }
        #expect(message(t).contains("more than 200000 views and modifiers"))
        #expect(message(t) == message(readingEverything(t)))
    }

    /// A fixed part that passes a limit is read again, so the error names the view that passes
    /// it, as reading every view does.
    @Test func aLimitPassedInAFixedPartNamesTheSameView() throws {
        // 1 000 elements of a fixed 1 500-character text: the scene's text passes 1 000 000
        // characters at element 667.
        let long = String(repeating: "x", count: 1500)
        let t = try template(
            """
            {"canvas": {"width": 200, "height": 200}, "state": {"n": 1000},
             "root": {"type": "VStack", "children": [{"type": "ForEach", "count": "$n", "content":
               {"type": "VStack", "children": [{"type": "Text", "text": "\(long)"}]}}]}}
            """)
        func message(_ t: SceneTemplate) -> String {
            do {
                _ = try t.instantiate(t.defaultState)
                return "no error"
            } catch { return "\(error)" }
        }
        let once = message(t)
        #expect(once.contains("more than 1000000 characters of text"), "\(once)")
        #expect(once.contains("$.root.children[0].content.children[0].text"), "\(once)")
        #expect(once == message(readingEverything(t)))
        // Within the limit, the parts are taken as they are.
        let fits = try t.state(sets: ["n=600"])
        #expect(text(try t.instantiate(fits)) == text(try readingEverything(t).instantiate(fits)))
    }
}

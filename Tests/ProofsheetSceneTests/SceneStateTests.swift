import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetTesting
import ProofsheetLayout

/// A scene is a template instantiated with a state: validation of every branch at load time,
/// typed state, stills, `--set`, keys, and instantiation sharing nothing.
@Suite("Scene state")
struct SceneStateTests {
    func template(_ text: String) throws -> SceneTemplate { try SceneDecoder().template(bytes: Array(text.utf8), file: "t.json") }

    func loadError(_ text: String) -> ProofsheetError? {
        do { _ = try template(text); return nil } catch let e as ProofsheetError { return e } catch { return nil }
    }

    /// A scene file with `state`, `stills` and a root view.
    func file(state: String = "{}", vars: String = "{}", stills: String = "{}", root: String) -> String {
        """
        {
          "canvas": {"width": 100, "height": 100},
          "state": \(state),
          "vars": \(vars),
          "stills": \(stills),
          "root": \(root)
        }
        """
    }

    let deck = """
        {
          "canvas": {"width": 100, "height": 100},
          "state": {
            "drag": {"type": "size?"},
            "phase": {"type": {"enum": ["inactive", "pressing", "dragging"]}, "default": "inactive"},
            "accent": {"type": "string", "default": "blue"},
            "tint": {"type": "color", "default": "red"}
          },
          "vars": {"dx": "=$drag.width ?? 0"},
          "stills": {
            "rest": {},
            "dragging-right": {"drag": {"width": 120, "height": 10}},
            "pressing": {"phase": "pressing"},
            "navy": {"accent": "navy"}
          },
          "root": {"type": "Text", "text": "${$dx} ${$phase}", "modifiers": [{"foregroundColor": "$accent"}]}
        }
        """

    /// The text of the scene's root `Text`.
    func text(_ scene: Scene) -> String? {
        var n = scene.root
        while true {
            switch n {
            case .text(let t): return t
            case .modified(let inner, _), .located(let inner, _), .branch(_, let inner), .keyed(_, let inner): n = inner
            default: return nil
            }
        }
    }

    // MARK: Validation of every branch

    @Test func unknownViewInAnUntakenElseIsALoadError() throws {
        let e = try #require(
            loadError(
                file(
                    root: """
                        {"type": "If", "condition": true, "then": {"type": "Text", "text": "a"},
                         "else": {"type": "Txt", "text": "b"}}
                        """)))
        #expect(e.message.contains("unknown view type 'Txt'"))
        #expect(e.location?.path == "$.root.else.type")
        #expect(e.hint?.contains("'Text'") == true)
    }

    @Test func everyBranchAndBodyIsCheckedWhateverTheState() {
        // A bad modifier inside a ForEach over no elements, and an unknown variable in an
        // expression on a branch the default state never takes.
        #expect(
            loadError(file(root: #"{"type": "ForEach", "data": [], "content": {"type": "Text", "text": "x", "modifiers": [{"paddng": 1}]}}"#))?
                .message.contains("unknown modifier 'paddng'") == true)
        #expect(
            loadError(
                file(
                    state: #"{"on": false}"#,
                    root: #"{"type": "If", "condition": "$on", "then": {"type": "Text", "text": "=$nope + 1"}}"#))?
                .message.contains("unknown variable '$nope'") == true)
        #expect(
            loadError(file(root: #"{"type": "GeometryReader", "content": {"type": "Colour", "color": "red"}}"#))?.message.contains("'Colour'")
                == true)
        // The untaken side of a ternary is read too.
        #expect(loadError(file(root: #"{"type": "Text", "text": "=true ? 'a' : $missing"}"#))?.message.contains("$missing") == true)
    }

    @Test func anUnsetOptionalIsAStateOfItsOwn() throws {
        let t = try template(deck)
        #expect(t.defaultState.values["drag"] == .null)
        #expect(text(try t.scene()) == "0 inactive")
        #expect(text(try t.scene(still: "dragging-right")) == "120 inactive")
        #expect(text(try t.scene(sets: ["drag=0,0"])) == "0 inactive")
    }

    // MARK: --set and stills

    @Test func precedenceIsDefaultsThenStillThenSet() throws {
        let t = try template(deck)
        #expect(text(try t.scene(still: "pressing")) == "0 pressing")
        #expect(text(try t.scene(still: "pressing", sets: ["phase=dragging"])) == "0 dragging")
        #expect(text(try t.scene(still: "dragging-right", sets: ["drag.width=-40"])) == "-40 inactive")
        // A field of an unset size starts from zero.
        #expect(try t.state(sets: ["drag.width=120"]).values["drag"] == .object(["width": .number(120), "height": .number(0)]))
        #expect(text(try t.scene(sets: [#"drag={"width":7,"height":1}"#])) == "7 inactive")
        // null unsets an optional value again.
        #expect(text(try t.scene(still: "dragging-right", sets: ["drag=null"])) == "0 inactive")
        let s = try t.state(still: "dragging-right", sets: ["phase=pressing"])
        #expect(s.origins["drag"] == .still("dragging-right", t.stills[1].assignments[0].location))
        #expect(s.origins["phase"] == .set("phase=pressing"))
    }

    @Test func badSetValuesAreReportedWhereTheyAreWritten() throws {
        let t = try template(deck)
        func setError(_ s: String) -> ProofsheetError? {
            do { _ = try t.state(sets: [s]); return nil } catch let e as ProofsheetError { return e } catch { return nil }
        }
        let unknown = try #require(setError("drg=1,2"))
        #expect(unknown.exitCode == 2)
        #expect(unknown.message.contains("--set drg=1,2"))
        #expect(unknown.hint?.contains("did you mean 'drag'?") == true)
        #expect(unknown.hint?.contains("drag: size? = unset") == true)
        #expect(unknown.hint?.contains("phase: inactive|pressing|dragging = inactive") == true)
        #expect(setError("drag=wide")?.message.contains("'wide' is not a size") == true)
        #expect(setError("phase=presing")?.hint == "did you mean 'pressing'?")
        #expect(setError("tint=navy")?.message.contains("'navy' is not a colour") == true)
        #expect(setError("accent")?.message.contains("expected NAME=VALUE") == true)
        #expect(setError("dx=3")?.message.contains("is a constant") == true)
        #expect(setError("drag.depth=3")?.hint?.contains("width, height") == true)
        #expect(setError("phase.x=3")?.message.contains("has no fields") == true)
    }

    @Test func aWrongValueNamesWhereItWasWrittenAndWhereItIsUsed() throws {
        let t = try template(deck)
        func useError(still: String? = nil, sets: [String] = []) -> ProofsheetError? {
            do { _ = try t.scene(still: still, sets: sets); return nil } catch let e as ProofsheetError { return e } catch { return nil }
        }
        let fromStill = try #require(useError(still: "navy"))
        #expect(fromStill.message.contains("'navy' is not a colour"))
        #expect(fromStill.location?.path == "$.root.modifiers[0].foregroundColor")
        #expect(fromStill.message.contains("$accent comes from the still 'navy' at t.json:"))
        let fromSet = try #require(useError(sets: ["accent=teel"]))
        #expect(fromSet.message.contains("$accent comes from --set accent=teel"))
        #expect(fromSet.hint?.contains("'teal'") == true)
        // A default of the wrong type is refused where it is written.
        let d = try #require(loadError(file(state: #"{"n": {"type": "number", "default": "3"}}"#, root: #"{"type": "EmptyView"}"#)))
        #expect(d.location?.path == "$.state.n.default")
        #expect(d.message.contains("expected a number"))
    }

    @Test func stillNamesBecomePartsOfPathsSoTheyAreChecked() throws {
        for bad in ["Rest", "default", "-x", "a_b", "a/b", "..", "", String(repeating: "a", count: 65), "é"] {
            let text = file(state: #"{"n": 1}"#, stills: "{\(String(reflecting: bad)): {}}", root: #"{"type": "EmptyView"}"#)
            let e = try #require(loadError(text), "\(bad) was accepted")
            #expect(e.exitCode == 2)
            #expect(e.hint?.contains("reserved") == true, "\(bad)")
        }
        for good in ["rest", "a", "0", "dragging-right", String(repeating: "a", count: 64)] {
            #expect(Still.isValidName(good))
        }
        let wrongValue = try #require(loadError(file(state: #"{"n": 1}"#, stills: #"{"x": {"n": true}}"#, root: #"{"type": "EmptyView"}"#)))
        #expect(wrongValue.location?.path == "$.stills.x.n")
        let unknown = try #require(loadError(file(state: #"{"n": 1}"#, stills: #"{"x": {"m": 2}}"#, root: #"{"type": "EmptyView"}"#)))
        #expect(unknown.message.contains("no state named 'm'"))
        #expect(throws: ProofsheetError.self) { try template(deck).scene(still: "nope") }
    }

    @Test func textsThatStartWithEqualsOrDollarHaveAnEscape() throws {
        let t = try template(file(state: #"{"n": 2}"#, root: #"{"type": "Text", "text": "\\=$n costs \\${n} or ${$n}"}"#))
        #expect(text(try t.scene()) == "=$n costs ${n} or 2")
        #expect(text(try template(file(root: #"{"type": "Text", "text": "\\$5"}"#)).scene()) == "$5")
        #expect(text(try template(file(root: #"{"type": "Text", "text": "\\\\n"}"#)).scene()) == "\\n")
    }

    @Test func expressionsReadOnlyTheOperandTheyNeed() throws {
        let vars: [String: ScriptValue] = ["drag": .null, "size": .object(["width": .number(3)])]
        #expect(try Expression.evaluate("$drag ? $drag.width : 0", vars: vars) == .number(0))
        #expect(try Expression.evaluate("$drag.width ?? 5", vars: vars) == .number(5))
        #expect(try Expression.evaluate("$size.width ?? 5", vars: vars) == .number(3))
        #expect(try Expression.evaluate("$drag && $drag.width > 80", vars: vars) == .bool(false))
        #expect(try Expression.evaluate("!$drag || $drag.width > 80", vars: vars) == .bool(true))
        #expect(throws: ExpressionError.self) { try Expression.evaluate("$drag.width > 80", vars: vars) }
        #expect(throws: ExpressionError.self) { try Expression.evaluate("true ? 1 : $nope", vars: vars) }
        #expect(try Expression.evaluate("false ? 1 / 0 : 2", vars: vars) == .number(2))
    }

    // MARK: Identity

    /// The keys of the ForEach elements under the root VStack.
    func keys(_ scene: Scene) -> [String] {
        guard case .stack(_, _, _, let children) = scene.root, case .group(let items)? = children.first else { return [] }
        return items.compactMap {
            if case .keyed(let k, _) = $0 { return k }; return nil
        }
    }

    @Test func forEachElementsKeepTheirKeysWhenEarlierOnesAreRemoved() throws {
        let t = try template(
            file(
                state: #"{"trips": [{"city": "Yosemite"}, {"city": "Venice"}, {"city": "Tokyo"}]}"#,
                root:
                    #"{"type": "VStack", "children": [{"type": "ForEach", "data": "$trips", "as": "trip", "key": "$trip.city", "content": {"type": "Text", "text": "$trip.city"}}]}"#
            ))
        #expect(t.warnings.isEmpty)
        #expect(keys(try t.scene()) == ["Yosemite", "Venice", "Tokyo"])
        #expect(keys(try t.scene(sets: [#"trips=[{"city": "Venice"}, {"city": "Tokyo"}]"#])) == ["Venice", "Tokyo"])
        // Without a key: the element's id, else its position with a warning at load time.
        let byID = try template(
            file(root: #"{"type": "VStack", "children": [{"type": "ForEach", "data": [{"id": 7}, {"id": "x"}], "content": {"type": "EmptyView"}}]}"#))
        #expect(keys(try byID.scene()) == ["7", "x"])
        #expect(byID.warnings.isEmpty)
        let byIndex = try template(
            file(root: #"{"type": "VStack", "children": [{"type": "ForEach", "data": ["a", "b"], "content": {"type": "EmptyView"}}]}"#))
        #expect(keys(try byIndex.scene()) == ["0", "1"])
        #expect(byIndex.warnings.count == 1)
        #expect(byIndex.warnings.first?.contains("add \"key\"") == true)
        let duplicate = try #require(
            loadErrorOnScene(
                file(
                    root: #"{"type": "VStack", "children": [{"type": "ForEach", "data": [1, 1], "key": "$item", "content": {"type": "EmptyView"}}]}"#)
            ))
        #expect(duplicate.message.contains("the same key '1'"))
    }

    func loadErrorOnScene(_ text: String) -> ProofsheetError? {
        do { _ = try template(text).scene(); return nil } catch let e as ProofsheetError { return e } catch { return nil }
    }

    @Test func theBuilderKeepsTheBranchTakenAndForEachKeys() {
        struct Row: View {
            var on: Bool
            var body: some View {
                if on { Text("on") } else { Color.red }
            }
        }
        guard case .group(let parts) = Row(on: true).node, case .branch("then", _)? = parts.first else {
            Issue.record("no then branch: \(Row(on: true).node)")
            return
        }
        guard case .group(let others) = Row(on: false).node, case .branch("else", _)? = others.first else {
            Issue.record("no else branch")
            return
        }
        struct Trip: Identifiable { var id: String }
        guard case .group(let items) = ForEach([Trip(id: "a"), Trip(id: "b")], content: { Text($0.id) }).node,
            case .keyed("b", _)? = items.last
        else {
            Issue.record("no keys")
            return
        }
    }

    // MARK: Instantiation shares nothing

    @Test func aThousandInstantiationsDoNotGrowMemory() async {
        // Measured in a process of its own: tests running beside it would move the figure.
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardErrorContent],
            performing: {
                let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/Scenes/gallery.json")
                func residentBytes() -> Int {
                    let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ") ?? []
                    return (statm.count > 1 ? Int(statm[1]) ?? 0 : 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
                }
                let t = try SceneDecoder().template(file: url.path)
                var at100 = 0
                for k in 1...1000 {
                    _ = try t.scene()
                    if k == 100 { at100 = residentBytes() }
                }
                let grown = residentBytes() - at100
                FileHandle.standardError.write(Data("grew \(grown >> 10) KiB\n".utf8))
                if grown >= 20 << 20 { exit(1) }
            })
        // The figure, in the failure and in the log: "grew N KiB" (fails at 20 MiB).
        let said = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(said.contains("grew ") && result?.exitStatus == .exitCode(0), "\(said)")
    }
}

/// Identity through layout: the same view in two states of a scene file is the same view.
@Suite("Identity across states")
struct IdentityAcrossStatesTests {
    let renderer: Renderer
    init() throws { renderer = try Renderer() }

    func tree(_ template: SceneTemplate, still: String? = nil, sets: [String] = []) throws -> ResolvedView {
        try renderer.layout(try template.scene(still: still, sets: sets)).tree
    }

    @Test func theTopCardIsTheSameViewAtRestAndWhileDragged() throws {
        let deck = try SceneDecoder().template(file: Paths.root + "/Assets/Scenes/travel-deck.json")
        let rest = try tree(deck, still: "rest"), dragged = try tree(deck, still: "dragging-right")
        let a = try #require(rest.find("card-0")), b = try #require(dragged.find("card-0"))
        #expect(a.identity == b.identity)
        #expect(a.identity.path.contains("[Yosemite, USA]"), "\(a.identity)")
        // Drawn elsewhere, laid out in the same place.
        #expect(a.frame == b.frame)
    }

    @Test func elementsKeepTheirIdentityWhenOnesBeforeThemAreRemoved() throws {
        let t = try SceneDecoder().template(
            bytes: Array(
                """
                {"canvas": {"width": 100, "height": 100},
                 "state": {"trips": [{"city": "Yosemite"}, {"city": "Venice"}, {"city": "Tokyo"}], "open": false},
                 "root": {"type": "VStack", "children": [
                   {"type": "If", "condition": "$open", "then": {"type": "Text", "text": "open"}},
                   {"type": "ForEach", "data": "$trips", "as": "trip", "key": "$trip.city",
                    "content": {"type": "Text", "text": "$trip.city", "modifiers": [{"id": "=$trip.city"}]}},
                   {"type": "Color", "color": "red", "modifiers": [{"id": "after"}]}]}}
                """.utf8), file: "t.json")
        let all = try tree(t)
        let fewer = try tree(t, sets: [#"trips=[{"city": "Venice"}, {"city": "Tokyo"}]"#, "open=true"])
        for name in ["Venice", "Tokyo", "after"] {
            let a = try #require(all.find(name)), b = try #require(fewer.find(name))
            #expect(a.identity == b.identity, "\(name): \(a.identity) vs \(b.identity)")
        }
        #expect(all.find("Yosemite") != nil && fewer.find("Yosemite") == nil)
        // The branch taken is part of the identity of the views inside it.
        #expect(fewer.children.first?.identity.path.contains("?then") == true, "\(fewer.children.map(\.identity))")
    }
}

import Foundation
import Testing
import Proofsheet

/// What bounds the work of a running scene: the state's size per change, markers evaluated
/// only when what they read changes.
@Suite("State budget")
struct StateBudgetTests {
    func template(_ text: String) throws -> SceneTemplate { try SceneDecoder().template(bytes: Array(text.utf8), file: "t.json") }

    /// The actions of the first event of the timeline `name`.
    func actions(_ t: SceneTemplate, _ name: String) throws -> [SceneAction] {
        guard case .actions(let a)? = try t.timeline(named: name).events.first?.kind else { throw ProofsheetError.internal("no actions") }
        return a
    }

    @Test func measuringAValueSharedAMillionTimesOverStopsAtTheLimit() {
        // 2^30 values when written out, a few hundred bytes in memory: each level holds the last twice.
        var v = ScriptValue.array([.string("ab")])
        for _ in 0..<30 { v = .array([v, v]) }
        let started = Date()
        let size = StateBudget.size(of: v, values: 1000, bytes: .max, depth: .max)
        #expect(size.values == 1001)
        #expect(Date().timeIntervalSince(started) < 1)
        // Strings, keys and depth are counted too.
        let small = StateBudget.size(of: .object(["key": .array([.string("abc"), .number(1)])]), values: 100, bytes: 100, depth: 100)
        #expect(small.values == 4 && small.bytes == 6 && small.depth == 3)
    }

    @Test func anArrayAppendedToItselfStopsAtTheViewsLimitWhereTheActionIsWritten() throws {
        let t = try template(
            """
            {"canvas": {"width": 10, "height": 10}, "state": {"list": {"type": {"array": "any"}, "default": [1]}},
             "timelines": {"grow": [{"at": 0, "do": [{"append": "list", "value": "=$list"}]}]},
             "root": {"type": "EmptyView"}}
            """)
        let grow = try actions(t, "grow")
        var state = t.defaultState
        var appended = 0
        do {
            while appended < 40 {
                state = try t.run(grow, on: state).state
                appended += 1
            }
            Issue.record("40 doublings were allowed")
        } catch let e as ProofsheetError {
            // [1] is 2 values; each append doubles it: 2^18 passes 200 000 at the 17th.
            #expect(appended == 16)
            #expect(e.kind == .badInput && e.message.contains("'views' limit") && e.message.contains("appending to list"), "\(e.message)")
            #expect(e.location?.path == "$.timelines.grow[0].do[0].value" && e.location?.line == 2)
        }
    }

    @Test func removeTakesAWholeIndexInsideTheArray() throws {
        func scene(_ at: String) -> String {
            """
            {"canvas": {"width": 10, "height": 10}, "state": {"items": [1, 2, 3], "i": 0},
             "timelines": {"rm": [{"at": 0, "do": [{"remove": "items", "at": \(at)}]}]}, "root": {"type": "EmptyView"}}
            """
        }
        func items(_ at: String) throws -> ScriptValue? {
            let t = try template(scene(at))
            return try t.run(try actions(t, "rm"), on: t.defaultState).state.values["items"]
        }
        #expect(try items("0") == .array([.number(2), .number(3)]))
        #expect(try items("-1") == .array([.number(1), .number(2)]))
        #expect(try items("-3") == .array([.number(2), .number(3)]))
        #expect(try items("\"=$i + 2\"") == .array([.number(1), .number(2)]))
        // Refused where they are read: no array has these.
        for bad in ["1e9", "-1e9", "1.5", "\"x\"", "true"] {
            #expect(throws: ProofsheetError.self, "\(bad)") { _ = try template(scene(bad)) }
        }
        // Refused when they run: outside this array, or not whole.
        for bad in ["3", "-4", "\"=$i + 0.5\"", "\"=$i - 100\""] {
            #expect(throws: ProofsheetError.self, "\(bad)") { _ = try items(bad) }
        }
    }

    let markerScene = """
        {"canvas": {"width": 10, "height": 10}, "state": {"a": 0, "b": 0, "c": 0},
         "vars": {"twiceB": "=$b * 2", "viaB": "=$twiceB + 1"},
         "markers": {"second": "=$viaB > 4", "first": "=$a > 0", "never": "=$device.width < 0", "both": "=$a > 0 && $c > 0"},
         "root": {"type": "EmptyView"}}
        """

    @Test func markersKnowTheVariablesTheyReadThroughConstants() throws {
        let t = try template(markerScene)
        let reads = Dictionary(uniqueKeysWithValues: t.markers.map { ($0.name, $0.reads) })
        #expect(reads == ["second": ["b"], "first": ["a"], "never": [], "both": ["a", "c"]])
    }

    @Test func onlyMarkersReadingWhatChangedAreEvaluatedAgain() throws {
        let t = try template(markerScene)
        var truth = try t.markers(in: t.defaultState)
        #expect(truth.isEmpty)
        var state = t.defaultState
        var evaluations = 0
        func change(_ values: [String: Double]) throws -> [String] {
            var next = state
            for (k, v) in values { next.values[k] = .number(v) }
            defer { state = next }
            return try t.updateMarkers(&truth, from: state, to: next, evaluations: &evaluations)
        }
        // Turned true in the order declared.
        #expect(try change(["a": 1, "b": 3]) == ["second", "first"])
        #expect(truth == ["second", "first"])
        #expect(try change(["c": 1]) == ["both"])
        #expect(try change(["a": 0]) == [] && truth == ["second"])
        // A marker no variable it reads changed keeps its truth: made up here, it stays.
        truth.insert("never")
        #expect(try change(["c": 2]) == [] && truth.contains("never"))
        // The same as evaluating every marker, with 7 evaluations instead of 4 markers × 4 changes.
        #expect(truth.subtracting(["never"]) == (try t.markers(in: state)))
        #expect(evaluations == 7)
    }

    @Test func aMarkerIsAConditionGivingTrueOrFalse() throws {
        func load(_ marker: String) throws -> SceneTemplate {
            try template(
                #"{"canvas": {"width": 10, "height": 10}, "state": {"x": 0}, "markers": {"m": "# + marker + #"}, "root": {"type": "EmptyView"}}"#)
        }
        for bad in ["5", "\"big\"", "{\"if\": \"=$x > 1\"}", "true", "[1]", "\"=1 + 1\"", "\"='yes'\""] {
            #expect(throws: ProofsheetError.self, "\(bad)") { _ = try load(bad) }
        }
        // Known only with the state: refused when it runs.
        let t = try load("\"=$x\"")
        #expect(throws: ProofsheetError.self) { _ = try t.markers(in: t.defaultState) }
        #expect(try load("\"=$x > 0\"").markers(in: t.defaultState).isEmpty)
    }
}

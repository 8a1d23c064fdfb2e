import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
@testable import ProofsheetScene

/// Expressions read once into trees, the one evaluator: each gives what the evaluator of text
/// before it gave (value, error, work; `Fixtures/expressions.tsv`), a template reads every
/// expression of the example scenes when it is loaded and no state reads one again, and an error
/// found only for some state is located as before.
@Suite("Expression trees")
struct ExpressionTreeTests {
    static let sources = [
        "1 + 2 * 3 - 4 / 2 % 3", "-$n", "!$n", "!!$s", "($n + 1) * 2", "$n / 0", "$n % 0", "1 - 'a'", "'a' + 1 + $n + $s",
        "$s + $s + $s", "$s == 'ab'", "$a == $a", "$o == $o", "$a != [1]", "$n <= 3", "$n >= 4", "$n < $n", "$n > 'x'", "$s < 2",
        "$d ?? 0", "$d.width ?? 5", "$size.width ?? 0", "$size.depth", "$size.width.x", "$d ? $d.width : 0",
        "$n > 2 ? 'big' : 'small'", "$u ? 1 : 1", "$u ? 1 : 2", "$u || true", "$u && false", "$u ?? 3", "$n || $zzz",
        "true && $n / 0", "false && $n / 0", "true || $n / 0", "$d ?? $n / 0", "$a[0]", "$a[-1]", "$a[5]", "$a[1.5]", "$n[0]",
        "$d[0]", "$a[$n - 1]", "$o.list[1]", "slice($a, 1, 2)", "slice($a, -3, 99)", "slice($n, 0, 1)", "slice($a, 0.5, 1)",
        "count($a)", "count($s)", "count($o)", "count($d)", "count($n)", "min($n, 2)", "max($n, 'x')", "abs(-$n)", "abs($s)",
        "$zzz", "$siz.width", "$u.any.field", "$u[0]", "$o.b", "$o.a.c", "1 +", "(1", "$n ? 1", "'open", "1..2", "foo(1)",
        "slice($a 1)", "$a[0", "1 2", "$n == 1 == 2", "", "   7   ", "$u == $u", "-$u", "!$u", "$u + 1", "$s + $u",
        "$n > 2 ? $zzz : 0", "$n > 5 ? 1 / 0 : 2", "$o.list[1]", "$o.list[-1] + $o.a", "$p[1].tint", "$p[0].tint.x", "$p[2].tint",
        "$p[1].tnt", "$u[0].x[1]", "$d.x[0]", "$o[0]",
        "number(1234.5)", "number($n, 2)", "number($n, 11)", "number($s)", "number($u)", "number($n", "percent(0.25)",
        "percent($n, 1.5)", "currency($n, 'EUR')", "currency($n)", "currency($n, 'eur')", "currency($n, 3)", "date('2026-12-06')",
        "date('2026-12-06T14:30:00Z', 'time')", "date('2026-12-06T14:30+01:00', 'dateTime')", "date('2026-02-30')",
        "date($n, 'bogus')", "date(1e30)", "date($a)", "$n > 5 ? number($s) : 'no'", "'Only ' + currency(9.5, 'USD')"
    ]

    static let vars: [String: ScriptValue] = [
        "n": .number(3), "s": .string("ab"), "d": .null, "u": .unknown, "a": .array([.number(1), .number(2), .number(3)]),
        "size": .object(["width": .number(120), "height": .number(10)]),
        "o": .object(["a": .number(1), "list": .array([.string("x"), .string("y")])]),
        "p": .array([.object(["tint": .string("red")]), .object(["tint": .string("blue")])])
    ]

    /// The value and the work, or the message.
    static func outcome(_ f: (inout Int) throws(ExpressionError) -> ScriptValue) -> String {
        var work = 0
        do {
            let v = try f(&work)
            return "\(v.canonicalText) work \(work)"
        } catch {
            return "error: \(error.message) work \(work)"
        }
    }

    /// What each source gave, at both work limits, when the text of an expression was evaluated
    /// as it was read (the evaluator before trees): `source<TAB>limit<TAB>outcome` a line.
    static let reference = Paths.root + "/Tests/ProofsheetSceneTests/Fixtures/expressions.tsv"

    @Test("the evaluator gives what the text evaluator before it gave: the same value, error and work")
    func treesEvaluateAsTheTextDid() throws {
        let lines = try String(contentsOfFile: Self.reference, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        var expected: [String: String] = [:]
        for line in lines where !line.isEmpty {
            let parts = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            try #require(parts.count == 3, "\(line)")
            expected[parts[0] + "\t" + parts[1]] = parts[2]
        }
        #expect(expected.count == 2 * Set(Self.sources).count)
        var trees = 0
        for source in Self.sources {
            for limit in [Int.max, 3] {
                let outcome = Self.outcome { (w: inout Int) throws(ExpressionError) in
                    try Expression.evaluate(source, vars: Self.vars, workLimit: limit, work: &w)
                }
                #expect(outcome == expected[source + "\t" + (limit == 3 ? "3" : "max")], "'\(source)' with work limit \(limit)")
                if ExpressionTree(parsing: source) != nil { trees += 1 }
            }
        }
        #expect(trees > 2 * (Self.sources.count - 20))
    }

    /// The example scenes, their stills, and a few `--set` values.
    static let cases: [(file: String, still: String?, sets: [String])] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: Paths.scenes))?.filter { $0.hasSuffix(".json") }.sorted() ?? []
        return files.flatMap { file -> [(file: String, still: String?, sets: [String])] in
            guard let t = try? SceneDecoder().template(file: Paths.scenes + "/" + file) else { return [] }
            return [(file, nil, [])] + t.stills.map { (file, $0.name, []) }
        } + [
            ("travel-deck.json", nil, ["drag=120,10", "phase=dragging"]), ("travel-deck.json", nil, ["drag=-150,0"]),
            ("swipe-stack.json", nil, ["drag=-80,10"]), ("swipe-stack.json", "dragging-right", ["items=[4,5]"])
        ]
    }()

    @Test("no state of an example scene reads an expression's text again, laid out included")
    func statesReadNoExpressionText() throws {
        #expect(Self.cases.count > 20)
        let renderer = try Renderer()
        for c in Self.cases {
            let template = try SceneDecoder().template(file: Paths.scenes + "/" + c.file)
            let unread = ExpressionLog()
            let scene = try template.instantiate(try template.state(still: c.still, sets: c.sets), unread: unread)
            // A GeometryReader builds its content when laid out.
            _ = try renderer.layout(scene)
            #expect(unread.all.isEmpty, "\(c.file) \(c.still ?? "default") \(c.sets): \(unread.all.keys.sorted())")
        }
    }

    @Test("animations and transitions are parsed with the template; a spelling that reads the state is parsed with its state")
    func spellingsAreReadWithTheTemplate() throws {
        let text = """
            {
              "canvas": {"width": 100, "height": 100},
              "state": {"n": 2},
              "root": {"type": "Text", "text": "a", "modifiers": [
                {"animation": "spring(response: 0.3)"},
                {"transition": "move(edge: .trailing)"},
                {"animation": "='easeOut.delay(' + $n + ')'"}
              ]}
            }
            """
        let template = try SceneDecoder().template(bytes: Array(text.utf8), file: "t.json")
        #expect(template.spellings.animations.keys.map(\.text) == ["spring(response: 0.3)"])
        #expect(template.spellings.transitions.keys.map(\.text) == ["move(edge: .trailing)"])
        #expect(template.spellings.animations.values.first == (try Animation(spelling: "spring(response: 0.3)", sdk: template.sdk)))
        // The state's own spelling is read when the state is.
        let scene = try template.scene(sets: ["n=0.5"])
        #expect(String(describing: scene.root).contains("seconds: 0.5"), "\(scene.root)")
    }

    @Test("fields and indices are read in order: $o.list[1] is the list's element, $p[1].tint the element's field")
    func fieldsAndIndicesInOrder() throws {
        func value(_ source: String) throws -> ScriptValue {
            var work = 0
            return try Expression.evaluate(source, vars: Self.vars, workLimit: .max, work: &work)
        }
        #expect(try value("$o.list[1]") == .string("y"))
        #expect(try value("$p[1].tint") == .string("blue"))
        #expect(try value("$p[-2].tint + '!'") == .string("red!"))
        #expect(throws: ExpressionError.self) { try value("$p[1].tnt") }
    }

    @Test("a $reference takes indices: $pages[1].tint, $pages[-1], as expressions do; a $ before a digit is text")
    func referencesTakeIndices() throws {
        func list(_ color: String, text: String = "x") throws -> DisplayList {
            let json = """
                {"canvas": {"width": 40, "height": 20}, "state": {"pages": [{"tint": "red"}, {"tint": "blue"}]},
                 "root": {"type": "HStack", "children": [{"type": "Color", "color": "\(color)", "modifiers": [{"frame": {"width": 10, "height": 10}}]},
                   {"type": "Text", "text": "\(text)"}]}}
                """
            let scene = try SceneDecoder().template(bytes: Array(json.utf8), file: "p.json").scene()
            return try Renderer().layout(scene).displayList
        }
        #expect(try list("$pages[1].tint") == list("blue"))
        #expect(try list("$pages[0].tint") == list("red"))
        #expect(try list("$pages[-1].tint") == list("blue"))
        #expect(try list("$pages[1].tint") != list("red"))
        // A price is text, not a reference.
        #expect(try list("red", text: "$5").dump().contains("text \"$5\""))
        #expect(Context.reference("$pages[1].tint") == "pages" && Context.reference("$a[") == nil && Context.reference("$a[x]") == nil)
        #expect(Context.reference("$5") == nil && Context.reference("$drag.width") == "drag")
    }

    @Test("an expression that fails for one state only is found when that state is instantiated, and located")
    func stateErrorIsLocated() throws {
        let text = """
            {
              "canvas": {"width": 100, "height": 100},
              "state": {"n": 2},
              "stills": {"zero": {"n": 0}},
              "root": {"type": "Text", "text": "${10 / $n}"}
            }
            """
        let template = try SceneDecoder().template(bytes: Array(text.utf8), file: "t.json")
        _ = try template.scene()
        do {
            _ = try template.scene(still: "zero")
            Issue.record("expected an error")
        } catch let e as ProofsheetError {
            #expect(e.message == "in expression '10 / $n': division by zero ($n comes from the still 'zero' at t.json:4:28 (at $.stills.zero.n))")
            #expect(e.location?.description == "t.json:5:36 (at $.root.text)")
        }
    }
}

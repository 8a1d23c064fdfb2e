import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetTesting
import ProofsheetCairo
import ProofsheetLayout

/// The JSON reader keeps positions; the scene decoder's errors name the JSON path,
/// line:column, and what would be valid.
@Suite("Scene files")
struct SceneFileTests {
    func parse(_ text: String) throws -> JSONValue { try JSONReader.parse(Array(text.utf8), file: "t.json") }

    /// A minimal scene around a root view.
    func scene(_ root: String) -> String { "{\n  \"canvas\": {\"width\": 100, \"height\": 100},\n  \"root\": \(root)\n}" }

    /// A file's errors come all at once: each view and modifier is checked though one before it
    /// was wrong, and the errors are listed in the file's order, each at its place; the message
    /// counts them. Errors of a component's body, limits passed and a file's twentieth error
    /// stop the reading as before.
    @Test func errorsOfOneFileComeTogether() throws {
        let text = scene(
            """
            {"type": "VStack", "children": [
                {"type": "Text", "text": "a", "modifiers": [{"padding": "x"}, {"opacity": 0.5}, {"frame": {"widht": 3}}]},
                {"type": "Txt"},
                {"type": "Text", "text": "fine"},
                {"type": "HStack", "children": [{"type": "Image"}]}
              ]}
            """)
        let e = try #require(decodeError(text))
        let all = [e] + e.more
        #expect(
            all.map { $0.location?.path ?? "" } == [
                "$.root.children[0].modifiers[0].padding", "$.root.children[0].modifiers[2].frame.widht", "$.root.children[1].type",
                "$.root.children[3].children[0]"
            ])
        #expect(all.map { $0.location?.line ?? 0 } == [4, 4, 5, 7])
        #expect(e.description.hasSuffix("\n4 errors in all"))
        #expect(e.description.components(separatedBy: "t.json:").count == 5)
        // One error is as it was: no count, nothing more.
        let one = try #require(decodeError(scene(#"{"type": "Txt"}"#)))
        #expect(one.more.isEmpty && !one.description.contains("in all"))
        // At most twenty.
        let many = (0..<30).map { _ in #"{"type": "Txt"}"# }.joined(separator: ", ")
        let capped = try #require(decodeError(scene(#"{"type": "VStack", "children": [\#(many)]}"#)))
        #expect(capped.more.count == 19)
    }

    @Test func readerKeepsLinesAndColumns() throws {
        let v = try parse("{\n  \"a\": [1, {\"b\": true}]\n}")
        let b = try #require(
            v["a"].flatMap {
                if case .array(let x) = $0.kind { return x[1]["b"] }; return nil
            })
        #expect(b.location.line == 2)
        #expect(b.location.column == 18)
        #expect(b.location.path == "$.a[1].b")
    }

    @Test func readerCountsColumnsInCharacters() throws {
        let v = try parse("{\"中文\": 1, \"x\": 2}")
        #expect(v["x"]?.location.column == 16)
    }

    @Test func readerRejectsDuplicateKeys() {
        #expect(throws: ProofsheetError.self) { try parse("{\"a\": 1, \"a\": 2}") }
        do { _ = try parse("{\"a\": 1,\n \"a\": 2}") } catch let e as ProofsheetError {
            #expect(e.message.contains("duplicate key 'a'"))
            #expect(e.location?.line == 2)
            #expect(e.location?.path == "$.a")
        } catch { Issue.record("unexpected \(error)") }
    }

    @Test(arguments: [
        ("{\"a\": 1,}", "trailing comma before '}'"),
        ("[1,]", "trailing comma before ']'"),
        ("{\"a\" : 1, 2}", "expected a member name"),
        ("{\"a\" 1}", "expected ':'"),
        ("[1 2]", "expected ',' or ']'"),
        ("{\"a\": tru}", "unexpected word"),
        ("{\"a\": \"x", "unterminated string"),
        ("{\"a\": 01}", "expected ',' or '}'"),
        ("{} x", "unexpected text"),
        ("{\"a\": 1e999}", "out of range"),
        ("{\"a\": NaN}", "unexpected character"),
        ("{\"a\": \"\\q\"}", "invalid escape"),
        ("", "unexpected end of file")
    ])
    func readerErrors(text: String, message: String) {
        do { _ = try parse(text); Issue.record("no error for \(text)") } catch let e as ProofsheetError {
            #expect(e.message.contains(message), "\(e.message)")
            #expect(e.exitCode == 2)
        } catch { Issue.record("unexpected \(error)") }
    }

    @Test func readerLimitsNesting() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: ProofsheetError.self) { try parse(deep) }
    }

    @Test func readerDecodesEscapesAndSurrogates() throws {
        let v = try parse("\"a\\n\\u00e9\\ud83d\\ude00\"")
        guard case .string(let s) = v.kind else { Issue.record("not a string"); return }
        #expect(s == "a\né😀")
    }

    // MARK: Decoder errors

    @Test func unknownViewTypeSuggestsCloseNames() throws {
        let e = try #require(decodeError(scene("{\"type\": \"VStak\"}")))
        #expect(e.message == "unknown view type 'VStak'")
        #expect(e.hint?.contains("'VStack'") == true)
        #expect(e.location?.line == 3)
        #expect(e.location?.path == "$.root.type")
    }

    @Test func unknownModifierSuggestsCloseNames() throws {
        let e = try #require(decodeError(scene("{\"type\": \"Color\", \"color\": \"red\", \"modifiers\": [{\"paddin\": 4}]}")))
        #expect(e.message == "unknown modifier 'paddin'")
        #expect(e.hint?.contains("'padding'") == true)
        #expect(e.location?.path == "$.root.modifiers[0].paddin")
    }

    /// Every named choice takes Swift's leading dot too (`".title"`, `".bold"`, `".leading"`),
    /// decoding to the same scene as without it; a typo still names the close choices.
    @Test func choicesTakeALeadingDot() throws {
        func root(_ dot: String) -> String {
            """
            {"type": "VStack", "alignment": "\(dot)leading", "children": [
              {"type": "Text", "text": "Hi", "modifiers": [{"font": "\(dot)title"}, {"fontWeight": "\(dot)bold"}, {"fontDesign": "\(dot)rounded"},
                {"multilineTextAlignment": "\(dot)center"}, {"padding": "\(dot)horizontal"},
                {"frame": {"width": 50, "alignment": "\(dot)trailing"}}, {"ignoresSafeArea": "\(dot)bottom"}]},
              {"type": "Text", "text": "b", "modifiers": [{"font": {"style": "\(dot)headline"}}]}]}
            """
        }
        let plain = try SceneDecoder().decode(bytes: Array(scene(root("")).utf8), file: "s.json")
        let dotted = try SceneDecoder().decode(bytes: Array(scene(root(".")).utf8), file: "s.json")
        let renderer = try Renderer()
        let a = try renderer.layout(plain), b = try renderer.layout(dotted)
        #expect(a.displayList == b.displayList && a.root.description == b.root.description)
        #expect(a.displayList.items.count >= 2)
        let typo = try #require(decodeError(scene(#"{"type": "Text", "text": "Hi", "modifiers": [{"font": ".titel"}]}"#)))
        #expect(typo.hint?.contains("did you mean 'title'") == true, "\(typo.hint ?? "")")
    }

    @Test func wrongTypeNamesWhatIsExpected() throws {
        let e = try #require(decodeError(scene("{\"type\": \"Spacer\", \"minLength\": \"big\"}")))
        #expect(e.message == "'big' is not a length")
        #expect(e.hint?.contains("a number of points") == true)
        #expect(e.location?.path == "$.root.minLength")
    }

    @Test func negativeSizesAreRefused() throws {
        let e = try #require(decodeError(scene("{\"type\": \"Color\", \"color\": \"red\", \"modifiers\": [{\"frame\": {\"width\": -5}}]}")))
        #expect(e.message.contains("-5 is out of range"))
    }

    @Test func hugeNumbersAreRefused() throws {
        let e = try #require(decodeError(scene("{\"type\": \"Color\", \"color\": \"red\", \"modifiers\": [{\"padding\": 1e300}]}")))
        #expect(e.message.contains("out of range"))
    }

    @Test func hugeCanvasIsRefused() throws {
        let e = try #require(decodeError("{\"canvas\": {\"width\": 100000, \"height\": 100000}, \"root\": {\"type\": \"EmptyView\"}}"))
        #expect(e.message.contains("outside the limits"))
    }

    @Test func unknownDeviceListsPresets() throws {
        let e = try #require(decodeError("{\"canvas\": \"iPhone 99\", \"root\": {\"type\": \"EmptyView\"}}"))
        #expect(e.message == "unknown device 'iPhone 99'")
        #expect(e.hint?.contains("'iPhone 14'") == true)
    }

    @Test func unknownSymbolSuggestsCloseNames() throws {
        let e = try #require(decodeError(scene("{\"type\": \"Image\", \"systemName\": \"hart\"}")))
        #expect(e.message == "unknown symbol 'hart'")
        #expect(e.hint?.contains("'heart'") == true)
        #expect(e.location?.path == "$.root.systemName")
    }

    @Test func imageNamesCannotEscapeTheirRoot() throws {
        let e = try #require(decodeError(scene("{\"type\": \"Image\", \"name\": \"../secret\"}")))
        #expect(e.message.contains("may not be absolute or contain '..'"))
    }

    @Test func unknownKeyIsAnError() throws {
        let e = try #require(decodeError(scene("{\"type\": \"Text\", \"txt\": \"a\"}")))
        #expect(e.message == "unknown key 'txt'")
        #expect(e.hint?.contains("'text'") == true)
    }

    @Test func badColourSaysWhatIsValid() throws {
        let e = try #require(decodeError(scene("{\"type\": \"Color\", \"color\": \"redd\"}")))
        #expect(e.message == "'redd' is not a colour")
        #expect(e.hint?.contains("'red'") == true)
    }

    @Test func unknownFieldListsTheFields() throws {
        let text =
            "{\"canvas\": {\"width\": 9, \"height\": 9}, \"vars\": {\"user\": {\"name\": \"A\"}}, \"root\": {\"type\": \"Text\", \"text\": \"$user.nmae\"}}"
        let e = try #require(decodeError(text))
        #expect(e.message.contains("'$user' has no field 'nmae'; did you mean 'name'?"), "\(e.message)")
    }

    @Test func unknownVariableIsLocated() throws {
        let e = try #require(decodeError(scene("{\"type\": \"Text\", \"text\": \"$nope\"}")))
        #expect(e.message.contains("unknown variable '$nope'"))
        #expect(e.location?.path == "$.root.text")
    }

    @Test func aspectRatioHintNamesValuesItAccepts() throws {
        func ratio(_ r: String) -> String {
            scene("{\"type\": \"Color\", \"color\": \"red\", \"modifiers\": [{\"aspectRatio\": {\"ratio\": \(r)}}]}")
        }
        let e = try #require(decodeError(ratio("0")))
        #expect(e.message == "0 is out of range")
        #expect(e.location?.path == "$.root.modifiers[0].aspectRatio.ratio")
        // Both bounds the hint names are accepted.
        let bounds = (e.hint ?? "").split(separator: " ").compactMap { Double($0) }
        #expect(bounds.count == 2, "\(e.hint ?? "")")
        for b in bounds { #expect(decodeError(ratio("\(b)")) == nil, "\(b)") }
    }

    @Test func forEachCountIsBounded() throws {
        let e = try #require(decodeError(scene("{\"type\": \"ForEach\", \"count\": 1e9, \"content\": {\"type\": \"EmptyView\"}}")))
        #expect(e.message.contains("'count' must be a whole number"))
    }

    @Test func infinityIsOnlyForMaximums() throws {
        let e = try #require(
            decodeError(scene("{\"type\": \"Color\", \"color\": \"red\", \"modifiers\": [{\"frame\": {\"minWidth\": \"infinity\"}}]}")))
        #expect(e.message == "'infinity' is not a length")
        let f = try #require(decodeError(scene("{\"type\": \"Color\", \"color\": \"red\", \"modifiers\": [{\"frame\": {\"maxWidth\": \"inf\"}}]}")))
        #expect(f.hint?.contains("\"infinity\"") == true)
    }

    @Test func deeplyNestedModifiersAreRefused() throws {
        let mods = Array(repeating: "{\"padding\": 1}", count: 5000).joined(separator: ",")
        let e = try #require(decodeError(scene("{\"type\": \"Color\", \"color\": \"red\", \"modifiers\": [\(mods)]}")))
        #expect(e.message.contains("nest more than"))
    }

    @Test func deeplyNestedExpressionsAreRefused() throws {
        let expr = "=" + String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000)
        let e = try #require(decodeError(scene("{\"type\": \"Spacer\", \"minLength\": \"\(expr)\"}")))
        #expect(e.message.contains("nested more than"))
        let bangs = "=" + String(repeating: "!", count: 5000) + "true"
        #expect(decodeError(scene("{\"type\": \"If\", \"condition\": \"\(bangs)\"}")) != nil)
    }

    @Test func aLongSingleLineFileParsesInLinearTime() throws {
        // 300 000 numbers on one line: a column computed from the line start each time would
        // take minutes; kept linear it takes milliseconds.
        let text = "[" + Array(repeating: "1", count: 300_000).joined(separator: ",") + ", x]"
        do { _ = try parse(text); Issue.record("no error") } catch let e as ProofsheetError {
            #expect(e.location?.column == text.count - 1)
        }
    }

    @Test func readerPathsOfNestedArraysAndObjects() throws {
        let v = try parse("{\"a\": [[1, {\"b\": [true, \"x\"]}]], \"c\": {\"d\": null}}")
        func at(_ v: JSONValue, _ i: Int) -> JSONValue? { if case .array(let a) = v.kind { return a[i] }; return nil }
        let a = try #require(v["a"])
        let inner = try #require(at(a, 0))
        #expect(inner.location.path == "$.a[0]")
        #expect(at(inner, 0)?.location.path == "$.a[0][0]")
        let b = try #require(at(inner, 1)?["b"])
        #expect(b.location.path == "$.a[0][1].b")
        #expect(at(b, 1)?.location.path == "$.a[0][1].b[1]")
        #expect(v["c"]?["d"]?.location.path == "$.c.d")
        #expect(v.location.path == "$")
        // Errors inside elements are located there too.
        do { _ = try parse("{\"a\": [1, [2, 3 4]]}"); Issue.record("no error") } catch let e as ProofsheetError {
            #expect(e.location?.path == "$.a[1][1]")
        }
    }

    @Test func deepPathsAreNotCopiedIntoEveryValue() throws {
        // 150 000 numbers 100 objects deep, under 60-character keys: as text, each number's
        // path would be a 6 KB copy (about 900 MB in all); shared, the file takes a few MB.
        let key = String(repeating: "k", count: 60)
        var text = "[" + Array(repeating: "0", count: 150_000).joined(separator: ",") + "]"
        for _ in 0..<100 { text = "{\"\(key)\": \(text)}" }
        func residentBytes() throws -> Int {
            let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8).split(separator: " ")
            return (Int(statm[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
        }
        let before = try residentBytes()
        let v = try parse(text)
        let grown = try residentBytes() - before
        #expect(grown < 300 << 20, "parsing grew the process by \(grown >> 20) MiB")
        var deepest = v
        while case .object(let m) = deepest.kind { deepest = m[0].value }
        guard case .array(let numbers) = deepest.kind else { Issue.record("no array"); return }
        #expect(numbers.count == 150_000)
        #expect(numbers[149_999].location.path.hasSuffix(".\(key)[149999]"))
        #expect(numbers[149_999].location.path.count == 1 + 100 * 61 + 8)
    }

    @Test func geometryReaderContentIsBoundedPerLayoutNotPerScene() throws {
        // Laying a reader out again and again never spends a budget: each layout has its own.
        let reader = """
            {"canvas": {"width": 100, "height": 100}, "root": {"type": "GeometryReader", "content":
              {"type": "ForEach", "count": 50, "content": {"type": "Color", "color": "red", "modifiers": [{"frame": {"width": "=$width / 2"}}]}}}}
            """
        let once = try SceneDecoder().decode(bytes: Array(reader.utf8), file: nil)
        for _ in 0..<300 { _ = try LayoutEngine(measurer: FixedMetrics(), assets: FakeAssets()).layout(once) }
        // 1000 readers × ForEach of 1000 would be a million views: refused at layout time.
        let text = """
            {"canvas": {"width": 100, "height": 100}, "root": {"type": "VStack", "children": [
              {"type": "ForEach", "count": 1000, "content": {"type": "GeometryReader", "content":
                {"type": "VStack", "children": [{"type": "ForEach", "count": 1000, "content": {"type": "EmptyView"}}]}}}]}}
            """
        let s = try SceneDecoder().decode(bytes: Array(text.utf8), file: nil)
        let error = #expect(throws: ProofsheetError.self) { try LayoutEngine(measurer: FixedMetrics(), assets: FakeAssets()).layout(s) }
        #expect(error?.message.contains("lays out more than") == true, "\(String(describing: error))")
    }

    /// System views grow into more views at layout: over the limit there, the error names the
    /// file and the root view's place (no view nearer has one) and says what grows.
    @Test func aLayoutOverTheLimitNamesTheFile() throws {
        let text = """
            {"canvas": {"width": 100, "height": 100},
             "root": {"type": "List", "children": [{"type": "ForEach", "count": 60000, "content": {"type": "Toggle", "title": "a", "isOn": true}}]}}
            """
        let s = try SceneDecoder().decode(bytes: Array(text.utf8), file: "settings.json")
        let error = #expect(throws: ProofsheetError.self) { try LayoutEngine(measurer: FixedMetrics(), assets: FakeAssets()).layout(s) }
        #expect(error?.location?.description == "settings.json:2:10 (at $.root)", "\(String(describing: error))")
        #expect(error?.hint?.contains("system views") == true)
    }

    // MARK: Decoding

    @Test func forEachAndInterpolation() throws {
        let text = """
            {"canvas": {"width": 200, "height": 200}, "vars": {"names": ["a", "b"]},
             "root": {"type": "VStack", "children": [
               {"type": "ForEach", "data": "$names", "as": "n", "content": {"type": "Text", "text": "${$index}:${$n}"}}]}}
            """
        let s = try SceneDecoder().decode(bytes: Array(text.utf8), file: nil)
        let r = try LayoutEngine(measurer: FixedMetrics(), assets: FakeAssets()).layout(s)
        assertSnapshot(of: r, as: .displayListDump)
    }

    @Test func conditionalsAndExpressions() throws {
        let text = """
            {"canvas": {"width": 200, "height": 200}, "vars": {"drag": 120},
             "root": {"type": "If", "condition": "=$drag > 80", "then": {"type": "Text", "text": "like",
               "modifiers": [{"rotationEffect": "=$drag / 10"}]}, "else": {"type": "Text", "text": "nope"}}}
            """
        let s = try SceneDecoder().decode(bytes: Array(text.utf8), file: nil)
        let dump = try LayoutEngine(measurer: FixedMetrics(), assets: FakeAssets()).layout(s).displayList.dump()
        #expect(dump.contains("\"like\""))
        #expect(!dump.contains("\"nope\""))
        #expect(dump.contains("transform(0.978"))  // cos 12°
    }

    @Test func geometryReaderVariables() throws {
        let text = """
            {"canvas": {"width": 300, "height": 200},
             "root": {"type": "GeometryReader", "content": {"type": "Color", "color": "red",
               "modifiers": [{"frame": {"width": "=$width - 32", "height": "=$height / 2"}}, {"id": "c"}]}}}
            """
        let s = try SceneDecoder().decode(bytes: Array(text.utf8), file: nil)
        let r = try LayoutEngine(measurer: FixedMetrics(), assets: FakeAssets()).layout(s)
        #expect(try frame(r, "c") == Rect(x: 0, y: 0, width: 268, height: 100))
    }

    @Test func everyExampleSceneDecodesAndLaysOut() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Paths.scenes).filter { $0.hasSuffix(".json") }
        #expect(!files.isEmpty)
        for f in files.sorted() {
            let s = try SceneDecoder().decode(file: Paths.scenes + "/" + f)
            _ = try LayoutEngine(measurer: FixedMetrics(), assets: FakeAssets()).layout(s)
            // Every still too, and every ForEach keyed (no warnings).
            let template = try SceneDecoder().template(file: Paths.scenes + "/" + f)
            #expect(template.warnings.isEmpty, "\(f): \(template.warnings)")
            for still in template.stills {
                _ = try LayoutEngine(measurer: FixedMetrics(), assets: FakeAssets()).layout(try template.scene(still: still.name))
            }
        }
    }

    /// The seed's stack as iOS 14 and later lay it out: a GeometryReader's content at its
    /// top-leading corner, so the cards (32 pt narrower, 48 shorter than the reader) leave their
    /// gutter on the right; iOS 13 centred it (the `ios13` still).
    @Test func swipeStackIsTopLeadingInItsGeometryReader() throws {
        let template = try SceneDecoder().template(file: Paths.scenes + "/swipe-stack.json")
        func card(_ still: String) throws -> Rect {
            let r = try LayoutEngine(measurer: FixedMetrics(), assets: FakeAssets()).layout(try template.scene(still: still))
            return try exactFrame(r, "card-0")
        }
        // iPhone 14: the reader is the safe area, 390 × 763 from y = 47.
        #expect(try card("rest") == Rect(x: 0, y: 47, width: 358, height: 715))
        #expect(try card("ios13") == Rect(x: 16, y: 47 + 16, width: 358, height: 715))
        #expect(try SceneDecoder().decode(file: Paths.scenes + "/swipe-stack.json").background == .systemBackground)
    }

    @Test func exampleScenesAreOnePerSeedWithTheirStills() throws {
        let expected: [String: [String]] = [
            "travel-deck.json": ["rest", "pressing", "dragging-start", "below-threshold", "dragging-right", "dragging-left", "cycled"],
            "travel-deck-all-trips.json": ["last-on-top", "first-on-top"],
            "swipe-stack.json": ["rest", "dragging-right", "dragging-left", "ios13"],
            "review.json": ["detail", "overlay", "sliding-in"],
            "gradient-stack.json": ["rest", "dragging"],
            "swipe-to-delete.json": ["rest", "dragging", "ready-to-delete", "alert"],
            "gallery.json": [],
            "system-views.json": ["rest", "scrolled", "plain", "toolbar-hidden"]
        ]
        let files = try FileManager.default.contentsOfDirectory(atPath: Paths.scenes).filter { $0.hasSuffix(".json") }
        #expect(Set(files) == Set(expected.keys))
        for (file, stills) in expected {
            let template = try SceneDecoder().template(file: Paths.scenes + "/" + file)
            #expect(template.stills.map(\.name) == stills, "\(file)")
        }
    }
}

import Foundation

import Foundation
import Synchronization
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout
@testable import ProofsheetCairo

/// Long text stays cheap: over-long words reach Pango in bounded pieces, layout measures each
/// distinct question once, and text is bounded where it enters a scene (`text-length`,
/// `scene-text`).
@Suite("Text limits")
struct TextLimitTests {
    let fonts = sharedRenderer.fonts
    let limit = Scene.Limits.textLength.int

    func scene(_ root: String, vars: String = "{}") -> String { sceneText(root, vars: vars) }

    // MARK: Over-long words

    @Test func anOverLongWordReachesPangoInBoundedItems() {
        let runs = fonts.runLengths(String(repeating: "a", count: 3000), font: f20)
        #expect(runs.reduce(0, +) == 3000)
        #expect(runs.count >= 3000 / FontSystem.maxUnbreakableRun, "\(runs)")
        #expect(runs.allSatisfy { $0 <= FontSystem.maxUnbreakableRun }, "\(runs)")
    }

    @Test func ordinaryTextIsNotCut() {
        let words = Array(repeating: "proofsheet", count: 300).joined(separator: " ")
        #expect(FontSystem.itemSplits(words).isEmpty)
        #expect(fonts.runLengths(words, font: f20) == [words.unicodeScalars.count])
        // Chinese has no spaces but may break between any two ideographs: not cut either.
        let chinese = String(repeating: "中文排版", count: 200)
        #expect(FontSystem.itemSplits(chinese).isEmpty)
    }

    @Test func cutsFallInsideLongWordsOnCharacterBoundaries() throws {
        // 400 "é" written as e + combining acute: 800 code points, never split in two.
        let word = String(repeating: "e\u{301}", count: 400)
        let text = "short words then " + word + " and more"
        let splits = FontSystem.itemSplits(text)
        #expect(!splits.isEmpty)
        let wordStart = "short words then ".utf8.count
        for offset in splits {
            #expect(offset > wordStart && offset < wordStart + word.utf8.count)
            let index = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
            #expect(index.samePosition(in: text) != nil, "cut at byte \(offset) splits a character")
        }
    }

    @Test func aLongWordWrapsToFullLines() {
        // Cut into items or not, the word fills each line: 3000 equal characters take twelve
        // times the lines of 250 (a word too short to be cut), as if it were never cut.
        let m = PangoTextMeasurer(fonts: fonts)
        let short = m.measure(String(repeating: "a", count: 250), font: f20, maxWidth: 300, lineLimit: nil)
        let long = m.measure(String(repeating: "a", count: 3000), font: f20, maxWidth: 300, lineLimit: nil)
        #expect(short.height > f20.lineHeight)
        #expect(long.height == short.height * 12)
    }

    // MARK: Measuring once

    /// A measurer that counts the questions put to it.
    final class CountingMeasurer: TextMeasurer {
        struct Question: Hashable { var text: String; var maxWidth: Double?; var lineLimit: Int? }
        let asked = Mutex<[Question]>([])
        func measure(_ text: String, font: FontSpec, maxWidth: Double?, lineLimit: Int?) -> Size {
            asked.withLock { $0.append(Question(text: text, maxWidth: maxWidth, lineLimit: lineLimit)) }
            return FixedMetrics().measure(text, font: font, maxWidth: maxWidth, lineLimit: lineLimit)
        }
    }

    @Test func layoutMeasuresEachDistinctQuestionOnce() throws {
        let counter = CountingMeasurer()
        let scene = Scene(canvas: Size(width: 390, height: 300)) {
            VStack {
                Text(String(repeating: "long words ", count: 200)).font(f20)
                HStack {
                    Text("left"); Spacer(); Text("right")
                }
            }
        }
        _ = try LayoutEngine(measurer: counter, assets: FakeAssets()).layout(scene)
        let asked = counter.asked.withLock { $0 }
        #expect(!asked.isEmpty)
        #expect(Set(asked).count == asked.count, "\(asked.count) questions, \(Set(asked).count) distinct")
    }

    // MARK: The text-length and scene-text limits

    @Test func textLengthIsADocumentedLimit() {
        #expect(Scene.Limits.all.contains { $0 === Scene.Limits.textLength })
        #expect(Scene.Limits.textLength.name == "text-length")
        #expect(Scene.Limits.textLength.defaultValue == 100_000)
        #expect(Scene.Limits.all.contains { $0 === Scene.Limits.sceneText })
    }

    @Test func aTextOverTheLimitIsALocatedError() throws {
        let text = String(repeating: "a", count: limit + 1)
        let e = try #require(decodeError(scene("{\"type\": \"Text\", \"text\": \"\(text)\"}")))
        #expect(e.message == "the text is longer than \(limit) characters")
        #expect(e.hint?.contains("--limit text-length=") == true)
        #expect(e.location?.path == "$.root.text")
        #expect(e.location?.line == 4)
        #expect(e.location?.file == "t.json")
        #expect(e.description.count < 300)
    }

    @Test func aTextAtTheLimitIsAccepted() {
        #expect(decodeError(scene("{\"type\": \"Text\", \"text\": \"\(String(repeating: "a", count: limit))\"}")) == nil)
        // Counted in code points, not bytes: two bytes each, 120 000 bytes in all.
        #expect(decodeError(scene("{\"type\": \"Text\", \"text\": \"\(String(repeating: "é", count: 60_000))\"}")) == nil)
    }

    @Test func aTextFromAVariableAndAButtonTitleAreBounded() throws {
        let big = "\"\(String(repeating: "b", count: limit + 1))\""
        let e = try #require(decodeError(scene("{\"type\": \"Text\", \"text\": \"$big\"}", vars: "{\"big\": \(big)}")))
        #expect(e.message == "the text is longer than \(limit) characters")
        #expect(e.location?.path == "$.root.text")
        let b = try #require(decodeError(scene("{\"type\": \"Button\", \"title\": \(big)}")))
        #expect(b.message == "the text is longer than \(limit) characters")
        #expect(b.location?.path == "$.root.title")
    }

    @Test func joiningStringsIsBounded() throws {
        let half = "{\"s\": \"\(String(repeating: "s", count: limit / 2 + 1))\"}"
        // In an expression anywhere (here an id), not only in a Text.
        let e = try #require(decodeError(scene("{\"type\": \"EmptyView\", \"modifiers\": [{\"id\": \"=$s + $s\"}]}", vars: half)))
        #expect(e.message.contains("the joined string is longer than \(limit) characters"), "\(e.message)")
        #expect(e.location?.path == "$.root.modifiers[0].id")
        // Just under the limit is fine.
        let under = "{\"s\": \"\(String(repeating: "s", count: limit / 2))\"}"
        #expect(decodeError(scene("{\"type\": \"EmptyView\", \"modifiers\": [{\"id\": \"=$s + $s\"}]}", vars: under)) == nil)
    }

    @Test func interpolationIsBounded() throws {
        let half = "{\"s\": \"\(String(repeating: "s", count: limit / 2 + 1))\"}"
        let e = try #require(decodeError(scene("{\"type\": \"EmptyView\", \"modifiers\": [{\"id\": \"${$s}${$s}\"}]}", vars: half)))
        #expect(e.message == "the string with its ${…} values is longer than \(limit) characters")
        #expect(e.location?.path == "$.root.modifiers[0].id")
    }

    /// The `id` a scene's root gets from `value` (a JSON string).
    func idOf(_ value: String, vars: String = "{}") throws -> String? {
        let text = scene("{\"type\": \"Color\", \"color\": \"red\", \"modifiers\": [{\"id\": \(value)}]}", vars: vars)
        let s = try SceneDecoder().decode(bytes: Array(text.utf8), file: nil)
        return try LayoutEngine(measurer: FixedMetrics(), assets: FakeAssets()).layout(s).root.id
    }

    @Test func interpolationReadsTheStringOnce() throws {
        #expect(try idOf("\"a${$n}b${$n + 1}$ {x} $${$n}$\"", vars: "{\"n\": 1}") == "a1b2$ {x} $1$")
        #expect(try idOf("\"é${'ü'}中${1}\"") == "éü中1")
        #expect(try idOf("\"${1}\\u0301x\"") == "1\u{301}x")  // a mark after the brace stays
        let e = try #require(decodeError(scene("{\"type\": \"Text\", \"text\": \"ok ${1\"}")))
        #expect(e.message == "unterminated '${' in a string")
        // Interpolations that add nothing: searching the rest of the string anew for each took
        // time growing with the square of their number. Four times as many must take about four
        // times as long, not sixteen (best of two each; the bound is 8).
        func seconds(_ n: Int) throws -> Double {
            let many = String(repeating: "${''}", count: n)
            let clock = ContinuousClock()
            var best = Double.infinity
            for _ in 0..<2 {
                let start = clock.now
                #expect(try idOf("\"x\(many)y\"") == "xy")
                let d = clock.now - start
                best = min(best, Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18)
            }
            return best
        }
        let small = try seconds(40_000), large = try seconds(160_000)
        #expect(large < 8 * small, "160 000 interpolations took \(large) s, 40 000 took \(small) s")
    }

    @Test func aSceneIsBoundedInAllItsText() throws {
        // Each copy is within text-length, but 20 of them are more than scene-text allows.
        let copies = Scene.Limits.sceneText.int / (limit / 2) + 1
        let e = try #require(
            decodeError(
                scene(
                    "{\"type\": \"ForEach\", \"count\": \(copies), \"content\": {\"type\": \"Text\", \"text\": \"$s\"}}",
                    vars: "{\"s\": \"\(String(repeating: "s", count: limit / 2))\"}")))
        #expect(e.message == "the scene expands to more than \(Scene.Limits.sceneText.int) characters of text")
        #expect(e.location?.path == "$.root.content.text")
    }

    @Test func aForEachCannotReadLongStringsWithoutBound() throws {
        // Each item reads its content's strings again: a million-byte id (or expression) read
        // by enough items is more than scene-strings allows.
        let content = "{\"type\": \"EmptyView\", \"modifiers\": [{\"id\": \"\(String(repeating: "i", count: 1_000_000))\"}]}"
        let items = Scene.Limits.stringBytes.int / 1_000_000 + 1
        let e = try #require(decodeError(scene("{\"type\": \"ForEach\", \"count\": \(items), \"content\": \(content)}")))
        #expect(e.message == "the scene reads more than \(Scene.Limits.stringBytes.int) bytes of strings and expressions")
        #expect(e.location?.path == "$.root.content.modifiers[0].id")
        #expect(Scene.Limits.all.contains { $0 === Scene.Limits.stringBytes })
        // Read by fewer items, the same string is fine.
        #expect(decodeError(scene("{\"type\": \"ForEach\", \"count\": \(items / 2), \"content\": \(content)}")) == nil)
    }

    @Test func comparingLongStringsIsReadFromTheSameBudget() throws {
        // A short expression comparing two million-byte variables, once per item.
        let long = "\"\(String(repeating: "x", count: 1_000_000))\""
        let vars = "{\"a\": \(long), \"b\": \(long)}"
        let items = Scene.Limits.stringBytes.int / 1_000_000 + 1
        let e = try #require(
            decodeError(
                scene(
                    "{\"type\": \"ForEach\", \"count\": \(items), \"content\": {\"type\": \"If\", \"condition\": \"=$a == $b\", \"then\": {\"type\": \"EmptyView\"}}}",
                    vars: vars)))
        #expect(e.message.contains("compares or joins more bytes of strings than the scene may read"), "\(e.message)")
        #expect(e.location?.path == "$.root.content.condition")
        // Once, it is an ordinary comparison.
        #expect(try idOf("\"=$a == $b ? 'same' : 'different'\"", vars: vars) == "same")
        #expect(try idOf("\"=$a != 'x' ? 'different' : 'same'\"", vars: vars) == "different")
        #expect(try idOf("\"=$n == 2 && $l == $l ? 'yes' : 'no'\"", vars: "{\"n\": 2, \"l\": [1, {\"k\": \"v\"}]}") == "yes")
    }

    @Test func aTextBuiltInSwiftIsBoundedToo() {
        let scene = Scene(canvas: Size(width: 100, height: 100)) { Text(String(repeating: "a", count: limit + 1)) }
        #expect(throws: ProofsheetError.self) { try LayoutEngine(measurer: FixedMetrics(), assets: FakeAssets()).layout(scene) }
    }
}

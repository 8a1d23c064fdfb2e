import Foundation
import Synchronization
import Testing
import Proofsheet
@testable import ProofsheetCairo

/// Long text stays cheap: over-long words reach Pango in bounded pieces, layout measures each
/// distinct question once, and text is bounded where it enters a scene.
@Suite("Text limits")
struct TextLimitTests {
    let fonts = sharedRenderer.fonts

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
                HStack { Text("left"); Spacer(); Text("right") }
            }
        }
        _ = try LayoutEngine(measurer: counter, assets: FakeAssets()).layout(scene)
        let asked = counter.asked.withLock { $0 }
        #expect(!asked.isEmpty)
        #expect(Set(asked).count == asked.count, "\(asked.count) questions, \(Set(asked).count) distinct")
    }
}

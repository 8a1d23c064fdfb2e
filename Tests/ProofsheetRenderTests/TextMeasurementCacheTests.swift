import Dispatch
import Synchronization
import Testing
import ProofsheetTestSupport
import Proofsheet
@testable import ProofsheetCairo

/// The process-wide text measurement cache: it gives the sizes Pango measures, for every part of
/// the question (text, font, line height, width, line limit), and stays within its bounds.
@Suite("Text measurement cache")
struct TextMeasurementCacheTests {
    let fonts = sharedRenderer.fonts

    struct Question { var text: String; var font: FontSpec; var maxWidth: Double?; var lineLimit: Int? }

    /// Questions that differ in one part at a time.
    static let questions: [Question] = {
        let text = "Rendering one scene in many states costs only what changed"
        var qs: [Question] = []
        for font in [f20, FontSpec(size: 20, lineHeight: 31), FontSpec(design: .serif, size: 20), FontSpec(size: 20, weight: 700), FontSpec(size: 13)]
        {
            for width in [nil, 80, 200.5] as [Double?] {
                for limit in [nil, 1, 2] as [Int?] { qs.append(Question(text: text, font: font, maxWidth: width, lineLimit: limit)) }
            }
        }
        for t in ["", " ", "Rendering", "中文排版中文排版中文排版", "🙂 emoji", String(repeating: "a", count: 600)] {
            qs.append(Question(text: t, font: f20, maxWidth: 100, lineLimit: nil))
        }
        return qs
    }()

    @Test func cachedSizesAreTheMeasuredSizes() {
        let direct = PangoTextMeasurer(fonts: fonts, cache: nil)
        let cache = TextMeasurementCache(maxEntries: 1000, maxBytes: 1 << 20)
        let cached = PangoTextMeasurer(fonts: fonts, cache: cache)
        let expected = Self.questions.map { direct.measure($0.text, font: $0.font, maxWidth: $0.maxWidth, lineLimit: $0.lineLimit) }
        // Distinct questions have distinct answers often enough that a key missing a part shows.
        #expect(Set(expected.map { "\($0)" }).count > Self.questions.count / 3)
        for round in 0..<2 {
            for (q, size) in zip(Self.questions, expected) {
                #expect(cached.measure(q.text, font: q.font, maxWidth: q.maxWidth, lineLimit: q.lineLimit) == size, "round \(round): \(q)")
            }
        }
        #expect(cache.usage.entries == Self.questions.count)
    }

    @Test func threadsShareOneCache() {
        let direct = PangoTextMeasurer(fonts: fonts, cache: nil)
        let cached = PangoTextMeasurer(fonts: fonts, cache: TextMeasurementCache(maxEntries: 1000, maxBytes: 1 << 20))
        let expected = Self.questions.map { direct.measure($0.text, font: $0.font, maxWidth: $0.maxWidth, lineLimit: $0.lineLimit) }
        let wrong = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 4) { t in
            for (q, size) in zip(Self.questions, expected).shuffled() {
                if cached.measure(q.text, font: q.font, maxWidth: q.maxWidth, lineLimit: q.lineLimit) != size {
                    wrong.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(wrong.load(ordering: .relaxed) == 0)
    }

    func key(_ i: Int, length: Int = 10) -> TextMeasurementCache.Key {
        let text = String(i) + String(repeating: "x", count: max(0, length - String(i).count))
        return TextMeasurementCache.Key(fontsConf: "fonts.conf", text: text, font: f20, maxWidth: nil, lineLimit: nil)
    }

    @Test func staysWithinItsEntryBound() {
        let cache = TextMeasurementCache(maxEntries: 100, maxBytes: 1 << 20)
        for i in 0..<1000 {
            cache.insert(Size(width: Double(i), height: 1), for: key(i))
            #expect(cache.usage.entries <= 100)
        }
        // The newest sizes are kept, and right.
        #expect(cache.size(for: key(999)) == Size(width: 999, height: 1))
        #expect(cache.size(for: key(0)) == nil)
    }

    @Test func staysWithinItsByteBound() {
        let cache = TextMeasurementCache(maxEntries: 100_000, maxBytes: 64 << 10)
        for i in 0..<1000 {
            cache.insert(Size(width: 1, height: 1), for: key(i, length: 1000))
            #expect(cache.usage.bytes <= 64 << 10)
        }
        #expect(cache.usage.entries >= 16)
        // A text larger than an eighth of the bound is measured but not kept.
        cache.insert(Size(width: 1, height: 1), for: key(0, length: 10_000))
        #expect(cache.size(for: key(0, length: 10_000)) == nil)
    }

    @Test func sizesInUseStay() {
        let cache = TextMeasurementCache(maxEntries: 100, maxBytes: 1 << 20)
        cache.insert(Size(width: 7, height: 7), for: key(-1))
        for i in 0..<1000 {
            cache.insert(Size(width: 1, height: 1), for: key(i))
            #expect(cache.size(for: key(-1)) == Size(width: 7, height: 7), "after \(i) other sizes")
        }
    }
}

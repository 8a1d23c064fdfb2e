import Foundation
import Synchronization
import Testing
import Proofsheet

/// Long text stays cheap: layout measures each distinct question once.
@Suite("Text limits")
struct TextLimitTests {
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

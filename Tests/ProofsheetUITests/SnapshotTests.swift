import ProofsheetTesting
import SwiftUIExamples
import Testing

/// `assertSnapshot` and `assertTimelineSnapshots` take SwiftUI views and screens as they take
/// the DSL's views and scene files.
@Suite struct SnapshotTests {
    @MainActor @Test func aSwiftUIViewIsSnapshotted() {
        assertSnapshot(of: GradientStackScreen(), as: .image(layout: .device("iPhone 14"), scale: 1))
    }
}

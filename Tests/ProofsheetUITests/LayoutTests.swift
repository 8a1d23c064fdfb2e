import Foundation
import Proofsheet
import ProofsheetTestSupport
import ProofsheetUI
import Testing

/// SwiftUI's `Layout` protocol: a layout of one's own sizes itself and places its subviews, as
/// the numbers show.
@Suite struct LayoutTests {
    static let renderer = try! Renderer()

    func layout<V: ProofsheetUI.View>(_ view: @escaping @MainActor () -> V) throws -> LayoutResult {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1, view)
        return try Self.renderer.layout(try screen.instantiate(try screen.state(still: nil)))
    }

    /// Rows of three (3 × 100 + 2 × 10 = 320 ≤ 330; a fourth would need 430), then one.
    @Test(arguments: [false, true]) func aFlowLayoutWrapsItsViewsIntoRows(erased: Bool) throws {
        let result = try layout { FlowScreen(erased: erased) }
        let flow = try exactFrame(result, "flow")
        #expect(flow.size == Size(width: 320, height: 140))
        #expect(result.tree.find("flow")?.name == "FlowLayout")
        let expected: [(Double, Double)] = [(0, 0), (110, 0), (220, 0), (0, 50), (110, 50), (220, 50), (0, 100)]
        for (i, (x, y)) in expected.enumerated() {
            let r = try exactFrame(result, "r\(i)")
            #expect(r == Rect(x: flow.minX + x, y: flow.minY + y, width: 100, height: 40), "r\(i): \(r) in \(flow)")
        }
    }

    /// Anchors and proposals: each subview is the size its proposal gives it (60 × 20), its
    /// centre where it was placed; the one not placed is centred in the layout.
    @Test func subviewsArePlacedByTheirAnchorsWithTheirProposals() throws {
        let result = try layout { ColumnScreen() }
        let column = try exactFrame(result, "column")
        #expect(column.size == Size(width: 200, height: 100))
        #expect(try exactFrame(result, "a") == Rect(x: (column.minX + 100) - 30, y: column.minY, width: 60, height: 20))
        #expect(try exactFrame(result, "b") == Rect(x: (column.minX + 100) - 30, y: column.minY + 28, width: 60, height: 20))
        #expect(try exactFrame(result, "left") == Rect(x: (column.minX + 100) - 15, y: (column.minY + 50) - 15, width: 30, height: 30))
    }
}

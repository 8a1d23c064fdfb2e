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

    /// A size that is not a number, or a subview placed at no point, is the layout's error
    /// (bad input naming the layout), never a frame of nan.
    @Test(arguments: [true, false]) func anUnsoundAnswerIsAnErrorNamingTheLayout(nanSize: Bool) throws {
        do {
            _ = try layout { UnsoundScreen(nanSize: nanSize) }
            Issue.record("the layout's answer was taken")
        } catch let e as ProofsheetError {
            #expect(e.exitCode == 2 && e.description.contains("the layout Unsound"), "\(e)")
            #expect(e.description.contains(nanSize ? "answered the size nan" : "placed a subview at inf"), "\(e)")
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

extension LayoutTests {
    /// An `AnyLayout` that changes with the state keeps its subviews: they move from the row to
    /// the column with the animation, not in and out.
    @Test func aLayoutChosenByTheStateMovesItsSubviews() throws {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) { SwitchedLayout() }
            .timeline("switch", at: 0.1, "tap #first; wait 0.5s")
        let run = try Self.renderer.run(of: screen, timeline: "switch", framing: TimelineFraming(scale: 1))
        func second(at t: Double) throws -> Rect { try #require(try run.presented(at: t).find("second")).frame }
        func first(at t: Double) throws -> Rect { try #require(try run.presented(at: t).find("first")).frame }
        // At rest: side by side (210 wide); at the end, one under the other (90 high).
        let before = try second(at: 0.1), after = try second(at: 0.5)
        #expect(try before.minX - first(at: 0.1).minX == 110 && before.minY == first(at: 0.1).minY)
        let end = try first(at: 0.5)
        #expect(after.minX == end.minX && after.minY - end.minY == 50, "\(after) \(end)")
        // Halfway through (0.1 s into 0.2 s, from the tap's end at 0.15 s), halfway there.
        let half = try second(at: 0.25)
        #expect(abs(half.minX - (before.minX + after.minX) / 2) < 0.5, "\(before) \(half) \(after)")
        #expect(abs(half.minY - (before.minY + after.minY) / 2) < 0.5, "\(before) \(half) \(after)")
    }
}

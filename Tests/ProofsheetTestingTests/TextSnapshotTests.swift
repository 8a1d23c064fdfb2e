import Foundation
import Testing
import ProofsheetTesting

/// Display-list and SVG snapshots against references committed in
/// `__Snapshots__/TextSnapshotTests/`.
@Suite("Display-list and SVG snapshots")
struct TextSnapshotTests {
    @Test func displayListMatchesItsReference() {
        assertSnapshot(of: TicketCard(), as: .displayList(canvas: cardCanvas))
    }

    @Test func svgMatchesItsReference() {
        assertSnapshot(of: TicketCard(), as: .svg(canvas: cardCanvas))
    }

    @Test func svgIsDeterministic() throws {
        let strategy: Snapshotting<TicketCard, Data> = .svg(canvas: cardCanvas)
        #expect(try strategy.snapshot(TicketCard()) == strategy.snapshot(TicketCard()))
    }
}

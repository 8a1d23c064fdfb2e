import Foundation
import Testing
import ProofsheetTesting

/// Image snapshots against references committed in `__Snapshots__/ImageSnapshotTests/`.
@Suite("Image snapshots")
struct ImageSnapshotTests {
    @Test func cardMatchesItsReference() {
        assertSnapshot(of: TicketCard(), as: .image(canvas: cardCanvas))
    }

    @Test func sceneMatchesItsReference() {
        let scene = Scene(canvas: cardCanvas, background: Color(hex: 0xF2F2F7)) {
            TicketCard(title: "Half Dome", accent: .orange)
        }
        assertSnapshot(of: scene, as: .image, named: "half-dome")
    }

    @Test func pullbackSnapshotsAnotherValueType() {
        struct Booking { var place: String }
        let strategy: Snapshotting<Booking, RGBAImage> = Snapshotting<TicketCard, RGBAImage>
            .image(canvas: cardCanvas)
            .pullback { booking in TicketCard(title: booking.place, accent: .green) }
        assertSnapshot(of: Booking(place: "Mariposa"), as: strategy)
    }
}

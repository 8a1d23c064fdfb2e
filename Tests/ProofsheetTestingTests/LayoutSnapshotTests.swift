import Foundation
import Testing
import ProofsheetTesting

/// `.image(layout:)`: a component at its own size, in a fixed size, or on a device.
@Suite("Snapshot layouts")
struct LayoutSnapshotTests {
    /// A badge whose own size is its text plus padding: no frame of its own.
    struct Badge: View {
        var body: some View {
            Text("NEW").font(.caption).foregroundColor(.white).padding(6).background(Color.red)
        }
    }

    @Test func aComponentIsSnapshottedAtItsOwnSize() throws {
        let own = try Snapshotting<TicketCard, RGBAImage>.image(layout: .sizeThatFits).snapshot(TicketCard())
        #expect(own.width == 200 && own.height == 120)
        // The card at its own size is the card on a canvas of that size.
        let onCanvas = try Snapshotting<TicketCard, RGBAImage>.image(canvas: cardCanvas).snapshot(TicketCard())
        #expect(own.pixels == onCanvas.pixels)
        let badge = try Snapshotting<Badge, RGBAImage>.image(layout: .sizeThatFits, scale: 2).snapshot(Badge())
        // caption is 12 pt: a 14.32 pt line, 29 pixels at scale 2, plus 6 pt of padding above
        // and below.
        #expect(badge.height == 29 + 2 * 12)
        #expect(badge.width > 2 * 12 && badge.width < 2 * 60)
        // Every corner is the badge's red, not the canvas.
        for (x, y) in [(0, 0), (badge.width - 1, 0), (0, badge.height - 1), (badge.width - 1, badge.height - 1)] {
            let i = (y * badge.width + x) * 4
            #expect(Array(badge.pixels[i..<i + 3]) == [255, 59, 48], "corner \(x),\(y)")
        }
        assertSnapshot(of: Badge(), as: .image(layout: .sizeThatFits, scale: 2), named: "badge")
    }

    @Test func fixedAndDeviceLayouts() throws {
        let fixed = try Snapshotting<Badge, RGBAImage>.image(layout: .fixed(width: 80, height: 50)).snapshot(Badge())
        #expect(fixed.width == 80 && fixed.height == 50)
        let device = try Snapshotting<Badge, RGBAImage>.image(layout: .device("iPhone SE"), scale: 1).snapshot(Badge())
        #expect(device.width == 375 && device.height == 667)
    }

    @Test func aViewWithoutASizeOfItsOwnSaysWhatToDo() {
        #expect(throws: (any Error).self) { try Snapshotting<EmptyView, RGBAImage>.image(layout: .sizeThatFits).snapshot(EmptyView()) }
        do {
            _ = try Snapshotting<EmptyView, RGBAImage>.image(layout: .sizeThatFits).snapshot(EmptyView())
        } catch {
            #expect("\(error)".contains(".fixed(width:height:)"))
        }
    }
}

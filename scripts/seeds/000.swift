import SwiftUI

// Seed 000's previews: the deck at rest, and the scene file's timelines (the top card, whose
// centre is at 195,397 on an iPhone 14, swiped right and left past the threshold, and dragged
// 120 pt, back to 30 pt and let go).
struct SeedPreviews: PreviewTimelines {
    static var previews: [Preview] {
        [
            Preview("travel-deck") { ContentView() }
                .timeline("swipe-right", at: 0.1) {
                    drag(from: CGPoint(x: 195, y: 397), to: CGPoint(x: 345, y: 407), in: 0.3)
                    release()
                }
                .timeline("swipe-left", at: 0.1) {
                    drag(from: CGPoint(x: 195, y: 397), to: CGPoint(x: 45, y: 397), in: 0.3)
                    release()
                }
                .timeline("drag-and-return", at: 0.1) {
                    down(at: CGPoint(x: 195, y: 397))
                    move(to: CGPoint(x: 120, y: 0), in: 0.3)
                    move(to: CGPoint(x: 30, y: 0), in: 0.3)
                    release()
                }
        ]
    }
}

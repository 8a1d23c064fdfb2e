import SwiftUI

// Seed 003's previews: the screen at rest, and the scene file's `remove` timeline (the top card,
// whose centre is at 195,263 on an iPhone 14, dragged by 220,20 in 0.35 s and let go).
struct SeedPreviews: PreviewTimelines {
    static var previews: [Preview] {
        [
            Preview("gradient-stack") { ContentView() }
                .timeline("remove", at: 0.1) {
                    drag(from: CGPoint(x: 195, y: 263), to: CGPoint(x: 415, y: 283), in: 0.35)
                    release()
                }
        ]
    }
}

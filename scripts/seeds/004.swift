import SwiftUI

// Seed 004's previews: the list at rest, and the scene file's timelines (the second card, whose
// centre is at 195,307 on an iPhone 14, dragged 100 pt left and let go; then, at 1 s, the alert's
// 確認 at 262,456 or its 取消 at 127,456).
struct SeedPreviews: PreviewTimelines {
    static var previews: [Preview] {
        [
            Preview("swipe-to-delete") { ContentView() }
                .timeline("delete", at: 0.1) {
                    drag(from: CGPoint(x: 195, y: 307), to: CGPoint(x: 95, y: 307), in: 0.3)
                    release()
                    hold(0.6)
                    tap(at: CGPoint(x: 262, y: 456))
                }
                .timeline("cancel", at: 0.1) {
                    drag(from: CGPoint(x: 195, y: 307), to: CGPoint(x: 95, y: 307), in: 0.3)
                    release()
                    hold(0.6)
                    tap(at: CGPoint(x: 127, y: 456))
                }
        ]
    }
}

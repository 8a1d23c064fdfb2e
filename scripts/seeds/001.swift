import SwiftUI

// What seed 001's text leaves out (its Gist has them): the action a release decides, and the
// default configuration, with the numbers the tutorial's steps give — depth d (0 the top card)
// scaled 0.9^d and 50·d lower, the drag turning the card (width / 300)·25° — and the throw the
// scene file uses: 600 pt aside in 0.3 s.
public enum CardViewEndedMoveAction {
    case throwLeft, throwRight, none
}

extension StackSwipableCardConfiguration {
    static func makeDefault(sourcesSize: Int, index: Int, proxy: GeometryProxy) -> StackSwipableCardConfiguration {
        // The stack's ForEach counts from the back card.
        let depth = CGFloat(sourcesSize - 1 - index)
        return StackSwipableCardConfiguration(
            calcScale: { pow(0.9, depth) },
            calcOffset: { CGSize(width: 0, height: depth * 50) },
            calcRotation: { .degrees(Double($0.width / 300) * 25) },
            threwLeft: (point: CGSize(width: -600, height: 0), duration: 0.3),
            threwRight: (point: CGSize(width: 600, height: 0), duration: 0.3))
    }
}

// Seed 001's previews: the stack at rest, and the scene file's timelines (the top card, whose
// centre is at 179,404.5 on an iPhone 14, dragged 160 pt right or left, or 80 pt right, and let go).
struct SeedPreviews: PreviewTimelines {
    static var previews: [Preview] {
        [
            Preview("swipe-stack") { ExamleSwipableCardView() }
                .timeline("throw-right", at: 0.1) {
                    drag(from: CGPoint(x: 179, y: 404.5), to: CGPoint(x: 339, y: 414.5), in: 0.3)
                    release()
                }
                .timeline("throw-left", at: 0.1) {
                    drag(from: CGPoint(x: 179, y: 404.5), to: CGPoint(x: 19, y: 414.5), in: 0.3)
                    release()
                }
                .timeline("snap-back", at: 0.1) {
                    drag(from: CGPoint(x: 179, y: 404.5), to: CGPoint(x: 259, y: 414.5), in: 0.3)
                    release()
                }
        ]
    }
}

import SwiftUI

// Seed 002's previews: the detail screen with its Rate it button (centre 195,765 on an iPhone 14)
// and the review overlay's close button (361,75). The scene file's `close` starts from the overlay
// shown and settled; here the overlay is opened first, and the frames from 1.1 s on are compared
// (the rows settle 0.55 s after the tap at 0.1 s; the close is tapped at 1.2 s, 1.1 s after the first tap).
let cafeDeadend = Restaurant(
    name: "Cafe Deadend", type: "Coffee & Tea Shop", location: "Sheung Wan, Hong Kong", phone: "232-923423",
    description: "Searching for great breakfast eateries and coffee?", image: "cafedeadend", isFavorite: true)

struct SeedPreviews: PreviewTimelines {
    static var previews: [Preview] {
        [
            Preview("detail") { RestaurantDetailView(restaurant: cafeDeadend) }
                .timeline("appear", at: 0.1) { tap(at: CGPoint(x: 195, y: 765)) }
                .timeline("close", at: 0.1) {
                    tap(at: CGPoint(x: 195, y: 765))
                    hold(1.05)
                    tap(at: CGPoint(x: 361, y: 75))
                }
        ]
    }
}

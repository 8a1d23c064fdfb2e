import Foundation
import Proofsheet
import ProofsheetLayout

/// Scenes more than one target's tests draw.
package enum TestScenes {
    /// A small scene using every kind of drawing: gradient, shadow, blur, text in three
    /// scripts, symbols, a clipped photo.
    package static func effectsScene() -> Scene {
        Scene(canvas: Size(width: 200, height: 160), scale: 1, background: .white) {
            VStack(spacing: 10) {
                HStack(spacing: 12) {
                    RoundedRectangle(cornerRadius: 12)
                        .fill(LinearGradient(colors: [.red, .purple], startPoint: .topLeading, endPoint: .bottomTrailing))
                        .frame(width: 56, height: 56)
                        .shadow(radius: 5, y: 3)
                    Circle().fill(.blue).frame(width: 40, height: 40).blur(radius: 4)
                    Image("garden-by-bay-singapore").resizable().scaledToFill().frame(width: 40, height: 56).clipped()
                        .cornerRadius(8)
                }
                Text("Proofsheet 中文 😀").font(.system(.headline, design: .rounded, weight: 700))
                HStack {
                    Image(systemName: "heart.circle.fill").font(.system(size: 24)).foregroundColor(.pink)
                    Image(systemName: "x.circle").font(.system(size: 24))
                    Image(systemName: "mappin.and.ellipse").font(.system(size: 24)).foregroundColor(.green)
                }
                // A whole-point row (the circles are 28.08 pt) keeps the text above on whole
                // pixels, where the SVG's text (at its exact baseline) and the PNG's agree.
                .frame(height: 30)
            }
        }
    }

    /// The travel deck home screen on an iPhone 14.
    package static func deckScene(scale: Double = 1) throws -> Scene {
        try SceneDecoder().decode(file: Paths.scenes + "/travel-deck.json").on(try Device.named("iPhone 14"), scale: scale)
    }
}

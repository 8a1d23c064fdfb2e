import Foundation
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout

/// Materials: the review overlay (its photo under a full-screen `.ultraThinMaterial`) against the
/// plain travel deck, both on an iPhone 14 at 3x, each frame laid out, rasterised and encoded
/// (fastest PNG), the two taking turns; then one large blur alone. Pass mark: the overlay costs
/// at most 1.15 times the deck.
func materialBenchmark(renderer: Renderer) throws {
    let dir = Resources.assetsDirectory.map { $0 + "/Scenes/" } ?? "Assets/Scenes/"
    let device = try Device.named("iPhone 14")
    let overlay = try SceneDecoder().template(file: dir + "review.json").scene(still: "overlay").on(device, scale: 3)
    let deck = try SceneDecoder().decode(file: dir + "travel-deck.json").on(device, scale: 3)
    var blurred = deck
    blurred.root = .modified(deck.root, .blur(radius: 20))
    let scenes = [
        ("review overlay (full-screen ultraThinMaterial)", overlay), ("travel deck (plain)", deck), ("travel deck, blur(radius: 20)", blurred)
    ]
    for (_, scene) in scenes { _ = try renderer.render(scene, format: .png) }  // warm: fonts, photos
    var totals = [[Double]](repeating: [], count: scenes.count), rasters = totals
    for _ in 0..<frames {
        for (k, (_, scene)) in scenes.enumerated() {
            let t0 = monotonicSeconds()
            let list = try renderer.layout(scene).displayList
            let result = try renderer.backend.renderPNG(list, scale: 3, compression: .fastest)
            totals[k].append(monotonicSeconds() - t0)
            rasters[k].append(result.timing.raster)
        }
    }
    print("")
    print("Materials: iPhone 14 at 3x, layout + raster + fastest PNG, median of \(frames) (ms)")
    print("  scene                                              total   raster")
    for (k, (name, _)) in scenes.enumerated() {
        print("  \(name.padding(toLength: 48, withPad: " ", startingAt: 0))\(ms(median(totals[k])))  \(ms(median(rasters[k])))")
    }
    let ratio = median(totals[0]) / median(totals[1])
    record(.material, ratio)
    print(
        String(format: "  overlay / deck                                   %5.2fx   (pass: at most 1.15x) %@", ratio, ratio <= 1.15 ? "pass" : "FAIL")
    )
}

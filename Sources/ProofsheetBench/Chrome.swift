import Foundation
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout

/// What chrome costs: the travel deck on an iPhone 15 Pro at 3x, laid out and rendered to PNG
/// plain, with the status bar and home indicator, and with the device frame too.
func chromeBenchmark(renderer: Renderer, base: Scene) throws {
    print("")
    print("Chrome: travel-deck.json on iPhone 15 Pro at 3x, layout + raster + PNG (fastest), median of \(frames) (ms)")
    let plain = base.on(try Device.named("iPhone 15 Pro"), scale: 3)
    let variants: [(String, Scene)] = [
        ("plain", plain), ("--chrome on", plain.with(chrome: true)), ("--chrome on --device-frame", plain.with(chrome: true, deviceFrame: true))
    ]
    var layoutMedians: [String: Double] = [:]
    for (label, scene) in variants {
        _ = try renderer.render(scene, format: .png)  // warm caches
        var layouts: [Double] = [], totals: [Double] = []
        for _ in 0..<frames {
            let t0 = monotonicSeconds()
            let list = try renderer.layout(scene).displayList
            let t1 = monotonicSeconds()
            _ = try renderer.backend.renderPNG(list, scale: 3, compression: .fastest)
            layouts.append(t1 - t0); totals.append(monotonicSeconds() - t0)
        }
        layoutMedians[label] = median(layouts)
        print("\(label.padding(toLength: 28, withPad: " ", startingAt: 0)) layout \(ms(median(layouts)))   total \(ms(median(totals)))")
    }
    // NB: the totals differ by less than a render's noise on a shared machine; the layout is
    // what chrome adds for sure.
    print(String(format: "chrome adds %.2f ms of layout", (layoutMedians["--chrome on"]! - layoutMedians["plain"]!) * 1000))
}

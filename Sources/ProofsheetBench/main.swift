import Foundation
import Proofsheet

/// Benchmarks: the travel deck screen rendered at scale 2 and 3, per frame: layout, raster and
/// encode times and PNG size, for the fast PNG path, the small one, and Cairo's own writer.
/// Run with `make bench` (release build). Figures go to stdout; nothing is asserted.

func ms(_ s: Double) -> String { String(format: "%7.1f", s * 1000) }
func median(_ xs: [Double]) -> Double { let s = xs.sorted(); return s[s.count / 2] }

let frames = Int(ProcessInfo.processInfo.environment["BENCH_FRAMES"] ?? "") ?? 7
let scenePath = Resources.assetsDirectory.map { $0 + "/Scenes/travel-deck.json" } ?? "Assets/Scenes/travel-deck.json"
do {
    let renderer = try Renderer()
    let base = try SceneDecoder().decode(file: scenePath)
    print("Proofsheet benchmark: travel-deck.json on iPhone 14, \(frames) frames each (median, ms)")
    print("scale  encoder            layout   raster   encode    total     PNG bytes")
    for scale in [2.0, 3.0] {
        let scene = base.on(try Device.named("iPhone 14"), scale: scale)
        _ = try renderer.render(scene, format: .png)   // warm caches: fonts, decoded photos
        for (label, encoder) in [("fast (deflate 1)", 0), ("small (deflate 6)", 1), ("cairo stock", 2)] {
            var layouts: [Double] = [], rasters: [Double] = [], encodes: [Double] = [], totals: [Double] = []
            var bytes = 0
            for _ in 0..<(encoder == 0 ? frames : max(3, frames / 2)) {
                let t0 = monotonicSeconds()
                let list = try renderer.layout(scene).displayList
                let t1 = monotonicSeconds()
                let result: (bytes: [UInt8], timing: CairoBackend.Timing)
                switch encoder {
                case 0: result = try renderer.backend.renderPNG(list, scale: scale, settings: .fast)
                case 1: result = try renderer.backend.renderPNG(list, scale: scale, settings: .small)
                default: result = try renderer.backend.renderPNGWithCairoWriter(list, scale: scale)
                }
                layouts.append(t1 - t0); rasters.append(result.timing.raster); encodes.append(result.timing.encode)
                totals.append(monotonicSeconds() - t0)
                bytes = result.bytes.count
            }
            let name = label.padding(toLength: 17, withPad: " ", startingAt: 0)
            print("\(Int(scale))x     \(name)\(ms(median(layouts)))  \(ms(median(rasters)))  \(ms(median(encodes)))  \(ms(median(totals)))  \(String(format: "%12d", bytes))")
        }
    }
    for format in [OutputFormat.svg, .pdf] {
        let scene = base.on(try Device.named("iPhone 14"), scale: 3)
        var times: [Double] = []
        var size = 0
        for _ in 0..<3 {
            let t0 = monotonicSeconds()
            size = try renderer.render(scene, format: format).count
            times.append(monotonicSeconds() - t0)
        }
        print("3x     \(format.rawValue.uppercased()) (rasters at 3x)            total \(ms(median(times)))  \(String(format: "%12d", size))")
    }
} catch {
    print("benchmark failed: \(error)")
    exit(3)
}

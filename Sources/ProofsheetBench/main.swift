import Foundation
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout

/// Benchmarks: the travel deck screen rendered at scale 2 and 3, per frame: layout, raster and
/// encode times and PNG size, for the fast PNG path, the small one, and Cairo's own writer.
/// Run with `make bench` (release build). Figures go to stdout; nothing is asserted.

func ms(_ s: Double) -> String { String(format: "%7.1f", s * 1000) }
func median(_ xs: [Double]) -> Double { let s = xs.sorted(); return s[s.count / 2] }

/// Runs a program `times` times and returns the median wall time (s); output is discarded.
func timeProcess(_ exe: String, _ args: [String], times: Int) throws -> Double {
    var samples: [Double] = []
    for _ in 0..<times {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        let t0 = monotonicSeconds()
        try p.run()
        p.waitUntilExit()
        samples.append(monotonicSeconds() - t0)
    }
    return median(samples)
}

/// Two 1170×2532 frames that differ in a small region: decode and compare times in process,
/// and `proofsheet diff --json` end to end against a lean C program (libpng decode + compare).
func diffBenchmark(renderer: Renderer, base: Scene) throws {
    let scene = base.on(try Device.named("iPhone 14"), scale: 3)
    let a = try renderer.backend.renderRGBA(try renderer.layout(scene).displayList, scale: 3)
    var b = a
    b.withUnsafeMutablePixels { px in
        for y in 1500..<1560 { for x in 500..<600 { let i = (y * a.width + x) * 4; px[i] = 255 &- px[i]; px[i + 1] = 0 } }
    }
    let dir = NSTemporaryDirectory() + "proofsheet-bench"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let pa = dir + "/a.png", pb = dir + "/b.png"
    try a.writePNG(to: pa)
    try b.writePNG(to: pb)
    print("")
    print("Diff: two 1170x2532 frames differing in a 100x60 region (median of 9, ms)")
    var decodes: [Double] = [], pairs: [Double] = [], compares: [Double] = [], counts: [Double] = []
    var mismatched = 0
    for _ in 0..<9 {
        var t0 = monotonicSeconds()
        let x = try RGBAImage(contentsOfFile: pa)
        decodes.append(monotonicSeconds() - t0)
        t0 = monotonicSeconds()
        let (e, f) = try ImagePair.load(expected: pa, actual: pb)
        pairs.append(monotonicSeconds() - t0)
        t0 = monotonicSeconds()
        let r = try PixelDiff.compare(e, f, diffImage: true)
        compares.append(monotonicSeconds() - t0)
        t0 = monotonicSeconds()
        _ = try PixelDiff.compare(x, f, diffImage: false)
        counts.append(monotonicSeconds() - t0)
        mismatched = r.result?.mismatched ?? -1
    }
    print("decode one PNG            \(ms(median(decodes)))")
    print("decode both (2 threads)   \(ms(median(pairs)))")
    print("compare + diff image      \(ms(median(compares)))   (\(mismatched) pixels differ)")
    print("compare, count only       \(ms(median(counts)))")
    let exeDir = (CommandLine.arguments[0] as NSString).deletingLastPathComponent
    let cli = exeDir + "/proofsheet", reference = exeDir + "/DiffReference"
    guard FileManager.default.isExecutableFile(atPath: cli), FileManager.default.isExecutableFile(atPath: reference) else {
        print("(build all release products to time the processes: swift build -c release)")
        return
    }
    let tCLI = try timeProcess(cli, ["diff", "--json", pa, pb], times: 9)
    let tRef = try timeProcess(reference, [pa, pb], times: 9)
    print("process: proofsheet diff --json  \(ms(tCLI))")
    print("process: lean C (libpng+compare) \(ms(tRef))")
    print(String(format: "ratio                            %7.2fx", tCLI / tRef))
}

let frames = Int(ProcessInfo.processInfo.environment["BENCH_FRAMES"] ?? "") ?? 7
let scenePath = Resources.assetsDirectory.map { $0 + "/Scenes/travel-deck.json" } ?? "Assets/Scenes/travel-deck.json"
do {
    let renderer = try Renderer()
    let base = try SceneDecoder().decode(file: scenePath)
    print("Proofsheet benchmark: travel-deck.json on iPhone 14, \(frames) frames each (median, ms)")
    print("scale  encoder            layout   raster   encode    total     PNG bytes")
    for scale in [2.0, 3.0] {
        let scene = base.on(try Device.named("iPhone 14"), scale: scale)
        _ = try renderer.render(scene, format: .png)  // warm caches: fonts, decoded photos
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
            print(
                "\(Int(scale))x     \(name)\(ms(median(layouts)))  \(ms(median(rasters)))  \(ms(median(encodes)))  \(ms(median(totals)))  \(String(format: "%12d", bytes))"
            )
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
    try diffBenchmark(renderer: renderer, base: base)
} catch {
    print("benchmark failed: \(error)")
    exit(3)
}

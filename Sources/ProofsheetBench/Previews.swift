import Foundation
import Proofsheet
import ProofsheetAnimation
import ProofsheetCairo
import ProofsheetTimeline

/// Contact sheets and animated previews of the travel deck's `swipe-right`: the time for a
/// 30-frame 6×5 sheet at thumbnail scale 1, the peak memory of 30- and 240-frame sheets and
/// APNGs (a separate process each, its maximum resident set), the size and time of an APNG,
/// a WebP and a GIF at 30 fps (GIF 25), a 2 s WebM video against the APNG of the same frames,
/// and the GIF palette's colour error over every frame.
func previewsBenchmark(scenePath: String) throws {
    print("")
    print("Previews: travel-deck swipe-right (iPhone 14)")
    guard let cli = releaseCLI() else {
        print("(the release proofsheet binary is not built: no figures)")
        return
    }
    let dir = try freshFolder("proofsheet-bench-previews")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let base = ["--timeline", "swipe-right", "-q"]
    let sheet = try timeProcess(
        cli, ["strip", scenePath, "--frames", "30", "--columns", "6", "--thumb-scale", "1", "--scale", "1", "-o", dir + "/sheet.png"] + base,
        times: 3)
    print(String(format: "  strip, 30 frames 6×5 at thumbnail scale 1:   %6.0f ms (the whole process)", sheet * 1000))
    for n in [30, 240] {
        let strip = try peakMemory(
            cli, ["strip", scenePath, "--frames", "\(n)", "--thumb-scale", "0.25", "--scale", "1", "-o", dir + "/s.png"] + base)
        let apng = try peakMemory(
            cli, ["animate", scenePath, "--fps", "\(n / 2)", "--duration", "2", "--slow", "1", "-o", dir + "/a.png"] + base)
        // The sheet's own pixels (premultiplied ARGB, 4 bytes each): what streaming cannot avoid.
        let header = (try? FileHandle(forReadingFrom: URL(fileURLWithPath: dir + "/s.png")).readData(ofLength: 24)).map { [UInt8]($0) } ?? []
        let own = header.count == 24 ? Double(be32(header, 16) * be32(header, 20) * 4) / 1_048_576 : .nan
        print(String(format: "  peak memory, %3d frames: strip %5.0f MiB (its own pixels %4.0f MiB), APNG %5.0f MiB", n, strip, own, apng))
    }
    for (ext, extra) in [("png", [String]()), ("webp", []), ("webp", ["--lossless"]), ("gif", [])] {
        let out = dir + "/preview." + ext
        let seconds = try timeProcess(cli, ["animate", scenePath, "-o", out] + extra + base, times: 3)
        let size = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0
        let label = ext == "png" ? "APNG" : ext == "gif" ? "GIF (25 fps)" : extra.isEmpty ? "WebP (lossy 80)" : "WebP (lossless)"
        print(String(format: "  %-16@ %6.0f ms  %6d KiB", label as NSString, seconds * 1000, size / 1024))
    }
    // A 2 s video against the APNG of the same frames (30 fps, no hold), at scale 1 and 2.
    for scale in ["1", "2"] {
        var apngSize = 0
        for ext in ["png", "webm"] {
            let out = dir + "/two-seconds." + ext
            let seconds = try timeProcess(
                cli, ["animate", scenePath, "--duration", "2", "--hold", "0", "--scale", scale, "-j", "2", "-o", out] + base, times: 3)
            let size = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0
            if ext == "png" { apngSize = size }
            let label = "\(ext == "png" ? "APNG" : "WebM (VP9, q 80)") 2 s at \(scale)x"
            let ratio = ext == "png" ? "" : String(format: "  (%.2f of the APNG)", Double(size) / Double(max(1, apngSize)))
            print(String(format: "  %-28@ %6.0f ms  %6d KiB%@", label as NSString, seconds * 1000, size / 1024, ratio as NSString))
        }
    }
    // What the GIF's fixed palette loses, over every frame at 25 fps.
    let renderer = try Renderer()
    let template = try SceneDecoder().template(file: scenePath)
    var mean = 0.0, worst = 0, count = 0
    let first = try template.scene().on(try Device.named("iPhone 14"), scale: 1)
    try FrameSampler(fps: 25, span: .auto).run(try renderer.session(of: template, timeline: "swipe-right")) { frames in
        for f in frames {
            let list = DisplayList(painting: f.tree, size: first.canvas, background: first.background, scale: 1)
            let e = GIFPalette.error(of: try renderer.backend.renderRGBA(list, scale: 1))
            mean += e.mean
            worst = max(worst, e.max)
            count += 1
        }
    }
    print(
        String(format: "  GIF palette error over %d frames: mean %.2f, largest %d (of 255, per channel)", count, mean / Double(max(1, count)), worst))
}

/// The big-endian 32-bit number at `offset` of `bytes`.
func be32(_ bytes: [UInt8], _ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }

/// The largest resident set of a run of `exe`, in MiB (GNU time's `%M`).
func peakMemory(_ exe: String, _ args: [String]) throws -> Double {
    let time = "/usr/bin/time"
    guard FileManager.default.isExecutableFile(atPath: time) else { return .nan }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: time)
    p.arguments = ["-f", "%M", exe] + args
    let err = Pipe()
    p.standardError = err
    p.standardOutput = FileHandle.nullDevice
    try p.run()
    let data = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    let kib = Double(String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? "") ?? .nan
    return kib / 1024
}

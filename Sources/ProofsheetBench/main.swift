import Dispatch
import Foundation
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout
import Synchronization

/// Benchmarks: the travel deck screen rendered at scale 2 and 3, per frame: layout, raster and
/// encode times and PNG size, for the fast PNG path, the small one, and Cairo's own writer; one
/// scene rendered in many states in one process against a one-shot `proofsheet render`; a
/// text-heavy scene rendered on one thread and on two.
/// Run with `make bench` (release build). Figures go to stdout; nothing is asserted.

func ms(_ s: Double) -> String { String(format: "%7.1f", s * 1000) }
func median(_ xs: [Double]) -> Double { let s = xs.sorted(); return s[s.count / 2] }

/// Runs a program `times` times and returns the median wall time (s); output is discarded.
func timeProcess(_ exe: String, _ args: [String], times: Int, exitCodes: Set<Int32> = [0]) throws -> Double {
    median(try (0..<times).map { _ in try runOnce(exe, args, exitCodes: exitCodes).seconds })
}

/// Runs a program once: its wall time (s) and peak resident memory (KiB); output is discarded.
/// It must exit with one of `exitCodes`.
func runOnce(_ exe: String, _ args: [String], exitCodes: Set<Int32> = [0]) throws -> (seconds: Double, peakKiB: Int) {
    // posix_spawn and wait4 rather than Foundation's Process, whose waitUntilExit polls a run
    // loop and rounds a process of 100 ms up by tens of milliseconds.
    let argv: [UnsafeMutablePointer<CChar>?] = ([exe] + args).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var pid: pid_t = 0
    let t0 = monotonicSeconds()
    let rc = posix_spawn(&pid, exe, &actions, nil, argv, environ)
    guard rc == 0 else { throw ProofsheetError.internal("cannot start \(exe): \(String(cString: strerror(rc)))") }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let seconds = monotonicSeconds() - t0
    // Exited (not signalled) with an exit code asked for.
    guard status & 0x7f == 0, exitCodes.contains((status >> 8) & 0xff) else {
        throw ProofsheetError.internal("\(exe) \(args.joined(separator: " ")) failed (status \(status))")
    }
    return (seconds, usage.ru_maxrss)
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
    let reference = (CommandLine.arguments[0] as NSString).deletingLastPathComponent + "/DiffReference"
    guard let cli = releaseCLI(), FileManager.default.isExecutableFile(atPath: reference) else {
        print("(build all release products to time the processes: make bench, or swift build -c release --static-swift-stdlib --product ...)")
        return
    }
    let tCLI = try timeProcess(cli, ["diff", "--json", pa, pb], times: 9, exitCodes: [1])
    let tRef = try timeProcess(reference, [pa, pb], times: 9, exitCodes: [0, 1])
    print("process: proofsheet diff --json  \(ms(tCLI))")
    print("process: lean C (libpng+compare) \(ms(tRef))")
    print(String(format: "ratio                            %7.2fx", tCLI / tRef))
    record(.diff, tCLI / tRef)
}

/// An empty folder `name` in the temporary directory (emptied if it was there).
func freshFolder(_ name: String) throws -> String {
    let dir = NSTemporaryDirectory() + name
    try? FileManager.default.removeItem(atPath: dir)
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}

/// The release `proofsheet` binary next to this one, if it was built.
func releaseCLI() -> String? {
    let cli = (CommandLine.arguments[0] as NSString).deletingLastPathComponent + "/proofsheet"
    return FileManager.default.isExecutableFile(atPath: cli) ? cli : nil
}

/// The states the many-states benchmark renders: every still of the scene at `path`, in order,
/// again and again until there are `count` (the first is the first still).
func sceneStates(path: String, count: Int) throws -> [(name: String, scene: Scene)] {
    let template = try SceneDecoder().template(file: path)
    let stills = template.stills.map(\.name)
    guard !stills.isEmpty else { throw ProofsheetError.internal("\(path) has no stills") }
    return try (0..<count).map { i in
        let still = stills[i % stills.count]
        return (still, try template.scene(still: still))
    }
}

/// One scene in many states: each laid out, rendered to PNG and written, in one process with one
/// renderer, against a one-shot `proofsheet render` of the scene (a process that loads the fonts,
/// decodes the photos, renders and writes once). Pass mark: a state costs at most half a one-shot.
func manyStatesBenchmark(states count: Int) throws {
    let path = Resources.assetsDirectory.map { $0 + "/Scenes/travel-deck.json" } ?? "Assets/Scenes/travel-deck.json"
    let scale = 3.0
    let states = try sceneStates(path: path, count: count).map { state in
        var scene = state.scene
        scene.scale = scale
        return (name: state.name, scene: scene)
    }
    let dir = NSTemporaryDirectory() + "proofsheet-bench/states"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let renderer = try Renderer()
    var first = 0.0
    var layouts: [Double] = [], rasters: [Double] = [], encodes: [Double] = [], totals: [Double] = []
    for (i, state) in states.enumerated() {
        let t0 = monotonicSeconds()
        let list = try renderer.layout(state.scene).displayList
        let t1 = monotonicSeconds()
        let png = try renderer.backend.renderPNG(list, scale: scale)
        try Data(png.bytes).write(to: URL(fileURLWithPath: dir + "/\(i).png"))
        let total = monotonicSeconds() - t0
        if i == 0 { first = total; continue }
        layouts.append(t1 - t0); rasters.append(png.timing.raster); encodes.append(png.timing.encode); totals.append(total)
    }
    print("")
    print("Many states: travel-deck.json at 3x, its \(Set(states.map(\.name)).count) stills, \(count) states in one process (median, ms)")
    print("first state (a new renderer)          \(ms(first))")
    print(
        "per state: layout + render + write   \(ms(median(totals)))   (layout \(ms(median(layouts)).trimmed), raster \(ms(median(rasters)).trimmed), encode \(ms(median(encodes)).trimmed))"
    )
    guard let cli = releaseCLI() else {
        print("(build the release CLI to time a one-shot render: swift build -c release --static-swift-stdlib --product proofsheet)")
        return
    }
    let oneShot = try timeProcess(cli, ["render", path, "--still", states[0].name, "--scale", "3", "-o", dir + "/one-shot.png", "-q"], times: 7)
    print("one-shot: proofsheet render --still \(states[0].name) (process) \(ms(oneShot))")
    let same = FileManager.default.contentsEqual(atPath: dir + "/0.png", andPath: dir + "/one-shot.png")
    print("state 1 and the one-shot PNG are \(same ? "the same bytes" : "DIFFERENT")")
    let ratio = median(totals) / oneShot
    print(String(format: "per state / one-shot                  %7.2f   (pass: at most 0.50) %@", ratio, ratio <= 0.5 ? "pass" : "FAIL"))
}

/// Wall time of `count` jobs shared by `threads` threads (round robin), seconds.
func timeOnThreads(_ threads: Int, count: Int, _ job: @Sendable () throws -> Void) throws -> Double {
    let failure = Mutex<(any Error)?>(nil)
    let t0 = monotonicSeconds()
    DispatchQueue.concurrentPerform(iterations: threads) { t in
        for _ in stride(from: t, to: count, by: threads) {
            do { try job() } catch { failure.withLock { $0 = error } }
        }
    }
    let seconds = monotonicSeconds() - t0
    if let error = failure.withLock({ $0 }) { throw error }
    return seconds
}

/// The best times of `job` on one thread and on two, measured in alternation.
func oneAndTwoThreads(count: Int, rounds: Int, _ job: @escaping @Sendable () throws -> Void) throws -> (one: Double, two: Double) {
    _ = try timeOnThreads(2, count: count, job)  // warm: a text context on each thread, photos, measurements
    var one: [Double] = [], two: [Double] = []
    for _ in 0..<rounds {
        one.append(try timeOnThreads(1, count: count, job))
        two.append(try timeOnThreads(2, count: count, job))
    }
    return (one.min()!, two.min()!)
}

/// The text-heavy gallery rendered `count` times to PNG on one thread, then shared by two threads
/// (one renderer), best of `rounds`. Pass mark: two threads at least 1.6 times as fast. For scale,
/// the same for work that shares nothing (compressing a buffer per job): what two threads can
/// gain on this machine now.
func textThreadsBenchmark(count: Int, rounds: Int) throws {
    let path = Resources.assetsDirectory.map { $0 + "/Scenes/gallery.json" } ?? "Assets/Scenes/gallery.json"
    let scene = try SceneDecoder().decode(file: path)
    let renderer = try Renderer()
    let text = try oneAndTwoThreads(count: count, rounds: rounds) { _ = try renderer.render(scene, format: .png) }
    var pixels = RGBAImage(width: 512, height: 512)
    pixels.withUnsafeMutablePixels { px in for i in px.indices { px[i] = UInt8(truncatingIfNeeded: i &* 7 ^ i >> 9) } }
    let plain = try oneAndTwoThreads(count: count, rounds: rounds) { [pixels] in
        for _ in 0..<4 { _ = try PNGCodec.encode(pixels) }
    }
    print("")
    print("Text threads: gallery.json (scale \(fmt(scene.scale))), \(count) PNG renders, best of \(rounds) (ms)")
    print("1 thread     \(ms(text.one))   (\(ms(text.one / Double(count)).trimmed) a render)")
    print("2 threads    \(ms(text.two))")
    let speedUp = text.one / text.two
    print(String(format: "speed-up     %7.2fx   (pass: at least 1.6x) %@", speedUp, speedUp >= 1.6 ? "pass" : "FAIL"))
    print(String(format: "(work sharing nothing: %.2fx on two threads now)", plain.one / plain.two))
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespaces) }
}

/// The travel deck on an iPhone 14 at 2x and 3x: layout, raster and encode per frame and PNG size
/// for each encoder, then SVG and PDF.
func framesBenchmark(renderer: Renderer, base: Scene) throws {
    print("Proofsheet benchmark: travel-deck.json on iPhone 14, \(frames) frames each (median, ms)")
    print("scale  encoder            layout   raster   encode    total     PNG bytes")
    for scale in [2.0, 3.0] {
        let scene = base.on(try Device.named("iPhone 14"), scale: scale)
        _ = try renderer.render(scene, format: .png)  // warm caches: fonts, decoded photos
        for (label, encoder) in [("fastest", 3), ("fast (deflate 1)", 0), ("small (deflate 6)", 1), ("cairo stock", 2)] {
            var layouts: [Double] = [], rasters: [Double] = [], encodes: [Double] = [], totals: [Double] = []
            var bytes = 0
            for _ in 0..<(encoder == 0 || encoder == 3 ? frames : max(3, frames / 2)) {
                let t0 = monotonicSeconds()
                let list = try renderer.layout(scene).displayList
                let t1 = monotonicSeconds()
                let result: (bytes: [UInt8], timing: CairoBackend.Timing)
                switch encoder {
                case 0: result = try renderer.backend.renderPNG(list, scale: scale, compression: .fast)
                case 1: result = try renderer.backend.renderPNG(list, scale: scale, compression: .small)
                case 3: result = try renderer.backend.renderPNG(list, scale: scale, compression: .fastest)
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
}

/// The processor's model name, from /proc/cpuinfo.
func cpuModel() -> String {
    guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
        let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
        let colon = line.firstIndex(of: ":")
    else { return "unknown" }
    return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
}

/// PNG encoding on one thread: three screens on an iPhone 14 at 3x (the travel deck, a
/// photo-heavy review screen, a flat list), each encoder's time and size for the same pixels, and
/// the whole frame (layout + raster + encode); then `proofsheet render --scale 3` of the travel
/// deck as a process with each encoder. Pass marks: the fastest encoder at least 4x faster than
/// deflate level 1 with files at most 1.25x larger; the process with it at most half the one of
/// an earlier release build named by `BENCH_BASELINE_CLI` (timed alongside, when given).
func encodeBenchmark(renderer: Renderer) throws {
    print("")
    print("PNG encoding: iPhone 14 at 3x, one thread, median of \(frames) (ms)")
    print("CPU: \(cpuModel()); vector path: \(PNGEncoderPath.automaticIsVector ? "AVX2" : "off (scalar)")")
    let screens = [("travel deck", "travel-deck.json"), ("photos: review", "review.json"), ("flat: swipe-to-delete", "swipe-to-delete.json")]
    let encoders: [(String, PNGCompression?, PNGEncoderPath)] = [
        ("fastest", .fastest, .automatic), ("fastest, scalar", .fastest, .scalar), ("fast (deflate 1)", .fast, .automatic),
        ("small (deflate 6)", .small, .automatic), ("cairo's writer", nil, .automatic)
    ]
    for (label, file) in screens {
        let path = Resources.assetsDirectory.map { $0 + "/Scenes/" + file } ?? "Assets/Scenes/" + file
        let scene = try SceneDecoder().decode(file: path).on(try Device.named("iPhone 14"), scale: 3)
        _ = try renderer.render(scene, format: .png)  // warm caches: fonts, decoded photos
        print("\(label) (\(file))")
        print("  encoder              encode      frame     PNG bytes")
        // The encoders take turns frame by frame, so that a burst of other work on the machine
        // slows them alike rather than one of them.
        var encodes = [[Double]](repeating: [], count: encoders.count), totals = encodes
        var bytes = [Int](repeating: 0, count: encoders.count)
        for _ in 0..<frames {
            for (k, (_, compression, encoderPath)) in encoders.enumerated() {
                let t0 = monotonicSeconds()
                let list = try renderer.layout(scene).displayList
                let result =
                    try compression.map { try renderer.backend.renderPNG(list, scale: 3, compression: $0, path: encoderPath) }
                    ?? renderer.backend.renderPNGWithCairoWriter(list, scale: 3)
                totals[k].append(monotonicSeconds() - t0)
                encodes[k].append(result.timing.encode)
                bytes[k] = result.bytes.count
            }
        }
        var medians: [String: (encode: Double, bytes: Int)] = [:]
        for (k, (name, _, _)) in encoders.enumerated() {
            medians[name] = (median(encodes[k]), bytes[k])
            print(
                "  \(name.padding(toLength: 18, withPad: " ", startingAt: 0))\(ms(median(encodes[k])))    \(ms(median(totals[k])))  \(String(format: "%12d", bytes[k]))"
            )
        }
        let fastest = medians["fastest"]!, fast = medians["fast (deflate 1)"]!
        let speed = fast.encode / fastest.encode, size = Double(fastest.bytes) / Double(fast.bytes)
        print(
            String(
                format: "  fastest vs deflate 1: %.2fx faster (pass: at least 4x) %@, %.2fx the size (pass: at most 1.25x) %@", speed,
                speed >= 4 ? "pass" : "FAIL", size, size <= 1.25 ? "pass" : "FAIL"))
    }
    guard let cli = releaseCLI() else {
        print("(build the release CLI to time the process: swift build -c release --static-swift-stdlib --product proofsheet)")
        return
    }
    let dir = NSTemporaryDirectory() + "proofsheet-bench"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    // The earlier build, when named, is timed alongside: the pass mark compares with the CLI as
    // it was before the fastest encoder and the start-up work (a release build of that revision).
    let baseline = environment["BENCH_BASELINE_CLI"].flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }
    var runs: [(String, String, [String])] = ["fastest", "fast"].map { compression in
        (compression, cli, ["render", scenePath, "--scale", "3", "-o", dir + "/process-\(compression).png", "--png-compression", compression, "-q"])
    }
    if let baseline { runs.append(("baseline", baseline, ["render", scenePath, "--scale", "3", "-o", dir + "/process-baseline.png", "-q"])) }
    // Taking turns, like the encoders above.
    var samples: [String: [Double]] = [:]
    for _ in 0..<9 {
        for (key, exe, args) in runs { samples[key, default: []].append(try timeProcess(exe, args, times: 1)) }
    }
    let times = samples.mapValues(median)
    print("process: proofsheet render travel-deck.json --scale 3 (median of 9)")
    print("  --png-compression fastest (the default)  \(ms(times["fastest"]!))")
    print("  --png-compression fast (deflate 1)       \(ms(times["fast"]!))")
    record(.fastest, times["fastest"]! / times["fast"]!)
    guard let before = times["baseline"] else {
        print("  (set BENCH_BASELINE_CLI to an earlier release build of proofsheet to time it alongside)")
        return
    }
    let ratio = times["fastest"]! / before
    print("  the earlier build (BENCH_BASELINE_CLI)   \(ms(before))")
    print(String(format: "  ratio                                   %7.2f   (pass: at most 0.50) %@", ratio, ratio <= 0.5 ? "pass" : "FAIL"))
}

let environment = ProcessInfo.processInfo.environment
let frames = Int(environment["BENCH_FRAMES"] ?? "") ?? 7
/// BENCH_ONLY=states,text, or the same list as the first argument (`ProofsheetBench template`),
/// runs only those parts (frames, encode, diff, states, text, motion, template, previews, chrome,
/// material, goldens, live, swiftui, anchors); all by default. The table of ratios against their
/// anchors closes every run, with the rows its parts measured.
let parts = Set(
    (CommandLine.arguments.dropFirst().first ?? environment["BENCH_ONLY"]
        ?? "frames,encode,diff,states,text,motion,template,previews,chrome,material,goldens,live,swiftui,anchors")
        .split(separator: ",").map(String.init))
let scenePath = Resources.assetsDirectory.map { $0 + "/Scenes/travel-deck.json" } ?? "Assets/Scenes/travel-deck.json"
do {
    // First, while this process is small: a child's peak memory as the system reports it is at
    // least this process's peak when the child was started.
    if parts.contains("anchors") { try anchorsBenchmark(scenePath: scenePath) }
    let renderer = try Renderer()
    let base = try SceneDecoder().decode(file: scenePath)
    if parts.contains("frames") { try framesBenchmark(renderer: renderer, base: base) }
    if parts.contains("encode") { try encodeBenchmark(renderer: renderer) }
    if parts.contains("diff") { try diffBenchmark(renderer: renderer, base: base) }
    if parts.contains("states") { try manyStatesBenchmark(states: Int(environment["BENCH_STATES"] ?? "") ?? 12) }
    if parts.contains("motion") { try motionBenchmark(scenePath: scenePath) }
    if parts.contains("template") { try templateStatesBenchmark(rounds: 5) }
    if parts.contains("previews") { try previewsBenchmark(scenePath: scenePath) }
    if parts.contains("material") { try materialBenchmark(renderer: renderer) }
    if parts.contains("text") { try textThreadsBenchmark(count: Int(environment["BENCH_TEXT_RENDERS"] ?? "") ?? 32, rounds: 5) }
    if parts.contains("chrome") { try chromeBenchmark(renderer: renderer, base: base) }
    if parts.contains("goldens") { try goldensBenchmark(scales: [1, 2]) }
    if parts.contains("live") { try livePreviewBenchmark() }
    if parts.contains("swiftui") { try swiftUIBenchmark(rounds: 15) }
    printRatioTable()
} catch {
    print("benchmark failed: \(error)")
    exit(3)
}

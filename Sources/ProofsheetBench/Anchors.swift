import Foundation
import ProofsheetCairo
import Proofsheet
import Synchronization

/// The rows of the performance table: each a figure of Proofsheet as a ratio against an anchor
/// (a lean C program, another tool, or Proofsheet itself in another setting), with its pass mark.
enum Row: CaseIterable {
    case diff, gallery, material, fastest, stills, frames2x, frames3x, oneShot, framesMemory, checkMemory

    var work: String {
        switch self {
        case .diff: "diff of two 3x PNGs, whole process"
        case .gallery: "8 text-heavy gallery scenes, --jobs 2 vs --jobs 1"
        case .material: "full-screen material at 3x vs the plain deck"
        case .fastest: "render at 3x, whole process, fastest vs fast"
        case .stills: "all 7 stills of the deck vs a one-shot, per still"
        case .frames2x: "frames swipe-right at 2x, 60 fps, all cores"
        case .frames3x: "frames swipe-right at 3x, 60 fps, all cores"
        case .oneShot: "one-shot render at 3x"
        case .framesMemory: "frames peak memory at 2x, 1249 vs 313 frames"
        case .checkMemory: "check --timeline peak memory, 163 vs 23 images"
        }
    }
    var anchor: String {
        switch self {
        case .diff: "lean C: libpng decode + compare (DiffReference)"
        case .gallery: "the same on one job"
        case .material: "the plain deck (in process)"
        case .fastest: "--png-compression fast (libdeflate level 1)"
        case .stills: "proofsheet render --still rest"
        case .frames2x, .frames3x: "C + Cairo + libdeflate L1 (FramesReference)"
        case .oneShot: "rsvg-convert of its own SVG"
        case .framesMemory: "313 frames (240 fps, 1.3 s)"
        case .checkMemory: "4 taps (23 images, at 2x)"
        }
    }
    /// The pass mark, and whether the figure must be at most it (a cost) or at least (a speed).
    var mark: (value: Double, atMost: Bool) {
        switch self {
        case .diff: (0.6, true)
        case .gallery: (1.8, false)
        case .material: (1.15, true)
        case .fastest: (0.5, true)
        case .stills: (0.3, true)
        case .frames2x: (2.5, false)
        case .frames3x: (3, false)
        case .oneShot: (0.12, true)
        case .framesMemory, .checkMemory: (1.25, true)
        }
    }
    /// The part of the benchmark that measures it.
    var part: String {
        switch self {
        case .diff: "diff"
        case .material: "material"
        case .fastest: "encode"
        default: "anchors"
        }
    }
}

let figures = Mutex<[Row: Double]>([:])

/// Keeps a row's figure for the table at the end of the run.
func record(_ row: Row, _ value: Double) { figures.withLock { $0[row] = value } }

/// The table of every row measured in this run against its anchor and pass mark.
func printRatioTable() {
    let measured = figures.withLock { $0 }
    guard !measured.isEmpty else { return }
    print("")
    print("Ratios against their anchors (this run; speed rows: anchor time / Proofsheet time)")
    func pad(_ s: String, _ n: Int) -> String { s.padding(toLength: n, withPad: " ", startingAt: 0) }
    print("  \(pad("work", 52))\(pad("anchor", 48))   figure   pass mark")
    for row in Row.allCases {
        let mark = row.mark
        let markText = String(format: "%@ %.2fx", mark.atMost ? "<=" : ">=", mark.value)
        guard let value = measured[row] else {
            print("  \(pad(row.work, 52))\(pad(row.anchor, 48))        -   \(markText)   (not run: part \(row.part))")
            continue
        }
        let pass = mark.atMost ? value <= mark.value : value >= mark.value
        print("  \(pad(row.work, 52))\(pad(row.anchor, 48))" + String(format: "  %6.2fx", value) + "   \(markText)   \(pass ? "pass" : "FAIL")")
    }
}

/// The process rows of the table: each timed as whole processes of the release binaries, the
/// runs of a pair taking turns (so that a burst of other work slows both alike), median of
/// `rounds`.
func anchorsBenchmark(scenePath: String, rounds: Int = 5) throws {
    guard let cli = releaseCLI() else {
        print("(build the release CLI for the anchors: make bench)")
        return
    }
    let folder = try freshFolder("proofsheet-bench/anchors")
    let scenes = Resources.assetsDirectory.map { $0 + "/Scenes/" } ?? "Assets/Scenes/"
    print("")
    print("Anchors: whole processes, pairs taking turns, median of \(rounds) (ms)")

    /// Median times of two runs taking turns; `prepare` runs before each (untimed).
    func pair(_ a: (String, [String]), _ b: (String, [String]), prepare: () -> Void = {}) throws -> (Double, Double) {
        var ta: [Double] = [], tb: [Double] = []
        for _ in 0..<rounds {
            prepare()
            ta.append(try runOnce(a.0, a.1).seconds)
            prepare()
            tb.append(try runOnce(b.0, b.1).seconds)
        }
        return (median(ta), median(tb))
    }

    // 8 copies of the text-heavy gallery, on one job and on two.
    if ProcessInfo.processInfo.activeProcessorCount >= 2 {
        let gallery = try Data(contentsOf: URL(fileURLWithPath: scenes + "gallery.json"))
        let copies = try (1...8).map { k in
            let path = folder + "/gallery-\(k).json"
            try gallery.write(to: URL(fileURLWithPath: path))
            return path
        }
        let (one, two) = try pair(
            (cli, ["render"] + copies + ["--out-dir", folder + "/gallery", "--jobs", "1", "-q"]),
            (cli, ["render"] + copies + ["--out-dir", folder + "/gallery", "--jobs", "2", "-q"]))
        print("gallery.json x 8: --jobs 1 \(ms(one).trimmed), --jobs 2 \(ms(two).trimmed)")
        record(.gallery, one / two)
    } else {
        print("(one processor: no --jobs 2 figure)")
    }

    // Every still of the deck in one process against one still.
    let stills = try SceneDecoder().template(file: scenePath).stills.count
    let (all, one) = try pair(
        (cli, ["render", scenePath, "--all-stills", "--scale", "3", "--out-dir", folder + "/stills", "-q"]),
        (cli, ["render", scenePath, "--still", "rest", "--scale", "3", "-o", folder + "/rest@3x.png", "-q"]))
    print("travel-deck.json at 3x: its \(stills) stills \(ms(all).trimmed), one still \(ms(one).trimmed)")
    record(.stills, all / Double(stills) / one)
    // Last: the renders it makes in this process would make the peak memory rows unmeasurable.
    defer { try? stillsInProcess(scenePath: scenePath) }

    // A one-shot render against librsvg drawing the SVG Proofsheet writes of the same screen.
    if let rsvg = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].first(where: FileManager.default.isExecutableFile) {
        _ = try runOnce(cli, ["render", scenePath, "-o", folder + "/deck.svg", "-q"])
        let (ours, theirs) = try pair(
            (cli, ["render", scenePath, "--scale", "3", "-o", folder + "/deck@3x.png", "-q"]),
            (rsvg, ["-z", "3", "-o", folder + "/rsvg@3x.png", folder + "/deck.svg"]))
        print("one-shot at 3x: proofsheet render \(ms(ours).trimmed), rsvg-convert -z 3 of its SVG \(ms(theirs).trimmed)")
        record(.oneShot, ours / theirs)
    } else {
        print("(rsvg-convert is not installed: no one-shot figure; make deps installs it)")
    }

    // The swipe as frames against the lean C program drawing and writing as many frames.
    let reference = (CommandLine.arguments[0] as NSString).deletingLastPathComponent + "/FramesReference"
    if FileManager.default.isExecutableFile(atPath: reference) {
        for (scale, row) in [(2, Row.frames2x), (3, .frames3x)] {
            let out = folder + "/frames", refOut = folder + "/reference", rest = folder + "/rest@\(scale)x.png"
            _ = try runOnce(cli, ["render", scenePath, "--scale", "\(scale)", "-o", rest, "-q"])
            let args = ["frames", scenePath, "--timeline", "swipe-right", "--scale", "\(scale)", "-o", out, "-q"]
            try? FileManager.default.removeItem(atPath: out)
            _ = try runOnce(cli, args)
            let count = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".png") }.count
            let (ours, theirs) = try pair((cli, args), (reference, [rest, refOut, "\(count)"])) {
                try? FileManager.default.removeItem(atPath: out)
                try? FileManager.default.removeItem(atPath: refOut)
                try? FileManager.default.createDirectory(atPath: refOut, withIntermediateDirectories: true)
            }
            print("frames at \(scale)x: \(count) frames, proofsheet frames \(ms(ours).trimmed), FramesReference \(ms(theirs).trimmed)")
            record(row, theirs / ours)
        }
    } else {
        print("(FramesReference is not built: no frames figures; make bench builds it)")
    }

    // Peak memory of frames at 2x: the swipe at 60 fps, then at 240 fps for 1.3 s and for 5.2 s
    // (four times the frames, once the first batches have filled what is kept for reuse), median
    // of 3 runs each (how many batches are in flight at the peak varies from run to run).
    var peaks: [Int] = []
    for (fps, seconds) in [(60, "auto"), (240, "1.3"), (240, "5.2")] {
        let out = folder + "/frames-\(fps)"
        let runs = try (0..<3).map { _ in
            try? FileManager.default.removeItem(atPath: out)
            let args = ["frames", scenePath, "--timeline", "swipe-right", "--scale", "2", "--fps", "\(fps)", "--duration", seconds, "-o", out, "-q"]
            return try runOnce(cli, args).peakKiB
        }
        peaks.append(runs.sorted()[1])
    }
    let checkPeaks = try checkPeakMemory(cli, folder: folder)
    // A process started by this one is reported with at least this one's peak (the system
    // counts the memory it started in): the figure says nothing when that is the larger.
    var own = rusage()
    getrusage(RUSAGE_SELF.rawValue, &own)
    guard own.ru_maxrss < (peaks + checkPeaks).min()! / 2 else {
        print("(frames and check peak memory: not measurable in this run, which holds \(own.ru_maxrss / 1024) MiB itself)")
        return
    }
    print(
        "check --timeline peak memory at 2x: \(checkPeaks[0] / 1024) MiB for 4 taps (23 images), \(checkPeaks[1] / 1024) MiB for 32 taps (163 images)"
    )
    record(.checkMemory, Double(checkPeaks[1]) / Double(checkPeaks[0]))
    print(
        "frames peak memory at 2x: \(peaks[0] / 1024) MiB for the swipe at 60 fps (79 frames); at 240 fps, \(peaks[1] / 1024) MiB for 1.3 s "
            + "(313 frames), \(peaks[2] / 1024) MiB for 5.2 s (1249)")
    record(.framesMemory, Double(peaks[2]) / Double(peaks[1]))
}

/// The peak memory of `proofsheet check --timeline` against its goldens at 2x, for a timeline of
/// 4 taps and one of 32 (each tap animates a card's colour and width: 23 and 163 images with the
/// still), median of 3 runs each: the instants are drawn, compared and let go one at a time.
func checkPeakMemory(_ cli: String, folder: String) throws -> [Int] {
    func taps(_ n: Int) -> String {
        "{\"from\": \"rest\", \"events\": ["
            + (0..<n).map { "{\"at\": \(fmt(0.2 + 0.5 * Double($0))), \"touch\": \"tap #toggle\"}" }.joined(separator: ", ")
            + "]}"
    }
    let scene = """
        {"canvas": "iPhone 14", "state": {"on": false}, "stills": {"rest": {}},
         "timelines": {"taps-4": \(taps(4)), "taps-32": \(taps(32))},
         "root": {"type": "VStack", "spacing": 20, "children": [
           {"type": "RoundedRectangle", "cornerRadius": 24, "fill": "=$on ? 'orange' : 'blue'",
            "modifiers": [{"frame": {"width": "=$on ? 300 : 160", "height": 200}},
                          {"animation": {"curve": "easeInOut(duration: 0.3)", "value": "=$on"}}]},
           {"type": "Button", "title": "=$on ? 'Off' : 'On'", "style": "borderedProminent",
            "action": [{"set": {"on": "=!$on"}}], "modifiers": [{"id": "toggle"}]}]}}
        """
    let dir = folder + "/check-memory"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try Data(scene.utf8).write(to: URL(fileURLWithPath: dir + "/taps.json"))
    // Goldens are named after the scene's path below the working directory: run in its folder.
    let env = "/usr/bin/env"
    let exe = cli.hasPrefix("/") ? cli : FileManager.default.currentDirectoryPath + "/" + cli
    let check = ["-C", dir, exe, "check", "taps.json", "--no-config", "--golden", "g", "--scale", "2", "-q"]
    _ = try runOnce(env, check + ["--timelines", "--record", "all"])
    return try ["taps-4", "taps-32"].map { timeline in
        let runs = try (0..<3).map { _ in try runOnce(env, check + ["--timeline", timeline]).peakKiB }
        return runs.sorted()[1]
    }
}

/// Where a still's time goes once the process is warm: each still of the deck at 3x laid out,
/// rasterised and encoded in this process (median of 3, ms). The stills that show a card turned
/// by the drag draw its photo through a rotation, which pixman samples bilinearly pixel by pixel:
/// that, not the process, is most of what the stills cost beyond a one-shot of the resting deck.
func stillsInProcess(scenePath: String) throws {
    let renderer = try Renderer()
    let template = try SceneDecoder().template(file: scenePath)
    print("  in this process, warm (median of 3): still, layout, raster, encode (ms)")
    for still in template.stills {
        var scene = try template.scene(still: still.name)
        scene.scale = 3
        var layouts: [Double] = [], rasters: [Double] = [], encodes: [Double] = []
        for _ in 0..<3 {
            let t0 = monotonicSeconds()
            let list = try renderer.layout(scene).displayList
            layouts.append(monotonicSeconds() - t0)
            let png = try renderer.backend.renderPNG(list, scale: 3)
            rasters.append(png.timing.raster)
            encodes.append(png.timing.encode)
        }
        let name = still.name.padding(toLength: 18, withPad: " ", startingAt: 0)
        print("    \(name)\(ms(median(layouts)))\(ms(median(rasters)))\(ms(median(encodes)))")
    }
}

import Foundation
import Proofsheet
import ProofsheetAnimation
import ProofsheetCairo
import ProofsheetLayout
import ProofsheetTimeline

/// `proofsheet animate <scene> --timeline NAME -o preview.png|.webp|.gif`: an animated preview.
func animateCommand(_ args: inout Arguments) throws -> Int32 {
    let timelineName = try args.value("--timeline")
    let fpsText = try args.value("--fps")
    let durationText = try args.value("--duration")
    let output = try args.value("-o", "--output")
    let deviceName = try args.value("--device")
    let scaleText = try args.value("--scale")
    let loopText = try args.value("--loop")
    let slowText = try args.value("--slow")
    let qualityText = try args.value("--quality")
    let lossless = args.flag("--lossless")
    let touches = args.flag("--touches")
    let assetDirs = try args.values("--assets")
    let quiet = args.flag("-q", "--quiet")
    let chrome = try chromeOption(&args)
    let compressionOption = try args.pngCompression()
    let compression = compressionOption ?? .fastest
    let jobs = try jobsOption(&args)
    let scenes = try args.positionals()
    guard scenes.count == 1, let path = scenes.first else {
        throw ProofsheetError.usage(
            scenes.isEmpty ? "no scene file given" : "animate renders one scene at a time",
            hint: "proofsheet animate <scene.json> --timeline NAME -o preview.png|preview.webp|preview.gif")
    }
    guard let timelineName else {
        throw ProofsheetError.usage("animate needs --timeline NAME", hint: "`proofsheet stills \(path)` lists the scene's timelines")
    }
    let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let target = output ?? "Output/\(base).\(timelineName).animated.png"
    enum Kind { case apng, webp, gif }
    let kind: Kind
    switch (target as NSString).pathExtension.lowercased() {
    case "png", "apng": kind = .apng
    case "webp": kind = .webp
    case "gif": kind = .gif
    default:
        throw ProofsheetError.usage("-o \(excerpt(target)): the extension must be .png (APNG), .webp or .gif")
    }
    if kind != .apng, compressionOption != nil {
        throw ProofsheetError.usage("--png-compression is for .png (APNG) output")
    }
    if kind != .webp, qualityText != nil || lossless {
        throw ProofsheetError.usage("--quality and --lossless are for .webp output")
    }
    let fps = try fpsText.map { try number($0, option: "--fps", in: 1...120) } ?? (kind == .gif ? 25 : 30)
    if kind == .gif, fps > 50 {
        throw ProofsheetError.usage(
            "a GIF runs at most 50 fps (its delays are whole hundredths of a second, and browsers stretch 0–1 to 10)",
            hint: "--fps 50 or lower, or write .png (APNG) or .webp, which keep exact milliseconds")
    }
    let span: FrameSpan
    switch durationText {
    case nil, "auto": span = .auto
    case let text?: span = .seconds(try number(text, option: "--duration", in: 0...Timeline.latest))
    }
    let device = try deviceName.map { try Device.named($0) }
    let scale = try scaleText.map { try number($0, option: "--scale", in: Scene.Limits.scaleRange) } ?? 1
    let loops = try loopText.map { Int(try number($0, option: "--loop", in: 0...65535, whole: true)) } ?? 0
    let slow = try slowText.map { try number($0, option: "--slow", in: 1...100) } ?? 1
    let quality = try qualityText.map { try number($0, option: "--quality", in: 0...100) } ?? 80
    try checkFrameCount(fps: fps, span: span)

    let renderer = try Renderer(assetRoots: assetDirs)
    let run = try timelineRun(
        path: path, timelineName: timelineName, device: device, scale: scale, chrome: chrome, renderer: renderer, retention: .latest)
    // Times in the output: the timeline's, `slow` times as long.
    func milliseconds(_ t: Double) -> Int { Int((t * slow * 1000).rounded()) }
    func centiseconds(_ t: Double) -> Int { Int((t * slow * 100).rounded()) }
    var apng: APNGWriter? = nil
    var webp: WebPWriter? = nil
    var gif: GIFWriter? = nil
    var width = 0, height = 0
    let progress = !quiet && isatty(2) != 0
    var count = 0
    var last = 0.0
    try FrameSampler(fps: fps, span: span).run(run, batch: max(4, jobs * 4)) { frames in
        let lists = try frames.map { f -> DisplayList in
            var list = try run.displayList(f.tree)
            if touches { list.items += f.touches.flatMap(touchMark) }
            return list
        }
        // Frames are drawn on every core, then stored in order (each against the one before).
        let images = try parallelMap(lists.count, jobs: jobs) { k in try renderer.backend.renderRGBA(lists[k], scale: scale) }
        for (f, image) in zip(frames, images) {
            if count == 0 {
                // The writer takes the frames' own size.
                width = image.width; height = image.height
                switch kind {
                // The APNG streams into its file (renamed into place at the end): never held whole.
                case .apng: apng = try APNGWriter(width: width, height: height, loops: loops, compression: compression, writingTo: target)
                case .webp: webp = try WebPWriter(width: width, height: height, loops: loops, quality: quality, lossless: lossless)
                case .gif: gif = try GIFWriter(width: width, height: height, loops: loops)
                }
            }
            switch kind {
            case .apng: try apng!.add(image, at: milliseconds(f.time))
            case .webp: try webp!.add(image, at: milliseconds(f.time))
            case .gif: try gif!.add(image, at: centiseconds(f.time))
            }
            count += 1
            last = f.time
        }
        if progress { FileHandle.standardError.write(Data("\ranimate: \(count) frames (\(format(last, digits: 2)) s)".utf8)) }
    }
    if progress { FileHandle.standardError.write(Data("\n".utf8)) }
    let end = last + 1 / fps
    let size: Int
    switch kind {
    case .apng: size = try apng!.finishFile(at: milliseconds(end))
    case .webp:
        let bytes = try webp!.finish(at: milliseconds(end))
        try FileOutput.write(bytes, to: target)
        size = bytes.count
    case .gif:
        let bytes = try gif!.finish(at: centiseconds(end))
        try FileOutput.write(bytes, to: target)
        size = bytes.count
    }
    if !quiet {
        FileHandle.standardError.write(
            Data(
                "wrote \(visible(target)): \(count) frames at \(fmt(fps)) fps, \(width)x\(height) px, \(format(end * slow, digits: 2)) s, \(size / 1024) KiB\n"
                    .utf8))
    }
    return 0
}

/// A touch drawn on a frame as iOS's screen recordings show one: a grey disc with a light ring.
func touchMark(_ p: Point) -> [DisplayItem] {
    let r = 22.0
    let disc = Rect(x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r)
    return [
        .fill(.ellipse(disc), .color(Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.45))),
        .stroke(.ellipse(disc.insetBy(1)), .color(Color(red: 1, green: 1, blue: 1, alpha: 0.8)), lineWidth: 2)
    ]
}

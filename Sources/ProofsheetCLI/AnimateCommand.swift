import Foundation
import Proofsheet
import ProofsheetAnimation
import ProofsheetCairo
import ProofsheetLayout
import ProofsheetTimeline

/// `proofsheet animate <scene> --timeline NAME -o preview.png|.webp|.gif|.webm`: an animated
/// preview, or a video.
func animateCommand(_ args: inout Arguments) throws -> Int32 {
    let timelineOption = try args.value("--timeline")
    let fpsText = try args.value("--fps")
    let durationText = try args.value("--duration")
    let output = try args.value("-o", "--output")
    let deviceName = try args.value("--device")
    let scaleText = try args.value("--scale")
    let loopText = try args.value("--loop")
    let slowText = try args.value("--slow")
    let holdText = try args.value("--hold")
    let qualityText = try args.value("--quality")
    let lossless = args.flag("--lossless")
    let touches = args.flag("--touches")
    let poster = try args.value("--poster")
    let assetDirs = try args.values("--assets")
    let quiet = args.flag("-q", "--quiet")
    let chrome = try chromeOption(&args)
    let variant = try variantOption(&args)
    let compressionOption = try args.pngCompression()
    let compression = compressionOption ?? .fastest
    let jobs = try jobsOption(&args)
    let start = try StartingState(&args)
    let (path, timelineName) = try args.sceneAndTimeline(
        timelineOption, draws: "renders", example: "proofsheet animate <scene.json> --timeline NAME -o preview.png|preview.webp|preview.gif")
    let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let target = output ?? "Output/\(base).\(timelineName).animated.png"
    enum Kind { case apng, webp, gif, webm }
    let kind: Kind
    switch (target as NSString).pathExtension.lowercased() {
    case "png", "apng": kind = .apng
    case "webp": kind = .webp
    case "gif": kind = .gif
    case "webm": kind = .webm
    case "mp4", "mov", "m4v":
        throw ProofsheetError.usage(
            "-o \(excerpt(target)): MP4 and QuickTime video are not available: the H.264 they are played for would come from x264 (GPL, which the binary does not link) or OpenH264 (whose patent licence covers only Cisco's own binaries, not Debian's build)",
            hint: "write .webm (VP9; Safari, Chrome, Firefox and QuickTime-free players play it), or convert the .webm with a tool of your own")
    default:
        throw ProofsheetError.usage("-o \(excerpt(target)): the extension must be .png (APNG), .webp, .gif or .webm")
    }
    if kind != .apng, compressionOption != nil {
        throw ProofsheetError.usage("--png-compression is for .png (APNG) output")
    }
    if kind != .webp && kind != .webm, qualityText != nil {
        throw ProofsheetError.usage("--quality is for .webp and .webm output")
    }
    if kind != .webp, lossless {
        throw ProofsheetError.usage("--lossless is for .webp output")
    }
    if let poster {
        guard (poster as NSString).pathExtension.lowercased() == "png" else {
            throw ProofsheetError.usage("--poster \(excerpt(poster)): the poster is a .png file")
        }
        guard !FileOutput.sameFile(poster, target) && poster != target else {
            throw ProofsheetError.usage("--poster and -o name one file", hint: "give the poster a name of its own, e.g. preview.poster.png")
        }
        try checkOutputs(files: [poster])
    }
    try checkOutputs(files: [target])
    if kind == .webm, loopText != nil {
        throw ProofsheetError.usage("--loop is not for video: a .webm plays once, and a player loops it if asked (<video loop>)")
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
    let hold = try holdText.map { try number($0, option: "--hold", in: 0...AnimatedPreview.longestHold) } ?? AnimatedPreview.defaultHold
    let quality = try qualityText.map { try number($0, option: "--quality", in: 0...100) } ?? 80
    try checkFrameCount(fps: fps, span: span)

    let renderer = try Renderer(assetRoots: assetDirs)
    let run = try timelineRun(
        path: path, timelineName: timelineName, device: device, scale: scale, chrome: chrome, variant: variant, renderer: renderer,
        retention: .latest,
        start: start)
    let previewFormat: AnimatedPreviewFormat
    switch kind {
    case .apng: previewFormat = .apng(compression: compression)
    case .webp: previewFormat = .webp(quality: quality, lossless: lossless)
    case .gif: previewFormat = .gif
    case .webm: previewFormat = .webm(quality: quality)
    }
    let progress = !quiet && isatty(2) != 0
    let preview = try renderer.writeAnimatedPreview(
        of: run, format: previewFormat, fps: fps, span: span, to: target, loops: loops, slow: slow, hold: hold, touches: touches, jobs: jobs,
        poster: poster
    ) { count, time in
        guard progress else { return }
        if let time {
            FileHandle.standardError.write(Data("\ranimate: \(count) frames (\(format(time, digits: 2)) s)".utf8))
        } else {
            FileHandle.standardError.write(Data("\n".utf8))
        }
    }
    if !quiet {
        let line =
            "wrote \(visible(target)): \(preview.frames) frames at \(fmt(fps)) fps, \(preview.width)x\(preview.height) px, "
            + "\(format(preview.duration, digits: 2)) s, \(preview.bytes / 1024) KiB\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
    return 0
}

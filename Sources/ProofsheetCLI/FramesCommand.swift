import Foundation
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout
import ProofsheetMotion
import ProofsheetSheets
import ProofsheetTimeline

/// The run of a scene file's timeline that `frames`, `strip`, `storyboard`, `animate` and
/// `render --timeline` draw: the scene on `device` (its expressions see it), framed by the
/// overrides of device, scale and chrome. Chrome asked for on a canvas without a device is
/// refused before anything runs.
func timelineRun(
    path: String, timelineName: String, device: Device?, scale: Double?, chrome: Bool?, variant: Variant, renderer: Renderer,
    retention: TimelineRun.Retention = .everything, start: StartingState = StartingState()
) throws -> TimelineRun {
    let template = try SceneDecoder().template(file: path).on(device).with(variant: variant)
    let framing = TimelineFraming(device: device, scale: scale, chrome: chrome, variant: variant)
    let timeline = try template.timeline(named: timelineName)
    let state = try template.state(still: start.still ?? timeline.from, sets: start.sets)
    try checkChrome(framing.apply(try template.instantiate(state)), path: path)
    return try renderer.run(of: template, timeline: timelineName, framing: framing, retention: retention, start: state)
}

/// Where a timeline starts, from the command line: `--still NAME` in place of the timeline's
/// own `from`, then each `--set NAME=VALUE` over it.
struct StartingState {
    var still: String? = nil
    var sets: [String] = []

    /// `--still` and the `--set`s among `args`.
    init(_ args: inout Arguments) throws {
        still = try args.value("--still")
        sets = try args.values("--set")
    }
    init() {}
}

extension TimelineRun {
    /// The scene at the timeline's start (a run of a scene file always has one).
    var start: Scene { first! }
}

/// Refuses, before anything is rendered, a rate and span that could pass
/// ``FrameSampler/mostFrames`` (an `auto` span counts as its cap).
func checkFrameCount(fps: Double, span: FrameSpan) throws {
    let longest: Double
    if case .seconds(let d) = span { longest = d } else { longest = FrameSampler.autoCap }
    guard (longest * fps).rounded(.down) + 1 <= Double(FrameSampler.mostFrames) else {
        throw ProofsheetError.usage(
            "\(fmt(fps)) fps for \(fmt(longest)) s is more than \(FrameSampler.mostFrames) frames", hint: "lower --fps or --duration")
    }
}

/// `proofsheet frames <scene> --timeline NAME`: one PNG per frame and a manifest.
func framesCommand(_ args: inout Arguments) throws -> Int32 {
    let timelineOption = try args.value("--timeline")
    let fpsText = try args.value("--fps")
    let durationText = try args.value("--duration")
    let output = try args.value("-o", "--output")
    let deviceName = try args.value("--device")
    let scaleText = try args.value("--scale")
    let assetDirs = try args.values("--assets")
    let quiet = args.flag("-q", "--quiet")
    let compression = try args.pngCompression() ?? .fastest
    let jobs = try jobsOption(&args)
    let chrome = try chromeOption(&args)
    let variant = try variantOption(&args)
    let start = try StartingState(&args)
    let (path, timelineName) = try args.sceneAndTimeline(timelineOption, draws: "renders")
    let fps = try fpsText.map { try number($0, option: "--fps", in: 1...240) } ?? 60
    let span: FrameSpan
    switch durationText {
    case nil, "auto": span = .auto
    case let text?: span = .seconds(try number(text, option: "--duration", in: 0...Timeline.latest))
    }
    let device = try deviceName.map { try Device.named($0) }
    let scale = try scaleText.map { try number($0, option: "--scale", in: Scene.Limits.scaleRange) }
    try checkFrameCount(fps: fps, span: span)
    let renderer = try Renderer(assetRoots: assetDirs)
    let run = try timelineRun(
        path: path, timelineName: timelineName, device: device, scale: scale, chrome: chrome, variant: variant, renderer: renderer,
        retention: .latest, start: start)
    let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let target = output.map { $0.hasSuffix("/") && $0.count > 1 ? String($0.dropLast()) : $0 } ?? "Output/\(base).\(timelineName)"
    let progress = !quiet && isatty(2) != 0
    let count = try renderer.writeFrames(of: run, scene: path, fps: fps, span: span, to: target, png: compression, jobs: jobs) { count, time in
        guard progress else { return }
        if let time {
            FileHandle.standardError.write(Data("\rframes: \(count) (\(format(time, digits: 2)) s)".utf8))
        } else {
            FileHandle.standardError.write(Data("\n".utf8))
        }
    }
    if !quiet { FileHandle.standardError.write(Data("wrote \(count) frames and manifest.json into \(visible(target))\n".utf8)) }
    return 0
}

/// `render --timeline NAME --at T`: one instant of a timeline.
func renderInstant(
    path: String, timelineName: String, at t: Double, device: Device?, scale: Double?, chrome: Bool?, variant: Variant,
    renderer: Renderer, formats: [OutputFormat], output: String?, outDir: String, png: PNGCompression, svgText: SVGTextMode, quiet: Bool
) throws -> Int32 {
    let run = try timelineRun(
        path: path, timelineName: timelineName, device: device, scale: scale, chrome: chrome, variant: variant, renderer: renderer)
    let list = try run.displayList(try run.presented(at: t))
    let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let name = "\(base).\(timelineName)@\(Int((t * 1000).rounded()))ms"
    let outputs = try formats.map { f in
        (
            target: output ?? "\(outDir)/\(name).\(f.rawValue)",
            bytes: try renderer.backend.render(list, format: f, scale: run.start.scale, png: png, svgText: svgText)
        )
    }
    for o in outputs {
        try FileOutput.write(o.bytes, to: o.target)
        if !quiet { FileHandle.standardError.write(Data("wrote \(visible(o.target))\n".utf8)) }
    }
    return 0
}

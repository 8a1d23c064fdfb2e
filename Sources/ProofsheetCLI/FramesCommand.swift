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
    path: String, timelineName: String, device: Device?, scale: Double?, chrome: Bool?, renderer: Renderer,
    retention: TimelineRun.Retention = .everything
) throws -> TimelineRun {
    let template = try SceneDecoder().template(file: path).on(device)
    let framing = TimelineFraming(device: device, scale: scale, chrome: chrome)
    try checkChrome(framing.apply(try template.scene(still: try template.timeline(named: timelineName).from)), path: path)
    return try renderer.run(of: template, timeline: timelineName, framing: framing, retention: retention)
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
    let timelineName = try args.value("--timeline")
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
    let scenes = try args.positionals()
    guard scenes.count == 1, let path = scenes.first else {
        throw ProofsheetError.usage(
            scenes.isEmpty ? "no scene file given" : "frames renders one scene at a time", hint: "proofsheet frames <scene.json> --timeline NAME")
    }
    guard let timelineName else {
        throw ProofsheetError.usage("frames needs --timeline NAME", hint: "`proofsheet stills \(path)` lists the scene's timelines")
    }
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
        path: path, timelineName: timelineName, device: device, scale: scale, chrome: chrome, renderer: renderer, retention: .latest)
    let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let target = output.map { $0.hasSuffix("/") && $0.count > 1 ? String($0.dropLast()) : $0 } ?? "Output/\(base).\(timelineName)"
    try FileOutput.checkReplaceableFolder(target, what: "frames")

    // The manifest holds the state once, at the start; each frame, what changed since the
    // previous one.
    let start = try run.state(at: -.infinity).values
    var shown = start
    var shownViews: [String: [Double]] = [:]
    let temp = try FileOutput.temporaryFolder(beside: target)
    let progress = !quiet && isatty(2) != 0
    var rows: [String] = []
    do {
        // While one batch of frames is drawn and encoded on every core, the next batch's events
        // and trees are worked out: the drawing never waits for the timeline.
        var drawing: BackgroundJob<[(frame: Frame, bytes: [UInt8])]>? = nil
        func finish(_ job: BackgroundJob<[(frame: Frame, bytes: [UInt8])]>) throws {
            let done = try job.wait()
            for (f, b) in done {
                let name = String(format: "frame-%05d.png", f.index)
                try FileOutput.write(b, to: temp + "/" + name, createFolders: false, sync: false)
                rows.append(manifestRow(f, file: name, since: &shown, views: &shownViews))
            }
            if progress, let last = done.last {
                FileHandle.standardError.write(Data("\rframes: \(rows.count) (\(format(last.frame.time, digits: 2)) s)".utf8))
            }
        }
        try FrameSampler(fps: fps, span: span).run(run, batch: max(4, jobs * 4)) { frames in
            let lists = try frames.map { try run.displayList($0.tree) }
            let scale = run.start.scale
            let next = BackgroundJob {
                let bytes = try parallelMap(lists.count, jobs: jobs) { k in
                    try renderer.backend.render(lists[k], format: .png, scale: scale, png: compression)
                }
                return Array(zip(frames, bytes)).map { (frame: $0.0, bytes: $0.1) }
            }
            if let previous = drawing { try finish(previous) }
            drawing = next
        }
        if let last = drawing { try finish(last) }
        if progress { FileHandle.standardError.write(Data("\n".utf8)) }
        let manifest =
            "{\n  \"version\": \(manifestVersion),\n  \"scene\": \(LayoutJSON.string(path)),\n  \"timeline\": \(LayoutJSON.string(timelineName)),\n"
            + "  \"fps\": \(LayoutJSON.number(fps)),\n  \"scale\": \(LayoutJSON.number(run.start.scale)),\n"
            + "  \"device\": \(run.start.device.map { LayoutJSON.string($0.name) } ?? "null"),\n  \"state\": \(stateJSON(start)),\n"
            + "  \"frames\": [\n" + rows.map { "    " + $0 }.joined(separator: ",\n") + "\n  ]\n}\n"
        try FileOutput.write(Array(manifest.utf8), to: temp + "/manifest.json", createFolders: false)
        try FileOutput.replaceFolder(target, with: temp, what: "frames")
    } catch {
        FileOutput.discardFolder(temp)
        throw error
    }
    if !quiet { FileHandle.standardError.write(Data("wrote \(rows.count) frames and manifest.json into \(visible(target))\n".utf8)) }
    return 0
}

/// The version of `manifest.json`'s format: 2 since frames carry the state's changes, not the
/// whole state (which the manifest holds once, as it is at the start).
let manifestVersion = 2

/// One frame's line of `manifest.json`: its `changes` are the state variables whose values
/// differ from `shown` (the state as of the previous frame), and its `views` the named views
/// whose animated values differ from `shownViews` (those of the previous frame); it then brings
/// both up to date. A long string in the state is written once, not once a frame.
func manifestRow(_ f: Frame, file: String, since shown: inout [String: ScriptValue], views shownViews: inout [String: [Double]]) -> String {
    let events = "[" + f.events.map(LayoutJSON.string).joined(separator: ", ") + "]"
    var changes: [String: ScriptValue] = [:]
    for (name, value) in f.state.values where shown[name] != value { changes[name] = value }
    for name in shown.keys where f.state.values[name] == nil { changes[name] = .null }
    shown = f.state.values
    var views: [String] = []
    var now: [String: [Double]] = [:]
    for (id, values) in ViewTrack.namedValues(in: f.tree) {
        now[id] = values
        guard shownViews[id] != values else { continue }
        let fields = zip(PlottedProperty.names, values).map { LayoutJSON.string($0) + ": " + LayoutJSON.number($1) }
        views.append(LayoutJSON.string(id) + ": {" + fields.joined(separator: ", ") + "}")
    }
    shownViews = now
    return "{\"index\": \(f.index), \"t\": \(LayoutJSON.number((f.time * 1e9).rounded() / 1e9)), \"file\": \(LayoutJSON.string(file)), "
        + "\"events\": \(events), \"changes\": \(stateJSON(changes)), \"views\": {\(views.joined(separator: ", "))}, \"animating\": \(f.animating)}"
}

/// State values as a JSON object, names sorted.
func stateJSON(_ values: [String: ScriptValue]) -> String {
    "{" + values.keys.sorted().map { LayoutJSON.string($0) + ": " + scriptJSON(values[$0]!) }.joined(separator: ", ") + "}"
}

/// A state value as JSON.
func scriptJSON(_ v: ScriptValue) -> String {
    switch v {
    case .number(let n): return LayoutJSON.number(n)
    case .bool(let b): return b ? "true" : "false"
    case .string(let s): return LayoutJSON.string(s)
    case .null, .unknown: return "null"
    case .array(let a): return "[" + a.map(scriptJSON).joined(separator: ", ") + "]"
    case .object(let m): return "{" + m.keys.sorted().map { LayoutJSON.string($0) + ": " + scriptJSON(m[$0]!) }.joined(separator: ", ") + "}"
    }
}

/// `render --timeline NAME --at T`: one instant of a timeline.
func renderInstant(
    path: String, timelineName: String, at t: Double, device: Device?, scale: Double?, chrome: Bool?, renderer: Renderer,
    formats: [OutputFormat], output: String?, outDir: String, png: PNGCompression, svgText: SVGTextMode, quiet: Bool
) throws -> Int32 {
    let run = try timelineRun(path: path, timelineName: timelineName, device: device, scale: scale, chrome: chrome, renderer: renderer)
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

/// Work running on a thread of its own; `wait()` gives its result (or throws its error).
final class BackgroundJob<T>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<T, Error>?

    init(_ work: @escaping @Sendable () throws -> T) {
        let thread = Thread { [self] in
            result = Result { try work() }
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    func wait() throws -> T {
        done.wait()
        done.signal()
        return try result!.get()
    }
}

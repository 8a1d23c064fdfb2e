import Foundation
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout
import ProofsheetSheets
import ProofsheetTimeline

/// `proofsheet strip <scene> --timeline NAME`: a contact sheet of a timeline's frames.
func stripCommand(_ args: inout Arguments) throws -> Int32 {
    let timelineName = try args.value("--timeline")
    let fpsText = try args.value("--fps")
    let framesText = try args.value("--frames")
    let atText = try args.value("--at")
    let durationText = try args.value("--duration")
    let columnsText = try args.value("--columns")
    let row = args.flag("--row")
    let thumbText = try args.value("--thumb-scale")
    let output = try args.value("-o", "--output")
    let deviceName = try args.value("--device")
    let scaleText = try args.value("--scale")
    let spacingText = try args.value("--spacing")
    let backgroundText = try args.value("--background")
    let labelText = try args.value("--label-size")
    let assetDirs = try args.values("--assets")
    let quiet = args.flag("-q", "--quiet")
    let compression = try args.pngCompression() ?? .fast
    let scenes = try args.positionals()
    guard scenes.count == 1, let path = scenes.first else {
        throw ProofsheetError.usage(
            scenes.isEmpty ? "no scene file given" : "strip draws one scene at a time", hint: "proofsheet strip <scene.json> --timeline NAME")
    }
    guard let timelineName else {
        throw ProofsheetError.usage("strip needs --timeline NAME", hint: "`proofsheet stills \(path)` lists the scene's timelines")
    }
    let chosen = [fpsText, framesText, atText].compactMap { $0 }
    guard chosen.count <= 1 else { throw ProofsheetError.usage("give one of --fps, --frames and --at", hint: "e.g. --frames 12") }
    guard !(row && columnsText != nil) else { throw ProofsheetError.usage("give --columns or --row, not both") }
    if atText != nil, durationText != nil { throw ProofsheetError.usage("--duration goes with --fps or --frames, not --at") }
    let span: FrameSpan
    switch durationText {
    case nil, "auto": span = .auto
    case let text?: span = .seconds(try number(text, option: "--duration", in: 0...Timeline.latest))
    }
    let device = try deviceName.map { try Device.named($0) }
    let outputScale = try scaleText.map { try number($0, option: "--scale", in: Scene.Limits.scaleRange) } ?? 2
    var style = ContactSheet.Style()
    if let spacingText { style.spacing = try number(spacingText, option: "--spacing", in: 0...200) }
    if let labelText { style.labelSize = try number(labelText, option: "--label-size", in: 4...72) }
    if let backgroundText {
        guard let c = Color.parse(backgroundText) else {
            throw ProofsheetError.usage("--background: '\(excerpt(backgroundText))' is not a colour", hint: "a name such as white, or #RRGGBB")
        }
        style.background = c
    }
    var thumbScale = try thumbText.map { try number($0, option: "--thumb-scale", in: 0.01...4) } ?? 0.5
    let outputFormat: OutputFormat
    if let output {
        guard let f = OutputFormat(path: output) else {
            throw ProofsheetError.usage("-o \(excerpt(output)): the extension must be .png, .svg or .pdf")
        }
        outputFormat = f
    } else {
        outputFormat = .png
    }

    let renderer = try Renderer(assetRoots: assetDirs)
    let run = try TimelineRun(path: path, timelineName: timelineName, device: device, scale: nil, renderer: renderer)
    // The instants on the sheet.
    var times: [Double]
    if let atText {
        times = try atText.split(separator: ",", omittingEmptySubsequences: false).map {
            try number(String($0).trimmingCharacters(in: .whitespaces), option: "--at", in: 0...Timeline.latest)
        }
        guard !times.isEmpty, times.count <= 1000 else { throw ProofsheetError.usage("--at takes 1 to 1000 instants") }
        guard zip(times, times.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw ProofsheetError.usage("--at: the instants must increase", hint: "e.g. --at 0,0.1,0.25,0.5")
        }
    } else {
        let end: Double
        switch span {
        case .seconds(let d): end = d
        case .auto: end = try FrameSampler.settledEnd(of: try run.session())
        }
        if let fpsText {
            let fps = try number(fpsText, option: "--fps", in: 0.1...240)
            guard end * fps < 1000 else {
                throw ProofsheetError.usage(
                    "\(fmt(fps)) fps over \(fmt(end)) s is more than 1000 frames for one sheet", hint: "lower --fps, or use --frames K")
            }
            times = (0...Int((end * fps + 1e-9).rounded(.down))).map { Double($0) / fps }
        } else {
            let k = try framesText.map { Int(try number($0, option: "--frames", in: 1...1000, whole: true)) } ?? 12
            times = k == 1 ? [0] : (0..<k).map { end * Double($0) / Double(k - 1) }
        }
    }
    let columns =
        row ? times.count : try columnsText.map { Int(try number($0, option: "--columns", in: 1...1000, whole: true)) } ?? min(6, times.count)

    var frames: [SheetFrame] = []
    try FrameSampler.run(try run.session(), at: times) { f in
        frames.append(SheetFrame(index: f.index, time: f.time, events: f.events, picture: run.displayList(f.tree)))
    }
    let deviceLabel = run.first.device?.name ?? "\(fmt(run.first.canvas.width))×\(fmt(run.first.canvas.height)) pt"
    let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let rate = fpsText.map { "\($0) fps" } ?? atText.map { _ in "chosen instants" } ?? "\(times.count) frames"
    let title = "\(base) — \(timelineName) · \(deviceLabel) · \(rate)"

    // The sheet, at a thumbnail scale that keeps it within the raster limits.
    func sheetScene(_ thumb: Double) throws -> Scene {
        let sheet = ContactSheet(title: title, frames: frames, columns: columns, thumbnailScale: thumb, style: style)
        var scene = Scene(canvas: Size(width: 1, height: 1), scale: outputScale, background: style.background, root: sheet.node())
        scene.assetRoots = run.first.assetRoots
        let size = try renderer.size(of: scene)
        scene.canvas = Size(width: size.width.rounded(.up), height: size.height.rounded(.up))
        return scene
    }
    var scene = try sheetScene(thumbScale)
    let side = Scene.Limits.pixelSide.value, most = Scene.Limits.pixels.value
    // Labels and margins do not shrink with the thumbnails: shrink until the sheet fits.
    var shrunk = false
    for _ in 0..<12 {
        let w = (scene.canvas.width * outputScale).rounded(.up), h = (scene.canvas.height * outputScale).rounded(.up)
        guard max(w, h) > side || w * h > most else { break }
        thumbScale *= min(side / max(w, h), (most / (w * h)).squareRoot()) * 0.97
        scene = try sheetScene(thumbScale)
        shrunk = true
    }
    if shrunk && !quiet {
        FileHandle.standardError.write(
            Data(
                "note: thumbnails at \(format(thumbScale, digits: 3))× to keep the sheet within \(Int(side)) px a side and \(Int(most)) px\n"
                    .utf8))
    }
    try scene.validateSize()
    let bytes = try renderer.render(scene, format: outputFormat, png: compression)
    let target = output ?? "Output/\(base).\(timelineName).strip.png"
    try FileOutput.write(bytes, to: target)
    if !quiet {
        FileHandle.standardError.write(
            Data(
                "wrote \(target): \(frames.count) frames, \(Int(scene.canvas.width * outputScale))×\(Int(scene.canvas.height * outputScale)) px\n"
                    .utf8))
    }
    return 0
}

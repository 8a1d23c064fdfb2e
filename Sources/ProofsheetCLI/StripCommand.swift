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
    let deviceName = try args.value("--device")
    let look = try SheetLook(reading: &args)
    let output = look.output
    let assetDirs = try args.values("--assets")
    let quiet = args.flag("-q", "--quiet")
    let compression = try args.pngCompression() ?? .fast
    let onionName = try args.value("--onion")
    let onionOverlay = args.flag("--onion-overlay")
    let plotText = try args.value("--plot")
    let touches = args.flag("--touches")
    let chrome = try chromeOption(&args)
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
    if onionOverlay, onionName == nil {
        throw ProofsheetError.usage("--onion-overlay draws a view's positions: give --onion VIEW too", hint: "e.g. --onion card-0 --onion-overlay")
    }
    if onionOverlay, row || columnsText != nil { throw ProofsheetError.usage("--onion-overlay draws one frame: --columns and --row do not apply") }
    let plotted = try (plotText ?? "").split(separator: ",", omittingEmptySubsequences: false).filter { plotText != nil || !$0.isEmpty }.map {
        try PlottedProperty(parsing: String($0).trimmingCharacters(in: .whitespaces))
    }
    guard plotted.count <= 8 else { throw ProofsheetError.usage("--plot takes at most 8 properties") }
    let device = try deviceName.map { try Device.named($0) }
    let outputScale = look.scale, outputFormat = look.format
    var style = look.style, thumbScale = look.thumbScale

    let renderer = try Renderer(assetRoots: assetDirs)
    let run = try timelineRun(path: path, timelineName: timelineName, device: device, scale: nil, chrome: chrome, renderer: renderer)
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
        case .auto: end = try run.settledEnd()
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

    let deviceLabel = run.start.device?.name ?? "\(fmt(run.start.canvas.width))×\(fmt(run.start.canvas.height)) pt"
    let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let rate = fpsText.map { "\($0) fps" } ?? atText.map { _ in "chosen instants" } ?? "\(times.count) frames"
    var title = "\(base) — \(timelineName) · \(deviceLabel) · \(rate)"
    let target = output ?? "Output/\(base).\(timelineName).strip.\(outputFormat.rawValue)"

    // The extras: views followed, properties plotted and the finger's path, found on a fine pass
    // over the timeline (layout only, nothing drawn) before the frames are rendered.
    let end = times.last ?? 0
    var onionTrack: ViewTrack? = nil
    var plotTracks: [ViewTrack] = []
    var fine: [(time: Double, values: [Double?], touch: Point?)] = []
    func resolve(_ tree: ResolvedView) throws {
        if let onionName { onionTrack = try ViewTrack(id: onionName, in: tree, option: "--onion") }
        plotTracks = try plotted.map { try ViewTrack(id: $0.id, in: tree, option: "--plot '\(excerpt($0.label))'") }
    }
    func values(_ tree: ResolvedView) -> [Double?] {
        zip(plotted, plotTracks).map { p, track in
            guard let v = track.find(in: tree), let e = track.effects(in: tree) else { return nil }
            return p.property.value(v, e)
        }
    }
    if !plotted.isEmpty || touches {
        // 60 a second, and the sheet's own instants (so each marker is its frame's value).
        let grid = (0...Int((end * 60 + 1e-9).rounded(.down))).map { Double($0) / 60 }
        let instants = Array(Set(grid + times)).sorted()
        try run.frames(at: instants) { f in
            if f.index == 0 { try resolve(f.tree) }
            fine.append((f.time, values(f.tree), f.touches.first))
        }
    }
    /// The path of the finger down at `t` since it went down (fine samples up to `t`).
    func trail(until t: Double, now: Point?) -> [Point] {
        var points: [Point] = []
        for sample in fine.reversed() where sample.time <= t + 1e-9 {
            guard let p = sample.touch else { break }
            points.append(p)
        }
        points.reverse()
        if let now, points.last != now { points.append(now) }
        return points
    }

    let size = run.start.canvas
    func isolated(_ tree: ResolvedView) -> DisplayList? {
        guard let track = onionTrack, let v = track.isolate(in: tree) else { return nil }
        return DisplayList(painting: v, size: size, background: nil, scale: run.start.scale)
    }
    /// Renders the frames in order, handing each on as a sheet frame (its drawing dropped once
    /// painted: only the onion's last few views are kept).
    func frames(_ body: (SheetFrame) throws -> Void) throws {
        var ghosts: [DisplayList] = []
        var overlay: DisplayList? = nil
        var lastFrame: SheetFrame? = nil
        try run.frames(at: times) { f in
            if f.index == 0 && fine.isEmpty { try resolve(f.tree) }
            var list = try run.displayList(f.tree)
            let view = isolated(f.tree)
            if onionOverlay {
                // One full-size frame: the first, with the view at every later instant over it.
                if overlay == nil { overlay = list } else if let view { ghosts.append(view) }
                lastFrame = SheetFrame(index: f.index, time: f.time, events: (lastFrame?.events ?? []) + f.events, picture: list)
                return
            }
            if onionTrack != nil {
                list = Onion.overlay(list, ghosts: ghosts, current: view)
                if let view { ghosts.insert(view, at: 0) }
                if ghosts.count > Onion.depth { ghosts.removeLast() }
            }
            if touches {
                list.items += TouchMarks.items(point: f.touches.first, trail: f.touches.isEmpty ? [] : trail(until: f.time, now: f.touches.first))
                for p in f.touches.dropFirst() { list.items += TouchMarks.items(point: p, trail: []) }
            }
            try body(SheetFrame(index: f.index, time: f.time, events: f.events, picture: list))
        }
        if onionOverlay, var picture = overlay, let last = lastFrame {
            // The earliest faintest, the latest strongest.
            for (k, g) in ghosts.enumerated() {
                let opacity = 0.15 + 0.5 * Double(k + 1) / Double(ghosts.count)
                picture.items.append(.group(DisplayGroup(opacity: opacity, children: g.items, name: "onion-\(k + 1)")))
            }
            if touches { picture.items += TouchMarks.items(point: nil, trail: fine.compactMap(\.touch)) }
            let caption = "#0–#\(last.index)  0–\(Int((last.time * 1000).rounded())) ms · #\(onionName ?? "") at \(times.count) instants"
            try body(SheetFrame(index: 0, time: 0, events: last.events, picture: picture, caption: caption))
        }
    }

    let stubs =
        onionOverlay
        ? [SheetFrame(index: 0, time: 0, events: [], picture: DisplayList(size: size, background: nil, items: []))]
        : times.enumerated().map {
            SheetFrame(index: $0.offset, time: $0.element, events: [], picture: DisplayList(size: size, background: nil, items: []))
        }
    if onionOverlay {
        title += " · onion #\(onionName ?? "")"
        if !look.thumbScaleGiven { thumbScale = 1 }
    }
    var sheet = ContactSheet(title: title, frames: stubs, columns: onionOverlay ? 1 : columns, thumbnailScale: thumbScale, style: style)
    if !plotted.isEmpty {
        // The plot needs the markers (the frames' values): the fine pass gives them ahead, at the
        // frames' own times.
        let series = plotted.enumerated().map { k, p in
            PropertyPlot.Series(
                label: p.label, unit: p.property.unit, samples: fine.map { ($0.time, $0.values[k]) },
                markers: times.enumerated().map { i, t in (i, t, fine.first { $0.time == t }?.values[k]) })
        }
        let width =
            onionOverlay ? size.width * thumbScale : Double(min(columns, times.count)) * (size.width * thumbScale + style.spacing) - style.spacing
        sheet.footer = [PropertyPlot(series: series, start: 0, end: max(end, 1e-3), width: max(width, 240), style: style).node()]
    }
    var writer = SheetOutput(
        renderer: renderer, scale: outputScale, outputFormat: outputFormat, compression: compression, assetRoots: run.start.assetRoots,
        note: notes(quiet: quiet))
    writer.supersample = look.supersample
    let px = try writer.write(sheet, to: target, produce: frames)
    if !quiet {
        FileHandle.standardError.write(Data("wrote \(visible(target)): \(times.count) frames, \(px.width)×\(px.height) px\n".utf8))
    }
    return 0
}

import ProofsheetCairo
import ProofsheetLayout
import ProofsheetSheets
import ProofsheetTimeline

/// The instants a strip shows.
public enum StripInstants: Hashable, Sendable {
    /// `fps` a second from 0 to the end of `span` (its settled end when `auto`).
    case fps(Double, span: FrameSpan = .auto)
    /// `count` instants spread evenly from 0 to the end of `span`, both ends included (0 alone
    /// for one).
    case frames(Int, span: FrameSpan = .auto)
    /// These instants, increasing (1 to 1000 of them).
    case at([Double])

    /// The most frames on one sheet.
    public static let mostFrames = 1000

    /// The instants in `run`.
    ///
    /// - Throws: a usage error for more than ``mostFrames`` of them, or `at` instants out of
    ///   order.
    func times(in run: TimelineRun) throws -> [Double] {
        func end(_ span: FrameSpan) throws -> Double {
            switch span {
            case .seconds(let d): return d
            case .auto: return try run.settledEnd()
            }
        }
        switch self {
        case .at(let times):
            guard !times.isEmpty, times.count <= Self.mostFrames else { throw ProofsheetError.usage("--at takes 1 to 1000 instants") }
            guard zip(times, times.dropFirst()).allSatisfy({ $0 < $1 }) else {
                throw ProofsheetError.usage("--at: the instants must increase", hint: "e.g. --at 0,0.1,0.25,0.5")
            }
            return times
        case .fps(let fps, let span):
            guard fps > 0 else { throw ProofsheetError.usage("--fps must be more than 0", hint: "e.g. --fps 10") }
            let end = try end(span)
            guard end * fps < Double(Self.mostFrames) else {
                throw ProofsheetError.usage(
                    "\(fmt(fps)) fps over \(fmt(end)) s is more than 1000 frames for one sheet", hint: "lower --fps, or use --frames K")
            }
            return (0...Int((end * fps + 1e-9).rounded(.down))).map { Double($0) / fps }
        case .frames(let k, let span):
            guard (1...Self.mostFrames).contains(k) else { throw ProofsheetError.usage("--frames takes 1 to 1000", hint: "e.g. --frames 12") }
            let end = try end(span)
            return k == 1 ? [0] : (0..<k).map { end * Double($0) / Double(k - 1) }
        }
    }
}

/// A strip drawn by ``Renderer/strip(of:title:instants:columns:row:onion:onionOverlay:plot:touches:style:thumbnailScale:scale:format:png:supersample:note:)``:
/// its file's bytes, the frames on it and its size.
public struct RenderedStrip: Sendable {
    /// The file: PNG, SVG or PDF.
    public var bytes: [UInt8]
    /// The number of instants shown (with the onion overlay, all on one frame).
    public var frames: Int
    /// The sheet's width in pixels.
    public var width: Int
    /// The sheet's height in pixels.
    public var height: Int
}

extension Renderer {
    /// The strip of `run` in `format`, as `proofsheet strip` draws it: a contact sheet of the
    /// frames at `instants`, under `title` (drawn as given: the command writes
    /// `scene — timeline · device · rate`), in `columns` (at most 6 when nil; all in one row with
    /// `row`), thumbnails `thumbnailScale` of the screen (0.5 when nil, 1 with the onion
    /// overlay), shrunk until the sheet fits the raster limits at `scale` pixels per point (told
    /// to `note`).
    ///
    /// The extras: `onion` names a view whose last few positions are drawn fading on each frame
    /// (with `onionOverlay`, one full-size frame, the first, with the view at every later instant
    /// over it, and the title says so); `plot` draws the properties' curves under the sheet,
    /// each frame's value marked; `touches` draws the fingers down and the path each has taken.
    /// Plots and trails come of a pass over the timeline at 60 a second (layout only) before the
    /// frames are drawn. A PNG streams (see ``SheetOutput``); `supersample` draws its thumbnails
    /// at the frame's full size and reduces them.
    ///
    /// - Throws: a usage error when `onion` or a plotted view is not in the scene, or the
    ///   instants are too many or out of order.
    public func strip(
        of run: TimelineRun, title: String, instants: StripInstants = .frames(12), columns: Int? = nil, row: Bool = false, onion: String? = nil,
        onionOverlay: Bool = false, plot plotted: [PlottedProperty] = [], touches: Bool = false, style: ContactSheet.Style = ContactSheet.Style(),
        thumbnailScale: Double? = nil, scale: Double = 2, format: OutputFormat = .png, png: PNGCompression = .fast, supersample: Bool = false,
        note: ((String) -> Void)? = nil
    ) throws -> RenderedStrip {
        guard let start = run.first else { throw ProofsheetError.internal("a strip of a run without its first scene") }
        let onionOverlay = onionOverlay && onion != nil
        let times = try instants.times(in: run)
        let columns = row ? times.count : columns ?? min(6, times.count)

        // The extras: views followed, properties plotted and the finger's path, found on a fine pass
        // over the timeline (layout only, nothing drawn) before the frames are rendered.
        let end = times.last ?? 0
        var onionTrack: ViewTrack? = nil
        var plotTracks: [ViewTrack?] = plotted.map { _ in nil }
        var firstTree: ResolvedView? = nil
        var fine: [(time: Double, values: [Double?], touch: Point?)] = []
        /// Finds each followed view in the first frame that shows it.
        func resolve(_ tree: ResolvedView) {
            if firstTree == nil { firstTree = tree }
            if let onion, onionTrack == nil { onionTrack = ViewTrack(id: onion, in: tree) }
            for (k, p) in plotted.enumerated() where plotTracks[k] == nil { plotTracks[k] = ViewTrack(id: p.id, in: tree) }
        }
        func values(_ tree: ResolvedView) -> [Double?] {
            zip(plotted, plotTracks).map { p, track in
                guard let track, let v = track.find(in: tree), let e = track.effects(in: tree) else { return nil }
                return p.property.value(v, e)
            }
        }
        if !plotted.isEmpty || touches || onion != nil {
            // 60 a second, and the sheet's own instants (so each marker is its frame's value).
            let grid = (0...Int((end * 60 + 1e-9).rounded(.down))).map { Double($0) / 60 }
            let instants = Array(Set(grid + times)).sorted()
            try run.frames(at: instants) { f in
                resolve(f.tree)
                fine.append((f.time, values(f.tree), f.touches.first))
            }
            // A followed view no instant shows is a mistake, told before anything is drawn.
            if let first = firstTree {
                if let onion, onionTrack == nil { throw ViewTrack.notFound(onion, option: "--onion", first: first) }
                for (k, p) in plotted.enumerated() where plotTracks[k] == nil {
                    throw ViewTrack.notFound(p.id, option: "--plot '\(excerpt(p.label))'", first: first)
                }
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

        let size = start.canvas
        func isolated(_ tree: ResolvedView) -> DisplayList? {
            guard let track = onionTrack, let v = track.isolate(in: tree) else { return nil }
            return DisplayList(painting: v, size: size, background: nil, scale: start.scale).painted(for: start, in: start.colorScheme)
        }
        /// Renders the frames in order, handing each on as a sheet frame (its drawing dropped once
        /// painted: only the onion's last few views are kept).
        func frames(_ body: (SheetFrame) throws -> Void) throws {
            var ghosts: [DisplayList] = []
            var overlay: DisplayList? = nil
            var lastFrame: SheetFrame? = nil
            try run.frames(at: times) { f in
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
                let caption = "#0–#\(last.index)  0–\(Int((last.time * 1000).rounded())) ms · #\(onion ?? "") at \(times.count) instants"
                try body(SheetFrame(index: 0, time: 0, events: last.events, picture: picture, caption: caption))
            }
        }

        let stubs =
            onionOverlay
            ? [SheetFrame(index: 0, time: 0, events: [], picture: DisplayList(size: size, background: nil, items: []))]
            : times.enumerated().map {
                SheetFrame(index: $0.offset, time: $0.element, events: [], picture: DisplayList(size: size, background: nil, items: []))
            }
        let title = onionOverlay ? title + " · onion #\(onion ?? "")" : title
        let thumbScale = thumbnailScale ?? (onionOverlay ? 1 : 0.5)
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
            var plot = PropertyPlot(series: series, start: 0, end: max(end, 1e-3), width: max(width, 240), style: style)
            plot.events = try run.events(after: -.infinity, through: end).map { ($0.time, $0.name) }
            sheet.footer = [plot.node()]
        }
        var writer = SheetOutput(renderer: self, scale: scale, outputFormat: format, compression: png, assetRoots: start.assetRoots, note: note)
        writer.supersample = supersample
        let made = try writer.render(sheet, produce: frames)
        return RenderedStrip(bytes: made.bytes, frames: times.count, width: made.width, height: made.height)
    }

    /// Draws the strip of `run` (see
    /// ``strip(of:title:instants:columns:row:onion:onionOverlay:plot:touches:style:thumbnailScale:scale:format:png:supersample:note:)``)
    /// into the file `path`, in the format its extension names (`.png`, `.svg` or `.pdf`).
    ///
    /// - Throws: a usage error for any other extension, before anything is drawn.
    @discardableResult
    public func writeStrip(
        of run: TimelineRun, title: String, to path: String, instants: StripInstants = .frames(12), columns: Int? = nil, row: Bool = false,
        onion: String? = nil, onionOverlay: Bool = false, plot: [PlottedProperty] = [], touches: Bool = false,
        style: ContactSheet.Style = ContactSheet.Style(), thumbnailScale: Double? = nil, scale: Double = 2, png: PNGCompression = .fast,
        supersample: Bool = false, note: ((String) -> Void)? = nil
    ) throws -> RenderedStrip {
        guard let format = OutputFormat(path: path) else {
            throw ProofsheetError.usage("-o \(excerpt(path)): the extension must be .png, .svg or .pdf")
        }
        let strip = try strip(
            of: run, title: title, instants: instants, columns: columns, row: row, onion: onion, onionOverlay: onionOverlay, plot: plot,
            touches: touches, style: style, thumbnailScale: thumbnailScale, scale: scale, format: format, png: png, supersample: supersample,
            note: note)
        try FileOutput.write(strip.bytes, to: path)
        return strip
    }
}

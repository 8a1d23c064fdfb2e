import ProofsheetCairo
import ProofsheetLayout
import ProofsheetMotion
import ProofsheetSheets
import ProofsheetTimeline

/// A storyboard drawn by ``Renderer/storyboard(of:title:panels:maxPanels:columns:panelScale:scale:format:png:svgText:note:)``:
/// its file's bytes, the panels on it and its size.
public struct RenderedStoryboard: Sendable {
    /// The file: SVG, PDF or PNG.
    public var bytes: [UInt8]
    /// The number of panels drawn.
    public var panels: Int
    /// The board's size in points.
    public var canvas: Size
}

extension Renderer {
    /// The storyboard of `run` in `format`, as `proofsheet storyboard` draws it: the timeline's
    /// key instants (the start, each event, just before each release, halfway through each
    /// animation, the settled end; see ``StoryboardFrames``) as panels
    /// with captions, the fingers drawn on them, and a ruler of their instants, under `title` and
    /// a subtitle of the device, the key frames and when the timeline settles.
    ///
    /// With `panels` the board has exactly that many (instants between the key ones filling
    /// in where things move, by ``MotionScale``); otherwise at most `maxPanels`, the key frames left out named in the captions (and
    /// told to `note`). Panels are `panelScale` of the screen, in `columns` (at most 6 when nil),
    /// shrunk until the board fits the raster limits at `scale` pixels per point (told to
    /// `note` too).
    public func storyboard(
        of run: TimelineRun, title: String, panels panelCount: Int? = nil, maxPanels: Int = 12, columns: Int? = nil, panelScale: Double = 0.5,
        scale: Double = 2, format: OutputFormat = .svg, png: PNGCompression = .fast, svgText: SVGTextMode = .text, note: ((String) -> Void)? = nil
    ) throws -> RenderedStoryboard {
        guard let start = run.first else { throw ProofsheetError.internal("a storyboard of a run without its first scene") }
        // The key instants: the start, each event, the settled end; then as many as asked.
        let end = try run.settledEnd()
        let keys = try StoryboardFrames.keyInstants(of: run)
        // A count asked for spreads the panels by motion: where things move, not evenly by time.
        let motion = try panelCount.map { _ in try run.motionScale() }
        let instants = StoryboardFrames.choose(keys, count: panelCount ?? maxPanels, fill: panelCount != nil, by: motion)
        if let note, panelCount == nil, keys.count > maxPanels {
            note("\(keys.count) key frames, \(instants.count) shown (--max-panels \(maxPanels)); the rest are in the captions")
        }
        let made = try StoryboardFrames.panels(run, at: instants) { try run.displayList($0) }
        let columns = columns ?? min(6, made.panels.count)

        let deviceLabel = start.device?.name ?? "\(fmt(start.canvas.width))×\(fmt(start.canvas.height)) pt"
        let keyCount = instants.filter { $0.kind != .between }.count
        var subtitle = "\(deviceLabel) · \(keyCount) key frame\(keyCount == 1 ? "" : "s")"
        if made.panels.count > keyCount { subtitle += " and \(made.panels.count - keyCount) between" }
        subtitle += " · settled at \(Int((end * 1000).rounded())) ms"

        // The board, its panels shrunk until it fits the raster limits.
        func boardScene(_ panelScale: Double) throws -> Scene {
            let board = Storyboard(
                title: title, subtitle: subtitle, panels: made.panels, end: end, touchSpans: made.touchSpans, columns: columns,
                panelScale: panelScale)
            var scene = Scene(canvas: Size(width: 1, height: 1), scale: scale, background: board.style.background, root: board.node())
            scene.assetRoots = start.assetRoots
            let size = try self.size(of: scene)
            scene.canvas = Size(width: size.width.rounded(.up), height: size.height.rounded(.up))
            return scene
        }
        var panelScale = panelScale
        let scene = try fittingRasterLimits(&panelScale, at: scale, parts: "panels", whole: "the board", note: note) { try boardScene($0) }
        try scene.validateSize()
        let bytes = try render(scene, format: format, png: png, svgText: svgText)
        return RenderedStoryboard(bytes: bytes, panels: made.panels.count, canvas: scene.canvas)
    }

    /// Draws the storyboard of `run` (see
    /// ``storyboard(of:title:panels:maxPanels:columns:panelScale:scale:format:png:svgText:note:)``)
    /// into the file `path`, in the format its extension names (`.svg`, `.pdf` or `.png`).
    ///
    /// - Throws: a usage error for any other extension, before anything is drawn.
    @discardableResult
    public func writeStoryboard(
        of run: TimelineRun, title: String, to path: String, panels: Int? = nil, maxPanels: Int = 12, columns: Int? = nil, panelScale: Double = 0.5,
        scale: Double = 2, png: PNGCompression = .fast, svgText: SVGTextMode = .text, note: ((String) -> Void)? = nil
    ) throws -> RenderedStoryboard {
        guard let format = OutputFormat(path: path) else {
            throw ProofsheetError.usage("-o \(excerpt(path)): the extension must be .svg, .pdf or .png")
        }
        let board = try storyboard(
            of: run, title: title, panels: panels, maxPanels: maxPanels, columns: columns, panelScale: panelScale, scale: scale, format: format,
            png: png, svgText: svgText, note: note)
        try FileOutput.write(board.bytes, to: path)
        return board
    }
}

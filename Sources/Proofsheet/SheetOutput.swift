import ProofsheetCairo
import ProofsheetLayout
import ProofsheetSheets

/// A contact sheet whose frames are rendered one at a time, drawn to bytes or a file (a strip,
/// see ``Renderer/strip(of:title:instants:columns:row:onion:onionOverlay:plot:touches:style:thumbnailScale:scale:format:png:supersample:note:)``,
/// and `proofsheet sweep`).
///
/// A PNG streams: the sheet is laid out with its cells empty (every cell is the same size), that
/// skeleton is drawn, then each frame's cell is painted into its place as soon as the frame is
/// rendered and dropped — the sheet holds its own pixels and one frame, however many frames it
/// has. An SVG or PDF stays vector: it holds every frame's display list (photos are referenced
/// by path in them and embedded once) and is laid out whole.
public struct SheetOutput {
    public let renderer: Renderer
    /// Pixels per point.
    public let scale: Double
    public let outputFormat: OutputFormat
    public let compression: PNGCompression
    /// The asset roots of the frames' scene (their photos are found there).
    public var assetRoots: [String]
    /// Told when the thumbnails are shrunk to keep the sheet within the raster limits.
    public let note: ((String) -> Void)?
    /// PNG only: each thumbnail drawn at (at least) the frame's full size and then reduced to
    /// the thumbnail's pixels, instead of drawn at its own scale.
    public var supersample = false

    public init(
        renderer: Renderer, scale: Double, outputFormat: OutputFormat, compression: PNGCompression = .fast, assetRoots: [String] = [],
        note: ((String) -> Void)? = nil
    ) {
        self.renderer = renderer
        self.scale = scale
        self.outputFormat = outputFormat
        self.compression = compression
        self.assetRoots = assetRoots
        self.note = note
    }

    /// `sheet` gives the title, columns, style, footer and the frames to come (their indices,
    /// times and sizes: pictures may be empty); `produce` hands each frame, in order, to the
    /// function it is given. Returns the file's bytes and its size in pixels.
    public func render(
        _ sheet: ContactSheet, produce: ((SheetFrame) throws -> Void) throws -> Void
    ) throws -> (bytes: [UInt8], width: Int, height: Int) {
        var sheet = sheet
        guard let stub = sheet.frames.first else { throw ProofsheetError.internal("a sheet without frames") }
        // Labels and margins do not shrink with the thumbnails: shrink until the sheet fits.
        var cellSize = Size(width: 1, height: 1), thumbnailScale = sheet.thumbnailScale
        let scene = try fittingRasterLimits(&thumbnailScale, at: scale, parts: "thumbnails", whole: "the sheet", note: note) { thumb in
            var probe = sheet
            probe.thumbnailScale = thumb
            let made = try skeleton(probe, stub)
            cellSize = made.1
            return made.0
        }
        sheet.thumbnailScale = thumbnailScale
        try scene.validateSize()
        let width = Int((scene.canvas.width * scale).rounded()), height = Int((scene.canvas.height * scale).rounded())
        if outputFormat != .png {
            var frames: [SheetFrame] = []
            try produce { frames.append($0) }
            sheet.frames = frames
            var whole = scene
            whole.root = sheet.node()
            return (try renderer.render(whole, format: outputFormat, png: compression), width, height)
        }
        let laid = try renderer.layout(scene)
        let canvas = try RasterCanvas(backend: renderer.backend, size: scene.canvas, scale: scale, background: scene.background)
        var skeletonList = laid.displayList
        skeletonList.background = nil
        try canvas.draw(skeletonList)
        // Supersampled: the thumbnail drawn at a whole multiple of its pixels that reaches the
        // frame's own size (at least twice), then the cell drawn over it with an empty picture.
        let factor = max(2, min(16, Int((1 / sheet.thumbnailScale).rounded(.up))))
        try produce { f in
            guard let place = laid.tree.find("cell-\(f.index)") else { throw ProofsheetError.internal("no cell for frame \(f.index)") }
            guard supersample else {
                let cell = try renderer.layout(cellScene(sheet.cell(f), size: cellSize))
                try canvas.draw(cell.displayList, at: place.frame.origin)
                return
            }
            var bare = f
            bare.picture = DisplayList(size: f.picture.size, background: nil, items: [])
            let cell = try renderer.layout(cellScene(sheet.cell(bare), size: cellSize))
            guard let thumb = cell.tree.find("frame-\(f.index)") else { throw ProofsheetError.internal("no thumbnail for frame \(f.index)") }
            try canvas.drawSupersampled(f.picture, at: place.frame.origin, in: thumb.frame, factor: factor)
            try canvas.draw(cell.displayList, at: place.frame.origin)
        }
        return (try canvas.png(compression: compression), width, height)
    }

    /// Draws the sheet (see ``render(_:produce:)``) into the file `target`. Returns its size in
    /// pixels.
    @discardableResult
    public func write(
        _ sheet: ContactSheet, to target: String, produce: ((SheetFrame) throws -> Void) throws -> Void
    ) throws -> (width: Int, height: Int) {
        let made = try render(sheet, produce: produce)
        try FileOutput.write(made.bytes, to: target)
        return (made.width, made.height)
    }

    func cellScene(_ node: Node, size: Size) -> Scene {
        var s = Scene(canvas: size, scale: scale, background: nil, root: node)
        s.assetRoots = assetRoots
        return s
    }

    /// The sheet with its cells empty, sized to fit, and the size of a cell.
    func skeleton(_ sheet: ContactSheet, _ stub: SheetFrame) throws -> (Scene, Size) {
        var probe = stub
        probe.events = []
        let cell = try renderer.size(of: cellScene(sheet.cell(probe), size: Size(width: 1, height: 1)))
        var scene = Scene(canvas: Size(width: 1, height: 1), scale: scale, background: sheet.style.background, root: sheet.skeleton(cellSize: cell))
        scene.assetRoots = assetRoots
        let size = try renderer.size(of: scene)
        scene.canvas = Size(width: size.width.rounded(.up), height: size.height.rounded(.up))
        return (scene, cell)
    }
}

import Foundation
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout
import ProofsheetSheets

/// Writes a contact sheet whose frames are rendered one at a time (`strip`, `sweep`).
///
/// A PNG streams: the sheet is laid out with its cells empty (every cell is the same size), that
/// skeleton is drawn, then each frame's cell is painted into its place as soon as the frame is
/// rendered and dropped — the sheet holds its own pixels and one frame, however many frames it
/// has. An SVG or PDF stays vector: it holds every frame's display list (photos are referenced
/// by path in them and embedded once) and is laid out whole.
struct SheetOutput {
    let renderer: Renderer
    let scale: Double
    let outputFormat: OutputFormat
    let compression: PNGCompression
    let assetRoots: [String]
    let quiet: Bool
    /// PNG only: each thumbnail drawn at (at least) the frame's full size and then reduced to
    /// the thumbnail's pixels, instead of drawn at its own scale.
    var supersample = false

    /// `sheet` gives the title, columns, style, footer and the frames to come (their indices,
    /// times and sizes: pictures may be empty); `produce` hands each frame, in order, to the
    /// function it is given. Returns the size in pixels.
    func write(_ sheet: ContactSheet, to target: String, produce: ((SheetFrame) throws -> Void) throws -> Void) throws -> (width: Int, height: Int) {
        var sheet = sheet
        guard let stub = sheet.frames.first else { throw ProofsheetError.internal("a sheet without frames") }
        // Labels and margins do not shrink with the thumbnails: shrink until the sheet fits.
        var cellSize = Size(width: 1, height: 1), thumbnailScale = sheet.thumbnailScale
        let scene = try fittingRasterLimits(&thumbnailScale, at: scale, parts: "thumbnails", whole: "the sheet", note: notes(quiet: quiet)) { thumb in
            var probe = sheet
            probe.thumbnailScale = thumb
            let made = try skeleton(probe, stub)
            cellSize = made.1
            return made.0
        }
        sheet.thumbnailScale = thumbnailScale
        try scene.validateSize()
        let pixels = (Int((scene.canvas.width * scale).rounded()), Int((scene.canvas.height * scale).rounded()))
        if outputFormat != .png {
            var frames: [SheetFrame] = []
            try produce { frames.append($0) }
            sheet.frames = frames
            var whole = scene
            whole.root = sheet.node()
            try FileOutput.write(try renderer.render(whole, format: outputFormat, png: compression), to: target)
            return pixels
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
                let cell = try renderer.layout(cellScene(sheet.cell(f), size: cellSize, sheet: sheet))
                try canvas.draw(cell.displayList, at: place.frame.origin)
                return
            }
            var bare = f
            bare.picture = DisplayList(size: f.picture.size, background: nil, items: [])
            let cell = try renderer.layout(cellScene(sheet.cell(bare), size: cellSize, sheet: sheet))
            guard let thumb = cell.tree.find("frame-\(f.index)") else { throw ProofsheetError.internal("no thumbnail for frame \(f.index)") }
            try canvas.drawSupersampled(f.picture, at: place.frame.origin, in: thumb.frame, factor: factor)
            try canvas.draw(cell.displayList, at: place.frame.origin)
        }
        try FileOutput.write(try canvas.png(compression: compression), to: target)
        return pixels
    }

    func cellScene(_ node: Node, size: Size, sheet: ContactSheet) -> Scene {
        var s = Scene(canvas: size, scale: scale, background: nil, root: node)
        s.assetRoots = assetRoots
        return s
    }

    /// The sheet with its cells empty, sized to fit, and the size of a cell.
    func skeleton(_ sheet: ContactSheet, _ stub: SheetFrame) throws -> (Scene, Size) {
        var probe = stub
        probe.events = []
        let cell = try renderer.size(of: cellScene(sheet.cell(probe), size: Size(width: 1, height: 1), sheet: sheet))
        var scene = Scene(canvas: Size(width: 1, height: 1), scale: scale, background: sheet.style.background, root: sheet.skeleton(cellSize: cell))
        scene.assetRoots = assetRoots
        let size = try renderer.size(of: scene)
        scene.canvas = Size(width: size.width.rounded(.up), height: size.height.rounded(.up))
        return (scene, cell)
    }
}

/// The options `strip` and `sweep` share, read and checked: the sheet's look, its thumbnails'
/// scale, its pixels per point, its file and format, and whether thumbnails are supersampled.
struct SheetLook {
    var style = ContactSheet.Style()
    var thumbScale = 0.5
    /// Whether `--thumb-scale` was given (else a command may choose another default).
    var thumbScaleGiven = false
    var scale = 2.0
    var output: String?
    var format = OutputFormat.png
    var supersample = false

    init(reading args: inout Arguments) throws {
        if let text = try args.value("--scale") { scale = try number(text, option: "--scale", in: Scene.Limits.scaleRange) }
        if let text = try args.value("--spacing") { style.spacing = try number(text, option: "--spacing", in: 0...200) }
        if let text = try args.value("--label-size") { style.labelSize = try number(text, option: "--label-size", in: 4...72) }
        if let text = try args.value("--background") {
            guard let c = Color.parse(text) else {
                throw ProofsheetError.usage("--background: '\(excerpt(text))' is not a colour", hint: "a name such as white, or #RRGGBB")
            }
            style.background = c
        }
        if let text = try args.value("--thumb-scale") {
            thumbScale = try number(text, option: "--thumb-scale", in: 0.01...4)
            thumbScaleGiven = true
        }
        output = try args.value("-o", "--output")
        if let output {
            guard let f = OutputFormat(path: output) else {
                throw ProofsheetError.usage("-o \(excerpt(output)): the extension must be .png, .svg or .pdf")
            }
            format = f
        }
        supersample = args.flag("--supersample")
        guard !supersample || format == .png else {
            throw ProofsheetError.usage(
                "--supersample draws thumbnails as pixels: it applies to PNG sheets",
                hint: "write -o sheet.png, or leave --supersample out (SVG and PDF sheets stay vector)")
        }
    }
}

/// What a library call notes on the way (a sheet's thumbnails shrunk to fit, a storyboard's key
/// frames left out), printed on standard error as `note: …`; nil when `quiet`.
func notes(quiet: Bool) -> ((String) -> Void)? {
    quiet ? nil : { FileHandle.standardError.write(Data("note: \($0)\n".utf8)) }
}

import ProofsheetCore
import ProofsheetImage
internal import CCairo

/// One raster drawn piece by piece: display lists painted into it at places, then encoded as a
/// PNG. What a contact sheet streams through: each frame's thumbnail is painted as soon as it is
/// rendered and then dropped, so a sheet of many frames holds its own pixels and one frame.
public final class RasterCanvas {
    let backend: CairoBackend
    let surface: CairoSurface
    /// Pixels per point.
    public let scale: Double
    /// The size in points.
    public let size: Size

    /// A canvas of `size` points at `scale` pixels per point, filled with `background` (nil:
    /// transparent).
    public init(backend: CairoBackend, size: Size, scale: Double, background: Color?) throws {
        self.backend = backend; self.size = size; self.scale = scale
        surface = try CairoSurface(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()))
        if let background {
            try surface.draw { cr in
                cairo_set_source_rgba(cr, background.red, background.green, background.blue, background.alpha)
                cairo_paint(cr)
            }
        }
    }

    /// The width and height in pixels.
    public var pixelSize: (width: Int, height: Int) { (surface.width, surface.height) }

    /// Paints `list` (its background too, over its own size) with its top-left corner at
    /// `origin` (points), rounded to whole pixels so the drawing lies on the same pixel grid as
    /// a list drawn alone.
    public func draw(_ list: DisplayList, at origin: Point = .zero) throws {
        let x = (origin.x * scale).rounded(), y = (origin.y * scale).rounded()
        try backend.fonts.withContext { text in
            try surface.draw { cr in
                cairo_translate(cr, x, y)
                cairo_scale(cr, scale, scale)
                try Painter(text: text, images: backend.images, scale: scale, rasterTarget: true).draw(list, cr)
            }
        }
    }

    /// The canvas as a PNG.
    public func png(compression: PNGCompression = .fast) throws -> [UInt8] {
        try backend.encodePNG(surface, compression: compression, path: .automatic)
    }
}

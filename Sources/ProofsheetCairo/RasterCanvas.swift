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
                var painter = Painter(text: text, images: backend.images, scale: scale, rasterTarget: true)
                // The list's own pixels are the canvas's shifted by the origin: a material's
                // backdrop is drawn from the list in its own coordinates.
                painter.pixels = PixelSpace(scale: scale, offset: Point(x: -x, y: -y))
                painter.effects.outputScale = scale
                try painter.draw(list, cr)
            }
        }
    }

    /// Paints `list` supersampled into `frame` (points, relative to `origin`, which is rounded to
    /// whole pixels as ``draw(_:at:)`` rounds it): the list is drawn at `factor` times the
    /// frame's pixels, then reduced to them by Cairo's GOOD filter (a box filter when shrinking),
    /// so each pixel is the average of the finer drawing beneath it.
    public func drawSupersampled(_ list: DisplayList, at origin: Point, in frame: Rect, factor: Int) throws {
        let w = frame.width * scale, h = frame.height * scale
        guard w >= 1, h >= 1, list.size.width > 0, list.size.height > 0 else { return }
        let x = (origin.x * scale).rounded() + frame.minX * scale, y = (origin.y * scale).rounded() + frame.minY * scale
        let fine = try backend.rasterize(list, scale: (w * Double(max(1, factor))).rounded() / list.size.width)
        try surface.draw { cr in
            cairo_rectangle(cr, x, y, w, h)
            cairo_clip(cr)
            cairo_translate(cr, x, y)
            cairo_scale(cr, w / Double(fine.width), h / Double(fine.height))
            cairo_set_source_surface(cr, fine.raw, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
        }
    }

    /// The canvas as a PNG.
    /// `.fast` and `.small` are encoded row by row through a streaming deflate, so that the
    /// canvas's own pixels are the only copy of the image in memory; `.fastest` is the project's
    /// own whole-image encoder (about four times quicker, twice the bytes, and a filtered copy of
    /// the pixels while it runs).
    public func png(compression: PNGCompression = .fast) throws -> [UInt8] {
        if compression == .fastest { return try backend.encodePNG(surface, compression: .fastest, path: .automatic) }
        var result: Result<[UInt8], ImageError> = .success([])
        surface.withData { data, stride in
            result = Result { () throws(ImageError) in
                try PNGCodec.encodeStreaming(
                    argb32: UnsafeRawPointer(data), width: surface.width, height: surface.height, stride: stride, compression: compression)
            }
        }
        do { return try result.get() } catch { throw ProofsheetError.internal("PNG encoding failed: \(error.description)") }
    }
}

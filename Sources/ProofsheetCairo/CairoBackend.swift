import ProofsheetCore
import ProofsheetImage
import ProofsheetSVG
internal import CCairo
internal import CPixels

/// An output format.
public enum OutputFormat: String, Sendable, CaseIterable {
    case png, svg, pdf

    /// The format for a file name's extension, or nil.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), let f = OutputFormat(rawValue: path[path.index(after: dot)...].lowercased()) else { return nil }
        self = f
    }
}

/// Renders display lists to PNG and PDF bytes with Cairo, and to SVG with ``SVGWriter`` (from
/// the same text layouts and images).
public final class CairoBackend: Sendable {
    public let fonts: FontSystem
    public let images: ImageStore
    public init(fonts: FontSystem, images: ImageStore) { self.fonts = fonts; self.images = images }

    /// Timings of the last raster render, for benchmarks.
    public struct Timing: Sendable { public var raster: Double; public var encode: Double }

    /// Renders to `format`. PNG is `scale` pixels per point; SVG and PDF are in points with
    /// rasters inside at `scale` (at most); `svgText` is how an SVG carries its text.
    public func render(
        _ list: DisplayList, format: OutputFormat, scale: Double, png: PNGCompression = .fastest, svgText: SVGTextMode = .text
    ) throws -> [UInt8] {
        switch format {
        case .png: return try renderPNG(list, scale: scale, compression: png).bytes
        case .svg: return try renderSVG(list, scale: scale, text: svgText)
        case .pdf: return try renderPDF(list, scale: scale)
        }
    }

    /// The SVG of a display list, written by ``SVGWriter`` from the text layouts, outlines and
    /// images the raster path draws.
    public func renderSVG(_ list: DisplayList, scale: Double, text mode: SVGTextMode = .text) throws -> [UInt8] {
        try fonts.withContext { text in
            let source = try CairoSVGSource(text: text, images: images)
            return try SVGWriter.write(list, source: source, scale: scale, textMode: mode)
        }
    }

    /// Renders a PNG and reports how long rasterising and encoding took (seconds).
    ///
    /// - Parameter path: the fastest encoder's code path (the same bytes on every path).
    public func renderPNG(
        _ list: DisplayList, scale: Double, compression: PNGCompression = .fastest, path: PNGEncoderPath = .automatic
    ) throws -> (bytes: [UInt8], timing: Timing) {
        let t0 = monotonicSeconds()
        let surface = try rasterize(list, scale: scale)
        let t1 = monotonicSeconds()
        let bytes = try encodePNG(surface, compression: compression, path: path, consuming: true)
        return (bytes, Timing(raster: t1 - t0, encode: monotonicSeconds() - t1))
    }

    /// The surface as PNG. `consuming`: the surface is not drawn or read again, and its pixels
    /// may be written over while encoding.
    func encodePNG(_ surface: CairoSurface, compression: PNGCompression, path: PNGEncoderPath, consuming: Bool = false) throws -> [UInt8] {
        var result: Result<[UInt8], ImageError> = .success([])
        surface.withData { data, stride in
            result = Result { () throws(ImageError) in
                consuming
                    ? try PNGCodec.encode(
                        consumingARGB32: data, width: surface.width, height: surface.height, stride: stride, compression: compression,
                        path: path)
                    : try PNGCodec.encode(
                        argb32: UnsafeRawPointer(data), width: surface.width, height: surface.height, stride: stride,
                        compression: compression, path: path)
            }
        }
        do {
            return try result.get()
        } catch {
            throw ProofsheetError.internal("PNG encoding failed: \(error.description)")
        }
    }

    /// Encodes with Cairo's own PNG writer (zlib's default level): the baseline the fast path is
    /// measured against in the benchmark.
    public func renderPNGWithCairoWriter(_ list: DisplayList, scale: Double) throws -> (bytes: [UInt8], timing: Timing) {
        let t0 = monotonicSeconds()
        let surface = try rasterize(list, scale: scale)
        let t1 = monotonicSeconds()
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(
            surface.raw,
            { closure, data, length in
                Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue().bytes.append(
                    contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        try checkCairo(status, "writing a PNG")
        return (sink.bytes, Timing(raster: t1 - t0, encode: monotonicSeconds() - t1))
    }

    /// The raster of a display list: premultiplied ARGB32 at `scale`, on a new surface of the
    /// list's size. `shortcuts`: the painter's shortcuts to the same pixels
    /// (``Painter/shortcuts``; off for tests that show it).
    func rasterize(_ list: DisplayList, scale: Double, shortcuts: Bool = true) throws -> CairoSurface {
        let w = Int((list.size.width * scale).rounded()), h = Int((list.size.height * scale).rounded())
        // An opaque background over whole pixels writes every pixel first: no clearing before.
        let filled = (list.background?.alpha ?? 0) >= 1 && list.size.width * scale == Double(w) && list.size.height * scale == Double(h)
        let surface = try CairoSurface(width: w, height: h, cleared: !filled)
        try fonts.withContext { text in
            try surface.draw { cr in
                cairo_scale(cr, scale, scale)
                var painter = Painter(text: text, images: images, scale: scale, rasterTarget: true)
                painter.shortcuts = shortcuts
                try painter.draw(list, cr)
            }
        }
        return surface
    }

    /// Straight (un-premultiplied) RGBA pixels of the raster, rows packed.
    public func renderRGBA(_ list: DisplayList, scale: Double) throws -> RGBAImage {
        try renderRGBA(list, scale: scale, shortcuts: true)
    }

    /// The same, with the painter's shortcuts or without (tests).
    package func renderRGBA(_ list: DisplayList, scale: Double, shortcuts: Bool) throws -> RGBAImage {
        let s = try rasterize(list, scale: scale, shortcuts: shortcuts)
        var pixels: [UInt8] = []
        s.withData { data, stride in pixels = straightRGBA(argb32: UnsafeRawPointer(data), width: s.width, height: s.height, stride: stride) }
        return try RGBAImage(width: s.width, height: s.height, pixels: pixels)
    }

    // MARK: - Vector outputs

    private final class Sink { var bytes: [UInt8] = [] }

    private func renderPDF(_ list: DisplayList, scale: Double) throws -> [UInt8] {
        let sink = Sink()
        // The surface writes into `sink` until it is destroyed, on every path.
        return try withExtendedLifetime(sink) { try renderPDF(list, scale: scale, into: sink) }
    }

    private func renderPDF(_ list: DisplayList, scale: Double, into sink: Sink) throws -> [UInt8] {
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        let write: cairo_write_func_t = { closure, data, length in
            let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }
        let surface: OpaquePointer = cairo_pdf_surface_create_for_stream(write, closure, list.size.width, list.size.height)
        let live = LiveObjects.made(.vectorSurface)
        let sources = VectorSources()
        defer {
            // Finished (a no-op after success) before the groups it recorded are released.
            cairo_surface_finish(surface)
            sources.release()
            cairo_surface_destroy(surface)
            live?.released(.vectorSurface)
        }
        try checkCairo(cairo_surface_status(surface), "creating the PDF")
        // A fixed date: the same scene gives the same bytes.
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, "2000-01-01T00:00:00Z")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Proofsheet")
        cairo_surface_set_fallback_resolution(surface, 72 * scale, 72 * scale)
        let cr = cairo_create(surface)!
        do {
            try fonts.withContext { text in
                var painter = Painter(text: text, images: images, scale: scale, rasterTarget: false, vectorSources: sources)
                painter.vectorImages = try vectorImageSizes(list, scale: scale, images: images)
                try painter.draw(list, cr)
            }
            cairo_show_page(cr)
            try checkCairo(cairo_status(cr), "drawing")
        } catch {
            cairo_destroy(cr)
            throw error
        }
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        try checkCairo(cairo_surface_status(surface), "writing the PDF")
        return sink.bytes
    }
}

/// Straight RGBA, rows packed, from premultiplied native-endian ARGB32 rows `stride` bytes apart:
/// each channel `min(255, (c × 255 + a / 2) / a)`, and 0 where alpha is 0.
package func straightRGBA(argb32: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, initialized in
        ps_argb32_to_rgba(argb32.assumingMemoryBound(to: UInt8.self), UInt32(width), UInt32(height), UInt32(stride), buffer.baseAddress)
        initialized = width * height * 4
    }
}

/// Seconds on a monotonic clock.
package func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

#if canImport(Glibc)
    import Glibc
#endif

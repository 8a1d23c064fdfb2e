import Foundation
import ProofsheetCore
internal import CCairo
import ProofsheetImage

/// Decoded image assets as Cairo surfaces, cached by path, plus their pixel sizes.
///
/// NB: the cache outlives single renders (a contact sheet draws the same photos many times).
/// Cached pixels are shared, but each draw gets its own Cairo surface over them: Cairo does not
/// allow one surface to be a source on several threads at once.
public final class ImageStore: @unchecked Sendable {
    private let lock = NSLock()
    private var surfaces: [String: CairoSurface] = [:]
    private var resampled: [ResampleKey: CairoSurface] = [:]
    private var resampledBytes = 0
    /// The resampled cache is emptied when it grows past this many bytes.
    private static let resampledLimit = 512 << 20

    public init() {}

    private struct ResampleKey: Hashable { let path: String; let width: Int; let height: Int }

    /// The pixel size of the image at `path` (decoding it once; the pixels are kept for drawing).
    public func pixelSize(path: String) throws -> (width: Int, height: Int) {
        lock.lock(); defer { lock.unlock() }
        let s = try fullSurface(path)
        return (s.width, s.height)
    }

    /// The full-resolution surface of the image at `path` (premultiplied ARGB32).
    func surface(path: String) throws -> CairoSurface {
        lock.lock(); defer { lock.unlock() }
        return try fullSurface(path)
    }

    private func fullSurface(_ path: String) throws -> CairoSurface {
        if let s = surfaces[path] { return s }
        let image: RGBAImage
        do { image = try RGBAImage(contentsOfFile: path) } catch {
            throw ProofsheetError.badInput("image '\(path)' cannot be decoded: \(error.detail.isEmpty ? "\(error.kind)" : error.detail)",
                                           hint: "use a PNG or JPEG file")
        }
        let surface = try CairoSurface(width: image.width, height: image.height)
        let w = image.width
        image.pixels.withUnsafeBufferPointer { src in
            surface.withData { dst, stride in
                for y in 0..<image.height {
                    let row = (dst + y * stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<w {
                        let i = (y * w + x) * 4
                        let a = UInt32(src[i + 3])
                        func pm(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                        row[x] = a << 24 | pm(src[i]) << 16 | pm(src[i + 1]) << 8 | pm(src[i + 2])
                    }
                }
            }
        }
        surfaces[path] = surface
        return surface
    }

    /// The image resampled to exactly `width`×`height` pixels with Cairo's good filter, so that
    /// PNG, SVG and PDF all show the same pixels (and vector files embed no more than needed).
    func surface(path: String, width: Int, height: Int) throws -> CairoSurface {
        lock.lock(); defer { lock.unlock() }
        let key = ResampleKey(path: path, width: width, height: height)
        if let s = resampled[key] { return try s.view() }
        let full = try fullSurface(path)
        if full.width == width && full.height == height { return try full.view() }
        let out = try CairoSurface(width: width, height: height)
        try out.draw { cr in
            cairo_scale(cr, Double(width) / Double(full.width), Double(height) / Double(full.height))
            cairo_set_source_surface(cr, full.raw, 0, 0)
            let pattern = cairo_get_source(cr)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
        }
        if resampledBytes + width * height * 4 > Self.resampledLimit { resampled.removeAll(); resampledBytes = 0 }
        resampled[key] = out
        resampledBytes += width * height * 4
        return try out.view()
    }
}

/// An owned Cairo image surface (ARGB32), destroyed exactly once.
final class CairoSurface: @unchecked Sendable {
    let raw: OpaquePointer
    let width: Int
    let height: Int
    /// For a view: the surface whose pixels it shows (kept alive while the view lives).
    private let owner: CairoSurface?
    /// The scope counting this surface (tests only).
    private let live: LiveObjects?

    /// A new surface over this one's pixels, for drawing from on one thread.
    func view() throws -> CairoSurface { try CairoSurface(viewing: self) }

    private init(viewing other: CairoSurface) throws {
        cairo_surface_flush(other.raw)
        let s = cairo_image_surface_create_for_data(
            cairo_image_surface_get_data(other.raw), CAIRO_FORMAT_ARGB32, Int32(other.width), Int32(other.height),
            cairo_image_surface_get_stride(other.raw))!
        let status = cairo_surface_status(s)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(s)
            throw ProofsheetError.internal("cairo: cannot view a surface: \(String(cString: cairo_status_to_string(status)))")
        }
        raw = s; width = other.width; height = other.height; owner = other
        live = LiveObjects.made(.imageSurface)
    }

    init(width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw ProofsheetError.badInput("surface size \(width)x\(height) px is outside 1…32767")
        }
        let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let status = cairo_surface_status(s)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(s)
            throw ProofsheetError.internal("cairo: cannot create a \(width)x\(height) surface: \(String(cString: cairo_status_to_string(status)))")
        }
        raw = s; self.width = width; self.height = height; owner = nil
        live = LiveObjects.made(.imageSurface)
    }

    deinit {
        cairo_surface_destroy(raw)
        live?.released(.imageSurface)
    }

    /// Runs `body` on the pixel rows (premultiplied native-endian ARGB32) and marks them dirty.
    func withData(_ body: (UnsafeMutableRawPointer, Int) -> Void) {
        cairo_surface_flush(raw)
        body(UnsafeMutableRawPointer(cairo_image_surface_get_data(raw)!), Int(cairo_image_surface_get_stride(raw)))
        cairo_surface_mark_dirty(raw)
    }

    /// Draws on the surface with a new context, checking its status afterwards.
    func draw(_ body: (OpaquePointer) throws -> Void) throws {
        let cr = cairo_create(raw)!
        defer { cairo_destroy(cr) }
        try body(cr)
        try checkCairo(cairo_status(cr), "drawing")
        cairo_surface_flush(raw)
    }
}

/// Throws an internal error unless `status` is success.
func checkCairo(_ status: cairo_status_t, _ what: String) throws {
    guard status == CAIRO_STATUS_SUCCESS else {
        throw ProofsheetError.internal("cairo: \(what) failed: \(String(cString: cairo_status_to_string(status)))")
    }
}

import Foundation
import ProofsheetCore
internal import CCairo
internal import CPixels
import ProofsheetImage

/// Decoded image assets as Cairo surfaces, cached by path, plus their pixel sizes.
///
/// NB: the cache outlives single renders (a contact sheet draws the same photos many times).
/// Cached pixels are shared, but each draw gets its own Cairo surface over them: Cairo does not
/// allow one surface to be a source on several threads at once.
///
/// Every surface here — decoded and resampled — holds its bytes' reservation in `budget` (the
/// process's decoded image memory, the `image-bytes` limit) until the surface is freed. When an
/// image does not fit, the store empties its caches (giving their memory back, unless a draw
/// still uses a surface) and tries once more; if it still does not fit, the image is refused
/// with a message that names it, its size, the memory in use and the limit.
public final class ImageStore: @unchecked Sendable {
    private let lock = NSLock()
    private let budget: ImageBudget
    private var surfaces: [String: CairoSurface] = [:]
    private var resampled: [ResampleKey: CairoSurface] = [:]
    private var resampledBytes = 0
    /// The resampled cache is emptied when it grows past this many bytes.
    private static let resampledLimit = 512 << 20

    /// A store whose images count against `budget` (the process's by default).
    public init(budget: ImageBudget = .shared) {
        self.budget = budget
    }

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
        let pixels: PixelBuffer
        do {
            pixels = try withCachesEmptiedIfOverBudget { () throws(ImageError) in
                try PixelBuffer.decode(contentsOfFile: path, budget: budget)
            }
        } catch {
            let limited: Bool
            switch error.kind {
            case .tooLarge, .overBudget: limited = true
            default: limited = false
            }
            throw ProofsheetError.badInput(
                "image '\(excerpt(path, limit: 256))' cannot be decoded: \(error.reason)",
                hint: limited ? nil : "use a PNG or JPEG file")
        }
        // The decoded bytes become the surface's: converted in place to premultiplied ARGB32.
        ps_rgba_to_argb32(pixels.bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), pixels.width * pixels.height)
        let surface = try CairoSurface(adopting: pixels)
        surfaces[path] = surface
        return surface
    }

    /// Runs `body`; when it fails for lack of image memory and the caches hold any, empties them
    /// (their surfaces give their memory back once no draw uses them) and runs it once more.
    private func withCachesEmptiedIfOverBudget<T>(_ body: () throws(ImageError) -> T) throws(ImageError) -> T {
        do {
            return try body()
        } catch {
            guard case .overBudget = error.kind, !(surfaces.isEmpty && resampled.isEmpty) else { throw error }
            surfaces.removeAll()
            resampled.removeAll()
            resampledBytes = 0
            return try body()
        }
    }

    /// The image resampled to exactly `width`×`height` pixels with Cairo's good filter, so that
    /// PNG, SVG and PDF all show the same pixels (and vector files embed no more than needed).
    func surface(path: String, width: Int, height: Int) throws -> CairoSurface {
        lock.lock(); defer { lock.unlock() }
        let key = ResampleKey(path: path, width: width, height: height)
        if let s = resampled[key] { return try s.view() }
        let full = try fullSurface(path)
        if full.width == width && full.height == height { return try full.view() }
        let bytes = width.multipliedReportingOverflow(by: height).overflow ? Int.max : width * height * 4
        let reservation: ImageBudget.Reservation
        do {
            reservation = try withCachesEmptiedIfOverBudget { () throws(ImageError) in
                try budget.reserve(bytes, width: width, height: height, source: path)
            }
        } catch {
            throw ProofsheetError.badInput("image '\(path)' cannot be resampled to \(width)x\(height) px: \(error.reason)")
        }
        let out = try CairoSurface(width: width, height: height, holding: reservation)
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
    /// What must live as long as this surface: for a view, the surface whose pixels it shows;
    /// for an adopted buffer, the buffer; for a new surface, its memory's reservation.
    private let owner: AnyObject?
    /// The scope counting this surface (tests only).
    private let live: LiveObjects?

    /// A new surface over this one's pixels, for drawing from on one thread.
    func view() throws -> CairoSurface { try CairoSurface(viewing: self) }

    private init(viewing other: CairoSurface) throws {
        cairo_surface_flush(other.raw)
        let s = cairo_image_surface_create_for_data(
            cairo_image_surface_get_data(other.raw), CAIRO_FORMAT_ARGB32, Int32(other.width), Int32(other.height),
            cairo_image_surface_get_stride(other.raw))!
        raw = try Self.checked(s, "view a surface"); width = other.width; height = other.height; owner = other
        live = LiveObjects.made(.imageSurface)
    }

    /// A surface over decoded pixels already converted to premultiplied ARGB32 in place (Cairo's
    /// stride for ARGB32 is always `width * 4`, the buffer's).
    init(adopting pixels: PixelBuffer) throws {
        let (width, height) = (pixels.width, pixels.height)
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw ProofsheetError.badInput("image size \(width)x\(height) px is outside 1…32767")
        }
        guard cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)) == Int32(width * 4),
            let data = pixels.bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        else {
            throw ProofsheetError.internal("cairo: unexpected ARGB32 stride for width \(width)")
        }
        let s = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(width * 4))!
        raw = try Self.checked(s, "wrap a \(width)x\(height) image"); self.width = width; self.height = height; owner = pixels
        live = LiveObjects.made(.imageSurface)
    }

    init(width: Int, height: Int, holding reservation: AnyObject? = nil) throws {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw ProofsheetError.badInput("surface size \(width)x\(height) px is outside 1…32767")
        }
        let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        raw = try Self.checked(s, "create a \(width)x\(height) surface"); self.width = width; self.height = height; owner = reservation
        live = LiveObjects.made(.imageSurface)
    }

    deinit {
        cairo_surface_destroy(raw)
        live?.released(.imageSurface)
    }

    /// `surface` when Cairo made it, else destroyed and an internal error saying what failed.
    private static func checked(_ surface: OpaquePointer, _ what: String) throws -> OpaquePointer {
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw ProofsheetError.internal("cairo: cannot \(what): \(String(cString: cairo_status_to_string(status)))")
        }
        return surface
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

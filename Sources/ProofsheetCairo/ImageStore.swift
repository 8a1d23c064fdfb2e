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
/// An image is decoded once per process, and resampled once per size: every store in the process
/// that counts against the same budget finds the surfaces another store made, for as long as one
/// of them keeps them (see `SharedImages`). Decoding and resampling run outside the store's lock,
/// so threads drawing different images do not wait for each other; threads wanting the same
/// image wait for the one making it.
///
/// Every surface here — decoded and resampled — holds its bytes' reservation in `budget` (the
/// process's decoded image memory, the `image-bytes` limit) until the surface is freed. When an
/// image does not fit, the store empties its caches (giving their memory back, unless a draw or
/// another store still uses a surface) and tries once more; if it still does not fit, the image
/// is refused with a message that names it, its size, the memory in use and the limit.
public final class ImageStore: @unchecked Sendable {
    private let lock = NSLock()
    private let budget: ImageBudget
    /// The decoded image memory this store's images may hold at once, in bytes.
    public var budgetLimit: Int { budget.limit }
    private var surfaces: [String: CairoSurface] = [:]
    private var resampled: [ResampleKey: CairoSurface] = [:]
    private var resampledBytes = 0
    /// Asset names found in their roots (see ``foundAsset(_:)``).
    private var found: [String: (path: String, scale: Double)] = [:]
    /// The resampled cache is emptied when it grows past this many bytes.
    private static let resampledLimit = 512 << 20

    /// A store whose images count against `budget` (the process's by default).
    public init(budget: ImageBudget = .shared) {
        self.budget = budget
    }

    private struct ResampleKey: Hashable { let path: String; let width: Int; let height: Int }

    /// The pixel size of the image at `path` when this store has decoded it already.
    public func decodedPixelSize(path: String) -> (width: Int, height: Int)? {
        lock.withLock { surfaces[path].map { ($0.width, $0.height) } }
    }

    /// The file and pixels a point an asset name was last found as, by `key` (its roots and
    /// name: see `FileAssets`); nil when it was not looked for yet.
    public func foundAsset(_ key: String) -> (path: String, scale: Double)? {
        lock.withLock { found[key] }
    }

    /// Keeps where an asset name was found, for the layouts after this one.
    public func keepFoundAsset(_ key: String, _ file: (path: String, scale: Double)) {
        lock.withLock {
            if found.count >= 4096 { found.removeAll() }
            found[key] = file
        }
    }

    /// The pixel size of the image at `path` (decoding it once; the pixels are kept for drawing).
    public func pixelSize(path: String) throws -> (width: Int, height: Int) {
        let s = try fullSurface(path)
        return (s.width, s.height)
    }

    /// The mean colour (straight alpha) of the image at `path` over `unit`, a rectangle in its
    /// unit square, read from its decoded pixels (at most 64 × 64 of them, evenly spaced); nil
    /// when the image cannot be read or the rectangle holds no pixel.
    public func meanColor(path: String, in unit: Rect) -> Color? {
        guard let s = try? fullSurface(path), let data = cairo_image_surface_get_data(s.raw) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(s.raw))
        func span(_ lo: Double, _ length: Double, _ n: Int) -> (Int, Int)? {
            guard lo.isFinite, length.isFinite else { return nil }
            let a = max(0, min(n, Int((lo * Double(n)).rounded(.down))))
            let b = max(0, min(n, Int(((lo + length) * Double(n)).rounded(.up))))
            return b > a ? (a, b) : nil
        }
        guard let (x0, x1) = span(unit.minX, unit.width, s.width), let (y0, y1) = span(unit.minY, unit.height, s.height) else { return nil }
        let stepX = max(1, (x1 - x0) / 64), stepY = max(1, (y1 - y0) / 64)
        var sum = (r: 0.0, g: 0.0, b: 0.0, a: 0.0), count = 0.0
        var y = y0
        while y < y1 {
            let row = (data + y * stride).withMemoryRebound(to: UInt32.self, capacity: s.width) { $0 }
            var x = x0
            while x < x1 {
                let v = row[x]
                sum.a += Double(v >> 24); sum.r += Double((v >> 16) & 0xFF); sum.g += Double((v >> 8) & 0xFF); sum.b += Double(v & 0xFF)
                count += 1
                x += stepX
            }
            y += stepY
        }
        guard count > 0 else { return nil }
        // Premultiplied sums: the mean colour is their ratio to the mean alpha.
        guard sum.a > 0 else { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
        return Color(red: sum.r / sum.a, green: sum.g / sum.a, blue: sum.b / sum.a, alpha: sum.a / (255 * count))
    }

    /// The full-resolution surface of the image at `path` (premultiplied ARGB32).
    func surface(path: String) throws -> CairoSurface {
        try fullSurface(path)
    }

    private func fullSurface(_ path: String) throws -> CairoSurface {
        if let s = lock.withLock({ surfaces[path] }) { return s }
        let surface = try SharedImages.shared.surface(SharedImages.Key(budget: budget, path: path, width: 0, height: 0)) {
            try decode(path)
        }
        lock.withLock { surfaces[path] = surface }
        return surface
    }

    private func decode(_ path: String) throws -> CairoSurface {
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
        return try CairoSurface(adopting: pixels)
    }

    /// Runs `body`; when it fails for lack of image memory and the caches hold any, empties them
    /// (their surfaces give their memory back once no draw uses them) and runs it once more.
    private func withCachesEmptiedIfOverBudget<T>(_ body: () throws(ImageError) -> T) throws(ImageError) -> T {
        do {
            return try body()
        } catch {
            guard case .overBudget = error.kind else { throw error }
            // Emptied outside the lock: the surfaces are freed as their last references go.
            var dropped: [CairoSurface] = []
            let hadAny = lock.withLock {
                dropped = Array(surfaces.values) + Array(resampled.values)
                surfaces.removeAll()
                resampled.removeAll()
                resampledBytes = 0
                return !dropped.isEmpty
            }
            guard hadAny else { throw error }
            dropped.removeAll()
            return try body()
        }
    }

    /// The image resampled to exactly `width`×`height` pixels with Cairo's good filter, so that
    /// PNG, SVG and PDF all show the same pixels (and vector files embed no more than needed).
    func surface(path: String, width: Int, height: Int) throws -> CairoSurface {
        let key = ResampleKey(path: path, width: width, height: height)
        if let view = try lock.withLock({ try resampled[key]?.view() }) { return view }
        let full = try fullSurface(path)
        if full.width == width && full.height == height { return try full.view() }
        let out = try SharedImages.shared.surface(SharedImages.Key(budget: budget, path: path, width: width, height: height)) {
            try resample(full, path: path, width: width, height: height)
        }
        let bytes = width * height * 4
        return try lock.withLock {
            if resampled[key] == nil {
                if resampledBytes + bytes > Self.resampledLimit { resampled.removeAll(); resampledBytes = 0 }
                resampled[key] = out
                resampledBytes += bytes
            }
            return try out.view()
        }
    }

    private func resample(_ full: CairoSurface, path: String, width: Int, height: Int) throws -> CairoSurface {
        let bytes = width.multipliedReportingOverflow(by: height).overflow ? Int.max : width * height * 4
        let reservation: ImageBudget.Reservation
        do {
            reservation = try withCachesEmptiedIfOverBudget { () throws(ImageError) in
                try budget.reserve(bytes, width: width, height: height, source: path)
            }
        } catch {
            throw ProofsheetError.badInput("image '\(path)' cannot be resampled to \(width)x\(height) px: \(error.reason)")
        }
        // Not cleared: painting with SOURCE and the edges padded writes every pixel.
        let out = try CairoSurface(width: width, height: height, holding: reservation, cleared: false)
        // Drawn from a view: another thread may be resampling the same image to another size.
        let source = try full.view()
        try out.draw { cr in
            cairo_scale(cr, Double(width) / Double(full.width), Double(height) / Double(full.height))
            cairo_set_source_surface(cr, source.raw, 0, 0)
            let pattern = cairo_get_source(cr)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
        }
        return out
    }
}

/// The decoded and resampled images of every ``ImageStore`` in the process, so that each image
/// is decoded once and resampled once per size however many stores (renderers) draw it.
///
/// Entries are weak: the stores' caches keep surfaces alive and decide when they go (their budget
/// and limits work as before); this table only lets another store find a surface while one is
/// alive, and makes threads wanting the same surface wait for the one making it rather than make
/// it twice. A key holds the file's identity (device, inode, size, modification time), so a file
/// changed on disk is decoded again; the budget the surface counts against; and the
/// ``LiveObjects`` scope it was made in, so that a scope counting C objects (in tests) never holds
/// surfaces another scope's stores made, nor gives its own away.
final class SharedImages: Sendable {
    static let shared = SharedImages()

    struct Key: Hashable {
        let budget: ObjectIdentifier
        let scope: ObjectIdentifier?
        let path: String
        let file: FileIdentity?
        /// The resampled size; 0×0 for the image as decoded.
        let width: Int
        let height: Int

        init(budget: ImageBudget, path: String, width: Int, height: Int) {
            // The surface holds its budget and its scope, so neither identifier can be reused
            // while the entry's surface lives.
            self.budget = ObjectIdentifier(budget)
            self.scope = LiveObjects.current.map(ObjectIdentifier.init)
            self.path = path
            self.file = FileIdentity(path: path)
            self.width = width
            self.height = height
        }
    }

    struct FileIdentity: Hashable {
        let device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int

        init?(path: String) {
            var st = stat()
            guard stat(path, &st) == 0 else { return nil }
            device = UInt64(st.st_dev); inode = UInt64(st.st_ino); size = Int64(st.st_size)
            seconds = Int(st.st_mtim.tv_sec); nanoseconds = Int(st.st_mtim.tv_nsec)
        }
    }

    /// One surface, or its making in progress (`lock` is held while it is made).
    private final class Slot: @unchecked Sendable {
        let lock = NSLock()
        weak var surface: CairoSurface?
    }

    private struct Table {
        var slots: [Key: Slot] = [:]
        /// Slots whose surfaces are gone are dropped when the table doubles past this.
        var pruneAt = 64
    }
    private let table = Locked(Table())

    /// The surface for `key`: the one a store already holds, else the one `make` returns (made
    /// once however many threads ask at the same time).
    func surface(_ key: Key, make: () throws -> CairoSurface) throws -> CairoSurface {
        let slot = table.withLock { table in
            if let slot = table.slots[key] { return slot }
            if table.slots.count >= table.pruneAt {
                table.slots = table.slots.filter { $0.value.surface != nil }
                table.pruneAt = max(64, 2 * table.slots.count)
            }
            let slot = Slot()
            table.slots[key] = slot
            return slot
        }
        slot.lock.lock()
        defer { slot.lock.unlock() }
        if let surface = slot.surface { return surface }
        let surface = try make()
        slot.surface = surface
        return surface
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

    /// A new surface over this one's pixels, for drawing from on one thread. Only finished
    /// surfaces are viewed (decoded ones, and resampled ones once drawn, which `draw` flushes),
    /// so nothing is flushed here: several threads may view one surface at once.
    func view() throws -> CairoSurface { try CairoSurface(viewing: self) }

    private init(viewing other: CairoSurface) throws {
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

    /// A new transparent surface, in memory from ``PixelMemory`` (given back when Cairo is done
    /// with the surface), cleared by Cairo so that it starts as one `cairo_image_surface_create`
    /// makes: transparent, and known to Cairo to be clear. `cleared` false leaves whatever the
    /// memory held, for a surface whose every pixel is written over first (an opaque background
    /// filling it, a grown material): clearing 12 MiB at 3x is a pass of its own.
    init(width: Int, height: Int, holding reservation: AnyObject? = nil, cleared: Bool = true) throws {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw ProofsheetError.badInput("surface size \(width)x\(height) px is outside 1…32767")
        }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        guard let block = PixelMemory.shared.take(stride * height) else {
            // The sizes come from the input (a canvas, a scale, an effect's reach): too large a
            // raster for this machine is the input's, not a failure inside.
            throw ProofsheetError.badInput(
                "cannot set aside \(stride * height / 1_048_576) MiB for a \(width)x\(height) px image: out of memory",
                hint: "render at a smaller scale or canvas, or lower --limit canvas-pixels=N")
        }
        let s = cairo_image_surface_create_for_data(
            block.pointer.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))!
        guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, PixelMemory.shared.giveBack(block, whenDestroyed: s) else {
            let status = cairo_surface_status(s)
            cairo_surface_destroy(s)
            PixelMemory.shared.giveBack(block)
            throw ProofsheetError.internal("cairo: cannot create a \(width)x\(height) surface: \(String(cString: cairo_status_to_string(status)))")
        }
        if cleared {
            let cr = cairo_create(s)!
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
            cairo_paint(cr)
            cairo_destroy(cr)
        }
        raw = try Self.checked(s, "create a \(width)x\(height) surface"); self.width = width; self.height = height; owner = reservation
        live = LiveObjects.made(.imageSurface)
    }

    deinit {
        cairo_surface_destroy(raw)
        live?.released(.imageSurface)
    }

    /// Whether every pixel has an alpha of 255.
    var isOpaque: Bool {
        var opaque = false
        withData { data, stride in
            opaque = ps_argb32_opaque(data.assumingMemoryBound(to: UInt8.self), UInt32(width), UInt32(height), UInt32(stride)) != 0
        }
        return opaque
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

/// Pixel memory for new image surfaces, kept for the next surface when one is destroyed: a frame
/// (and the offscreens of its shadows) drawn in fresh memory costs more in page faults than in
/// drawing. Blocks from 256 KiB to 32 MiB are kept, 64 MiB of them at most (the oldest go first);
/// others are allocated and freed as they come. A surface's block comes back only when Cairo
/// destroys the surface (an SVG or PDF page may hold a surface it was painted from until the
/// page is finished).
final class PixelMemory: Sendable {
    static let shared = PixelMemory(smallest: 256 << 10, largest: 32 << 20, keep: 64 << 20)

    struct Block: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
        /// Its size, at least what was asked for.
        let bytes: Int
    }
    private struct Kept {
        var blocks: [Block] = []
        var bytes = 0
    }
    private let kept = Locked(Kept())
    private let smallest: Int, largest: Int, keep: Int

    init(smallest: Int, largest: Int, keep: Int) {
        self.smallest = smallest; self.largest = largest; self.keep = keep
    }

    /// At least `bytes` of memory, not cleared: the smallest kept block that is large enough and
    /// at most twice as large, else a new one; nil when there is no memory.
    func take(_ bytes: Int) -> Block? {
        if bytes >= smallest && bytes <= largest {
            let found: Block? = kept.withLock { kept in
                var best: Int? = nil
                for (i, b) in kept.blocks.enumerated() where b.bytes >= bytes && b.bytes <= 2 * bytes {
                    if best.map({ b.bytes < kept.blocks[$0].bytes }) ?? true { best = i }
                }
                guard let best else { return nil }
                kept.bytes -= kept.blocks[best].bytes
                return kept.blocks.remove(at: best)
            }
            if let found { return found }
        }
        return ps_pixels_alloc(max(bytes, 1)).map { Block(pointer: $0, bytes: bytes) }
    }

    /// Takes back a block from `take`: kept for the next surface, or freed.
    func giveBack(_ block: Block) {
        guard block.bytes >= smallest && block.bytes <= largest else { free(block.pointer); return }
        let freed: [Block] = kept.withLock { kept in
            kept.blocks.append(block)
            kept.bytes += block.bytes
            var freed: [Block] = []
            while kept.bytes > keep, !kept.blocks.isEmpty {
                let oldest = kept.blocks.removeFirst()
                kept.bytes -= oldest.bytes
                freed.append(oldest)
            }
            return freed
        }
        for b in freed { free(b.pointer) }
    }

    /// Gives `block` back when Cairo destroys `surface` (whose pixels it holds); false when Cairo
    /// cannot record that (the caller gives it back itself then).
    func giveBack(_ block: Block, whenDestroyed surface: OpaquePointer) -> Bool {
        final class Pending {
            let memory: PixelMemory, block: Block
            init(_ memory: PixelMemory, _ block: Block) { self.memory = memory; self.block = block }
        }
        let pending = Unmanaged.passRetained(Pending(self, block)).toOpaque()
        let status = cairo_surface_set_user_data(surface, Self.key, pending) { data in
            let pending = Unmanaged<Pending>.fromOpaque(data!).takeRetainedValue()
            pending.memory.giveBack(pending.block)
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            Unmanaged<Pending>.fromOpaque(pending).release()
            return false
        }
        return true
    }

    /// The key Cairo files a surface's block under (its address is what matters).
    nonisolated(unsafe) private static let key = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
}

/// Throws an internal error unless `status` is success.
func checkCairo(_ status: cairo_status_t, _ what: String) throws {
    guard status == CAIRO_STATUS_SUCCESS else {
        throw ProofsheetError.internal("cairo: \(what) failed: \(String(cString: cairo_status_to_string(status)))")
    }
}

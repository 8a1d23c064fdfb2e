import ProofsheetCore
import Synchronization

/// The bounds on decoded images: how large one may be, and how much decoded image memory one
/// process may hold at once. Both can be changed with `--limit name=value`.
public enum ImageLimits {
    /// The most pixels (`width × height`) one decoded image may have: 100 million (400 MB of
    /// RGBA), as large as a 10000×10000 photo. Larger files are refused from their header, before
    /// any memory is set aside for their pixels.
    public static let pixels = Limit(
        "image-pixels", "largest decoded image (width × height)", unit: "pixels",
        default: 100_000_000, range: 1...1_000_000_000)

    /// The decoded image memory one process may hold at once, counted by ``ImageBudget/shared``:
    /// 1 GiB. That is room for two images at the ``pixels`` limit (a comparison of two 10000×10000
    /// images), while a handful of small files that each claim 10000×10000 pixels cannot take
    /// several gigabytes between them. Each image counts 4 bytes a pixel (plus, while it is being
    /// decoded, the decoder's working memory).
    public static let processBytes = Limit(
        "image-bytes", "decoded image memory one process may hold at once",
        unit: "bytes", default: 1_073_741_824, range: 1...1_099_511_627_776)

    /// The largest ancillary PNG chunk (iCCP, zTXt, …) the PNG decoder may allocate memory for:
    /// 8 MiB. The decoder skips the chunks that cannot change pixels unread, so today this only
    /// guards chunks it may parse one day.
    public static let pngChunkBytes = 8 << 20

    /// The most pixels of distinct images one scene may decode, all its images together (each
    /// counted once, from its header, before it is decoded): one photo at the ``pixels`` limit and
    /// room for more, while eight 10000×10000 files cannot take half a minute between them.
    public static let scenePixels = Limit(
        "scene-image-pixels", "most pixels of distinct images one scene decodes", unit: "pixels",
        default: 120_000_000, range: 1...10_000_000_000)

    /// Every image limit, for ``Limit/register(_:)``.
    public static var all: [Limit] { [pixels, processBytes, scenePixels] }
}

/// Decoded image memory, counted against a limit (by default ``ImageLimits/processBytes``).
///
/// Every decode reserves its image's bytes (4 a pixel, plus the decoder's working memory until
/// it is done) before it allocates anything, and fails with ``ImageError/Kind/overBudget`` when
/// the reservation would take the total past the limit. The bytes are given back when the last
/// thing holding the reservation — an ``RGBAImage`` and its copies, a decoded pixel buffer, a
/// cache entry — goes away.
public final class ImageBudget: Sendable {
    /// The budget every decode uses unless it is given another: ``ImageLimits/processBytes`` for the
    /// whole process.
    public static let shared = ImageBudget(limit: ImageLimits.processBytes)

    private let limitSetting: Limit
    private let reserved = Mutex(0)

    /// A budget bounded by `limit` (read at each reservation, so changing it takes effect at once).
    public init(limit: Limit) {
        limitSetting = limit
    }

    /// A budget of `bytes`, separate from the shared one (for tests and for embedding code that
    /// keeps its own account).
    public convenience init(bytes: Int) {
        let shared = ImageLimits.processBytes
        self.init(
            limit: Limit(
                shared.name, shared.summary, unit: shared.unit, default: Double(max(bytes, 0)),
                range: 0...Double(Int.max)))
    }

    /// The bytes this budget allows in total.
    public var limit: Int { limitSetting.int }
    /// The bytes reserved now.
    public var used: Int { reserved.withLock { $0 } }

    /// Reserves `bytes` for an image of `width`×`height` pixels from `source`.
    ///
    /// - Throws: ``ImageError/Kind/overBudget`` (naming `source`, the size, the bytes already
    ///   reserved and the limit) when the total would pass the limit; nothing is reserved then.
    public func reserve(_ bytes: Int, width: Int, height: Int, source: String) throws(ImageError) -> Reservation {
        let bytes = max(bytes, 0)
        let limit = self.limit
        let inUse: Int? = reserved.withLock { total in
            guard bytes <= limit, total <= limit - bytes else { return total }
            total += bytes
            return nil
        }
        if let inUse {
            throw ImageError(
                .overBudget(width: width, height: height, bytes: bytes, inUse: inUse, limit: limit),
                source: source)
        }
        return Reservation(budget: self, bytes: bytes)
    }

    fileprivate func release(_ bytes: Int) {
        reserved.withLock { $0 -= bytes }
    }

    /// Bytes taken from an ``ImageBudget``, given back when this object goes away.
    public final class Reservation: Sendable {
        private let budget: ImageBudget
        private let held: Mutex<Int>

        fileprivate init(budget: ImageBudget, bytes: Int) {
            self.budget = budget
            held = Mutex(bytes)
        }

        /// The bytes held.
        public var bytes: Int { held.withLock { $0 } }

        /// Gives back all but `bytes` (once a decoder's working memory is freed).
        public func shrink(to bytes: Int) {
            let freed = held.withLock { held in
                let freed = max(held - max(bytes, 0), 0)
                held -= freed
                return freed
            }
            budget.release(freed)
        }

        deinit { budget.release(held.withLock { $0 }) }
    }
}

/// `1.5 GiB`, `381.5 MiB`, `12 KiB`, `100 bytes`.
func byteCountText(_ bytes: Int) -> String {
    let units: [(String, Double)] = [("GiB", 1_073_741_824), ("MiB", 1_048_576), ("KiB", 1024)]
    for (unit, size) in units where Double(bytes) >= size {
        return "\(fmt((Double(bytes) / size * 10).rounded() / 10)) \(unit)"
    }
    return "\(bytes) bytes"
}

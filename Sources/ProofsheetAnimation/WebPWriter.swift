import CWebP
import ProofsheetCore
import ProofsheetImage

/// An animated WebP through libwebp's animation encoder, written a frame at a time (the
/// encoder keeps what it needs to store each frame as the part that changed). Times are exact
/// milliseconds. Lossy at `quality` (0–100), or lossless.
public final class WebPWriter {
    public let width: Int
    public let height: Int
    private var encoder: OpaquePointer?
    private var config = WebPConfig()
    private var count = 0
    private var last = -1
    /// The file ``finishFile(at:)`` writes (nil: the bytes are only returned by `finish`).
    private var target: String?

    public init(width: Int, height: Int, loops: Int = 0, quality: Double = 80, lossless: Bool = false) throws {
        guard (1...16383).contains(width), (1...16383).contains(height) else {
            throw ProofsheetError.badInput("a WebP is at most 16383 pixels a side, got \(width)x\(height)")
        }
        self.width = width; self.height = height
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else { throw ProofsheetError.internal("libwebp: version mismatch") }
        options.anim_params.loop_count = Int32(min(max(0, loops), 65535))
        options.anim_params.bgcolor = 0xFFFF_FFFF
        // One thread, so the bytes are the same on every machine.
        options.minimize_size = 0
        options.allow_mixed = 0
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw ProofsheetError.internal("libwebp: cannot start an animation of \(width)x\(height)")
        }
        self.encoder = encoder
        guard WebPConfigInit(&config) != 0 else { throw ProofsheetError.internal("libwebp: version mismatch") }
        config.lossless = lossless ? 1 : 0
        config.quality = Float(min(max(quality, 0), 100))
        config.method = 4
        config.thread_level = 0
    }

    /// A writer whose file, `path`, is written by ``finishFile(at:)``: nothing is there until then.
    public convenience init(width: Int, height: Int, loops: Int = 0, quality: Double = 80, lossless: Bool = false, writingTo path: String) throws {
        try self.init(width: width, height: height, loops: loops, quality: quality, lossless: lossless)
        target = path
    }

    deinit { if let encoder { WebPAnimEncoderDelete(encoder) } }

    /// The number of frames added.
    public var frames: Int { count }

    /// Adds `image`, shown from `milliseconds` on (after the frame before).
    public func add(_ image: RGBAImage, at milliseconds: Int) throws {
        guard let encoder, image.width == width, image.height == height, milliseconds > last else {
            throw ProofsheetError.internal("a WebP frame of \(image.size) at \(milliseconds) ms does not follow the one at \(last) ms")
        }
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw ProofsheetError.internal("libwebp: version mismatch") }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        defer { WebPPictureFree(&picture) }
        let imported = image.pixels.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4)) }
        guard imported != 0 else { throw ProofsheetError.internal("libwebp: cannot take a frame of \(width)x\(height)") }
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(milliseconds), &config) != 0 else {
            throw ProofsheetError.internal("libwebp: \(String(cString: WebPAnimEncoderGetError(encoder)))")
        }
        count += 1
        last = milliseconds
    }

    /// The file, the last frame lasting until `end` milliseconds.
    public func finish(at end: Int) throws -> [UInt8] {
        guard let encoder, count > 0 else { throw ProofsheetError.internal("an animation needs at least one frame") }
        guard WebPAnimEncoderAdd(encoder, nil, Int32(max(end, last + 1)), nil) != 0 else {
            throw ProofsheetError.internal("libwebp: \(String(cString: WebPAnimEncoderGetError(encoder)))")
        }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw ProofsheetError.internal("libwebp: \(String(cString: WebPAnimEncoderGetError(encoder)))")
        }
        return Array(UnsafeBufferPointer(start: bytes, count: data.size))
    }

    /// Completes the file given at `init`, the last frame lasting until `end` milliseconds;
    /// returns its size in bytes.
    public func finishFile(at end: Int) throws -> Int {
        guard let target else { throw ProofsheetError.internal("an animated WebP kept in memory is finished with finish") }
        let bytes = try finish(at: end)
        try FileOutput.write(bytes, to: target)
        return bytes.count
    }
}

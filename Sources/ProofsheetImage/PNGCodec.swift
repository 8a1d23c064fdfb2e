internal import CPixels

/// Decodes and encodes PNG files.
///
/// Decoding matches the node `pngjs` package, which pixelmatch's reference
/// fixtures were produced with: no gamma or colour correction (gAMA, sRGB,
/// iCCP and cHRM are ignored), 16-bit samples rounded to 8 bits with
/// `floor(v * 255 / 65535 + 0.5)`, low-bit grey scaled to 0...255, palette
/// transparency from tRNS, and a grey/RGB tRNS colour key turning matching
/// pixels into transparent black `(0, 0, 0, 0)`. Output is straight RGBA.
///
/// Malformed input never crashes: libpng's fatal errors are caught in a small
/// C helper and come back as ``ImageError``.
public enum PNGCodec {
    /// The 8-byte PNG file signature.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Decodes PNG bytes.
    ///
    /// - Parameters:
    ///   - bytes: the whole PNG file.
    ///   - source: names the bytes' origin in error messages.
    ///   - maxPixelCount: images with more pixels are rejected before any
    ///     pixel memory is allocated.
    ///   - budget: the decoded image memory the pixels are counted against
    ///     (and the decoder's working memory, while it decodes).
    /// - Throws: ``ImageError``.
    public static func decode(
        _ bytes: [UInt8], source: String = "<memory>", maxPixelCount: Int = RGBAImage.maxPixelCount,
        budget: ImageBudget = .shared
    ) throws(ImageError) -> RGBAImage {
        try CReader.png.decode(bytes, source: source, maxPixelCount: maxPixelCount, budget: budget)
    }

    /// Decodes PNG bytes with libpng alone, row by row, as every PNG was read before the fast
    /// path (8-bit RGB and RGBA inflated whole by libdeflate and unfiltered by Proofsheet): the
    /// pixels the fast path must give.
    package static func decodeThroughLibpng(_ bytes: [UInt8]) throws(ImageError) -> RGBAImage {
        try CReader.pngThroughLibpng.decode(bytes, source: "<memory>", maxPixelCount: RGBAImage.maxPixelCount, budget: .shared)
    }

    /// Reads and decodes a PNG file.
    ///
    /// - Throws: ``ImageError`` naming `path`.
    public static func decode(
        contentsOfFile path: String, maxPixelCount: Int = RGBAImage.maxPixelCount, budget: ImageBudget = .shared
    ) throws(ImageError) -> RGBAImage {
        try decode(try ImageFileIO.read(path), source: path, maxPixelCount: maxPixelCount, budget: budget)
    }

    /// Encodes an image as an 8-bit RGBA PNG (deterministic output).
    ///
    /// - Parameters:
    ///   - compression: the encoder; `.small` by default (files that are kept).
    ///   - path: the fastest encoder's code path (the same bytes on every path).
    /// - Throws: ``ImageError`` for an empty image or an encoder failure.
    public static func encode(
        _ image: RGBAImage, compression: PNGCompression = .small, path: PNGEncoderPath = .automatic
    ) throws(ImageError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else {
            throw ImageError(.encodingFailed(.png), detail: "PNG needs at least one pixel (got \(image.size))")
        }
        guard image.width <= Int(Int32.max) / 4, image.height <= Int(Int32.max) else {
            throw ImageError(.encodingFailed(.png), detail: "image \(image.size) is too large for PNG")
        }
        let w = UInt32(image.width), h = UInt32(image.height)
        let result = image.pixels.withUnsafeBufferPointer { pixels in
            CPNGWriter.run { out, length, message, size in
                switch compression {
                case .fastest: return ps_png_fastest_rgba(pixels.baseAddress, w, h, path.code, out, length, message, size)
                case .fast: return ps_png_encode_rgba(pixels.baseAddress, w, h, 1, 1, out, length, message, size)
                case .small: return ps_png_encode_rgba(pixels.baseAddress, w, h, 6, 5, out, length, message, size)
                }
            }
        }
        return try result.get()
    }

    /// Encodes an image and writes it to `path` (replacing any file there).
    ///
    /// - Throws: ``ImageError``.
    public static func write(_ image: RGBAImage, to path: String, compression: PNGCompression = .small) throws(ImageError) {
        let bytes: [UInt8]
        do {
            bytes = try encode(image, compression: compression)
        } catch {
            throw error.attributed(to: path)
        }
        try ImageFileIO.write(bytes, to: path)
    }
}

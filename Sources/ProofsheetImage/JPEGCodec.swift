internal import CPixels

/// Decodes JPEG files (via libjpeg-turbo) into opaque RGBA.
///
/// Greyscale, YCbCr and RGB JPEGs decode with libjpeg's defaults (accurate
/// integer IDCT, fancy upsampling); CMYK/YCCK are converted with a simple,
/// non colour-managed formula. EXIF orientation is not applied. A truncated
/// file is an error (libjpeg itself would pad it with grey). Malformed input
/// never crashes: libjpeg's fatal errors are caught in a small C helper.
public enum JPEGCodec {
    /// Decodes JPEG bytes.
    ///
    /// - Parameters:
    ///   - bytes: the whole JPEG file.
    ///   - source: names the bytes' origin in error messages.
    ///   - maxPixelCount: images with more pixels are rejected before any
    ///     pixel memory is allocated.
    /// - Throws: ``ImageError``.
    public static func decode(
        _ bytes: [UInt8], source: String = "<memory>", maxPixelCount: Int = RGBAImage.maxPixelCount
    ) throws(ImageError) -> RGBAImage {
        let result: Result<RGBAImage, ImageError> = bytes.withUnsafeBufferPointer { buffer in
            decode(buffer, source: source, maxPixelCount: maxPixelCount)
        }
        return try result.get()
    }

    /// Reads and decodes a JPEG file.
    ///
    /// - Throws: ``ImageError`` naming `path`.
    public static func decode(
        contentsOfFile path: String, maxPixelCount: Int = RGBAImage.maxPixelCount
    ) throws(ImageError) -> RGBAImage {
        try decode(try ImageFileIO.read(path), source: path, maxPixelCount: maxPixelCount)
    }

    private static func decode(
        _ buffer: UnsafeBufferPointer<UInt8>, source: String, maxPixelCount: Int
    ) -> Result<RGBAImage, ImageError> {
        guard let base = buffer.baseAddress, buffer.count > 0 else {
            return .failure(ImageError(.empty, source: source))
        }
        guard let reader = cjpeg_reader_create(base, buffer.count) else {
            return .failure(ImageError(.corrupt(.jpeg), source: source, detail: "out of memory"))
        }
        defer { cjpeg_reader_destroy(reader) }

        func failure(_ code: Int32) -> ImageError {
            let message = String(cString: cjpeg_reader_message(reader))
            if code == Int32(CJPEG_NOT_JPEG) {
                return ImageError(.unrecognizedFormat, source: source, detail: message)
            }
            return ImageError(.corrupt(.jpeg), source: source, detail: message)
        }

        var width: UInt32 = 0
        var height: UInt32 = 0
        let headerCode = cjpeg_reader_read_header(reader, &width, &height)
        guard headerCode == Int32(CJPEG_OK) else { return .failure(failure(headerCode)) }

        let pixelCount = UInt64(width) * UInt64(height)
        guard pixelCount <= UInt64(max(maxPixelCount, 0)) else {
            return .failure(ImageError(
                .tooLarge(width: Int(width), height: Int(height), limit: maxPixelCount), source: source))
        }
        let byteCount = Int(pixelCount) * 4

        var readCode = Int32(CJPEG_OK)
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { out, initialized in
            readCode = cjpeg_reader_read_rgba(reader, out.baseAddress, byteCount)
            initialized = readCode == Int32(CJPEG_OK) ? byteCount : 0
        }
        guard readCode == Int32(CJPEG_OK) else { return .failure(failure(readCode)) }
        return .success(RGBAImage(uncheckedWidth: Int(width), height: Int(height), pixels: pixels))
    }
}

/// Decodes JPEG files (via libjpeg-turbo) into opaque RGBA.
///
/// Greyscale, YCbCr and RGB JPEGs decode with libjpeg's defaults (accurate
/// integer IDCT, fancy upsampling); CMYK/YCCK are converted with a simple,
/// non colour-managed formula. EXIF orientation is not applied. A file whose
/// image data is missing or corrupt (truncated, or a scan cut short before
/// its end marker) is an error: libjpeg itself would pad it with grey.
/// Malformed input never crashes: libjpeg's fatal errors are caught in a
/// small C helper.
public enum JPEGCodec {
    /// Decodes JPEG bytes.
    ///
    /// - Parameters:
    ///   - bytes: the whole JPEG file.
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
        try CReader.jpeg.decode(bytes, source: source, maxPixelCount: maxPixelCount, budget: budget)
    }

    /// Reads and decodes a JPEG file.
    ///
    /// - Throws: ``ImageError`` naming `path`.
    public static func decode(
        contentsOfFile path: String, maxPixelCount: Int = RGBAImage.maxPixelCount, budget: ImageBudget = .shared
    ) throws(ImageError) -> RGBAImage {
        try decode(try ImageFileIO.read(path), source: path, maxPixelCount: maxPixelCount, budget: budget)
    }
}

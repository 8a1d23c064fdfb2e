extension RGBAImage {
    /// Decodes PNG or JPEG bytes, chosen by their signature.
    ///
    /// - Throws: ``ImageError`` (``ImageError/Kind/unrecognizedFormat`` for
    ///   anything else).
    public init(
        decoding bytes: [UInt8], source: String = "<memory>", maxPixelCount: Int = RGBAImage.maxPixelCount
    ) throws(ImageError) {
        switch ImageFormat.sniff(bytes) {
        case .png?:
            self = try PNGCodec.decode(bytes, source: source, maxPixelCount: maxPixelCount)
        case .jpeg?:
            self = try JPEGCodec.decode(bytes, source: source, maxPixelCount: maxPixelCount)
        case nil:
            if bytes.isEmpty { throw ImageError(.empty, source: source) }
            throw ImageError(.unrecognizedFormat, source: source, detail: "unknown file signature")
        }
    }

    /// Reads and decodes a PNG or JPEG file, chosen by its signature.
    ///
    /// - Throws: ``ImageError`` naming `path`.
    public init(contentsOfFile path: String, maxPixelCount: Int = RGBAImage.maxPixelCount) throws(ImageError) {
        try self.init(decoding: try ImageFileIO.read(path), source: path, maxPixelCount: maxPixelCount)
    }

    /// Encodes this image as PNG and writes it to `path`.
    ///
    /// - Throws: ``ImageError``.
    public func writePNG(to path: String) throws(ImageError) {
        try PNGCodec.write(self, to: path)
    }
}

extension ImageFormat {
    /// The format whose signature starts `bytes`, if any.
    public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
        if bytes.starts(with: PNGCodec.signature) { return .png }
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return .jpeg }
        return nil
    }
}

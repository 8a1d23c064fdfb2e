extension RGBAImage {
    /// Decodes PNG or JPEG bytes, chosen by their signature.
    ///
    /// The size is checked against `maxPixelCount`, and the decoded bytes against `budget`,
    /// before any memory is set aside for the pixels.
    ///
    /// - Throws: ``ImageError`` (``ImageError/Kind/unrecognizedFormat`` for
    ///   anything else).
    public init(
        decoding bytes: [UInt8], source: String = "<memory>", maxPixelCount: Int = RGBAImage.maxPixelCount,
        budget: ImageBudget = .shared
    ) throws(ImageError) {
        self = try CReader.for(bytes, source: source).decode(bytes, source: source, maxPixelCount: maxPixelCount, budget: budget)
    }

    /// Reads and decodes a PNG or JPEG file, chosen by its signature.
    ///
    /// - Throws: ``ImageError`` naming `path`.
    public init(
        contentsOfFile path: String, maxPixelCount: Int = RGBAImage.maxPixelCount, budget: ImageBudget = .shared
    ) throws(ImageError) {
        try self.init(decoding: try ImageFileIO.read(path), source: path, maxPixelCount: maxPixelCount, budget: budget)
    }

    /// Encodes this image as PNG and writes it to `path`.
    ///
    /// - Throws: ``ImageError``.
    public func writePNG(to path: String) throws(ImageError) {
        try PNGCodec.write(self, to: path)
    }
}

extension PixelBuffer {
    /// Reads and decodes a PNG or JPEG file into memory of its own (see ``PixelBuffer``), with the
    /// same checks as ``RGBAImage/init(contentsOfFile:maxPixelCount:budget:)``.
    ///
    /// - Throws: ``ImageError`` naming `path`.
    package static func decode(
        contentsOfFile path: String, maxPixelCount: Int = RGBAImage.maxPixelCount, budget: ImageBudget = .shared
    ) throws(ImageError) -> PixelBuffer {
        let bytes = try ImageFileIO.read(path)
        return try CReader.for(bytes, source: path).decodeBuffer(bytes, source: path, maxPixelCount: maxPixelCount, budget: budget)
    }
}

extension CReader {
    /// The decoder for `bytes`' signature.
    static func `for`(_ bytes: [UInt8], source: String) throws(ImageError) -> CReader {
        switch ImageFormat.sniff(bytes) {
        case .png?: return .png
        case .jpeg?: return .jpeg
        case nil:
            if bytes.isEmpty { throw ImageError(.empty, source: source) }
            throw ImageError(.unrecognizedFormat, source: source, detail: "unknown file signature")
        }
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

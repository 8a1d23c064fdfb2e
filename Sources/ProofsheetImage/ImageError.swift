/// An image file format this module can decode.
public enum ImageFormat: String, Sendable, Hashable {
    /// Portable Network Graphics.
    case png = "PNG"
    /// JPEG / JFIF.
    case jpeg = "JPEG"
}

/// Why an image could not be decoded, encoded, read or written.
///
/// `description` reads like `"/tmp/a.png: corrupt PNG data: IDAT: invalid
/// distance too far back"`: where, what is wrong, and the decoder's words.
public struct ImageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category of failure.
    public enum Kind: Sendable, Hashable {
        /// The file could not be read (missing, permissions, a directory...).
        case unreadable
        /// The file or buffer holds no bytes.
        case empty
        /// The bytes are neither a PNG nor a JPEG.
        case unrecognizedFormat
        /// The decoder rejected the data: truncated, bad checksum, bad
        /// compressed stream, invalid header, out-of-range palette index...
        case corrupt(ImageFormat)
        /// The image has more pixels than allowed (``RGBAImage/maxPixelCount``,
        /// the `image-pixels` limit, unless the caller gave another); nothing
        /// was allocated for it.
        case tooLarge(width: Int, height: Int, limit: Int)
        /// Decoding the image would take the decoded image memory past its
        /// budget (``ImageBudget``, the `image-bytes` limit): it needs `bytes`,
        /// `inUse` bytes are already taken and `limit` is the total allowed.
        /// Nothing was allocated for it.
        case overBudget(width: Int, height: Int, bytes: Int, inUse: Int, limit: Int)
        /// A pixel buffer does not match the stated width and height.
        case invalidGeometry
        /// Encoding failed (for example an empty image: PNG needs 1x1 at least).
        case encodingFailed(ImageFormat)
        /// The file could not be written.
        case unwritable
    }

    /// The category of failure.
    public let kind: Kind
    /// Where the bytes came from: a file path, or `"<memory>"`.
    public let source: String
    /// Further detail, usually the codec library's own message; may be empty.
    public let detail: String

    /// Creates an error.
    public init(_ kind: Kind, source: String = "<memory>", detail: String = "") {
        self.kind = kind
        self.source = source
        self.detail = detail
    }

    /// A copy of this error attributed to another source.
    package func attributed(to source: String) -> ImageError {
        ImageError(kind, source: source, detail: detail)
    }

    /// A one-line human-readable explanation: `"<source>: <reason>"`.
    public var description: String { "\(source): \(reason)" }

    /// The explanation without the source: what is wrong, the decoder's words, and for a limit
    /// that was hit, the `--limit name=value` that would let the image through.
    public var reason: String {
        let what: String
        switch kind {
        case .unreadable: what = "cannot read file"
        case .empty: what = "file is empty"
        case .unrecognizedFormat: what = "not a PNG or JPEG image"
        case .corrupt(let format): what = "corrupt \(format.rawValue) data"
        case let .tooLarge(width, height, limit):
            let pixels = width.multipliedReportingOverflow(by: height)
            let name = ImageLimits.pixels.name
            let raise =
                !pixels.overflow && Double(pixels.partialValue) <= ImageLimits.pixels.range.upperBound
                ? "--limit \(name)=\(pixels.partialValue) raises it"
                : "no \(name) value allows that many"
            what = "image is too large: \(width)x\(height) pixels, the limit (\(name)) is \(limit) pixels; \(raise)"
        case let .overBudget(width, height, bytes, inUse, limit):
            let name = ImageLimits.processBytes.name
            let mib = 1_048_576
            let (total, overflow) = inUse.addingReportingOverflow(bytes)
            let needed = overflow ? Int.max / mib : total / mib + (total % mib == 0 ? 0 : 1)
            what =
                "not enough image memory: \(width)x\(height) pixels need \(byteCountText(bytes)) with "
                + "\(byteCountText(inUse)) already decoded, and the limit (\(name)) is \(byteCountText(limit)); "
                + "--limit \(name)=\(needed)MiB raises it"
        case .invalidGeometry: what = "invalid image geometry"
        case .encodingFailed(let format): what = "cannot encode \(format.rawValue)"
        case .unwritable: what = "cannot write file"
        }
        return detail.isEmpty ? what : "\(what): \(detail)"
    }
}

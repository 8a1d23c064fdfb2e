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
        /// The image is larger than ``RGBAImage/maxPixelCount``; nothing was
        /// allocated for it.
        case tooLarge(width: Int, height: Int, limit: Int)
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

    /// A one-line human-readable explanation.
    public var description: String {
        let what: String
        switch kind {
        case .unreadable: what = "cannot read file"
        case .empty: what = "file is empty"
        case .unrecognizedFormat: what = "not a PNG or JPEG image"
        case .corrupt(let format): what = "corrupt \(format.rawValue) data"
        case let .tooLarge(width, height, limit):
            what = "image is too large (\(width)x\(height) pixels; the limit is \(limit) pixels in total)"
        case .invalidGeometry: what = "invalid image geometry"
        case .encodingFailed(let format): what = "cannot encode \(format.rawValue)"
        case .unwritable: what = "cannot write file"
        }
        return detail.isEmpty ? "\(source): \(what)" : "\(source): \(what): \(detail)"
    }
}

import ProofsheetCore
import ProofsheetImage

/// An animated preview written a frame at a time into a file: an animated PNG
/// (``APNGWriter``), an animated WebP (``WebPWriter``), a GIF (``GIFWriter``) or a WebM video
/// (``WebMWriter``), one protocol over the four.
///
/// A writer is begun by its format (``AnimatedPreviewFormat/begin(width:height:loops:writingTo:)``)
/// once the frames' size is known, each frame is appended with the instant it is shown from, and
/// the file is finished with the instant the last frame ends: nothing is at its path until then.
/// Instants are seconds of the preview's own time, each rounded on its own to the format's unit
/// (exact milliseconds for APNG, WebP and WebM, whole centiseconds for GIF), so rounding never adds up
/// over the animation.
public protocol AnimatedPreviewWriter {
    /// The frames' width in pixels.
    var width: Int { get }
    /// The frames' height in pixels.
    var height: Int { get }
    /// Adds `frame`, shown from `seconds` on (after the frame before).
    mutating func append(_ frame: RGBAImage, shownFrom seconds: Double) throws
    /// Completes the file, the last frame lasting until `seconds`, and puts it in place; returns
    /// its size in bytes.
    mutating func finish(endingAt seconds: Double) throws -> Int
}

/// The format of an animated preview and its settings: what begins its writer.
public enum AnimatedPreviewFormat: Sendable {
    /// An animated PNG: lossless, exact milliseconds, streamed into its file as it is made.
    case apng(compression: PNGCompression = .fastest)
    /// An animated WebP: lossy at `quality` (0–100), or lossless; exact milliseconds.
    case webp(quality: Double = 80, lossless: Bool = false)
    /// A GIF on the fixed palette (``GIFPalette``), in whole centiseconds, at most 50 frames a
    /// second.
    case gif
    /// A WebM video: VP9 at `quality` (0–100), exact milliseconds; played once (a video player
    /// loops it if asked).
    case webm(quality: Double = 80)

    /// The format a file's extension names, with its default settings: `.png` or `.apng`,
    /// `.webp`, `.gif`, `.webm` (in any case); nil for any other.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "png", "apng": self = .apng()
        case "webp": self = .webp()
        case "gif": self = .gif
        case "webm": self = .webm()
        default: return nil
        }
    }

    /// The frame rate a preview in this format has unless asked otherwise: 25 for a GIF (whose
    /// delays are whole hundredths of a second), 30 for the others.
    public var defaultFPS: Double {
        if case .gif = self { return 25 }
        return 30
    }

    /// A writer of frames `width` × `height` pixels into the file `path`, played `loops` times
    /// (0: for ever).
    public func begin(width: Int, height: Int, loops: Int = 0, writingTo path: String) throws -> any AnimatedPreviewWriter {
        switch self {
        case .apng(let compression): return try APNGWriter(width: width, height: height, loops: loops, compression: compression, writingTo: path)
        case .webp(let quality, let lossless):
            return try WebPWriter(width: width, height: height, loops: loops, quality: quality, lossless: lossless, writingTo: path)
        case .gif: return try GIFWriter(width: width, height: height, loops: loops, writingTo: path)
        case .webm(let quality): return try WebMWriter(width: width, height: height, quality: quality, writingTo: path)
        }
    }
}

extension APNGWriter: AnimatedPreviewWriter {
    public mutating func append(_ frame: RGBAImage, shownFrom seconds: Double) throws {
        try add(frame, at: Int((seconds * 1000).rounded()))
    }

    public mutating func finish(endingAt seconds: Double) throws -> Int { try finishFile(at: Int((seconds * 1000).rounded())) }
}

extension WebPWriter: AnimatedPreviewWriter {
    public func append(_ frame: RGBAImage, shownFrom seconds: Double) throws { try add(frame, at: Int((seconds * 1000).rounded())) }

    public func finish(endingAt seconds: Double) throws -> Int { try finishFile(at: Int((seconds * 1000).rounded())) }
}

extension GIFWriter: AnimatedPreviewWriter {
    public func append(_ frame: RGBAImage, shownFrom seconds: Double) throws { try add(frame, at: Int((seconds * 100).rounded())) }

    public func finish(endingAt seconds: Double) throws -> Int { try finishFile(at: Int((seconds * 100).rounded())) }
}

extension WebMWriter: AnimatedPreviewWriter {
    public func append(_ frame: RGBAImage, shownFrom seconds: Double) throws { try add(frame, at: Int((seconds * 1000).rounded())) }

    public func finish(endingAt seconds: Double) throws -> Int { try finishFile(at: Int((seconds * 1000).rounded())) }
}

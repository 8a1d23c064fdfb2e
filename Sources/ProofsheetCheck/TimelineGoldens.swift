import Foundation
import ProofsheetCore
import ProofsheetImage

/// A timeline's goldens on one variant, in one file (golden format 2): an animated PNG at
/// `<scene>/<timeline>@timeline/<variant>.png` (``GoldenNames/timelinePath(scene:timeline:variant:)``).
///
/// - Each distinct image is one frame, stored as the rectangle that changed since the frame
///   before (``APNGWriter``); key instants with the same pixels share a frame. Frames are in the
///   order of their first instant, each shown until the next one's time, so a browser plays the
///   file as the timeline's key instants.
/// - A `tEXt` chunk ``instantsKeyword`` maps each instant to its frame: `0=0 179=1 401=2 1021=1`
///   (milliseconds `=` frame index, in time order). The environment chunk (with
///   `golden-format=2`) is the one a still's golden carries.
/// - Read back, every frame is exactly the image that was recorded (``APNGReader`` composes the
///   rectangles as the specification says). The file is untrusted: the map is checked against
///   the frames, and the reader bounds the frames and their canvases before decoding.
public struct TimelineGolden: Sendable {
    /// The keyword of the `tEXt` chunk that maps instants to frames.
    public static let instantsKeyword = "proofsheet-instants"
    /// The most instants one file may map (as many as a report may list for a timeline).
    public static let mostInstants = 10_000

    /// Each instant's frame, by milliseconds.
    public var frames: [Int: Int]
    /// The text of the file's environment chunk, when it has one.
    public var environment: String?
    /// The images of the frames asked for when reading (by frame index).
    public var images: [Int: RGBAImage]

    /// The instants the file holds, in time order.
    public var instants: [Int] { frames.keys.sorted() }

    /// The image the file holds for the instant at `milliseconds`, when it holds one and it was read.
    public func image(at milliseconds: Int) -> RGBAImage? { frames[milliseconds].flatMap { images[$0] } }

    // MARK: - Writing

    /// The file's bytes: `instants` (any order; each time once) as deduplicated frames, the
    /// instants' map and, when given, the environment chunk `environment`.
    public static func encode(
        _ instants: [(milliseconds: Int, image: RGBAImage)], environment: String?, compression: PNGCompression
    ) throws -> [UInt8] {
        let sorted = instants.sorted { $0.milliseconds < $1.milliseconds }
        guard let first = sorted.first else { throw ProofsheetError.internal("a timeline golden needs at least one instant") }
        guard sorted.count <= mostInstants else {
            throw ProofsheetError.badInput("a timeline golden of \(sorted.count) instants (at most \(mostInstants))")
        }
        for (a, b) in zip(sorted, sorted.dropFirst()) where a.milliseconds == b.milliseconds {
            throw ProofsheetError.internal("the instant at \(a.milliseconds) ms given twice")
        }
        var writer = try APNGWriter(width: first.image.width, height: first.image.height, compression: compression)
        // Distinct images by their pixels' hash; the pixels decide.
        var byHash: [UInt64: [(frame: Int, image: RGBAImage)]] = [:]
        var map: [(Int, Int)] = []
        var count = 0
        for (ms, image) in sorted {
            guard image.size == first.image.size else {
                throw ProofsheetError.internal("the instant at \(ms) ms is \(image.size), the timeline's images \(first.image.size)")
            }
            let hash = EnvironmentFingerprint.fnv1a(image.pixels)
            if let same = byHash[hash]?.first(where: { $0.image.pixels == image.pixels }) {
                map.append((ms, same.frame))
                continue
            }
            try writer.add(image, at: ms)
            guard writer.frames == count + 1 else { throw ProofsheetError.internal("the animated PNG merged two distinct frames") }
            byHash[hash, default: []].append((count, image))
            map.append((ms, count))
            count += 1
        }
        var bytes = try writer.finish(at: sorted.last!.milliseconds + 1000)
        bytes = PNGText.inserting(instantsKeyword, map.map { "\($0.0)=\($0.1)" }.joined(separator: " "), into: bytes)
        if let environment { bytes = PNGText.inserting(EnvironmentFingerprint.pngKeyword, environment, into: bytes) }
        return bytes
    }

    // MARK: - Reading

    /// Reads the file `bytes` (from `source`): its map, environment and the images of the frames
    /// `wanted` says to keep (by frame index).
    ///
    /// - Throws: ``ImageError`` for a file that is no timeline golden: not an animated PNG, no
    ///   valid map, a map naming frames the file lacks.
    public static func read(_ bytes: [UInt8], source: String, keeping wanted: (Int) -> Bool = { _ in true }) throws -> TimelineGolden {
        func corrupt(_ detail: String) -> ImageError { ImageError(.corrupt(.png), source: source, detail: detail) }
        guard let text = PNGText.read(instantsKeyword, in: bytes) else {
            throw corrupt("no '\(instantsKeyword)' chunk: not a timeline golden")
        }
        guard let frames = parseMap(text) else {
            throw corrupt("the '\(instantsKeyword)' chunk is not a list of <milliseconds>=<frame> in time order")
        }
        var images: [Int: RGBAImage] = [:]
        var decoded = 0
        let used = Set(frames.values)
        try APNGReader.forEachFrame(bytes, source: source) { frame in
            decoded = frame.index + 1
            if used.contains(frame.index) && wanted(frame.index) { images[frame.index] = frame.image }
        }
        if let missing = used.filter({ $0 >= decoded }).min() {
            throw corrupt("the instants name frame \(missing); the file has \(decoded)")
        }
        return TimelineGolden(frames: frames, environment: PNGText.read(EnvironmentFingerprint.pngKeyword, in: bytes), images: images)
    }

    /// A golden file's images for instants asked in ascending order, its frames composed one at
    /// a time: a frame is kept only while an instant asked for later still shows it, so a long
    /// timeline is checked in the memory of a few images, not of all of them.
    public struct Stream {
        /// Each instant's frame, by milliseconds.
        public let frames: [Int: Int]
        private var reader: APNGReader.Frames
        private var kept: [Int: RGBAImage] = [:]
        /// The last instant asked for that shows each frame.
        private let lastUse: [Int: Int]
        private var next = 0

        /// The file `bytes` (read whole by ``TimelineGolden/read(_:source:keeping:)`` first, which
        /// checks it), for the instants `asking` (ascending).
        public init(_ bytes: [UInt8], source: String, frames: [Int: Int], asking: [Int]) throws {
            self.frames = frames
            reader = try APNGReader.Frames(bytes, source: source)
            var last: [Int: Int] = [:]
            for ms in asking { if let f = frames[ms] { last[f] = ms } }
            lastUse = last
        }

        /// The image at the instant `milliseconds` (asked for in ascending order), nil when the
        /// file holds none.
        public mutating func image(at milliseconds: Int) throws -> RGBAImage? {
            guard let wanted = frames[milliseconds] else { return nil }
            var found = kept[wanted]
            while found == nil, let frame = try reader.next() {
                if frame.index == wanted {
                    found = frame.image
                } else if let last = lastUse[frame.index], last > milliseconds {
                    kept[frame.index] = frame.image
                }
            }
            if let last = lastUse[wanted], last > milliseconds {
                kept[wanted] = found
            } else {
                kept[wanted] = nil
            }
            return found
        }
    }

    /// The map `0=0 179=1 …`: times ascending from 0 to an hour, frames from 0, at most
    /// ``mostInstants``; nil when it is anything else.
    static func parseMap(_ text: String) -> [Int: Int]? {
        guard text.utf8.count <= mostInstants * 20 else { return nil }
        var out: [Int: Int] = [:]
        var last = -1
        for pair in text.split(separator: " ", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2, let ms = number(parts[0], most: 3_600_000), let frame = number(parts[1], most: mostInstants - 1), ms > last
            else { return nil }
            out[ms] = frame
            last = ms
        }
        return out.isEmpty ? nil : out
    }

    /// A plain decimal number (no sign, no leading zero) up to `most`.
    private static func number(_ s: Substring, most: Int) -> Int? {
        guard !s.isEmpty, s.count <= 7, s.allSatisfy({ $0.isASCII && $0.isNumber }), s == "0" || s.first != "0", let n = Int(s), n <= most else {
            return nil
        }
        return n
    }

    /// Reads the golden file at `path` (no link; a Git LFS pointer is an input error naming
    /// `git lfs pull`).
    public static func read(file path: String, keeping wanted: (Int) -> Bool = { _ in true }) throws -> TimelineGolden {
        try read(try bytes(file: path), source: path, keeping: wanted)
    }

    /// The bytes of the golden file at `path` (no link; a Git LFS pointer is an input error).
    public static func bytes(file path: String) throws -> [UInt8] {
        let bytes = try ImageFileIO.read(path)
        if GitLFS.isPointer(bytes) {
            throw ProofsheetError.badInput("\(SafePaths.clip(path)) is a Git LFS pointer, not an image: run `git lfs pull`")
        }
        return bytes
    }
}

import Foundation
import ProofsheetCore

/// An animated PNG written a frame at a time: each frame stored as the rectangle that changed
/// since the frame before (drawn over it), its delay in exact milliseconds. Frames are encoded
/// as they come and only the previous frame's pixels are kept.
///
/// The file is the PNG of the first frame (what a viewer without APNG shows) with `acTL`,
/// `fcTL` and `fdAT` chunks (the APNG specification, as Firefox, Chromium and libpng 1.6's APNG
/// patch read it). A frame identical to the one before adds its time to that frame.
///
/// Written to a file (``init(width:height:loops:compression:writingTo:)``), each frame's chunks
/// go to the file's temporary as they are made, so a long animation never holds its bytes; the
/// frame count in `acTL` is filled in at the end and the file renamed into place.
public struct APNGWriter: Sendable {
    public let width: Int
    public let height: Int
    /// Times the animation plays (0: for ever).
    public let loops: Int
    public let compression: PNGCompression

    private var previous: RGBAImage?
    private var chunks: [UInt8] = []
    private var sequence: UInt32 = 0
    private var frameCount = 0
    /// The frame encoded but not yet written: its rectangle, its data and when it starts (ms).
    private var pending: (x: Int, y: Int, w: Int, h: Int, data: [UInt8], start: Int)?
    /// The file the chunks go to as they are made (nil: they are kept for `finish`).
    private var output: FileOutput.Stream?

    public init(width: Int, height: Int, loops: Int = 0, compression: PNGCompression = .fastest) throws {
        guard width > 0, height > 0, width <= Int(Int32.max) / 4, height <= Int(Int32.max) else {
            throw ProofsheetError.internal("an animated PNG of \(width)x\(height) pixels")
        }
        self.width = width; self.height = height; self.loops = max(0, loops); self.compression = compression
    }

    /// A writer streaming into the file `path`: nothing is there until ``finishFile(at:)``.
    public init(width: Int, height: Int, loops: Int = 0, compression: PNGCompression = .fastest, writingTo path: String) throws {
        try self.init(width: width, height: height, loops: loops, compression: compression)
        let stream = try FileOutput.Stream(path: path)
        try stream.write(header(frames: 0))
        output = stream
    }

    /// The signature, `IHDR` and `acTL` (whose frame count is patched in at the end).
    private func header(frames: Int) -> [UInt8] {
        var out = PNGChunks.signature
        var ihdr = Self.be32(UInt32(width)) + Self.be32(UInt32(height))
        ihdr += [8, 6, 0, 0, 0]  // 8-bit RGBA, deflate, adaptive filters, not interlaced
        Self.chunk("IHDR", ihdr, into: &out)
        Self.chunk("acTL", Self.be32(UInt32(frames)) + Self.be32(UInt32(loops)), into: &out)
        return out
    }

    /// The number of frames written so far (identical frames count once).
    public var frames: Int { frameCount + (pending == nil ? 0 : 1) }

    /// Adds `image`, shown from `milliseconds` (after the previous frame's time) on.
    public mutating func add(_ image: RGBAImage, at milliseconds: Int) throws {
        guard image.width == width, image.height == height else {
            throw ProofsheetError.internal("frame \(image.size) in an animation of \(width)x\(height)")
        }
        if let p = pending, milliseconds < p.start {
            throw ProofsheetError.internal("frame at \(milliseconds) ms after one at \(p.start) ms")
        }
        var rect = (x: 0, y: 0, w: width, h: height)
        if let before = previous {
            guard let changed = Self.changedRect(before, image) else { return }  // nothing changed: the frame before lasts
            rect = changed
        }
        let data = try Self.idat(of: image, rect, compression: compression)
        try flush(until: milliseconds)
        pending = (rect.x, rect.y, rect.w, rect.h, data, milliseconds)
        previous = image
    }

    /// The file, the last frame lasting until `end` milliseconds.
    public mutating func finish(at end: Int) throws -> [UInt8] {
        guard output == nil else { throw ProofsheetError.internal("an animated PNG written to a file is finished with finishFile") }
        guard pending != nil else { throw ProofsheetError.internal("an animation needs at least one frame") }
        try flush(until: max(end, (pending?.start ?? 0) + 1))
        var out = header(frames: frameCount)
        out += chunks
        Self.chunk("IEND", [], into: &out)
        return out
    }

    /// Completes the file given at `init`, the last frame lasting until `end` milliseconds, and
    /// puts it in place; returns its size in bytes.
    public mutating func finishFile(at end: Int) throws -> Int {
        guard let output else { throw ProofsheetError.internal("an animated PNG kept in memory is finished with finish") }
        guard pending != nil else { throw ProofsheetError.internal("an animation needs at least one frame") }
        try flush(until: max(end, (pending?.start ?? 0) + 1))
        Self.chunk("IEND", [], into: &chunks)
        try output.write(chunks)
        chunks = []
        try output.overwrite(header(frames: frameCount), at: 0)
        try output.commit()
        self.output = nil
        return output.count
    }

    /// Gives up a file being written: nothing is left at its path.
    public mutating func discard() {
        output?.discard()
        output = nil
    }

    /// Writes the pending frame, lasting until `until` ms.
    private mutating func flush(until: Int) throws {
        guard let p = pending else { return }
        let delay = until - p.start
        guard delay >= 0, delay <= Int(UInt16.max) * 1 else {
            // Longer than 65.535 s: a coarser denominator keeps it exact to the centisecond.
            return try flushLong(p, until: until)
        }
        writeFrame(p, numerator: UInt16(delay), denominator: 1000)
        try drain()
    }

    private mutating func flushLong(_ p: (x: Int, y: Int, w: Int, h: Int, data: [UInt8], start: Int), until: Int) throws {
        let seconds = min((until - p.start + 500) / 1000, Int(UInt16.max))
        writeFrame(p, numerator: UInt16(seconds), denominator: 1)
        try drain()
    }

    private mutating func writeFrame(_ p: (x: Int, y: Int, w: Int, h: Int, data: [UInt8], start: Int), numerator: UInt16, denominator: UInt16) {
        var fc = Self.be32(sequence) + Self.be32(UInt32(p.w)) + Self.be32(UInt32(p.h)) + Self.be32(UInt32(p.x)) + Self.be32(UInt32(p.y))
        fc += [UInt8(numerator >> 8), UInt8(numerator & 0xFF), UInt8(denominator >> 8), UInt8(denominator & 0xFF)]
        fc += [0, 0]  // dispose: none; blend: source (the rectangle replaces what was there)
        sequence += 1
        Self.chunk("fcTL", fc, into: &chunks)
        if frameCount == 0 {
            Self.chunk("IDAT", p.data, into: &chunks)
        } else {
            Self.chunk("fdAT", Self.be32(sequence) + p.data, into: &chunks)
            sequence += 1
        }
        frameCount += 1
        pending = nil
    }

    /// Sends the chunks made so far to the file, when there is one.
    private mutating func drain() throws {
        guard let output, !chunks.isEmpty else { return }
        try output.write(chunks)
        chunks = []
    }

    // MARK: - Pixels

    /// The smallest rectangle holding every pixel that differs; nil when none does.
    static func changedRect(_ a: RGBAImage, _ b: RGBAImage) -> (x: Int, y: Int, w: Int, h: Int)? {
        let w = a.width, h = a.height, row = w * 4
        return a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb -> (x: Int, y: Int, w: Int, h: Int)? in
                var top = -1, bottom = -1, left = w, right = -1
                for y in 0..<h {
                    let o = y * row
                    if memcmp(pa.baseAddress! + o, pb.baseAddress! + o, row) == 0 { continue }
                    if top < 0 { top = y }
                    bottom = y
                    var x0 = 0
                    while x0 < left, pa[o + x0 * 4] == pb[o + x0 * 4], pa[o + x0 * 4 + 1] == pb[o + x0 * 4 + 1],
                        pa[o + x0 * 4 + 2] == pb[o + x0 * 4 + 2], pa[o + x0 * 4 + 3] == pb[o + x0 * 4 + 3]
                    {
                        x0 += 1
                    }
                    left = min(left, x0)
                    var x1 = w - 1
                    while x1 > right, pa[o + x1 * 4] == pb[o + x1 * 4], pa[o + x1 * 4 + 1] == pb[o + x1 * 4 + 1],
                        pa[o + x1 * 4 + 2] == pb[o + x1 * 4 + 2], pa[o + x1 * 4 + 3] == pb[o + x1 * 4 + 3]
                    {
                        x1 -= 1
                    }
                    right = max(right, x1)
                }
                guard top >= 0 else { return nil }
                return (left, top, right - left + 1, bottom - top + 1)
            }
        }
    }

    /// The zlib stream (the IDAT data) of the rectangle `r` of `image`, through the project's
    /// own PNG encoder.
    static func idat(of image: RGBAImage, _ r: (x: Int, y: Int, w: Int, h: Int), compression: PNGCompression = .fastest) throws -> [UInt8] {
        var part = [UInt8](repeating: 0, count: r.w * r.h * 4)
        image.pixels.withUnsafeBufferPointer { src in
            part.withUnsafeMutableBufferPointer { dst in
                for y in 0..<r.h {
                    memcpy(dst.baseAddress! + y * r.w * 4, src.baseAddress! + ((r.y + y) * image.width + r.x) * 4, r.w * 4)
                }
            }
        }
        let png = try PNGCodec.encode(try RGBAImage(width: r.w, height: r.h, pixels: part), compression: compression)
        var data: [UInt8] = []
        var i = 8
        while i + 12 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            let type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
            if type == "IDAT" { data += png[(i + 8)..<(i + 8 + length)] }
            i += 12 + length
        }
        return data
    }

    // MARK: - Chunks

    static func be32(_ v: UInt32) -> [UInt8] { PNGChunks.be32(v) }

    static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) { PNGChunks.append(type, data, to: &out) }
}

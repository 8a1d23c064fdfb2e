import ProofsheetCore

/// An animated PNG read back frame by frame, exactly: each frame's canvas as the APNG
/// specification composes it (its region's pixels decoded by the PNG decoder, disposed and
/// blended over the canvas the frames before left), with its delay.
///
/// A file that is hostile input is refused, not trusted: the frame count and every region are
/// checked against the canvas, the sequence numbers must run in order, and the frames are handed
/// to the caller one at a time (only the canvas and, for `dispose_op` previous, one copy are
/// held), so a long animation never holds all its frames. A PNG without `acTL` is one frame.
public enum APNGReader {
    /// The most frames one file may have.
    public static let mostFrames = 100_000
    /// The most canvas pixels one file's frames may compose, all frames together (4 billion:
    /// 1 000 frames of an iPhone screen at 3x).
    public static let mostCanvasPixels = 4_000_000_000

    /// One frame: its canvas and how long it shows (numerator / denominator seconds; a
    /// denominator of 0 means 100, as the specification says).
    public struct Frame: Sendable {
        public var index: Int
        public var image: RGBAImage
        public var delayNumerator: Int
        public var delayDenominator: Int
        /// The delay in milliseconds, rounded to the nearest.
        public var milliseconds: Int {
            let d = delayDenominator == 0 ? 100 : delayDenominator
            return (delayNumerator * 1000 + d / 2) / d
        }
    }

    /// Calls `body` with each frame of the animated PNG `bytes`, in order.
    ///
    /// - Throws: ``ImageError`` (`corrupt(.png)` naming what is wrong) for a file that breaks the
    ///   specification; whatever `body` throws.
    public static func forEachFrame(_ bytes: [UInt8], source: String = "<memory>", _ body: (Frame) throws -> Void) throws {
        var frames = try Frames(bytes, source: source)
        while let frame = try frames.next() { try body(frame) }
    }

    /// The frames of an animated PNG, composed one at a time, in order: what one frame needs is
    /// the canvas the frame before left (a plain PNG is one frame, shown for ever).
    public struct Frames {
        private struct Control {
            var w, h, x, y, numerator, denominator, dispose, blend: Int
        }
        private let source: String
        private let width: Int, height: Int
        private let ihdr: [UInt8]
        /// Chunks every frame's stand-alone PNG carries: the palette and its transparency.
        private let shared: [(type: String, data: [UInt8])]
        private var frames: [(control: Control, data: [UInt8])] = []
        private var plain: [UInt8]?
        private var index = 0
        private var canvas: RGBAImage
        /// What the frame before asked to leave for the next: its region cleared, or the canvas
        /// from before it.
        private var disposal: (control: Control, saved: RGBAImage?)?

        /// The file's chunks and frames, checked (frames are decoded by ``next()``).
        ///
        /// - Throws: ``ImageError`` for a file that breaks the specification.
        public init(_ bytes: [UInt8], source: String = "<memory>") throws {
            self.source = source
            func corrupt(_ detail: String) -> ImageError { ImageError(.corrupt(.png), source: source, detail: detail) }
            guard bytes.count >= 8, Array(bytes[0..<8]) == PNGChunks.signature else { throw corrupt("not a PNG signature") }
            // The chunks, checked for length; their CRCs are the PNG decoder's to check.
            var chunks: [(type: String, data: ArraySlice<UInt8>)] = []
            var i = 8
            while i < bytes.count {
                guard i + 12 <= bytes.count else { throw corrupt("a chunk cut short at byte \(i)") }
                let length = Int(be32(bytes, i))
                guard length <= Int(Int32.max), i + 12 + length <= bytes.count else { throw corrupt("a chunk longer than the file at byte \(i)") }
                let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
                chunks.append((type, bytes[(i + 8)..<(i + 8 + length)]))
                i += 12 + length
                if type == "IEND" { break }
            }
            guard let ihdr = chunks.first, ihdr.type == "IHDR", ihdr.data.count == 13 else { throw corrupt("no IHDR first") }
            let width = Int(be32(ihdr.data, ihdr.data.startIndex)), height = Int(be32(ihdr.data, ihdr.data.startIndex + 4))
            guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max),
                width * height <= ImageLimits.pixels.int
            else { throw ImageError(.tooLarge(width: width, height: height, limit: ImageLimits.pixels.int), source: source) }
            self.width = width
            self.height = height
            self.ihdr = Array(ihdr.data)
            shared = chunks.filter { ["PLTE", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT"].contains($0.type) }.map { ($0.type, Array($0.data)) }
            canvas = RGBAImage(width: 1, height: 1)
            guard chunks.contains(where: { $0.type == "acTL" }) else {
                // A plain PNG: one frame, shown for ever.
                plain = bytes
                return
            }
            let actl = chunks.first { $0.type == "acTL" }!
            guard actl.data.count == 8 else { throw corrupt("acTL is not 8 bytes") }
            let declared = Int(be32(actl.data, actl.data.startIndex))
            guard declared >= 1, declared <= mostFrames else { throw corrupt("acTL declares \(declared) frames (1 to \(mostFrames))") }
            // Each frame is a canvas handed over (and, disposed to the previous, copied): bounded
            // work, seconds not minutes, whatever the file claims.
            guard declared * width * height <= mostCanvasPixels else {
                throw corrupt("\(declared) frames of \(width)x\(height) pixels are more than one file may compose (\(mostCanvasPixels) pixels)")
            }

            // Frames: an fcTL, then its data (IDAT for a first frame that is the default image, fdAT after).
            var sequence = 0
            var defaultIsFirst = false
            for chunk in chunks {
                switch chunk.type {
                case "fcTL":
                    guard chunk.data.count == 26 else { throw corrupt("fcTL is not 26 bytes") }
                    let d = chunk.data, s = d.startIndex
                    guard Int(be32(d, s)) == sequence else { throw corrupt("fcTL out of sequence (\(be32(d, s)), expected \(sequence))") }
                    sequence += 1
                    let c = Control(
                        w: Int(be32(d, s + 4)), h: Int(be32(d, s + 8)), x: Int(be32(d, s + 12)), y: Int(be32(d, s + 16)),
                        numerator: Int(d[s + 20]) << 8 | Int(d[s + 21]), denominator: Int(d[s + 22]) << 8 | Int(d[s + 23]),
                        dispose: Int(d[s + 24]), blend: Int(d[s + 25]))
                    guard c.w > 0, c.h > 0, c.x + c.w <= width, c.y + c.h <= height else {
                        throw corrupt("frame \(frames.count)'s region \(c.w)x\(c.h) at \(c.x),\(c.y) leaves the \(width)x\(height) canvas")
                    }
                    guard c.dispose <= 2, c.blend <= 1 else { throw corrupt("frame \(frames.count)'s dispose or blend operation is unknown") }
                    guard frames.count < declared else { throw corrupt("more frames than acTL declares (\(declared))") }
                    frames.append((c, []))
                case "IDAT":
                    // The default image is the first frame only when an fcTL comes before it.
                    if frames.count == 1 {
                        frames[0].data += chunk.data
                        defaultIsFirst = true
                    }
                case "fdAT":
                    guard chunk.data.count >= 4, let last = frames.indices.last else { throw corrupt("fdAT before any fcTL") }
                    guard Int(be32(chunk.data, chunk.data.startIndex)) == sequence else { throw corrupt("fdAT out of sequence") }
                    sequence += 1
                    frames[last].data += chunk.data.dropFirst(4)
                default:
                    break
                }
            }
            guard frames.count == declared else { throw corrupt("acTL declares \(declared) frames, the file has \(frames.count)") }
            if defaultIsFirst, let first = frames.first?.control, first.w != width || first.h != height || first.x != 0 || first.y != 0 {
                throw corrupt("the default image is the first frame but does not cover the canvas")
            }
            canvas = RGBAImage(width: width, height: height)
        }

        /// The next frame, composed; nil after the last.
        ///
        /// - Throws: ``ImageError`` for a frame that cannot be decoded.
        public mutating func next() throws -> Frame? {
            if let bytes = plain {
                guard index == 0 else { return nil }
                index = 1
                return Frame(index: 0, image: try RGBAImage(decoding: bytes, source: source), delayNumerator: 0, delayDenominator: 1)
            }
            guard index < frames.count else { return nil }
            // What this frame starts from.
            if let (c, saved) = disposal {
                let width = self.width
                switch c.dispose {
                case 1:
                    canvas.withUnsafeMutablePixels { dst in
                        for y in 0..<c.h { for k in 0..<(c.w * 4) { dst[((c.y + y) * width + c.x) * 4 + k] = 0 } }
                    }
                case 2:
                    canvas = saved!
                default:
                    break
                }
            }
            let frame = frames[index]
            guard !frame.data.isEmpty else { throw ImageError(.corrupt(.png), source: source, detail: "frame \(index) has no image data") }
            let c = frame.control
            // The frame's region as a PNG of its own: the file's IHDR at the region's size.
            var png = PNGChunks.signature
            var header = ihdr
            header.replaceSubrange(0..<8, with: be32Bytes(UInt32(c.w)) + be32Bytes(UInt32(c.h)))
            appendChunk("IHDR", header, to: &png)
            for s in shared { appendChunk(s.type, s.data, to: &png) }
            appendChunk("IDAT", frame.data, to: &png)
            appendChunk("IEND", [], to: &png)
            let region = try RGBAImage(decoding: png, source: "\(source) (frame \(index))")
            disposal = (c, c.dispose == 2 ? canvas : nil)
            let width = self.width
            canvas.withUnsafeMutablePixels { dst in
                region.pixels.withUnsafeBufferPointer { src in
                    for y in 0..<c.h {
                        let row = y * c.w * 4, at = ((c.y + y) * width + c.x) * 4
                        if c.blend == 0 {
                            // Source: the region's pixels replace the canvas's.
                            (dst.baseAddress! + at).update(from: src.baseAddress! + row, count: c.w * 4)
                            continue
                        }
                        for x in 0..<c.w {
                            let s = row + x * 4, d = at + x * 4
                            if src[s + 3] == 255 {
                                for k in 0..<4 { dst[d + k] = src[s + k] }
                            } else if src[s + 3] > 0 {
                                blendOver(src, s, dst, d)
                            }
                        }
                    }
                }
            }
            defer { index += 1 }
            return Frame(index: index, image: canvas, delayNumerator: c.numerator, delayDenominator: c.denominator)
        }
    }

    /// Source over destination, non-premultiplied 8-bit, as the specification writes it.
    static func blendOver(_ src: UnsafeBufferPointer<UInt8>, _ s: Int, _ dst: UnsafeMutableBufferPointer<UInt8>, _ d: Int) {
        let sa = Double(src[s + 3]) / 255, da = Double(dst[d + 3]) / 255
        let outA = sa + da * (1 - sa)
        for k in 0..<3 {
            let v = (Double(src[s + k]) * sa + Double(dst[d + k]) * da * (1 - sa)) / outA
            dst[d + k] = UInt8(min(255, max(0, v.rounded())))
        }
        dst[d + 3] = UInt8(min(255, max(0, (outA * 255).rounded())))
    }

    static func be32(_ b: [UInt8], _ at: Int) -> UInt32 { PNGChunks.be32(b[...], at: at) }
    static func be32(_ b: ArraySlice<UInt8>, _ at: Int) -> UInt32 { PNGChunks.be32(b, at: at) }
    static func be32Bytes(_ v: UInt32) -> [UInt8] { PNGChunks.be32(v) }
    static func appendChunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) { PNGChunks.append(type, data, to: &out) }
}

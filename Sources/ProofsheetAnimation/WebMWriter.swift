import CVPX
import ProofsheetCore
import ProofsheetImage

/// A WebM video written a frame at a time: VP9 through libvpx (BSD-licensed), in a Matroska
/// container Proofsheet writes itself (``WebMMuxer``).
///
/// - Frames are converted to 4:2:0 Y′CbCr with BT.709's coefficients in studio range (as the
///   bitstream and the container say), over white where they are not opaque.
/// - Times are exact milliseconds: each frame is a block at the millisecond it is shown from,
///   encoded once the next one's time says how long it lasts; the last lasts until the end given
///   to ``finishFile(at:)``, which is the video's duration.
/// - libvpx's real-time mode at its fastest speed (8) and a constant quality level: user
///   interfaces are flat colour and sharp edges, which it keeps at a quarter of the time of its
///   good-quality mode for a quarter more bytes. One encoder thread and no look-ahead: the same
///   frames give the same bytes on every machine and at any load.
/// - A key frame at least every two seconds, so players seek quickly.
/// - Only the encoded frames are kept until the end (the pictures are not): memory grows with
///   the video's size, not its frames' pixels.
public final class WebMWriter {
    public let width: Int
    public let height: Int
    /// VP9's quantizer level in constant-quality mode, 0 (best) … 63.
    public let level: Int
    private var codec = vpx_codec_ctx_t()
    private var started = false
    private var image = vpx_image_t()
    /// The frame waiting for its duration: its picture in `image`, its time.
    private var pending: Int?
    private var blocks: [WebMMuxer.Block] = []
    private var target: String?

    /// The largest side VP9 takes here, in pixels.
    public static let largestSide = 16384

    /// A writer of `width` × `height` frames at `quality` (0–100; 80 by default), whose file
    /// `path` is written by ``finishFile(at:)``: nothing is there until then.
    public init(width: Int, height: Int, quality: Double = 80, writingTo path: String? = nil) throws {
        guard (2...Self.largestSide).contains(width), (2...Self.largestSide).contains(height) else {
            throw ProofsheetError.badInput("a WebM video here is 2 to \(Self.largestSide) pixels a side, got \(width)x\(height)")
        }
        self.width = width; self.height = height; target = path
        level = Int(((100 - min(max(quality, 0), 100)) * 0.63).rounded())
        var cfg = vpx_codec_enc_cfg_t()
        guard proofsheet_vp9_config(&cfg) == VPX_CODEC_OK else { throw ProofsheetError.internal("libvpx: no VP9 encoder") }
        cfg.g_w = UInt32(width)
        cfg.g_h = UInt32(height)
        cfg.g_timebase = vpx_rational(num: 1, den: 1000)
        cfg.g_threads = 1
        cfg.g_lag_in_frames = 0
        cfg.g_pass = VPX_RC_ONE_PASS
        cfg.rc_end_usage = VPX_Q
        cfg.rc_min_quantizer = 0
        cfg.rc_max_quantizer = 63
        cfg.kf_mode = VPX_KF_AUTO
        cfg.kf_min_dist = 0
        cfg.kf_max_dist = 60
        guard proofsheet_vp9_init(&codec, &cfg) == VPX_CODEC_OK else {
            throw ProofsheetError.internal("libvpx: cannot start a VP9 encoder of \(width)x\(height): \(error)")
        }
        started = true
        guard proofsheet_vp9_controls(&codec, 8, Int32(level)) == VPX_CODEC_OK else {
            throw ProofsheetError.internal("libvpx: \(error)")
        }
        guard vpx_img_alloc(&image, VPX_IMG_FMT_I420, UInt32(width), UInt32(height), 32) != nil else {
            throw ProofsheetError.internal("libvpx: cannot hold a picture of \(width)x\(height)")
        }
    }

    deinit {
        if started {
            vpx_img_free(&image)
            vpx_codec_destroy(&codec)
        }
    }

    private var error: String { vpx_codec_error(&codec).map { String(cString: $0) } ?? "unknown error" }

    /// The number of frames added.
    public var frames: Int { blocks.count + (pending == nil ? 0 : 1) }

    /// Adds `frame`, shown from `milliseconds` on (after the frame before).
    public func add(_ frame: RGBAImage, at milliseconds: Int) throws {
        guard frame.width == width, frame.height == height else {
            throw ProofsheetError.internal("a frame of \(frame.size) in a video of \(width)x\(height)")
        }
        if let start = pending {
            guard milliseconds > start else {
                throw ProofsheetError.internal("a video frame at \(milliseconds) ms after one at \(start) ms")
            }
            try encode(start: start, duration: milliseconds - start)
        }
        convert(frame)
        pending = milliseconds
    }

    /// Completes the video, the last frame lasting until `end` milliseconds; returns its bytes.
    public func finish(at end: Int) throws -> [UInt8] {
        guard let start = pending else { throw ProofsheetError.internal("a video needs at least one frame") }
        let last = max(end, start + 1)
        try encode(start: start, duration: last - start)
        pending = nil
        // Nothing is held back (no look-ahead); the flush returns whatever the encoder kept.
        try drain(start: start, duration: last - start, flush: true)
        return WebMMuxer(width: width, height: height).file(blocks, duration: last)
    }

    /// Completes the file given at `init`, the last frame lasting until `end` milliseconds;
    /// returns its size in bytes.
    public func finishFile(at end: Int) throws -> Int {
        guard let target else { throw ProofsheetError.internal("a video kept in memory is finished with finish") }
        let bytes = try finish(at: end)
        try FileOutput.write(bytes, to: target)
        return bytes.count
    }

    /// Encodes the picture in `image`, shown at `start` for `duration` milliseconds.
    private func encode(start: Int, duration: Int) throws {
        guard vpx_codec_encode(&codec, &image, vpx_codec_pts_t(start), UInt(duration), 0, UInt(VPX_DL_REALTIME)) == VPX_CODEC_OK else {
            throw ProofsheetError.internal("libvpx: \(error)")
        }
        try drain(start: start, duration: duration, flush: false)
    }

    /// Takes the encoder's packets as blocks.
    private func drain(start: Int, duration: Int, flush: Bool) throws {
        if flush {
            guard vpx_codec_encode(&codec, nil, -1, 1, 0, UInt(VPX_DL_REALTIME)) == VPX_CODEC_OK else {
                throw ProofsheetError.internal("libvpx: \(error)")
            }
        }
        var iterator: vpx_codec_iter_t?
        while let packet = vpx_codec_get_cx_data(&codec, &iterator) {
            guard packet.pointee.kind == VPX_CODEC_CX_FRAME_PKT else { continue }
            let frame = packet.pointee.data.frame
            let data = Array(UnsafeRawBufferPointer(start: frame.buf, count: frame.sz))
            blocks.append(
                WebMMuxer.Block(
                    milliseconds: Int(frame.pts), duration: Int(frame.duration), key: frame.flags & UInt32(VPX_FRAME_IS_KEY) != 0, data: data))
        }
    }

    /// `frame` into the encoder's picture: BT.709 studio-range Y′CbCr 4:2:0, over white.
    private func convert(_ frame: RGBAImage) {
        let w = width, h = height
        let planes = (image.planes.0!, image.planes.1!, image.planes.2!)
        let strides = (Int(image.stride.0), Int(image.stride.1), Int(image.stride.2))
        frame.pixels.withUnsafeBufferPointer { px in
            // Over white, in integers: the same bytes everywhere.
            @inline(__always) func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
                let i = (y * w + x) * 4
                let a = Int(px[i + 3])
                if a == 255 { return (Int(px[i]), Int(px[i + 1]), Int(px[i + 2])) }
                let white = 255 * (255 - a)
                return ((Int(px[i]) * a + white + 127) / 255, (Int(px[i + 1]) * a + white + 127) / 255, (Int(px[i + 2]) * a + white + 127) / 255)
            }
            for y in 0..<h {
                let row = planes.0 + y * strides.0
                for x in 0..<w {
                    let (r, g, b) = rgb(x, y)
                    row[x] = UInt8(((47 * r + 157 * g + 16 * b + 128) >> 8) + 16)
                }
            }
            // Chroma of each 2×2 block (the last row or column alone at odd sizes).
            for cy in 0..<(h + 1) / 2 {
                let u = planes.1 + cy * strides.1, v = planes.2 + cy * strides.2
                for cx in 0..<(w + 1) / 2 {
                    var r = 0, g = 0, b = 0, n = 0
                    for y in (cy * 2)..<min(cy * 2 + 2, h) {
                        for x in (cx * 2)..<min(cx * 2 + 2, w) {
                            let p = rgb(x, y)
                            r += p.0; g += p.1; b += p.2; n += 1
                        }
                    }
                    r = (r + n / 2) / n; g = (g + n / 2) / n; b = (b + n / 2) / n
                    u[cx] = UInt8(((-26 * r - 87 * g + 112 * b + 128) >> 8) + 128)
                    v[cx] = UInt8(((112 * r - 102 * g - 10 * b + 128) >> 8) + 128)
                }
            }
        }
    }
}

/// WebM's container (a profile of Matroska): the EBML header, then one segment with a seek
/// head, the segment's info (milliseconds, its duration), one VP9 video track (its size and
/// BT.709 studio-range colour), clusters of blocks (a new one at each key frame) and cues for
/// the key frames. Written whole from the encoded frames; no dates or random identifiers, so the
/// same frames give the same bytes.
public struct WebMMuxer: Sendable {
    /// One encoded frame.
    public struct Block: Sendable {
        public var milliseconds: Int
        public var duration: Int
        public var key: Bool
        public var data: [UInt8]
    }

    public let width: Int
    public let height: Int

    /// The whole file of `blocks` (in time order), `duration` milliseconds long.
    public func file(_ blocks: [Block], duration: Int) -> [UInt8] {
        var info = Self.element(0x2AD7B1, Self.uint(1_000_000))  // timestamps in milliseconds
        info += Self.element(0x4489, Self.float(Double(duration)))
        info += Self.element(0x4D80, Array("Proofsheet".utf8))
        info += Self.element(0x5741, Array("Proofsheet".utf8))
        let colour =
            Self.element(0x55B1, Self.uint(1)) + Self.element(0x55B9, Self.uint(1)) + Self.element(0x55BA, Self.uint(1))
            + Self.element(0x55BB, Self.uint(1))
        let video = Self.element(0xB0, Self.uint(UInt64(width))) + Self.element(0xBA, Self.uint(UInt64(height))) + Self.element(0x55B0, colour)
        var track = Self.element(0xD7, Self.uint(1)) + Self.element(0x73C5, Self.uint(1)) + Self.element(0x83, Self.uint(1))
        track += Self.element(0x9C, Self.uint(0)) + Self.element(0x86, Array("V_VP9".utf8)) + Self.element(0xE0, video)
        let tracks = Self.element(0x1654AE6B, Self.element(0xAE, track))

        // Clusters: a new one at each key frame, and before a block's time would leave the
        // 16-bit offset from its cluster's.
        var clusters: [[UInt8]] = []
        var starts: [Int] = []
        var current: [UInt8] = []
        var base = 0
        for (k, b) in blocks.enumerated() {
            if k == 0 || b.key || b.milliseconds - base > 32_000 {
                if k > 0 { clusters.append(Self.element(0x1F43B675, current)) }
                base = b.milliseconds
                starts.append(base)
                current = Self.element(0xE7, Self.uint(UInt64(base)))
            }
            let offset = UInt16(truncatingIfNeeded: b.milliseconds - base)
            let header: [UInt8] = [0x81, UInt8(offset >> 8), UInt8(offset & 0xFF)]
            if k == blocks.count - 1 {
                // The last frame says how long it lasts: until the end.
                let block = Self.element(0xA1, header + [0x00] + b.data)
                current += Self.element(0xA0, block + Self.element(0x9B, Self.uint(UInt64(max(1, duration - b.milliseconds)))))
            } else {
                current += Self.element(0xA3, header + [b.key ? 0x80 : 0x00] + b.data)
            }
        }
        if !blocks.isEmpty { clusters.append(Self.element(0x1F43B675, current)) }

        // The seek head has a fixed size (8-byte positions), so positions can be known first.
        func seekHead(_ positions: [(UInt32, Int)]) -> [UInt8] {
            Self.element(
                0x114D9B74,
                positions.flatMap { id, at in
                    Self.element(0x4DBB, Self.element(0x53AB, Self.id(id)) + Self.element(0x53AC, Self.uint8Bytes(UInt64(at))))
                })
        }
        let headSize = seekHead([(0x1549A966, 0), (0x1654AE6B, 0), (0x1C53BB6B, 0)]).count
        let infoElement = Self.element(0x1549A966, info)
        let infoAt = headSize, tracksAt = infoAt + infoElement.count
        var at = tracksAt + tracks.count
        var cuePoints: [UInt8] = []
        for (k, cluster) in clusters.enumerated() {
            let positions = Self.element(0xF7, Self.uint(1)) + Self.element(0xF1, Self.uint(UInt64(at)))
            cuePoints += Self.element(0xBB, Self.element(0xB3, Self.uint(UInt64(starts[k]))) + Self.element(0xB7, positions))
            at += cluster.count
        }
        let cues = Self.element(0x1C53BB6B, cuePoints)
        let segment =
            seekHead([(0x1549A966, infoAt), (0x1654AE6B, tracksAt), (0x1C53BB6B, at)]) + infoElement + tracks + clusters.flatMap { $0 } + cues

        var header = Self.element(0x4286, Self.uint(1)) + Self.element(0x42F7, Self.uint(1)) + Self.element(0x42F2, Self.uint(4))
        header += Self.element(0x42F3, Self.uint(8)) + Self.element(0x4282, Array("webm".utf8)) + Self.element(0x4287, Self.uint(4))
        header += Self.element(0x4285, Self.uint(2))
        return Self.element(0x1A45DFA3, header) + Self.element(0x18538067, segment)
    }

    // MARK: - EBML

    /// An element: its ID, its size as a variable-length integer, its data.
    static func element(_ id: UInt32, _ data: [UInt8]) -> [UInt8] { Self.id(id) + size(data.count) + data }

    /// An ID's bytes (its length marker is part of it).
    static func id(_ id: UInt32) -> [UInt8] {
        let n = id > 0xFF_FFFF ? 4 : id > 0xFFFF ? 3 : id > 0xFF ? 2 : 1
        return (0..<n).reversed().map { UInt8((id >> (8 * UInt32($0))) & 0xFF) }
    }

    /// A size in the fewest bytes (all ones is reserved for "unknown").
    static func size(_ n: Int) -> [UInt8] {
        var length = 1
        while length < 8 && UInt64(n) >= (UInt64(1) << (7 * UInt64(length))) - 1 { length += 1 }
        let marked = UInt64(n) | (UInt64(1) << (7 * UInt64(length)))
        return (0..<length).reversed().map { UInt8((marked >> (8 * UInt64($0))) & 0xFF) }
    }

    /// An unsigned integer in the fewest bytes (at least one).
    static func uint(_ v: UInt64) -> [UInt8] {
        var n = 1
        while n < 8 && v >> (8 * UInt64(n)) != 0 { n += 1 }
        return (0..<n).reversed().map { UInt8((v >> (8 * UInt64($0))) & 0xFF) }
    }

    /// An unsigned integer in eight bytes.
    static func uint8Bytes(_ v: UInt64) -> [UInt8] { (0..<8).reversed().map { UInt8((v >> (8 * UInt64($0))) & 0xFF) } }

    /// A float in eight bytes.
    static func float(_ v: Double) -> [UInt8] { uint8Bytes(v.bitPattern) }
}

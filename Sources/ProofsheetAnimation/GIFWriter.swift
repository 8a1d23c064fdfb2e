import CGif
import Foundation
import ProofsheetCore
import ProofsheetImage

/// The GIF palette: the same 256 colours for every frame of every animation, so the output
/// depends on nothing but the pixels. A 6×6×6 colour cube (216) and a ramp of 40 greys: phone
/// screens are mostly near-neutral (system backgrounds, separators, text), and a pixel within a
/// few levels of grey is placed on the fine ramp instead of the coarse cube. Pixels are placed
/// with an 8×8 ordered (Bayer) dither that depends only on the pixel's position, so what does
/// not move stays the same from frame to frame.
public enum GIFPalette {
    static let levels = (r: 6, g: 6, b: 6)
    /// Grey levels of the ramp (indices 216…255).
    static let greys = 40
    /// How far apart a pixel's channels may be for it to count as grey.
    static let neutral = 6

    /// The palette's colours, index by index, as RGB.
    public static let colors: [(UInt8, UInt8, UInt8)] = {
        var out: [(UInt8, UInt8, UInt8)] = []
        for r in 0..<levels.r {
            for g in 0..<levels.g {
                for b in 0..<levels.b {
                    out.append((level(r, levels.r), level(g, levels.g), level(b, levels.b)))
                }
            }
        }
        for k in 0..<greys {
            let v = level(k, greys)
            out.append((v, v, v))
        }
        return out
    }()

    static func level(_ i: Int, _ n: Int) -> UInt8 { UInt8((i * 255 + (n - 1) / 2) / (n - 1)) }

    /// The 8×8 Bayer matrix, 0…63.
    static let bayer: [Int] = {
        var m = [0]
        var size = 1
        while size < 8 {
            var next = [Int](repeating: 0, count: size * size * 4)
            for y in 0..<size {
                for x in 0..<size {
                    let v = m[y * size + x] * 4
                    next[y * size * 2 + x] = v
                    next[y * size * 2 + x + size] = v + 2
                    next[(y + size) * size * 2 + x] = v + 3
                    next[(y + size) * size * 2 + x + size] = v + 1
                }
            }
            m = next
            size *= 2
        }
        return m
    }()

    /// The palette index of a colour at pixel (x, y), dithered. Transparency is composited over
    /// white first (previews are opaque).
    @inline(__always)
    static func index(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8, x: Int, y: Int) -> UInt8 {
        let t = Double(bayer[(y & 7) * 8 + (x & 7)]) / 64 - 0.5 + 1.0 / 128
        func over(_ c: UInt8) -> Double { a == 255 ? Double(c) : (Double(c) * Double(a) + 255 * Double(255 - a)) / 255 }
        func q(_ v: Double, _ n: Int) -> Int { min(n - 1, max(0, Int((v / 255 * Double(n - 1) + t).rounded()))) }
        let (rr, gg, bb) = (over(r), over(g), over(b))
        if max(rr, gg, bb) - min(rr, gg, bb) <= Double(neutral) {
            return UInt8(levels.r * levels.g * levels.b + q((rr + gg + bb) / 3, greys))
        }
        return UInt8((q(rr, levels.r) * levels.g + q(gg, levels.g)) * levels.b + q(bb, levels.b))
    }

    /// `image` on the palette: an index per pixel.
    public static func indices(of image: RGBAImage) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { p in
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let o = (y * image.width + x) * 4
                    out[y * image.width + x] = index(p[o], p[o + 1], p[o + 2], p[o + 3], x: x, y: y)
                }
            }
        }
        return out
    }

    /// The mean and the largest difference, per channel in 0…255, between `image` (over white)
    /// and its palette colours: what the GIF loses.
    public static func error(of image: RGBAImage) -> (mean: Double, max: Int) {
        let idx = indices(of: image)
        var total = 0, worst = 0
        image.pixels.withUnsafeBufferPointer { p in
            for k in 0..<idx.count {
                let c = colors[Int(idx[k])], a = Int(p[k * 4 + 3])
                for (ch, v) in [(0, c.0), (1, c.1), (2, c.2)] {
                    let over = (Int(p[k * 4 + ch]) * a + 255 * (255 - a) + 127) / 255
                    let d = abs(over - Int(v))
                    total += d
                    worst = max(worst, d)
                }
            }
        }
        return (Double(total) / Double(max(1, idx.count * 3)), worst)
    }
}

/// An animated GIF through giflib, written a frame at a time: each frame the rectangle whose
/// palette indices changed, drawn over the frame before, handed to giflib as soon as the next
/// frame says how long it lasts (only the previous frame's indices are kept). GIF counts time
/// in whole hundredths of a second: each frame's delay is its start rounded to a centisecond
/// minus the previous one's, so rounding never adds up over the animation.
public final class GIFWriter {
    public let width: Int
    public let height: Int
    public let loops: Int
    private var previous: [UInt8]?
    private var pending: (x: Int, y: Int, w: Int, h: Int, pixels: [UInt8], start: Int)?
    private let sink = Sink()
    private var gif: UnsafeMutablePointer<GifFileType>?
    private var map: UnsafeMutablePointer<ColorMapObject>?
    /// The file ``finishFile(at:)`` writes (nil: the bytes are only returned by `finish`).
    private var target: String?

    /// The shortest delay browsers honour (they stretch 0 and 1 centisecond to 10).
    public static let shortestDelay = 2

    final class Sink { var bytes: [UInt8] = [] }

    public init(width: Int, height: Int, loops: Int = 0) throws {
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw ProofsheetError.badInput("a GIF is at most 65535 pixels a side, got \(width)x\(height)")
        }
        self.width = width; self.height = height; self.loops = min(max(0, loops), 65535)
        var error: Int32 = 0
        let write: OutputFunc = { file, data, count in
            guard let file, let data, count > 0 else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(file.pointee.UserData).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(count)))
            return count
        }
        guard let gif = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), write, &error) else {
            throw ProofsheetError.internal("giflib: cannot start a GIF (error \(error))")
        }
        self.gif = gif
        let colors = GIFPalette.colors.map { GifColorType(Red: $0.0, Green: $0.1, Blue: $0.2) }
        guard let map = GifMakeMapObject(256, colors) else { throw ProofsheetError.internal("giflib: no colour map") }
        self.map = map
        EGifSetGifVersion(gif, true)
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map), "the screen descriptor")
        // NETSCAPE2.0: how many times to play (0: for ever).
        var app: [UInt8] = Array("NETSCAPE2.0".utf8)
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "the loop extension")
        try check(EGifPutExtensionBlock(gif, Int32(app.count), &app), "the loop extension")
        var loop: [UInt8] = [1, UInt8(self.loops & 0xFF), UInt8(self.loops >> 8)]
        try check(EGifPutExtensionBlock(gif, 3, &loop), "the loop extension")
        try check(EGifPutExtensionTrailer(gif), "the loop extension")
    }

    /// A writer whose file, `path`, is written by ``finishFile(at:)``: nothing is there until then.
    public convenience init(width: Int, height: Int, loops: Int = 0, writingTo path: String) throws {
        try self.init(width: width, height: height, loops: loops)
        target = path
    }

    deinit {
        var error: Int32 = 0
        if let gif { EGifCloseFile(gif, &error) }
        if let map { GifFreeMapObject(map) }
    }

    private func check(_ status: Int32, _ what: String) throws {
        guard status == GIF_OK else { throw ProofsheetError.internal("giflib: \(what) failed (error \(gif?.pointee.Error ?? 0))") }
    }

    /// Adds `image`, shown from `centiseconds` on (at least ``shortestDelay`` after the frame
    /// before).
    public func add(_ image: RGBAImage, at centiseconds: Int) throws {
        guard image.width == width, image.height == height else {
            throw ProofsheetError.internal("frame \(image.size) in an animation of \(width)x\(height)")
        }
        if let p = pending, centiseconds - p.start < Self.shortestDelay {
            throw ProofsheetError.internal("GIF frames \(centiseconds - p.start) cs apart (at least \(Self.shortestDelay))")
        }
        let idx = GIFPalette.indices(of: image)
        guard let r = Self.changedRect(previous, idx, width: width, height: height) else { return }
        var part = [UInt8](repeating: 0, count: r.w * r.h)
        for y in 0..<r.h { for x in 0..<r.w { part[y * r.w + x] = idx[(r.y + y) * width + r.x + x] } }
        try flush(until: centiseconds)
        pending = (r.x, r.y, r.w, r.h, part, centiseconds)
        previous = idx
    }

    /// The file, the last frame lasting until `end` centiseconds.
    public func finish(at end: Int) throws -> [UInt8] {
        guard let p = pending, let gif else { throw ProofsheetError.internal("an animation needs at least one frame") }
        try flush(until: max(end, p.start + Self.shortestDelay))
        var error: Int32 = 0
        self.gif = nil
        guard EGifCloseFile(gif, &error) == GIF_OK else { throw ProofsheetError.internal("giflib: closing the GIF failed (error \(error))") }
        return sink.bytes
    }

    /// Completes the file given at `init`, the last frame lasting until `end` centiseconds;
    /// returns its size in bytes.
    public func finishFile(at end: Int) throws -> Int {
        guard let target else { throw ProofsheetError.internal("a GIF kept in memory is finished with finish") }
        let bytes = try finish(at: end)
        try FileOutput.write(bytes, to: target)
        return bytes.count
    }

    private func flush(until: Int) throws {
        guard let f = pending, let gif else { return }
        let delay = min(65535, max(Self.shortestDelay, until - f.start))
        // Graphics control: keep the frame (disposal 1), this delay, no transparency.
        var gcb: [UInt8] = [1 << 2, UInt8(delay & 0xFF), UInt8(delay >> 8), 0]
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, &gcb), "a frame's delay")
        try check(EGifPutImageDesc(gif, Int32(f.x), Int32(f.y), Int32(f.w), Int32(f.h), false, nil), "a frame")
        var pixels = f.pixels
        try pixels.withUnsafeMutableBufferPointer { p in
            for row in 0..<f.h { try check(EGifPutLine(gif, p.baseAddress! + row * f.w, Int32(f.w)), "a frame's pixels") }
        }
        pending = nil
    }

    static func changedRect(_ a: [UInt8]?, _ b: [UInt8], width: Int, height: Int) -> (x: Int, y: Int, w: Int, h: Int)? {
        guard let a else { return (0, 0, width, height) }
        var top = -1, bottom = -1, left = width, right = -1
        for y in 0..<height {
            let o = y * width
            var x0 = 0
            while x0 < width, a[o + x0] == b[o + x0] { x0 += 1 }
            if x0 == width { continue }
            if top < 0 { top = y }
            bottom = y
            var x1 = width - 1
            while x1 > x0, a[o + x1] == b[o + x1] { x1 -= 1 }
            left = min(left, x0)
            right = max(right, x1)
        }
        guard top >= 0 else { return nil }
        return (left, top, right - left + 1, bottom - top + 1)
    }
}

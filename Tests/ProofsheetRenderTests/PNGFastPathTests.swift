import Foundation
import ProofsheetImage
import ProofsheetTestSupport
import Testing

/// The PNG reader's fast path (8-bit RGB and RGBA, not interlaced: the stream inflated whole by
/// libdeflate and unfiltered by Proofsheet) gives libpng's pixels and libpng's errors: every PNG
/// the project holds, images of every filter the encoders choose, a stream split over many IDAT
/// chunks, and hundreds of damaged files, each read both ways.
@Suite("PNG fast path")
struct PNGFastPathTests {
    /// Both readers' answer for `bytes`: the pixels, or the error's text.
    func both(_ bytes: [UInt8]) -> (fast: String, libpng: String) {
        func answer(_ read: () throws(ImageError) -> RGBAImage) -> String {
            do {
                let image = try read()
                return "\(image.width)x\(image.height) \(image.pixels.hashValue) \(image.pixels.count)"
            } catch { return "error: \(error)" }
        }
        return (
            answer { () throws(ImageError) in try PNGCodec.decode(bytes) },
            answer { () throws(ImageError) in try PNGCodec.decodeThroughLibpng(bytes) }
        )
    }

    /// A deterministic image with smooth areas and noise (so the encoders use every filter).
    func image(_ w: Int, _ h: Int, seed: UInt64, opaque: Bool) throws -> RGBAImage {
        var state = seed
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let noise = UInt8(truncatingIfNeeded: state >> 59)
                let i = (y * w + x) * 4
                pixels[i] = UInt8(truncatingIfNeeded: x * 3 + y) &+ noise
                pixels[i + 1] = UInt8(truncatingIfNeeded: y * 2)
                pixels[i + 2] = x % 17 < 8 ? 200 : UInt8(truncatingIfNeeded: x ^ y)
                pixels[i + 3] = opaque ? 255 : UInt8(truncatingIfNeeded: 128 + (x + y) % 128)
            }
        }
        return try RGBAImage(width: w, height: h, pixels: pixels)
    }

    /// The chunks of a PNG: (type, data), in order.
    func chunks(_ png: [UInt8]) -> [(type: String, data: [UInt8])] {
        var out: [(String, [UInt8])] = []
        var at = 8
        while at + 12 <= png.count {
            let length = Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3])
            out.append((String(decoding: png[(at + 4)..<(at + 8)], as: UTF8.self), Array(png[(at + 8)..<(at + 8 + length)])))
            at += length + 12
        }
        return out
    }

    /// A PNG of `chunks`, each with its CRC.
    func png(_ chunks: [(type: String, data: [UInt8])]) -> [UInt8] {
        var out = PNGCodec.signature
        for c in chunks {
            let n = UInt32(c.data.count)
            out += [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
            let body = Array(c.type.utf8) + c.data
            let crc = PNGChunks.crc32(body)
            out += body + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        }
        return out
    }

    @Test func everyPNGOfTheProjectReadsTheSameBothWays() throws {
        var files: [String] = []
        for folder in ["Assets/Images", "Assets/Docs", "Tests/Goldens"] {
            let root = Paths.root + "/" + folder
            let all = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
            files += all.filter { $0.hasSuffix(".png") }.sorted().map { root + "/" + $0 }
        }
        #expect(files.count > 40)
        var rgb = 0
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
            if bytes.count > 25, bytes[25] == 2 { rgb += 1 }
            let (fast, libpng) = both(bytes)
            #expect(fast == libpng, "\(file)")
            #expect(!fast.hasPrefix("error"), "\(file): \(fast)")
        }
        #expect(rgb > 5, "RGB files read: \(rgb)")
    }

    @Test func everyEncoderAndSplitStreamsReadTheSameBothWays() throws {
        for (k, size) in [(1, 1), (3, 2), (17, 9), (64, 33), (257, 41)].enumerated() {
            for opaque in [false, true] {
                let picture = try image(size.0, size.1, seed: UInt64(k) + (opaque ? 100 : 0), opaque: opaque)
                for compression in [PNGCompression.small, .fast, .fastest] {
                    let bytes = try PNGCodec.encode(picture, compression: compression)
                    #expect(try PNGCodec.decode(bytes) == picture)
                    #expect(try PNGCodec.decodeThroughLibpng(bytes) == picture)
                    // The stream split into IDAT chunks of 7 bytes.
                    var split: [(type: String, data: [UInt8])] = []
                    for c in chunks(bytes) {
                        if c.type != "IDAT" { split.append(c); continue }
                        stride(from: 0, to: c.data.count, by: 7).forEach { split.append(("IDAT", Array(c.data[$0..<min($0 + 7, c.data.count)]))) }
                    }
                    #expect(try PNGCodec.decode(png(split)) == picture)
                }
            }
        }
    }

    /// The fast path's memory is reserved in the image budget beside the image's; a budget that
    /// cannot spare it reads the slower way, to the same pixels, and gives everything back.
    @Test func aBudgetWithoutRoomForTheFastPathReadsTheSlowerWay() throws {
        let picture = try image(64, 33, seed: 3, opaque: false)
        let bytes = try PNGCodec.encode(picture, compression: .small)
        let tight = ImageBudget(bytes: 64 * 33 * 4 + 4_096)
        #expect(try PNGCodec.decode(bytes, budget: tight) == picture)
        #expect(tight.used == 0)
        let roomy = ImageBudget(bytes: 1 << 20)
        let decoded = try PNGCodec.decode(bytes, budget: roomy)
        #expect(decoded == picture && roomy.used == 64 * 33 * 4)
    }

    /// Damaged streams: a byte changed (with the CRC made right again, or not), a stream cut
    /// short, a filter type out of range. The fast path answers as libpng does, pixels or error.
    @Test func damagedFilesAnswerAsLibpngDoes() throws {
        let bytes = try PNGCodec.encode(try image(23, 11, seed: 7, opaque: false), compression: .small)
        let parts = chunks(bytes)
        let idat = try #require(parts.firstIndex { $0.type == "IDAT" })
        var state: UInt64 = 0x5EED
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        var errors = 0
        for round in 0..<400 {
            var damaged = parts
            var data = damaged[idat].data
            let at = next(data.count)
            data[at] ^= UInt8(1 + next(255))
            damaged[idat].data = data
            var file = png(damaged)
            if round % 4 == 0 {
                // The CRC left as it was: a damaged chunk.
                file = png(parts)
                file[8 + parts[0..<idat].reduce(0) { $0 + $1.data.count + 12 } + 8 + at] ^= 0x10
            }
            let (fast, libpng) = both(file)
            #expect(fast == libpng, "round \(round)")
            if fast.hasPrefix("error") { errors += 1 }
        }
        #expect(errors > 100)
        // Cut short inside the stream.
        let cut = png(parts.prefix(idat) + [("IDAT", Array(parts[idat].data.prefix(parts[idat].data.count / 2)))] + parts.suffix(1))
        let (fast, libpng) = both(cut)
        #expect(fast == libpng && fast.hasPrefix("error"), "\(fast)")
    }
}

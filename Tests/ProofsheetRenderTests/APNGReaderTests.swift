import Foundation
import Proofsheet
import Testing

/// The animated-PNG reader: what the writer wrote comes back frame for frame, pixel for pixel,
/// with its milliseconds; a file that breaks the specification is refused with what is wrong.
@Suite("APNG reader")
struct APNGReaderTests {
    /// A 24x16 frame: a background and a 6x4 block at `x`, with a translucent stripe.
    static func frame(_ x: Int, colour: UInt8) -> RGBAImage {
        var image = RGBAImage(width: 24, height: 16, fill: RGBAColor(r: 250, g: 250, b: 245, a: 255))
        image.withUnsafeMutablePixels { px in
            for y in 4..<8 { for dx in 0..<6 { let i = (y * 24 + x + dx) * 4; px[i] = colour; px[i + 1] = 40; px[i + 2] = 90; px[i + 3] = 255 } }
            for dx in 0..<24 { let i = (12 * 24 + dx) * 4; px[i + 3] = 128 }
        }
        return image
    }

    static func read(_ bytes: [UInt8]) throws -> [(image: RGBAImage, ms: Int)] {
        var out: [(image: RGBAImage, ms: Int)] = []
        try APNGReader.forEachFrame(bytes) { out.append(($0.image, $0.milliseconds)) }
        return out
    }

    @Test func whatTheWriterWroteComesBack() throws {
        var writer = try APNGWriter(width: 24, height: 16)
        let frames = [Self.frame(0, colour: 200), Self.frame(3, colour: 200), Self.frame(3, colour: 200), Self.frame(10, colour: 20)]
        for (k, f) in frames.enumerated() { try writer.add(f, at: k * 100) }
        let bytes = try writer.finish(at: 60_500)
        let back = try Self.read(bytes)
        // The identical third frame is merged into the second, whose time it adds to.
        #expect(back.map(\.ms) == [100, 200, 60_200])
        let same = back.map(\.image) == [frames[0], frames[1], frames[3]]
        #expect(same)
        // A plain PNG is one frame.
        let still = try Self.read(try PNGCodec.encode(frames[0]))
        let one = still.count == 1 && still[0].image == frames[0]
        #expect(one)
    }

    /// `bytes` with the first chunk of `type` given `data` instead (its CRC recomputed).
    static func replacing(_ type: String, in bytes: [UInt8], with data: (ArraySlice<UInt8>) -> [UInt8]) -> [UInt8] {
        var i = 8
        while i + 12 <= bytes.count {
            let length = Int(PNGChunks.be32(bytes[...], at: i))
            let t = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            if t == type {
                var chunk: [UInt8] = []
                PNGChunks.append(type, data(bytes[(i + 8)..<(i + 8 + length)]), to: &chunk)
                return Array(bytes[..<i]) + chunk + Array(bytes[(i + 12 + length)...])
            }
            i += 12 + length
        }
        return bytes
    }

    @Test func brokenFilesAreRefused() throws {
        var writer = try APNGWriter(width: 24, height: 16)
        try writer.add(Self.frame(0, colour: 200), at: 0)
        try writer.add(Self.frame(9, colour: 200), at: 100)
        let good = try writer.finish(at: 200)
        #expect(try Self.read(good).count == 2)
        func refused(_ bytes: [UInt8], _ says: String) {
            do {
                _ = try Self.read(bytes)
                Issue.record("read a broken file (\(says))")
            } catch let e as ImageError {
                #expect(e.description.contains(says), "\(e.description)")
            } catch {
                Issue.record("\(error)")
            }
        }
        refused(Array(good.prefix(good.count - 30)), "corrupt PNG data")
        // acTL declares three frames; the file has two.
        refused(Self.replacing("acTL", in: good) { _ in PNGChunks.be32(3) + PNGChunks.be32(0) }, "acTL declares 3 frames")
        refused(Self.replacing("acTL", in: good) { _ in PNGChunks.be32(0) + PNGChunks.be32(0) }, "acTL declares 0 frames")
        // The second frame's region reaches past the canvas.
        let second = good.indices.filter { i in i + 8 <= good.count && Array(good[(i + 4)..<(i + 8)]) == Array("fcTL".utf8) }[1]
        var outside = good
        outside.replaceSubrange((second + 8 + 12)..<(second + 8 + 16), with: PNGChunks.be32(20))  // x offset
        var body = Array(outside[(second + 4)..<(second + 8 + 26)])
        outside.replaceSubrange((second + 8 + 26)..<(second + 12 + 26), with: PNGChunks.be32(PNGChunks.crc32(body)))
        refused(outside, "leaves the 24x16 canvas")
        // A sequence number out of order.
        var order = good
        order.replaceSubrange((second + 8)..<(second + 12), with: PNGChunks.be32(7))
        body = Array(order[(second + 4)..<(second + 8 + 26)])
        order.replaceSubrange((second + 8 + 26)..<(second + 12 + 26), with: PNGChunks.be32(PNGChunks.crc32(body)))
        refused(order, "out of sequence")
        refused(Array("not a png at all".utf8), "not a PNG signature")
        // A huge canvas times many frames is refused before anything is decoded.
        let huge = Self.replacing("IHDR", in: good) { d in PNGChunks.be32(10_000) + PNGChunks.be32(10_000) + Array(d.dropFirst(8)) }
        refused(Self.replacing("acTL", in: huge) { _ in PNGChunks.be32(100) + PNGChunks.be32(0) }, "more than one file may compose")
    }
}

import Foundation
import ProofsheetDiff
import Testing

/// The PNG decoder must produce what pngjs produces (pixelmatch's reference
/// fixtures were decoded with pngjs), for every colour type and bit depth.
@Suite("PNG decoding (pngjs semantics)")
struct PNGDecodingTests {
    /// 16-bit samples round (v / 257) rather than taking the high byte.
    @Test func sixteenBitRGBARounds() throws {
        let values = [0x0000, 0x0080, 0x0081, 0x01FF, 0x807F, 0x8080, 0x80FF, 0xFF7F, 0xFF80, 0xFFFF, 0x1234, 0xFEFF]
        var samples = [Int]()
        for i in 0..<12 { samples += [values[i], values[(i + 3) % 12], values[(i + 7) % 12], values[(i + 5) % 12]] }
        let png = PNGBuilder(width: 4, height: 3, bitDepth: 16, colorType: .rgba).build(samples: samples)
        let image = try PNGCodec.decode(png)
        #expect(image.pixels == samples.map { pngjsScale($0, depth: 16) })
        // Concrete values, so the test does not only trust the helper:
        // 0x01FF -> 2 (the high byte would be 1), 0x80FF -> 128, 0x1234 -> 18,
        // 0xFF80 -> 255 (high byte 255 too, but 254.5 rounds up), 0x0080 -> 0, 0x0081 -> 1.
        #expect(Array(image.pixels[12..<16]) == [2, 128, 18, 255])
        #expect(image.pixels[4] == 0 && image.pixels[8] == 1)
    }

    @Test func sixteenBitGreyAndGreyAlpha() throws {
        let grey = try PNGCodec.decode(
            PNGBuilder(width: 3, height: 1, bitDepth: 16, colorType: .grey).build(samples: [0x01FF, 0x8000, 0xFFFF]))
        #expect(grey.pixels == [2, 2, 2, 255, 128, 128, 128, 255, 255, 255, 255, 255])

        let greyAlpha = try PNGCodec.decode(
            PNGBuilder(width: 2, height: 1, bitDepth: 16, colorType: .greyAlpha).build(samples: [0x4000, 0x0100, 0xC0C0, 0xFFFF]))
        #expect(greyAlpha.pixels == [64, 64, 64, 1, 192, 192, 192, 255])
    }

    @Test(arguments: [1, 2, 4, 8])
    func lowBitGreyScales(depth: Int) throws {
        let maxValue = (1 << depth) - 1
        let samples = (0..<16).map { $0 % (maxValue + 1) }
        let image = try PNGCodec.decode(
            PNGBuilder(width: 16, height: 1, bitDepth: depth, colorType: .grey).build(samples: samples))
        let expected = samples.flatMap { v -> [UInt8] in
            let g = pngjsScale(v, depth: depth)
            return [g, g, g, 255]
        }
        #expect(image.pixels == expected)
        if maxValue < 16 {
            #expect(image[x: maxValue, y: 0] == RGBAColor(r: 255, g: 255, b: 255))
        }
    }

    @Test(arguments: [1, 2, 4, 8])
    func paletteWithPartialTransparency(depth: Int) throws {
        let entries = 1 << depth
        var plte = [UInt8]()
        for i in 0..<entries { plte += [UInt8(i * 7 % 256), UInt8(255 - i % 256), UInt8(i * 13 % 256)] }
        var builder = PNGBuilder(width: 5, height: 2, bitDepth: depth, colorType: .palette)
        builder.chunksBeforeData = [("PLTE", plte), ("tRNS", [0])]  // only entry 0 has alpha
        let indices = (0..<10).map { $0 % entries }
        let image = try PNGCodec.decode(builder.build(samples: indices))
        for (p, index) in indices.enumerated() {
            let expected = [plte[index * 3], plte[index * 3 + 1], plte[index * 3 + 2], index == 0 ? 0 : 255]
            #expect(Array(image.pixels[p * 4..<p * 4 + 4]) == expected, "pixel \(p), index \(index)")
        }
    }

    @Test func paletteIndexOutsidePaletteIsAnError() throws {
        var builder = PNGBuilder(width: 2, height: 1, bitDepth: 8, colorType: .palette)
        builder.chunksBeforeData = [("PLTE", [1, 2, 3, 4, 5, 6])]  // 2 entries
        let png = builder.build(samples: [1, 2])
        #expect(throws: ImageError.self) { try PNGCodec.decode(png) }
        do {
            _ = try PNGCodec.decode(png, source: "pal.png")
        } catch {
            #expect(error.kind == .corrupt(.png))
            #expect(error.description.contains("pal.png"))
            #expect(error.description.contains("palette index 2"))
        }
    }

    /// pngjs turns colour-keyed pixels into transparent *black*.
    @Test func greyColourKeyBecomesTransparentBlack() throws {
        var builder = PNGBuilder(width: 3, height: 1, bitDepth: 8, colorType: .grey)
        builder.chunksBeforeData = [("tRNS", PNGBuilder.be16(64))]
        let image = try PNGCodec.decode(builder.build(samples: [63, 64, 65]))
        #expect(image.pixels == [63, 63, 63, 255, 0, 0, 0, 0, 65, 65, 65, 255])
    }

    @Test func sixteenBitColourKeyComparesAllSixteenBits() throws {
        var builder = PNGBuilder(width: 2, height: 1, bitDepth: 16, colorType: .grey)
        builder.chunksBeforeData = [("tRNS", PNGBuilder.be16(0x1234))]
        let image = try PNGCodec.decode(builder.build(samples: [0x1234, 0x12FF]))
        #expect(image.pixels == [0, 0, 0, 0, 19, 19, 19, 255])
    }

    /// The key is compared with raw low-bit samples, before scaling.
    @Test func lowBitGreyColourKey() throws {
        var builder = PNGBuilder(width: 4, height: 1, bitDepth: 2, colorType: .grey)
        builder.chunksBeforeData = [("tRNS", PNGBuilder.be16(2))]
        let image = try PNGCodec.decode(builder.build(samples: [0, 1, 2, 3]))
        #expect(image.pixels == [0, 0, 0, 255, 85, 85, 85, 255, 0, 0, 0, 0, 255, 255, 255, 255])
    }

    @Test func sixteenBitRGBColourKey() throws {
        var builder = PNGBuilder(width: 2, height: 1, bitDepth: 16, colorType: .rgb)
        builder.chunksBeforeData = [("tRNS", PNGBuilder.be16(0x0102) + PNGBuilder.be16(0x0304) + PNGBuilder.be16(0xFFFF))]
        let image = try PNGCodec.decode(builder.build(samples: [0x0102, 0x0304, 0xFFFF, 0x0102, 0x0304, 0xFFFE]))
        #expect(image.pixels == [0, 0, 0, 0, 1, 3, 255, 255])
    }

    @Test func rgbColourKey() throws {
        var builder = PNGBuilder(width: 2, height: 1, bitDepth: 8, colorType: .rgb)
        builder.chunksBeforeData = [("tRNS", PNGBuilder.be16(10) + PNGBuilder.be16(20) + PNGBuilder.be16(30))]
        let image = try PNGCodec.decode(builder.build(samples: [10, 20, 30, 10, 20, 31]))
        #expect(image.pixels == [0, 0, 0, 0, 10, 20, 31, 255])
    }

    /// pngjs ignores gAMA, sRGB, cHRM and iCCP: samples come out unchanged.
    @Test func gammaAndColourChunksAreIgnored() throws {
        var builder = PNGBuilder(width: 3, height: 1, bitDepth: 8, colorType: .rgba)
        builder.chunksBeforeData = [
            ("gAMA", PNGBuilder.be32(100_000)),  // linear: libpng's simplified API would re-encode
            ("cHRM", [UInt8](repeating: 1, count: 32)),
            ("iCCP", Array("junk\0".utf8) + [0, 1, 2, 3])  // broken profile must not matter
        ]
        let samples = [16, 64, 128, 128, 200, 100, 50, 255, 1, 2, 3, 4]
        let image = try PNGCodec.decode(builder.build(samples: samples))
        #expect(image.pixels == samples.map(UInt8.init))
    }

    @Test func greyAlphaEightBit() throws {
        let image = try PNGCodec.decode(
            PNGBuilder(width: 2, height: 1, bitDepth: 8, colorType: .greyAlpha).build(samples: [10, 20, 30, 40]))
        #expect(image.pixels == [10, 10, 10, 20, 30, 30, 30, 40])
    }

    @Test func rgbEightBitIsOpaque() throws {
        let image = try PNGCodec.decode(
            PNGBuilder(width: 2, height: 1, bitDepth: 8, colorType: .rgb).build(samples: [1, 2, 3, 4, 5, 6]))
        #expect(image.pixels == [1, 2, 3, 255, 4, 5, 6, 255])
    }

    /// Adam7 files decode to the same pixels as their non-interlaced twins.
    @Test(arguments: [(13, 11, 8, PNGBuilder.ColorType.rgba), (9, 7, 16, .rgb), (10, 3, 2, .grey), (1, 1, 8, .rgba)])
    func interlacedMatchesNonInterlaced(width: Int, height: Int, depth: Int, type: PNGBuilder.ColorType) throws {
        let maxValue = (1 << depth) - 1
        let samples = (0..<width * height * type.channels).map { ($0 * 2_654_435_761) % (maxValue + 1) }
        var builder = PNGBuilder(width: width, height: height, bitDepth: depth, colorType: type)
        let plain = try PNGCodec.decode(builder.build(samples: samples))
        builder.interlaced = true
        let interlaced = try PNGCodec.decode(builder.build(samples: samples))
        #expect(interlaced == plain)
        #expect(plain.width == width && plain.height == height)
    }

    @Test func paletteFixtureDecodes() throws {
        // 2a.png is an 8-bit palette image; 4a.png is RGB without alpha.
        let palette = try Fixtures.image("2a")
        #expect(palette.size == ImageSize(width: 256, height: 256))
        let rgb = try Fixtures.image("4a")
        #expect(rgb.size == ImageSize(width: 438, height: 412))
        #expect(stride(from: 3, to: rgb.pixels.count, by: 4).allSatisfy { rgb.pixels[$0] == 255 })
    }
}

import Foundation
import ProofsheetCore
import ProofsheetDiff
import Testing

/// Tiny files that claim huge images, or that lack the data they claim: each is refused before
/// the memory its header asks for is allocated (or, for missing data, instead of being padded).
@Suite("Decompression bombs")
struct DecompressionBombTests {
    /// Signature, an IHDR for `width`×`height` RGBA at `bitDepth`, a little deflate data, IEND:
    /// about 70 bytes.
    static func bomb(width: Int, height: Int, bitDepth: Int = 8) -> [UInt8] {
        PNGBuilder(width: width, height: height, bitDepth: bitDepth, colorType: .rgba).header()
            + PNGBuilder.chunk("IDAT", PNGBuilder.zlibStored([0, 0, 0, 0]))
            + PNGBuilder.chunk("IEND", [])
    }

    @Test(arguments: [8, 16])
    func pngDeclaring2147483647x1IsRefusedFromItsHeader(bitDepth: Int) {
        // libpng would allocate two rows of 8 GiB (16 GiB at 16 bits) before any pixel check.
        let png = Self.bomb(width: 2_147_483_647, height: 1, bitDepth: bitDepth)
        #expect(png.count < 100)
        let error = #expect(throws: ImageError.self) { _ = try PNGCodec.decode(png, source: "bomb.png") }
        #expect(error?.kind == .tooLarge(width: 2_147_483_647, height: 1, limit: RGBAImage.maxPixelCount))
        #expect(error?.description.hasPrefix("bomb.png: image is too large: 2147483647x1 pixels") == true)
        #expect(error?.description.contains("image-pixels") == true)
    }

    @Test func pngDeclaring400000000x1IsRefusedFromItsHeader() {
        let error = #expect(throws: ImageError.self) {
            try PNGCodec.decode(Self.bomb(width: 400_000_000, height: 1), source: "wide.png")
        }
        #expect(error?.kind == .tooLarge(width: 400_000_000, height: 1, limit: RGBAImage.maxPixelCount))
        #expect(error?.description.contains("--limit image-pixels=400000000 raises it") == true)
    }

    @Test func pngRowBuffersCountAgainstTheBudget() {
        // 20 million pixels pass the pixel limit, but a 16-bit RGBA row is 160 MB, and the decoder
        // keeps three of them (libpng's two and ours) beside the 80 MB output: 560 MB for 69 bytes.
        let png = Self.bomb(width: 20_000_000, height: 1, bitDepth: 16)
        let budget = ImageBudget(bytes: 200_000_000)
        let error = #expect(throws: ImageError.self) { _ = try PNGCodec.decode(png, source: "rows.png", budget: budget) }
        guard case let .overBudget(width, height, bytes, inUse, limit)? = error?.kind else {
            Issue.record("expected an over-budget error, got \(String(describing: error))")
            return
        }
        #expect(width == 20_000_000 && height == 1 && inUse == 0 && limit == 200_000_000)
        #expect(bytes > 80_000_000 + 3 * 160_000_000)
        #expect(budget.used == 0)
    }

    @Test func hugeICCPChunkIsSkippedUnread() throws {
        // A colour profile declaring 2 GiB, with no data behind it: refused as truncated, without
        // allocating for it.
        let declared =
            PNGBuilder(width: 1, height: 1, bitDepth: 8, colorType: .rgba).header()
            + PNGBuilder.be32(0x7FFF_FFF0) + Array("iCCP".utf8) + [UInt8](repeating: 0, count: 16)
        let error = #expect(throws: ImageError.self) { _ = try PNGCodec.decode(declared) }
        #expect(error?.kind == .corrupt(.png))

        // A real profile whose compressed data (130 KB) inflates to 64 MiB: skipped, never inflated.
        var builder = PNGBuilder(width: 1, height: 1, bitDepth: 8, colorType: .rgba)
        builder.chunksBeforeData = [("iCCP", Array("profile".utf8) + [0, 0] + Self.zlibZeros(copies: 260_000))]
        let image = try PNGCodec.decode(builder.build(samples: [1, 2, 3, 4]))
        #expect(image[x: 0, y: 0] == RGBAColor(r: 1, g: 2, b: 3, a: 4))
    }

    /// A zlib stream of `1 + 258 * copies` zero bytes: one fixed-Huffman block holding a literal 0
    /// and then `copies` matches of length 258 at distance 1 (13 bits each).
    static func zlibZeros(copies: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // the last block
        bits.write(1, count: 2)  // fixed Huffman codes
        bits.writeHuffman(0b0011_0000, count: 8)  // literal 0
        for _ in 0..<copies {
            bits.writeHuffman(0b1100_0101, count: 8)  // length code 285: 258 bytes
            bits.writeHuffman(0, count: 5)  // distance code 0: 1 byte back
        }
        bits.writeHuffman(0, count: 7)  // end of block
        let count = 1 + 258 * copies
        return [0x78, 0x01] + bits.bytes() + PNGBuilder.be32((count % 65_521) << 16 | 1)  // Adler-32 of zeros
    }

    @Test func pngWithImageDataCutShortIsRefused() throws {
        // IDAT stops half-way, then IEND follows: refused, not padded.
        let png = PNGBuilder(width: 64, height: 64, bitDepth: 8, colorType: .grey).build(samples: Array(repeating: 9, count: 64 * 64))
        let idat = png.indices.first { png[$0..<min($0 + 4, png.count)].elementsEqual(Array("IDAT".utf8)) }!
        let length = Int(png[idat - 4]) << 24 | Int(png[idat - 3]) << 16 | Int(png[idat - 2]) << 8 | Int(png[idat - 1])
        let cut = Array(png[(idat + 4)..<(idat + 4 + length / 2)])
        let truncated = Array(png[..<(idat - 4)]) + PNGBuilder.chunk("IDAT", cut) + PNGBuilder.chunk("IEND", [])
        let error = #expect(throws: ImageError.self) { _ = try PNGCodec.decode(truncated, source: "cut.png") }
        #expect(error?.kind == .corrupt(.png))
    }

    // MARK: - JPEG

    /// A 16×16 progressive JPEG (4:2:0), made with libjpeg's simple progression.
    static let progressive = JPEGDecodingTests.bytes(
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wgARCAAQABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAABgf/xAAVAQEBAAAAAAAAAAAAAAAAAAAEB//aAAwDAQACEAMQAAABizRiymjP/8QAFhAAAwAAAAAAAAAAAAAAAAAAAAQF/9oACAEBAAEFAlJQpKFJQrKP/8QAGBEAAgMAAAAAAAAAAAAAAAAAAAUGITH/2gAIAQMBAT8Bjb7LP//EABgRAAIDAAAAAAAAAAAAAAAAAAAEBRJB/9oACAECAQE/AXJiun//xAAVEAEBAAAAAAAAAAAAAAAAAAAAMf/aAAgBAQAGPwKIiP/EABUQAQEAAAAAAAAAAAAAAAAAAAAx/9oACAEBAAE/IYMGDN//2gAMAwEAAgADAAAAEAv/xAAVEQEBAAAAAAAAAAAAAAAAAAAAEf/aAAgBAwEBPxC7/8QAFREBAQAAAAAAAAAAAAAAAAAAACH/2gAIAQIBAT8QoP/EABYQAAMAAAAAAAAAAAAAAAAAAAAR0f/aAAgBAQABPxBMhMhMhUj/2Q=="
    )

    @Test func progressiveJPEGCoefficientBufferCountsAgainstTheBudget() throws {
        #expect(try JPEGCodec.decode(Self.progressive).size == ImageSize(width: 16, height: 16))
        // Claiming 10000×10000, a progressive file needs a 300 MB coefficient buffer (4:2:0) before
        // its first pixel, besides the 400 MB output: refused by a 500 MB budget up front.
        let jpeg = JPEGDecodingTests.claiming(Self.progressive, width: 10_000, height: 10_000)
        let budget = ImageBudget(bytes: 500_000_000)
        let error = #expect(throws: ImageError.self) { _ = try JPEGCodec.decode(jpeg, source: "p.jpg", budget: budget) }
        guard case let .overBudget(width, height, bytes, _, _)? = error?.kind else {
            Issue.record("expected an over-budget error, got \(String(describing: error))")
            return
        }
        #expect(width == 10_000 && height == 10_000)
        #expect(bytes >= 400_000_000 + 300_000_000)
        #expect(budget.used == 0)
    }

    @Test func jpegOverThePixelLimitIsRefusedFromItsHeader() {
        let jpeg = JPEGDecodingTests.claiming(JPEGDecodingTests.rgb, width: 20_000, height: 20_000)
        let error = #expect(throws: ImageError.self) { _ = try JPEGCodec.decode(jpeg, source: "big.jpg") }
        #expect(error?.kind == .tooLarge(width: 20_000, height: 20_000, limit: RGBAImage.maxPixelCount))
    }
}

/// The decoded image memory a process may hold, counted per decode and given back with the image.
/// Each test uses a budget of its own, so they can run in parallel with everything else.
@Suite("Image memory budget")
struct ImageBudgetTests {
    static let png = PNGBuilder(width: 8, height: 8, bitDepth: 8, colorType: .rgba).build(samples: (0..<256).map { $0 })

    @Test func secondDecodeOverTheBudgetFailsNamingFileSizeAndLimit() throws {
        // An 8×8 image holds 256 bytes; while decoding, the decoder's rows count too.
        let budget = ImageBudget(bytes: 700)
        let first = try PNGCodec.decode(Self.png, source: "first.png", budget: budget)
        #expect(budget.used == 256)
        let error = #expect(throws: ImageError.self) { _ = try PNGCodec.decode(Self.png, source: "second.png", budget: budget) }
        guard case let .overBudget(width, height, bytes, inUse, limit)? = error?.kind else {
            Issue.record("expected an over-budget error, got \(String(describing: error))")
            return
        }
        #expect(width == 8 && height == 8 && inUse == 256 && limit == 700 && bytes > 256)
        let text = error?.description ?? ""
        #expect(text.hasPrefix("second.png: not enough image memory: 8x8 pixels need"))
        #expect(text.contains("256 bytes already decoded"))
        #expect(text.contains("the limit (image-bytes) is 700 bytes"))
        #expect(text.contains("--limit image-bytes=1MiB raises it"))
        #expect(budget.used == 256)  // the failed decode took nothing
        _ = first
    }

    @Test func bytesAreGivenBackWithTheLastCopy() throws {
        let budget = ImageBudget(bytes: 700)
        do {
            let image = try RGBAImage(decoding: Self.png, budget: budget)
            let copy = image
            #expect(budget.used == 256)  // copies share one reservation
            #expect(copy == image)
        }
        #expect(budget.used == 0)
        // The memory is free again: the next image fits.
        _ = try RGBAImage(decoding: Self.png, budget: budget)
        _ = try JPEGCodec.decode(JPEGDecodingTests.grey, budget: ImageBudget(bytes: 16 * 16 * 4 + (17 << 20)))
    }

    @Test func budgetFollowsItsLimit() throws {
        let limit = Limit("test-image-bytes", "a limit of this test's own", unit: "bytes", default: 700, range: 0...1e9)
        let budget = ImageBudget(limit: limit)
        #expect(budget.limit == 700)
        try limit.set(100)
        #expect(throws: ImageError.self) { _ = try PNGCodec.decode(Self.png, budget: budget) }
        limit.reset()
        #expect(try PNGCodec.decode(Self.png, budget: budget).width == 8)
    }

    @Test func sharedBudgetIsTheImageBytesLimit() {
        #expect(ImageLimits.processBytes.name == "image-bytes")
        #expect(ImageLimits.processBytes.defaultValue == 1_073_741_824)
        #expect(ImageLimits.pixels.name == "image-pixels")
        #expect(ImageLimits.pixels.defaultValue == 100_000_000)
        #expect(ImageBudget.shared.limit == ImageLimits.processBytes.int)
        #expect(RGBAImage.maxPixelCount == ImageLimits.pixels.int)
    }

    @Test func decodedImagesEqualTheSamePixels() throws {
        let decoded = try PNGCodec.decode(Self.png, budget: ImageBudget(bytes: 1 << 20))
        let plain = try RGBAImage(width: 8, height: 8, pixels: decoded.pixels)
        #expect(decoded == plain)
        #expect(decoded.hashValue == plain.hashValue)
    }
}

/// Writes a deflate bit stream: plain fields least significant bit first, Huffman codes most
/// significant bit first.
struct BitWriter {
    private var out: [UInt8] = []
    private var current = 0
    private var used = 0

    mutating func write(_ value: Int, count: Int) {
        for i in 0..<count { push(value >> i & 1) }
    }

    mutating func writeHuffman(_ code: Int, count: Int) {
        for i in stride(from: count - 1, through: 0, by: -1) { push(code >> i & 1) }
    }

    private mutating func push(_ bit: Int) {
        current |= bit << used
        used += 1
        if used == 8 { out.append(UInt8(current)); current = 0; used = 0 }
    }

    func bytes() -> [UInt8] { used > 0 ? out + [UInt8(current)] : out }
}

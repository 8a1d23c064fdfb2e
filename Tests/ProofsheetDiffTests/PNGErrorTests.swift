import Foundation
import ProofsheetDiff
import Testing
import ProofsheetTestSupport

/// Broken, truncated and hostile PNG files must produce an ``ImageError``,
/// never a crash, and never a giant allocation.
@Suite("PNG decoding errors")
struct PNGErrorTests {
    static func validPNG() -> [UInt8] {
        PNGBuilder(width: 8, height: 8, bitDepth: 8, colorType: .rgba).build(samples: (0..<256).map { $0 })
    }

    @Test func truncatedFile() throws {
        let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.pixelmatchPNG("1a"))))
        for cut in [9, 20, 33, 40, data.count / 2, data.count - 20] {
            let error = #expect(throws: ImageError.self) {
                try PNGCodec.decode(Array(data.prefix(cut)), source: "cut.png")
            }
            #expect(error?.kind == .corrupt(.png), "cut at \(cut)")
            #expect(error?.description.hasPrefix("cut.png: corrupt PNG data") == true)
        }
        // The usual case names the problem plainly.
        let error = #expect(throws: ImageError.self) { try PNGCodec.decode(Array(data.prefix(data.count / 2))) }
        #expect(error?.detail.contains("truncated") == true)
    }

    @Test func badChecksumInCriticalChunk() {
        var png = Self.validPNG()
        png[29] ^= 0xFF  // last byte of the IHDR CRC
        let error = #expect(throws: ImageError.self) { try PNGCodec.decode(png) }
        #expect(error?.kind == .corrupt(.png))
        #expect(error?.detail.contains("CRC") == true)
    }

    @Test func corruptCompressedData() {
        var builder = PNGBuilder(width: 4, height: 4, bitDepth: 8, colorType: .rgba)
        builder.chunksBeforeData = []
        var png = builder.build(samples: [Int](repeating: 7, count: 64))
        // Replace the IDAT payload's zlib header with an invalid one (and fix the CRC).
        let idat = png.indices.first { png[$0..<min($0 + 4, png.count)].elementsEqual(Array("IDAT".utf8)) }!
        png[idat + 4] = 0x00
        let length = Int(png[idat - 4]) << 24 | Int(png[idat - 3]) << 16 | Int(png[idat - 2]) << 8 | Int(png[idat - 1])
        let crc = PNGBuilder.be32(Int(PNGBuilder.crc32(Array(png[idat..<idat + 4 + length]))))
        png.replaceSubrange(idat + 4 + length..<idat + 8 + length, with: crc)
        let error = #expect(throws: ImageError.self) { try PNGCodec.decode(png) }
        #expect(error?.kind == .corrupt(.png))
    }

    @Test func notAPNG() {
        let error = #expect(throws: ImageError.self) { try PNGCodec.decode(Array("GIF89a not a png".utf8)) }
        #expect(error?.kind == .unrecognizedFormat)
        let empty = #expect(throws: ImageError.self) { try PNGCodec.decode([]) }
        #expect(empty?.kind == .empty)
    }

    @Test func hugeDimensionsAreRejectedBeforeAllocation() {
        // A 20000x20000 image (400 M pixels) whose data stops after 3 bytes.
        let png =
            PNGBuilder(width: 20_000, height: 20_000, bitDepth: 8, colorType: .rgba).header()
            + PNGBuilder.chunk("IDAT", [0x78, 0x01, 0x00])
        let error = #expect(throws: ImageError.self) { try PNGCodec.decode(png, source: "bomb.png") }
        #expect(error?.kind == .tooLarge(width: 20_000, height: 20_000, limit: RGBAImage.maxPixelCount))
        #expect(error?.description.contains("bomb.png") == true)

        // The limit is adjustable.
        let small = #expect(throws: ImageError.self) { try PNGCodec.decode(Self.validPNG(), maxPixelCount: 63) }
        #expect(small?.kind == .tooLarge(width: 8, height: 8, limit: 63))
        #expect((try? PNGCodec.decode(Self.validPNG(), maxPixelCount: 64)) != nil)
    }

    @Test func zeroWidthIsCorrupt() {
        let png = PNGBuilder(width: 0, height: 4, bitDepth: 8, colorType: .rgba).header()
        let error = #expect(throws: ImageError.self) { try PNGCodec.decode(png) }
        #expect(error?.kind == .corrupt(.png))
    }

    @Test func missingFileNamesThePath() {
        let path = "/nonexistent/dir/missing.png"
        let error = #expect(throws: ImageError.self) { try PNGCodec.decode(contentsOfFile: path) }
        #expect(error?.kind == .unreadable)
        #expect(error?.source == path)
    }

    /// Deterministic mutation fuzzing: every mutant decodes or throws.
    @Test func mutatedFilesNeverCrash() throws {
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.pixelmatchPNG("6a"))))
        var generator = SeededRandom(seed: 42)
        var decoded = 0
        var rejected = 0
        for _ in 0..<300 {
            var mutant = original
            for _ in 0..<Int(generator.next() % 4 + 1) {
                let position = Int(generator.next() % UInt64(mutant.count))
                mutant[position] = UInt8(truncatingIfNeeded: generator.next())
            }
            if generator.next() % 5 == 0 {
                mutant.removeLast(Int(generator.next() % UInt64(mutant.count)))
            }
            do {
                let image = try PNGCodec.decode(mutant)
                #expect(image.pixels.count == image.width * image.height * 4)
                decoded += 1
            } catch {
                rejected += 1
            }
        }
        #expect(decoded + rejected == 300)
        #expect(rejected > 0)
    }
}

extension PNGBuilder {
    /// Signature + IHDR only (append chunks to taste).
    func header() -> [UInt8] {
        var ihdr = PNGBuilder.be32(width) + PNGBuilder.be32(height)
        ihdr += [UInt8(bitDepth), colorType.rawValue, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + PNGBuilder.chunk("IHDR", ihdr)
    }
}

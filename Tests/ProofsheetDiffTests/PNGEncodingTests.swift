import Foundation
import ProofsheetDiff
import Testing
import ProofsheetTestSupport

@Suite("PNG encoding")
struct PNGEncodingTests {
    static func noise(width: Int, height: Int, seed: UInt64) throws -> RGBAImage {
        var generator = SeededRandom(seed: seed)
        let pixels = (0..<width * height * 4).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        return try RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test func roundTripIsLossless() throws {
        for (width, height) in [(1, 1), (7, 3), (64, 65)] {
            let image = try Self.noise(width: width, height: height, seed: UInt64(width))
            let png = try PNGCodec.encode(image)
            #expect(Array(png.prefix(8)) == PNGCodec.signature)
            #expect(try PNGCodec.decode(png) == image)
            #expect(try PNGCodec.decode(PNGCodec.encode(image, compression: .fast)) == image)
        }
    }

    @Test func outputIsDeterministic() throws {
        let image = try Fixtures.image("3a")
        #expect(try PNGCodec.encode(image) == PNGCodec.encode(image))
    }

    @Test func emptyImageCannotBeEncoded() {
        let error = #expect(throws: ImageError.self) { try PNGCodec.encode(RGBAImage(width: 0, height: 5)) }
        #expect(error?.kind == .encodingFailed(.png))
    }

    @Test func writesAndReadsFiles() throws {
        let image = try Self.noise(width: 5, height: 4, seed: 9)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("proofsheet-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try image.writePNG(to: path)
        #expect(try RGBAImage(contentsOfFile: path) == image)
        #expect(try PNGCodec.decode(contentsOfFile: path) == image)

        let error = #expect(throws: ImageError.self) { try image.writePNG(to: "/dev/null/x.png") }
        #expect(error?.kind == .unwritable)
    }

    @Test func imageGeometryIsValidated() {
        #expect(throws: ImageError.self) { try RGBAImage(width: 2, height: 2, pixels: [0, 0, 0]) }
        #expect(throws: ImageError.self) { try RGBAImage(width: -1, height: 2, pixels: []) }
        #expect(
            (try? RGBAImage(width: 1, height: 2, pixels: [1, 2, 3, 4, 5, 6, 7, 8]))?[x: 0, y: 1]
                == RGBAColor(r: 5, g: 6, b: 7, a: 8))
    }
}

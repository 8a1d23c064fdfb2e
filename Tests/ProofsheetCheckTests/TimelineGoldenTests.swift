import Foundation
import ProofsheetCheck
import ProofsheetCore
import ProofsheetImage
import Testing

/// A timeline's golden file (golden format 2): every instant read back exactly, identical
/// instants stored once, and a hostile file refused before its frames are trusted.
@Suite("Timeline golden files")
struct TimelineGoldenTests {
    /// A 16×12 image: a dot at `x` on a grey ground.
    static func image(dot x: Int, color: UInt8 = 200) throws -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: 16 * 12 * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) { pixels[i] = 90; pixels[i + 1] = 90; pixels[i + 2] = 90; pixels[i + 3] = 255 }
        for y in 4..<8 {
            for dx in 0..<3 { let i = (y * 16 + x + dx) * 4; pixels[i] = color; pixels[i + 1] = 10; pixels[i + 2] = 30; pixels[i + 3] = 128 }
        }
        return try RGBAImage(width: 16, height: 12, pixels: pixels)
    }

    /// Read as a stream, for instants asked in time order (some the file lacks), each image is
    /// the one the whole file gives, a frame shown again later included; an instant the file
    /// lacks is nil.
    @Test func aStreamGivesEachInstantTheImageTheWholeFileGives() throws {
        let a = try Self.image(dot: 1), b = try Self.image(dot: 6), c = try Self.image(dot: 6, color: 40), d = try Self.image(dot: 11)
        let instants = [(milliseconds: 0, image: a), (90, b), (179, a), (250, c), (401, b), (600, d), (1021, a)]
        let bytes = try TimelineGolden.encode(instants, environment: nil, compression: .small)
        let whole = try TimelineGolden.read(bytes, source: "t.png")
        for asking in [[0, 90, 179, 250, 401, 600, 1021], [0, 60, 250, 1021], [401, 600], [1021], [5, 1021, 2000].filter { $0 != 2000 }] {
            var stream = try TimelineGolden.Stream(bytes, source: "t.png", frames: whole.frames, asking: asking)
            for ms in asking {
                let image = try stream.image(at: ms)
                #expect(image?.pixels == whole.image(at: ms)?.pixels, "\(ms) ms of \(asking)")
                #expect((image == nil) == (whole.frames[ms] == nil), "\(ms) ms of \(asking)")
            }
        }
    }

    @Test func everyInstantReadsBackExactlyAndRepeatsAreStoredOnce() throws {
        let a = try Self.image(dot: 1), b = try Self.image(dot: 6), c = try Self.image(dot: 6, color: 40)
        // Out of time order on purpose; a comes back after b (not consecutive), b twice in a row.
        let instants = [(milliseconds: 401, image: a), (0, a), (179, b), (250, b), (1021, c), (90, a)]
        let bytes = try TimelineGolden.encode(instants, environment: "proofsheet=0.1.0 golden-format=2", compression: .small)
        let golden = try TimelineGolden.read(bytes, source: "t.png")
        #expect(golden.instants == [0, 90, 179, 250, 401, 1021])
        #expect(golden.environment == "proofsheet=0.1.0 golden-format=2")
        for (ms, image) in instants { #expect(golden.image(at: ms)?.pixels == image.pixels, "\(ms) ms") }
        // Three distinct images, three frames: a, b, c.
        var frames = 0
        try APNGReader.forEachFrame(bytes) { _ in frames += 1 }
        #expect(frames == 3)
        #expect(Set(golden.frames.values) == [0, 1, 2])
        // The map as written: time ascending, `ms=frame`.
        #expect(PNGText.read(TimelineGolden.instantsKeyword, in: bytes) == "0=0 90=0 179=1 250=1 401=0 1021=2")
        // Only the frames asked for are kept.
        let some = try TimelineGolden.read(bytes, source: "t.png") { $0 == 2 }
        #expect(some.image(at: 1021) != nil && some.image(at: 0) == nil)
        // The same instants give the same bytes.
        #expect(try TimelineGolden.encode(instants.reversed(), environment: "proofsheet=0.1.0 golden-format=2", compression: .small) == bytes)
    }

    /// A file whose map is replaced by `text`.
    static func withMap(_ text: String) throws -> [UInt8] {
        let bytes = try TimelineGolden.encode([(0, try image(dot: 1)), (100, try image(dot: 5))], environment: nil, compression: .fast)
        let old = try #require(PNGText.read(TimelineGolden.instantsKeyword, in: bytes))
        #expect(old == "0=0 100=1")
        // The map chunk is the first tEXt after IHDR: rebuild the file with the new one.
        var plain: [UInt8] = Array(bytes[..<33])
        var i = 33
        while i < bytes.count {
            let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if Array(bytes[(i + 4)..<(i + 8)]) != Array("tEXt".utf8) { plain += bytes[i..<(i + 12 + length)] }
            i += 12 + length
        }
        return PNGText.inserting(TimelineGolden.instantsKeyword, text, into: plain)
    }

    @Test(
        "a hostile map is refused",
        arguments: [
            "", "0=0 100=2", "100=0 0=1", "0=0 0=1", "0=0 100", "0=0 100=1 ", "-1=0", "0=01", "00=0", "0=0 3600001=1", "0=0 100=99999999",
            "0=x", String(repeating: "1=0 ", count: 60_000)
        ])
    func hostileMapsAreRefused(_ text: String) throws {
        let bytes = try Self.withMap(text)
        #expect(throws: ImageError.self) { try TimelineGolden.read(bytes, source: "g.png") }
    }

    @Test func aPlainPNGOrNoPNGIsNoTimelineGolden() throws {
        let plain = try PNGCodec.encode(try Self.image(dot: 1))
        let error = #expect(throws: ImageError.self) { try TimelineGolden.read(plain, source: "g.png") }
        #expect(error?.description.contains("not a timeline golden") == true)
        #expect(throws: ImageError.self) { try TimelineGolden.read(Array("version https://git-lfs".utf8), source: "g.png") }
        // A good map over a good file reads.
        #expect(try TimelineGolden.read(try Self.withMap("0=0 7=1 100=1"), source: "g.png").instants == [0, 7, 100])
    }

    @Test func instantsOfOneFileAreOneSize() throws {
        #expect(throws: ProofsheetError.self) {
            try TimelineGolden.encode(
                [(0, try Self.image(dot: 1)), (5, try RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 0, count: 64)))], environment: nil,
                compression: .fast)
        }
        #expect(throws: ProofsheetError.self) { try TimelineGolden.encode([], environment: nil, compression: .fast) }
    }
}

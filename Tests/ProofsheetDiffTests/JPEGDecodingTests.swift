import Foundation
import ProofsheetDiff
import Testing
import ProofsheetTestSupport

/// Small JPEGs made with Pillow (16x16, four flat quadrants), embedded here.
@Suite("JPEG decoding")
struct JPEGDecodingTests {
    static let rgb = bytes(
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsICQoKCgoKBggLDAsKDAkKCgr/2wBDAQICAgICAgUDAwUKBwYHCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgr/wAARCAAQABADAREAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwD4vr+Uz/fw/Siv5bP+Fc/Buv8AtMP9WD+4iv8AAM/VD//Z"
    )
    static let grey = bytes(
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsICQoKCgoKBggLDAsKDAkKCgr/wAALCAAQABABAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/AP5/6/VSv1Ur9VK//9k="
    )
    static let cmyk = bytes(
        "/9j/7gAOQWRvYmUAZAAAAAAA/9sAQwACAQEBAQECAQEBAgICAgIEAwICAgIFBAQDBAYFBgYGBQYGBgcJCAYHCQcGBggLCAkKCgoKCgYICwwLCgwJCgoK/8AAFAgAEAAQBEMRAE0RAFkRAEsRAP/EAB8AAAEFAQEBAQEBAAAAAAAAAAABAgMEBQYHCAkKC//EALUQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+v/aAA4EQwBNAFkASwAAPwD9/K/n/r+f+v38r+AOv7/KKK/v8or+/wAoooor+AOv/9k="
    )

    static func bytes(_ base64: String) -> [UInt8] { [UInt8](Data(base64Encoded: base64)!) }

    /// Checks the centre of each quadrant against `expected` within `tolerance`.
    static func expectQuadrants(_ image: RGBAImage, _ expected: [(UInt8, UInt8, UInt8)], tolerance: Int = 4) {
        #expect(image.size == ImageSize(width: 16, height: 16))
        for (index, point) in [(4, 4), (12, 4), (4, 12), (12, 12)].enumerated() {
            let pixel = image[x: point.0, y: point.1]
            let want = expected[index]
            #expect(abs(Int(pixel.r) - Int(want.0)) <= tolerance, "quadrant \(index) red \(pixel.r)")
            #expect(abs(Int(pixel.g) - Int(want.1)) <= tolerance, "quadrant \(index) green \(pixel.g)")
            #expect(abs(Int(pixel.b) - Int(want.2)) <= tolerance, "quadrant \(index) blue \(pixel.b)")
            #expect(pixel.a == 255)
        }
    }

    @Test func decodesRGB() throws {
        Self.expectQuadrants(try JPEGCodec.decode(Self.rgb), [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)])
        // Signature sniffing picks the JPEG decoder.
        #expect(try RGBAImage(decoding: Self.rgb) == JPEGCodec.decode(Self.rgb))
    }

    @Test func decodesGreyscale() throws {
        Self.expectQuadrants(try JPEGCodec.decode(Self.grey), [(0, 0, 0), (85, 85, 85), (170, 170, 170), (255, 255, 255)])
    }

    @Test func decodesAdobeCMYK() throws {
        Self.expectQuadrants(try JPEGCodec.decode(Self.cmyk), [(255, 0, 0), (0, 255, 0), (255, 255, 255), (0, 0, 0)])
    }

    @Test func truncatedJPEGIsAnError() {
        for cut in [2, 20, Self.rgb.count / 2, Self.rgb.count - 40] {
            let error = #expect(throws: ImageError.self) {
                try JPEGCodec.decode(Array(Self.rgb.prefix(cut)), source: "cut.jpg")
            }
            #expect(error?.kind == .corrupt(.jpeg) || error?.kind == .unrecognizedFormat, "cut at \(cut)")
            #expect(error?.source == "cut.jpg")
        }
    }

    @Test func hugeJPEGIsRejectedBeforeAllocation() throws {
        let image = try JPEGCodec.decode(Self.rgb)
        #expect(image.width == 16)
        let error = #expect(throws: ImageError.self) { try JPEGCodec.decode(Self.rgb, maxPixelCount: 255) }
        #expect(error?.kind == .tooLarge(width: 16, height: 16, limit: 255))
    }

    @Test func mutatedJPEGsNeverCrash() {
        var generator = SeededRandom(seed: 7)
        for _ in 0..<300 {
            var mutant = Self.rgb
            for _ in 0..<Int(generator.next() % 3 + 1) {
                let position = 2 + Int(generator.next() % UInt64(mutant.count - 2))
                mutant[position] = UInt8(truncatingIfNeeded: generator.next())
            }
            if let image = try? JPEGCodec.decode(mutant) {
                #expect(image.pixels.count == image.width * image.height * 4)
            }
        }
    }

    @Test func unknownFormatIsReported() {
        let error = #expect(throws: ImageError.self) { try RGBAImage(decoding: Array("hello".utf8), source: "x.bin") }
        #expect(error?.kind == .unrecognizedFormat)
        #expect(error?.description == "x.bin: not a PNG or JPEG image: unknown file signature")
    }

    /// `jpeg` with its frame header (SOF0/SOF2) claiming `width`×`height`.
    static func claiming(_ jpeg: [UInt8], width: Int, height: Int) -> [UInt8] {
        var out = jpeg
        let sof = JPEGSegments(jpeg).first { $0.marker == 0xC0 || $0.marker == 0xC2 }!
        out.replaceSubrange(sof.start + 5..<sof.start + 9, with: PNGBuilder.be16(height) + PNGBuilder.be16(width))
        return out
    }

    /// `jpeg` up to the end of its first scan header, then `keep` bytes of its data, then EOI.
    static func cut(_ jpeg: [UInt8], keeping keep: Int) -> [UInt8] {
        let sos = JPEGSegments(jpeg).first { $0.marker == 0xDA }!
        return Array(jpeg[..<(sos.end + keep)]) + [0xFF, 0xD9]
    }

    @Test(arguments: [0, 8])
    func jpegClaiming10000x10000WithoutTheDataIsRefused(keep: Int) {
        // A few hundred bytes that decode to 10000×10000 grey pixels if missing data is padded.
        let jpeg = Self.cut(Self.claiming(Self.rgb, width: 10_000, height: 10_000), keeping: keep)
        #expect(jpeg.count < 1_000)
        let error = #expect(throws: ImageError.self) { _ = try JPEGCodec.decode(jpeg, source: "claim.jpg") }
        #expect(error?.kind == .corrupt(.jpeg))
        #expect(error?.detail.contains("premature end of data segment") == true)
        #expect(error?.source == "claim.jpg")
    }

    @Test func jpegCutShortBeforeItsEndMarkerIsRefused() throws {
        // The real 16×16 image with half of its entropy-coded data, then EOI.
        let sos = JPEGSegments(Self.rgb).first { $0.marker == 0xDA }!
        let dataLength = Self.rgb.count - 2 - sos.end
        let jpeg = Self.cut(Self.rgb, keeping: dataLength / 2)
        let error = #expect(throws: ImageError.self) { _ = try JPEGCodec.decode(jpeg) }
        #expect(error?.kind == .corrupt(.jpeg))
        // Whole, it decodes as before.
        #expect(try JPEGCodec.decode(Self.rgb).size == ImageSize(width: 16, height: 16))
    }
}

/// The segments of a JPEG file up to and including its first scan header.
struct JPEGSegments: Sequence {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// A marker segment: `start` at its 0xFF, `end` just past its payload.
    struct Segment { let marker: UInt8; let start: Int; let end: Int }

    func makeIterator() -> AnyIterator<Segment> {
        var offset = 2  // after SOI
        var done = false
        return AnyIterator {
            guard !done, offset + 4 <= bytes.count, bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let segment = Segment(marker: marker, start: offset, end: offset + 2 + length)
            offset = segment.end
            if marker == 0xDA { done = true }
            return segment
        }
    }
}

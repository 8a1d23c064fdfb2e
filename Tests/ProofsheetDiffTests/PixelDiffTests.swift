import ProofsheetDiff
import Testing

/// Semantics of the pixelmatch port on tiny hand-checked images.
@Suite("PixelDiff semantics")
struct PixelDiffTests {
    static func image(_ width: Int, _ height: Int, _ pixels: [RGBAColor]) throws -> RGBAImage {
        try RGBAImage(width: width, height: height, pixels: pixels.flatMap { [$0.r, $0.g, $0.b, $0.a] })
    }

    static let white = RGBAColor(r: 255, g: 255, b: 255)
    static let black = RGBAColor(r: 0, g: 0, b: 0)

    @Test func darkerActualUsesAlternativeColour() throws {
        let options = DiffOptions(diffColor: RGBColor(255, 0, 0), diffColorAlt: RGBColor(0, 255, 0))
        let darker = try #require(PixelDiff.compare(Self.image(1, 1, [Self.white]), Self.image(1, 1, [Self.black]), options: options).result)
        #expect(darker.mismatched == 1)
        #expect(darker.diffImage?[x: 0, y: 0] == RGBAColor(r: 0, g: 255, b: 0))
        let lighter = try #require(PixelDiff.compare(Self.image(1, 1, [Self.black]), Self.image(1, 1, [Self.white]), options: options).result)
        #expect(lighter.diffImage?[x: 0, y: 0] == RGBAColor(r: 255, g: 0, b: 0))
    }

    /// drawGrayPixel truncates: luma(100,150,200) = 140.779...; with alpha 0.1
    /// the value is 243.578, stored as 243 (rounding would give 244).
    @Test func unchangedPixelsAreFadedGreyTruncated() throws {
        let pixel = RGBAColor(r: 100, g: 150, b: 200)
        let result = try #require(PixelDiff.compare(Self.image(1, 1, [pixel]), Self.image(1, 1, [pixel])).result)
        #expect(result.diffImage?[x: 0, y: 0] == RGBAColor(r: 243, g: 243, b: 243))
        // alpha 0.5 and a half-transparent pixel: 255 + (140.779 - 255) * 0.5 * 128 / 255 = 226.33 -> 226.
        let translucent = RGBAColor(r: 100, g: 150, b: 200, a: 128)
        let faded = try #require(
            PixelDiff.compare(
                Self.image(1, 1, [translucent]), Self.image(1, 1, [translucent]), options: DiffOptions(alpha: 0.5)
            ).result)
        #expect(faded.diffImage?[x: 0, y: 0] == RGBAColor(r: 226, g: 226, b: 226))
    }

    @Test func thresholdIsStrict() throws {
        // (0,0,0) vs (1,1,1): delta = 0.5053 * 1^2 (+ ~0) = 0.5053.
        // threshold t flags the pixel when 0.5053 > 35215 * t * t.
        let a = try Self.image(1, 1, [Self.black])
        let b = try Self.image(1, 1, [RGBAColor(r: 1, g: 1, b: 1)])
        #expect(try PixelDiff.compare(a, b, options: DiffOptions(threshold: 0.0037)).result?.mismatched == 1)
        #expect(try PixelDiff.compare(a, b, options: DiffOptions(threshold: 0.0039)).result?.mismatched == 0)
        #expect(try PixelDiff.compare(a, a, options: DiffOptions(threshold: 0)).result?.mismatched == 0)
    }

    /// Semi-transparent pixels are blended over a background that depends on
    /// the byte offset k: green is 207 where floor(k / 1.618) is odd (pixel 3,
    /// k = 12) and 48 at pixel 0. The same colour change therefore has a
    /// different delta at the two positions.
    @Test func translucentBackgroundDependsOnPosition() throws {
        let clear = RGBAColor(r: 0, g: 0, b: 0, a: 0)
        let green = RGBAColor(r: 0, g: 255, b: 0, a: 128)
        let grey = RGBAColor(r: 128, g: 128, b: 128)
        let before = try Self.image(4, 1, [clear, grey, grey, clear])
        let after = try Self.image(4, 1, [green, grey, grey, green])
        // At k = 0 the background is (48, 48, 48): |delta| ~ 2558; at k = 12 it
        // is (48, 207, 48): |delta| ~ 185. Threshold 0.25 -> maxDelta 2200.9.
        let options = DiffOptions(threshold: 0.25, includeAA: true)
        let result = try #require(PixelDiff.compare(before, after, options: options).result)
        #expect(result.mismatched == 1)
        #expect(result.diffImage?[x: 0, y: 0] == RGBAColor(r: 255, g: 0, b: 0))
        #expect(result.diffImage?[x: 3, y: 0] != RGBAColor(r: 255, g: 0, b: 0))
    }

    @Test func diffMaskLeavesUnchangedPixelsTransparent() throws {
        let a = try Self.image(2, 1, [Self.white, Self.white])
        let b = try Self.image(2, 1, [Self.white, Self.black])
        let result = try #require(PixelDiff.compare(a, b, options: DiffOptions(diffMask: true)).result)
        #expect(result.diffImage?.pixels == [0, 0, 0, 0, 255, 0, 0, 255])
    }

    @Test func sizeMismatchIsAResult() throws {
        let outcome = try PixelDiff.compare(RGBAImage(width: 3, height: 2), RGBAImage(width: 2, height: 3))
        #expect(outcome == .sizeMismatch(expected: ImageSize(width: 3, height: 2), actual: ImageSize(width: 2, height: 3)))
        #expect(outcome.result == nil)
        #expect(!outcome.isMatch)
    }

    @Test func emptyImagesMatch() throws {
        let result = try #require(PixelDiff.compare(RGBAImage(width: 0, height: 0), RGBAImage(width: 0, height: 0)).result)
        #expect(result.total == 0 && result.mismatched == 0 && result.ratio == 0)
    }

    @Test func resultNumbers() throws {
        let img1 = try Fixtures.image("1a")
        let img2 = try Fixtures.image("1b")
        let result = try #require(PixelDiff.compare(img1, img2, options: DiffOptions(threshold: 0.05)).result)
        #expect(result.width == 512 && result.height == 256)
        #expect(result.mismatched == 143)
        #expect(result.total == 512 * 256)
        #expect(result.ignored == 0)
        #expect(result.ratio == 143.0 / 131_072.0)
        #expect(!result.isMatch)
    }
}

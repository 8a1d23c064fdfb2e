import ProofsheetDiff
import Testing

@Suite("Three-panel images")
struct PanelsTests {
    static let a = RGBAColor(r: 10, g: 0, b: 0)
    static let d = RGBAColor(r: 0, g: 20, b: 0)
    static let b = RGBAColor(r: 0, g: 0, b: 30)

    @Test func equalSizes() {
        let panel = DiffPanels.compose(
            expected: RGBAImage(width: 10, height: 5, fill: Self.a),
            diff: RGBAImage(width: 10, height: 5, fill: Self.d),
            actual: RGBAImage(width: 10, height: 5, fill: Self.b),
            gap: 8)
        #expect(panel.size == ImageSize(width: 46, height: 5))
        #expect(panel[x: 0, y: 0] == Self.a && panel[x: 9, y: 4] == Self.a)
        #expect(panel[x: 10, y: 2] == RGBAColor(r: 255, g: 255, b: 255))  // gap
        #expect(panel[x: 17, y: 2] == RGBAColor(r: 255, g: 255, b: 255))
        #expect(panel[x: 18, y: 0] == Self.d && panel[x: 27, y: 4] == Self.d)
        #expect(panel[x: 36, y: 0] == Self.b && panel[x: 45, y: 4] == Self.b)
    }

    @Test func differentSizesWithoutDiff() {
        let background = RGBAColor(r: 1, g: 2, b: 3, a: 0)
        let panel = DiffPanels.compose(
            expected: RGBAImage(width: 10, height: 5, fill: Self.a),
            diff: nil,
            actual: RGBAImage(width: 7, height: 9, fill: Self.b),
            gap: 4,
            background: background)
        #expect(panel.size == ImageSize(width: 21, height: 9))
        #expect(panel[x: 9, y: 4] == Self.a)
        #expect(panel[x: 9, y: 5] == background)  // below the shorter panel
        #expect(panel[x: 12, y: 0] == background)  // gap
        #expect(panel[x: 14, y: 8] == Self.b && panel[x: 20, y: 0] == Self.b)
    }

    @Test func fromAComparison() throws {
        let img1 = try Fixtures.image("3a")
        let img2 = try Fixtures.image("3b")
        let diff = try #require(try PixelDiff.compare(img1, img2).result?.diffImage)
        let panel = DiffPanels.compose(expected: img1, diff: diff, actual: img2)
        #expect(panel.size == ImageSize(width: 3 * 512 + 2 * DiffPanels.defaultGap, height: 256))
        #expect(panel[x: 512 + DiffPanels.defaultGap + 40, y: 30] == diff[x: 40, y: 30])
        #expect(panel[x: 2 * (512 + DiffPanels.defaultGap) + 511, y: 255] == img2[x: 511, y: 255])
    }

    @Test func panelsOverThePixelLimitAreShrunkToFit() throws {
        // 600×600 panels side by side are 1816×600 pixels: over a limit of one million, so every
        // panel and the gap are halved (before, the result was an empty image).
        let composed = DiffPanels.composition(
            expected: RGBAImage(width: 600, height: 600, fill: Self.a),
            diff: RGBAImage(width: 600, height: 600, fill: Self.d),
            actual: RGBAImage(width: 600, height: 600, fill: Self.b),
            gap: 8, maxPixelCount: 1_000_000)
        #expect(composed.shrinkFactor == 2)
        let panel = composed.image
        try #require(panel.size == ImageSize(width: 3 * 300 + 2 * 4, height: 300))
        #expect(panel.width * panel.height <= 1_000_000)
        #expect(panel[x: 0, y: 0] == Self.a && panel[x: 299, y: 299] == Self.a)
        #expect(panel[x: 300, y: 10] == RGBAColor(r: 255, g: 255, b: 255))  // gap
        #expect(panel[x: 304, y: 0] == Self.d && panel[x: 603, y: 299] == Self.d)
        #expect(panel[x: 608, y: 0] == Self.b && panel[x: 907, y: 299] == Self.b)
        // The plain API shrinks the same way; within the limit nothing changes.
        #expect(DiffPanels.compose(expected: panel, diff: nil, actual: panel, maxPixelCount: 10).width <= 10)
        #expect(DiffPanels.composition([panel], maxPixelCount: panel.width * panel.height).shrinkFactor == 1)
    }

    @Test func shrinkingAveragesBlocksWeightedByAlpha() throws {
        var image = RGBAImage(width: 3, height: 2, fill: RGBAColor(r: 0, g: 0, b: 0, a: 0))
        image[x: 0, y: 0] = RGBAColor(r: 200, g: 100, b: 0, a: 255)
        image[x: 1, y: 0] = RGBAColor(r: 0, g: 0, b: 100, a: 255)
        image[x: 2, y: 0] = RGBAColor(r: 9, g: 9, b: 9, a: 255)
        let composed = DiffPanels.composition([image], gap: 0, maxPixelCount: 2)
        #expect(composed.shrinkFactor == 2)
        try #require(composed.image.size == ImageSize(width: 2, height: 1))
        // Two opaque and two transparent pixels: the opaque ones' colour, half opaque.
        #expect(composed.image[x: 0, y: 0] == RGBAColor(r: 100, g: 50, b: 50, a: 128))
        // The right edge block is 1×2: one opaque pixel, one transparent.
        #expect(composed.image[x: 1, y: 0] == RGBAColor(r: 9, g: 9, b: 9, a: 128))
    }

    @Test func oppositeStripsAndHugeGapsNeitherOverflowNorVanish() {
        // A 1×20000 strip beside a 20000×1 one would be a 20001×20000 canvas.
        let tall = RGBAImage(width: 1, height: 20_000, fill: Self.a)
        let wide = RGBAImage(width: 20_000, height: 1, fill: Self.b)
        let strips = DiffPanels.composition([tall, wide], gap: 0, maxPixelCount: 100_000)
        #expect(strips.image.width > 0 && strips.image.width * strips.image.height <= 100_000)
        #expect(strips.shrinkFactor > 1)
        // A gap so large that the width overflows Int: shrunk too, not a crash.
        let small = RGBAImage(width: 2, height: 2, fill: Self.a)
        let gapped = DiffPanels.composition([small, small], gap: Int.max / 2, maxPixelCount: 1_000)
        #expect(gapped.image.width > 0 && gapped.image.width * gapped.image.height <= 1_000)
        // A limit too small for even 1-pixel panels and gap gives an empty image.
        #expect(DiffPanels.composition([small, small], gap: 1, maxPixelCount: 2).image.width == 0)
    }
}

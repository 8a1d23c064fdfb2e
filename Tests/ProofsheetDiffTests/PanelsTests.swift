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
}

import ProofsheetDiff
import Testing

/// Ignore regions and ignore masks (extensions beyond pixelmatch).
@Suite("Ignore regions and masks")
struct IgnoreTests {
    static let options = DiffOptions(threshold: 0.05)
    static let red = RGBAColor(r: 255, g: 0, b: 0)

    /// Pixels drawn as differences (red) inside `rect` of a diff image.
    static func redPixels(_ diff: RGBAImage, in rect: IgnoreRegion) -> Int {
        var count = 0
        for y in rect.y..<rect.y + rect.height {
            for x in rect.x..<rect.x + rect.width where diff[x: x, y: y] == red { count += 1 }
        }
        return count
    }

    static func fixtures() throws -> (RGBAImage, RGBAImage, DiffResult) {
        let img1 = try Fixtures.image("1a")
        let img2 = try Fixtures.image("1b")
        let full = try #require(try PixelDiff.compare(img1, img2, options: options).result)
        return (img1, img2, full)
    }

    @Test func regionRemovesItsPixelsFromCountAndTotal() throws {
        let (img1, img2, full) = try Self.fixtures()
        let fullDiff = try #require(full.diffImage)
        let region = IgnoreRegion(x: 0, y: 0, width: 256, height: 128)
        let redInside = Self.redPixels(fullDiff, in: region)
        #expect(redInside > 0 && redInside < full.mismatched, "the region must cut the diff (got \(redInside))")

        var options = Self.options
        options.ignoreRegions = [region]
        let result = try #require(try PixelDiff.compare(img1, img2, options: options).result)
        #expect(result.mismatched == full.mismatched - redInside)
        #expect(result.ignored == 256 * 128)
        #expect(result.total == 512 * 256 - 256 * 128)
        #expect(result.ratio == Double(result.mismatched) / Double(result.total))

        // Outside the region the diff image is exactly pixelmatch's; inside,
        // pixels are drawn as unchanged (faded grey of the expected image).
        let diff = try #require(result.diffImage)
        let unchanged = try #require(try PixelDiff.compare(img1, img1, options: Self.options).result?.diffImage)
        for y in 0..<256 {
            for x in 0..<512 {
                let inside = x < 256 && y < 128
                let want = inside ? unchanged[x: x, y: y] : fullDiff[x: x, y: y]
                if diff[x: x, y: y] != want {
                    Issue.record("pixel (\(x), \(y)) differs")
                    return
                }
            }
        }
    }

    @Test func regionsAreClippedAndMayOverlap() throws {
        let (img1, img2, _) = try Self.fixtures()
        var options = Self.options
        options.ignoreRegions = [
            IgnoreRegion(x: -10, y: -10, width: 20, height: 20),  // 10x10 inside
            IgnoreRegion(x: 5, y: 5, width: 10, height: 10),  // overlaps: adds 10*10 - 5*5
            IgnoreRegion(x: 500, y: 250, width: 1_000, height: Int.max),  // 12x6 inside
            IgnoreRegion(x: 3, y: 3, width: -4, height: 10)  // empty
        ]
        let result = try #require(try PixelDiff.compare(img1, img2, options: options).result)
        #expect(result.ignored == 100 + 75 + 72)
        #expect(result.total == 512 * 256 - 247)
    }

    @Test func ignoringEverythingComparesNothing() throws {
        let (img1, img2, _) = try Self.fixtures()
        var options = Self.options
        options.ignoreRegions = [IgnoreRegion(x: 0, y: 0, width: 512, height: 256)]
        options.ignoredColor = RGBColor(0, 0, 255)
        let result = try #require(try PixelDiff.compare(img1, img2, options: options).result)
        #expect(result.mismatched == 0 && result.total == 0 && result.ratio == 0 && result.isMatch)
        #expect(result.diffImage?[x: 100, y: 100] == RGBAColor(r: 0, g: 0, b: 255))
    }

    @Test func maskEqualsTheSameRegion() throws {
        let (img1, img2, _) = try Self.fixtures()
        var mask = RGBAImage(width: 512, height: 256, fill: RGBAColor(r: 0, g: 0, b: 0, a: 0))
        for y in 40..<120 {
            for x in 100..<300 { mask[x: x, y: y] = RGBAColor(r: 255, g: 255, b: 255) }
        }
        var byMask = Self.options
        byMask.ignoreMask = mask
        var byRegion = Self.options
        byRegion.ignoreRegions = [IgnoreRegion(x: 100, y: 40, width: 200, height: 80)]
        let maskResult = try PixelDiff.compare(img1, img2, options: byMask)
        let regionResult = try PixelDiff.compare(img1, img2, options: byRegion)
        #expect(maskResult == regionResult)
        #expect(maskResult.result?.ignored == 200 * 80)
    }

    /// Rule: ignored when alpha > 0 and the colour is not black.
    @Test func maskRule() throws {
        let pixels: [RGBAColor] = [
            RGBAColor(r: 0, g: 0, b: 0, a: 255),  // opaque black: compared
            RGBAColor(r: 255, g: 255, b: 255, a: 0),  // transparent white: compared
            RGBAColor(r: 1, g: 0, b: 0, a: 1),  // faint non-black: ignored
            RGBAColor(r: 0, g: 0, b: 9, a: 255)  // dark blue: ignored
        ]
        let mask = try RGBAImage(width: 4, height: 1, pixels: pixels.flatMap { [$0.r, $0.g, $0.b, $0.a] })
        let expected = try RGBAImage(width: 4, height: 1, pixels: [UInt8](repeating: 255, count: 16))
        let actual = RGBAImage(width: 4, height: 1, fill: RGBAColor(r: 0, g: 0, b: 0))
        let result = try #require(try PixelDiff.compare(expected, actual, options: DiffOptions(ignoreMask: mask)).result)
        #expect(result.ignored == 2)
        #expect(result.total == 2)
        #expect(result.mismatched == 2)
        #expect(result.ratio == 1)
    }

    @Test func maskOfWrongSizeThrows() throws {
        let image = RGBAImage(width: 4, height: 4)
        let options = DiffOptions(ignoreMask: RGBAImage(width: 4, height: 5))
        let error = #expect(throws: DiffError.self) { try PixelDiff.compare(image, image, options: options) }
        #expect(error == .maskSizeMismatch(mask: ImageSize(width: 4, height: 5), images: ImageSize(width: 4, height: 4)))
        #expect(error?.description == "ignore mask is 4x5 but the compared images are 4x4")
    }

    @Test func ignoredPixelsStayTransparentInDiffMaskMode() throws {
        let (img1, img2, _) = try Self.fixtures()
        var options = Self.options
        options.diffMask = true
        options.ignoredColor = RGBColor(0, 0, 255)
        options.ignoreRegions = [IgnoreRegion(x: 0, y: 0, width: 512, height: 256)]
        let result = try #require(try PixelDiff.compare(img1, img2, options: options).result)
        #expect(result.diffImage?.pixels.allSatisfy { $0 == 0 } == true)
    }
}

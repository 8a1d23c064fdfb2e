import Foundation
import ProofsheetDiff
import Testing

/// Every case of the pixelmatch 7.1.0 reference suite must reproduce exactly:
/// the mismatch count and the diff image, byte for byte in decoded RGBA.
@Suite("pixelmatch 7.1.0 conformance")
struct PixelmatchConformanceTests {
    @Test("cases.json is present and complete")
    func casesLoaded() {
        #expect(ConformanceCase.all.count == 12)
        #expect(FileManager.default.fileExists(atPath: Fixtures.pixelmatch.appendingPathComponent("LICENSE").path))
    }

    @Test("case reproduces count and diff image", arguments: ConformanceCase.all)
    func reproduces(_ testCase: ConformanceCase) throws {
        let img1 = try Fixtures.image(testCase.a)
        let img2 = try Fixtures.image(testCase.b)
        let expectedDiff = try Fixtures.image(testCase.diff)

        let outcome = try PixelDiff.compare(img1, img2, options: testCase.diffOptions)
        let result = try #require(outcome.result)
        #expect(result.mismatched == testCase.mismatched)
        #expect(result.total == img1.width * img1.height)
        let diff = try #require(result.diffImage)
        #expect(diff.size == expectedDiff.size)
        let differing = zip(diff.pixels, expectedDiff.pixels).reduce(0) { $0 + ($1.0 != $1.1 ? 1 : 0) }
        #expect(differing == 0, "diff image differs from \(testCase.diff).png in \(differing) bytes")

        // Like pixelmatch's own test: the count does not depend on drawing.
        let countOnly = try PixelDiff.compare(img1, img2, options: testCase.diffOptions, diffImage: false)
        #expect(countOnly.result?.mismatched == testCase.mismatched)
        #expect(countOnly.result?.diffImage == nil)
    }
}

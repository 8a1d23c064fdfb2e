import Testing
@testable import ProofsheetCairo

/// The C conversion from Cairo's premultiplied ARGB32 to straight RGBA gives the bytes the Swift
/// loop it replaced gave, for every channel value at every alpha.
@Suite("Un-premultiplying")
struct UnpremultiplyTests {
    /// The formula of the Swift loop the C conversion replaced.
    static func reference(_ p: UInt32) -> [UInt8] {
        let a = p >> 24
        func un(_ c: UInt32) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a)) }
        return [un((p >> 16) & 0xFF), un((p >> 8) & 0xFF), un(p & 0xFF), UInt8(a)]
    }

    /// Converts `pixels` laid out as rows of `width` pixels `stride` bytes apart (padding filled
    /// with garbage, which must not show).
    static func convert(_ pixels: [UInt32], width: Int, stride: Int) -> [UInt8] {
        let height = pixels.count / width
        var rows = [UInt32](repeating: 0xDEAD_BEEF, count: stride / 4 * height)
        for y in 0..<height { for x in 0..<width { rows[y * stride / 4 + x] = pixels[y * width + x] } }
        return rows.withUnsafeBytes { straightRGBA(argb32: $0.baseAddress!, width: width, height: height, stride: stride) }
    }

    @Test(arguments: [0, 1, 254, 255] as [UInt32])
    func edgeAlphas(alpha: UInt32) {
        // Every channel value in each position, including values above alpha (not valid
        // premultiplied colours, but Cairo's bytes are taken as they come).
        let pixels = (0..<256 as Range<UInt32>).map { c in alpha << 24 | c << 16 | (255 - c) << 8 | (c * 7 & 0xFF) }
        let out = Self.convert(pixels, width: 16, stride: 16 * 4 + 12)
        #expect(out == pixels.flatMap(Self.reference))
    }

    @Test func everyAlphaAndChannel() {
        let pixels = (0..<65536 as Range<UInt32>).map { i in (i >> 8) << 24 | (i & 0xFF) << 16 | (i & 0xFF) << 8 | (255 - i & 0xFF) }
        let out = Self.convert(pixels, width: 256, stride: 256 * 4)
        #expect(out == pixels.flatMap(Self.reference))
    }
}

import Foundation
import ProofsheetCheck
import Testing

/// The hash behind the fonts' fingerprint in every golden's chunk and the timeline goldens'
/// frame matching: it must stay FNV-1a, the same value for an array, for `Data` and continued.
@Suite("Fingerprint hash")
struct FingerprintHashTests {
    @Test func isFNV1aOf64Bits() {
        // The published FNV-1a 64-bit test values.
        #expect(EnvironmentFingerprint.fnv1a([UInt8]()) == 0xcbf2_9ce4_8422_2325)
        #expect(EnvironmentFingerprint.fnv1a(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
        #expect(EnvironmentFingerprint.fnv1a(Array("foobar".utf8)) == 0x8594_4171_f739_67e8)
    }

    @Test func anArrayDataAndAContinuedHashAgree() {
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 7) }
        let whole = EnvironmentFingerprint.fnv1a(bytes)
        #expect(EnvironmentFingerprint.fnv1a(Data(bytes)) == whole)
        let continued = EnvironmentFingerprint.fnv1a(Array(bytes[40_000...]), EnvironmentFingerprint.fnv1a(Array(bytes[..<40_000])))
        #expect(continued == whole)
        #expect(EnvironmentFingerprint.fnv1a(Array(bytes.dropLast())) != whole)
    }
}

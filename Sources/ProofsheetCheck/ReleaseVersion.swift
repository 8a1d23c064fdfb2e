import ProofsheetCore

/// A Proofsheet release's version, `MAJOR.MINOR.PATCH`, as goldens record it (`proofsheet=0.1.0`
/// in their chunk) and as `check --only-changed-by` names a release.
public struct ReleaseVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var parts: [Int]

    /// This Proofsheet's version.
    public static let current = ReleaseVersion("0.1.0")!

    /// A version from `1`, `1.2` or `1.2.3` (each part at most four digits; missing parts are 0);
    /// nil for anything else.
    public init?(_ text: String) {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(pieces.count) else { return nil }
        var parts: [Int] = []
        for p in pieces {
            guard (1...4).contains(p.count), p.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(p) else { return nil }
            parts.append(n)
        }
        self.parts = parts + Array(repeating: 0, count: 3 - parts.count)
    }

    public var description: String { parts.map(String.init).joined(separator: ".") }

    public static func < (a: ReleaseVersion, b: ReleaseVersion) -> Bool { a.parts.lexicographicallyPrecedes(b.parts) }
}

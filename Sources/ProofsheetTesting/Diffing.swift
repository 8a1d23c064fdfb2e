import Foundation

/// How a snapshot format is stored, loaded and compared.
public struct Diffing<Format>: Sendable {
    /// Why two snapshots differ, and files that help to see it.
    public typealias Difference = (message: String, artifacts: [String: Data])

    /// The bytes of a reference file for a snapshot.
    public var toData: @Sendable (Format) throws -> Data
    /// A snapshot from a reference file's bytes.
    public var fromData: @Sendable (Data) throws -> Format
    /// Compares the reference (first) with the actual snapshot (second): `nil` when they match,
    /// otherwise what differs in words and extra files keyed by a suffix such as `diff.png`
    /// (written next to the actual snapshot as `<name>.diff.png`).
    public var diff: @Sendable (_ reference: Format, _ actual: Format) -> Difference?

    /// A diffing from its parts.
    public init(
        toData: @escaping @Sendable (Format) throws -> Data,
        fromData: @escaping @Sendable (Data) throws -> Format,
        diff: @escaping @Sendable (_ reference: Format, _ actual: Format) -> Difference?
    ) {
        self.toData = toData
        self.fromData = fromData
        self.diff = diff
    }
}

import Foundation

/// When an assertion writes reference snapshots: the same ``RecordMode`` as `proofsheet check`
/// (`all`, `failed`, `missing`, `never`), read from `PROOFSHEET_RECORD` (`1` means `all`).
///
/// Whatever the mode, writing a reference fails the assertion: a test never passes on a snapshot
/// nobody has looked at.
public typealias SnapshotRecordMode = RecordMode

extension RecordMode {
    /// The mode an assertion runs with: the `record:` argument when given, else the environment's
    /// (``RecordMode/fromEnvironment(_:)``).
    public static func resolve(
        _ argument: RecordMode?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(SnapshotConfigurationError) -> RecordMode {
        if let argument { return argument }
        do { return try fromEnvironment(environment) } catch {
            throw SnapshotConfigurationError(error.message + (error.hint.map { "; \($0)" } ?? ""))
        }
    }
}

/// A snapshot setting (an environment variable) that makes no sense.
public struct SnapshotConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and how to fix it.
    public var description: String
    /// An error with its explanation.
    public init(_ description: String) { self.description = description }
}

import Foundation

/// When an assertion writes reference snapshots, like swift-snapshot-testing's record modes.
///
/// Whatever the mode, writing a reference fails the assertion: a test never passes on a snapshot
/// nobody has looked at.
public enum SnapshotRecordMode: String, Sendable, Hashable, CaseIterable {
    /// Rewrite every reference (and fail, saying so).
    case all
    /// Rewrite references that do not match, and record missing ones.
    case failed
    /// Record references that do not exist yet; compare the others (the default on a workstation).
    case missing
    /// Write no reference; a missing one is a failure (the default when `CI` is set).
    case never

    /// The environment variable that chooses the mode.
    public static let environmentVariable = "PROOFSHEET_RECORD"

    /// A mode from its name, ignoring case and surrounding spaces.
    public init?(name: String) {
        self.init(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// The mode `environment` asks for: `PROOFSHEET_RECORD` when set, else `never` when `CI` is
    /// set (and not `0` or `false`), else `missing`.
    ///
    /// - Throws: ``SnapshotConfigurationError`` when `PROOFSHEET_RECORD` names no mode.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(SnapshotConfigurationError) -> SnapshotRecordMode {
        if let value = environment[environmentVariable], !value.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let mode = SnapshotRecordMode(name: value) else {
                throw SnapshotConfigurationError(
                    "\(environmentVariable)='\(value)' is not a record mode; use one of "
                        + allCases.map(\.rawValue).joined(separator: ", ") + " (or unset it)")
            }
            return mode
        }
        return isCI(environment) ? .never : .missing
    }

    /// Whether `environment` looks like a CI job: `CI` set to anything but empty, `0` or `false`.
    public static func isCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        RecordMode.isCI(environment)
    }

    /// The mode an assertion runs with: the `record:` argument when given, else the environment's.
    public static func resolve(
        _ argument: SnapshotRecordMode?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(SnapshotConfigurationError) -> SnapshotRecordMode {
        if let argument { return argument }
        return try fromEnvironment(environment)
    }
}

/// A snapshot setting (an environment variable) that makes no sense.
public struct SnapshotConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and how to fix it.
    public var description: String
    /// An error with its explanation.
    public init(_ description: String) { self.description = description }
}

/// Why a snapshot assertion failed, with the files it wrote.
public struct SnapshotFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure.
    public enum Kind: String, Sendable, Hashable {
        /// The snapshot differs from its reference (the reference is unchanged).
        case mismatch
        /// There is no reference and none was written (record mode `never`).
        case missing
        /// A reference was written: it was missing, it differed (mode `failed`), or every
        /// reference is being rewritten (mode `all`). Still a failure: look at it first.
        case recorded
        /// The snapshot could not be taken, or a file could not be read or written.
        case error
    }

    /// What kind of failure.
    public var kind: Kind
    /// The whole explanation: what differs, where the files are, what to do.
    public var message: String
    /// The reference file's path (whether or not it exists); the reference folder when the
    /// assertion stopped before naming the file.
    public var reference: String
    /// The actual snapshot's path in the artifacts folder, when it was written there.
    public var actual: String?
    /// Other files written for review, by label (`diff`, `panels`) → path.
    public var artifacts: [String: String]
    /// The record mode the assertion ran with (nil when it could not be worked out).
    public var recordMode: SnapshotRecordMode?

    /// A failure from its parts.
    public init(
        kind: Kind, message: String, reference: String, actual: String? = nil,
        artifacts: [String: String] = [:], recordMode: SnapshotRecordMode?
    ) {
        self.kind = kind; self.message = message; self.reference = reference
        self.actual = actual; self.artifacts = artifacts; self.recordMode = recordMode
    }

    /// The message.
    public var description: String { message }
}

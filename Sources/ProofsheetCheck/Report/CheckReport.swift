import ProofsheetCore
import ProofsheetScene
import ProofsheetImage
import ProofsheetDiff

/// What `proofsheet check` found, image by image: the data behind the HTML report, the JUnit
/// XML, the Markdown summary, `approve` and `merge-reports` (stored as `results.json`).
public struct CheckReport: Sendable, Codable, Hashable {
    /// Format version of `results.json`.
    public var version = CheckReport.currentVersion
    /// The version this build writes and reads.
    public static let currentVersion = 2
    /// The golden folder the check was given (`--golden`), as given: `approve` writes only
    /// inside it, at `<goldenRoot>/<scene>/<state>/<variant>.png`.
    public var goldenRoot: String
    /// One entry per checked image, sorted by id.
    public var entries: [CheckEntry]
    /// The comparison settings used.
    public var threshold: Double
    public var tolerance: Tolerance
    /// The record mode the check ran with.
    public var record: String
    /// `I/N` when the check ran one shard.
    public var shard: String?
    /// Goldens left in state folders the checked scenes no longer have (a still renamed or
    /// removed): paths below ``goldenRoot``, `scene/state/variant.png`, sorted.
    public var orphans: [String]?

    public init(entries: [CheckEntry], goldenRoot: String, threshold: Double, tolerance: Tolerance, record: String, shard: String? = nil) {
        self.entries = entries.sorted { $0.id < $1.id }
        self.goldenRoot = goldenRoot
        self.threshold = threshold; self.tolerance = tolerance; self.record = record; self.shard = shard
    }

    /// The entries that make the check fail: all but passes, and recordings unless every golden
    /// was being rewritten on purpose (record mode `all`).
    public var failures: [CheckEntry] {
        entries.filter { $0.status.isFailure && !($0.status == .recorded && record == "all") }
    }
    public var passed: Bool { failures.isEmpty }

    /// Counts by status, for summaries.
    public var counts: [CheckEntry.Status: Int] { Dictionary(grouping: entries, by: \.status).mapValues(\.count) }
}

/// One image of a check: a scene's state on a device at a scale (later: one frame of a timeline).
public struct CheckEntry: Sendable, Codable, Hashable {
    public enum Status: String, Sendable, Codable, Hashable, CaseIterable {
        /// Matched its golden within the tolerance.
        case passed
        /// Differed from its golden beyond the tolerance (or in size).
        case failed
        /// No golden existed and none was recorded (record mode `never`).
        case missing
        /// A golden was written: it was absent (mode `missing`: still a failure, never a silent
        /// pass), it failed (mode `failed`), or every golden was rewritten (mode `all`).
        case recorded
        /// The image could not be checked: the scene could not be rendered, or its golden could
        /// not be read (``CheckEntry/inputError`` tells which kind of failure).
        case error

        /// Whether this status makes the check fail (exit 1).
        public var isFailure: Bool { self != .passed }
    }

    /// `scene/state/variant`, e.g. `travel-deck/default/iphone-14@3x`.
    public var id: String { "\(scene)/\(state)/\(variant)" }
    /// The golden's path below the golden root: `scene/state/variant.png`.
    public var goldenPath: String { "\(scene)/\(state)/\(variant).png" }
    public var scene: String
    public var state: String
    /// `device@scale`, e.g. `iphone-14@3x`.
    public var variant: String
    /// For a timeline: the frame index (the first frame that diverges is reported).
    public var frame: Int?
    public var status: Status
    /// The golden image's path, as the check saw it (for people; `approve` uses ``goldenPath``
    /// below the report's golden root).
    public var golden: String
    /// Paths inside the report folder (nil when there is no such image).
    public var expected: String?
    public var actual: String?
    public var diff: String?
    /// The comparison's numbers (nil when nothing was compared).
    public var result: DiffReport?
    /// What happened, in words, for failures, recordings and errors.
    public var message: String?
    /// For an error: true when bad input caused it (an unreadable golden: exit 2), false or nil
    /// when Proofsheet failed (exit 3).
    public var inputError: Bool?

    public init(
        scene: String, state: String, variant: String, frame: Int? = nil, status: Status, golden: String,
        expected: String? = nil, actual: String? = nil, diff: String? = nil, result: DiffReport? = nil, message: String? = nil
    ) {
        self.scene = scene; self.state = state; self.variant = variant; self.frame = frame; self.status = status
        self.golden = golden; self.expected = expected; self.actual = actual; self.diff = diff
        self.result = result; self.message = message
    }
}

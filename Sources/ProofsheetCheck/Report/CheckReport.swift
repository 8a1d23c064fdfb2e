import ProofsheetCore
import ProofsheetScene
import ProofsheetImage
import ProofsheetDiff

/// What `proofsheet check` found, image by image: the data behind the HTML report, the JUnit
/// XML, the Markdown summary, `approve` and `merge-reports` (stored as `results.json`, and read
/// back only through the validating ``ReportFolder/parse(_:file:)``).
public struct CheckReport: Sendable, Encodable, Hashable {
    /// Format version of `results.json`.
    public var version = CheckReport.currentVersion
    /// The version this build writes and reads.
    public static let currentVersion = 3
    /// The golden folder the check was given (`--golden`), as given: `approve` writes only
    /// inside it, at `<goldenRoot>/<scene>/<state>/<variant>.png`.
    public var goldenRoot: String
    /// One entry per checked image, sorted by id.
    public var entries: [CheckEntry]
    /// The comparison settings of the whole check (scenes and stills may have their own).
    public var threshold: Double
    public var tolerance: Tolerance
    /// Whether anti-aliased pixels count as differences (nil in reports of exact checks before
    /// this field: yes).
    public var includeAA: Bool?
    /// The record mode the check ran with.
    public var record: String
    /// `I/N` when the check ran one shard.
    public var shard: String?
    /// Goldens left in state folders the checked scenes no longer have (a still renamed or
    /// removed): paths below ``goldenRoot``, `scene/state/variant.png`, sorted.
    public var orphans: [String]?
    /// Orphaned goldens `check --prune` deleted (paths below ``goldenRoot``).
    public var pruned: [String]?
    /// Scene files (or stills of them) that could not be read or instantiated: each is its own
    /// error, and the other scenes are still checked.
    public var sceneErrors: [SceneError]?
    /// The environment the check ran in (see ``EnvironmentFingerprint``).
    public var environment: EnvironmentFingerprint?
    /// Warnings for people: goldens recorded in another environment, shards missing from a merge.
    public var warnings: [String]?
    /// Shards a merge did not find (`I/N`): their images are not in the report.
    public var missingShards: [String]?
    /// The timelines checked, each on its variants, with its first diverging instant (see
    /// ``timelineSummaries()``, which computes them from the entries).
    public var timelines: [TimelineSummary]?

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
    /// No failing entry, no scene error and no missing shard.
    public var passed: Bool { failures.isEmpty && (sceneErrors ?? []).isEmpty && (missingShards ?? []).isEmpty }

    /// The one-word outcome shown everywhere (exit line, HTML, JUnit, Markdown): `recorded` when
    /// record mode `all` rewrote goldens and nothing failed, else `passed` or `failed`.
    public var verdict: Verdict {
        guard passed else { return .failed }
        return record == "all" && entries.contains { $0.status == .recorded } ? .recorded : .passed
    }

    public enum Verdict: String, Sendable {
        case passed, recorded, failed
    }

    /// Whether a bad input (an unreadable scene or golden) is among the results: exit 2.
    public var hasInputErrors: Bool {
        !(sceneErrors ?? []).isEmpty || entries.contains { $0.status == .error && $0.inputError == true }
    }

    /// Counts by status, for summaries.
    public var counts: [CheckEntry.Status: Int] { Dictionary(grouping: entries, by: \.status).mapValues(\.count) }

    /// Whether `approve` has anything to take from the report: an image that differs, has no
    /// golden, or whose golden cannot be read.
    public var hasApprovable: Bool {
        entries.contains { $0.status == .failed || $0.status == .missing || $0.inputError == true }
    }

    /// The command that makes the actual images of the report in `folder` their goldens, as the
    /// console, the page and the job summary print it (ready to paste into a shell).
    public static func approveCommand(folder: String) -> String {
        "proofsheet approve --report " + shellQuoted(folder)
    }
}

/// One image of a check: a scene's state on a device at a scale, or a key instant of a timeline.
public struct CheckEntry: Sendable, Encodable, Hashable {
    public enum Status: String, Sendable, Codable, Hashable, CaseIterable {
        /// Matched its golden exactly (every pixel outside ignored areas equal).
        case passed
        /// Differed from its golden, but within the tolerance the check opted into: not a
        /// failure, but shown with its diff ("passed within tolerance").
        case tolerated
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
        public var isFailure: Bool { self != .passed && self != .tolerated }

        /// The status in words: `passed within tolerance` for ``tolerated``.
        public var label: String { self == .tolerated ? "passed within tolerance" : rawValue }
    }

    /// `scene/state/variant`, e.g. `Assets/Scenes/travel-deck/default/iphone-14@3x` (the scene is
    /// the scene file's path below the project root, without its extension).
    public var id: String { "\(scene)/\(state)/\(variant)" }
    /// The golden's path below the golden root: `scene/state/variant.png`; for a key instant,
    /// its timeline's file `scene/<timeline>@timeline/variant.png`, which holds it as a frame.
    public var goldenPath: String {
        if let timeline { return GoldenNames.timelinePath(scene: scene, timeline: timeline, variant: variant) }
        return GoldenNames.path(scene: scene, state: state, variant: variant)
    }
    public var scene: String
    public var state: String
    /// `device@scale`, e.g. `iphone-14@3x`.
    public var variant: String
    /// For a timeline: the frame index (the first frame that diverges is reported).
    public var frame: Int?
    /// For a key instant of a timeline: the timeline's name (``state`` is `<timeline>@<at>ms`).
    public var timeline: String?
    /// For a key instant: its time in whole milliseconds.
    public var at: Int?
    /// For a key instant: what happened since the previous key instant.
    public var events: [String]?
    /// For a key instant: why it is key (`start`, `after release`, `50 % of the animation …`, `end`).
    public var reasons: [String]?
    public var status: Status
    /// The golden image's path, as the check saw it (for people; `approve` uses ``goldenPath``
    /// below the report's golden root).
    public var golden: String
    /// Paths inside the report folder (nil when there is no such image).
    public var expected: String?
    public var actual: String?
    public var diff: String?
    /// A small version of the actual image, for the report's overview.
    public var thumb: String?
    /// Seconds spent rendering and comparing this image (for JUnit's `time`). Kept out of
    /// `results.json`, which holds only what the scenes and goldens decide (two runs write the
    /// same bytes): a report folder stores the times in `times.json` beside it.
    public var seconds: Double?
    /// The comparison's numbers (nil when nothing was compared).
    public var result: DiffReport?
    /// What happened, in words, for failures, recordings and errors.
    public var message: String?
    /// For an error: true when bad input caused it (an unreadable golden: exit 2), false or nil
    /// when Proofsheet failed (exit 3).
    public var inputError: Bool?
    /// For a missing (or newly recorded) golden: the orphaned golden, relative to the golden
    /// root, whose pixels are this image's — the still or scene was most likely renamed.
    public var renamedFrom: String?

    public init(
        scene: String, state: String, variant: String, frame: Int? = nil, status: Status, golden: String,
        expected: String? = nil, actual: String? = nil, diff: String? = nil, result: DiffReport? = nil, message: String? = nil
    ) {
        self.scene = scene; self.state = state; self.variant = variant; self.frame = frame; self.status = status
        self.golden = golden; self.expected = expected; self.actual = actual; self.diff = diff
        self.result = result; self.message = message
    }

    /// Every field but ``seconds``.
    enum CodingKeys: String, CodingKey {
        case scene, state, variant, frame, timeline, at, events, reasons, status, golden, expected, actual, diff, thumb, result, message, inputError
        case renamedFrom
    }
}

/// A scene file, or one still of it, that could not be checked: bad JSON, an unknown view, a
/// still whose values do not fit the state. Reported as that scene's error (exit 2).
public struct SceneError: Sendable, Encodable, Hashable {
    /// The scene's name in golden paths (its path below the project root, without extension), or
    /// the file as given when it has none.
    public var scene: String
    /// The scene file as given.
    public var file: String
    /// The still that failed (nil: the whole file).
    public var still: String?
    /// The error, with its location.
    public var message: String

    public init(scene: String, file: String, still: String? = nil, message: String) {
        self.scene = scene; self.file = file; self.still = still; self.message = message
    }
}

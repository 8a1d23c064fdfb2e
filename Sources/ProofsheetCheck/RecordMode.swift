import Foundation
import ProofsheetCore
import ProofsheetScene
import ProofsheetImage
import ProofsheetDiff

/// When goldens (reference images and snapshots) are written, as in swift-snapshot-testing.
/// One type for `proofsheet check` and for `ProofsheetTesting`'s assertions.
public enum RecordMode: String, Sendable, Hashable, CaseIterable {
    /// Rewrite every golden.
    case all
    /// Rewrite the goldens that fail, and record missing ones.
    case failed
    /// Record absent goldens (still a failure, naming them: a new golden is never a silent pass);
    /// compare the others. The default on a workstation.
    case missing
    /// Write nothing; an absent golden is a failure. The default on CI.
    case never

    /// The environment variable that chooses the mode for snapshot tests.
    public static let environmentVariable = "PROOFSHEET_RECORD"

    /// A mode from its name, ignoring case and surrounding spaces; `1`, `true` and `yes` mean
    /// `all` (so `PROOFSHEET_RECORD=1 make test` re-records everything).
    public init?(name: String) {
        let n = name.trimmingCharacters(in: .whitespaces).lowercased()
        if ["1", "true", "yes"].contains(n) { self = .all; return }
        self.init(rawValue: n)
    }

    /// The accepted spellings, for messages.
    public static let spellings = allCases.map(\.rawValue).joined(separator: ", ") + " (or 1 for all)"

    /// `never` on CI, else `missing`.
    public static var `default`: RecordMode { isCI() ? .never : .missing }

    /// The variables CI systems set, besides `CI`: GitHub Actions, GitLab, Jenkins, Buildkite,
    /// Azure Pipelines, TeamCity, CircleCI, Travis, AppVeyor, Bitbucket, AWS CodeBuild, Drone,
    /// Semaphore, Bamboo.
    public static let ciVariables = [
        "GITHUB_ACTIONS", "GITLAB_CI", "JENKINS_URL", "BUILDKITE", "TF_BUILD", "TEAMCITY_VERSION", "CIRCLECI", "TRAVIS",
        "APPVEYOR", "BITBUCKET_BUILD_NUMBER", "CODEBUILD_BUILD_ID", "DRONE", "SEMAPHORE", "bamboo_buildKey"
    ]

    /// Whether `environment` looks like a CI job: `CI` set to anything but `0`, `false` or `no`,
    /// or one of ``ciVariables`` set and not empty. `CI` set to empty, `0`, `false` or `no`
    /// says "not CI" whatever else is set (a local run inside a CI-like shell).
    public static func isCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        ciReason(environment) != nil
    }

    /// The variable that makes ``isCI(_:)`` true, or nil.
    public static func ciReason(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let ci = environment["CI"]?.trimmingCharacters(in: .whitespaces).lowercased() {
            return ["", "0", "false", "no"].contains(ci) ? nil : "CI"
        }
        return ciVariables.first { !(environment[$0] ?? "").isEmpty }
    }

    /// The mode `environment` asks for: `PROOFSHEET_RECORD` when set (and not empty, `0`,
    /// `false` or `no`), else ``default``.
    ///
    /// - Throws: a usage ``ProofsheetError`` when `PROOFSHEET_RECORD` names no mode.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(ProofsheetError) -> RecordMode {
        if let value = environment[environmentVariable],
            !["", "0", "false", "no"].contains(value.trimmingCharacters(in: .whitespaces).lowercased())
        {
            guard let mode = RecordMode(name: value) else {
                throw ProofsheetError.usage(
                    "\(environmentVariable)='\(value.prefix(40))' is not a record mode",
                    hint: "use one of \(spellings), or unset it")
            }
            return mode
        }
        return isCI(environment) ? .never : .missing
    }
}

/// What becomes of one golden: the single decision `proofsheet check` and the snapshot
/// assertions share (record, compare, report).
public enum GoldenVerdict: Sendable, Hashable {
    /// The actual matched the golden.
    case passed
    /// The actual differed from the golden (nothing written).
    case failed
    /// No golden, and none written (record mode `never`).
    case missing
    /// The golden was (to be) written, for this reason.
    case recorded(RecordReason)

    /// Why a golden is written.
    public enum RecordReason: Sendable, Hashable {
        /// Record mode `all`; `replaced` when a golden existed.
        case all(replaced: Bool)
        /// There was no golden (record modes `missing` and `failed`).
        case absent
        /// The golden differed (record mode `failed`).
        case rewrittenAfterFailure
        /// The golden differed and an older Proofsheet, `recordedBy`, recorded it (`--record all
        /// --only-changed-by VERSION`).
        case changedByRelease(recordedBy: String)
    }

    /// Decides, given the mode, whether a golden exists, and (when it exists) whether the actual
    /// matches it. `matches` is not consulted in mode `all` or when there is no golden.
    public static func decide(mode: RecordMode, goldenExists: Bool, matches: () throws -> Bool) rethrows -> GoldenVerdict {
        if mode == .all { return .recorded(.all(replaced: goldenExists)) }
        guard goldenExists else { return mode == .never ? .missing : .recorded(.absent) }
        if try matches() { return .passed }
        return mode == .failed ? .recorded(.rewrittenAfterFailure) : .failed
    }

    /// Whether the golden is written.
    public var writesGolden: Bool { if case .recorded = self { return true } else { return false } }
}

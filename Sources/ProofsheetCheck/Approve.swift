import Foundation
import ProofsheetCore
import ProofsheetScene
import ProofsheetImage
import ProofsheetDiff

/// `proofsheet approve`: a report's actual images become their goldens.
///
/// The report is untrusted (it may come back from CI as an artifact), so: goldens are written
/// only at `<golden root>/<scene>/<state>/<variant>.png`, computed from validated names, never
/// through a symbolic link; actual images are read only from the report's `images/`, never
/// through a link, and only when they decode as PNG. Every entry is checked before the first
/// golden is written, so a bad entry writes nothing.
public enum Approval {
    /// One golden to write.
    public struct Change: Sendable {
        public var id: String
        public var golden: String
        public var bytes: [UInt8]
    }

    /// The golden root to write into: `override` when given, else the report's own, which must
    /// then lie inside the working directory (a report cannot name where it writes).
    public static func goldenRoot(of report: CheckReport, override: String?, workingDirectory: String) throws -> String {
        let root = override ?? report.goldenRoot
        let absolute = root.hasPrefix("/") ? root : workingDirectory + "/" + root
        // The rules every golden folder follows (not the project itself, no links inside it).
        try GoldenRoot.check(absolute, base: workingDirectory)
        // A golden folder that does not exist yet (a first check on CI records nothing) is used
        // only when the user names it (from the wrong folder, the report's own would land
        // elsewhere); it is made when the first golden is written.
        if !FileOutput.exists(absolute) && override != nil { return absolute }
        guard let real = SafePaths.realFolder(absolute) else {
            throw ProofsheetError.badInput(
                "the golden folder \(SafePaths.clip(root)) of this report is not here",
                hint: "run approve from the folder the check ran in, or pass --golden DIR")
        }
        if override == nil {
            guard let cwd = SafePaths.realFolder(workingDirectory), real == cwd || real.hasPrefix(cwd + "/") else {
                throw ProofsheetError.badInput(
                    "the report's golden folder \(SafePaths.clip(root)) is outside the working directory",
                    hint: "pass --golden DIR to say where the goldens are")
            }
        }
        return real
    }

    /// Works out every golden to write, reading and checking everything first.
    ///
    /// - Parameters:
    ///   - only: ids to approve; empty approves every failed or missing entry.
    ///   - reencode: when given, each actual image is written again with this compression;
    ///     otherwise its bytes are copied as they are.
    public static func plan(
        report: CheckReport, folder: ReportFolder, goldenRoot: String, only: Set<String>, reencode: PNGCompression? = nil
    ) throws -> [Change] {
        if let unknown = only.sorted().first(where: { id in !report.entries.contains { $0.id == id } }) {
            throw ProofsheetError.badInput(
                "the report has no image '\(SafePaths.clip(unknown))'",
                hint: "ids look like scene/state/variant: \(report.entries.prefix(3).map(\.id).joined(separator: ", "))")
        }
        var changes: [Change] = []
        // Key instants, by their timeline's file: each file is written once, holding what it held
        // with the approved instants put in.
        var instants: [String: (id: String, images: [(milliseconds: Int, image: RGBAImage)], environment: String?)] = [:]
        for entry in report.entries
        where entry.status == .failed || entry.status == .missing
            || (entry.status == .error && entry.inputError == true)
        {
            if !only.isEmpty && !only.contains(entry.id) { continue }
            guard let actual = entry.actual else {
                throw ProofsheetError.badInput("\(entry.id): the report has no actual image for it")
            }
            // Only a path golden names can have: a forged state or variant is no golden.
            guard GoldenNames.isGoldenPath(entry.goldenPath) else {
                throw ProofsheetError.badInput(
                    "\(entry.id): '\(SafePaths.clip(entry.goldenPath))' is not a path a check names goldens with",
                    hint: "goldens are <scene>/<still or timeline@timeline>/<device>@<scale>x[+suffixes].png (see proofsheet check --help)")
            }
            var bytes = try folder.pngImage(actual, what: "\(entry.id): the actual image")
            // The environment the image was rendered in: its own chunk's, else the report's.
            let environment =
                PNGText.read(EnvironmentFingerprint.pngKeyword, in: bytes).flatMap(EnvironmentFingerprint.init(text:)) ?? report.environment
            if let at = entry.at {
                let image: RGBAImage
                do { image = try PNGCodec.decode(bytes, source: actual) } catch {
                    throw ProofsheetError.badInput("\(entry.id): the actual image: \(error.description)")
                }
                instants[
                    entry.goldenPath,
                    default: ("\(entry.scene)/\(entry.timeline ?? entry.state)/\(entry.variant)", [], environment.map(GoldenNames.chunkText))
                ].images.append((at, image))
                continue
            }
            if let reencode {
                do {
                    bytes = try PNGCodec.encode(PNGCodec.decode(bytes, source: actual), compression: reencode)
                } catch {
                    throw ProofsheetError.badInput("\(entry.id): the actual image: \(error.description)")
                }
            }
            // Every golden carries Proofsheet's chunk in the current format, re-encoded or not.
            bytes = GoldenNames.stamped(bytes, environment: environment)
            // Below a root that does not exist yet there is nothing, links included.
            let golden =
                FileOutput.exists(goldenRoot)
                ? try SafePaths.inside(goldenRoot, entry.goldenPath, what: "\(entry.id): the golden")
                : goldenRoot + "/" + entry.goldenPath
            changes.append(Change(id: entry.id, golden: golden, bytes: bytes))
        }
        for (path, approved) in instants.sorted(by: { $0.key < $1.key }) {
            let golden =
                FileOutput.exists(goldenRoot) ? try SafePaths.inside(goldenRoot, path, what: "\(approved.id): the golden") : goldenRoot + "/" + path
            var all = approved.images
            if FileOutput.exists(golden) {
                let old: TimelineGolden
                do { old = try TimelineGolden.read(file: golden) } catch let e as ImageError {
                    throw ProofsheetError.badInput(
                        "\(approved.id): the timeline's golden cannot be read: \(e.description)",
                        hint: "delete it and approve again (its other instants are then recorded at the next check)")
                }
                let new = Set(all.map(\.milliseconds))
                for ms in old.instants where !new.contains(ms) { if let image = old.image(at: ms) { all.append((ms, image)) } }
            }
            guard Set(all.map(\.image.size)).count == 1 else {
                throw ProofsheetError.badInput(
                    "\(approved.id): the approved images and the timeline's golden \(SafePaths.clip(golden)) differ in size")
            }
            let bytes = try TimelineGolden.encode(all, environment: approved.environment, compression: reencode ?? .small)
            changes.append(
                Change(id: "\(approved.id) (\(approved.images.count) instant\(approved.images.count == 1 ? "" : "s"))", golden: golden, bytes: bytes))
        }
        // Two goldens whose paths differ only in case are one file on a case-insensitive disk
        // (a Mac's, a Windows checkout's): the second would overwrite the first.
        var seen: [String: String] = [:]
        for c in changes {
            let key = c.golden.lowercased()
            if let other = seen[key], other != c.id {
                throw ProofsheetError.badInput(
                    "the report's images '\(SafePaths.clip(other))' and '\(SafePaths.clip(c.id))' differ only in case: their goldens would be one file on a case-insensitive disk",
                    hint: "rename one of the scenes or stills so their names differ in more than case")
            }
            seen[key] = c.id
        }
        return changes
    }

    /// Writes planned goldens.
    public static func apply(_ changes: [Change]) throws {
        for c in changes { try FileOutput.write(c.bytes, to: c.golden) }
    }
}

/// `proofsheet merge-reports`: one report from the reports of a sharded check.
///
/// Every shard report is read and validated, and every image it names is read (never through a
/// link, only PNGs that decode), before anything is written. Shards whose report is missing (the
/// job failed or was cancelled before uploading it) are named in the merged report, which fails.
public enum ReportMerge {
    /// Merges the report folders `inputs` into `output`.
    public static func merge(_ inputs: [String], into output: String, selfContained: Bool = false) throws -> CheckReport {
        guard !inputs.isEmpty else { throw ProofsheetError.usage("no report folders given") }
        for dir in inputs where FileOutput.sameFile(dir, output) {
            throw ProofsheetError.usage(
                "the output folder \(SafePaths.clip(output)) is one of the reports being merged",
                hint: "write the merged report to a new folder")
        }
        var reports: [(dir: String, report: CheckReport)] = []
        for dir in inputs { reports.append((dir, try ReportFolder(path: dir).read())) }

        let first = reports[0]
        for r in reports.dropFirst() {
            let a = first.report, b = r.report
            guard a.threshold == b.threshold, a.tolerance == b.tolerance, a.includeAA == b.includeAA, a.record == b.record,
                a.goldenRoot == b.goldenRoot
            else {
                throw ProofsheetError.badInput(
                    "\(SafePaths.clip(r.dir)) was checked with other settings than \(SafePaths.clip(first.dir))",
                    hint: "merge the shards of one check run")
            }
        }
        // Shards I/N: each at most once; a missing one (failed or cancelled before it uploaded
        // its report) is named in the merged report, which then fails: its images went unchecked.
        var missingShards: [String] = []
        let shards = reports.map { $0.report.shard.flatMap(ReportReader.parseShard) }
        if shards.contains(where: { $0 != nil }) {
            guard shards.allSatisfy({ $0 != nil }) else {
                throw ProofsheetError.badInput("some reports come from a sharded check and some do not")
            }
            let parts = shards.map { $0! }
            let n = parts[0].count
            guard parts.allSatisfy({ $0.count == n }) else {
                throw ProofsheetError.badInput(
                    "the reports come from different shardings (\(reports.compactMap(\.report.shard).joined(separator: ", ")))")
            }
            var seen = Set<Int>()
            for (i, p) in parts.enumerated() where !seen.insert(p.index).inserted {
                throw ProofsheetError.badInput("shard \(p.index)/\(n) is given twice (\(SafePaths.clip(reports[i].dir)))")
            }
            missingShards = (1...n).filter { !seen.contains($0) }.map { "\($0)/\(n)" }
        }

        var entries: [String: CheckEntry] = [:]
        // Checked now, copied after every report passed (read again then: memory stays bounded).
        var images: [String: (folder: ReportFolder, what: String)] = [:]
        for (dir, report) in reports {
            let folder = ReportFolder(path: dir)
            for e in report.entries {
                guard entries[e.id] == nil else {
                    throw ProofsheetError.badInput("\(e.id) is in more than one report", hint: "merge the shards of one check run")
                }
                entries[e.id] = e
                for rel in [e.expected, e.actual, e.diff, e.thumb].compactMap({ $0 }) {
                    guard images[rel] == nil else {
                        throw ProofsheetError.badInput("\(SafePaths.clip(rel)) is named by more than one entry")
                    }
                    let what = "\(e.id) in \(SafePaths.clip(dir))"
                    _ = try folder.pngImage(rel, what: what)
                    images[rel] = (folder, what)
                }
            }
        }
        var merged = CheckReport(
            entries: Array(entries.values), goldenRoot: first.report.goldenRoot, threshold: first.report.threshold,
            tolerance: first.report.tolerance, record: first.report.record)
        merged.includeAA = first.report.includeAA
        merged.environment = first.report.environment
        // Every shard lists the orphans and scene errors of all the scenes: the union, once each.
        let orphans = Set(reports.flatMap { $0.report.orphans ?? [] }).sorted()
        merged.orphans = orphans.isEmpty ? nil : orphans
        var sceneErrors: [SceneError] = []
        for e in reports.flatMap({ $0.report.sceneErrors ?? [] }) where !sceneErrors.contains(e) { sceneErrors.append(e) }
        merged.sceneErrors = sceneErrors.isEmpty ? nil : sceneErrors
        var warnings: [String] = []
        for w in reports.flatMap({ $0.report.warnings ?? [] }) where !warnings.contains(w) { warnings.append(w) }
        let environments = Set(reports.compactMap { $0.report.environment })
        if environments.count > 1 {
            warnings.append(
                "the shards ran in \(environments.count) different environments: \(environments.map(\.text).sorted().joined(separator: " | "))")
        }
        merged.warnings = warnings.isEmpty ? nil : warnings
        merged.missingShards = missingShards.isEmpty ? nil : missingShards
        // From the merged entries: a timeline's instants may come from several shards' reports.
        let timelines = merged.timelineSummaries()
        merged.timelines = timelines.isEmpty ? nil : timelines
        let target = try ReportFolder.staging(for: output, option: "-o")
        do {
            for (rel, source) in images.sorted(by: { $0.key < $1.key }) {
                try FileOutput.write(try source.folder.pngImage(rel, what: source.what), to: target.path + "/" + rel)
            }
            try target.write(merged, selfContained: selfContained, target: output)
            try target.commit(to: output, option: "-o")
        } catch {
            target.discard()
            throw error
        }
        return merged
    }
}

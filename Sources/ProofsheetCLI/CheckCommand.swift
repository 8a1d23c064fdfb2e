import Foundation
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout

/// `proofsheet check`: render scenes, compare with goldens, report.
func checkCommand(_ args: inout Arguments) throws -> Int32 {
    guard let golden = try args.value("--golden") else {
        throw ProofsheetError.usage("check needs --golden DIR", hint: "proofsheet check Assets/Scenes/*.json --golden Tests/Goldens")
    }
    var options = CheckOptions(goldenDirectory: golden)
    if let r = try args.value("--record") {
        guard let mode = RecordMode(name: r) else {
            throw ProofsheetError.usage("--record '\(r.prefix(40))' is not one of \(RecordMode.spellings)")
        }
        options.record = mode
    }
    options.reportDirectory = try args.value("--report")
    let junit = try args.value("--junit")
    let summary = try args.value("--summary")
    if let s = try args.value("--shard") { options.shard = try parseShard(s) }
    options.devices = try args.values("--device").map { try Device.named($0) }
    options.scale = try args.value("--scale").map { try number($0, option: "--scale", in: Scene.Limits.scaleRange) }
    if let t = try args.value("--threshold") { options.diff.threshold = try number(t, option: "--threshold", in: 0...1) }
    if let p = try args.value("--max-diff-pixels") {
        guard let n = Int(p), n >= 0 else { throw ProofsheetError.usage("--max-diff-pixels '\(p)' is not a whole number ≥ 0") }
        options.tolerance.maxPixels = n
    }
    if let r = try args.value("--max-diff-ratio") { options.tolerance.maxRatio = try number(r, option: "--max-diff-ratio", in: 0...1) }
    let assetDirs = try args.values("--assets")
    let quiet = args.flag("-q", "--quiet")
    let strict = args.flag("--strict")
    if let compression = try args.pngCompression() { options.pngCompression = compression }
    options.jobs = try jobsOption(&args)
    let stillOptions = try args.values("--still")
    options.stills = stillOptions.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    if options.stills.contains("") {
        throw ProofsheetError.usage("--still needs a still name (got an empty one)", hint: "--still rest, or --still rest,dragging")
    }
    for still in options.stills where still != "default" && !Still.isValidName(still) {
        throw ProofsheetError.usage("--still '\(clipped(still))' cannot name a still", hint: Still.nameRule)
    }
    if try !args.values("--set").isEmpty {
        throw ProofsheetError.usage(
            "check does not take --set: a state without a name has no golden",
            hint: "name the state as a still in the scene's \"stills\", then check it (--still NAME selects it)")
    }
    let scenes = try args.positionals()
    guard !scenes.isEmpty else { throw ProofsheetError.usage("no scene file given", hint: "proofsheet check <scene.json>... --golden DIR") }

    try checkOutputs(files: [junit, summary], folders: [options.reportDirectory])
    let checker = Checker(renderer: try Renderer(assetRoots: assetDirs))
    let report = try checker.run(scenes: scenes, options: options) { entry, n, total in
        guard !quiet else { return }
        var line = "[\(n)/\(total)] \(entry.status.rawValue.uppercased().padding(toLength: 8, withPad: " ", startingAt: 0)) \(entry.id)"
        if let m = entry.message, entry.status != .passed { line += " — \(m)" }
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
    if let junit { try FileOutput.write(Array(HTMLReport.junit(report).utf8), to: junit) }
    if let summary { try FileOutput.write(Array(HTMLReport.markdownSummary(report).utf8), to: summary) }
    let orphans = report.orphans ?? []
    if !orphans.isEmpty {
        let list = orphans.prefix(10).map { "  \(golden)/\($0)" }.joined(separator: "\n") + (orphans.count > 10 ? "\n  …" : "")
        FileHandle.standardError.write(
            Data(
                ("proofsheet: \(strict ? "error" : "warning"): \(orphans.count) golden\(orphans.count == 1 ? " belongs" : "s belong") to no still "
                    + "of the scenes checked (a still renamed or removed?):\n\(list)\n  delete \(orphans.count == 1 ? "it" : "them") if the still is gone"
                    + (strict ? "" : "; --strict makes this a failure") + "\n").utf8))
    }
    let counts = report.counts
    let parts = CheckEntry.Status.allCases.compactMap { s in counts[s].map { "\($0) \(s.rawValue)" } }
    let n = report.entries.count
    print(
        "\(report.passed && !(strict && !orphans.isEmpty) ? "passed" : "FAILED"): \(n) image\(n == 1 ? "" : "s") — \(parts.joined(separator: ", "))"
            + (orphans.isEmpty ? "" : ", \(orphans.count) orphaned golden\(orphans.count == 1 ? "" : "s")")
            + (options.reportDirectory.map { "; report: \($0)/index.html" } ?? ""))
    if let dir = options.reportDirectory, report.entries.contains(where: { $0.status == .failed || $0.status == .missing || $0.inputError == true }) {
        print("to accept the actual images as goldens: proofsheet approve --report \(dir)")
    }
    // A golden that cannot be read is bad input (2); a render that failed inside Proofsheet is
    // an internal failure (3); neither is a difference.
    let unreadable = report.entries.filter { $0.status == .error && $0.inputError == true }
    if let first = unreadable.first {
        FileHandle.standardError.write(
            Data(
                "proofsheet: error: \(unreadable.count) image\(unreadable.count == 1 ? "" : "s") could not be checked; \(first.id): \(first.message ?? "")\n"
                    .utf8))
        return 2
    }
    if report.entries.contains(where: { $0.status == .error }) { return 3 }
    return report.passed && !(strict && !orphans.isEmpty) ? 0 : 1
}

/// `proofsheet approve --report DIR`: the failures' actual images become their goldens.
func approveCommand(_ args: inout Arguments) throws -> Int32 {
    guard let dir = try args.value("--report") else { throw ProofsheetError.usage("approve needs --report DIR") }
    let goldenOverride = try args.value("--golden")
    let only = Set(try args.values("--only"))
    let compression = try args.pngCompression()
    try args.noPositionals()
    let folder = ReportFolder(path: dir)
    let report = try folder.read()
    let root = try Approval.goldenRoot(of: report, override: goldenOverride, workingDirectory: FileManager.default.currentDirectoryPath)
    // Everything is read and checked before the first golden is written.
    let changes = try Approval.plan(report: report, folder: folder, goldenRoot: root, only: only, reencode: compression)
    try Approval.apply(changes)
    for c in changes { print("approved \(c.id) → \(c.golden)") }
    print("\(changes.count) golden\(changes.count == 1 ? "" : "s") updated")
    return 0
}

/// `proofsheet merge-reports DIR... -o OUT`: one report from the shards' reports.
func mergeReportsCommand(_ args: inout Arguments) throws -> Int32 {
    guard let out = try args.value("-o", "--output") else { throw ProofsheetError.usage("merge-reports needs -o OUT_DIR") }
    let junit = try args.value("--junit")
    let summary = try args.value("--summary")
    let dirs = try args.positionals()
    guard !dirs.isEmpty else { throw ProofsheetError.usage("no report folders given", hint: "proofsheet merge-reports shard-1 shard-2 -o report") }
    try checkOutputs(files: [junit, summary], folders: [out])
    let merged = try ReportMerge.merge(dirs, into: out)
    if let junit { try FileOutput.write(Array(HTMLReport.junit(merged).utf8), to: junit) }
    if let summary { try FileOutput.write(Array(HTMLReport.markdownSummary(merged).utf8), to: summary) }
    print("\(merged.passed ? "passed" : "FAILED"): \(merged.entries.count) images from \(dirs.count) reports; report: \(out)/index.html")
    return merged.passed ? 0 : 1
}

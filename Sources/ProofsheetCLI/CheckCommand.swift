import Foundation
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout

/// `proofsheet check`: render scenes, compare with goldens, report.
func checkCommand(_ args: inout Arguments) throws -> Int32 {
    let configPath = try args.value("--config")
    let noConfig = args.flag("--no-config")
    if noConfig && configPath != nil { throw ProofsheetError.usage("--config and --no-config exclude each other") }
    let goldenOption = try args.value("--golden")
    let recordOption = try args.value("--record")
    let onlyChangedBy = try args.value("--only-changed-by")
    let reportDirectory = try args.value("--report")
    let selfContained = args.flag("--self-contained")
    let junit = try args.value("--junit")
    let summary = try args.value("--summary")
    let shard = try args.value("--shard").map(parseShard)
    let deviceNames = try args.values("--device")
    let scales = try args.values("--scale").map { try number($0, option: "--scale", in: Scene.Limits.scaleRange) }
    var cliCompare = CompareSettings()
    cliCompare.threshold = try args.value("--threshold").map { try number($0, option: "--threshold", in: 0...1) }
    if args.flag("--include-aa") { cliCompare.includeAA = true }
    if let p = try args.value("--max-diff-pixels") {
        guard let n = Int(p), n >= 0 else { throw ProofsheetError.usage("--max-diff-pixels '\(clipped(p))' is not a whole number ≥ 0") }
        cliCompare.maxDiffPixels = n
    }
    cliCompare.maxDiffRatio = try args.value("--max-diff-ratio").map { try number($0, option: "--max-diff-ratio", in: 0...1) }
    let ignores = try args.values("--ignore").map(parseScoped)
    let masks = try args.values("--mask").map(parseScoped)
    let assetDirs = try args.values("--assets")
    let quiet = args.flag("-q", "--quiet")
    var strict = args.flag("--strict")
    let prune = args.flag("--prune")
    let compression = try args.pngCompression()
    let jobs = try jobsOption(&args)
    let chrome = try chromeOption(&args)
    let variantAxes = try variantValues(&args)
    let overflow = try overflowOption(&args)
    let stillOptions = try args.values("--still")
    let stills = stillOptions.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    if stills.contains("") {
        throw ProofsheetError.usage("--still needs a still name (got an empty one)", hint: "--still rest, or --still rest,dragging")
    }
    for still in stills where still != "default" && !Still.isValidName(still) {
        throw ProofsheetError.usage("--still '\(clipped(still))' cannot name a still", hint: Still.nameRule)
    }
    let timelines = try timelineSelection(&args)
    if try !args.values("--set").isEmpty {
        throw ProofsheetError.usage(
            "check does not take --set: a state without a name has no golden",
            hint: "name the state as a still in the scene's \"stills\", then check it (--still NAME selects it)")
    }
    let positional = try args.positionals()

    // The project's configuration: --config, or proofsheet.json from here upward.
    let config = noConfig ? nil : try ProjectConfig.find(explicit: configPath, from: FileManager.default.currentDirectoryPath)
    if let config {
        // Which configuration is in use, on every run: one found upward is not a surprise.
        FileHandle.standardError.write(Data("proofsheet: configuration \(config.file)\n".utf8))
        strict = strict || config.strict
        if goldenOption == nil, let refusal = config.goldenRefusal { throw refusal }
    }
    guard let golden = goldenOption ?? config?.golden else {
        throw ProofsheetError.usage(
            "check needs --golden DIR (or a \(ProjectConfig.fileName) with \"golden\")",
            hint: config == nil
                ? "proofsheet check Assets/Scenes/*.json --golden Tests/Goldens; \(ProjectConfig.searchHint(from: FileManager.default.currentDirectoryPath))"
                : "proofsheet check Assets/Scenes/*.json --golden Tests/Goldens")
    }
    let scenes = positional.isEmpty ? (config?.scenes ?? []) : positional
    guard !scenes.isEmpty else { throw ProofsheetError.usage("no scene file given", hint: "proofsheet check <scene.json>... --golden DIR") }

    var options = CheckOptions(goldenDirectory: golden)
    if let r = recordOption {
        guard let mode = RecordMode(name: r) else {
            throw ProofsheetError.usage("--record '\(clipped(r))' is not one of \(RecordMode.spellings)")
        }
        options.record = mode
    }
    if let v = onlyChangedBy {
        guard options.record == .all, recordOption != nil else {
            throw ProofsheetError.usage(
                "--only-changed-by scopes --record all: it rewrites only the failing goldens an older Proofsheet recorded",
                hint: "proofsheet check --record all --only-changed-by \(ReleaseVersion.current)")
        }
        guard let release = ReleaseVersion(v), release <= ReleaseVersion.current else {
            throw ProofsheetError.usage(
                "--only-changed-by '\(clipped(v))' is not a release up to this one (\(ReleaseVersion.current))",
                hint: "name the release whose pixel changes CHANGELOG.md lists, as MAJOR.MINOR.PATCH: --only-changed-by \(ReleaseVersion.current)")
        }
        options.onlyChangedBy = release
    }
    options.reportDirectory = reportDirectory
    options.selfContained = selfContained
    options.shard = shard
    options.devices = deviceNames.isEmpty ? (config?.devices ?? []) : try deviceNames.map { try Device.named($0) }
    options.scales = scales.isEmpty ? (config?.scales ?? []) : scales
    options.chrome = chrome ?? config?.chrome
    // Each axis from the command line replaces the configuration's values for it.
    let given = Set(variantAxes.map(\.0))
    options.variants = try Variant.matrix(
        ((config?.variants ?? []).filter { !given.contains($0.0) } + variantAxes).sorted { a, b in
            Variant.Axis.allCases.firstIndex(of: a.0)! < Variant.Axis.allCases.firstIndex(of: b.0)!
        })
    options.stills = stills
    options.timelines = timelines == .none ? config?.timelines ?? .none : timelines
    options.jobs = jobs
    options.prune = prune
    if let compression { options.pngCompression = compression }
    options.sceneRoot = config?.root ?? "."
    options.wholeProject =
        config != nil && positional.isEmpty && deviceNames.isEmpty && scales.isEmpty && stills.isEmpty && chrome == nil && variantAxes.isEmpty
    options.assetFolders = assetDirs + (config?.assets ?? [])
    options.compare = cliCompare.over(config?.compare ?? CompareSettings())
    // A scope names one of the scenes checked (a typo would silently compare strictly).
    let sceneNames = Set(scenes.compactMap { try? GoldenNames.scene($0, root: options.sceneRoot) })
    for (scope, _) in ignores + masks {
        guard let scene = scope?.scene, !sceneNames.contains(scene) else { continue }
        let close = closeNames(to: scene, in: sceneNames.sorted())
        throw ProofsheetError.usage(
            "'\(clipped(scene))' in --ignore or --mask is none of the scenes checked",
            hint: (close.isEmpty ? "" : "did you mean '\(close[0])'? ") + "scenes are named by their path below the project root, without extension")
    }
    options.sceneCompare = config?.sceneCompare ?? [:]
    for (scope, text) in ignores {
        guard let rect = PointRect(text: text) else {
            throw ProofsheetError.usage(
                "--ignore '\(clipped(text))' is not x,y,width,height in points", hint: "--ignore 0,0,390,47, or --ignore SCENE:STILL=0,0,390,47")
        }
        options.add(scope) { $0.ignore.append(rect) }
    }
    for (scope, path) in masks {
        guard FileOutput.isRegularFile(path) else { throw ProofsheetError.usage("--mask '\(clipped(path))' is not a file") }
        options.add(scope) { $0.masks.append(path) }
    }
    if prune && shard != nil {
        throw ProofsheetError.usage("--prune with --shard: each shard sees only its part of the images", hint: "prune in a run without --shard")
    }

    for d in [reportDirectory].compactMap({ $0 }) { try ReportFolder.checkReplaceable(d) }
    try checkOutputs(files: [junit, summary], folders: [])
    if let r = recordOption, RecordMode.isCI(), let mode = RecordMode(name: r), mode != .never {
        FileHandle.standardError.write(
            Data(
                "proofsheet: note: recording goldens on CI (--record \(mode.rawValue), \(RecordMode.ciReason() ?? "CI") is set): they are written on this machine only; approve them from the report\n"
                    .utf8))
    }
    let renderer = try Renderer(assetRoots: assetDirs + (config?.assets ?? []))
    options.environment = renderer.environment(version: Help.versionNumber)
    let watch = OverflowWatch(renderer, mode: overflow ?? .warn)
    let checker = Checker(renderer: watch, timelines: renderer)
    let report = try checker.run(scenes: scenes, options: options) { entry, n, total in
        guard !quiet else { return }
        let label = entry.status == .tolerated ? "PASSED" : entry.status.rawValue.uppercased()
        var line = "[\(n)/\(total)] \(label.padding(toLength: 8, withPad: " ", startingAt: 0)) \(entry.id)"
        if let m = entry.message, entry.status != .passed { line += " — \(m)" }
        FileHandle.standardError.write(Data((visible(line) + "\n").utf8))
    }
    try writeJUnitAndSummary(report, junit: junit, summary: summary, reportDirectory: reportDirectory)
    for e in report.sceneErrors ?? [] {
        // The message is escaped already, but for the line break before its hint.
        FileHandle.standardError.write(Data("proofsheet: \(visible(e.still.map { "still '\($0)' of \(e.file): " } ?? ""))\(e.message)\n".utf8))
    }
    for w in report.warnings ?? [] { FileHandle.standardError.write(Data("proofsheet: warning: \(visible(w))\n".utf8)) }
    for t in report.timelines ?? [] { if let line = timelineLine(t, report) { FileHandle.standardError.write(Data((visible(line) + "\n").utf8)) } }
    let overflowFailed = watch.report(quiet: quiet)
    let orphans = report.orphans ?? []
    if !orphans.isEmpty {
        let list = orphans.prefix(10).map { "  " + visible("\(golden)/\($0)") }.joined(separator: "\n") + (orphans.count > 10 ? "\n  …" : "")
        FileHandle.standardError.write(
            Data(
                ("proofsheet: \(strict ? "error" : "warning"): \(orphans.count) golden\(orphans.count == 1 ? " belongs" : "s belong") to no still "
                    + "of the scenes checked (a still renamed or removed?):\n\(list)\n  delete \(orphans.count == 1 ? "it" : "them") if the still is gone (--prune does)"
                    + (strict ? "" : "; --strict makes this a failure") + "\n").utf8))
        if let hint = legacyLayoutHint(orphans, report: report, golden: golden) { FileHandle.standardError.write(Data((hint + "\n").utf8)) }
    }
    for p in report.pruned ?? [] { FileHandle.standardError.write(Data("pruned \(visible("\(golden)/\(p)"))\n".utf8)) }
    let failed = !report.passed || (strict && !orphans.isEmpty) || overflowFailed
    let counts = report.counts
    let parts =
        CheckEntry.Status.allCases.compactMap { s in counts[s].map { "\($0) \(s.label)" } }
        + ((report.sceneErrors ?? []).isEmpty ? [] : ["\(report.sceneErrors!.count) scene error\(report.sceneErrors!.count == 1 ? "" : "s")"])
    let n = report.entries.count
    let verdict = failed ? "FAILED" : report.verdict == .recorded ? "recorded" : "passed"
    print(
        "\(verdict): \(n) image\(n == 1 ? "" : "s") — \(parts.joined(separator: ", "))"
            + (orphans.isEmpty ? "" : ", \(orphans.count) orphaned golden\(orphans.count == 1 ? "" : "s")")
            + ((report.pruned ?? []).isEmpty ? "" : ", \(report.pruned!.count) pruned")
            + (reportDirectory.map { "; report: \($0)/index.html" } ?? ""))
    if let dir = reportDirectory, report.hasApprovable {
        print("to accept the actual images as goldens: \(visible(CheckReport.approveCommand(folder: dir)))")
    }
    // The worst outcome: a failure inside Proofsheet (3), bad input — a scene or golden that
    // cannot be read (2), a difference (1).
    if report.entries.contains(where: { $0.status == .error && $0.inputError != true }) { return 3 }
    if report.hasInputErrors {
        let unreadable = report.entries.filter { $0.status == .error && $0.inputError == true }
        let scenesBad = report.sceneErrors ?? []
        var what: [String] = []
        if !scenesBad.isEmpty { what.append("\(scenesBad.count) scene\(scenesBad.count == 1 ? "" : "s") could not be read") }
        if let first = unreadable.first {
            what.append("\(unreadable.count) image\(unreadable.count == 1 ? "" : "s") could not be checked; \(first.id): \(first.message ?? "")")
        }
        FileHandle.standardError.write(Data("proofsheet: error: \(visible(what.joined(separator: "; ")))\n".utf8))
        return 2
    }
    return failed ? 1 : 0
}

/// A timeline's first diverging instant, for the console (nil when none diverges).
private func timelineLine(_ t: TimelineSummary, _ report: CheckReport) -> String? {
    guard let e = report.firstDiverging(t) else { return nil }
    return "proofsheet: timeline \(t.id) first diverges at \(TimelineSummary.describe(e)): \(e.status.label)"
        + (e.message.map { " — \($0)" } ?? "")
}

/// `--timelines` (every timeline) or `--timeline NAME` (repeatable, or comma-separated).
private func timelineSelection(_ args: inout Arguments) throws -> TimelineSelection {
    let every = args.flag("--timelines")
    let names = try args.values("--timeline").flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    if every && !names.isEmpty {
        throw ProofsheetError.usage("--timelines and --timeline exclude each other", hint: "--timelines checks every timeline")
    }
    for name in names where !Still.isValidName(name) {
        throw ProofsheetError.usage("--timeline '\(clipped(name))' cannot name a timeline", hint: Still.nameRule)
    }
    return every ? .all : names.isEmpty ? .none : .named(names)
}

/// `[SCENE[:STILL]=]VALUE`: a value for every image, a scene's, or one still's.
private func parseScoped(_ text: String) throws -> (scope: (scene: String, still: String?)?, value: String) {
    guard let eq = text.firstIndex(of: "=") else { return (nil, text) }
    let scope = text[..<eq], value = String(text[text.index(after: eq)...])
    let parts = scope.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    guard parts.count <= 2, !parts[0].isEmpty, SafePaths.plainComponents(parts[0]) != nil, parts.count == 1 || !parts[1].isEmpty else {
        throw ProofsheetError.usage(
            "'\(clipped(String(scope)))' is not SCENE or SCENE:STILL", hint: "e.g. Assets/Scenes/travel-deck:dragging-right=0,0,390,47")
    }
    return ((parts[0], parts.count == 2 ? parts[1] : nil), value)
}

extension CheckOptions {
    /// Changes the settings of every image (`scope` nil), a scene's, or one still's.
    fileprivate mutating func add(_ scope: (scene: String, still: String?)?, _ change: (inout CompareSettings) -> Void) {
        guard let scope else { return change(&compare) }
        var s = sceneCompare[scope.scene] ?? SceneCompareSettings()
        if let still = scope.still {
            var c = s.stills[still] ?? CompareSettings()
            change(&c)
            s.stills[still] = c
        } else {
            change(&s.scene)
        }
        sceneCompare[scope.scene] = s
    }
}

/// A hint when orphans look like goldens of the layout before scene folders.
private func legacyLayoutHint(_ orphans: [String], report: CheckReport, golden: String) -> String? {
    let scenes = Set(report.entries.map(\.scene))
    for orphan in orphans {
        let top = String(orphan.split(separator: "/").first ?? "")
        if let scene = scenes.sorted().first(where: { $0.contains("/") && $0.hasSuffix("/" + top) }) {
            return "  hint: goldens at \(golden)/\(top)/ were recorded before golden paths named the scene's folders: "
                + "move them to \(golden)/\(scene)/ (or record again and delete them)"
        }
    }
    return nil
}

/// Writes the JUnit XML and appends the Markdown summary (GitHub's step summary is one file that
/// every step adds to).
private func writeJUnitAndSummary(_ report: CheckReport, junit: String?, summary: String?, reportDirectory: String?) throws {
    if let junit { try FileOutput.write(Array(HTMLReport.junit(report, reportDirectory: reportDirectory).utf8), to: junit) }
    if let summary {
        var bytes: [UInt8] = []
        if FileOutput.isRegularFile(summary), let old = FileManager.default.contents(atPath: summary) {
            bytes = Array(old)
            if let last = bytes.last, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
            if !bytes.isEmpty { bytes.append(UInt8(ascii: "\n")) }
        }
        try FileOutput.write(bytes + Array(HTMLReport.markdownSummary(report, reportFolder: reportDirectory).utf8), to: summary)
    }
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

/// `proofsheet migrate`: goldens of an older format rewritten in the current one.
func migrateCommand(_ args: inout Arguments) throws -> Int32 {
    let goldenOption = try args.value("--golden")
    let configPath = try args.value("--config")
    let dryRun = args.flag("--dry-run")
    let compression = try args.pngCompression() ?? .small
    try args.noPositionals()
    let cwd = FileManager.default.currentDirectoryPath
    let config = goldenOption != nil && configPath == nil ? nil : try ProjectConfig.find(explicit: configPath, from: cwd)
    if goldenOption == nil, let refusal = config?.goldenRefusal { throw refusal }
    guard let golden = goldenOption ?? config?.golden else {
        throw ProofsheetError.usage(
            "migrate needs --golden DIR (or a \(ProjectConfig.fileName) with \"golden\")", hint: "proofsheet migrate --golden Tests/Goldens")
    }
    // The rules of every golden folder: not the project itself, nothing through a link.
    try GoldenRoot.check(golden, base: config?.root ?? ".")
    let (steps, skipped) = try GoldenMigration.plan(root: golden)
    for path in skipped {
        FileHandle.standardError.write(Data("proofsheet: left alone (no Proofsheet chunk): \(golden)/\(path)\n".utf8))
    }
    if steps.isEmpty {
        print("nothing to migrate: no format-1 goldens below \(golden) (golden format \(GoldenNames.formatVersion))")
        return 0
    }
    let files = steps.reduce(0) { $0 + $1.instants.count }
    if dryRun {
        for s in steps {
            print(
                "would write \(golden)/\(s.golden) from \(s.instants.count) instant\(s.instants.count == 1 ? "" : "s")\(s.merges ? " (merged into the file there)" : "")"
            )
        }
        print("\(steps.count) timeline golden\(steps.count == 1 ? "" : "s") from \(files) format-1 files (dry run: nothing written)")
        return 0
    }
    try GoldenMigration.apply(steps, root: golden, compression: compression) { s in
        print(
            "wrote \(golden)/\(s.golden) from \(s.instants.count) instant\(s.instants.count == 1 ? "" : "s")\(s.merges ? " (merged into the file there)" : "")"
        )
    }
    print("migrated \(files) format-1 goldens into \(steps.count) timeline golden\(steps.count == 1 ? "" : "s"): run proofsheet check, then commit")
    return 0
}

/// `proofsheet merge-reports DIR... -o OUT`: one report from the shards' reports.
func mergeReportsCommand(_ args: inout Arguments) throws -> Int32 {
    guard let out = try args.value("-o", "--output") else { throw ProofsheetError.usage("merge-reports needs -o OUT_DIR") }
    let junit = try args.value("--junit")
    let summary = try args.value("--summary")
    let selfContained = args.flag("--self-contained")
    let dirs = try args.positionals()
    guard !dirs.isEmpty else { throw ProofsheetError.usage("no report folders given", hint: "proofsheet merge-reports shard-1 shard-2 -o report") }
    try checkOutputs(files: [junit, summary], folders: [])
    try ReportFolder.checkReplaceable(out, option: "-o")
    let merged = try ReportMerge.merge(dirs, into: out, selfContained: selfContained)
    try writeJUnitAndSummary(merged, junit: junit, summary: summary, reportDirectory: out)
    for w in merged.warnings ?? [] { FileHandle.standardError.write(Data("proofsheet: warning: \(visible(w))\n".utf8)) }
    for t in merged.timelines ?? [] { if let line = timelineLine(t, merged) { FileHandle.standardError.write(Data((visible(line) + "\n").utf8)) } }
    if let missing = merged.missingShards, !missing.isEmpty {
        FileHandle.standardError.write(
            Data(
                "proofsheet: error: shard\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")) missing: \(missing.count == 1 ? "its" : "their") images were not checked\n"
                    .utf8))
    }
    let verdict = merged.passed ? (merged.verdict == .recorded ? "recorded" : "passed") : "FAILED"
    print("\(verdict): \(merged.entries.count) images from \(dirs.count) reports; report: \(out)/index.html")
    if merged.hasApprovable { print("to accept the actual images as goldens: \(visible(CheckReport.approveCommand(folder: out)))") }
    if merged.hasInputErrors { return 2 }
    return merged.passed ? 0 : 1
}

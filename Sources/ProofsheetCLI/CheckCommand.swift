import Foundation
import Proofsheet

/// `proofsheet check`: render scenes, compare with goldens, report.
func checkCommand(_ args: inout Arguments) throws -> Int32 {
    guard let golden = try args.value("--golden") else {
        throw ProofsheetError.usage("check needs --golden DIR", hint: "proofsheet check Assets/Scenes/*.json --golden Tests/Goldens")
    }
    var options = CheckOptions(goldenDirectory: golden)
    if let r = try args.value("--record") {
        guard let mode = RecordMode(rawValue: r) else {
            throw ProofsheetError.usage("--record '\(r)' is not one of \(RecordMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        options.record = mode
    }
    options.reportDirectory = try args.value("--report")
    let junit = try args.value("--junit")
    let summary = try args.value("--summary")
    if let s = try args.value("--shard") { options.shard = try shard(s) }
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
    let scenes = try args.positionals()
    guard !scenes.isEmpty else { throw ProofsheetError.usage("no scene file given", hint: "proofsheet check <scene.json>... --golden DIR") }

    let checker = Checker(renderer: try Renderer(assetRoots: assetDirs))
    let report = try checker.run(scenes: scenes, options: options) { entry, n, total in
        guard !quiet else { return }
        var line = "[\(n)/\(total)] \(entry.status.rawValue.uppercased().padding(toLength: 8, withPad: " ", startingAt: 0)) \(entry.id)"
        if let m = entry.message, entry.status != .passed { line += " — \(m)" }
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
    if let junit { try writeAtomically(Array(HTMLReport.junit(report).utf8), to: junit) }
    if let summary { try writeAtomically(Array(HTMLReport.markdownSummary(report).utf8), to: summary) }
    let counts = report.counts
    let parts = CheckEntry.Status.allCases.compactMap { s in counts[s].map { "\($0) \(s.rawValue)" } }
    let n = report.entries.count
    print("\(report.passed ? "passed" : "FAILED"): \(n) image\(n == 1 ? "" : "s") — \(parts.joined(separator: ", "))"
          + (options.reportDirectory.map { "; report: \($0)/index.html" } ?? ""))
    if let dir = options.reportDirectory, report.entries.contains(where: { $0.status == .failed || $0.status == .missing }) {
        print("to accept the actual images as goldens: proofsheet approve --report \(dir)")
    }
    // A render that failed inside Proofsheet is an internal failure, not a difference.
    if report.entries.contains(where: { $0.status == .error }) { return 3 }
    return report.passed ? 0 : 1
}

/// `I/N` with 1 ≤ I ≤ N.
func shard(_ text: String) throws -> (index: Int, count: Int) {
    let parts = text.split(separator: "/").map { Int($0) }
    guard parts.count == 2, let i = parts[0], let n = parts[1], n >= 1, i >= 1, i <= n else {
        throw ProofsheetError.usage("--shard '\(text)' is not I/N with 1 ≤ I ≤ N", hint: "e.g. --shard 2/4 for the second of four machines")
    }
    return (i, n)
}

/// `proofsheet approve --report DIR`: the failures' actual images become their goldens.
func approveCommand(_ args: inout Arguments) throws -> Int32 {
    guard let dir = try args.value("--report") else { throw ProofsheetError.usage("approve needs --report DIR") }
    let only = Set(try args.values("--only"))
    _ = try args.positionals()
    let report = try ReportFolder(path: dir).read()
    if let unknown = only.first(where: { id in !report.entries.contains { $0.id == id } }) {
        throw ProofsheetError.badInput("the report has no image '\(unknown)'",
            hint: "ids look like scene/state/variant: \(report.entries.prefix(3).map(\.id).joined(separator: ", "))")
    }
    var approved = 0
    for entry in report.entries where entry.status == .failed || entry.status == .missing {
        if !only.isEmpty && !only.contains(entry.id) { continue }
        // Golden paths are as the check was given them: relative ones only mean something in
        // the folder the check ran in.
        if entry.status == .failed && !FileManager.default.fileExists(atPath: entry.golden) {
            throw ProofsheetError.badInput("the golden \(entry.golden) of \(entry.id) is not here",
                hint: "run approve from the folder the check ran in")
        }
        guard let actual = entry.actual, let bytes = FileManager.default.contents(atPath: dir + "/" + actual) else {
            throw ProofsheetError.badInput("the report has no actual image for \(entry.id)")
        }
        try writeAtomically([UInt8](bytes), to: entry.golden)
        print("approved \(entry.id) → \(entry.golden)")
        approved += 1
    }
    print("\(approved) golden\(approved == 1 ? "" : "s") updated")
    return 0
}

/// `proofsheet merge-reports DIR... -o OUT`: one report from the shards' reports.
func mergeReportsCommand(_ args: inout Arguments) throws -> Int32 {
    guard let out = try args.value("-o", "--output") else { throw ProofsheetError.usage("merge-reports needs -o OUT_DIR") }
    let junit = try args.value("--junit")
    let summary = try args.value("--summary")
    let dirs = try args.positionals()
    guard !dirs.isEmpty else { throw ProofsheetError.usage("no report folders given", hint: "proofsheet merge-reports shard-1 shard-2 -o report") }
    var entries: [String: CheckEntry] = [:]
    var first: CheckReport? = nil
    var shards: [String] = []
    let target = ReportFolder(path: out)
    try FileManager.default.createDirectory(atPath: out + "/images", withIntermediateDirectories: true)
    for dir in dirs {
        let r = try ReportFolder(path: dir).read()
        first = first ?? r
        if let s = r.shard { shards.append(s) }
        if let f = first, f.threshold != r.threshold || f.tolerance != r.tolerance {
            throw ProofsheetError.badInput("\(dir) was checked with other settings than \(dirs[0])", hint: "merge the shards of one check run")
        }
        for var e in r.entries {
            for key in [\CheckEntry.expected, \CheckEntry.actual, \CheckEntry.diff] {
                guard let rel = e[keyPath: key] else { continue }
                guard rel.hasPrefix("images/"), !rel.split(separator: "/").contains(".."), !rel.contains("\0") else {
                    throw ProofsheetError.badInput("\(dir)/results.json names an image outside the report: \(rel)")
                }
                guard let bytes = FileManager.default.contents(atPath: dir + "/" + rel) else {
                    throw ProofsheetError.badInput("\(dir)/\(rel) is missing", hint: "merge whole report folders")
                }
                try writeAtomically([UInt8](bytes), to: out + "/" + rel)
                e[keyPath: key] = rel
            }
            guard entries[e.id] == nil else { throw ProofsheetError.badInput("\(e.id) is in more than one report") }
            entries[e.id] = e
        }
    }
    // Shards I/N: every part must be there, or images would go unchecked unnoticed.
    if !shards.isEmpty {
        let counts = Set(shards.compactMap { $0.split(separator: "/").last.flatMap { Int($0) } })
        guard counts.count == 1, let n = counts.first, shards.count == dirs.count else {
            throw ProofsheetError.badInput("the reports come from different shardings (\(shards.joined(separator: ", ")))")
        }
        let missing = (1...n).filter { i in !shards.contains("\(i)/\(n)") }
        guard missing.isEmpty else {
            throw ProofsheetError.badInput("shard \(missing.map { "\($0)/\(n)" }.joined(separator: ", ")) missing from the reports",
                                           hint: "merge the reports of all \(n) shards")
        }
    }
    let merged = CheckReport(entries: Array(entries.values), threshold: first?.threshold ?? 0.1,
                             tolerance: first?.tolerance ?? Tolerance(), record: first?.record ?? RecordMode.default.rawValue)
    try target.write(merged)
    if let junit { try writeAtomically(Array(HTMLReport.junit(merged).utf8), to: junit) }
    if let summary { try writeAtomically(Array(HTMLReport.markdownSummary(merged).utf8), to: summary) }
    print("\(merged.passed ? "passed" : "FAILED"): \(merged.entries.count) images from \(dirs.count) reports; report: \(out)/index.html")
    return merged.passed ? 0 : 1
}

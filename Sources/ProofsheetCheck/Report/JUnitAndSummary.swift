import ProofsheetCore
import ProofsheetScene
import ProofsheetImage
import ProofsheetDiff

extension HTMLReport {
    /// The report as JUnit XML, which CI systems (GitHub, GitLab, Jenkins, Buildkite...) ingest;
    /// valid against the Jenkins xUnit JUnit schema.
    ///
    /// One `<testsuite name="proofsheet check">` with one `<testcase>` per entry, by scene and
    /// still: `classname` is the scene, `name` the still and variant, `still/variant` (and the
    /// frame), so that `classname/name` is the entry's id; `time` is the seconds spent rendering
    /// and comparing it. Failed and missing entries (and recordings, unless record mode `all`
    /// rewrote every golden on purpose) carry a `<failure>`, errors an `<error>`; a scene that
    /// could not be read is a case of its own with an `<error>`, as is each shard missing from a
    /// merge. A pass within tolerance and a recording in mode `all` pass, saying so in
    /// `<system-out>`. A timeline on a variant is one case, `timeline/variant (timeline, N
    /// instants)`, whose failure names its first diverging instant (time, why it is key, events)
    /// and lists every instant. Each orphaned golden follows as a skipped case named
    /// `still/variant (orphaned golden)`.
    ///
    /// With `reportDirectory`, each case's images are named in `<system-out>` as
    /// `[[ATTACHMENT|path]]` lines (paths as the check was given them), which Jenkins' and
    /// GitLab's JUnit readers attach to the case.
    public static func junit(_ report: CheckReport, reportDirectory: String? = nil) -> String {
        let all = sortedEntries(report)
        // A timeline is one case, named after its first diverging instant.
        let entries = all.filter { $0.timeline == nil || $0.at == nil }
        let timelines = report.timelineSummaries()
        let firstDiverging = timelines.map { report.firstDiverging($0) }
        let orphans = report.orphans ?? []
        let sceneErrors = report.sceneErrors ?? []
        let missingShards = report.missingShards ?? []
        let failing = Set(report.failures.map(\.id))
        let errors =
            entries.filter { $0.status == .error }.count + sceneErrors.count + missingShards.count
            + firstDiverging.filter { $0?.status == .error }.count
        let failures =
            entries.filter { failing.contains($0.id) && $0.status != .error }.count
            + firstDiverging.filter { $0 != nil && $0?.status != .error }.count
        let tests = entries.count + timelines.count + orphans.count + sceneErrors.count + missingShards.count
        let time = seconds(all.reduce(0) { $0 + ($1.seconds ?? 0) })
        let counts = "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\""
        var x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        x += "<testsuites name=\"proofsheet\" \(counts) time=\"\(time)\">\n"
        x += "  <testsuite name=\"proofsheet check\" \(counts) skipped=\"\(orphans.count)\" time=\"\(time)\">\n"
        x += "    <properties>\n"
        x += "      <property name=\"verdict\" value=\"\(report.verdict.rawValue)\"/>\n"
        x += "      <property name=\"threshold\" value=\"\(xml(number(report.threshold), attribute: true))\"/>\n"
        x += "      <property name=\"tolerance\" value=\"\(xml(describe(report.tolerance), attribute: true))\"/>\n"
        x += "      <property name=\"record\" value=\"\(xml(report.record, attribute: true))\"/>\n"
        if let shard = report.shard { x += "      <property name=\"shard\" value=\"\(xml(shard, attribute: true))\"/>\n" }
        if let env = report.environment {
            x += "      <property name=\"environment\" value=\"\(xml(env.text, attribute: true))\"/>\n"
        }
        x += "    </properties>\n"
        for e in sceneErrors {
            let name = e.still.map { "\($0) (still)" } ?? "(scene file)"
            x += "    <testcase classname=\"\(xml(e.scene, attribute: true))\" name=\"\(xml(name, attribute: true))\" time=\"0\">\n"
            let first = e.message.split(separator: "\n").first.map(String.init) ?? e.message
            x +=
                "      <error message=\"\(xml(first, attribute: true))\" type=\"scene\">\(xml("\(e.file)\n\(e.message)", attribute: false))</error>\n"
            x += "    </testcase>\n"
        }
        for shard in missingShards {
            x += "    <testcase classname=\"shards\" name=\"\(xml(shard, attribute: true)) (missing)\" time=\"0\">\n"
            let message = "shard \(shard) has no report: it failed or was cancelled before uploading one, so its images were not checked"
            x += "      <error message=\"\(xml(message, attribute: true))\" type=\"missing-shard\"/>\n    </testcase>\n"
        }
        for entry in entries {
            var name = "\(entry.state)/\(entry.variant)"
            if let frame = entry.frame { name += " frame \(frame)" }
            x +=
                "    <testcase classname=\"\(xml(entry.scene, attribute: true))\" name=\"\(xml(name, attribute: true))\" time=\"\(seconds(entry.seconds ?? 0))\""
            var out: [String] = []
            if !failing.contains(entry.id) && entry.status != .passed { out += messages(entry) }
            if let dir = reportDirectory {
                for rel in [entry.expected, entry.actual, entry.diff].compactMap({ $0 }) { out.append("[[ATTACHMENT|\(dir)/\(rel)]]") }
            }
            guard failing.contains(entry.id) || !out.isEmpty else { x += "/>\n"; continue }
            x += ">\n"
            if failing.contains(entry.id) {
                let element = entry.status == .error ? "error" : "failure"
                let message = headline(entry)
                x += "      <\(element) message=\"\(xml(message, attribute: true))\" type=\"\(entry.status.rawValue)\">"
                x += xml(details(entry), attribute: false)
                x += "</\(element)>\n"
            }
            if !out.isEmpty { x += "      <system-out>\(xml(out.joined(separator: "\n"), attribute: false))</system-out>\n" }
            x += "    </testcase>\n"
        }
        for (t, first) in zip(timelines, firstDiverging) {
            let instants = report.entries(of: t)
            let name = "\(t.timeline)/\(t.variant) (timeline, \(t.instants.count) \(plural(t.instants.count, "instant")))"
            x +=
                "    <testcase classname=\"\(xml(t.scene, attribute: true))\" name=\"\(xml(name, attribute: true))\" time=\"\(seconds(instants.reduce(0) { $0 + ($1.seconds ?? 0) }))\""
            var out: [String] = []
            if first == nil, t.status != .passed { out.append("\(t.status.label): \(instants.compactMap(\.message).first ?? "")") }
            if let dir = reportDirectory, let e = first {
                for rel in [e.expected, e.actual, e.diff].compactMap({ $0 }) { out.append("[[ATTACHMENT|\(dir)/\(rel)]]") }
            }
            guard first != nil || !out.isEmpty else { x += "/>\n"; continue }
            x += ">\n"
            if let e = first {
                let element = e.status == .error ? "error" : "failure"
                let message = "first diverges at \(TimelineSummary.describe(e)): \(headline(e))"
                x += "      <\(element) message=\"\(xml(message, attribute: true))\" type=\"\(e.status.rawValue)\">"
                let list = instants.map { "  \($0.at!) ms: \($0.status.label)\($0.at == e.at ? " ← first diverging" : "")" }
                x += xml(details(e) + "\ninstants:\n" + list.joined(separator: "\n"), attribute: false)
                x += "</\(element)>\n"
            }
            if !out.isEmpty { x += "      <system-out>\(xml(out.joined(separator: "\n"), attribute: false))</system-out>\n" }
            x += "    </testcase>\n"
        }
        // An orphan is skipped, not failed: it is no image the check compared, and it fails a
        // check only under --strict, which the exit status carries. As a failure it would turn
        // CI's test view red on a run that passed; skipped, it is counted and named with what to
        // do, without failing anything.
        for orphan in orphans {
            let parts = orphan.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            let scene = parts.count >= 3 ? parts.dropLast(2).joined(separator: "/") : ""
            let file = parts.last ?? orphan
            let name = parts.count >= 3 ? "\(parts[parts.count - 2])/\(file.hasSuffix(".png") ? String(file.dropLast(4)) : file)" : orphan
            let message =
                "the golden \(report.goldenRoot)/\(orphan) belongs to no still of the scenes checked; "
                + "delete it if the still is gone (check --prune does; check --strict fails on it)"
            x +=
                "    <testcase classname=\"\(xml(scene, attribute: true))\" name=\"\(xml(name + " (orphaned golden)", attribute: true))\" time=\"0\">\n"
            x += "      <skipped message=\"\(xml(message, attribute: true))\"/>\n    </testcase>\n"
        }
        x += "  </testsuite>\n</testsuites>\n"
        return x
    }

    /// Seconds with three decimals, as JUnit's `time` (`0.125`).
    static func seconds(_ value: Double) -> String {
        guard value.isFinite, value > 0 else { return "0" }
        return decimalText(value, places: 3, keepZeros: true) ?? "0"
    }

    /// A GitHub job summary (`$GITHUB_STEP_SUMMARY`): a one-line verdict with the counts, then the
    /// entries that need attention under a heading per scene (a table row per still and variant),
    /// the timelines that diverge (a row each, naming the first diverging instant),
    /// then the orphaned goldens. Passing entries are only counted.
    /// `reportFolder`, the report's folder as the user named it, adds the `approve` command.
    public static func markdownSummary(_ report: CheckReport, reportFolder: String? = nil) -> String {
        let entries = sortedEntries(report)
        let attention = entries.filter { $0.status != .passed && ($0.timeline == nil || $0.at == nil) }
        let timelines = report.timelineSummaries().filter(\.needsAttention)
        let orphans = report.orphans ?? []
        let sceneErrors = report.sceneErrors ?? []
        let counts = report.counts
        var parts: [String] = []
        for status in [CheckEntry.Status.failed, .missing, .recorded, .error, .tolerated, .passed] {
            if let n = counts[status], n > 0 { parts.append("\(grouped(n)) \(status.label)") }
        }
        if !sceneErrors.isEmpty { parts.append("\(grouped(sceneErrors.count)) \(plural(sceneErrors.count, "scene error"))") }
        if !orphans.isEmpty { parts.append("\(grouped(orphans.count)) orphaned \(plural(orphans.count, "golden"))") }
        let tally = parts.isEmpty ? "no images checked" : parts.joined(separator: ", ")
        let total = "\(grouped(entries.count)) \(plural(entries.count, "image"))"
        let shard = report.shard.map { " (shard \(markdownCell($0)))" } ?? ""
        var md: String
        switch report.verdict {
        case .passed: md = "### ✅ Proofsheet check passed\(shard): \(tally) (\(total))\n"
        case .recorded: md = "### 📝 Proofsheet check recorded goldens\(shard): \(tally) (\(total))\n"
        case .failed: md = "### ❌ Proofsheet check failed\(shard): \(tally) (\(total))\n"
        }
        if let reportFolder, report.hasApprovable {
            md += "\nTo accept the actual images as goldens (from the report, downloaded): `\(CheckReport.approveCommand(folder: reportFolder))`\n"
        }
        if let missing = report.missingShards, !missing.isEmpty {
            md += "\n❗ Shards missing from this report (failed or cancelled before they uploaded one; their images were not checked): "
            md += missing.map(markdownCell).joined(separator: ", ") + "\n"
        }
        if !sceneErrors.isEmpty {
            md += "\n#### Scenes that could not be checked\n\n"
            for e in sceneErrors.prefix(maxOrphansInSummary) {
                let first = e.message.split(separator: "\n").first.map(String.init) ?? e.message
                md += "- \(markdownCell(e.file))\(e.still.map { " (still \(markdownCell($0)))" } ?? ""): \(markdownCell(first))\n"
            }
            if sceneErrors.count > maxOrphansInSummary { md += "- and \(grouped(sceneErrors.count - maxOrphansInSummary)) more\n" }
        }
        for w in report.warnings ?? [] { md += "\n⚠️ \(markdownCell(w))\n" }
        let environments = byEnvironment(entries)
        if environments.count > 1 {
            var need: [String: Int] = [:]
            for entry in entries where entry.status != .passed { need[GoldenNames.environment(of: entry.variant), default: 0] += 1 }
            md += "\n| Environment | Images | Need attention |\n| --- | ---: | ---: |\n"
            for env in environments { md += "| \(markdownCell(env.name)) | \(grouped(env.count)) | \(grouped(need[env.name] ?? 0)) |\n" }
        }
        if !attention.isEmpty {
            for scene in bySceneAndStill(attention) {
                md += "\n#### \(markdownCell(scene.name))\n"
                md += "\n| Still | Variant | Status | Mismatched | Ratio | Message |\n| --- | --- | --- | ---: | ---: | --- |\n"
                for still in scene.stills {
                    for entry in still.entries {
                        var variant = entry.variant
                        if let frame = entry.frame { variant += " (frame \(frame))" }
                        let r = entry.result
                        let mismatched = r?.mismatched.map(grouped) ?? (r?.expectedSize != nil ? "size" : "–")
                        let ratio = r?.ratio.map(percent) ?? "–"
                        let message = messages(entry).joined(separator: "; ")
                        md += "| \(markdownCell(still.name)) | \(markdownCell(variant)) | \(entry.status.label) | \(mismatched) | \(ratio) | "
                        md += "\(markdownCell(message.isEmpty ? "–" : message)) |\n"
                    }
                }
            }
        }
        if !timelines.isEmpty {
            md += "\n#### Timelines\n"
            md += "\n| Scene | Timeline | Variant | Instants | First diverging | Status | Message |\n| --- | --- | --- | ---: | --- | --- | --- |\n"
            for t in timelines {
                let first = report.firstDiverging(t)
                let message = first.map { messages($0).joined(separator: "; ") } ?? "–"
                md += "| \(markdownCell(t.scene)) | \(markdownCell(t.timeline)) | \(markdownCell(t.variant)) | \(t.instants.count) | "
                md += "\(first.map { markdownCell(TimelineSummary.describe($0)) } ?? "–") | \(t.status.label) | "
                md += "\(markdownCell(message.isEmpty ? "–" : message)) |\n"
            }
        }
        let passed = counts[.passed] ?? 0
        if passed > 0 && (!attention.isEmpty || !timelines.isEmpty) {
            md += "\n\(grouped(passed)) \(plural(passed, "image")) passed.\n"
        }
        if !orphans.isEmpty {
            let n = orphans.count
            md += "\n⚠️ \(grouped(n)) orphaned \(plural(n, "golden")): \(n == 1 ? "it belongs" : "they belong") to no still of the scenes checked "
            md +=
                "(a still renamed or removed); delete \(n == 1 ? "it" : "them") if the still is gone (`--prune` does; `--strict` fails on orphans).\n\n"
            for orphan in orphans.prefix(maxOrphansInSummary) { md += "- \(markdownCell(report.goldenRoot + "/" + orphan))\n" }
            if n > maxOrphansInSummary { md += "- and \(grouped(n - maxOrphansInSummary)) more\n" }
        }
        md +=
            "\nThreshold \(number(report.threshold)), tolerance \(markdownCell(describe(report.tolerance))), record mode \(markdownCell(report.record)).\n"
        return md
    }

    /// Most orphans the Markdown summary lists one by one.
    package static let maxOrphansInSummary = 10

    // MARK: - Helpers

    /// The one-line reason of a failing entry.
    private static func headline(_ entry: CheckEntry) -> String {
        if let first = messages(entry).first { return first }
        switch entry.status {
        case .passed: return "passed"
        case .tolerated: return "passed within tolerance"
        case .failed: return "the image differs from its golden"
        case .missing: return "no golden image"
        case .recorded: return "a golden image was recorded"
        case .error: return "the scene could not be rendered"
        }
    }

    /// The body of a JUnit failure: the messages, the numbers and the files.
    private static func details(_ entry: CheckEntry) -> String {
        var lines = ["\(entry.status.rawValue): \(entry.id)" + (entry.frame.map { " frame \($0)" } ?? "")]
        lines += messages(entry)
        if let r = entry.result {
            if let m = r.mismatched, let t = r.total {
                lines.append("mismatched: \(grouped(m)) of \(grouped(t)) pixels (\(r.ratio.map(percent) ?? "–"))")
            }
            if let w = r.width, let h = r.height { lines.append("size: \(w)x\(h)") }
            if let e = r.expectedSize, let a = r.actualSize { lines.append("sizes: expected \(e), actual \(a)") }
        }
        lines.append("golden: \(entry.golden)")
        if let p = entry.expected { lines.append("expected: \(p)") }
        if let p = entry.actual { lines.append("actual: \(p)") }
        if let p = entry.diff { lines.append("diff: \(p)") }
        return lines.joined(separator: "\n")
    }

    /// Escapes text for XML 1.0; characters XML cannot hold become U+FFFD. In attributes, line
    /// breaks and tabs become character references so that they survive attribute normalisation.
    static func xml(_ text: String, attribute: Bool) -> String { markupEscaped(text, attribute ? .xmlAttribute : .xmlText) }

    /// Text for a Markdown table cell: on one line, with `|` escaped, and HTML and emphasis
    /// characters neutralised so that a name like `<img src=x>` shows as text.
    static func markdownCell(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "|": out += "\\|"
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\\", "`", "*", "_", "[", "]", "~", "#", "!": out += "\\" + String(c)
            case "\n", "\r", "\t": out += " "
            // Other control characters (ESC of ANSI sequences, line separators) as escapes.
            default: out += visible(String(c))
            }
        }
        return out
    }
}

import ProofsheetCore
import ProofsheetScene
import ProofsheetImage
import ProofsheetDiff

extension HTMLReport {
    /// The report as JUnit XML, which CI systems (GitHub, GitLab, Jenkins, Buildkite...) ingest.
    ///
    /// One `<testsuite name="proofsheet check">` with one `<testcase>` per entry, by scene and
    /// still: `classname` is the scene, `name` the still and variant, `still/variant` (and the
    /// frame), so that `classname/name` is the entry's id. Failed, missing and recorded entries
    /// carry a `<failure>`, errors an `<error>`. Each orphaned golden follows as a skipped
    /// `<testcase>` of its scene named `still/variant (orphaned golden)`.
    public static func junit(_ report: CheckReport) -> String {
        let entries = sortedEntries(report)
        let orphans = report.orphans ?? []
        let errors = entries.filter { $0.status == .error }.count
        let failures = entries.filter { $0.status.isFailure && $0.status != .error }.count
        let counts =
            "tests=\"\(entries.count + orphans.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(orphans.count)\""
        var x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        x += "<testsuites name=\"proofsheet\" \(counts)>\n"
        x += "  <testsuite name=\"proofsheet check\" \(counts)>\n"
        x += "    <properties>\n"
        x += "      <property name=\"threshold\" value=\"\(xml(number(report.threshold), attribute: true))\"/>\n"
        x += "      <property name=\"tolerance\" value=\"\(xml(describe(report.tolerance), attribute: true))\"/>\n"
        x += "      <property name=\"record\" value=\"\(xml(report.record, attribute: true))\"/>\n"
        if let shard = report.shard { x += "      <property name=\"shard\" value=\"\(xml(shard, attribute: true))\"/>\n" }
        x += "    </properties>\n"
        for entry in entries {
            var name = "\(entry.state)/\(entry.variant)"
            if let frame = entry.frame { name += " frame \(frame)" }
            x += "    <testcase classname=\"\(xml(entry.scene, attribute: true))\" name=\"\(xml(name, attribute: true))\" time=\"0\""
            guard entry.status.isFailure else { x += "/>\n"; continue }
            x += ">\n"
            let element = entry.status == .error ? "error" : "failure"
            let message = headline(entry)
            x += "      <\(element) message=\"\(xml(message, attribute: true))\" type=\"\(entry.status.rawValue)\">"
            x += xml(details(entry), attribute: false)
            x += "</\(element)>\n    </testcase>\n"
        }
        // An orphan is skipped, not failed: it is no image the check compared, and it fails a
        // check only under --strict, which the exit status carries. As a failure it would turn
        // CI's test view red on a run that passed; skipped, it is counted and named with what to
        // do, without failing anything.
        for orphan in orphans {
            let parts = orphan.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            let scene = parts.count == 3 ? parts[0] : ""
            let name = parts.count == 3 ? "\(parts[1])/\(parts[2].hasSuffix(".png") ? String(parts[2].dropLast(4)) : parts[2])" : orphan
            let message =
                "the golden \(report.goldenRoot)/\(orphan) belongs to no still of the scenes checked; "
                + "delete it if the still is gone (check --strict fails on it)"
            x +=
                "    <testcase classname=\"\(xml(scene, attribute: true))\" name=\"\(xml(name + " (orphaned golden)", attribute: true))\" time=\"0\">\n"
            x += "      <skipped message=\"\(xml(message, attribute: true))\"/>\n    </testcase>\n"
        }
        x += "  </testsuite>\n</testsuites>\n"
        return x
    }

    /// A GitHub job summary (`$GITHUB_STEP_SUMMARY`): a one-line verdict with the counts, then the
    /// entries that need attention under a heading per scene (a table row per still and variant),
    /// then the orphaned goldens. Passing entries are only counted.
    public static func markdownSummary(_ report: CheckReport) -> String {
        let entries = sortedEntries(report)
        let failing = entries.filter { $0.status.isFailure }
        let orphans = report.orphans ?? []
        let counts = report.counts
        var parts: [String] = []
        for status in [CheckEntry.Status.failed, .missing, .recorded, .error, .passed] {
            if let n = counts[status], n > 0 { parts.append("\(grouped(n)) \(status.rawValue)") }
        }
        if !orphans.isEmpty { parts.append("\(grouped(orphans.count)) orphaned \(plural(orphans.count, "golden"))") }
        let tally = parts.isEmpty ? "no images checked" : parts.joined(separator: ", ")
        let total = "\(grouped(entries.count)) \(plural(entries.count, "image"))"
        let shard = report.shard.map { " (shard \(markdownCell($0)))" } ?? ""
        var md: String
        if failing.isEmpty {
            md = "### ✅ Proofsheet check passed\(shard): \(tally) (\(total))\n"
        } else {
            md = "### ❌ Proofsheet check failed\(shard): \(tally) (\(total))\n"
            for scene in bySceneAndStill(failing) {
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
                        md += "| \(markdownCell(still.name)) | \(markdownCell(variant)) | \(entry.status.rawValue) | \(mismatched) | \(ratio) | "
                        md += "\(markdownCell(message.isEmpty ? "–" : message)) |\n"
                    }
                }
            }
        }
        let passed = counts[.passed] ?? 0
        if passed > 0 && !failing.isEmpty {
            md += "\n\(grouped(passed)) \(plural(passed, "image")) passed.\n"
        }
        if !orphans.isEmpty {
            let n = orphans.count
            md += "\n⚠️ \(grouped(n)) orphaned \(plural(n, "golden")): \(n == 1 ? "it belongs" : "they belong") to no still of the scenes checked "
            md += "(a still renamed or removed); delete \(n == 1 ? "it" : "them") if the still is gone (`--strict` fails on orphans).\n\n"
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
    static func xml(_ text: String, attribute: Bool) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c.value {
            case 0x26: out += "&amp;"
            case 0x3C: out += "&lt;"
            case 0x3E: out += "&gt;"
            case 0x22: out += "&quot;"
            case 0x27: out += "&apos;"
            case 0x09, 0x0A, 0x0D: out += attribute ? "&#\(c.value);" : String(c)
            case 0x00...0x1F, 0xFFFE, 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

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
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}

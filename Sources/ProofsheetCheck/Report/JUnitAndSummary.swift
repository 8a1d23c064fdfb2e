import ProofsheetCore
import ProofsheetScene
import ProofsheetImage
import ProofsheetDiff

extension HTMLReport {
    /// The report as JUnit XML, which CI systems (GitHub, GitLab, Jenkins, Buildkite...) ingest.
    ///
    /// One `<testsuite name="proofsheet check">` with one `<testcase>` per entry: `classname` is
    /// the scene, `name` the state and variant (and frame). Failed, missing and recorded entries
    /// carry a `<failure>`, errors an `<error>`.
    public static func junit(_ report: CheckReport) -> String {
        let entries = sortedEntries(report)
        let errors = entries.filter { $0.status == .error }.count
        let failures = entries.filter { $0.status.isFailure && $0.status != .error }.count
        let counts = "tests=\"\(entries.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\""
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
            var name = "\(entry.state) \(entry.variant)"
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
        x += "  </testsuite>\n</testsuites>\n"
        return x
    }

    /// A GitHub job summary (`$GITHUB_STEP_SUMMARY`): a one-line verdict with the counts, then a
    /// table of the entries that need attention. Passing entries are only counted.
    public static func markdownSummary(_ report: CheckReport) -> String {
        let entries = sortedEntries(report)
        let failing = entries.filter { $0.status.isFailure }
        let counts = report.counts
        var parts: [String] = []
        for status in [CheckEntry.Status.failed, .missing, .recorded, .error, .passed] {
            if let n = counts[status], n > 0 { parts.append("\(grouped(n)) \(status.rawValue)") }
        }
        let tally = parts.isEmpty ? "no images checked" : parts.joined(separator: ", ")
        let total = "\(grouped(entries.count)) \(plural(entries.count, "image"))"
        let shard = report.shard.map { " (shard \(markdownCell($0)))" } ?? ""
        var md: String
        if failing.isEmpty {
            md = "### ✅ Proofsheet check passed\(shard): \(tally) (\(total))\n"
        } else {
            md = "### ❌ Proofsheet check failed\(shard): \(tally) (\(total))\n"
            md += "\n| Status | Image | Mismatched | Ratio | Message |\n| --- | --- | ---: | ---: | --- |\n"
            for entry in failing {
                var id = entry.id
                if let frame = entry.frame { id += " (frame \(frame))" }
                let r = entry.result
                let mismatched = r?.mismatched.map(grouped) ?? (r?.expectedSize != nil ? "size" : "–")
                let ratio = r?.ratio.map(percent) ?? "–"
                let message = messages(entry).joined(separator: "; ")
                md +=
                    "| \(entry.status.rawValue) | \(markdownCell(id)) | \(mismatched) | \(ratio) | \(markdownCell(message.isEmpty ? "–" : message)) |\n"
            }
        }
        let passed = counts[.passed] ?? 0
        if passed > 0 && !failing.isEmpty {
            md += "\n\(grouped(passed)) \(plural(passed, "image")) passed.\n"
        }
        md +=
            "\nThreshold \(number(report.threshold)), tolerance \(markdownCell(describe(report.tolerance))), record mode \(markdownCell(report.record)).\n"
        return md
    }

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

import ProofsheetCore
import ProofsheetScene
import ProofsheetImage
import ProofsheetDiff

/// Renders a ``CheckReport`` for people and for CI: a self-contained HTML page (this file), JUnit
/// XML and a Markdown job summary (`JUnitAndSummary.swift`).
///
/// The HTML page carries its CSS and its (small, optional) script inline, and either links its
/// images by relative path (`images/…`, the report folder's own: it opens from disk or from an
/// unpacked CI artifact, and loads full images only as they scroll into view) or embeds every
/// image as a `data:` URI (one file, for an e-mail attachment). Either way it needs no server and
/// no network. Every piece of text from the report (ids, messages, paths, the title) is escaped.
public enum HTMLReport {
    /// The report as one HTML page.
    ///
    /// - Parameters:
    ///   - report: what the check found.
    ///   - title: the page's title and heading.
    ///   - linkImages: link images by their report-relative path instead of embedding them.
    ///   - reportFolder: the report's folder as the user named it: the page gives the
    ///     `proofsheet approve` command for it when there is something to approve.
    ///   - image: the bytes of an image, given its report-relative path (an entry's `expected`,
    ///     `actual`, `diff` or `thumb`); `nil` when it cannot be read (the page then says so).
    ///     When images are linked, the first bytes are enough (for the size).
    public static func render(
        _ report: CheckReport, title: String = "Proofsheet check", linkImages: Bool = false, reportFolder: String? = nil,
        image: (String) -> [UInt8]?
    ) -> String {
        let entries = sortedEntries(report)
        let failing = report.failures
        // Every image that is not a plain pass gets a card: failures, recordings, errors, and
        // passes within a tolerance (with their diff).
        let attention = entries.filter { $0.status != .passed }
        let passing = entries.filter { $0.status == .passed }
        let picture = { (path: String?) in Self.picture(path, link: linkImages, image: image) }

        var h = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        h += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        // A page beside its images links its styles and script too (report.css, report.js): a
        // server's Content-Security-Policy that refuses inline ones (Jenkins' default) shows it
        // whole. A page of its own (images inlined) carries them inline.
        let styles = linkImages ? "<link rel=\"stylesheet\" href=\"\(stylesheetFile)\">\n" : "<style>\n\(stylesheet)</style>\n"
        h += "<title>\(escape(title))</title>\n\(styles)</head>\n<body>\n<main>\n"
        h += header(report, entries: entries, failing: failing, title: title, reportFolder: reportFolder)
        h += noticeSection(report)
        if let orphans = report.orphans, !orphans.isEmpty { h += orphanSection(orphans, goldenRoot: report.goldenRoot) }
        if entries.isEmpty && (report.sceneErrors ?? []).isEmpty {
            h += "<p class=\"empty\">No images were checked.</p>\n"
        } else if attention.isEmpty && report.passed {
            h += "<p class=\"empty ok\">Every image matches its golden.</p>\n"
        }
        let groups = bySceneAndStill(attention)
        let cards = groups.flatMap { $0.stills.flatMap(\.entries) }
        h += environmentSection(entries, cards: cards)
        h += overview(cards, picture: picture)
        // What needs a look comes first: the timelines that diverge, then the images by scene.
        h += timelineSection(report, picture: picture, passing: false)
        // Failures under a heading per scene and a sub-heading per still (or timeline), in that order.
        let perScene = Dictionary(entries.map { ($0.scene, 1) }, uniquingKeysWith: +)
        var index = 0
        for (n, scene) in groups.enumerated() {
            let all = perScene[scene.name] ?? scene.count
            let passed = all - scene.count
            h += "<section class=\"scene\" id=\"scene-\(n + 1)\" data-scene=\"\(escape(scene.name))\">\n"
            h += "<h2 class=\"scene-name\"><span class=\"kind\">scene</span> \(escape(scene.name))"
            h += " <span class=\"tally\">\(grouped(scene.count)) of \(grouped(all)) need attention"
            h += passed > 0 ? " · \(grouped(passed)) passed" : ""
            h += "</span></h2>\n"
            for still in scene.stills {
                h += "<section class=\"still\" data-\(still.timeline ? "timeline" : "still")=\"\(escape(still.name))\">\n"
                h += "<h3 class=\"still-name\">\(groupLabel(still))</h3>\n"
                for entry in still.entries {
                    h += card(entry, index: index, picture: picture)
                    index += 1
                }
                h += "</section>\n"
            }
            h += "</section>\n"
        }
        // Then what passed, collapsed: whole timelines, then the images.
        h += timelineSection(report, picture: picture, passing: true)
        if !passing.isEmpty { h += passedList(passing) }
        h += "<footer>Generated by Proofsheet.</footer>\n</main>\n"
        h += linkImages ? "<script src=\"\(scriptFile)\"></script>\n" : "<script>\n\(scriptText)</script>\n"
        h += "</body>\n</html>\n"
        return h
    }

    /// The page's styles and script, and the files a report folder keeps them in.
    public static var stylesheet: String { css + timelineCSS }
    public static var scriptText: String { script + timelineScript }
    public static let stylesheetFile = "report.css"
    public static let scriptFile = "report.js"

    // MARK: - Page parts

    private static func header(_ report: CheckReport, entries: [CheckEntry], failing: [CheckEntry], title: String, reportFolder: String?) -> String {
        let counts = report.counts
        var h = "<header class=\"top\">\n<div class=\"title-row\"><h1>\(escape(title))</h1>"
        if let shard = report.shard {
            h += "<span class=\"shard\">shard \(escape(shard))</span>"
        }
        h += "</div>\n"
        let verdict: String
        let sceneErrors = (report.sceneErrors ?? []).count
        switch report.verdict {
        case _ where entries.isEmpty && sceneErrors == 0:
            verdict = "Nothing was checked"
        case .recorded:
            let n = counts[.recorded] ?? 0
            verdict = "\(grouped(n)) \(plural(n, "golden")) recorded (record mode all)"
        case .passed:
            verdict = "All \(grouped(entries.count)) \(plural(entries.count, "image")) passed"
        case .failed:
            var parts: [String] = []
            if !failing.isEmpty {
                parts.append("\(grouped(failing.count)) of \(grouped(entries.count)) \(plural(entries.count, "image")) need attention")
            }
            if sceneErrors > 0 { parts.append("\(grouped(sceneErrors)) \(plural(sceneErrors, "scene error"))") }
            if let missing = report.missingShards, !missing.isEmpty { parts.append("shards missing: \(missing.joined(separator: ", "))") }
            verdict = parts.joined(separator: "; ")
        }
        let mark = report.verdict == .failed ? "✗" : "✓"
        h += "<p class=\"verdict \(report.verdict == .failed ? "fail" : "pass")\">\(mark) \(escape(verdict))</p>\n"
        h += "<ul class=\"counts\">"
        for status in [CheckEntry.Status.failed, .missing, .recorded, .error, .tolerated, .passed] {
            let n = counts[status] ?? 0
            h += "<li class=\"count s-\(status.rawValue)\(n == 0 ? " zero" : "")\" data-status=\"\(status.rawValue)\">"
            h += "<b>\(grouped(n))</b> \(status.label)</li>"
        }
        h += "</ul>\n<p class=\"settings\">threshold <b>\(escape(number(report.threshold)))</b>"
        if report.includeAA == false { h += " · anti-aliasing <b>ignored</b>" }
        h += " · tolerance <b>\(escape(describe(report.tolerance)))</b>"
        h += " · record mode <b>\(escape(report.record))</b>"
        h += "</p>\n"
        if let reportFolder, report.hasApprovable {
            h += "<p class=\"approve\">To accept the actual images as goldens, look at them, then run "
            h += "<code>\(escape(CheckReport.approveCommand(folder: reportFolder)))</code></p>\n"
        }
        h += "</header>\n"
        return h
    }

    private static func card(_ entry: CheckEntry, index: Int, picture: (String?) -> (html: String?, problem: String?)) -> String {
        let status = entry.status.rawValue
        var h = "<section class=\"card s-\(status)\" id=\"entry-\(index + 1)\" data-status=\"\(status)\" data-mode=\"side\" data-show=\"actual\">\n"
        h += "<header>\n<span class=\"badge\">\(entry.status.label)</span>\n<h4 class=\"card-id\">\(displayID(entry))</h4>\n"
        h += stats(entry)
        for line in messages(entry) {
            h += "<p class=\"message\">\(escape(line))</p>\n"
        }
        h += "</header>\n"
        if entry.expected == nil && entry.actual == nil && entry.diff == nil {
            return h + "<p class=\"no-images\">No images.</p>\n</section>\n"
        }

        let expected = picture(entry.expected)
        let actual = picture(entry.actual)
        let diff = picture(entry.diff)
        let canOverlay = expected.html != nil && actual.html != nil
        h += "<div class=\"toolbar\">\n<div class=\"modes\" role=\"group\" aria-label=\"View\">"
        for (mode, label) in [("side", "Side by side"), ("slider", "Slider"), ("blend", "Blend"), ("toggle", "Toggle")] {
            let disabled = mode != "side" && !canOverlay
            h += "<button type=\"button\" data-mode=\"\(mode)\" aria-pressed=\"\(mode == "side")\""
            h += disabled ? " disabled title=\"needs both the expected and the actual image\"" : ""
            h += ">\(label)</button>"
        }
        h += "</div>\n"
        h += "<label class=\"ctl ctl-slider\">Split <input type=\"range\" min=\"0\" max=\"100\" value=\"50\" data-var=\"split\"></label>\n"
        h += "<label class=\"ctl ctl-blend\">Actual opacity <input type=\"range\" min=\"0\" max=\"100\" value=\"50\" data-var=\"alpha\"></label>\n"
        h +=
            "<span class=\"ctl ctl-toggle\"><button type=\"button\" class=\"swap\">Swap</button> <span class=\"showing\">showing <b>actual</b> · click the image to swap</span></span>\n"
        h += "<label class=\"zoom\">Zoom <select><option value=\"fit\">Fit</option><option value=\"1\">100%</option>"
        h += "<option value=\"2\">200%</option><option value=\"4\">400%</option></select></label>\n</div>\n"

        h += "<div class=\"views\">\n"
        // A failure (or a pass within tolerance) without its expected image had it left out
        // to bound the report's size (``ReportFolder/comparisonBytes``).
        let leftOut = entry.status == .failed || entry.status == .tolerated
        h += pane(
            "exp", "Expected", expected, missing: entry.expected == nil ? (leftOut ? "Left out (report size)" : "No golden") : nil, entry: entry)
        h += pane(
            "act", "Actual", actual, missing: entry.actual == nil ? (entry.status == .error ? "Not rendered" : "No actual image") : nil, entry: entry)
        h += pane("diff", "Diff", diff, missing: entry.diff == nil ? diffPlaceholder(entry) : nil, entry: entry)
        h += "<div class=\"divider\" aria-hidden=\"true\"></div>\n</div>\n</section>\n"
        return h
    }

    private static func pane(
        _ kind: String, _ label: String, _ picture: (html: String?, problem: String?),
        missing: String?, entry: CheckEntry
    ) -> String {
        var h = "<figure class=\"pane \(kind)\"><figcaption>\(label)</figcaption>"
        if let html = picture.html {
            h += "<div class=\"frame\">\(html)</div>"
        } else {
            let text = missing ?? "Image unavailable"
            h += "<div class=\"placeholder\"><b>\(escape(text))</b>"
            if let problem = picture.problem {
                h += "<span>\(escape(problem))</span>"
            } else if kind == "exp", entry.status == .recorded {
                h += "<span>a golden was recorded from the actual image</span>"
            } else if kind == "exp", entry.status == .missing {
                h += "<span>none exists at \(escape(entry.golden))</span>"
            }
            h += "</div>"
        }
        return h + "</figure>\n"
    }

    private static func diffPlaceholder(_ entry: CheckEntry) -> String {
        if entry.result?.expectedSize != nil || entry.result?.actualSize != nil { return "No diff: sizes differ" }
        if entry.expected == nil && (entry.status == .failed || entry.status == .tolerated) { return "Left out (report size)" }
        if entry.expected == nil || entry.actual == nil { return "No diff: nothing to compare" }
        return "No diff"
    }

    /// An `<img>` for a report-relative path (linked, loaded as it scrolls into view, or inline),
    /// or why there is none.
    static func picture(_ path: String?, link: Bool, image: (String) -> [UInt8]?) -> (html: String?, problem: String?) {
        guard let path else { return (nil, nil) }
        guard let bytes = image(path), !bytes.isEmpty else { return (nil, "cannot read \(path)") }
        var tag: String
        if link {
            tag = "<img alt=\"\(escape(path))\" src=\"\(escape(urlPath(path)))\" loading=\"lazy\" decoding=\"async\""
        } else {
            let mime = ImageFormat.sniff(bytes) == .jpeg ? "image/jpeg" : "image/png"
            tag = "<img alt=\"\(escape(path))\" src=\"data:\(mime);base64,\(base64(bytes))\""
        }
        if let size = pngSize(bytes) { tag += " width=\"\(size.width)\" height=\"\(size.height)\"" }
        tag += " title=\"\(escape(path))\">"
        return (tag, nil)
    }

    private static func stats(_ entry: CheckEntry) -> String {
        guard let r = entry.result else { return "" }
        var items: [(String, String)] = []
        if let e = r.expectedSize, let a = r.actualSize {
            items.append(("Expected size", "\(e.width)×\(e.height)"))
            items.append(("Actual size", "\(a.width)×\(a.height)"))
        } else {
            if let m = r.mismatched { items.append(("Mismatched", grouped(m) + " px")) }
            if let t = r.total { items.append(("Compared", grouped(t) + " px")) }
            if let ratio = r.ratio { items.append(("Ratio", percent(ratio))) }
            if let w = r.width, let hh = r.height { items.append(("Size", "\(w)×\(hh)")) }
            if let i = r.ignored, i > 0 { items.append(("Ignored", grouped(i) + " px")) }
        }
        guard !items.isEmpty else { return "" }
        var h = "<dl class=\"stats\">"
        for (k, v) in items { h += "<div><dt>\(escape(k))</dt><dd>\(escape(v))</dd></div>" }
        return h + "</dl>\n"
    }

    /// The passing entries, collapsed: one table, a row group per scene with a row per still.
    private static func passedList(_ passing: [CheckEntry]) -> String {
        var h = "<details class=\"passed\">\n<summary>\(grouped(passing.count)) passed</summary>\n"
        h +=
            "<table>\n<thead><tr><th>Image</th><th class=\"num\">Mismatched</th><th class=\"num\">Ratio</th><th class=\"num\">Size</th></tr></thead>\n"
        for scene in bySceneAndStill(passing) {
            h += "<tbody data-scene=\"\(escape(scene.name))\">\n"
            h += "<tr class=\"scene-row\"><th colspan=\"4\" scope=\"rowgroup\"><span class=\"kind\">scene</span> \(escape(scene.name))</th></tr>\n"
            for still in scene.stills {
                h +=
                    "<tr class=\"still-row\" data-\(still.timeline ? "timeline" : "still")=\"\(escape(still.name))\"><th colspan=\"4\">\(groupLabel(still))</th></tr>\n"
                for entry in still.entries {
                    let r = entry.result
                    h +=
                        "<tr><td>\(entry.at.map { "\($0) ms · " } ?? "")\(escape(entry.variant))\(entry.frame.map { "<span class=\"frame-no\">frame \($0)</span>" } ?? "")</td>"
                    h += "<td class=\"num\">\(r?.mismatched.map(grouped) ?? "–")</td>"
                    h += "<td class=\"num\">\(r?.ratio.map(percent) ?? "–")</td>"
                    h += "<td class=\"num\">\(r.flatMap { r in r.width.flatMap { w in r.height.map { "\(w)×\($0)" } } } ?? "–")</td></tr>\n"
                }
            }
            h += "</tbody>\n"
        }
        return h + "</table>\n</details>\n"
    }

    /// A relative path as a URL path: plain names need no escaping but `@` is kept literal.
    static func urlPath(_ path: String) -> String {
        var out = ""
        for c in path.unicodeScalars {
            let plain = (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || "/._-@".unicodeScalars.contains(c)
            if plain { out.unicodeScalars.append(c) } else { for b in String(c).utf8 { out += "%" + String(b, radix: 16, uppercase: true) } }
        }
        return out
    }

    /// The images by environment, when the check ran more than one (`standard`, `dark`,
    /// `dark+ax3` …, ``byEnvironment(_:)``): each with its counts and links to the cards of its
    /// images that need a look, so that a whole variant failing shows as one row.
    private static func environmentSection(_ entries: [CheckEntry], cards: [CheckEntry]) -> String {
        let environments = byEnvironment(entries)
        guard environments.count > 1 else { return "" }
        var cardsOf: [String: [(index: Int, entry: CheckEntry)]] = [:]
        for (i, entry) in cards.enumerated() { cardsOf[GoldenNames.environment(of: entry.variant), default: []].append((i, entry)) }
        var h = "<section class=\"environments\" id=\"environments\">\n<h2>By environment</h2>\n<table>\n"
        h +=
            "<thead><tr><th>Environment</th><th class=\"num\">Images</th><th class=\"num\">Need attention</th><th>Images that need attention</th></tr></thead>\n<tbody>\n"
        for env in environments {
            let need = cardsOf[env.name] ?? []
            h +=
                "<tr data-environment=\"\(escape(env.name))\"\(need.isEmpty ? "" : " class=\"attention\"")><th scope=\"row\">\(escape(env.name))</th>"
            h += "<td class=\"num\">\(grouped(env.count))</td><td class=\"num\">\(grouped(need.count))</td><td>"
            h += need.prefix(maxLinksPerEnvironment).map { "<a href=\"#entry-\($0.index + 1)\">\(escape($0.entry.id))</a>" }.joined(separator: " ")
            if need.count > maxLinksPerEnvironment { h += " and \(grouped(need.count - maxLinksPerEnvironment)) more" }
            h += "</td></tr>\n"
        }
        return h + "</tbody>\n</table>\n</section>\n"
    }

    /// Most card links one environment's row lists.
    static let maxLinksPerEnvironment = 20

    /// Thumbnails of every image that needs a look, each linking to its card.
    private static func overview(_ entries: [CheckEntry], picture: (String?) -> (html: String?, problem: String?)) -> String {
        guard entries.contains(where: { $0.thumb != nil }) else { return "" }
        var h = "<nav class=\"overview\" aria-label=\"Overview\">\n"
        for (i, entry) in entries.enumerated() {
            h +=
                "<a class=\"thumb s-\(entry.status.rawValue)\" href=\"#entry-\(i + 1)\" title=\"\(escape(label(entry))) — \(escape(entry.status.label))\">"
            h += picture(entry.thumb).html ?? "<span class=\"no-thumb\">no image</span>"
            h += "<span class=\"thumb-id\">\(escape(label(entry)))</span></a>\n"
        }
        return h + "</nav>\n"
    }

    /// Scene errors, warnings (goldens from another environment) and missing shards.
    private static func noticeSection(_ report: CheckReport) -> String {
        var h = ""
        if let errors = report.sceneErrors, !errors.isEmpty {
            h += "<section class=\"scene-errors\" id=\"scene-errors\" role=\"alert\">\n"
            h += "<h2><span aria-hidden=\"true\">✗</span> \(grouped(errors.count)) \(plural(errors.count, "scene")) could not be checked</h2>\n<ul>\n"
            for e in errors.prefix(maxOrphansListed) {
                h += "<li><code>\(escape(e.file))</code>\(e.still.map { " still <code>\(escape($0))</code>" } ?? ""): "
                h += "<pre class=\"message\">\(escape(e.message))</pre></li>\n"
            }
            h += "</ul>\n</section>\n"
        }
        let warnings =
            (report.warnings ?? [])
            + (report.missingShards.map {
                $0.isEmpty
                    ? []
                    : [
                        "shards missing from this report: \($0.joined(separator: ", ")) (failed or cancelled before they uploaded a report): their images were not checked"
                    ]
            } ?? [])
        if !warnings.isEmpty {
            h += "<section class=\"warnings\" id=\"warnings\" role=\"note\">\n<ul>\n"
            for w in warnings { h += "<li>⚠ \(escape(w))</li>\n" }
            h += "</ul>\n</section>\n"
        }
        return h
    }

    /// The warning about goldens that belong to no still of the checked scenes.
    private static func orphanSection(_ orphans: [String], goldenRoot: String) -> String {
        let n = orphans.count
        var h = "<section class=\"orphans\" id=\"orphans\" role=\"note\">\n"
        h += "<h2><span aria-hidden=\"true\">⚠</span> \(grouped(n)) orphaned \(plural(n, "golden"))</h2>\n"
        h += "<p>\(n == 1 ? "This golden belongs" : "These goldens belong") to no still of the scenes checked: "
        h +=
            "no scene, still, device or scale produces \(n == 1 ? "it" : "them") any more (renamed, removed, or recorded before golden paths named scene folders). "
        h +=
            "Delete \(n == 1 ? "it" : "them") if the still is gone (<code>proofsheet check --prune</code> does); <code>proofsheet check --strict</code> fails on orphans.</p>\n"
        h += "<ul>\n"
        for path in orphans.prefix(maxOrphansListed) { h += "<li><code>\(escape(goldenRoot + "/" + path))</code></li>\n" }
        if n > maxOrphansListed {
            h += "<li class=\"more\">and \(grouped(n - maxOrphansListed)) more (all of them are in results.json)</li>\n"
        }
        return h + "</ul>\n</section>\n"
    }

    /// Most orphans the page lists one by one.
    package static let maxOrphansListed = 1000

    /// A group's heading: a still's name, the default state of a scene without stills, or a
    /// timeline's name (its instants follow, by time).
    private static func groupLabel(_ group: StateGroup) -> String {
        if group.timeline { return "<span class=\"kind\">timeline</span> \(escape(group.name))" }
        return group.name == "default" ? "<span class=\"kind\">state</span> default" : "<span class=\"kind\">still</span> \(escape(group.name))"
    }

    /// What an image is called: a still's `scene/still/variant`, a key instant's
    /// `scene/timeline at 101 ms/variant`.
    static func label(_ entry: CheckEntry) -> String {
        [entry.scene, stateLabel(entry), entry.variant].joined(separator: "/")
    }

    /// A still's name, or a key instant's `timeline at 101 ms`.
    static func stateLabel(_ entry: CheckEntry) -> String {
        guard let timeline = entry.timeline, let at = entry.at else { return entry.state }
        return "\(timeline) at \(at) ms"
    }

    /// `scene / state / variant · frame N`, escaped, with the separators dimmed.
    private static func displayID(_ entry: CheckEntry) -> String {
        var h = [entry.scene, stateLabel(entry), entry.variant].map(escape).joined(separator: "<span class=\"sep\">/</span>")
        if let frame = entry.frame { h += "<span class=\"frame-no\">frame \(frame)</span>" }
        return h
    }

    // MARK: - Shared helpers (also used by the JUnit and Markdown output)

    /// Entries by scene; in a scene its stills by name, then its timelines by name with their
    /// key instants by time (101 ms before 1 000 ms); then by variant (then frame).
    static func sortedEntries(_ report: CheckReport) -> [CheckEntry] {
        report.entries.sorted { sortKey($0) < sortKey($1) }
    }

    /// Where an entry sorts (``sortedEntries(_:)``).
    static func sortKey(_ e: CheckEntry) -> (String, Int, String, Int, String, Int) {
        let instant = e.timeline != nil && e.at != nil
        return (e.scene, instant ? 1 : 0, instant ? e.timeline! : e.state, e.at ?? -1, e.variant, e.frame ?? -1)
    }

    /// Entries by the environment they were rendered in (``GoldenNames/environment(of:)``):
    /// `standard` first, then the others by name; an image's count in each.
    package static func byEnvironment(_ entries: [CheckEntry]) -> [(name: String, count: Int)] {
        var counts: [String: Int] = [:]
        for entry in entries { counts[GoldenNames.environment(of: entry.variant), default: 0] += 1 }
        return counts.sorted { a, b in a.key == "standard" || (b.key != "standard" && a.key < b.key) }.map { ($0.key, $0.value) }
    }

    /// One scene's entries, by still (or timeline).
    struct SceneGroup {
        var name: String
        var stills: [StateGroup]
        var count: Int { stills.reduce(0) { $0 + $1.entries.count } }
    }

    /// The entries of one still, or the key instants of one timeline.
    struct StateGroup {
        var name: String
        var timeline: Bool
        var entries: [CheckEntry]
    }

    /// Sorted entries (``sortedEntries(_:)``) cut into runs of one scene, and each into runs of
    /// one still or of one timeline's instants.
    static func bySceneAndStill(_ sorted: [CheckEntry]) -> [SceneGroup] {
        var groups: [SceneGroup] = []
        for entry in sorted {
            if groups.last?.name != entry.scene { groups.append(SceneGroup(name: entry.scene, stills: [])) }
            let g = groups.count - 1
            let timeline = entry.timeline != nil && entry.at != nil
            let name = timeline ? entry.timeline! : entry.state
            if groups[g].stills.last.map({ $0.name != name || $0.timeline != timeline }) ?? true {
                groups[g].stills.append(StateGroup(name: name, timeline: timeline, entries: []))
            }
            groups[g].stills[groups[g].stills.count - 1].entries.append(entry)
        }
        return groups
    }

    /// The lines explaining an entry: its message, and the comparison's reason when it adds something.
    static func messages(_ entry: CheckEntry) -> [String] {
        var lines: [String] = []
        if let m = entry.message, !m.isEmpty { lines.append(m) }
        if let reason = entry.result?.reason, !reason.isEmpty, !lines.contains(where: { $0.contains(reason) }) {
            lines.append(reason)
        }
        return lines
    }

    /// Escapes text for HTML and XML content and attribute values.
    static func escape(_ text: String) -> String { markupEscaped(text, .html) }

    /// `1234567` → `1,234,567`.
    static func grouped(_ n: Int) -> String { decimalText(Double(n), places: 0, grouped: true) ?? String(n) }

    /// A fraction as a percentage with at most two decimals: `0.16666` → `16.67%`.
    static func percent(_ ratio: Double) -> String {
        let p = ratio * 100
        guard p.isFinite else { return "\(p)%" }
        if p == 0 { return "0%" }
        if p > 0, p < 0.01 { return "<0.01%" }
        if p > 99.99, p < 100 { return ">99.99%" }
        return fixed(p, digits: 2) + "%"
    }

    /// A number with up to `digits` decimals, trailing zeros dropped, thousands grouped.
    static func fixed(_ value: Double, digits: Int) -> String { decimalText(value, places: digits, grouped: true) ?? "\(value)" }

    /// A setting such as the threshold: `0.1`, `0.05`, `1`.
    static func number(_ value: Double) -> String { shortestText(value) }

    /// `exact`, or the limits in words (see ``Tolerance/inWords(none:)``).
    static func describe(_ tolerance: Tolerance) -> String { tolerance.inWords(none: "exact") }

    static func plural(_ n: Int, _ word: String) -> String { n == 1 ? word : word + "s" }

    /// Standard base64 (RFC 4648) with padding.
    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= bytes.count {
            let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out.append(alphabet[Int(v >> 18 & 63)]); out.append(alphabet[Int(v >> 12 & 63)])
            out.append(alphabet[Int(v >> 6 & 63)]); out.append(alphabet[Int(v & 63)])
            i += 3
        }
        let rest = bytes.count - i
        if rest > 0 {
            let v = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
            out.append(alphabet[Int(v >> 18 & 63)]); out.append(alphabet[Int(v >> 12 & 63)])
            out.append(rest == 2 ? alphabet[Int(v >> 6 & 63)] : UInt8(ascii: "="))
            out.append(UInt8(ascii: "="))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The width and height in a PNG's IHDR chunk.
    static func pngSize(_ bytes: [UInt8]) -> ImageSize? {
        guard bytes.count >= 24, bytes.starts(with: PNGCodec.signature),
            Array(bytes[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let size = ImageSize(width: be32(16), height: be32(20))
        return size.width > 0 && size.height > 0 ? size : nil
    }

    // MARK: - Inline CSS and script

    private static let css = """
        :root{--bg:#f5f6f8;--card:#fff;--text:#1b2230;--muted:#5d6878;--line:#e2e5ea;--soft:#f9fafb;--accent:#2557d6;
        --failed:#c8281d;--missing:#b25e09;--recorded:#6a3fc1;--error:#8f1c12;--passed:#11763f;--tolerated:#5f7d12;color-scheme:light}
        *{box-sizing:border-box}
        html{background:var(--bg)}
        body{margin:0;color:var(--text);font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif}
        main{max-width:1480px;margin:0 auto;padding:20px 24px 40px}
        .s-failed{--c:var(--failed)}.s-missing{--c:var(--missing)}.s-recorded{--c:var(--recorded)}.s-error{--c:var(--error)}.s-passed{--c:var(--passed)}.s-tolerated{--c:var(--tolerated)}
        .top{margin-bottom:18px}
        .title-row{display:flex;align-items:center;gap:12px}
        h1{font-size:22px;line-height:1.2;margin:0;font-weight:650;word-break:break-word}
        .shard{font-size:12px;color:var(--muted);border:1px solid var(--line);border-radius:6px;padding:1px 8px;background:#fff}
        .verdict{margin:6px 0 10px;font-size:16px;font-weight:600}
        .verdict.fail{color:var(--failed)}.verdict.pass{color:var(--passed)}
        .counts{display:flex;flex-wrap:wrap;gap:8px;list-style:none;margin:0 0 10px;padding:0}
        .count{display:inline-flex;align-items:baseline;gap:6px;padding:3px 12px 3px 10px;border:1px solid var(--line);border-left:4px solid var(--c);border-radius:6px;background:#fff;color:var(--muted)}
        .count b{color:var(--text);font-size:15px;font-variant-numeric:tabular-nums}
        .count.zero{opacity:.5}
        .settings{margin:0;color:var(--muted)}
        .settings b{color:var(--text);font-weight:600}
        .empty{padding:24px;background:#fff;border:1px solid var(--line);border-radius:10px;color:var(--muted)}
        .empty.ok{color:var(--passed);font-weight:600}
        .kind{font-size:11px;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:var(--muted);margin-right:.35em}
        .scene{margin:0 0 8px}
        .scene-name{font-size:19px;font-weight:650;margin:26px 0 10px;padding-bottom:6px;border-bottom:2px solid var(--line);word-break:break-word}
        .tally{font-size:13px;font-weight:400;color:var(--muted);margin-left:.6em;white-space:nowrap}
        .still-name{font-size:15px;font-weight:600;margin:14px 0 10px;word-break:break-word}
        .orphans{background:#fff8e8;border:1px solid #f1d9a6;border-left:4px solid var(--missing);border-radius:10px;padding:12px 16px;margin:0 0 18px}
        .orphans h2{margin:0 0 6px;font-size:16px;font-weight:650;color:#7a4207}
        .orphans p{margin:0 0 8px}
        .orphans ul{margin:0;padding-left:20px;max-height:260px;overflow:auto}
        .orphans .more{color:var(--muted)}
        .scene-errors{background:#fff1f0;border:1px solid #f3c5c0;border-left:4px solid var(--error);border-radius:10px;padding:12px 16px;margin:0 0 18px}
        .scene-errors h2{margin:0 0 6px;font-size:16px;font-weight:650;color:var(--error)}
        .scene-errors ul,.warnings ul{margin:0;padding-left:20px}
        .scene-errors pre{font:12px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;margin:4px 0 8px}
        .warnings{background:#fff8e8;border:1px solid #f1d9a6;border-radius:10px;padding:10px 16px;margin:0 0 18px}
        .overview{display:flex;flex-wrap:wrap;gap:10px;margin:0 0 18px}
        .thumb{display:flex;flex-direction:column;align-items:center;gap:4px;width:176px;padding:8px;background:#fff;border:1px solid var(--line);border-top:4px solid var(--c);border-radius:8px;color:var(--text);text-decoration:none}
        .thumb img{max-width:160px;max-height:160px;width:auto;height:auto}
        .thumb-id{font-size:11px;color:var(--muted);word-break:break-all;text-align:center}
        code{font:12px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:nowrap}
        .orphans li code{white-space:normal;word-break:break-all}
        .card{background:var(--card);border:1px solid var(--line);border-top:4px solid var(--c);border-radius:10px;margin:0 0 18px;box-shadow:0 1px 3px rgba(16,24,40,.06);--split:50%;--alpha:.5}
        .card>header{display:flex;flex-wrap:wrap;align-items:center;gap:6px 12px;padding:12px 16px 10px}
        .badge{font-size:11px;font-weight:700;letter-spacing:.05em;text-transform:uppercase;color:#fff;background:var(--c);border-radius:999px;padding:2px 9px}
        .card-id{margin:0;font-size:16px;font-weight:600;word-break:break-word}
        .sep{color:var(--muted);font-weight:400;margin:0 .35em}
        .frame-no{margin-left:.6em;font-size:12px;font-weight:600;color:var(--muted);background:var(--soft);border:1px solid var(--line);border-radius:4px;padding:0 6px}
        .stats{display:flex;flex-wrap:wrap;gap:4px 22px;margin:2px 0 0;width:100%}
        .stats div{display:flex;align-items:baseline;gap:6px}
        .stats dt{color:var(--muted);font-size:12px}
        .stats dd{margin:0;font-weight:600;font-variant-numeric:tabular-nums}
        .message{margin:2px 0 0;width:100%;color:#3a4352;white-space:pre-wrap;word-break:break-word}
        .toolbar{display:flex;flex-wrap:wrap;align-items:center;gap:8px 18px;padding:8px 16px;background:var(--soft);border-top:1px solid var(--line);border-bottom:1px solid var(--line)}
        .modes{display:inline-flex;border:1px solid #cfd4dc;border-radius:7px;overflow:hidden;background:#fff}
        .modes button{font:inherit;font-size:13px;padding:4px 12px;border:0;border-right:1px solid #cfd4dc;background:#fff;color:var(--text);cursor:pointer}
        .modes button:last-child{border-right:0}
        .modes button:hover:not(:disabled){background:#eef2fb}
        .modes button[aria-pressed=true]{background:var(--accent);color:#fff}
        .modes button:disabled{color:#a3abb7;cursor:not-allowed}
        .toolbar label,.ctl{color:var(--muted);font-size:13px}
        .ctl{display:none;align-items:center;gap:8px}
        [data-mode=slider] .ctl-slider,[data-mode=blend] .ctl-blend,[data-mode=toggle] .ctl-toggle{display:inline-flex}
        .ctl input[type=range]{width:180px;accent-color:var(--accent)}
        .swap{font:inherit;font-size:13px;padding:3px 12px;border:1px solid #cfd4dc;border-radius:7px;background:#fff;cursor:pointer}
        .showing b{color:var(--text)}
        .zoom{margin-left:auto;display:inline-flex;align-items:center;gap:6px}
        .zoom select{font:inherit;font-size:13px;padding:2px 4px;border:1px solid #cfd4dc;border-radius:6px;background:#fff}
        .views{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:18px;align-items:start;padding:16px}
        .pane{margin:0;min-width:0;position:relative}
        .pane figcaption{margin:0 0 6px;font-size:11px;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:var(--muted)}
        .frame{width:fit-content;max-width:100%;max-height:80vh;overflow:auto;line-height:0;border:1px solid var(--line);background-color:#fff;
        background-image:conic-gradient(#eceef2 25%,transparent 0 50%,#eceef2 0 75%,transparent 0);background-size:16px 16px}
        .frame img{display:block;width:auto;height:auto;max-width:100%;max-height:72vh}
        .zoomed .frame img{max-width:none;max-height:none;image-rendering:pixelated}
        .placeholder{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:4px;min-height:140px;padding:16px;text-align:center;
        border:2px dashed #cfd4dc;border-radius:8px;background:var(--soft);color:var(--muted);word-break:break-word}
        .placeholder b{color:var(--text);font-size:14px}
        .placeholder span{font-size:12px}
        .no-images{margin:0;padding:10px 16px 14px;color:var(--muted);font-size:13px}
        .divider{display:none}
        .card:not([data-mode=side]) .views{grid-template-columns:minmax(0,max-content);justify-content:center}
        .card:not([data-mode=side]) .pane,.card:not([data-mode=side]) .divider{grid-area:1/1}
        .card:not([data-mode=side]) .pane.diff{display:none}
        .card:not([data-mode=side]) .pane figcaption{position:absolute;z-index:2;top:8px;left:8px;margin:0;padding:2px 8px;border-radius:4px;background:rgba(20,26,38,.72);color:#fff}
        .card:not([data-mode=side]) .pane.act figcaption{left:auto;right:8px}
        [data-mode=slider] .act .frame{clip-path:inset(0 0 0 var(--split))}
        [data-mode=slider] .views{cursor:ew-resize;touch-action:none;user-select:none}
        [data-mode=slider] .divider{display:block;align-self:stretch;position:relative;z-index:3;pointer-events:none}
        [data-mode=slider] .divider::before{content:"";position:absolute;top:0;bottom:0;left:var(--split);width:2px;margin-left:-1px;background:#fff;box-shadow:0 0 0 1px rgba(20,26,38,.45)}
        [data-mode=slider] .divider::after{content:"";position:absolute;top:50%;left:var(--split);width:14px;height:14px;margin:-7px 0 0 -7px;border-radius:50%;background:#fff;box-shadow:0 0 0 1px rgba(20,26,38,.45)}
        [data-mode=blend] .act .frame{opacity:var(--alpha)}
        [data-mode=toggle] .views{cursor:pointer}
        [data-mode=toggle][data-show=expected] .act,[data-mode=toggle][data-show=actual] .exp{visibility:hidden}
        details.passed{background:#fff;border:1px solid var(--line);border-top:4px solid var(--passed);border-radius:10px;padding:0}
        details.passed summary{cursor:pointer;padding:12px 16px;font-weight:600;color:var(--passed)}
        details.passed table{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}
        details.passed th,details.passed td{text-align:left;padding:6px 16px;border-top:1px solid var(--line)}
        details.passed th{font-size:12px;color:var(--muted);font-weight:600;background:var(--soft)}
        details.passed .num{text-align:right;white-space:nowrap}
        details.passed .scene-row th{background:#eef1f5;color:var(--text);font-size:13px;word-break:break-word}
        details.passed .still-row th{background:#fff;color:var(--text);padding-left:28px;word-break:break-word}
        details.passed tbody td:first-child{padding-left:44px}
        .environments{background:#fff;border:1px solid var(--line);border-radius:10px;margin:0 0 18px;padding:12px 16px}
        .environments h2{font-size:15px;margin:0 0 8px}
        .environments table{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}
        .environments th,.environments td{text-align:left;padding:6px 10px;border-top:1px solid var(--line);vertical-align:top}
        .environments thead th{font-size:12px;color:var(--muted);font-weight:600;border-top:0}
        .environments .num{text-align:right;white-space:nowrap}
        .environments tr.attention th{color:var(--failed)}
        .environments td a{margin-right:8px;word-break:break-word}
        footer{margin-top:24px;color:var(--muted);font-size:12px}
        @media (max-width:900px){.views{grid-template-columns:minmax(0,1fr)}.zoom{margin-left:0}}

        """

    private static let script = """
        (function () {
          "use strict";
          function eachOf(root, selector, fn) { Array.prototype.forEach.call(root.querySelectorAll(selector), fn); }
          eachOf(document, ".card", function (card) {
            var views = card.querySelector(".views");
            if (!views) return;
            var showing = card.querySelector(".showing b");
            function setMode(mode) {
              card.dataset.mode = mode;
              eachOf(card, ".modes button", function (b) { b.setAttribute("aria-pressed", String(b.dataset.mode === mode)); });
            }
            function swap() {
              card.dataset.show = card.dataset.show === "actual" ? "expected" : "actual";
              if (showing) showing.textContent = card.dataset.show;
            }
            function setVar(input) {
              var v = Number(input.value);
              card.style.setProperty("--" + input.dataset.var, input.dataset.var === "alpha" ? String(v / 100) : v + "%");
            }
            card.addEventListener("click", function (event) {
              var button = event.target.closest("button");
              if (button && button.dataset.mode) { if (!button.disabled) setMode(button.dataset.mode); }
              else if (button && button.classList.contains("swap")) swap();
              else if (!button && card.dataset.mode === "toggle" && views.contains(event.target)) swap();
            });
            eachOf(card, "input[type=range]", function (input) {
              input.addEventListener("input", function () { setVar(input); });
              setVar(input);
            });
            var split = card.querySelector("[data-var=split]");
            function drag(event) {
              var frame = card.querySelector(".act .frame");
              if (card.dataset.mode !== "slider" || !frame || !split) return;
              var box = frame.getBoundingClientRect();
              if (box.width <= 0) return;
              split.value = String(Math.round(Math.max(0, Math.min(1, (event.clientX - box.left) / box.width)) * 100));
              setVar(split);
            }
            views.addEventListener("pointerdown", function (event) {
              if (card.dataset.mode !== "slider") return;
              views.setPointerCapture(event.pointerId);
              drag(event);
            });
            views.addEventListener("pointermove", function (event) { if (event.buttons & 1) drag(event); });
            var select = card.querySelector(".zoom select");
            if (select) select.addEventListener("change", function () {
              var zoom = select.value === "fit" ? 0 : Number(select.value);
              card.classList.toggle("zoomed", zoom > 0);
              eachOf(card, ".frame img", function (img) { img.style.width = zoom > 0 ? img.naturalWidth * zoom + "px" : ""; });
            });
            var syncing = false;
            eachOf(card, ".frame", function (frame) {
              frame.addEventListener("scroll", function () {
                if (syncing) return;
                syncing = true;
                eachOf(card, ".frame", function (other) {
                  if (other !== frame) { other.scrollLeft = frame.scrollLeft; other.scrollTop = frame.scrollTop; }
                });
                syncing = false;
              });
            });
          });
          document.documentElement.dataset.ready = "1";
        })();

        """
}

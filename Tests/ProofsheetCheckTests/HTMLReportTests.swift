import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import ProofsheetCheck
import ProofsheetDiff
import Testing

/// The HTML report, the JUnit XML and the Markdown summary, as text.
@Suite("HTML report, JUnit and Markdown")
struct HTMLReportTests {
    static let hostileScene = "<script>alert(1)</script>"
    static let hostileMessage = "a \"quoted\" & 'single' <b>bold</b> | pipe\nsecond line"

    static let green = RGBAColor(r: 0, g: 190, b: 0)

    /// A 120×80 comparison with a 40×40 difference.
    static func comparison() throws -> (expected: [UInt8], actual: [UInt8], diff: [UInt8], result: DiffReport) {
        let expected = RGBAImage(width: 120, height: 80, fill: green)
        var actual = expected
        for y in 20..<60 { for x in 60..<100 { actual[x: x, y: y] = RGBAColor(r: 0, g: 0, b: 255) } }
        let outcome = try PixelDiff.compare(expected, actual)
        let diff = try #require(outcome.result?.diffImage)
        return (
            try PNGCodec.encode(expected), try PNGCodec.encode(actual), try PNGCodec.encode(diff),
            DiffReport(outcome: outcome, tolerance: .exact)
        )
    }

    /// Two failed entries (one with a hostile name), one missing, one size mismatch, one error,
    /// one recorded and two passed; plus the image files behind them.
    static func sample() throws -> (report: CheckReport, files: [String: [UInt8]]) {
        let c = try comparison()
        var files: [String: [UInt8]] = [:]
        func images(_ name: String) -> (String, String, String) {
            files["images/\(name).expected.png"] = c.expected
            files["images/\(name).actual.png"] = c.actual
            files["images/\(name).diff.png"] = c.diff
            return ("images/\(name).expected.png", "images/\(name).actual.png", "images/\(name).diff.png")
        }
        let (e1, a1, d1) = images("checkout")
        let (e2, a2, d2) = images("hostile")
        files["images/new.actual.png"] = c.actual
        files["images/recorded.actual.png"] = c.actual
        files["images/size.expected.png"] = c.expected
        files["images/size.actual.png"] = try PNGCodec.encode(RGBAImage(width: 100, height: 80, fill: green))
        let sizeOutcome = DiffOutcome.sizeMismatch(expected: ImageSize(width: 120, height: 80), actual: ImageSize(width: 100, height: 80))
        let same = try PixelDiff.compare(RGBAImage(width: 120, height: 80, fill: green), RGBAImage(width: 120, height: 80, fill: green))
        let entries = [
            CheckEntry(
                scene: "checkout", state: "default", variant: "iphone-14@3x", status: .failed, golden: "goldens/checkout.png",
                expected: e1, actual: a1, diff: d1, result: c.result, message: c.result.reason),
            CheckEntry(
                scene: hostileScene, state: "open", variant: "pixel-8@2x", frame: 3, status: .failed, golden: "goldens/hostile.png",
                expected: e2, actual: a2, diff: d2, result: c.result, message: hostileMessage),
            CheckEntry(
                scene: "new-screen", state: "default", variant: "iphone-14@3x", status: .missing, golden: "goldens/new.png",
                actual: "images/new.actual.png", message: "no golden at goldens/new.png"),
            CheckEntry(
                scene: "size", state: "default", variant: "iphone-14@3x", status: .failed, golden: "goldens/size.png",
                expected: "images/size.expected.png", actual: "images/size.actual.png",
                result: DiffReport(outcome: sizeOutcome, tolerance: .exact), message: "sizes differ"),
            CheckEntry(
                scene: "broken", state: "default", variant: "iphone-14@3x", status: .error, golden: "goldens/broken.png",
                message: "unknown view type 'Sliderr'"),
            CheckEntry(
                scene: "recorded", state: "default", variant: "iphone-14@3x", status: .recorded, golden: "goldens/recorded.png",
                actual: "images/recorded.actual.png", message: "recorded a new golden"),
            CheckEntry(
                scene: "home", state: "default", variant: "iphone-14@3x", status: .passed, golden: "goldens/home.png",
                result: DiffReport(outcome: same, tolerance: .exact)),
            CheckEntry(
                scene: "profile", state: "dark", variant: "iphone-14@3x", status: .passed, golden: "goldens/profile.png",
                result: DiffReport(outcome: same, tolerance: .exact))
        ]
        return (
            CheckReport(entries: entries, goldenRoot: "goldens", threshold: 0.1, tolerance: Tolerance(maxPixels: 10), record: "never", shard: "2/3"),
            files
        )
    }

    static func html(title: String = "Proofsheet check") throws -> String {
        let s = try sample()
        return HTMLReport.render(s.report, title: title) { s.files[$0] }
    }

    /// The values of every `src="…"` attribute.
    static func sources(_ html: String) -> [String] {
        html.components(separatedBy: " src=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    /// The text of the card whose id (escaped) contains `scene`.
    static func card(_ html: String, _ scene: String) -> String? {
        html.components(separatedBy: "<section class=\"card").dropFirst().first { $0.contains("<h4 class=\"card-id\">" + scene) }
    }

    /// The headings and rows of a page in order, as text: `scene NAME …` for a scene heading or
    /// row, `still NAME` / `state default` for a still, a card's id, a passed row's variant.
    static func outline(_ html: String) -> [String] {
        let pattern =
            #"<h2 class="scene-name">(.*?)</h2>|<h3 class="still-name">(.*?)</h3>|<h4 class="card-id">(.*?)</h4>|"#
            + #"<tr class="(?:scene|still)-row"[^>]*><th[^>]*>(.*?)</th>|<tr><td>(.*?)</td>"#
        let regex = try! NSRegularExpression(pattern: pattern)
        let text = html as NSString
        return regex.matches(in: html, range: NSRange(location: 0, length: text.length)).map { match in
            let inner = (1..<match.numberOfRanges).map { match.range(at: $0) }.first { $0.location != NSNotFound }!
            return text.substring(with: inner).replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
        }
    }

    /// Two scenes with stills and one without, their entries given out of order; `card-dark`
    /// sorts after `card` although its id (`card-dark/…` < `card/…`) sorts before.
    static func stillsReport() throws -> CheckReport {
        let same = try PixelDiff.compare(RGBAImage(width: 2, height: 2, fill: green), RGBAImage(width: 2, height: 2, fill: green))
        func entry(_ id: String, _ status: CheckEntry.Status) -> CheckEntry {
            let p = id.split(separator: "/").map(String.init)
            return CheckEntry(
                scene: p[0], state: p[1], variant: p[2], status: status, golden: "goldens/\(id).png",
                result: status == .passed ? DiffReport(outcome: same, tolerance: .exact) : nil, message: "\(status.rawValue) \(id)")
        }
        return CheckReport(
            entries: [
                entry("card-dark/on/a@1x", .failed), entry("card/on/b@1x", .failed), entry("widget/default/a@1x", .passed),
                entry("card/off/a@1x", .passed), entry("card/on/a@1x", .error), entry("card/off/b@1x", .missing),
                entry("card-dark/off/a@1x", .passed)
            ], goldenRoot: "goldens", threshold: 0.1, tolerance: .exact, record: "never")
    }

    // MARK: - HTML

    @Test func selfContained() throws {
        let html = try Self.html()
        for forbidden in ["http:", "https:", "src=\"/", "src=\"file:", "<link", "@import", "url(", "//cdn", "<iframe"] {
            #expect(!html.contains(forbidden), "the report refers to something outside itself: \(forbidden)")
        }
        let sources = Self.sources(html)
        #expect(sources.count == 10, "images embedded: \(sources.count)")
        for src in sources {
            #expect(src.hasPrefix("data:image/png;base64,"), "not a data URI: \(src.prefix(60))")
        }
        // The embedded bytes are the files' bytes.
        let s = try Self.sample()
        let first = try #require(sources.first)
        let decoded = try #require(Data(base64Encoded: String(first.dropFirst("data:image/png;base64,".count))))
        #expect([UInt8](decoded) == s.files["images/checkout.expected.png"])
        // One inline script, one inline style, and the script marks the page ready.
        #expect(html.components(separatedBy: "<script").count == 2)
        #expect(!html.contains("<script src"))
        #expect(html.contains("<style>"))
        #expect(html.contains("document.documentElement.dataset.ready = \"1\""))
    }

    @Test(arguments: 0...7) func base64MatchesFoundation(length: Int) throws {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 89 + 251) }
        let report = CheckReport(
            entries: [
                CheckEntry(
                    scene: "s", state: "t", variant: "v", status: .missing, golden: "g",
                    actual: "a.png")
            ], goldenRoot: "goldens", threshold: 0.1, tolerance: .exact, record: "never")
        let html = HTMLReport.render(report) { _ in bytes }
        if length == 0 {
            #expect(Self.sources(html).isEmpty)  // an empty file is not an image
            #expect(html.contains("cannot read a.png"))
        } else {
            let src = try #require(Self.sources(html).first)
            #expect(src == "data:image/png;base64," + Data(bytes).base64EncodedString())
        }
    }

    /// A check of several environments is grouped by them: a row each (`standard` first), its
    /// images and those that need attention, linking to their cards; the summary has the same
    /// table. One environment alone gets none.
    @Test func groupedByEnvironment() throws {
        func entry(_ scene: String, _ variant: String, _ status: CheckEntry.Status) -> CheckEntry {
            CheckEntry(scene: scene, state: "default", variant: variant, status: status, golden: "g/\(scene).png", message: "m")
        }
        let entries = [
            entry("deck", "iphone-14@3x", .passed), entry("deck", "iphone-14@3x+dark", .failed),
            entry("deck", "iphone-se@2x+chrome+dark", .failed), entry("deck", "iphone-14@3x+dark+rtl+ax3", .passed),
            entry("review", "iphone-14@3x+dark", .missing), entry("review", "iphone-14@3x", .passed)
        ]
        #expect(GoldenNames.environment(of: "iphone-se@2x+chrome+frame+dark+ax3") == "dark+ax3")
        #expect(GoldenNames.environment(of: "390x844@1x+chrome") == "standard")
        let report = CheckReport(entries: entries, goldenRoot: "g", threshold: 0.1, tolerance: .exact, record: "never")
        #expect(HTMLReport.byEnvironment(report.entries).map { "\($0.name) \($0.count)" } == ["standard 2", "dark 3", "dark+rtl+ax3 1"])
        let html = HTMLReport.render(report) { _ in nil }
        let section = try #require(
            html.components(separatedBy: "<section class=\"environments\"").dropFirst().first?.components(separatedBy: "</section>").first)
        #expect(
            section.contains(
                "<tr data-environment=\"dark\" class=\"attention\"><th scope=\"row\">dark</th><td class=\"num\">3</td><td class=\"num\">3</td>"))
        #expect(section.contains("<tr data-environment=\"standard\"><th scope=\"row\">standard</th><td class=\"num\">2</td><td class=\"num\">0</td>"))
        // Each link leads to the card of that image.
        for link in [
            "#entry-1\">deck/default/iphone-14@3x+dark", "#entry-2\">deck/default/iphone-se@2x+chrome+dark",
            "#entry-3\">review/default/iphone-14@3x+dark"
        ] {
            #expect(section.contains(link), "\(link)")
        }
        #expect(html.contains("id=\"entry-2\" data-status=\"failed\""))
        let md = HTMLReport.markdownSummary(report)
        #expect(
            md.contains(
                "| Environment | Images | Need attention |\n| --- | ---: | ---: |\n| standard | 2 | 0 |\n| dark | 3 | 3 |\n| dark+rtl+ax3 | 1 | 0 |\n"
            ))
        let one = CheckReport(entries: Array(entries.prefix(1)), goldenRoot: "g", threshold: 0.1, tolerance: .exact, record: "never")
        #expect(!HTMLReport.render(one) { _ in nil }.contains("By environment") && !HTMLReport.markdownSummary(one).contains("Environment"))
    }

    @Test func jpegIsEmbeddedAsJPEG() {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16]
        let report = CheckReport(
            entries: [
                CheckEntry(
                    scene: "s", state: "t", variant: "v", status: .missing, golden: "g",
                    actual: "a.jpg")
            ], goldenRoot: "goldens", threshold: 0.1, tolerance: .exact, record: "never")
        #expect(Self.sources(HTMLReport.render(report) { _ in jpeg }).first?.hasPrefix("data:image/jpeg;base64,") == true)
    }

    @Test func escapesHostileText() throws {
        let html = try Self.html(title: "Check <img src=x onerror=alert(2)> & co")
        #expect(!html.contains(Self.hostileScene))
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("<b>bold</b>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("<title>Check &lt;img src=x onerror=alert(2)&gt; &amp; co</title>"))
        #expect(html.contains("a &quot;quoted&quot; &amp; &#39;single&#39; &lt;b&gt;bold&lt;/b&gt; | pipe\nsecond line"))
        // The only script element is the report's own.
        #expect(html.components(separatedBy: "<script").count == 2)
        // Paths in attributes are escaped too.
        let report = CheckReport(
            entries: [
                CheckEntry(
                    scene: "s", state: "t", variant: "v", status: .missing, golden: "g",
                    actual: "x\" onload=\"alert(3)")
            ], goldenRoot: "goldens", threshold: 0.1, tolerance: .exact, record: "never")
        let attr = HTMLReport.render(report) { _ in try? PNGCodec.encode(RGBAImage(width: 1, height: 1)) }
        #expect(!attr.contains("\" onload=\""))
        #expect(attr.contains("x&quot; onload=&quot;alert(3)"))
    }

    @Test func headerHasCountsAndSettings() throws {
        let html = try Self.html()
        let header = try #require(html.components(separatedBy: "</header>").first)
        for (status, n) in [("failed", 3), ("missing", 1), ("recorded", 1), ("error", 1), ("passed", 2)] {
            #expect(header.contains("data-status=\"\(status)\"><b>\(n)</b> \(status)</li>"), "count of \(status)")
        }
        #expect(header.contains("6 of 8 images need attention"))
        #expect(header.contains("threshold <b>0.1</b>"))
        #expect(header.contains("tolerance <b>at most 10 pixels</b>"))
        #expect(header.contains("<span class=\"shard\">shard 2/3</span>"))
        #expect(header.contains("record mode <b>never</b>"))
    }

    @Test func failingEntriesAreCardsInIDOrder() throws {
        let html = try Self.html()
        let cards = html.components(separatedBy: "<section class=\"card").dropFirst()
        #expect(cards.count == 6)
        let statuses = cards.map { String($0.prefix { $0 != "\"" }) }
        // Sorted by id: "&lt;script…" (the hostile `<` sorts first), broken, checkout, new-screen, recorded, size.
        #expect(statuses == [" s-failed", " s-error", " s-failed", " s-missing", " s-recorded", " s-failed"])
        let ids = cards.map { $0.components(separatedBy: "<h4 class=\"card-id\">")[1].prefix { $0 != "<" } }
        #expect(ids == ["&lt;script&gt;alert(1)&lt;/script&gt;", "broken", "checkout", "new-screen", "recorded", "size"])

        let checkout = try #require(Self.card(html, "checkout"))
        #expect(checkout.contains("<dt>Mismatched</dt><dd>1,600 px</dd>"))
        #expect(checkout.contains("<dt>Compared</dt><dd>9,600 px</dd>"))
        #expect(checkout.contains("<dt>Ratio</dt><dd>16.67%</dd>"))
        #expect(checkout.contains("<dt>Size</dt><dd>120×80</dd>"))
        #expect(checkout.contains("1600 of 9600 pixels differ"))
        // Expected | actual | diff, and the four views.
        let order = ["pane exp", "pane act", "pane diff"].map { checkout.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order[0]! < order[1]! && order[1]! < order[2]!)
        for mode in ["side", "slider", "blend", "toggle"] {
            #expect(checkout.contains("data-mode=\"\(mode)\" aria-pressed"), "mode \(mode)")
        }
        #expect(!checkout.contains("disabled"))
        #expect(checkout.contains("type=\"range\""))
        #expect(checkout.components(separatedBy: "<img ").count == 4)

        let hostile = try #require(Self.card(html, "&lt;script"))
        #expect(hostile.contains("frame 3"))
    }

    @Test func placeholdersForMissingImages() throws {
        let html = try Self.html()
        let missing = try #require(Self.card(html, "new-screen"))
        #expect(missing.contains("<b>No golden</b>"))
        #expect(missing.contains("No diff: nothing to compare"))
        #expect(missing.components(separatedBy: "<img ").count == 2)  // only the actual image
        #expect(missing.contains("data-mode=\"slider\" aria-pressed=\"false\" disabled"))

        // An entry without any image has no views at all.
        let error = try #require(Self.card(html, "broken"))
        #expect(error.contains("unknown view type &#39;Sliderr&#39;"))
        #expect(error.contains("No images."))
        #expect(!error.contains("<img ") && !error.contains("class=\"views\"") && !error.contains("class=\"toolbar\""))
        // With only a golden, the missing actual image says why.
        let golden = CheckReport(
            entries: [
                CheckEntry(
                    scene: "s", state: "t", variant: "v", status: .error, golden: "g",
                    expected: "e.png", message: "boom")
            ], goldenRoot: "goldens", threshold: 0.1, tolerance: .exact, record: "never")
        let notRendered = HTMLReport.render(golden) { _ in try? PNGCodec.encode(RGBAImage(width: 1, height: 1)) }
        #expect(notRendered.contains("<b>Not rendered</b>"))
        #expect(notRendered.components(separatedBy: "<img ").count == 2)

        let size = try #require(Self.card(html, "size"))
        #expect(size.contains("<dt>Expected size</dt><dd>120×80</dd>"))
        #expect(size.contains("<dt>Actual size</dt><dd>100×80</dd>"))
        #expect(size.contains("No diff: sizes differ"))

        // A path the report names but cannot read.
        let report = CheckReport(
            entries: [
                CheckEntry(
                    scene: "s", state: "t", variant: "v", status: .failed, golden: "g",
                    expected: "gone.png", actual: "gone2.png")
            ],
            goldenRoot: "goldens", threshold: 0.1, tolerance: .exact, record: "never")
        let gone = HTMLReport.render(report) { _ in nil }
        #expect(gone.contains("cannot read gone.png") && gone.contains("cannot read gone2.png"))
    }

    @Test func passingEntriesAreCollapsed() throws {
        let html = try Self.html()
        let details = try #require(html.components(separatedBy: "<details class=\"passed\">").last?.components(separatedBy: "</details>").first)
        #expect(html.components(separatedBy: "<details").count == 2)
        #expect(details.contains("<summary>2 passed</summary>"))
        #expect(Self.outline(details) == ["scene home", "state default", "iphone-14@3x", "scene profile", "still dark", "iphone-14@3x"])
        #expect(details.contains("<tr><td>iphone-14@3x</td><td class=\"num\">0</td><td class=\"num\">0%</td><td class=\"num\">120×80</td></tr>"))
        #expect(!details.contains("<img"))
        #expect(Self.card(html, "home") == nil)
        #expect(!html.contains("<details open"))
    }

    @Test func allPassedAndEmptyReports() {
        let same = DiffReport(
            outcome: .compared(DiffResult(width: 2, height: 2, mismatched: 0, total: 4, ignored: 0, diffImage: nil)),
            tolerance: .exact)
        let passed = CheckReport(
            entries: [CheckEntry(scene: "a", state: "b", variant: "c", status: .passed, golden: "g", result: same)],
            goldenRoot: "goldens", threshold: 0.1, tolerance: .exact, record: "missing")
        let html = HTMLReport.render(passed) { _ in nil }
        #expect(html.contains("All 1 image passed"))
        #expect(!html.contains("<section class=\"card"))
        #expect(html.contains("<summary>1 passed</summary>"))
        let empty = HTMLReport.render(CheckReport(entries: [], goldenRoot: "goldens", threshold: 0.1, tolerance: .exact, record: "missing")) { _ in
            nil
        }
        #expect(empty.contains("No images were checked."))
    }

    // MARK: - Grouping by scene and still, and orphaned goldens

    @Test func failuresAndPassesAreGroupedBySceneThenStill() throws {
        let html = HTMLReport.render(try Self.stillsReport()) { _ in nil }
        let parts = html.components(separatedBy: "<details class=\"passed\">")
        #expect(parts.count == 2)
        #expect(
            Self.outline(parts[0]) == [
                "scene card 3 of 4 need attention · 1 passed", "still off", "card/off/b@1x", "still on", "card/on/a@1x", "card/on/b@1x",
                "scene card-dark 1 of 2 need attention · 1 passed", "still on", "card-dark/on/a@1x"
            ])
        #expect(
            Self.outline(parts[1]) == [
                "scene card", "still off", "a@1x", "scene card-dark", "still off", "a@1x", "scene widget", "state default", "a@1x"
            ])
        // Cards are numbered in page order; each scene and still is one section holding its cards.
        let cards = parts[0].components(separatedBy: "<section class=\"card").dropFirst()
        #expect(cards.count == 4)
        for (i, card) in cards.enumerated() { #expect(card.contains("id=\"entry-\(i + 1)\""), "card \(i + 1)") }
        #expect(parts[0].components(separatedBy: "<section class=\"scene\"").count == 3)
        #expect(parts[0].components(separatedBy: "<section class=\"still\"").count == 4)
        #expect(parts[0].components(separatedBy: "<section").count == parts[0].components(separatedBy: "</section>").count)
        #expect(html.contains("<section class=\"scene\" id=\"scene-2\" data-scene=\"card-dark\">\n<h2 class=\"scene-name\">"))
        // No orphans, no orphan section.
        #expect(!html.contains("class=\"orphans\""))
    }

    @Test func hostileSceneAndStillNamesAreEscapedInHeadings() {
        let report = CheckReport(
            entries: [
                CheckEntry(scene: "a\"><img src=x>", state: "<b>on</b>", variant: "v", status: .failed, golden: "g"),
                CheckEntry(scene: "a\"><img src=x>", state: "it's", variant: "v", status: .passed, golden: "g")
            ], goldenRoot: "goldens", threshold: 0.1, tolerance: .exact, record: "never")
        let html = HTMLReport.render(report) { _ in nil }
        #expect(!html.contains("<img src=x>") && !html.contains("<b>on</b>") && !html.contains("\"><img"))
        #expect(html.contains("data-scene=\"a&quot;&gt;&lt;img src=x&gt;\""))
        #expect(html.contains("data-still=\"&lt;b&gt;on&lt;/b&gt;\""))
        #expect(html.contains("<span class=\"kind\">still</span> it&#39;s</th>"))
    }

    @Test func orphanedGoldensHaveTheirOwnEscapedSection() throws {
        var report = try Self.stillsReport()
        report.goldenRoot = "gold <b>&</b>"
        report.orphans = ["card/gone/a@1x.png", "card/<script>alert(1)</script>/x.png"]
        let html = HTMLReport.render(report) { _ in nil }
        let section = try #require(
            html.components(separatedBy: "<section class=\"orphans\"").dropFirst().first?.components(separatedBy: "</section>").first)
        #expect(section.contains("2 orphaned goldens</h2>"))
        #expect(section.contains("These goldens belong to no still of the scenes checked"))
        #expect(section.contains("Delete them if the still is gone"))
        #expect(section.contains("<li><code>gold &lt;b&gt;&amp;&lt;/b&gt;/card/gone/a@1x.png</code></li>"))
        #expect(section.contains("<li><code>gold &lt;b&gt;&amp;&lt;/b&gt;/card/&lt;script&gt;alert(1)&lt;/script&gt;/x.png</code></li>"))
        #expect(html.components(separatedBy: "<script").count == 2)
        #expect(!html.contains("<b>&</b>"))
        // Before the failures, after the header.
        let at = try #require(html.range(of: "class=\"orphans\"")?.lowerBound)
        #expect(at > html.range(of: "</header>")!.lowerBound && at < html.range(of: "<section class=\"scene\"")!.lowerBound)

        // One orphan is spoken of in the singular; a long list is cut with a count.
        report.orphans = ["card/gone/a@1x.png"]
        #expect(HTMLReport.render(report) { _ in nil }.contains("This golden belongs to no still"))
        report.orphans = (0..<(HTMLReport.maxOrphansListed + 2)).map { "card/gone/v\($0)@1x.png" }
        let long = HTMLReport.render(report) { _ in nil }
        #expect(long.components(separatedBy: "<li><code>").count == HTMLReport.maxOrphansListed + 1)
        #expect(long.contains("<li class=\"more\">and 2 more (all of them are in results.json)</li>"))
        // An empty list is no section.
        report.orphans = []
        #expect(!HTMLReport.render(report) { _ in nil }.contains("class=\"orphans\""))
    }

    @Test func junitIsInSceneAndStillOrderWithOrphansSkipped() throws {
        var report = try Self.stillsReport()
        report.goldenRoot = "g<&>"
        report.orphans = ["card/gone/a@1x.png", "widget/old/b@2x.png"]
        let xml = HTMLReport.junit(report)
        #expect(xml.contains("<testsuite name=\"proofsheet check\" tests=\"9\" failures=\"3\" errors=\"1\" skipped=\"2\" time=\"0\">"))
        #expect(xml.contains("<testsuites name=\"proofsheet\" tests=\"9\" failures=\"3\" errors=\"1\" time=\"0\">"))
        #if canImport(FoundationXML) || os(macOS)
            let document = try XMLDocument(xmlString: xml, options: [])
            let suite = try #require(document.rootElement()?.elements(forName: "testsuite").first)
            let cases = suite.elements(forName: "testcase")
            let names = cases.map { "\($0.attribute(forName: "classname")?.stringValue ?? "")|\($0.attribute(forName: "name")?.stringValue ?? "")" }
            #expect(
                names == [
                    "card|off/a@1x", "card|off/b@1x", "card|on/a@1x", "card|on/b@1x", "card-dark|off/a@1x", "card-dark|on/a@1x",
                    "widget|default/a@1x", "card|gone/a@1x (orphaned golden)", "widget|old/b@2x (orphaned golden)"
                ])
            let skipped = cases.compactMap { $0.elements(forName: "skipped").first }
            #expect(skipped.count == 2)
            #expect(
                skipped.first?.attribute(forName: "message")?.stringValue
                    == "the golden g<&>/card/gone/a@1x.png belongs to no still of the scenes checked; delete it if the still is gone (check --prune does; check --strict fails on it)"
            )
            #expect(cases.suffix(2).allSatisfy { $0.elements(forName: "failure").isEmpty && $0.elements(forName: "error").isEmpty })
        #else
            #expect(xml.components(separatedBy: "<skipped ").count == 3)
        #endif
    }

    @Test func markdownGroupsByScene() throws {
        var report = try Self.stillsReport()
        report.orphans = (0..<12).map { "card/gone/v\($0)@1x.png" }
        let md = HTMLReport.markdownSummary(report)
        let lines = md.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "### ❌ Proofsheet check failed: 2 failed, 1 missing, 1 error, 3 passed, 12 orphaned goldens (7 images)")
        #expect(
            lines.filter { $0.hasPrefix("#### ") || ($0.hasPrefix("| ") && !$0.hasPrefix("| Still") && !$0.hasPrefix("| ---")) } == [
                "#### card",
                "| off | b@1x | missing | – | – | missing card/off/b@1x |",
                "| on | a@1x | error | – | – | error card/on/a@1x |",
                "| on | b@1x | failed | – | – | failed card/on/b@1x |",
                "#### card-dark",
                "| on | a@1x | failed | – | – | failed card-dark/on/a@1x |"
            ])
        #expect(md.contains("\n⚠️ 12 orphaned goldens: they belong to no still of the scenes checked"))
        let listed = lines.filter { $0.hasPrefix("- ") }
        #expect(listed.count == 11)
        #expect(listed.first == "- goldens/card/gone/v0@1x.png")
        #expect(listed.last == "- and 2 more")
        // Orphans do not fail the summary: --strict does, through the exit status.
        report.entries = report.entries.filter { $0.status == .passed }
        report.orphans = ["card/gone/a_b@1x.png"]
        let passed = HTMLReport.markdownSummary(report)
        #expect(passed.hasPrefix("### ✅ Proofsheet check passed: 3 passed, 1 orphaned golden (3 images)\n"))
        #expect(passed.contains("⚠️ 1 orphaned golden: it belongs to no still"))
        #expect(passed.contains("\n- goldens/card/gone/a\\_b@1x.png\n"))  // Markdown characters escaped
    }

    // MARK: - JUnit

    @Test func junitParsesWithTheRightCounts() throws {
        let s = try Self.sample()
        let xml = HTMLReport.junit(s.report)
        #expect(!xml.contains(Self.hostileScene))
        #expect(xml.contains("classname=\"&lt;script&gt;alert(1)&lt;/script&gt;\""))
        #expect(xml.contains("<testsuite name=\"proofsheet check\" tests=\"8\" failures=\"5\" errors=\"1\" skipped=\"0\" time=\"0\">"))
        #if canImport(FoundationXML) || os(macOS)
            let document = try XMLDocument(xmlString: xml, options: [])
            let root = try #require(document.rootElement())
            #expect(root.name == "testsuites")
            let suites = root.elements(forName: "testsuite")
            #expect(suites.count == 1)
            let suite = try #require(suites.first)
            #expect(suite.attribute(forName: "name")?.stringValue == "proofsheet check")
            #expect(suite.attribute(forName: "tests")?.stringValue == "8")
            #expect(suite.attribute(forName: "failures")?.stringValue == "5")
            #expect(suite.attribute(forName: "errors")?.stringValue == "1")
            #expect(suite.attribute(forName: "skipped")?.stringValue == "0")
            let cases = suite.elements(forName: "testcase")
            #expect(cases.count == 8)
            #expect(cases.filter { !$0.elements(forName: "failure").isEmpty }.count == 5)
            #expect(cases.filter { !$0.elements(forName: "error").isEmpty }.count == 1)
            #expect(cases.filter { $0.childCount == 0 }.count == 2)
            // Hostile text survives the round trip exactly.
            let hostile = try #require(cases.first { $0.attribute(forName: "classname")?.stringValue == Self.hostileScene })
            #expect(hostile.attribute(forName: "name")?.stringValue == "open/pixel-8@2x frame 3")
            let failure = try #require(hostile.elements(forName: "failure").first)
            #expect(failure.attribute(forName: "message")?.stringValue == Self.hostileMessage)
            #expect(failure.stringValue?.contains(Self.hostileMessage) == true)
            #expect(failure.stringValue?.contains("mismatched: 1,600 of 9,600 pixels (16.67%)") == true)
            let checkout = try #require(cases.first { $0.attribute(forName: "classname")?.stringValue == "checkout" })
            #expect(checkout.attribute(forName: "name")?.stringValue == "default/iphone-14@3x")
            let error = try #require(cases.first { $0.attribute(forName: "classname")?.stringValue == "broken" }?.elements(forName: "error").first)
            #expect(error.attribute(forName: "message")?.stringValue == "unknown view type 'Sliderr'")
        #else
            // No XML parser: check the structure by counting elements.
            #expect(xml.components(separatedBy: "<testcase ").count == 9)
            #expect(xml.components(separatedBy: "<failure ").count == 6)
            #expect(xml.components(separatedBy: "<error ").count == 2)
        #endif
    }

    @Test func junitDropsCharactersXMLCannotHold() throws {
        let report = CheckReport(
            entries: [
                CheckEntry(
                    scene: "bell\u{7}", state: "s", variant: "v", status: .error, golden: "g",
                    message: "nul \u{0} here")
            ], goldenRoot: "goldens", threshold: 0.1, tolerance: .exact, record: "never")
        let xml = HTMLReport.junit(report)
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #if canImport(FoundationXML) || os(macOS)
            let document = try XMLDocument(xmlString: xml, options: [])
            #expect(document.rootElement()?.name == "testsuites")
        #endif
    }

    // MARK: - Markdown

    @Test func markdownSummary() throws {
        let s = try Self.sample()
        let md = HTMLReport.markdownSummary(s.report)
        let lines = md.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "### ❌ Proofsheet check failed (shard 2/3): 3 failed, 1 missing, 1 recorded, 1 error, 2 passed (8 images)")
        // A heading per scene with failures, each with its table.
        #expect(
            lines.filter { $0.hasPrefix("#### ") } == [
                "#### &lt;script&gt;alert(1)&lt;/script&gt;", "#### broken", "#### checkout", "#### new-screen", "#### recorded", "#### size"
            ])
        let table = lines.filter { $0.hasPrefix("|") }
        #expect(table.count == 6 * 3, "header, separator and one row per failing entry in each scene:\n\(md)")
        #expect(table[0] == "| Still | Variant | Status | Mismatched | Ratio | Message |")
        // Every row has six cells: no unescaped pipe, no line break.
        for row in table {
            let cells = row.replacingOccurrences(of: "\\|", with: "").split(separator: "|", omittingEmptySubsequences: false)
            #expect(cells.count == 8, "row \(row)")
        }
        let rows = table.filter { !$0.hasPrefix("| Still") && !$0.hasPrefix("| ---") }
        #expect(
            rows[0] == "| open | pixel-8@2x (frame 3) | failed | 1,600 | 16.67% | "
                + "a \"quoted\" &amp; 'single' &lt;b&gt;bold&lt;/b&gt; \\| pipe second line; 1600 of 9600 pixels differ |")
        #expect(rows[1].hasPrefix("| default | iphone-14@3x | error | – | – | unknown view type 'Sliderr' |"))
        #expect(rows[2].hasPrefix("| default | iphone-14@3x | failed | 1,600 | 16.67% | 1600 of 9600 pixels differ |"))
        #expect(rows[5].hasPrefix("| default | iphone-14@3x | failed | size | – | sizes differ; sizes differ: expected 120x80, actual 100x80 |"))
        #expect(!md.contains("<script>"))
        #expect(!md.contains("home"))  // passing entries are only counted
        #expect(md.contains("\n2 images passed.\n"))
        #expect(!md.contains("orphan"))
    }

    @Test func markdownWhenEverythingPassed() {
        let same = DiffReport(
            outcome: .compared(DiffResult(width: 2, height: 2, mismatched: 0, total: 4, ignored: 0, diffImage: nil)),
            tolerance: .exact)
        let report = CheckReport(
            entries: [CheckEntry(scene: "a", state: "b", variant: "c", status: .passed, golden: "g", result: same)],
            goldenRoot: "goldens", threshold: 0.1, tolerance: .exact, record: "missing")
        let md = HTMLReport.markdownSummary(report)
        #expect(md.hasPrefix("### ✅ Proofsheet check passed: 1 passed (1 image)\n"))
        #expect(!md.contains("| Status"))
    }
}

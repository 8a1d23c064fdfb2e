import Foundation
import ProofsheetCheck
import ProofsheetCore
import ProofsheetDiff
import Testing

/// Timelines in reports: their summaries, JUnit, Markdown and HTML, and the validation of their
/// fields in a `results.json` coming back from CI.
@Suite("Timeline reports")
struct TimelineReportTests {
    /// An instant of `deck/swipe` on `a@1x`.
    static func instant(_ ms: Int, _ status: CheckEntry.Status, events: [String] = [], reasons: [String] = []) -> CheckEntry {
        var e = CheckEntry(scene: "deck", state: "swipe@\(ms)ms", variant: "a@1x", status: status, golden: "g/deck/swipe@timeline/a@1x.png")
        e.timeline = "swipe"; e.at = ms; e.events = events; e.reasons = reasons
        return e
    }

    static func report(_ statuses: [(Int, CheckEntry.Status)], record: String = "never") -> CheckReport {
        let entries =
            statuses.map { instant($0.0, $0.1, events: $0.0 == 401 ? ["release", "removed #card"] : [], reasons: ["because \($0.0)"]) }
            + [CheckEntry(scene: "deck", state: "rest", variant: "a@1x", status: .passed, golden: "g/deck/rest/a@1x.png")]
        var r = CheckReport(entries: entries, goldenRoot: "g", threshold: 0, tolerance: .exact, record: record)
        r.timelines = r.timelineSummaries()
        return r
    }

    @Test func theFirstDivergingInstantIsTheEarliestFailure() {
        // Ids sort 1015 before 401: the summary goes by time.
        let r = Self.report([(0, .passed), (101, .passed), (401, .failed), (1015, .missing)])
        let t = try! #require(r.timelines?.first)
        #expect(r.timelines?.count == 1)
        #expect(t.instants == [0, 101, 401, 1015])
        #expect(t.firstDiverging == 401)
        #expect(t.status == .failed)
        #expect(Self.report([(0, .passed), (101, .tolerated)]).timelines?.first?.firstDiverging == nil)
        // Rewriting every golden on purpose diverges nowhere.
        #expect(Self.report([(0, .recorded)], record: "all").timelines?.first?.firstDiverging == nil)
    }

    @Test func junitHasACasePerTimelineNamingTheInstant() {
        let x = HTMLReport.junit(Self.report([(0, .passed), (101, .passed), (401, .failed), (1015, .failed)]))
        #expect(x.contains("name=\"swipe/a@1x (timeline, 4 instants)\""))
        #expect(x.contains("first diverges at 401 ms (because 401; events: release, removed #card)"))
        #expect(!x.contains("name=\"swipe@401ms/a@1x\""))
        // The still and the timeline: two cases, one failure.
        #expect(x.contains("<testsuites name=\"proofsheet\" tests=\"2\" failures=\"1\" errors=\"0\""))
        let ok = HTMLReport.junit(Self.report([(0, .passed), (101, .passed)]))
        #expect(ok.contains("failures=\"0\""))
        #expect(ok.contains("name=\"swipe/a@1x (timeline, 2 instants)\" time=\"0\"/>"))
    }

    @Test func theMarkdownSummaryListsDivergingTimelines() {
        let md = HTMLReport.markdownSummary(Self.report([(0, .passed), (401, .failed)]))
        #expect(md.contains("#### Timelines"))
        #expect(md.contains("| deck | swipe | a@1x | 2 | 401 ms (because 401; events: release, removed \\#card) | failed |"))
        #expect(!HTMLReport.markdownSummary(Self.report([(0, .passed)])).contains("Timelines"))
    }

    @Test func theHTMLReportShowsStripsAndAScrubber() {
        var r = Self.report([(0, .passed), (101, .passed), (401, .failed)])
        r.entries = r.entries.map { e in
            var e = e
            e.actual = "images/\(e.state).actual.png"
            if e.status == .failed { e.expected = "images/\(e.state).expected.png" }
            if e.at == 101 { e.events = ["<img src=x onerror=alert(1)>"] }
            return e
        }
        let html = HTMLReport.render(r) { _ in [1] }
        #expect(html.contains("<section class=\"timeline s-failed\""))
        #expect(html.contains("class=\"scrub\" type=\"range\" min=\"0\" max=\"2\" value=\"2\""))
        #expect(html.contains("<div class=\"inst s-failed diverging current\" data-i=\"2\""))
        #expect(html.contains("First diverging instant: <b>401 ms (because 401; events: release, removed #card)</b>"))
        // Text from the report is escaped.
        #expect(html.contains("events: &lt;img src=x onerror=alert(1)&gt;"))
        #expect(!html.contains("<img src=x"))
    }

    /// Two timelines, one failing and one passing, and a failing still: the page leads with what
    /// needs a look (the failing timeline, then the images by scene, instants by time and named
    /// as instants), collapses the passing timeline below them, and gives the approve command.
    @Test func theReportLeadsWithFailures() throws {
        var r = Self.report([(0, .passed), (1015, .failed), (101, .passed), (401, .failed)])
        var other = Self.instant(0, .passed)
        other.timeline = "idle"; other.state = "idle@0ms"; other.golden = "g/deck/idle@timeline/a@1x.png"
        var still = CheckEntry(scene: "deck", state: "zoomed", variant: "a@1x", status: .failed, golden: "g/deck/zoomed/a@1x.png")
        still.thumb = "images/zoomed.thumb.png"
        r.entries += [other, still]
        r.timelines = r.timelineSummaries()
        let html = HTMLReport.render(r, reportFolder: "ci report") { _ in [1] }
        func at(_ text: String) throws -> String.Index { try #require(html.range(of: text), "no \(text)").lowerBound }
        // The failing timeline, then the cards (the still's, then the instants' by time), then the
        // passing timeline, collapsed, then the passed images.
        let failingTimeline = try at("id=\"timeline-2\" data-status=\"failed\"")
        let stillCard = try at("<h3 class=\"still-name\"><span class=\"kind\">still</span> zoomed</h3>")
        let instantCards = try at("<h3 class=\"still-name\"><span class=\"kind\">timeline</span> swipe</h3>")
        let passingTimelines = try at("<details class=\"timelines passed passed-timelines\">")
        let passingTimeline = try at("id=\"timeline-1\" data-status=\"passed\"")
        let passed = try at("<details class=\"passed\">")
        #expect(failingTimeline < stillCard && stillCard < instantCards && instantCards < passingTimelines)
        #expect(passingTimelines < passingTimeline && passingTimeline < passed)
        #expect(html.contains("1 timeline passed at every key instant"))
        // Instants by time, labelled as instants.
        let at401 = try at("deck<span class=\"sep\">/</span>swipe at 401 ms<span class=\"sep\">/</span>a@1x")
        let at1015 = try at("deck<span class=\"sep\">/</span>swipe at 1015 ms<span class=\"sep\">/</span>a@1x")
        #expect(at401 < at1015)
        #expect(!html.contains("<span class=\"kind\">still</span> swipe@"))
        // The approve command for this report, quoted for the shell; none when nothing is to approve.
        #expect(
            html.contains("<code>proofsheet approve --report &#39;ci report&#39;</code>")
                || html.contains("<code>proofsheet approve --report 'ci report'</code>"))
        #expect(HTMLReport.markdownSummary(r, reportFolder: "report").contains("`proofsheet approve --report report`"))
        let green = Self.report([(0, .passed)])
        #expect(!HTMLReport.render(green, reportFolder: "report") { _ in nil }.contains("proofsheet approve"))
        #expect(!HTMLReport.markdownSummary(green, reportFolder: "report").contains("proofsheet approve"))
    }

    // MARK: - Untrusted input

    /// A report with one instant entry (fields overridden by `entry`) and, unless nil, a
    /// timelines list (its first element's fields overridden by `timeline`).
    static func json(entry: [String: Any] = [:], timeline: [String: Any]? = [:]) throws -> [UInt8] {
        var e: [String: Any] = [
            "scene": "deck", "state": "swipe@401ms", "variant": "a@1x", "status": "failed", "golden": "g/deck/swipe@timeline/a@1x.png",
            "timeline": "swipe", "at": 401, "events": ["release"], "reasons": ["after release"]
        ]
        for (k, v) in entry { e[k] = v }
        var r: [String: Any] = ["version": 3, "goldenRoot": "g", "threshold": 0, "tolerance": [String: Any](), "record": "never", "entries": [e]]
        if let timeline {
            var t: [String: Any] = [
                "scene": "deck", "timeline": "swipe", "variant": "a@1x", "instants": [401], "firstDiverging": 401, "status": "failed"
            ]
            for (k, v) in timeline { t[k] = v }
            r["timelines"] = [t]
        }
        return Array(try JSONSerialization.data(withJSONObject: r, options: [.sortedKeys]))
    }

    @Test func aGoodTimelineReportReads() throws {
        let r = try ReportFolder.parse(try Self.json(), file: "results.json")
        #expect(r.entries.first?.at == 401)
        #expect(r.entries.first?.events == ["release"])
        #expect(r.timelines?.first?.firstDiverging == 401)
    }

    /// `value` is JSON text.
    @Test(arguments: [
        ("at", "-1", "$.entries[0].at"), ("at", "40.5", "$.entries[0].at"), ("at", #""401""#, "$.entries[0].at"),
        ("at", "402", "$.entries[0].at"), ("timeline", #""../x""#, "$.entries[0].timeline"), ("timeline", "7", "$.entries[0].timeline"),
        ("events", #""release""#, "$.entries[0].events"), ("events", "[1]", "$.entries[0].events[0]"),
        ("reasons", "[\"" + String(repeating: "x", count: 2000) + "\"]", "$.entries[0].reasons[0]"),
        ("state", #""other@401ms""#, "$.entries[0].at")
    ])
    func malformedInstantFieldsAreRefused(key: String, value: String, path: String) throws {
        var entry: [String: Any] = [key: try Self.value(value)]
        if key == "state" { entry["golden"] = "g/deck/swipe@timeline/a@1x.png" }
        expectRefused(try Self.json(entry: entry, timeline: nil), path)
    }

    static func value(_ json: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]) }

    @Test func anInstantNeedsItsTimelineAndItsTime() throws {
        var bytes = try Self.json(timeline: nil)
        var text = String(decoding: bytes, as: UTF8.self)
        text = text.replacingOccurrences(of: "\"at\":401,", with: "")
        bytes = Array(text.utf8)
        expectRefused(bytes, "$.entries[0]", words: ["both 'timeline' and 'at'"])
    }

    /// `value` is JSON text.
    @Test(arguments: [
        ("instants", "[]", "$.timelines[0].instants"), ("instants", "[401, 101]", "$.timelines[0].instants[1]"),
        ("instants", "[401, 401]", "$.timelines[0].instants[1]"), ("instants", #""401""#, "$.timelines[0].instants"),
        ("instants", "[4e9]", "$.timelines[0].instants[0]"), ("firstDiverging", "7", "$.timelines[0].firstDiverging"),
        ("timeline", #""Swipe!""#, "$.timelines[0].timeline"), ("scene", #""../deck""#, "$.timelines[0].scene"),
        ("variant", #""a/b""#, "$.timelines[0].variant"), ("status", #""fine""#, "$.timelines[0].status")
    ])
    func malformedTimelineSummariesAreRefused(key: String, value: String, path: String) throws {
        expectRefused(try Self.json(timeline: [key: try Self.value(value)]), path)
    }

    func expectRefused(_ bytes: [UInt8], _ path: String, words: [String] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        do {
            _ = try ReportFolder.parse(bytes, file: "results.json")
            Issue.record("expected a refusal at \(path)", sourceLocation: sourceLocation)
        } catch let e as ProofsheetError {
            #expect(e.exitCode == 2, sourceLocation: sourceLocation)
            #expect("\(e)".contains("results.json"), "\(e)", sourceLocation: sourceLocation)
            #expect("\(e)".contains(path), "\(e) lacks \(path)", sourceLocation: sourceLocation)
            for w in words { #expect("\(e)".contains(w), "\(e) lacks \(w)", sourceLocation: sourceLocation) }
        } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
        }
    }
}

import ProofsheetCore

extension HTMLReport {
    /// The timelines checked that diverge (`passing` false), or those that do not (`passing`
    /// true, collapsed, after everything that needs a look): per timeline and variant, the
    /// expected and the actual strip (an image per key instant, side by side in columns), the
    /// first diverging instant marked, and a scrubber over the instants that names the one it
    /// is on (its time, why it is key, what happened). A passing instant's expected image is its
    /// actual one (they are equal).
    static func timelineSection(_ report: CheckReport, picture: (String?) -> (html: String?, problem: String?), passing: Bool) -> String {
        let timelines = report.timelineSummaries().enumerated().filter { $0.element.needsAttention != passing }
        guard !timelines.isEmpty else { return "" }
        var h: String
        if passing {
            let n = timelines.count
            h =
                "<details class=\"timelines passed passed-timelines\">\n<summary>\(grouped(n)) \(plural(n, "timeline")) passed at every key instant</summary>\n"
        } else {
            h = "<section class=\"timelines\">\n<h2 class=\"scene-name\"><span class=\"kind\">timelines</span> key instants</h2>\n"
        }
        for (n, t) in timelines {
            let instants = report.entries(of: t)
            let first = instants.firstIndex { $0.at == t.firstDiverging }
            h += "<section class=\"timeline s-\(t.status.rawValue)\" id=\"timeline-\(n + 1)\" data-status=\"\(t.status.rawValue)\">\n"
            h += "<header><span class=\"badge\">\(escape(t.status.label))</span> <h3 class=\"card-id\">\(escape(t.scene))<span class=\"sep\">/</span>"
            h += "\(escape(t.timeline))<span class=\"sep\">/</span>\(escape(t.variant))</h3>\n"
            if let first {
                h += "<p class=\"message\">First diverging instant: <b>\(escape(TimelineSummary.describe(instants[first])))</b>"
                h += " — \(escape(messages(instants[first]).first ?? instants[first].status.label))</p>\n"
            } else {
                h += "<p class=\"message\">\(grouped(instants.count)) key \(plural(instants.count, "instant")), none diverging</p>\n"
            }
            h +=
                "</header>\n<div class=\"scrubber\"><label>Instant <input class=\"scrub\" type=\"range\" min=\"0\" max=\"\(max(0, instants.count - 1))\""
            h += " value=\"\(first ?? 0)\" aria-label=\"Key instant\"></label> <output class=\"scrub-label\">"
            h += "\(escape(instants.isEmpty ? "" : TimelineSummary.describe(instants[first ?? 0])))</output></div>\n"
            h += "<div class=\"strips\">\n<div class=\"strip-head\"><span></span><span>Expected</span><span>Actual</span></div>\n"
            for (i, e) in instants.enumerated() {
                let diverging = i == first
                h +=
                    "<div class=\"inst s-\(e.status.rawValue)\(diverging ? " diverging" : "")\(i == (first ?? 0) ? " current" : "")\" data-i=\"\(i)\""
                h += " title=\"\(escape(TimelineSummary.describe(e)))\">"
                h += "<span class=\"inst-time\">\(e.at.map(String.init) ?? "?") ms\(diverging ? " ◆" : "")</span>"
                // A passing instant's expected image is its actual one: both shown by the thumbnail.
                let same = e.status == .passed ? e.thumb ?? e.actual : nil
                for path in [e.expected ?? same, e.actual ?? same] {
                    h += "<span class=\"inst-img\">\(picture(path).html ?? "<span class=\"no-thumb\">none</span>")</span>"
                }
                h += "<span class=\"inst-info\" hidden>\(escape(TimelineSummary.describe(e))) · \(escape(e.status.label))</span></div>\n"
            }
            h += "</div>\n</section>\n"
        }
        return h + (passing ? "</details>\n" : "</section>\n")
    }

    static let timelineCSS = """
        .timeline{background:var(--card);border:1px solid var(--line);border-top:4px solid var(--c);border-radius:10px;margin:0 0 18px;padding:0 0 12px}
        .timeline>header{display:flex;flex-wrap:wrap;align-items:center;gap:6px 12px;padding:12px 16px 6px}
        .scrubber{display:flex;flex-wrap:wrap;align-items:center;gap:8px 14px;padding:6px 16px 10px;color:var(--muted);font-size:13px}
        .scrubber input{width:260px;accent-color:var(--accent);vertical-align:middle}
        .scrub-label{color:var(--text);font-weight:600}
        .strips{display:flex;gap:8px;overflow-x:auto;padding:0 16px 6px}
        .strip-head,.inst{display:grid;grid-template-rows:22px auto auto;gap:6px;flex:none}
        .strip-head span{writing-mode:vertical-rl;transform:rotate(180deg);font-size:11px;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:var(--muted);align-self:center}
        .inst{padding:4px;border:2px solid transparent;border-radius:8px;cursor:pointer}
        .inst.current{border-color:var(--accent);background:#eef2fb}
        .inst.diverging{border-color:var(--c)}
        .inst.diverging.current{box-shadow:0 0 0 2px var(--accent)}
        .inst-time{font-size:12px;font-weight:600;font-variant-numeric:tabular-nums;color:var(--c)}
        .inst-img{line-height:0}
        .inst-img img{display:block;width:auto;height:150px;max-width:none;border:1px solid var(--line)}
        details.passed-timelines{margin:0 0 18px}
        details.passed-timelines .timeline{margin:0 12px 12px}

        """

    static let timelineScript = """
        (function () {
          "use strict";
          Array.prototype.forEach.call(document.querySelectorAll(".timeline"), function (tl) {
            var range = tl.querySelector(".scrub"), label = tl.querySelector(".scrub-label");
            var cells = tl.querySelectorAll(".inst");
            if (!range) return;
            function show() {
              Array.prototype.forEach.call(cells, function (c) {
                var on = c.dataset.i === range.value;
                c.classList.toggle("current", on);
                if (on && label) label.textContent = c.querySelector(".inst-info").textContent;
              });
            }
            range.addEventListener("input", show);
            Array.prototype.forEach.call(cells, function (c) {
              c.addEventListener("click", function () { range.value = c.dataset.i; show(); });
            });
          });
        })();

        """
}

import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout

/// Opens the HTML report in headless Chromium: the script runs without console errors, and the
/// screenshot shows the expected, actual and diff images of the first failing entry.
///
/// The page, its DOM and the screenshot are kept in .build/test-artifacts/report-browser/.
@Suite("HTML report in a browser", .serialized)
struct ReportBrowserTests {
    static let green = RGBAColor(r: 0, g: 190, b: 0)
    static let blue = RGBAColor(r: 0, g: 0, b: 255)

    /// A report folder with two failing entries (real images and a real diff), an error without
    /// images and a passing entry.
    static func makeReportFolder() throws -> (folder: String, html: String) {
        let folder = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/images", withIntermediateDirectories: true)
        let expected = RGBAImage(width: 120, height: 80, fill: green)
        var actual = expected
        for y in 20..<60 { for x in 60..<100 { actual[x: x, y: y] = blue } }
        let outcome = try PixelDiff.compare(expected, actual)
        let diff = try #require(outcome.result?.diffImage)
        let result = DiffReport(outcome: outcome, tolerance: .exact)

        var entries: [CheckEntry] = []
        for (scene, name) in [("checkout", "checkout"), ("settings <script>alert(1)</script>", "settings")] {
            try expected.writePNG(to: "\(folder)/images/\(name).expected.png")
            try actual.writePNG(to: "\(folder)/images/\(name).actual.png")
            try diff.writePNG(to: "\(folder)/images/\(name).diff.png")
            entries.append(
                CheckEntry(
                    scene: scene, state: "default", variant: "iphone-14@1x", status: .failed, golden: "goldens/\(name).png",
                    expected: "images/\(name).expected.png", actual: "images/\(name).actual.png", diff: "images/\(name).diff.png",
                    result: result, message: result.reason))
        }
        // An entry without images (its card has no views: the script must cope).
        entries.append(
            CheckEntry(
                scene: "wizard", state: "default", variant: "iphone-14@1x", status: .error,
                golden: "goldens/wizard.png", message: "unknown view type 'Sliderr'"))
        let same = try PixelDiff.compare(expected, expected)
        entries.append(
            CheckEntry(
                scene: "home", state: "default", variant: "iphone-14@1x", status: .passed,
                golden: "goldens/home.png", result: DiffReport(outcome: same, tolerance: .exact)))
        let report = CheckReport(entries: entries, goldenRoot: "goldens", threshold: 0.1, tolerance: .exact, record: "missing")
        let html = HTMLReport.render(report) { FileManager.default.contents(atPath: folder + "/" + $0).map { [UInt8]($0) } }
        try html.write(toFile: folder + "/index.html", atomically: true, encoding: .utf8)
        return (folder, html)
    }

    /// Runs headless Chromium on `page` with `extra` arguments, in a 1400×1000 window.
    static func chromium(_ page: String, _ extra: [String]) throws -> (status: Int32, out: String, err: String) {
        try SVGClients.chromium(page, extra, window: (1400, 1000))
    }

    /// Console messages in Chromium's stderr log that report an error: uncaught exceptions and
    /// errors, and anything logged by `page` (the report's script never logs).
    ///
    /// Chromium 120+ logs `[…:INFO:CONSOLE:12] "message", source: file:///…/index.html (12)`;
    /// older versions wrote `CONSOLE(12)`. The console level is not in the line.
    static func consoleErrors(_ stderr: String, page: String) -> [String] {
        let pageURL = URL(fileURLWithPath: page).absoluteString
        return stderr.split(separator: "\n").map(String.init).filter { line in
            (line.contains(":CONSOLE:") || line.contains(":CONSOLE("))
                && (line.contains("Uncaught") || line.contains("Error") || line.contains(pageURL))
        }
    }

    static var artifacts: String { Paths.artifacts + "/report-browser" }

    @Test func scriptRunsWithoutConsoleErrors() throws {
        let (folder, _) = try Self.makeReportFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = folder + "/index.html"
        let run = try Self.chromium(page, ["--enable-logging=stderr", "--v=0", "--dump-dom"])
        try FileManager.default.createDirectory(atPath: Self.artifacts, withIntermediateDirectories: true)
        try run.out.write(toFile: Self.artifacts + "/dom.html", atomically: true, encoding: .utf8)

        #expect(
            run.out.contains("data-ready=\"1\""), "the report's script did not run to the end; DOM in .build/test-artifacts/report-browser/dom.html")
        let errors = Self.consoleErrors(run.err, page: page)
        #expect(errors.isEmpty, "console errors:\n\(errors.joined(separator: "\n"))")
        // The hostile scene name is text: the page holds exactly one script element (its own).
        #expect(run.out.contains("settings &lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(run.out.components(separatedBy: "<script").count == 2)
        // The failing entries are cards, and the passing one is listed collapsed.
        #expect(run.out.components(separatedBy: "<section class=\"card").count == 4)
        #expect(run.out.contains("<details class=\"passed\">"))
        // Under a heading per scene and one per still.
        #expect(run.out.components(separatedBy: "<h2 class=\"scene-name\">").count == 4)
        #expect(run.out.components(separatedBy: "<h3 class=\"still-name\">").count == 4)
    }

    /// The console check above can fail: a page with a broken script trips it.
    @Test func consoleCheckCatchesABrokenScript() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = folder + "/broken.html"
        try "<!DOCTYPE html><html><body><p>broken</p><script>document.body.dataset.x = missingFunction();</script></body></html>"
            .write(toFile: page, atomically: true, encoding: .utf8)
        let run = try Self.chromium(page, ["--enable-logging=stderr", "--v=0", "--dump-dom"])
        let errors = Self.consoleErrors(run.err, page: page)
        #expect(
            errors.contains { $0.contains("Uncaught ReferenceError") && $0.contains("missingFunction") },
            "Chromium's console log format changed? stderr:\n\(run.err.suffix(3000))")
    }

    @Test func screenshotShowsTheImagesOfTheFirstCard() throws {
        let (folder, html) = try Self.makeReportFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: Self.artifacts, withIntermediateDirectories: true)
        try html.write(toFile: Self.artifacts + "/index.html", atomically: true, encoding: .utf8)
        let shot = Self.artifacts + "/screenshot.png"
        try? FileManager.default.removeItem(atPath: shot)
        _ = try Self.chromium(folder + "/index.html", ["--screenshot=" + shot])
        let image = try RGBAImage(contentsOfFile: shot)
        #expect(image.width == 1400 && image.height == 1000)

        func isGreen(_ c: RGBAColor) -> Bool { c.g > 150 && c.r < 70 && c.b < 70 }
        func isBlue(_ c: RGBAColor) -> Bool { c.b > 200 && c.r < 60 && c.g < 60 }
        func isRed(_ c: RGBAColor) -> Bool { c.r > 220 && c.g < 60 && c.b < 60 }

        // The first card's image row: from the topmost green pixel down to the next row without any.
        let rows = (0..<image.height).map { y in (0..<image.width).contains { isGreen(image[x: $0, y: y]) } }
        let top = try #require(rows.firstIndex(of: true), "no green (expected image) pixels in the screenshot")
        let bottom = rows[top...].firstIndex(of: false) ?? image.height
        #expect(bottom - top >= 60, "the image row is \(bottom - top) px tall")

        // Columns of the row, split into runs of columns holding green or blue (one run per image).
        func count(_ x0: Int, _ x1: Int, _ test: (RGBAColor) -> Bool) -> Int {
            var n = 0
            for y in top..<bottom { for x in x0..<x1 where test(image[x: x, y: y]) { n += 1 } }
            return n
        }
        var runs: [Range<Int>] = []
        var start: Int? = nil
        for x in 0...image.width {
            let filled =
                x < image.width
                && (top..<bottom).contains { y in
                    let c = image[x: x, y: y]
                    return isGreen(c) || isBlue(c)
                }
            if filled, start == nil { start = x }
            if !filled, let s = start { runs.append(s..<x); start = nil }
        }
        #expect(runs.count == 2, "expected two image panels with green in the first card, found columns \(runs)")
        guard runs.count >= 2 else { return }
        let expected = runs[0], actual = runs[1]

        // Expected: solid green, no blue.
        #expect(count(expected.lowerBound, expected.upperBound, isGreen) >= 8000)
        #expect(count(expected.lowerBound, expected.upperBound, isBlue) == 0)
        // Actual: green with a blue square in it.
        #expect(count(actual.lowerBound, actual.upperBound, isGreen) >= 6000)
        #expect(count(actual.lowerBound, actual.upperBound, isBlue) >= 1400)
        // Diff, right of the actual image: a red square, and no red elsewhere in the row.
        #expect(count(actual.upperBound, image.width, isRed) >= 1400)
        #expect(count(0, actual.upperBound, isRed) == 0)
    }
}

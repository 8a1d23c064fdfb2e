import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet

/// `proofsheet storyboard` through the binary, its files read back by real clients: librsvg and
/// headless Chromium draw the SVG and poppler the PDF as the PNG of the same board is drawn,
/// within the SVG writer's tolerance (at most 3 % of the pixels further than 48 apart in a
/// channel, no 8×8 tile whose average moves by 40 or more, at 1 pixel per point); the captions
/// are text in both; and a photo shown in several panels is stored once in each.
///
/// One small board (the travel deck's swipe, panels at a quarter of the screen, 1x) serves them
/// all.
@Suite("Storyboard", .serialized)
struct StoryboardClientTests {
    static let scene = Paths.scenes + "/travel-deck.json"

    func run(_ args: [String]) throws -> (status: Int32, out: String, err: String) { try runProcess(CLITests.binary, args) }

    /// The board in each format in `dir`.
    func boards(in dir: String) throws {
        for ext in ["png", "svg", "pdf"] {
            let r = try run(
                ["storyboard", Self.scene, "--timeline", "swipe-right", "--scale", "1", "--panel-scale", "0.25", "-q", "-o", dir + "/board." + ext])
            try #require(r.status == 0, "\(ext): \(r.err)")
        }
    }

    /// The first group of each match of `pattern` in `s`.
    static func matches(_ s: String, _ pattern: String) -> [String] {
        let re = try! NSRegularExpression(pattern: pattern)
        return re.matches(in: s, range: NSRange(s.startIndex..., in: s)).map { String(s[Range($0.range(at: 1), in: s)!]) }
    }

    func image(_ path: String) throws -> RGBAImage {
        try RGBAImage(decoding: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), source: path).overWhite()
    }

    /// Whether `drawn` is within the tolerance of the board's PNG; both are left in the artifacts
    /// folder when it is not.
    func expectClose(_ drawn: RGBAImage, to png: RGBAImage, _ label: String) throws {
        try ProofsheetTestSupport.expectClose(drawn, to: png, label, artifact: "storyboard-" + label, drawnSuffix: "drawn")
    }

    @Test func clientsDrawTheBoardAsThePNGWithTextAndEachPhotoOnce() throws {
        let rsvg = try #require(which("rsvg-convert"), "rsvg-convert (librsvg2-bin) is needed; run make deps")
        let pdftoppm = try #require(which("pdftoppm"), "pdftoppm (poppler-utils) is needed; run make deps")
        let pdftotext = try #require(which("pdftotext"), "pdftotext (poppler-utils) is needed; run make deps")
        let pdfimages = try #require(which("pdfimages"), "pdfimages (poppler-utils) is needed; run make deps")
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try boards(in: dir)
        let png = try image(dir + "/board.png")
        let (w, h) = (png.width, png.height)

        // librsvg.
        let r = try runProcess(rsvg, ["-w", "\(w)", "-h", "\(h)", "-o", dir + "/rsvg.png", dir + "/board.svg"])
        try #require(r.status == 0, "rsvg-convert: \(r.err)")
        try expectClose(try image(dir + "/rsvg.png"), to: png, "librsvg")

        // Headless Chromium, the SVG as an image in a page of its size.
        let html =
            "<!doctype html><html><body style=\"margin:0;background:#fff\"><img src=\"board.svg\" style=\"width:\(w)px;height:\(h)px\"></body></html>"
        try html.write(toFile: dir + "/page.html", atomically: true, encoding: .utf8)
        func shot() throws -> RGBAImage {
            _ = try SVGClients.chromium(dir + "/page.html", ["--screenshot=" + dir + "/shot.png"], window: (w, h))
            return try image(dir + "/shot.png").cropped(x: 0, y: 0, width: w, height: h)
        }
        // Headless Chromium may capture before its last raster tile is painted (a white tile,
        // seen on a loaded machine): the capture, not the SVG, is taken again once.
        var drawn = try shot()
        if pixelDifference(png, drawn, tolerance: 48).ratio >= SVGClients.maxRatio || blockDifference(png, drawn, block: 8) >= SVGClients.maxTile {
            drawn = try shot()
        }
        try expectClose(drawn, to: png, "chromium")

        // Poppler, at 72 dpi: one pixel per point.
        let p = try runProcess(pdftoppm, ["-r", "72", "-png", "-singlefile", dir + "/board.pdf", dir + "/poppler"])
        try #require(p.status == 0, "pdftoppm: \(p.err)")
        try expectClose(try image(dir + "/poppler.png"), to: png, "poppler")

        // The captions and the ruler are text: in the PDF (poppler extracts them) and in the SVG.
        let text = try runProcess(pdftotext, ["-layout", dir + "/board.pdf", "-"])
        try #require(text.status == 0, "pdftotext: \(text.err)")
        let svg = try String(contentsOfFile: dir + "/board.svg", encoding: .utf8)
        let captions = [
            "travel-deck — swipe-right", "100 ms", "touch down", "threshold crossed", "settled", "+175 ms", "drag +150, +10 pt", "1000 ms"
        ]
        for caption in captions {
            #expect(text.out.contains(caption), "pdftotext finds no '\(caption)'")
            #expect(svg.contains(">\(caption)</tspan>") || svg.contains(">\(caption)</text>"), "no <text> '\(caption)' in the SVG")
        }

        // Each photo once: in the SVG, one <image> per photo (no two the same bytes), drawn by
        // more <use>s than that; in the PDF, as many photo-sized image objects, drawn more often.
        let payloads = Self.matches(svg, "<image [^>]*xlink:href=\"data:([^\"]+)\"")
        #expect(payloads.count >= 2, "the board shows at least two photos")
        #expect(Set(payloads).count == payloads.count, "a photo is embedded twice")
        #expect(SVGClients.count(svg, "<use xlink:href=\"#img") > 2 * payloads.count, "the photos are drawn in every panel")
        let list = try runProcess(pdfimages, ["-list", dir + "/board.pdf"])
        try #require(list.status == 0, "pdfimages: \(list.err)")
        // Rows: page num type width height … object-id generation …; photos are the large ones.
        let rows = list.out.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        let photos = rows.filter { $0.count > 10 && (Int($0[3]) ?? 0) >= 40 }
        let objects = Set(photos.map { $0[10] })
        #expect(objects.count == payloads.count, "the PDF holds \(objects.count) photo images, the SVG \(payloads.count)")
        #expect(photos.count > 2 * objects.count, "the photos are drawn in every panel")
        // …at the pixels a panel shows (the deck's 360×540-point card at a quarter, 1x, rounded
        // up), not the full frame's.
        #expect(photos.allSatisfy { (Int($0[3]) ?? 0) <= 91 && (Int($0[4]) ?? 0) <= 136 }, "\(photos.map { "\($0[3])×\($0[4])" })")
    }

    @Test func badInputIsRefusedWithExitTwoAndNoFile() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let help = try run(["storyboard", "--help"])
        #expect(help.status == 0 && help.out.contains("USAGE: proofsheet storyboard"))
        let cases: [([String], String)] = [
            (["storyboard", Self.scene], "needs --timeline"),
            (["storyboard", Self.scene, "--timeline", "swipe-up"], "swipe-up"),
            (["storyboard", Self.scene, "--timeline", "swipe-right", "--panels", "1"], "--panels"),
            (["storyboard", Self.scene, "--timeline", "swipe-right", "--panels", "4", "--max-panels", "6"], "not both"),
            (["storyboard", Self.scene, "--timeline", "swipe-right", "--panel-scale", "zero"], "--panel-scale"),
            (["storyboard", Self.scene, "--timeline", "swipe-right", "--svg-text", "embed", "-o", dir + "/b.pdf"], "--svg-text"),
            (["storyboard", Self.scene, "--timeline", "swipe-right", "-o", dir + "/b.gif"], ".svg, .pdf or .png"),
            (["storyboard", dir + "/missing.json", "--timeline", "swipe-right"], "missing.json")
        ]
        for (args, message) in cases {
            let r = try run(args + (args.contains("-o") ? [] : ["-o", dir + "/b.svg"]))
            #expect(r.status == 2, "\(args): \(r.status) \(r.err)")
            #expect(r.err.contains(message), "\(args): \(r.err)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "a refused board leaves no file")
    }
}

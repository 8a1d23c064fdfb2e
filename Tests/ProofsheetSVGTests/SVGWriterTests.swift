import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetCairo

/// The SVG writer read back by real clients: librsvg, headless Chromium and (where installed)
/// Inkscape draw every example scene within a stated tolerance of the PNG, Chromium finds and
/// selects the scenes' strings as text, and the structure holds what the display list drew
/// (each image once, filters with the raster σ, unique ids). SVG is never compared as text.
///
/// Tolerance, for every client, at 1 pixel per point: at most 3 % of the pixels further than 48
/// (of 255) apart in a channel, and no 8×8 tile whose average moves by 40 or more — text
/// antialiasing and image resampling differ between rasterisers (tiles of one-pixel text strokes
/// differ by up to about 25); anything moved, missing or recoloured does not pass.
@Suite("SVG writer", .serialized)
struct SVGWriterTests {
    let r = sharedRenderer

    /// Every example scene at 1 pixel per point, by name.
    static func exampleScenes() throws -> [(name: String, scene: Scene)] {
        let files = try FileManager.default.contentsOfDirectory(atPath: Paths.scenes).filter { $0.hasSuffix(".json") }.sorted()
        return try files.map { file in
            var scene = try SceneDecoder().decode(file: Paths.scenes + "/" + file)
            scene.scale = 1
            return (String(file.dropLast(5)), scene)
        }
    }

    /// The scene's PNG over white, and whether `other` (over white) is within the tolerance;
    /// both images are left in the artifacts folder when it is not.
    func expectClose(_ other: RGBAImage, to scene: Scene, _ label: String) throws {
        let png = try RGBAImage(decoding: try r.render(scene, format: .png), source: "png").overWhite()
        try ProofsheetTestSupport.expectClose(
            other.overWhite(), to: png, label, artifact: label.replacingOccurrences(of: " ", with: "-"), drawnSuffix: "svg")
    }

    // MARK: - Structure

    /// The `id="…"` values of an SVG, in order, and the ids it refers to (`#id`, `url(#id)`).
    static func ids(_ svg: String) -> (defined: [String], referenced: Set<String>) {
        func matches(_ pattern: String) -> [String] {
            let re = try! NSRegularExpression(pattern: pattern)
            return re.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map { String(svg[Range($0.range(at: 1), in: svg)!]) }
        }
        return (matches(" id=\"([^\"]+)\""), Set(matches("url\\(#([^)]+)\\)") + matches("href=\"#([^\"]+)\"")))
    }

    @Test func effectsAreSVGNotBitmaps() throws {
        let scene = TestScenes.effectsScene()
        let svg = String(decoding: try r.render(scene, format: .svg), as: UTF8.self)
        // Two images: the photo and the emoji. The shadowed, blurred and clipped groups are SVG.
        #expect(SVGClients.count(svg, "<image ") == 2)
        #expect(SVGClients.count(svg, "<filter ") == 2)
        #expect(svg.contains("<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"5\"/>"), "the shadow's σ is the raster path's")
        #expect(svg.contains("<feOffset dx=\"0\" dy=\"3\""))
        #expect(svg.contains("<feGaussianBlur in=\"SourceGraphic\" stdDeviation=\"4\""), "blur(radius: 4)")
        #expect(SVGClients.count(svg, "<linearGradient ") == 1 && svg.contains("clip-path=\"url(#clip"))
        #expect(svg.contains(">Proofsheet 中文 😀</tspan>") || svg.contains(">Proofsheet </tspan>"), "the text is text")
        #expect(svg.contains("font-family=\"Quicksand, sans-serif\"") && svg.contains("font-weight=\"700\""))
    }

    /// Text sits on SF Pro's baseline, 0.952 em below its line's top (16.19 pt at 17 pt, two
    /// lines 20.29 pt apart), whatever the stand-in face's own ascent; the PNG draws it there too
    /// (the SVG and PNG cross-checks compare the pixels).
    @Test func textSitsOnSFProsBaseline() throws {
        let scene = Scene(canvas: Size(width: 120, height: 80), scale: 1, background: .white) {
            Text("Hg\nHg").frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
        let svg = String(decoding: try r.render(scene, format: .svg), as: UTF8.self)
        let re = try NSRegularExpression(pattern: "<tspan x=\"[^\"]*\" y=\"([^\"]+)\"")
        let ys = re.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).compactMap {
            Double(String(svg[Range($0.range(at: 1), in: svg)!]))
        }
        let baseline = 17.0 * 1950 / 2048, line = 17.0 * 2444 / 2048
        #expect(ys.count == 2, "\(svg)")
        #expect(ys.count == 2 && abs(ys[0] - baseline) < 0.01 && abs(ys[1] - (baseline + line)) < 0.01, "\(ys)")
    }

    @Test func eachImageIsEmbeddedOnceAndUsedWhereverItIsDrawn() throws {
        let scene = Scene(canvas: Size(width: 300, height: 120), scale: 2, background: .white) {
            HStack {
                Image("yosemite-usa").resizable().frame(width: 60, height: 90)
                Image("yosemite-usa").resizable().frame(width: 80, height: 100).opacity(0.5)
                Image("garden-by-bay-singapore").resizable().frame(width: 40, height: 40)
                Image("yosemite-usa").resizable().frame(width: 30, height: 30)
            }
        }
        let svg = String(decoding: try r.render(scene, format: .svg), as: UTF8.self)
        #expect(SVGClients.count(svg, "<image ") == 2, "two assets, each embedded once")
        #expect(SVGClients.count(svg, "<use xlink:href=\"#img0\"") == 3 && SVGClients.count(svg, "<use xlink:href=\"#img1\"") == 1)
        // The small uses need fewer pixels than the photos have: resampled (smaller than the JPEG).
        let original = try Data(contentsOf: URL(fileURLWithPath: Paths.root + "/Assets/Images/garden-by-bay-singapore.jpg")).count
        #expect(svg.utf8.count < original, "the 80×80-pixel use embeds a small PNG, not the \(original)-byte photo")
    }

    @Test func idsAreUniqueAndEveryReferenceResolves() throws {
        for (name, scene) in try Self.exampleScenes() + [("effects", TestScenes.effectsScene())] {
            for mode in SVGTextMode.allCases {
                let (defined, referenced) = Self.ids(String(decoding: try r.render(scene, format: .svg, svgText: mode), as: UTF8.self))
                #expect(Set(defined).count == defined.count, "\(name) \(mode): an id is defined twice")
                #expect(referenced.isSubset(of: Set(defined)), "\(name) \(mode): \(referenced.subtracting(defined)) are not defined")
            }
        }
    }

    @Test func namedViewsAreNamedGroups() throws {
        let svg = String(decoding: try r.render(try TestScenes.deckScene(), format: .svg), as: UTF8.self)
        for name in ["topBar", "deck", "card-0", "titlePill-0", "bookButton"] {
            #expect(svg.contains("<g id=\"\(name)\""), "no group named \(name)")
        }
        // …and carry the view's identity (its place, ForEach key included) as a class: the top
        // card is the deck's ForEach element keyed by its trip.
        #expect(svg.contains("<g id=\"card-0\" class=\"view-1-0-Yosemite--USA-"), "the top card's identity")
        #expect(svg.contains("<g id=\"deck\" class=\"view-1\""))
        // Names are made valid and unique ids.
        let scene = Scene(canvas: Size(width: 100, height: 40), scale: 1, background: .white) {
            HStack {
                Color.red.frame(width: 10, height: 10).id("a b")
                Color.red.frame(width: 10, height: 10).id("a b")
                Color.red.frame(width: 10, height: 10).id("9clip0")
                Color.red.frame(width: 10, height: 10).clipShape(Circle()).id("clip0")
            }
        }
        let (defined, referenced) = Self.ids(String(decoding: try r.render(scene, format: .svg), as: UTF8.self))
        #expect(defined.contains("a_b") && defined.contains("a_b-2") && defined.contains("_9clip0") && defined.contains("clip0"))
        #expect(Set(defined).count == defined.count && referenced.isSubset(of: Set(defined)))
    }

    @Test func outlineModeHasNoTextAndEmbedModeCarriesFonts() throws {
        let scene = try TestScenes.deckScene()
        let outline = String(decoding: try r.render(scene, format: .svg, svgText: .outline), as: UTF8.self)
        #expect(!outline.contains("<text") && outline.contains("<path d=\"M"))
        let embed = String(decoding: try r.render(scene, format: .svg, svgText: .embed), as: UTF8.self)
        #expect(embed.contains("@font-face{font-family:\"Quicksand\"") && embed.contains("<text"))
        let text = String(decoding: try r.render(scene, format: .svg, svgText: .text), as: UTF8.self)
        #expect(!text.contains("@font-face") && text.contains(">BOOK IT NOW</tspan>"))
    }

    // MARK: - librsvg

    /// (librsvg reads no `@font-face`: `embed` draws for it as `text` does.)
    @Test(arguments: [SVGTextMode.text, .outline])
    func librsvgDrawsEveryExampleSceneAsThePNG(mode: SVGTextMode) throws {
        let rsvg = try #require(which("rsvg-convert"), "rsvg-convert (librsvg2-bin) is needed; run make deps")
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (name, scene) in try Self.exampleScenes() {
            let svg = try r.render(scene, format: .svg, svgText: mode)
            try Data(svg).write(to: URL(fileURLWithPath: dir + "/\(name).svg"))
            let w = Int(scene.canvas.width), h = Int(scene.canvas.height)
            let run = try runProcess(rsvg, ["-w", "\(w)", "-h", "\(h)", "-o", dir + "/\(name).png", dir + "/\(name).svg"])
            try #require(run.status == 0, "rsvg-convert: \(run.err)")
            let drawn = try RGBAImage(decoding: [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/\(name).png"))), source: "rsvg")
            try expectClose(drawn, to: scene, "\(name) librsvg \(mode)")
        }
    }

    // MARK: - Chromium

    /// The scenes' SVGs side by side in one page (as images, each at its own size), a
    /// screenshot of it, and each scene's part of the screenshot.
    func chromiumDraws(_ scenes: [(name: String, scene: Scene)], mode: SVGTextMode, env: [String: String] = [:]) throws -> [RGBAImage] {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var html = "<!doctype html><html><head><meta charset=\"utf-8\"></head><body style=\"margin:0;background:#fff\">"
        var x = 0
        for (name, scene) in scenes {
            try Data(try r.render(scene, format: .svg, svgText: mode)).write(to: URL(fileURLWithPath: dir + "/\(name).svg"))
            html +=
                "<img src=\"\(name).svg\" style=\"position:absolute;left:\(x)px;top:0;width:\(fmt(scene.canvas.width))px;height:\(fmt(scene.canvas.height))px\">"
            x += Int(scene.canvas.width.rounded(.up)) + 10
        }
        html += "</body></html>"
        try html.write(toFile: dir + "/page.html", atomically: true, encoding: .utf8)
        let height = scenes.map { Int($0.scene.canvas.height.rounded(.up)) }.max() ?? 1
        _ = try SVGClients.chromium(dir + "/page.html", ["--screenshot=" + dir + "/shot.png"], window: (x, height), env: env)
        let shot = try RGBAImage(decoding: [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/shot.png"))), source: "screenshot")
        var parts: [RGBAImage] = []
        x = 0
        for (_, scene) in scenes {
            let w = Int(scene.canvas.width), h = Int(scene.canvas.height)
            parts.append(shot.cropped(x: x, y: 0, width: w, height: h))
            x += Int(scene.canvas.width.rounded(.up)) + 10
        }
        return parts
    }

    @Test func chromiumDrawsEveryExampleSceneAsThePNG() throws {
        let scenes = try Self.exampleScenes()
        for ((name, scene), drawn) in zip(scenes, try chromiumDraws(scenes, mode: .text)) {
            try expectClose(drawn, to: scene, "\(name) chromium")
        }
    }

    /// With `--svg-text embed` the file carries its fonts: Chromium with none of the scene's fonts
    /// installed (a fontconfig configuration with DejaVu only) still draws the text as the PNG.
    @Test func embeddedFontsDrawWithoutInstalledFonts() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let conf = dir + "/fonts.conf"
        try
            "<?xml version=\"1.0\"?><!DOCTYPE fontconfig SYSTEM \"fonts.dtd\"><fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>\(dir)/cache</cachedir></fontconfig>"
            .write(toFile: conf, atomically: true, encoding: .utf8)
        let scenes = try Self.exampleScenes().filter { ["travel-deck", "review"].contains($0.name) }
        try #require(scenes.count == 2)
        let env = ["FONTCONFIG_FILE": conf]
        for ((name, scene), drawn) in zip(scenes, try chromiumDraws(scenes, mode: .embed, env: env)) {
            guard name == "review" else {
                try expectClose(drawn, to: scene, "\(name) chromium embedded fonts")
                continue
            }
            // The review's 34 pt title is in Inter Display, whose embedded subset Chromium draws
            // about 1.5 % smaller than Pango does (211 against 214 px wide): a known difference
            // (see the README's text faces), reported if it goes away.
            withKnownIssue("Chromium draws the Inter Display subset smaller") {
                try expectClose(drawn, to: scene, "\(name) chromium embedded fonts")
            }
        }
        // The same page without the fonts embedded is not the PNG: the check can fail.
        let plain = try chromiumDraws(scenes, mode: .text, env: env)
        let png = try RGBAImage(decoding: try r.render(scenes[0].scene, format: .png), source: "png").overWhite()
        #expect(blockDifference(png, plain[0].overWhite(), block: 8) >= SVGClients.maxTile, "the fonts were found without embedding them")
    }

    /// Chromium finds every string of every example scene in a `<text>` element (a line cut
    /// short ends in an ellipsis), and selecting a text element selects its string.
    @Test func chromiumFindsTheScenesStringsAsText() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenes = try Self.exampleScenes()
        var html = "<!doctype html><html><head><meta charset=\"utf-8\"></head><body>"
        for (k, (_, scene)) in scenes.enumerated() {
            var svg = String(decoding: try r.render(scene, format: .svg), as: UTF8.self)
            if let start = svg.range(of: "<svg") { svg = String(svg[start.lowerBound...]) }
            html += "<div id=\"s\(k)\">" + svg + "</div>"
        }
        html += """
            <pre id="result"></pre><script>
            const scenes = [...document.querySelectorAll('body > div')].map(d => {
              const texts = [...d.querySelectorAll('text')];
              let selected = '';
              if (texts.length) { getSelection().selectAllChildren(texts[0]); selected = getSelection().toString(); }
              return {texts: texts.map(t => t.textContent), first: texts.length ? texts[0].textContent : '', selected};
            });
            document.getElementById('result').textContent = btoa(unescape(encodeURIComponent(JSON.stringify(scenes))));
            </script></body></html>
            """
        try html.write(toFile: dir + "/page.html", atomically: true, encoding: .utf8)
        let run = try SVGClients.chromium(dir + "/page.html", ["--dump-dom"], window: (800, 600))
        let encoded = try #require(
            run.out.range(of: "<pre id=\"result\">").flatMap { a in
                run.out.range(of: "</pre>", range: a.upperBound..<run.out.endIndex).map { run.out[a.upperBound..<$0.lowerBound] }
            },
            "no result in the page:\n\(run.out.prefix(2000))")
        let json = try #require(Data(base64Encoded: String(encoded)), "result is not base64")
        struct Found: Decodable {
            var texts: [String]
            var first: String
            var selected: String
        }
        let found = try JSONDecoder().decode([Found].self, from: json)
        try #require(found.count == scenes.count)
        for ((name, scene), f) in zip(scenes, found) {
            let runs = try r.layout(scene).displayList.textRuns()
            #expect(!runs.isEmpty && f.texts.count == runs.count, "\(name): \(f.texts.count) <text> for \(runs.count) texts")
            for run in runs {
                let ok = f.texts.contains { t in
                    t == run.text || (run.lineLimit != nil && t.hasSuffix("\u{2026}") && run.text.hasPrefix(t.dropLast()))
                }
                #expect(ok, "\(name): '\(run.text)' is not found as text")
            }
            #expect(f.selected == f.first && !f.first.isEmpty, "\(name): selecting the first text gave '\(f.selected)'")
        }
    }

    // MARK: - Inkscape

    @Test(.enabled(if: which("inkscape") != nil, "Inkscape is not installed"))
    func inkscapeExportsTheSamePicture() throws {
        let inkscape = try #require(which("inkscape"))
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (name, scene) in try Self.exampleScenes() {
            try Data(try r.render(scene, format: .svg)).write(to: URL(fileURLWithPath: dir + "/\(name).svg"))
            let run = try runProcess(
                inkscape,
                [
                    "--export-type=png", "--export-filename=" + dir + "/\(name).png", "--export-width=\(Int(scene.canvas.width))",
                    "--export-height=\(Int(scene.canvas.height))", dir + "/\(name).svg"
                ], env: ["HOME": dir])
            try #require(run.status == 0, "inkscape: \(run.err)")
            let drawn = try RGBAImage(decoding: [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/\(name).png"))), source: "inkscape")
            try expectClose(drawn, to: scene, "\(name) inkscape")
        }
    }
}

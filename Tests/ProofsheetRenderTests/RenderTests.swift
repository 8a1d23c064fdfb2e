import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetTesting
import ProofsheetCairo
import ProofsheetLayout

/// Pixels where pixels matter: goldens (looked at), SVG and PDF read back by real clients,
/// determinism, real blurs.
@Suite("Rendering", .serialized)
struct RenderTests {
    let r = sharedRenderer

    @Test func travelDeckPNGGolden() throws {
        assertSnapshot(of: try TestScenes.deckScene(), as: .image, named: "travel-deck.iphone14@1x")
    }

    @Test func effectsPNGGolden() throws {
        assertSnapshot(of: TestScenes.effectsScene(), as: .image, named: "effects@1x")
    }

    @Test func travelDeckAtScale3Is1170x2532() throws {
        let scene = try TestScenes.deckScene(scale: 3)
        let list = try r.layout(scene).displayList
        let image = try r.backend.renderRGBA(list, scale: 3)
        #expect(image.width == 1170 && image.height == 2532)
    }

    @Test func svgRasterisedByLibrsvgMatchesThePNG() throws {
        let rsvg = try #require(which("rsvg-convert"), "rsvg-convert (librsvg2-bin) is needed; run make deps")
        for (name, scene) in [("deck", try TestScenes.deckScene()), ("effects", TestScenes.effectsScene())] {
            let dir = try temporaryFolder()
            let svg = try r.render(scene, format: .svg)
            let text = String(decoding: svg, as: UTF8.self)
            #expect(text.contains("viewBox=\"0 0 \(fmt(scene.canvas.width)) \(fmt(scene.canvas.height))\""))
            #expect(!text.contains("href=\"file:") && !text.contains("href=\"http"), "no external references")
            try Data(svg).write(to: URL(fileURLWithPath: dir + "/a.svg"))
            let w = Int(scene.canvas.width), h = Int(scene.canvas.height)
            let res = try runProcess(rsvg, ["-w", "\(w)", "-h", "\(h)", "-o", dir + "/a.png", dir + "/a.svg"])
            #expect(res.status == 0, "\(res.err)")
            let fromSVG = try RGBAImage(decoding: [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/a.png"))), source: "svg raster")
            let png = try RGBAImage(decoding: try r.render(scene, format: .png), source: "png")
            // Glyph edges land on slightly different subpixels in the two rasterisers: allow
            // antialiasing differences, but no tile may change on average.
            let d = pixelDifference(png, fromSVG, tolerance: 48)
            let tiles = blockDifference(png, fromSVG)
            #expect(d.ratio < 0.03, "\(name): \(d.mismatched) pixels differ (\(d.ratio * 100)%)")
            #expect(tiles < 40, "\(name): a 4×4 tile differs by \(tiles) on average")
            if d.ratio >= 0.03 || tiles >= 40 {
                try FileManager.default.createDirectory(atPath: Paths.artifacts, withIntermediateDirectories: true)
                try Data(try PNGCodec.encode(png)).write(to: URL(fileURLWithPath: Paths.artifacts + "/\(name)-png.png"))
                try Data(try PNGCodec.encode(fromSVG)).write(to: URL(fileURLWithPath: Paths.artifacts + "/\(name)-svg.png"))
            }
        }
    }

    /// Under a shadow a PDF keeps what casts it as vectors (text stays text, poppler extracts
    /// it) over the shadow's pixels; a blurred view is pixels. The page matches the PNG.
    @Test func pdfKeepsTextVectorUnderAShadow() throws {
        let pdftotext = try #require(which("pdftotext"), "pdftotext (poppler-utils) is needed; run make deps")
        let ppm = try #require(which("pdftoppm"), "pdftoppm (poppler-utils) is needed; run make deps")
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = Scene(canvas: Size(width: 240, height: 160), scale: 1) {
            VStack(spacing: 16) {
                Text("Shadowed words").font(FontSpec(size: 20, weight: 600)).padding(8)
                    .background(Color.white).shadow(color: .black.opacity(0.4), radius: 6, y: 3)
                Text("Blurred words").font(FontSpec(size: 20)).blur(radius: 1.5)
                Text("Faded shadow").font(FontSpec(size: 20)).shadow(radius: 2).opacity(0.6)
            }
        }
        try Data(try r.render(scene, format: .pdf)).write(to: URL(fileURLWithPath: dir + "/s.pdf"))
        let text = try runProcess(pdftotext, [dir + "/s.pdf", "-"])
        try #require(text.status == 0, "pdftotext: \(text.err)")
        #expect(text.out.contains("Shadowed words") && text.out.contains("Faded shadow"), "\(text.out)")
        #expect(!text.out.contains("Blurred"), "\(text.out)")
        let raster = try runProcess(ppm, ["-r", "72", "-png", "-singlefile", dir + "/s.pdf", dir + "/p"])
        try #require(raster.status == 0, "pdftoppm: \(raster.err)")
        let page = try RGBAImage(decoding: [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/p.png"))), source: "pdf page")
        let png = try RGBAImage(decoding: try r.render(scene, format: .png), source: "png")
        #expect(blockDifference(png, page, block: 8) < 32)
    }

    @Test func pdfIsOnePageOfTheCanvasInPoints() throws {
        let pdfinfo = try #require(which("pdfinfo"), "pdfinfo (poppler-utils) is needed; run make deps")
        let dir = try temporaryFolder()
        try Data(try r.render(try TestScenes.deckScene(scale: 2), format: .pdf)).write(to: URL(fileURLWithPath: dir + "/a.pdf"))
        let res = try runProcess(pdfinfo, [dir + "/a.pdf"])
        #expect(res.status == 0, "\(res.err)")
        #expect(res.out.contains("Pages:           1"))
        #expect(res.out.contains("Page size:       390 x 844 pts"))
        #expect(res.out.contains("Creator:         Proofsheet"))
        let ppm = try #require(which("pdftoppm"))
        let raster = try runProcess(ppm, ["-r", "72", "-png", "-singlefile", dir + "/a.pdf", dir + "/p"])
        #expect(raster.status == 0)
        let page = try RGBAImage(decoding: [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/p.png"))), source: "pdf page")
        let png = try RGBAImage(decoding: try r.render(try TestScenes.deckScene(), format: .png), source: "png")
        let d = pixelDifference(png, page, tolerance: 48)
        #expect(d.ratio < 0.03, "\(d.mismatched) pixels differ (\(d.ratio * 100)%)")
        // Poppler places glyphs up to a pixel away from Cairo: compare 8×8 tiles.
        #expect(blockDifference(png, page, block: 8) < 48)
    }

    @Test func pngIsValidForLibpngsOwnChecker() throws {
        let pngfix = try #require(which("pngfix"), "pngfix (libpng-tools) is needed; run make deps")
        let dir = try temporaryFolder()
        try Data(try r.render(TestScenes.effectsScene(), format: .png)).write(to: URL(fileURLWithPath: dir + "/a.png"))
        let res = try runProcess(pngfix, [dir + "/a.png"])
        #expect(res.status == 0, "pngfix: \(res.out) \(res.err)")
    }

    @Test func renderingIsDeterministicInOneProcess() throws {
        for format in OutputFormat.allCases {
            let a = try r.render(TestScenes.effectsScene(), format: format)
            let b = try r.render(TestScenes.effectsScene(), format: format)
            #expect(a == b, "\(format) differs between two renders")
        }
    }

    @Test func svgIdsDoNotDependOnEarlierRenders() throws {
        // A fresh renderer (Cairo's counters have moved on) gives the same SVG.
        let a = try r.render(TestScenes.effectsScene(), format: .svg)
        _ = try r.render(try TestScenes.deckScene(), format: .svg)
        let b = try Renderer().render(TestScenes.effectsScene(), format: .svg)
        #expect(a == b)
    }

    @Test func shadowIsABlurNotAnOffset() throws {
        let scene = Scene(canvas: Size(width: 100, height: 100), scale: 1, background: .white) {
            Color.black.frame(width: 40, height: 40).shadow(color: .black, radius: 6)
        }
        let img = try RGBAImage(decoding: try r.render(scene, format: .png), source: "shadow")
        func grey(_ x: Int, _ y: Int) -> Int { Int(img.pixels[(y * 100 + x) * 4]) }
        // Square 30…70. Outside it the shadow fades smoothly: darker near, lighter far.
        let near = grey(72, 50), mid = grey(78, 50), far = grey(95, 50)
        #expect(near < mid && mid < far, "\(near) \(mid) \(far)")
        #expect(near > 30 && near < 200)
        #expect(far > 245)
    }

    @Test func emojiAreDrawnInColour() throws {
        let scene = Scene(canvas: Size(width: 60, height: 40), scale: 1, background: .white) {
            Text("😍").font(.system(size: 30))
        }
        let img = try RGBAImage(decoding: try r.render(scene, format: .png), source: "emoji")
        var colourful = 0
        for i in stride(from: 0, to: img.pixels.count, by: 4) {
            let (red, green, blue) = (Int(img.pixels[i]), Int(img.pixels[i + 1]), Int(img.pixels[i + 2]))
            if max(red, green, blue) - min(red, green, blue) > 80 { colourful += 1 }
        }
        #expect(colourful > 200, "only \(colourful) coloured pixels")
    }

    @Test func everySymbolGlyphIsInTheIconFont() throws {
        for (name, layers) in SymbolCatalog.symbols {
            for l in layers where l.drawing == nil {
                #expect(r.fonts.iconFontHasGlyph(l.codepoint), "\(name): U+\(String(l.codepoint, radix: 16))")
            }
        }
    }
}

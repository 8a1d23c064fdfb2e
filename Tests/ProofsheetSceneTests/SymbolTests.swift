import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetTesting
import ProofsheetCairo
import ProofsheetLayout
@testable import ProofsheetScene

/// The symbol catalogue and the own symbol drawings: every glyph is the icon font's, and the
/// seeds' symbols keep SF Symbols' alignment and size rules, measured from rendered pixels.
@Suite("Symbols")
struct SymbolTests {
    let r = sharedRenderer

    // MARK: - Catalogue

    @Test func catalogueHasTheMostUsedNames() {
        #expect(SymbolCatalog.symbols.count >= 300)
        for name in [
            "house.fill", "magnifyingglass", "gearshape", "person.crop.circle", "bell.badge", "envelope.fill", "cart.fill", "creditcard",
            "cloud.sun.fill", "play.circle.fill", "chevron.right", "arrow.up.right", "square.and.arrow.up", "trash", "pencil", "star.fill",
            "checkmark.circle.fill", "calendar", "map", "airplane"
        ] {
            #expect(SymbolCatalog.symbols[name] != nil, "\(name)")
        }
    }

    /// Each Material name's codepoint is the one the font package lists for it, and the font has it.
    @Test func glyphCodepointsAreTheFontPackagesOwn() throws {
        let css = try String(contentsOfFile: "/usr/share/fonts-material-design-icons-iconfont/css/material-design-icons.css", encoding: .utf8)
        var listed: [String: UInt32] = [:]
        let rule = /\.material-icons\.([a-z0-9_]+):before \{\s*content: "\\([0-9a-f]+)"/
        for m in css.matches(of: rule) { listed[String(m.1)] = UInt32(m.2, radix: 16) }
        #expect(listed.count > 1000)
        for (name, codepoint) in SymbolCatalog.materialCodepoints {
            #expect(listed[name] == codepoint, "\(name)")
            #expect(r.fonts.iconFontHasGlyph(codepoint), "\(name)")
        }
        for (symbol, entry) in SymbolCatalog.table {
            switch entry {
            case .glyph(let g), .inCircle(let g), .outOfDisc(let g): #expect(SymbolCatalog.materialCodepoints[g] != nil, "\(symbol): \(g)")
            }
        }
    }

    @Test func everyOwnDrawingExists() {
        for (name, layers) in SymbolCatalog.symbols {
            for l in layers where l.drawing != nil { #expect(SymbolDrawings.named(l.drawing!) != nil, "\(name)") }
        }
    }

    @Test func unknownNamesSuggestTheSameBaseFirst() {
        let s = SymbolCatalog.suggestions(for: "heart.square")
        #expect(!s.isEmpty && s.allSatisfy { $0.hasPrefix("heart") }, "\(s)")
        #expect(SymbolCatalog.suggestions(for: "chevron.lft").first == "chevron.left")
        #expect(SymbolCatalog.suggestions(for: "hart").contains("heart"))
    }

    // MARK: - Ink boxes

    /// One symbol at `size` points, black on a transparent canvas at scale 2; its frame and the
    /// bounding box of its ink (pixels at least half covered), in points.
    struct Ink {
        var frame: Rect
        var box: Rect
        /// Coverage (0…255) per pixel, row by row, at scale 2.
        var alpha: [UInt8]
        var width: Int
        func inked(_ x: Int, _ y: Int) -> Bool { alpha[y * width + x] >= 128 }
    }

    static let scale = 2.0

    func ink(_ name: String, size: Double = 30) throws -> Ink {
        let canvas = Size(width: 60, height: 60)
        let scene = Scene(canvas: canvas, scale: Self.scale, background: nil) {
            Image(systemName: name).font(.system(size: size)).foregroundColor(.black)
        }
        let laid = try r.layout(scene)
        let frame = try #require(Self.symbolFrame(in: laid.displayList.items))
        let img = try RGBAImage(decoding: try r.render(scene, format: .png), source: name)
        var alpha = [UInt8](repeating: 0, count: img.width * img.height)
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<img.height {
            for x in 0..<img.width {
                let a = img.pixels[(y * img.width + x) * 4 + 3]
                alpha[y * img.width + x] = a
                guard a >= 128 else { continue }
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        try #require(maxX >= 0, "\(name) drew nothing")
        let s = Self.scale
        let box = Rect(x: Double(minX) / s, y: Double(minY) / s, width: Double(maxX - minX + 1) / s, height: Double(maxY - minY + 1) / s)
        return Ink(frame: frame, box: box, alpha: alpha, width: img.width)
    }

    static func symbolFrame(in items: [DisplayItem]) -> Rect? {
        for item in items {
            switch item {
            case .symbol(let s): return s.frame
            case .group(let g) where g.transform.isIdentity: if let f = symbolFrame(in: g.children) { return f }
            default: continue
            }
        }
        return nil
    }

    /// The README's table of the seeds' symbols: name → ink box (width × height) at 30 pt.
    static func readmeInkBoxes() throws -> [String: Size] {
        let readme = try String(contentsOfFile: Paths.root + "/README.md", encoding: .utf8)
        let section = try #require(readme.range(of: "### Symbols: the seeds' ink boxes"))
        var out: [String: Size] = [:]
        let row = /^\| `([a-z0-9.]+)` \| ([0-9.]+) × ([0-9.]+) \|/
        for line in readme[section.upperBound...].split(separator: "\n").prefix(40) {
            guard let m = line.firstMatch(of: row), let w = Double(m.2), let h = Double(m.3) else { continue }
            out[String(m.1)] = Size(width: w, height: h)
        }
        return out
    }

    /// The seeds' symbols, each in the README's table.
    static let seedSymbols = ["line.horizontal.3", "mappin.and.ellipse", "heart.circle.fill", "heart.circle", "x.circle", "xmark", "heart"]

    @Test func seedSymbolsHaveTheReadmesInkBoxes() throws {
        let table = try Self.readmeInkBoxes()
        #expect(Set(table.keys) == Set(Self.seedSymbols))
        for name in Self.seedSymbols {
            let expected = try #require(table[name], "\(name) is not in the README's table")
            let i = try ink(name)
            // Half a pixel of coverage either side, at scale 2.
            #expect(abs(i.box.width - expected.width) <= 0.5, "\(name): ink \(i.box.width) wide, README \(expected.width)")
            #expect(abs(i.box.height - expected.height) <= 0.5, "\(name): ink \(i.box.height) tall, README \(expected.height)")
            // The frame hugs the ink, as SF's symbol images do.
            #expect(
                abs(i.box.minX + i.box.maxX - i.frame.minX - i.frame.maxX) <= 1 && abs(i.box.minY + i.box.maxY - i.frame.minY - i.frame.maxY) <= 1,
                "\(name): ink off centre")
        }
    }

    /// SF's circled symbols are as large as their circle: the ink reaches the frame on all four
    /// sides, and it is a circle (the frame's corners are empty, the ink is as wide as tall), 1.17
    /// of the point size across (SF's circle reaches from about the descender to the ascender).
    @Test func circlesFillTheirBox() throws {
        for name in ["heart.circle", "heart.circle.fill", "x.circle", "play.circle.fill"] {
            let i = try ink(name)
            #expect(abs(i.box.minX - i.frame.minX) <= 0.5 && abs(i.box.maxX - i.frame.maxX) <= 0.5, "\(name): \(i.box) in \(i.frame)")
            #expect(abs(i.box.minY - i.frame.minY) <= 0.5 && abs(i.box.maxY - i.frame.maxY) <= 0.5, "\(name): \(i.box) in \(i.frame)")
            #expect(abs(i.box.width - 1.17 * 30) <= 0.5 && abs(i.box.width - i.box.height) <= 0.5, "\(name): \(i.box)")
            // A circle, not a square: a point 12 % in from a corner along the diagonal is outside.
            let s = Self.scale
            let cx = Int(((i.box.minX + 0.12 * i.box.width) * s).rounded()), cy = Int(((i.box.minY + 0.12 * i.box.height) * s).rounded())
            #expect(!i.inked(cx, cy), "\(name) has ink in its corner")
        }
    }

    /// `mappin.and.ellipse`: the ellipse is the widest part and the lowest, under the pin; the
    /// pin stands on the ellipse's middle, its head at the top, narrower than the ellipse.
    @Test func ellipseIsUnderThePin() throws {
        let i = try ink("mappin.and.ellipse")
        let s = Self.scale
        let top = Int((i.box.minY * s).rounded()), bottom = Int((i.box.maxY * s).rounded()) - 1
        let left = Int((i.box.minX * s).rounded()), right = Int((i.box.maxX * s).rounded()) - 1
        func span(_ y: Int) -> (Int, Int)? {
            var lo: Int?, hi: Int?
            for x in left...right where i.inked(x, y) { lo = lo ?? x; hi = x }
            return lo.map { ($0, hi!) }
        }
        let rows = (top...bottom).compactMap { y in span(y).map { (y, $0.0, $0.1) } }
        let widest = try #require(rows.max { ($0.2 - $0.1) < ($1.2 - $1.1) })
        let height = Double(bottom - top + 1)
        // The widest row is in the bottom third and spans the whole box.
        #expect(Double(widest.0 - top) > 0.66 * height, "widest row at \(Double(widest.0 - top) / height) of the height")
        #expect(Double(widest.2 - widest.1 + 1) / s >= i.box.width - 0.5)
        // The top quarter (the head) is at most 60 % as wide, centred over the ellipse.
        for (y, lo, hi) in rows where Double(y - top) < 0.25 * height {
            #expect(Double(hi - lo + 1) <= 0.6 * Double(right - left + 1), "row \(y) is \(hi - lo + 1) px wide")
            #expect(abs(Double(lo + hi + 1) / 2 - Double(left + right + 1) / 2) <= 1.5, "row \(y) is off centre")
        }
        // Above the ellipse, the ink is only the pin: every row between the head and the ellipse
        // is narrow (the needle).
        let ellipseTop = try #require(rows.first { Double($0.2 - $0.1 + 1) >= 0.6 * Double(right - left + 1) }).0
        #expect(Double(ellipseTop - top) > 0.55 * height, "the ellipse starts at \(Double(ellipseTop - top) / height) of the height")
    }

    /// `xmark` and `heart` at 30 pt have SF's ink size (regular weight, medium scale; the README
    /// gives the estimates): the cross 0.82 em square, the heart 1.08 × 0.95 em, and the
    /// cross's strokes SF Pro Regular's stem (0.085 em) thick.
    @Test func xmarkAndHeartHaveSFsInkSize() throws {
        let x = try ink("xmark")
        #expect(abs(x.box.width - 0.82 * 30) <= 0.5 && abs(x.box.height - 0.82 * 30) <= 0.5, "xmark \(x.box)")
        let h = try ink("heart")
        #expect(abs(h.box.width - 1.08 * 30) <= 0.5 && abs(h.box.height - 0.95 * 30) <= 0.5, "heart \(h.box)")
        // The cross's stroke, measured across its middle row between the arms' crossing and an
        // arm: along a row a 45° stroke covers √2 times its thickness.
        let s = Self.scale
        let row = Int(((x.box.minY + 0.25 * x.box.height) * s).rounded())
        var runs: [Int] = []
        var run = 0
        for px in Int(x.box.minX * s)...Int(x.box.maxX * s) {
            if x.inked(px, row) { run += 1 } else if run > 0 { runs.append(run); run = 0 }
        }
        if run > 0 { runs.append(run) }
        #expect(runs.count == 2, "\(runs)")
        for r in runs { #expect(abs(Double(r) / s / 2.0.squareRoot() - 0.085 * 30) <= 0.6, "stroke run \(r) px") }
    }
}

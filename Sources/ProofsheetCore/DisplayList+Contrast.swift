import Foundation

/// How a text of a display list stands out from what is drawn under it, by WCAG 2's contrast
/// ratio (1:1 … 21:1): the text's colour — at its opacity, over what is under it — against what
/// is under it, at the worst of a grid of points across the text's frame.
public struct TextContrast: Hashable, Sendable {
    public var text: String
    /// The text's frame on the canvas (its groups' transforms applied).
    public var frame: Rect
    public var font: FontSpec
    /// The text's colour as seen, and what is drawn under it, where the ratio is worst.
    public var foreground: Color, backdrop: Color
    public var ratio: Double
    /// The least ratio WCAG's level asks for this text: large text (18 pt, or 14 pt bold) less.
    public var required: Double
    public var passes: Bool { ratio + 1e-9 >= required }

    /// WCAG's levels: AA asks 4.5:1 of text (3:1 of large text), AAA 7:1 (4.5:1).
    public enum Level: String, Sendable, CaseIterable {
        case aa, aaa
        public func required(for font: FontSpec) -> Double {
            let large = font.size >= 18 || (font.size >= 14 && font.weight >= 700)
            switch self {
            case .aa: return large ? 3 : 4.5
            case .aaa: return large ? 4.5 : 7
            }
        }
    }

    /// WCAG's contrast ratio of two opaque colours: (L1 + 0.05) / (L2 + 0.05), lighter over darker.
    public static func ratio(_ a: Color, _ b: Color) -> Double {
        let la = a.relativeLuminance, lb = b.relativeLuminance
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }
}

extension TextContrast {
    /// The most backdrop samples one contrast check composites: each of a text's 15 points
    /// looks at every item drawn before the text, so a screen of many texts over many shapes
    /// grows as their product (about 5 ns a sample).
    public static let samples = Limit(
        "contrast-samples", "most item samples one contrast check composites (15 points a text, each over every item drawn before it)",
        unit: "samples", default: 400_000_000, range: 1...1e12)
}

extension DisplayList {
    /// The samples ``textContrasts(level:imageColor:)`` composites: for each text with a
    /// colour, 15 points over every item drawn before it (groups and their children alike).
    public var contrastSamples: Double {
        var before = 0.0, total = 0.0
        func visit(_ items: [DisplayItem]) {
            for item in items {
                switch item {
                case .group(let g): visit(g.children)
                case .text(let t):
                    if case .color = t.paint { total += 15 * before }
                default: break
                }
                before += 1
            }
        }
        visit(items)
        return total
    }

    /// Whether a text is only colour emoji (and what joins and varies them): drawn in their own
    /// colours, not the text's.
    static func isEmojiOnly(_ text: String) -> Bool {
        var any = false
        for s in text.unicodeScalars {
            let p = s.properties
            if p.isWhitespace || p.isVariationSelector || p.isEmojiModifier || s.value == 0x200D { continue }
            guard p.isEmojiPresentation || (p.isEmoji && s.value > 0x2000) else { return false }
            any = true
        }
        return any
    }

    /// The contrast of every text with a colour (gradient texts and colour emoji are left
    /// out), in paint order; an error when it would composite more than
    /// ``TextContrast/samples`` allows (see ``contrastSamples``).
    /// `imageColor` gives an image's mean colour over a part of it (see ``meanColor(at:base:imageColor:)``).
    public func textContrasts(level: TextContrast.Level = .aa, imageColor: (String, Rect) -> Color? = { _, _ in nil }) throws -> [TextContrast] {
        let work = contrastSamples
        guard work <= TextContrast.samples.value else {
            throw ProofsheetError.badInput(
                "the screen has too many texts over too many shapes to check: \(fmt(work)) samples, more than the limit of \(fmt(TextContrast.samples.value))",
                hint: "check fewer views at once (a still, a part of a list), or raise --limit contrast-samples=N")
        }
        var out: [TextContrast] = []
        func visit(_ items: [DisplayItem], path: [Int], transform: Transform, opacity: Double) {
            for (i, item) in items.enumerated() {
                switch item {
                case .group(let g):
                    guard g.opacity > 0, !g.children.isEmpty else { continue }
                    visit(g.children, path: path + [i], transform: g.transform.concatenating(transform), opacity: opacity * g.opacity)
                case .text(let t):
                    guard case .color(let colour) = t.paint, t.frame.width > 0, t.frame.height > 0, !Self.isEmojiOnly(t.text) else { continue }
                    let under = backdrop(before: path + [i])
                    var worst: (ratio: Double, fg: Color, bg: Color)?
                    // A 5 × 3 grid inside the frame, where the glyphs are.
                    for gy in 0..<3 {
                        for gx in 0..<5 {
                            let local = Point(
                                x: t.frame.minX + t.frame.width * (0.1 + 0.2 * Double(gx)),
                                y: t.frame.minY + t.frame.height * (0.25 + 0.25 * Double(gy)))
                            let bg = under.meanColor(at: [transform.apply(local)], imageColor: imageColor)
                            let a = max(0, min(1, colour.alpha * opacity))
                            let fg = Color(
                                red: bg.red + (colour.red - bg.red) * a, green: bg.green + (colour.green - bg.green) * a,
                                blue: bg.blue + (colour.blue - bg.blue) * a)
                            let r = TextContrast.ratio(fg, bg)
                            if worst == nil || r < worst!.ratio { worst = (r, fg, bg) }
                        }
                    }
                    guard let worst else { continue }
                    let corners = [
                        Point(x: t.frame.minX, y: t.frame.minY), Point(x: t.frame.maxX, y: t.frame.minY),
                        Point(x: t.frame.minX, y: t.frame.maxY), Point(x: t.frame.maxX, y: t.frame.maxY)
                    ].map(transform.apply)
                    let xs = corners.map(\.x), ys = corners.map(\.y)
                    out.append(
                        TextContrast(
                            text: t.text, frame: Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!),
                            font: t.font, foreground: worst.fg, backdrop: worst.bg, ratio: worst.ratio, required: level.required(for: t.font)))
                default: continue
                }
            }
        }
        visit(items, path: [], transform: .identity, opacity: 1)
        return out
    }
}

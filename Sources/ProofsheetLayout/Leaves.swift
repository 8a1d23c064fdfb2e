import ProofsheetCore
import ProofsheetScene

/// `Text`: wraps to the proposed width; fewer lines when the proposed height is short. It is as
/// high as its lines, rounded up to the pixel grid, as SwiftUI sizes text (the lines are drawn
/// from its top).
final class TextElement: Element {
    let text: String
    let font: FontSpec
    let color: Paint
    let alignment: TextAlignment
    let lineLimit: Int?
    let measurer: TextMeasurer
    /// Device pixels per point: heights are whole pixels.
    let scale: Double
    /// Lines allowed for the size it was placed at (drawn with).
    private var linesForPaint: Int?
    /// Lines it needed there, when a frame too short cut it to `linesForPaint`.
    private var linesNeeded: Int?

    init(text original: String, env: LayoutEnvironment, measurer: TextMeasurer, scale: Double) {
        let text: String
        switch env.textCase {
        case .uppercase?: text = original.uppercased()
        case .lowercase?: text = original.lowercased()
        case nil: text = original
        }
        self.text = text
        self.font = env.effectiveFont; self.color = env.foreground
        self.alignment = env.textAlignment.physical(in: env.layoutDirection); self.lineLimit = env.lineLimit; self.measurer = measurer
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        super.init(name: "Text \"\(text.prefix(25).count > 24 ? String(text.prefix(24)) + "…" : text)\"")
    }

    private func lines(for p: Proposal) -> Int? {
        guard let h = p.height, h.isFinite else { return lineLimit }
        let full = measurer.measure(text, font: font, maxWidth: p.width.flatMap { $0.isFinite ? $0 : nil }, lineLimit: lineLimit)
        guard onGrid(full.height) > h + 0.001 else { return lineLimit }
        var fit = max(1, Int((h + font.lineSpacing + 0.001) / (font.lineHeight + font.lineSpacing)))
        while fit > 1, onGrid(font.height(lines: fit)) > h + 0.001 { fit -= 1 }
        return min(fit, lineLimit ?? fit)
    }

    /// A height rounded up to the pixel grid (a hair's tolerance keeps whole pixels whole).
    private func onGrid(_ h: Double) -> Double {
        ((h * scale) - 1e-9).rounded(.up) / scale
    }

    override func sizeThatFits(_ p: Proposal) -> Size {
        let w = p.width.flatMap { $0.isFinite ? $0 : nil }
        let size = measurer.measure(text, font: font, maxWidth: w, lineLimit: lines(for: p))
        return Size(width: size.width, height: onGrid(size.height))
    }

    override func placeChildren(_ ctx: LayoutContext) throws {
        linesForPaint = lines(for: Proposal(exact.size))
        // Cut by a frame too short (not by a line limit of its own): the lines it needed.
        linesNeeded = nil
        if let shown = linesForPaint, shown != lineLimit {
            let full = measurer.measure(text, font: font, maxWidth: exact.width.isFinite ? exact.width : nil, lineLimit: lineLimit)
            let needed = Int(((full.height + font.lineSpacing) / (font.lineHeight + font.lineSpacing)).rounded())
            if needed > shown { linesNeeded = needed }
        }
    }

    /// A text's baselines: its first line's, and its last line's from the bottom.
    override func explicitGuide(_ g: AlignmentGuide, _ size: Size) -> Double? {
        switch g {
        case .firstTextBaseline: return font.baselineFromTop
        case .lastTextBaseline:
            // Its lines are as many as fit its height (the rounding to pixels is below the last).
            let lines = max(1, Int((size.height + font.lineSpacing + 0.001) / (font.lineHeight + font.lineSpacing)))
            return font.height(lines: lines) - font.lineHeight + font.baselineFromTop
        default: return nil
        }
    }

    override var content: ResolvedView.Content {
        .text(
            ResolvedView.TextContent(
                text: text, font: font, paint: color, alignment: alignment, lineLimit: linesForPaint, linesNeeded: linesNeeded))
    }
}

/// A bitmap `Image`: its natural size, or (resizable) exactly the size proposed.
final class ImageElement: Element {
    let path: String
    let natural: Size
    let resizable: Bool
    /// The file drawn in dark appearance, when it is another.
    let dark: String?
    init(name: String, path: String, natural: Size, resizable: Bool, dark: String? = nil) {
        self.path = path; self.natural = natural; self.resizable = resizable; self.dark = dark
        super.init(name: "Image \(name)")
    }
    override func sizeThatFits(_ p: Proposal) -> Size {
        resizable ? p.replacingUnspecified(by: natural) : natural
    }
    override var content: ResolvedView.Content {
        .image(path: path, appearances: dark.map { ImageAppearances(light: path, dark: $0) })
    }
}

/// A drawing made elsewhere: its own size where nothing is proposed, stretched to what is.
final class PictureElement: Element {
    let list: DisplayList
    init(_ list: DisplayList) {
        self.list = list
        super.init(name: "Picture")
    }
    override func sizeThatFits(_ p: Proposal) -> Size { p.replacingUnspecified(by: list.size) }
    override var content: ResolvedView.Content { .picture(list) }
}

/// `Image(systemName:)`: a square as large as the font's point size, or when the symbol is (or is
/// drawn on) one of the own drawings, that drawing's ink box at that size (SF's symbol images hug their ink).
final class SymbolElement: Element {
    let symbol: String
    let layers: [SymbolLayer]
    let pointSize: Double
    let fill: Paint
    init(symbol: String, layers: [SymbolLayer], env: LayoutEnvironment) {
        self.symbol = symbol; self.layers = layers; self.pointSize = env.effectiveFont.size
        fill = env.foreground
        super.init(name: "Image \(symbol)")
    }
    override func sizeThatFits(_ p: Proposal) -> Size {
        if let first = layers.first, let name = first.drawing, let d = SymbolDrawings.named(name) {
            return Size(width: d.size.width * pointSize * first.scale, height: d.size.height * pointSize * first.scale)
        }
        return Size(width: pointSize, height: pointSize)
    }
    override var content: ResolvedView.Content {
        .symbol(ResolvedView.SymbolContent(name: symbol, layers: layers, pointSize: pointSize, paint: fill))
    }
}

/// A shape or a colour: takes the size proposed (10 pt where unspecified, like SwiftUI).
final class ShapeElement: Element {
    let kind: ShapeKind
    let fill: Paint
    /// Drawn as an outline, not filled.
    let outline: ResolvedView.Outline?
    init(kind: ShapeKind, fill: Paint, name: String, outline: ResolvedView.Outline? = nil) {
        self.kind = kind; self.fill = fill; self.outline = outline
        super.init(name: name)
    }
    override func sizeThatFits(_ p: Proposal) -> Size {
        p.replacingUnspecified(by: Size(width: 10, height: 10))
    }
    override var content: ResolvedView.Content {
        .shape(ResolvedView.ShapeContent(kind: kind, paint: fill, outline: outline))
    }
}

/// `Spacer`: as long as offered along its stack's axis (at least `minLength`), thin across it.
final class SpacerElement: Element {
    let minLength: Double
    var axis: Axis?
    init(minLength: Double?) {
        self.minLength = minLength ?? 8
        super.init(name: "Spacer")
    }
    override var isSpacer: Bool { true }
    override func sizeThatFits(_ p: Proposal) -> Size {
        guard let axis else { return Size(width: finite(p.width) ?? 0, height: finite(p.height) ?? 0) }
        var s = Size.zero
        s[axis] = max(minLength, finite(p[axis]) ?? minLength)
        if p[axis] == .infinity { s[axis] = .infinity }
        return s
    }
    private func finite(_ v: Double?) -> Double? { v.flatMap { $0.isFinite ? $0 : nil } }
}

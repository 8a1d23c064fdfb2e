/// A resolved font: design, size, weight and line height, in points.
public struct FontSpec: Hashable, Sendable, Codable {
    /// The typeface family, SwiftUI's `Font.Design`.
    public enum Design: String, Hashable, Sendable, Codable, CaseIterable {
        case `default`, rounded, monospaced, serif
    }
    public var design: Design
    /// The em size in points.
    public var size: Double
    /// The weight, 100 (ultraLight) … 900 (black); 400 regular.
    public var weight: Int
    /// The height of one line in points: SF Pro's line height for the size (``systemLineHeight(size:)``)
    /// unless set.
    public var lineHeight: Double
    /// `italic()`: the face's italic (or oblique) style.
    public var italic = false
    /// `kerning(_:)` / `tracking(_:)`: points added between characters.
    public var tracking = 0.0
    /// `lineSpacing(_:)`: points added between lines (not above the first or below the last).
    public var lineSpacing = 0.0
    /// `underline()` and `strikethrough()`: lines drawn in the text's colour.
    public var underline = false
    public var strikethrough = false
    /// The text style whose Dynamic Type sizes the font follows: a text style's own (`.body`),
    /// or the one a custom size is relative to (`.system(size:relativeTo:)`); nil for a fixed
    /// size, which stays as it is at every Dynamic Type size (``sized(for:)``).
    public var textStyle: TextStyle?
    /// The language the text is in (a BCP 47 tag, from the scene's locale): it chooses glyph
    /// forms that differ by language (Japanese and Chinese forms of the same characters).
    public var language: String?

    /// The height of `lines` lines (at least one), with the spacing between them.
    public func height(lines: Int) -> Double {
        let n = Double(max(1, lines))
        return n * lineHeight + (n - 1) * lineSpacing
    }

    public init(design: Design = .default, size: Double, weight: Int = 400, lineHeight: Double? = nil) {
        // Sizes are kept sane whatever the caller passes: 0.5…10000 pt, weights 1…1000.
        let size = size.isFinite ? min(max(size, 0.5), 10_000) : 17
        self.design = design; self.size = size; self.weight = min(max(weight, 1), 1000)
        let lh = lineHeight ?? FontSpec.systemLineHeight(size: size)
        self.lineHeight = lh.isFinite ? min(max(lh, 0.5), 20_000) : FontSpec.systemLineHeight(size: size)
    }

    /// The size from which SF Pro draws in its Display design (Text below): 20 pt.
    public static let displaySize = 20.0
    /// Whether the default design draws in its display face at this size (SF Pro Display,
    /// Inter Display in its place).
    public var usesDisplayFace: Bool { size >= FontSpec.displaySize }

    /// SF Pro's vertical metrics, in em (its `hhea` table: ascender 1950, descender 494, no line
    /// gap, in 2048 units an em), the same in its Text and Display designs. The stand-in faces
    /// are set to these metrics: a line is as high as SF Pro's, its baseline where SF Pro's is.
    public static let systemAscent = 1950.0 / 2048, systemDescent = 494.0 / 2048
    /// The height of one line of the system font at `size` points, as `UIFont.lineHeight` gives
    /// it (ascent + descent, 20.287 pt at 17 pt): a `Text` is as high as its lines, rounded up to
    /// the pixel grid (one line of body text is 21 pt at scale 1, 20⅓ at scale 3).
    public static func systemLineHeight(size: Double) -> Double { size * (systemAscent + systemDescent) }
    /// Where the baseline of a line of this font is, from the line's top: SF Pro's ascent, plus
    /// half of what a line height of its own adds to SF Pro's (as a line's leading is shared).
    public var baselineFromTop: Double {
        size * FontSpec.systemAscent + (lineHeight - FontSpec.systemLineHeight(size: size)) / 2
    }

    /// SwiftUI's weights by name.
    public static let weights: [String: Int] = [
        "ultraLight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500,
        "semibold": 600, "bold": 700, "heavy": 800, "black": 900
    ]

    /// The font of a text style at the default Dynamic Type size, e.g. `.headline`. Its lines are
    /// the system font's (``systemLineHeight(size:)``), not the leading Apple publishes for
    /// multi-line UIKit text (body 17/22): a SwiftUI `Text` measures its font's own lines.
    public static func style(_ style: TextStyle) -> FontSpec {
        var f = FontSpec(size: style.defaultSize, weight: style.weight)
        f.textStyle = style
        return f
    }

    /// The font as drawn at the Dynamic Type size `size`: a font that follows a text style takes
    /// that style's size (a custom size scaled as the style is), with the system font's lines
    /// for it; a fixed size is unchanged.
    public func sized(for size: DynamicTypeSize) -> FontSpec {
        guard let style = textStyle, size != .large else { return self }
        var f = self
        f.size = min(max(style.scaled(self.size, at: size), 0.5), 10_000)
        f.lineHeight = FontSpec.systemLineHeight(size: f.size)
        return f
    }

    /// SwiftUI's default font, `.body`.
    public static let body = FontSpec.style(.body)
}

/// Horizontal alignment of the lines of a multi-line text.
public enum TextAlignment: String, Hashable, Sendable, Codable {
    case leading, center, trailing
}

import ProofsheetCore

/// How an SVG carries text.
public enum SVGTextMode: String, Sendable, CaseIterable {
    /// `<text>` in the fonts' family names: selectable and editable, drawn by the client's fonts.
    case text
    /// `<text>` as above, with the glyphs used embedded as font subsets (`@font-face`), so the file
    /// draws the same where the fonts are not installed.
    case embed
    /// Glyph outlines as paths: pixel-exact, not text any more.
    case outline

    /// The spellings, for messages and help.
    public static var spellings: String { allCases.map(\.rawValue).joined(separator: "|") }
}

/// What the SVG writer needs from the text and image engines that the raster path uses, so that
/// the SVG places text and images exactly where the PNG does.
public protocol SVGSource {
    /// The runs of a paragraph, laid out as the raster path lays it out.
    func textRuns(_ run: TextRun) throws -> [SVGTextRun]
    /// The glyph outlines of a paragraph as path data, in points (nil: no outline, such as a
    /// colour emoji, whose run stays text).
    func outline(of textRun: SVGTextRun, in run: TextRun) throws -> String?
    /// A run drawn in colour glyphs (emoji), which clients draw differently or not at all, as a
    /// PNG at `scale` pixels per point and the frame it covers, in points; nil for other runs.
    func colorGlyphImage(of textRun: SVGTextRun, in run: TextRun, scale: Double) throws -> (png: [UInt8], frame: Rect)?
    /// The outlines of a symbol's layers as path data, in points, in layer order.
    func symbolLayers(_ symbol: SymbolDraw) throws -> [(path: String, knockout: Bool)]
    /// An image's pixel size.
    func imageSize(path: String) throws -> (width: Int, height: Int)
    /// An image's original file bytes and media type.
    func imageFile(path: String) throws -> (bytes: [UInt8], mediaType: String)
    /// An image resampled to `width`×`height` pixels, as PNG.
    func imagePNG(path: String, width: Int, height: Int) throws -> [UInt8]
    /// A font subset holding `glyphs` and the characters `text` maps to, and its media type.
    func fontSubset(_ font: SVGFont, glyphs: Set<UInt32>, text: Set<Unicode.Scalar>) throws -> (bytes: [UInt8], mediaType: String)
}

/// A font a text run is drawn in.
public struct SVGFont: Hashable, Sendable {
    /// A key that tells fonts apart (their face, size aside).
    public var key: String
    /// The family name, as a client's font matching knows it.
    public var family: String
    public init(key: String, family: String) { self.key = key; self.family = family }
}

/// One run of glyphs of one font on one line.
public struct SVGTextRun: Sendable {
    /// The characters the run shows (an ellipsis where the line was cut).
    public var text: String
    /// The run's left edge and baseline, in points.
    public var x: Double
    public var baseline: Double
    /// The run's advance width, in points.
    public var width: Double
    /// The line the run is on (0 first).
    public var line: Int
    public var font: SVGFont
    /// The font's glyph ids the run draws.
    public var glyphs: [UInt32]
    /// An opaque index the source uses to find the run again (for outlines).
    public var index: Int
    public init(text: String, x: Double, baseline: Double, width: Double, line: Int, font: SVGFont, glyphs: [UInt32], index: Int) {
        self.text = text; self.x = x; self.baseline = baseline; self.width = width; self.line = line
        self.font = font; self.glyphs = glyphs; self.index = index
    }
}

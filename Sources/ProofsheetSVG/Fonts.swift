import ProofsheetCore

/// Embedded fonts (text mode `embed`): for each font text is drawn in, a subset holding the
/// glyphs it draws (and the characters that map to them), as an `@font-face` under the font's
/// own family name, for the weights drawn in it.
extension SVGWriter {
    mutating func writeFontFaces() throws {
        guard textMode == .embed, !fontOrder.isEmpty else { return }
        var css = ""
        for key in fontOrder {
            guard let use = fonts[key] else { continue }
            let subset = try source.fontSubset(use.font, glyphs: use.glyphs, text: use.text)
            let family = use.font.family.filter { $0 != "\"" && $0 != "\\" && $0 != ";" }
            let low = use.weights.min() ?? 400, high = use.weights.max() ?? 400
            let weight = low == high ? String(low) : "\(low) \(high)"
            css += "@font-face{font-family:\"\(family)\";font-weight:\(weight);src:url(data:\(subset.mediaType);base64,\(base64(subset.bytes)))}\n"
        }
        defs.open("style", [("type", "text/css")])
        defs.raw("\n")
        defs.text(css)
        defs.close("style")
        defs.raw("\n")
    }
}

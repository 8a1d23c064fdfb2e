import ProofsheetCore

/// Text as `<text>`: one per paragraph, in its font's size and weight and its paint, with a
/// `<tspan>` per run of one font on one line placed at the left edge and baseline the raster
/// path's layout gave it. In outline mode the glyphs become one path instead.
///
/// Runs in colour glyphs (emoji) are drawn as an image of the run at the output scale (clients
/// draw colour fonts differently or not at all: librsvg fills their outlines in one colour);
/// in text modes their `<tspan>` stays, transparent, so the text is whole for search and
/// selection.
extension SVGWriter {
    mutating func writeText(_ run: TextRun) throws {
        let runs = try source.textRuns(run)
        guard !runs.isEmpty else { return }
        var colorRuns = Set<Int>()
        for r in runs {
            guard let image = try source.colorGlyphImage(of: r, in: run, scale: scale) else { continue }
            colorRuns.insert(r.index)
            writeEmbeddedImage(png: image.png, frame: image.frame)
        }
        let paint = paintAttributes(run.paint, in: run.frame, "fill")
        if textMode == .outline {
            var d = ""
            for r in runs where !colorRuns.contains(r.index) {
                if let path = try source.outline(of: r, in: run) { d += path }
            }
            if !d.isEmpty { body.element("path", [("d", d)] + paint) }
            return
        }
        var attributes = [("xml:space", "preserve"), ("font-size", num(run.font.size))]
        if run.font.weight != 400 { attributes.append(("font-weight", String(run.font.weight))) }
        body.open("text", attributes + paint)
        for r in runs {
            var use = fonts[r.font.key] ?? FontUse(font: r.font)
            if use.weights.isEmpty { fontOrder.append(r.font.key) }
            use.glyphs.formUnion(r.glyphs)
            use.text.formUnion(r.text.unicodeScalars)
            use.weights.insert(run.font.weight)
            fonts[r.font.key] = use
            var attributes = [("x", num(r.x)), ("y", num(r.baseline)), ("font-family", Self.familyList(r.font.family))]
            if colorRuns.contains(r.index) { attributes.append(("fill-opacity", "0")) }
            body.open("tspan", attributes)
            body.text(r.text)
            body.close("tspan")
        }
        body.close("text")
        body.raw("\n")
    }

    /// A `font-family` value: the family, quoted when it has spaces, then a generic family.
    static func familyList(_ family: String) -> String {
        let clean = family.filter { $0 != "'" && $0 != "\"" && $0 != ";" }
        let lower = clean.lowercased()
        let generic = lower.contains("mono") ? "monospace" : lower.contains("serif") && !lower.contains("sans") ? "serif" : "sans-serif"
        return (clean.contains(" ") ? "'\(clean)'" : clean) + ", " + generic
    }
}

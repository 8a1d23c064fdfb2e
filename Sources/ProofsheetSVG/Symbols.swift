import ProofsheetCore

/// Symbols (icon-font glyphs) as paths: the icon font is not a designer's font, so its glyphs
/// are drawn as outlines in the symbol's paint. A knockout layer erases what the layers before it
/// drew, through a mask.
extension SVGWriter {
    mutating func writeSymbol(_ s: SymbolDraw) throws {
        let layers = try source.symbolLayers(s)
        guard !layers.isEmpty else { return }
        let paint = paintAttributes(s.paint, in: s.frame, "fill")
        // What is drawn so far, as markup.
        var drawn = ""
        let area = s.frame.insetBy(-2 * max(1, s.pointSize))
        for layer in layers where !layer.path.isEmpty {
            if !layer.knockout {
                drawn += "<path d=\"\(layer.path)\"/>"
                continue
            }
            guard !drawn.isEmpty else { continue }
            let id = newID("mask")
            var mask = XMLBuffer()
            mask.open(
                "mask",
                [
                    ("id", id), ("maskUnits", "userSpaceOnUse"), ("x", num(area.minX)), ("y", num(area.minY)), ("width", num(area.width)),
                    ("height", num(area.height))
                ])
            mask.open(
                "rect",
                [("x", num(area.minX)), ("y", num(area.minY)), ("width", num(area.width)), ("height", num(area.height)), ("fill", "#ffffff")],
                selfClosing: true)
            mask.open("path", [("d", layer.path), ("fill", "#000000")], selfClosing: true)
            mask.close("mask")
            defs.bytes += mask.bytes
            defs.raw("\n")
            drawn = "<g mask=\"url(#\(id))\">" + drawn + "</g>"
        }
        guard !drawn.isEmpty else { return }
        body.open("g", paint)
        body.raw(drawn)
        body.close("g")
        body.raw("\n")
    }
}

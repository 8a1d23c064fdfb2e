import ProofsheetCore

/// SF Symbol names mapped to Proofsheet's own drawings (``SymbolDrawings``) or to glyphs of
/// Google's Material Icons font (Debian's `fonts-material-design-icons-iconfont`), composed
/// with an own circle where SF Symbols has a circled form the font lacks. The names and their
/// glyphs are the table in `SymbolTable.swift`.
///
/// NB: SF Symbols cannot ship; every icon here is a substitute. A glyph symbol is drawn in a
/// square frame as wide and tall as its point size; an own drawing (and a symbol composed on
/// an own circle) in its ink box at the point size, as SF's symbol images hug their ink.
public enum SymbolCatalog {
    /// The names drawn entirely by Proofsheet (the seeds' symbols and their close relatives).
    static let ownDrawings: [String: String] = [
        "xmark": "xmark", "multiply": "xmark",
        "heart": "heart", "heart.fill": "heart.fill",
        "circle": "circle", "circle.fill": "circle.fill",
        "x.circle": "x.circle", "xmark.circle": "x.circle", "x.circle.fill": "x.circle.fill", "xmark.circle.fill": "x.circle.fill",
        "heart.circle": "heart.circle", "heart.circle.fill": "heart.circle.fill",
        "line.3.horizontal": "line.3.horizontal", "line.horizontal.3": "line.3.horizontal",
        "mappin.and.ellipse": "mappin.and.ellipse"
    ]

    /// The size of a glyph inside an own circle, of the point size.
    static let innerScale = 0.55

    /// The layers of each supported symbol name.
    public static let symbols: [String: [SymbolLayer]] = {
        var out: [String: [SymbolLayer]] = [:]
        func codepoint(_ glyph: String) -> UInt32 { materialCodepoints[glyph] ?? 0 }
        for (name, entry) in table {
            switch entry {
            case .glyph(let g): out[name] = [SymbolLayer(codepoint(g))]
            case .inCircle(let g): out[name] = [SymbolLayer(drawing: "circle"), SymbolLayer(codepoint(g), scale: innerScale)]
            case .outOfDisc(let g):
                out[name] = [SymbolLayer(drawing: "circle.fill"), SymbolLayer(codepoint(g), scale: innerScale, knockout: true)]
            }
        }
        for (name, drawing) in ownDrawings { out[name] = [SymbolLayer(drawing: drawing)] }
        return out
    }()

    /// Whether the symbol points the other way in a right-to-left layout: SF Symbols' directional
    /// ones, named with `forward` or `backward` after their first part (`chevron.forward`,
    /// `arrow.uturn.backward`), and the lists (`list.bullet`). Left and right stay left and right
    /// (`chevron.left`, `text.alignleft`); media controls (`forward.fill`, `backward.end`) keep their direction,
    /// as the Human Interface Guidelines say of playback controls.
    public static func flipsRightToLeft(_ name: String) -> Bool {
        let parts = name.split(separator: ".")
        guard parts.count > 1 else { return false }
        if parts.dropFirst().contains(where: { $0 == "forward" || $0 == "backward" }) { return true }
        return parts[0] == "list"
    }

    /// The layers for `name`, or an error naming close symbol names.
    public static func layers(for name: String, at location: SourceLocation? = nil) throws -> [SymbolLayer] {
        if let layers = symbols[name] { return layers }
        let close = suggestions(for: name)
        throw ProofsheetError.badInput(
            "unknown symbol '\(excerpt(name))'", at: location,
            hint: close.isEmpty
                ? "run `proofsheet symbols` for the supported names"
                : "did you mean \(listForHint(close.map { "'\($0)'" }))? (`proofsheet symbols` lists all)")
    }

    /// Close names for an unknown one: names of the same base (the part before the first dot,
    /// e.g. `heart.square` → `heart`, `heart.fill`, `heart.circle`) first, closest spelling first;
    /// then the closest of all names.
    static func suggestions(for name: String) -> [String] {
        let base = name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? name
        let sameBase = symbols.keys.filter { $0 == base || $0.hasPrefix(base + ".") }
        var close = closeNames(to: name, in: sameBase)
        if close.isEmpty, !sameBase.isEmpty, name.contains(".") {
            close = Array(sameBase.sorted { ($0.count, $0) < ($1.count, $1) }.prefix(3))
        }
        for c in closeNames(to: name, in: symbols.keys) where close.count < 3 && !close.contains(c) { close.append(c) }
        return close
    }
}

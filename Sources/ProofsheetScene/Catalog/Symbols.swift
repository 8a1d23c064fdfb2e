import ProofsheetCore

/// SF Symbol names mapped to glyphs of Google's Material Icons font (Debian's
/// `fonts-material-design-icons-iconfont`), composed where SF Symbols has a combination.
///
/// NB: SF Symbols cannot ship; every icon here is a substitute. A symbol is drawn in a square
/// frame as wide and tall as its point size (SF symbols vary a little around that).
public enum SymbolCatalog {
    /// Material Icons codepoints used below, by their Material names.
    enum M {
        static let menu: UInt32 = 0xE5D2, pinDrop: UInt32 = 0xE55E, locationOn: UInt32 = 0xE0C8
        static let favorite: UInt32 = 0xE87D, favoriteBorder: UInt32 = 0xE87E
        static let lens: UInt32 = 0xE3FA, ringOutline: UInt32 = 0xE836
        static let close: UInt32 = 0xE5CD, highlightOff: UInt32 = 0xE888, cancel: UInt32 = 0xE5C9
    }

    /// The glyph layers of each supported symbol name.
    public static let symbols: [String: [SymbolLayer]] = [
        "line.horizontal.3": [SymbolLayer(M.menu)],
        "line.3.horizontal": [SymbolLayer(M.menu)],
        "mappin.and.ellipse": [SymbolLayer(M.pinDrop)],
        "mappin": [SymbolLayer(M.locationOn)],
        "heart": [SymbolLayer(M.favoriteBorder)],
        "heart.fill": [SymbolLayer(M.favorite)],
        "heart.circle": [SymbolLayer(M.ringOutline), SymbolLayer(M.favorite, scale: 0.5, dy: 0.01)],
        "heart.circle.fill": [SymbolLayer(M.lens), SymbolLayer(M.favorite, scale: 0.5, dy: 0.01, knockout: true)],
        "xmark": [SymbolLayer(M.close)],
        "x.circle": [SymbolLayer(M.highlightOff)],
        "xmark.circle": [SymbolLayer(M.highlightOff)],
        "x.circle.fill": [SymbolLayer(M.cancel)],
        "xmark.circle.fill": [SymbolLayer(M.cancel)],
        "circle": [SymbolLayer(M.ringOutline)],
        "circle.fill": [SymbolLayer(M.lens)],
        "star": [SymbolLayer(0xE83A)], "star.fill": [SymbolLayer(0xE838)],
        "person": [SymbolLayer(0xE7FF)], "person.fill": [SymbolLayer(0xE7FD)],
        "gearshape": [SymbolLayer(0xE8B8)], "gear": [SymbolLayer(0xE8B8)],
        "magnifyingglass": [SymbolLayer(0xE8B6)],
        "house": [SymbolLayer(0xE88A)], "house.fill": [SymbolLayer(0xE88A)],
        "trash": [SymbolLayer(0xE92E)], "trash.fill": [SymbolLayer(0xE872)],
        "square.and.arrow.up": [SymbolLayer(0xE6B8)],
        "info.circle": [SymbolLayer(0xE88F)], "info.circle.fill": [SymbolLayer(0xE88E)],
        "checkmark": [SymbolLayer(0xE5CA)], "checkmark.circle.fill": [SymbolLayer(0xE86C)],
        "plus": [SymbolLayer(0xE145)], "plus.circle": [SymbolLayer(0xE148)], "plus.circle.fill": [SymbolLayer(0xE147)],
        "minus": [SymbolLayer(0xE15B)],
        "chevron.left": [SymbolLayer(0xE5CB)], "chevron.right": [SymbolLayer(0xE5CC)],
        "arrow.left": [SymbolLayer(0xE5C4)], "arrow.right": [SymbolLayer(0xE5C8)],
        "bookmark": [SymbolLayer(0xE867)], "bookmark.fill": [SymbolLayer(0xE866)],
        "bell": [SymbolLayer(0xE7F5)], "bell.fill": [SymbolLayer(0xE7F4)],
        "envelope": [SymbolLayer(0xE0E1)], "envelope.fill": [SymbolLayer(0xE158)],
        "phone.fill": [SymbolLayer(0xE0CD)], "camera.fill": [SymbolLayer(0xE3B0)],
        "photo": [SymbolLayer(0xE410)],
        "hand.thumbsup.fill": [SymbolLayer(0xE8DC)], "hand.thumbsdown.fill": [SymbolLayer(0xE8DB)],
        "ellipsis": [SymbolLayer(0xE5D3)], "lock.fill": [SymbolLayer(0xE897)],
        "pencil": [SymbolLayer(0xE3C9)], "paperplane.fill": [SymbolLayer(0xE163)],
        "wifi": [SymbolLayer(0xE63E)], "battery.100": [SymbolLayer(0xE1A4)],
        "cellularbars": [SymbolLayer(0xE1C8)],
        "play.fill": [SymbolLayer(0xE037)], "pause.fill": [SymbolLayer(0xE034)],
        "arrow.clockwise": [SymbolLayer(0xE5D5)], "cart": [SymbolLayer(0xE8CC)],
        "calendar": [SymbolLayer(0xE935)], "airplane": [SymbolLayer(0xE539)],
        "map": [SymbolLayer(0xE55B)], "safari": [SymbolLayer(0xE87A)],
        "location.fill": [SymbolLayer(0xE569)], "face.smiling": [SymbolLayer(0xE7F2)]
    ]

    /// The layers for `name`, or an error naming close symbol names.
    public static func layers(for name: String, at location: SourceLocation? = nil) throws -> [SymbolLayer] {
        if let layers = symbols[name] { return layers }
        let close = closeNames(to: name, in: symbols.keys)
        throw ProofsheetError.badInput(
            "unknown symbol '\(excerpt(name))'", at: location,
            hint: close.isEmpty
                ? "run `proofsheet symbols` for the supported names"
                : "did you mean \(listForHint(close.map { "'\($0)'" }))? (`proofsheet symbols` lists all)")
    }
}

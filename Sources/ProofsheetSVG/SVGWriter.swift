import ProofsheetCore

/// Writes a display list as SVG directly: text as text, effects as filters, clips and gradients,
/// each image embedded once. Sizes are in points with a `viewBox`; ids are numbered per kind in
/// document order (`clip0`, `grad0`, `filter0`, `img0` …) and attributes come in a fixed order,
/// so the same list gives the same bytes.
///
/// One emitter per feature: shapes and paints (`Shapes.swift`), groups and their effects
/// (`Effects.swift`), text (`Text.swift`), symbols (`Symbols.swift`), images (`Images.swift`),
/// embedded fonts (`Fonts.swift`).
public struct SVGWriter {
    let source: SVGSource
    /// Pixels per point of the output: images are embedded at most at this resolution.
    let scale: Double
    let textMode: SVGTextMode

    var defs = XMLBuffer()
    var body = XMLBuffer()
    private var counters: [String: Int] = [:]
    /// The images drawn, in order of first use, and the most pixels any use needs.
    var images: [String: ImageUse] = [:]
    var imageOrder: [String] = []
    /// The fonts text is drawn in, in order of first use, with what they draw.
    var fonts: [String: FontUse] = [:]
    var fontOrder: [String] = []
    /// The scale of the transforms around the item being written (for image resolution).
    var transformScale = (x: 1.0, y: 1.0)
    /// The list being written, where a material finds its backdrop.
    var list: DisplayList? = nil
    /// The place of the item being written (indices down through groups), and the transform
    /// from its coordinates to the canvas's.
    var path: [Int] = []
    var ctm = Transform.identity

    struct ImageUse {
        var id: String
        var width: Int
        var height: Int
    }

    struct FontUse {
        var font: SVGFont
        var glyphs: Set<UInt32> = []
        var text: Set<Unicode.Scalar> = []
        var weights: Set<Int> = []
    }

    public init(source: SVGSource, scale: Double, textMode: SVGTextMode) {
        self.source = source; self.scale = scale; self.textMode = textMode
    }

    /// The SVG document for `list`.
    public static func write(_ list: DisplayList, source: SVGSource, scale: Double, textMode: SVGTextMode) throws -> [UInt8] {
        var w = SVGWriter(source: source, scale: scale, textMode: textMode)
        return try w.document(list)
    }

    /// Every id given out.
    private var usedIDs: Set<String> = []

    /// A new id with `prefix`, numbered in order of use (skipping a number a view's name took).
    mutating func newID(_ prefix: String) -> String {
        while true {
            let n = counters[prefix, default: 0]
            counters[prefix] = n + 1
            let id = prefix + String(n)
            if usedIDs.insert(id).inserted { return id }
        }
    }

    /// The id for a view's name: made a valid XML name (other characters become `_`), and
    /// unique (`-2`, `-3` … after the first).
    /// A view's identity as one class token: `view` and its path, every character that is not a
    /// letter or digit made a `-` (`/1/0[Yosemite, USA]:3` → `view-1-0-Yosemite--USA--3`).
    static func viewClass(_ identity: String) -> String {
        "view" + String(identity.unicodeScalars.prefix(256).map { u in u.properties.isAlphabetic || ("0"..."9").contains(u) ? Character(u) : "-" })
    }

    mutating func viewID(_ name: String) -> String {
        var base = String(
            name.unicodeScalars.prefix(64).map { u -> Character in
                let ok = (u >= "a" && u <= "z") || (u >= "A" && u <= "Z") || (u >= "0" && u <= "9") || u == "-" || u == "_" || u == "."
                return ok ? Character(u) : "_"
            })
        if base.isEmpty || !(base.first!.isLetter || base.first == "_") { base = "_" + base }
        if usedIDs.insert(base).inserted { return base }
        var k = 2
        while !usedIDs.insert("\(base)-\(k)").inserted { k += 1 }
        return "\(base)-\(k)"
    }

    mutating func document(_ list: DisplayList) throws -> [UInt8] {
        if let bg = list.background {
            body.element(
                "rect", [("width", num(list.size.width)), ("height", num(list.size.height))] + colorAttributes(bg, "fill"))
        }
        self.list = list
        for (i, item) in list.items.enumerated() {
            path = [i]
            try write(item)
        }
        try writeImageDefinitions()
        try writeFontFaces()

        var out = XMLBuffer()
        out.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        let w = num(list.size.width), h = num(list.size.height)
        out.open(
            "svg",
            [
                ("xmlns", "http://www.w3.org/2000/svg"), ("xmlns:xlink", "http://www.w3.org/1999/xlink"), ("width", w),
                ("height", h), ("viewBox", "0 0 \(w) \(h)")
            ])
        out.raw("\n")
        if !defs.bytes.isEmpty {
            out.raw("<defs>\n")
            out.bytes += defs.bytes
            out.raw("</defs>\n")
        }
        out.bytes += body.bytes
        out.raw("</svg>\n")
        return out.bytes
    }

    mutating func write(_ item: DisplayItem) throws {
        switch item {
        case .fill(let shape, let paint): writeShape(shape, fill: paint, stroke: nil)
        case .stroke(let shape, let paint, let width): writeShape(shape, fill: nil, stroke: (paint, width))
        case .text(let run): try writeText(run)
        case .image(let image): try writeImage(image)
        case .symbol(let symbol): try writeSymbol(symbol)
        case .group(let group): try writeGroup(group)
        case .material: try writeMaterial()
        }
    }
}

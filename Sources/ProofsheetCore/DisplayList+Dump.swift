/// A stable, human-readable text form of a display list, for text goldens and debugging.
extension DisplayList {
    /// One line per item, children indented by two spaces; numbers with at most 3 decimals.
    public func dump() -> String {
        var out = "canvas \(fmt(size.width))x\(fmt(size.height))"
        if let background { out += " background \(background.hexString)" }
        out += "\n"
        for item in items { item.dump(into: &out, indent: 1) }
        return out
    }
}

extension DisplayItem {
    func dump(into out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent)
        switch self {
        case .group(let g):
            var parts = ["group"]
            if let name = g.name { parts.append("\"\(escaped(name))\"") }
            if !g.transform.isIdentity {
                let t = g.transform
                parts.append("transform(\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(fmt).joined(separator: " ")))")
            }
            if let clip = g.clip { parts.append("clip \(clip.dump)") }
            if g.opacity != 1 { parts.append("opacity \(fmt(g.opacity))") }
            if let s = g.shadow {
                parts.append("shadow \(s.color.hexString) r\(fmt(s.radius)) x\(fmt(s.x)) y\(fmt(s.y))")
            }
            if let b = g.blur { parts.append("blur \(fmt(b))") }
            out += pad + parts.joined(separator: " ") + "\n"
            for c in g.children { c.dump(into: &out, indent: indent + 1) }
        case .fill(let shape, let paint):
            out += pad + "fill \(shape.dump) \(paint.dump)\n"
        case .stroke(let shape, let paint, let w):
            out += pad + "stroke \(shape.dump) \(paint.dump) w\(fmt(w))\n"
        case .text(let t):
            var s =
                "text \"\(escaped(t.text))\" \(rectDump(t.frame)) \(t.font.design.rawValue) \(fmt(t.font.size))/\(fmt(t.font.lineHeight)) w\(t.font.weight)\(t.font.styleDump) \(t.paint.dump)"
            if t.alignment != .leading { s += " \(t.alignment.rawValue)" }
            if let l = t.lineLimit { s += " lines\(l)" }
            out += pad + s + "\n"
        case .image(let i):
            out += pad + "image \(i.path.split(separator: "/").last.map(String.init) ?? i.path) \(rectDump(i.frame))\n"
        case .symbol(let s):
            out += pad + "symbol \(s.name) \(rectDump(s.frame)) pt\(fmt(s.pointSize)) \(s.paint.dump)\n"
        case .material(let m):
            out += pad + "material \(m.material.styleName) \(m.shape.dump)\n"
        }
    }
}

extension DisplayShape {
    var dump: String {
        switch self {
        case .rect(let r): return "rect\(rectDump(r))"
        case .roundedRect(let r, let radius, let cont):
            return "roundedRect\(rectDump(r)) r\(fmt(radius))\(cont ? " continuous" : "")"
        case .ellipse(let r): return "ellipse\(rectDump(r))"
        case .capsule(let r): return "capsule\(rectDump(r))"
        case .polyline(let points, let closed):
            let list = points.map { "\(fmt($0.x)),\(fmt($0.y))" }.joined(separator: " ")
            return "polyline(\(list))\(closed ? " closed" : "")"
        }
    }
}

extension Paint {
    var dump: String {
        switch self {
        case .color(let c): return c.hexString
        case .linearGradient(let stops, let s, let e):
            let st = stops.map { "\($0.color.hexString)@\(fmt($0.location))" }.joined(separator: ",")
            return "linear(\(fmt(s.x)),\(fmt(s.y))→\(fmt(e.x)),\(fmt(e.y)) \(st))"
        }
    }
}

/// Text with backslash, quote and control characters escaped, so a dump stays one item a line.
func escaped(_ s: String) -> String { backslashEscaped(s, .dump) }

func rectDump(_ r: Rect) -> String { "(\(fmt(r.minX)),\(fmt(r.minY)) \(fmt(r.width))x\(fmt(r.height)))" }

/// A number with at most three decimals and no trailing zeros ("-0" printed as "0").
/// A byte count for messages: `512 bytes`, `20 KiB`, `3.5 MiB`, `1 GiB`.
package func byteSize(_ n: Int) -> String {
    if n < 1024 { return "\(n) byte\(n == 1 ? "" : "s")" }
    let units = ["KiB", "MiB", "GiB", "TiB"]
    var v = Double(n) / 1024, u = 0
    while v >= 1024 && u < units.count - 1 { v /= 1024; u += 1 }
    return "\(fmt((v * 10).rounded() / 10)) \(units[u])"
}

/// A number for messages and dumps: at most three decimals (see ``decimalText(_:places:keepZeros:grouped:)``),
/// `nan` and `inf` spelt out, and from 10¹² on, all its digits.
package func fmt(_ v: Double) -> String {
    guard v.isFinite else { return v.isNaN ? "nan" : (v > 0 ? "inf" : "-inf") }
    if abs(v) >= 1e12 { return String(v) }
    return decimalText(v, places: 3)!
}

extension FontSpec {
    /// The text styles that are not the default, for the dump: ` italic tracking 2 underline`.
    var styleDump: String {
        var s = ""
        if italic { s += " italic" }
        if tracking != 0 { s += " tracking \(fmt(tracking))" }
        if lineSpacing != 0 { s += " lineSpacing \(fmt(lineSpacing))" }
        if underline { s += " underline" }
        if strikethrough { s += " strikethrough" }
        return s
    }
}

import Proofsheet
import ProofsheetLayout

/// `proofsheet layout --json`: the laid-out views as JSON, one object per view.
///
/// Keys come in a fixed order: `identity`, `name`, `id` (when set), `frame` (exact, unsnapped),
/// `zIndex` (when not 0), `effects` (only those that change the drawing, in the order offset,
/// scale, rotation, opacity, clip, shadow, blur, hidden), `children`. Numbers are printed in full
/// precision (the shortest text that reads back as the same double; whole numbers without a
/// fraction); a number that is not finite is `null`.
enum LayoutJSON {
    /// The JSON text of `tree`, indented by two spaces, ending with a newline.
    static func text(_ tree: ResolvedView) -> String {
        var out = ""
        write(tree, into: &out, indent: 0)
        return out + "\n"
    }

    private static func write(_ v: ResolvedView, into out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1)
        var members = [
            ("identity", string(v.identity.description)),
            ("name", string(v.name))
        ]
        if let id = v.id { members.append(("id", string(id))) }
        let f = v.frame
        members.append(("frame", object([("x", number(f.minX)), ("y", number(f.minY)), ("width", number(f.width)), ("height", number(f.height))])))
        if v.zIndex != 0 { members.append(("zIndex", number(v.zIndex))) }
        let e = effects(v.effects)
        if !e.isEmpty { members.append(("effects", object(e))) }
        out += "{\n"
        for (key, value) in members { out += pad + string(key) + ": " + value + ",\n" }
        out += pad + "\"children\": ["
        for (k, c) in v.children.enumerated() {
            out += (k == 0 ? "\n" : ",\n") + pad + "  "
            write(c, into: &out, indent: indent + 2)
        }
        out += (v.children.isEmpty ? "" : "\n" + pad) + "]\n" + String(repeating: "  ", count: indent) + "}"
    }

    /// The effects that change the drawing, as JSON members.
    private static func effects(_ e: ResolvedView.Effects) -> [(String, String)] {
        var m: [(String, String)] = []
        if e.offset != .zero { m.append(("offset", object([("x", number(e.offset.x)), ("y", number(e.offset.y))]))) }
        if !e.scale.isIdentity {
            m.append(("scale", object([("x", number(e.scale.x)), ("y", number(e.scale.y)), ("anchor", point(e.scale.anchor))])))
        }
        if !e.rotation.isIdentity {
            m.append(("rotation", object([("degrees", number(e.rotation.degrees)), ("anchor", point(e.rotation.anchor))])))
        }
        if !(e.opacity >= 1) { m.append(("opacity", number(e.opacity))) }
        if let kind = e.clip { m.append(("clip", shape(kind))) }
        if let s = e.shadow {
            m.append(("shadow", object([("color", string(s.color.hexString)), ("radius", number(s.radius)), ("x", number(s.x)), ("y", number(s.y))])))
        }
        if !(e.blur <= 0) { m.append(("blur", number(e.blur))) }
        if e.hidden { m.append(("hidden", "true")) }
        return m
    }

    /// A shape as the scene format writes it: a name, or `{"roundedRectangle": r, "style": …}`.
    private static func shape(_ kind: ShapeKind) -> String {
        switch kind {
        case .rectangle: return string("rectangle")
        case .circle: return string("circle")
        case .ellipse: return string("ellipse")
        case .capsule: return string("capsule")
        case .roundedRectangle(let radius, let continuous):
            return object([("roundedRectangle", number(radius)), ("style", string(continuous ? "continuous" : "circular"))])
        }
    }

    private static func point(_ p: UnitPoint) -> String { object([("x", number(p.x)), ("y", number(p.y))]) }

    /// A one-line object of members already in JSON.
    private static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }

    /// A number in full precision: the shortest text that reads back as the same double.
    static func number(_ v: Double) -> String { jsonNumber(v) }

    /// A JSON string: quotes, backslashes and control characters escaped.
    static func string(_ s: String) -> String { jsonString(s) }
}

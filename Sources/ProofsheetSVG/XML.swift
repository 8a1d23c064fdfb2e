import ProofsheetCore

/// A minimal XML writer: elements with attributes in the order given, text escaped, numbers in a
/// fixed short form. The same input gives the same bytes.
struct XMLBuffer {
    var bytes: [UInt8] = []

    mutating func raw(_ s: String) { bytes.append(contentsOf: s.utf8) }

    /// `<name a="v" …` followed by `>` (open) or `/>`.
    mutating func open(_ name: String, _ attributes: [(String, String)], selfClosing: Bool = false) {
        raw("<" + name)
        for (k, v) in attributes { raw(" \(k)=\"\(escapeAttribute(v))\"") }
        raw(selfClosing ? "/>" : ">")
    }

    mutating func element(_ name: String, _ attributes: [(String, String)]) { open(name, attributes, selfClosing: true); raw("\n") }

    mutating func close(_ name: String) { raw("</\(name)>") }

    mutating func text(_ s: String) { raw(escapeText(s)) }
}

/// Text content escaped for XML; characters XML 1.0 cannot hold are dropped.
func escapeText(_ s: String) -> String { markupEscaped(s, .svgText) }

/// An attribute value escaped for XML (also quotes and line breaks).
func escapeAttribute(_ s: String) -> String { markupEscaped(s, .svgAttribute) }

/// A number with at most three decimals, no trailing zeros, no exponent, no "-0".
func num(_ v: Double) -> String { num(v, decimals: 3) }

/// A coordinate as the SVG writer spells it (for path data made outside it).
public func svgNumber(_ v: Double) -> String { num(v, decimals: 3) }

func num(_ v: Double, decimals: Int) -> String {
    guard v.isFinite else { return "0" }
    return decimalText(v, places: decimals) ?? String(Int64(v.rounded()))
}

/// Standard base64 of bytes.
func base64(_ bytes: [UInt8]) -> String {
    let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var out = [UInt8]()
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var i = 0
    while i + 2 < bytes.count {
        let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
        out += [table[Int(n >> 18 & 63)], table[Int(n >> 12 & 63)], table[Int(n >> 6 & 63)], table[Int(n & 63)]]
        i += 3
    }
    let rest = bytes.count - i
    if rest == 1 {
        let n = UInt32(bytes[i]) << 16
        out += [table[Int(n >> 18 & 63)], table[Int(n >> 12 & 63)], 61, 61]
    } else if rest == 2 {
        let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
        out += [table[Int(n >> 18 & 63)], table[Int(n >> 12 & 63)], table[Int(n >> 6 & 63)], 61]
    }
    return String(decoding: out, as: UTF8.self)
}

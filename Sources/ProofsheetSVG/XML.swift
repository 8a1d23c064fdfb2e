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
func escapeText(_ s: String) -> String {
    var out = ""
    out.reserveCapacity(s.utf8.count)
    for u in s.unicodeScalars {
        switch u {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        default:
            let v = u.value
            let allowed = v == 0x9 || v == 0xA || v == 0xD || (v >= 0x20 && v <= 0xD7FF) || (v >= 0xE000 && v <= 0xFFFD) || v >= 0x10000
            if allowed { out.unicodeScalars.append(u) }
        }
    }
    return out
}

/// An attribute value escaped for XML (also quotes and line breaks).
func escapeAttribute(_ s: String) -> String {
    var out = ""
    for c in escapeText(s).unicodeScalars {
        switch c {
        case "\"": out += "&quot;"
        case "\n": out += "&#10;"
        case "\r": out += "&#13;"
        case "\t": out += "&#9;"
        default: out.unicodeScalars.append(c)
        }
    }
    return out
}

/// A number with at most three decimals, no trailing zeros, no exponent, no "-0".
func num(_ v: Double) -> String { num(v, decimals: 3) }

/// A coordinate as the SVG writer spells it (for path data made outside it).
public func svgNumber(_ v: Double) -> String { num(v, decimals: 3) }

func num(_ v: Double, decimals: Int) -> String {
    guard v.isFinite else { return "0" }
    var p = 1.0
    for _ in 0..<decimals { p *= 10 }
    let scaled = (abs(v) * p).rounded()
    guard scaled < 9e15 else { return String(Int64(v.rounded())) }
    let n = Int64(scaled)
    if n == 0 { return "0" }
    let whole = n / Int64(p), frac = n % Int64(p)
    var s = (v < 0 ? "-" : "") + String(whole)
    if frac != 0 {
        var f = String(frac)
        while f.count < decimals { f = "0" + f }
        while f.hasSuffix("0") { f.removeLast() }
        s += "." + f
    }
    return s
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

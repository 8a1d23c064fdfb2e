/// How Proofsheet spells text and numbers in what it writes: the one home of every escaper (XML,
/// HTML, SVG, JUnit, JSON, dumps, messages) and of the decimal writer behind every number format.

// MARK: - Escaping

/// How markup (XML, HTML, SVG) is escaped: `&`, `<` and `>` always; quotes, line breaks and
/// characters XML 1.0 cannot hold as the style says.
public struct MarkupStyle: Sendable {
    /// What `"` becomes (nil: kept).
    var quote: String?
    /// What `'` becomes (nil: kept).
    var apostrophe: String?
    /// Whether tab, line feed and carriage return become character references (in attribute
    /// values, so that they survive attribute normalisation).
    var breaksAsReferences: Bool
    /// What a character XML 1.0 cannot hold (C0 controls but tab, LF and CR; U+FFFE, U+FFFF)
    /// becomes: nil keeps it (HTML), "" drops it.
    var invalid: String?

    /// SVG text content: invalid characters dropped.
    public static let svgText = MarkupStyle(quote: nil, apostrophe: nil, breaksAsReferences: false, invalid: "")
    /// SVG attribute values (double-quoted).
    public static let svgAttribute = MarkupStyle(quote: "&quot;", apostrophe: nil, breaksAsReferences: true, invalid: "")
    /// HTML content and attribute values.
    public static let html = MarkupStyle(quote: "&quot;", apostrophe: "&#39;", breaksAsReferences: false, invalid: nil)
    /// XML text content (JUnit): invalid characters become U+FFFD.
    public static let xmlText = MarkupStyle(quote: "&quot;", apostrophe: "&apos;", breaksAsReferences: false, invalid: "\u{FFFD}")
    /// XML attribute values (JUnit).
    public static let xmlAttribute = MarkupStyle(quote: "&quot;", apostrophe: "&apos;", breaksAsReferences: true, invalid: "\u{FFFD}")
}

/// `text` escaped for markup in `style`.
public func markupEscaped(_ text: String, _ style: MarkupStyle) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for u in text.unicodeScalars {
        switch u.value {
        case 0x26: out += "&amp;"
        case 0x3C: out += "&lt;"
        case 0x3E: out += "&gt;"
        case 0x22: if let q = style.quote { out += q } else { out.unicodeScalars.append(u) }
        case 0x27: if let a = style.apostrophe { out += a } else { out.unicodeScalars.append(u) }
        case 0x09, 0x0A, 0x0D: if style.breaksAsReferences { out += "&#\(u.value);" } else { out.unicodeScalars.append(u) }
        case 0x00...0x1F, 0xFFFE, 0xFFFF: if let r = style.invalid { out += r } else { out.unicodeScalars.append(u) }
        default: out.unicodeScalars.append(u)
        }
    }
    return out
}

/// How text is escaped with backslashes: quotes, backslashes and control characters.
public enum BackslashStyle: Sendable {
    /// A JSON string's content: `\n`, `\r`, `\t`, other controls as `\u00XX`.
    case json
    /// A dump (display list, layout): `\n`, `\t`, other controls as `\u{X}`.
    case dump
}

/// `text` with `"`, `\` and control characters (below U+0020, and DEL) escaped in `style`.
public func backslashEscaped(_ text: String, _ style: BackslashStyle) -> String {
    var out = ""
    for u in text.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r" where style == .json: out += "\\r"
        case _ where u.value < 0x20 || u.value == 0x7F:
            let hex = String(u.value, radix: 16)
            out += style == .json ? "\\u" + String(repeating: "0", count: 4 - hex.count) + hex : "\\u{\(hex)}"
        default: out.unicodeScalars.append(u)
        }
    }
    return out
}

/// `text` with every control character escaped as `\u{…}`: C0 controls (newline, carriage
/// return, tab, ESC of ANSI sequences), DEL, C1 controls and the Unicode line and paragraph
/// separators. The one escaper of every message: text quoted from an input never starts a line
/// of its own (GitHub Actions runs a log line starting `::` as a workflow command) nor moves or
/// recolours the terminal. Escaping twice changes nothing more.
public func visible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var out = String.UnicodeScalarView()
    for u in text.unicodeScalars {
        if isControl(u) { out.append(contentsOf: "\\u{\(String(u.value, radix: 16))}".unicodeScalars) } else { out.append(u) }
    }
    return String(out)
}

/// `text` as one word for a POSIX shell: as it is when it holds only letters, digits and
/// `_ . / - + = : @ ,`, else in single quotes (a quote inside written `'\''`), so a command
/// printed for the user runs as shown when pasted.
public func shellQuoted(_ text: String) -> String {
    let plain =
        !text.isEmpty
        && text.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || "_./-+=:@,".utf8.contains(b)
        }
    return plain ? text : "'" + text.replacing("'", with: "'\\''") + "'"
}

/// Whether `u` is escaped by ``visible(_:)``.
func isControl(_ u: Unicode.Scalar) -> Bool {
    u.value < 0x20 || (0x7F...0x9F).contains(u.value) || u.value == 0x2028 || u.value == 0x2029
}

// MARK: - Numbers

/// `v` in decimal with at most `places` decimals (rounded half away from zero), never an
/// exponent, never `-0`: trailing zeros dropped unless `keepZeros`, thousands grouped with `,`
/// when `grouped`. Nil when `v` is not finite or has 16 digits or more at that precision (the
/// caller says how such a number is shown).
public func decimalText(_ v: Double, places: Int, keepZeros: Bool = false, grouped: Bool = false) -> String? {
    guard v.isFinite else { return nil }
    var p = 1.0
    for _ in 0..<places { p *= 10 }
    let scaled = (v.magnitude * p).rounded()
    guard scaled < 9e15 else { return nil }
    let n = Int64(scaled), unit = Int64(p)
    if n == 0 && !keepZeros { return "0" }
    var whole = String(n / unit)
    if grouped, whole.count > 3 {
        var out = ""
        for (i, d) in whole.enumerated() {
            if i > 0, (whole.count - i) % 3 == 0 { out.append(",") }
            out.append(d)
        }
        whole = out
    }
    var s = (v < 0 && n != 0 ? "-" : "") + whole
    if places > 0 {
        var f = String(n % unit)
        while f.count < places { f = "0" + f }
        if !keepZeros { while f.hasSuffix("0") { f.removeLast() } }
        if !f.isEmpty { s += "." + f }
    }
    return s
}

/// `v` as the shortest text that reads back as the same double, whole numbers without a
/// fraction: `3`, `0.1`, `1e+20`.
public func shortestText(_ v: Double) -> String {
    v == v.rounded() && v.magnitude < 1e15 ? String(Int(v)) : "\(v)"
}

/// `v` as a JSON number in full precision (``shortestText(_:)``); a number that is not finite
/// is `null`. The numbers of `layout --json`, `manifest.json` and `curve --json`.
package func jsonNumber(_ v: Double) -> String { v.isFinite ? shortestText(v) : "null" }

/// `text` as a JSON string: quotes, backslashes and control characters escaped.
package func jsonString(_ text: String) -> String { "\"" + backslashEscaped(text, .json) + "\"" }

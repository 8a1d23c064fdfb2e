import ProofsheetCore

/// A JSON value that remembers where it was in its file (line, column and JSON path).
public struct JSONValue: Sendable {
    public enum Kind: Sendable {
        case object([(key: String, value: JSONValue)])
        case array([JSONValue])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }
    public var kind: Kind
    public var location: SourceLocation

    /// A short name of the value's type, for messages.
    public var typeName: String {
        switch kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }

    /// The member `key` of an object (nil if absent or not an object).
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = kind { return members.first { $0.key == key }?.value }
        return nil
    }
}

/// A strict JSON reader (RFC 8259) that keeps positions and rejects duplicate keys.
public struct JSONReader {
    private let bytes: [UInt8]
    private let file: String?
    private var i = 0
    private var line = 1
    private var lineStart = 0
    /// The last column computed (byte index, column) on the current line, so computing columns
    /// stays linear on long (minified) lines.
    private var columnCache = (index: 0, column: 1)
    /// Deepest nesting accepted, so hostile files cannot exhaust the stack.
    public static let maxDepth = 200

    /// Parses a whole document.
    public static func parse(_ bytes: [UInt8], file: String?) throws -> JSONValue {
        var r = JSONReader(bytes: bytes, file: file)
        if r.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { r.i = 3; r.lineStart = 3; r.columnCache = (3, 1) }
        r.skipSpace()
        let v = try r.value(path: JSONPath("$"), depth: 0)
        r.skipSpace()
        if r.i < r.bytes.count { throw r.error("unexpected text after the JSON value", hint: "a scene file holds one JSON object") }
        return v
    }

    private init(bytes: [UInt8], file: String?) { self.bytes = bytes; self.file = file }

    /// The current position, at `path` or (`element` ≥ 0) at that element of the array `path`.
    private mutating func loc(path: JSONPath, element: Int = -1) -> SourceLocation {
        // Columns count characters, not bytes: skip UTF-8 continuation bytes.
        var (k, col) = columnCache.index >= lineStart && columnCache.index <= i ? columnCache : (lineStart, 1)
        while k < i && k < bytes.count { if bytes[k] & 0xC0 != 0x80 { col += 1 }; k += 1 }
        columnCache = (k, col)
        if element >= 0 { return SourceLocation(file: file, array: path, element: element, line: line, column: col) }
        return SourceLocation(file: file, jsonPath: path, line: line, column: col)
    }
    private mutating func error(_ message: String, path: JSONPath = JSONPath(""), hint: String? = nil) -> ProofsheetError {
        .badInput("invalid JSON: \(message)", at: loc(path: path), hint: hint)
    }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0D: i += 1
            case 0x0A: i += 1; line += 1; lineStart = i; columnCache = (i, 1)
            default: return
            }
        }
    }

    /// The value at `parent`, or (`element` ≥ 0) at that element of the array `parent`: an
    /// element gets a path node of its own only when it has members or elements.
    private mutating func value(path parent: JSONPath, element: Int = -1, depth: Int) throws -> JSONValue {
        func node() -> JSONPath { element >= 0 ? parent.element(element) : parent }
        guard depth <= Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels", path: node()) }
        guard i < bytes.count else { throw error("unexpected end of file", path: node(), hint: "the file may be truncated") }
        let start = loc(path: parent, element: element)
        switch bytes[i] {
        case UInt8(ascii: "{"):
            let path = node()
            i += 1
            var members: [(key: String, value: JSONValue)] = []
            var seen = Set<String>()
            skipSpace()
            if i < bytes.count && bytes[i] == UInt8(ascii: "}") { i += 1; return JSONValue(kind: .object([]), location: start) }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                    if i < bytes.count, bytes[i] == UInt8(ascii: "}"), !members.isEmpty {
                        throw error("trailing comma before '}'", path: path, hint: "JSON allows no comma after the last member")
                    }
                    throw error("expected a member name in double quotes", path: path)
                }
                let keyLoc = loc(path: path)
                let key = try string(path: path)
                let childPath = path.member(key)
                if seen.contains(key) {
                    throw ProofsheetError.badInput(
                        "duplicate key '\(excerpt(key))'",
                        at: SourceLocation(file: file, jsonPath: childPath, line: keyLoc.line, column: keyLoc.column),
                        hint: "each key may appear once in an object")
                }
                seen.insert(key)
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after the member name", path: childPath) }
                i += 1
                skipSpace()
                let v = try value(path: childPath, depth: depth + 1)
                members.append((key, v))
                skipSpace()
                guard i < bytes.count else { throw error("unexpected end of file inside an object", path: path, hint: "the file may be truncated") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; break }
                throw error("expected ',' or '}' after an object member", path: childPath)
            }
            return JSONValue(kind: .object(members), location: start)
        case UInt8(ascii: "["):
            let path = node()
            i += 1
            var items: [JSONValue] = []
            skipSpace()
            if i < bytes.count && bytes[i] == UInt8(ascii: "]") { i += 1; return JSONValue(kind: .array([]), location: start) }
            while true {
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]"), !items.isEmpty {
                    throw error("trailing comma before ']'", path: path, hint: "JSON allows no comma after the last element")
                }
                items.append(try value(path: path, element: items.count, depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw error("unexpected end of file inside an array", path: path, hint: "the file may be truncated") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; break }
                throw error("expected ',' or ']' after an array element", path: path.element(items.count - 1))
            }
            return JSONValue(kind: .array(items), location: start)
        case UInt8(ascii: "\""):
            return JSONValue(kind: .string(try string(path: node())), location: start)
        case UInt8(ascii: "t"): try literal("true", path: node()); return JSONValue(kind: .bool(true), location: start)
        case UInt8(ascii: "f"): try literal("false", path: node()); return JSONValue(kind: .bool(false), location: start)
        case UInt8(ascii: "n"): try literal("null", path: node()); return JSONValue(kind: .null, location: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(kind: .number(try number(path: parent, element: element)), location: start)
        default:
            throw error(
                "unexpected character '\(Self.printable(bytes[i]))'", path: node(),
                hint: "expected a value: an object, array, string, number, true, false or null")
        }
    }

    private static func printable(_ b: UInt8) -> String {
        b >= 0x20 && b < 0x7F ? String(UnicodeScalar(b)) : "\\u{\(String(b, radix: 16))}"
    }

    private mutating func literal(_ word: String, path: JSONPath) throws {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else {
            throw error("unexpected word", path: path, hint: "JSON literals are true, false and null (lowercase); strings need double quotes")
        }
        i += w.count
    }

    private mutating func number(path parent: JSONPath, element: Int) throws -> Double {
        var path: JSONPath { element >= 0 ? parent.element(element) : parent }
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits() -> Int { let s = i; while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }; return i - s }
        guard i < bytes.count else { throw error("incomplete number", path: path) }
        if bytes[i] == UInt8(ascii: "0") { i += 1 } else if digits() == 0 { throw error("incomplete number", path: path) }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            if digits() == 0 { throw error("a decimal point needs digits after it", path: path) }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            if digits() == 0 { throw error("an exponent needs digits", path: path) }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let v = Double(text), v.isFinite else {
            let shown = text.count <= 40 ? text : text.prefix(20) + "…(\(text.count) characters)"
            i = start  // point at the number, not past it
            throw error("number \(shown) is out of range", path: path, hint: "numbers must be finite (at most about 1.8e308)")
        }
        return v
    }

    private mutating func string(path: JSONPath) throws -> String {
        i += 1  // opening quote
        var out = [UInt8]()
        while true {
            guard i < bytes.count else { throw error("unterminated string", path: path, hint: "close it with a double quote") }
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                i += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                i += 1
                guard i < bytes.count else { throw error("unterminated string", path: path) }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4(path: path)
                    if (0xD800..<0xDC00).contains(code) {
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate in \\u escape", path: path)
                        }
                        i += 2
                        let low = try hex4(path: path)
                        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape", path: path) }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(code) {
                        throw error("unpaired surrogate in \\u escape", path: path)
                    }
                    out.append(contentsOf: Array(String(Character(UnicodeScalar(code)!)).utf8))
                default:
                    i -= 1
                    throw error(
                        "invalid escape '\\\(Self.printable(e))'", path: path, hint: "valid escapes: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
                }
            case 0x00..<0x20:
                throw error("control character in a string", path: path, hint: "write a newline as \\n and a tab as \\t")
            case 0x80...0xFF:
                // Check each UTF-8 sequence where it stands, so an error points at the bad byte.
                let n = try utf8Sequence(path: path)
                out.append(contentsOf: bytes[i..<i + n])
                i += n
            default:
                out.append(b)
                i += 1
            }
        }
    }

    /// The length of the valid UTF-8 sequence at `i` (RFC 3629: no overlong forms, no
    /// surrogates, nothing past U+10FFFF).
    private mutating func utf8Sequence(path: JSONPath) throws -> Int {
        let b0 = bytes[i]
        let (n, low, high): (Int, UInt8, UInt8)
        switch b0 {
        case 0xC2...0xDF: (n, low, high) = (2, 0x80, 0xBF)
        case 0xE0: (n, low, high) = (3, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (n, low, high) = (3, 0x80, 0xBF)
        case 0xED: (n, low, high) = (3, 0x80, 0x9F)
        case 0xF0: (n, low, high) = (4, 0x90, 0xBF)
        case 0xF1...0xF3: (n, low, high) = (4, 0x80, 0xBF)
        case 0xF4: (n, low, high) = (4, 0x80, 0x8F)
        default:
            throw error(
                "string is not valid UTF-8 (byte 0x\(String(b0, radix: 16, uppercase: true)))", path: path,
                hint: "save the file as UTF-8")
        }
        for k in 1..<n {
            let ok = i + k < bytes.count && (k == 1 ? (low...high) : (0x80...0xBF)).contains(bytes[i + k])
            guard ok else {
                throw error(
                    "string is not valid UTF-8 (byte 0x\(String(b0, radix: 16, uppercase: true)) starts a broken sequence)",
                    path: path, hint: "save the file as UTF-8")
            }
        }
        return n
    }

    private mutating func hex4(path: JSONPath) throws -> UInt32 {
        guard i + 4 <= bytes.count, bytes[i..<i + 4].allSatisfy({ UnicodeScalar($0).properties.isASCIIHexDigit }),
            let v = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16)
        else {
            throw error("\\u needs four hex digits", path: path)
        }
        i += 4
        return v
    }
}

import ProofsheetCore

/// The string tables an app ships, read as Xcode writes them: a `Localizable.strings` file of one
/// locale (`"Book it now" = "Jetzt buchen";`), or a String Catalog (`Localizable.xcstrings`, JSON)
/// holding every locale. A scene names them under `"strings"` (see ``Localization``).
enum StringsFiles {
    /// The table of a `.strings` file: `"key" = "value";` entries, keys and values quoted (or a
    /// bare word of letters, digits and `_.-$:/`), with `/* … */` and `//` comments, the escapes
    /// `\"`, `\\`, `\n`, `\t`, `\r`, `\0` and `\U` or `\u` with four hex digits (a surrogate pair for
    /// characters beyond them). UTF-8, or UTF-16 with its byte-order mark, as Xcode writes either.
    /// A key given twice keeps its last value, as Foundation's reader does.
    static func strings(_ bytes: [UInt8], file: String) throws -> [String: String] {
        var p = Reader(scalars: try text(bytes, file: file), file: file)
        var table: [String: String] = [:]
        while true {
            try p.skipSpaceAndComments()
            guard !p.atEnd else { break }
            let key = try p.token("a key")
            try p.skipSpaceAndComments()
            try p.expect("=", after: "the key")
            try p.skipSpaceAndComments()
            let value = try p.token("a value")
            try p.skipSpaceAndComments()
            try p.expect(";", after: "the value")
            table[key] = value
        }
        return table
    }

    /// The tables of a String Catalog, by locale: each string's `localizations`, its
    /// `stringUnit`'s value (a plural's `other` form where it has only variations), the source
    /// language's own left out (its keys are its texts). Strings marked `"shouldTranslate": false`
    /// are left out.
    static func catalog(_ json: JSONValue, context: Context) throws -> [String: [String: String]] {
        let top = try context.object(json, allowed: ["sourceLanguage", "strings", "version"])
        var source = ""
        if let s = top["sourceLanguage"] {
            guard case .string(let tag) = s.kind, Localization.isValidTag(tag) else {
                throw context.badValue("the source language is a locale tag, got \(s.typeName)", s, hint: "\"sourceLanguage\": \"en\"")
            }
            source = tag
        }
        var out: [String: [String: String]] = [:]
        guard let strings = top["strings"] else { return out }
        for (key, entry) in try context.members(strings) {
            let e = try context.object(entry, allowed: ["comment", "extractionState", "localizations", "shouldTranslate"])
            if case .bool(false)? = e["shouldTranslate"]?.kind { continue }
            guard let localizations = e["localizations"] else { continue }
            for (tag, localization) in try context.members(localizations) {
                guard Localization.isValidTag(tag) else {
                    throw ProofsheetError.badInput(
                        "'\(excerpt(tag))' is not a locale", at: localization.location,
                        hint: "localizations are named by BCP 47 tags such as de or zh-Hant")
                }
                guard tag != source, let value = try unitValue(localization, context: context) else { continue }
                out[tag, default: [:]][key] = value
            }
        }
        return out
    }

    /// The value of one localization: its `stringUnit`, else its plural's `other` form.
    private static func unitValue(_ v: JSONValue, context: Context) throws -> String? {
        let o = try context.object(v, allowed: ["stringUnit", "variations", "substitutions"])
        if let unit = o["stringUnit"] {
            let u = try context.object(unit, allowed: ["state", "value"])
            guard let value = u["value"] else { return nil }
            guard case .string(let s) = value.kind else {
                throw context.badValue("a translation is a string, got \(value.typeName)", value, hint: "\"value\": \"Jetzt buchen\"")
            }
            return s
        }
        if let other = o["variations"]?["plural"]?["other"] { return try unitValue(other, context: context) }
        return nil
    }

    /// The file's characters: UTF-16 (either byte order) after its byte-order mark, else UTF-8
    /// (a UTF-8 byte-order mark skipped).
    private static func text(_ bytes: [UInt8], file: String) throws -> [Unicode.Scalar] {
        func invalid(_ encoding: String) -> ProofsheetError {
            ProofsheetError.badInput(
                "\(file) is not valid \(encoding)", at: SourceLocation(file: file, path: "$", line: 1, column: 1),
                hint: "save the strings file as UTF-8 (or UTF-16 with a byte-order mark)")
        }
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            let little = bytes[0] == 0xFF
            guard bytes.count % 2 == 0 else { throw invalid("UTF-16") }
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2 - 1)
            for i in stride(from: 2, to: bytes.count, by: 2) {
                units.append(little ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
            }
            guard let scalars = decode(units, UTF16()) else { throw invalid("UTF-16") }
            return scalars
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard let scalars = decode(body, UTF8()) else { throw invalid("UTF-8") }
        return scalars
    }

    /// The characters of `units` in `codec`'s encoding; nil where they are not valid.
    private static func decode<C: UnicodeCodec>(_ units: [C.CodeUnit], _ codec: C) -> [Unicode.Scalar]? {
        var scalars: [Unicode.Scalar] = []
        var decoder = codec
        var it = units.makeIterator()
        while true {
            switch decoder.decode(&it) {
            case .scalarValue(let s): scalars.append(s)
            case .emptyInput: return scalars
            case .error: return nil
            }
        }
    }

    /// Reads a `.strings` file's characters, keeping its line and column for messages.
    private struct Reader {
        let scalars: [Unicode.Scalar]
        let file: String
        var i = 0, line = 1, column = 1

        var atEnd: Bool { i >= scalars.count }
        var here: SourceLocation { SourceLocation(file: file, path: "$", line: line, column: column) }

        mutating func advance() {
            if scalars[i] == "\n" { line += 1; column = 1 } else { column += 1 }
            i += 1
        }

        func error(_ message: String, hint: String = "entries read \"key\" = \"value\";") -> ProofsheetError {
            ProofsheetError.badInput(message, at: here, hint: hint)
        }

        mutating func skipSpaceAndComments() throws {
            while !atEnd {
                let c = scalars[i]
                if c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{FEFF}" {
                    advance()
                } else if c == "/", i + 1 < scalars.count, scalars[i + 1] == "*" {
                    let start = here
                    advance(); advance()
                    while !atEnd, !(scalars[i] == "*" && i + 1 < scalars.count && scalars[i + 1] == "/") { advance() }
                    guard !atEnd else {
                        throw ProofsheetError.badInput("a comment is not closed", at: start, hint: "end it with */")
                    }
                    advance(); advance()
                } else if c == "/", i + 1 < scalars.count, scalars[i + 1] == "/" {
                    while !atEnd, scalars[i] != "\n" { advance() }
                } else {
                    return
                }
            }
        }

        mutating func expect(_ c: Unicode.Scalar, after what: String) throws {
            guard !atEnd, scalars[i] == c else {
                throw error(atEnd ? "the file ends where '\(c)' should follow \(what)" : "expected '\(c)' after \(what), found '\(scalars[i])'")
            }
            advance()
        }

        static func isBare(_ c: Unicode.Scalar) -> Bool {
            (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || "_.-$:/".unicodeScalars.contains(c)
        }

        /// A quoted string with its escapes, or a bare word.
        mutating func token(_ what: String) throws -> String {
            guard !atEnd else { throw error("the file ends where \(what) should be") }
            if scalars[i] != "\"" {
                var s = String.UnicodeScalarView()
                while !atEnd, Self.isBare(scalars[i]) {
                    s.append(scalars[i])
                    advance()
                }
                guard !s.isEmpty else { throw error("expected \(what) in quotes, found '\(scalars[i])'") }
                return String(s)
            }
            let start = here
            advance()
            var s = String.UnicodeScalarView()
            while true {
                guard !atEnd else {
                    throw ProofsheetError.badInput("a string is not closed", at: start, hint: "end it with \" (and write \\\" for a quote inside)")
                }
                let c = scalars[i]
                if c == "\"" {
                    advance()
                    return String(s)
                }
                if c != "\\" {
                    s.append(c)
                    advance()
                    continue
                }
                advance()
                guard !atEnd else { continue }
                let e = scalars[i]
                advance()
                switch e {
                case "n": s.append("\n")
                case "t": s.append("\t")
                case "r": s.append("\r")
                case "0": s.append("\u{0}")
                case "U", "u":
                    var unit = try hex4()
                    if (0xD800..<0xDC00).contains(unit), !atEnd, scalars[i] == "\\", i + 1 < scalars.count,
                        scalars[i + 1] == "U" || scalars[i + 1] == "u"
                    {
                        advance(); advance()
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("\\U\(String(unit, radix: 16)) starts a pair that does not end") }
                        unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(unit) else {
                        throw error(
                            "\\U\(String(unit, radix: 16, uppercase: true)) is not a character",
                            hint: "write a character as \\U followed by 4 hex digits")
                    }
                    s.append(scalar)
                default: s.append(e)
                }
            }
        }

        mutating func hex4() throws -> UInt32 {
            var v: UInt32 = 0
            for _ in 0..<4 {
                guard !atEnd, scalars[i].isASCII, let d = UInt32(String(scalars[i]), radix: 16) else {
                    throw error("\\U takes 4 hex digits", hint: "write a character as \\U00E9")
                }
                v = v << 4 | d
                advance()
            }
            return v
        }
    }
}

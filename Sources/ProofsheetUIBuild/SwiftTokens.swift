/// The tokens of a Swift file that preview discovery needs: identifiers, `#` and `@` words, and
/// punctuation, with comments and string literals (plain, multi-line, raw, with
/// interpolations) skipped whole, so that a brace or a `#Preview` inside them is never taken for
/// code.
struct SwiftToken: Equatable {
    enum Kind: Equatable {
        case identifier(String)
        /// `#Preview`, `#if`, `#else`, `#elseif`, `#endif`…
        case pound(String)
        /// `@main`, `@State`…
        case attribute(String)
        case punctuation(UInt8)
        /// A string literal, whole.
        case string
    }
    let kind: Kind
    /// Byte offsets in the file's UTF-8.
    let start: Int
    let end: Int
    /// 1-based line and column of `start`.
    let line: Int
    let column: Int
}

/// Why a file could not be read as Swift (an unterminated comment or string).
struct SwiftTokenError: Error, Equatable {
    let message: String
    let line: Int
    let column: Int
}

/// Splits Swift source into ``SwiftToken``s.
struct SwiftTokenizer {
    let bytes: [UInt8]
    private var i = 0
    private var line = 1
    private var lineStart = 0
    /// Strings open inside interpolations.
    private var nesting = 0
    /// Deepest strings inside interpolations read (a hostile file nests them without end).
    static let deepestNesting = 64

    init(_ text: String) { bytes = Array(text.utf8) }

    /// Every token, in order.
    static func tokens(of text: String) throws(SwiftTokenError) -> [SwiftToken] {
        var t = SwiftTokenizer(text)
        return try t.all()
    }

    private func at(_ k: Int) -> UInt8 { k < bytes.count ? bytes[k] : 0 }
    private static func isIdentifierByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b >= 0x80
    }

    private mutating func advance() {
        if bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        i += 1
    }

    private func fail(_ message: String, at offset: Int, line: Int, lineStart: Int) -> SwiftTokenError {
        SwiftTokenError(message: message, line: line, column: offset - lineStart + 1)
    }

    mutating func all() throws(SwiftTokenError) -> [SwiftToken] {
        var out: [SwiftToken] = []
        while i < bytes.count {
            let b = bytes[i]
            let start = i, startLine = line, column = i - lineStart + 1
            func token(_ kind: SwiftToken.Kind) -> SwiftToken { SwiftToken(kind: kind, start: start, end: i, line: startLine, column: column) }
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
                advance()
            } else if b == 0x2F, at(i + 1) == 0x2F {  // line comment
                while i < bytes.count, bytes[i] != 0x0A { advance() }
            } else if b == 0x2F, at(i + 1) == 0x2A {  // block comment, nested
                try skipBlockComment()
            } else if b == 0x22 || (b == 0x23 && rawStringAhead()) {  // string literal
                try skipString()
                out.append(token(.string))
            } else if b == 0x23 || b == 0x40 {  // #word, @word
                advance()
                let wordStart = i
                while i < bytes.count, Self.isIdentifierByte(bytes[i]) { advance() }
                let word = String(decoding: bytes[wordStart..<i], as: UTF8.self)
                out.append(token(b == 0x23 ? .pound(word) : .attribute(word)))
            } else if b == 0x60 {  // `escaped identifier`
                advance()
                let wordStart = i
                while i < bytes.count, bytes[i] != 0x60, bytes[i] != 0x0A { advance() }
                let word = String(decoding: bytes[wordStart..<i], as: UTF8.self)
                if i < bytes.count, bytes[i] == 0x60 { advance() }
                out.append(token(.identifier(word)))
            } else if Self.isIdentifierByte(b) {
                while i < bytes.count, Self.isIdentifierByte(bytes[i]) { advance() }
                out.append(token(.identifier(String(decoding: bytes[start..<i], as: UTF8.self))))
            } else {
                advance()
                out.append(token(.punctuation(b)))
            }
        }
        return out
    }

    /// Whether `#…#"` starts a raw string here.
    private func rawStringAhead() -> Bool {
        var k = i
        while at(k) == 0x23 { k += 1 }
        return at(k) == 0x22
    }

    private mutating func skipBlockComment() throws(SwiftTokenError) {
        let (startLine, startLineStart, start) = (line, lineStart, i)
        var depth = 0
        while i < bytes.count {
            if bytes[i] == 0x2F, at(i + 1) == 0x2A {
                depth += 1
                advance(); advance()
            } else if bytes[i] == 0x2A, at(i + 1) == 0x2F {
                depth -= 1
                advance(); advance()
                if depth == 0 { return }
            } else {
                advance()
            }
        }
        throw fail("a comment that is never closed ('*/')", at: start, line: startLine, lineStart: startLineStart)
    }

    /// Skips a string literal from its opening (`"`, `"""`, `#"`, `##"""`…) past its end,
    /// interpolations included.
    private mutating func skipString() throws(SwiftTokenError) {
        let (startLine, startLineStart, start) = (line, lineStart, i)
        nesting += 1
        defer { nesting -= 1 }
        guard nesting <= Self.deepestNesting else {
            throw fail(
                "strings nested in interpolations more than \(Self.deepestNesting) deep", at: start, line: startLine, lineStart: startLineStart)
        }
        var pounds = 0
        while at(i) == 0x23 {
            pounds += 1
            advance()
        }
        let multiline = at(i) == 0x22 && at(i + 1) == 0x22 && at(i + 2) == 0x22
        for _ in 0..<(multiline ? 3 : 1) { advance() }
        let unterminated = fail("a string that is never closed", at: start, line: startLine, lineStart: startLineStart)
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A, !multiline { throw unterminated }
            if b == 0x5C {
                // A backslash followed by the literal's pounds: an escape.
                if self.pounds(pounds, at: i + 1) {
                    let k = i + 1 + pounds
                    while i < k { advance() }
                    if at(i) == 0x28 {  // \( interpolation )
                        advance()
                        try skipInterpolation()
                    } else if i < bytes.count {
                        advance()
                    }
                    continue
                }
            }
            if b == 0x22, !multiline || (at(i + 1) == 0x22 && at(i + 2) == 0x22) {
                let quotes = multiline ? 3 : 1
                if self.pounds(pounds, at: i + quotes) {
                    let k = i + quotes + pounds
                    while i < k { advance() }
                    return
                }
            }
            advance()
        }
        throw unterminated
    }

    /// Whether `count` pounds (`#`) start at `k` (a raw string's delimiter); the first other
    /// byte ends the look, so a hostile run of pounds is read once.
    private func pounds(_ count: Int, at k: Int) -> Bool {
        for j in 0..<count where at(k + j) != 0x23 { return false }
        return true
    }

    /// Skips the code of an interpolation after its `\(`, to its `)`.
    private mutating func skipInterpolation() throws(SwiftTokenError) {
        var depth = 1
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x22 || (b == 0x23 && rawStringAhead()) {
                try skipString()
            } else if b == 0x2F, at(i + 1) == 0x2A {
                try skipBlockComment()
            } else if b == 0x28 {
                depth += 1
                advance()
            } else if b == 0x29 {
                depth -= 1
                advance()
                if depth == 0 { return }
            } else {
                advance()
            }
        }
        throw SwiftTokenError(message: "an interpolation that is never closed", line: line, column: i - lineStart + 1)
    }
}

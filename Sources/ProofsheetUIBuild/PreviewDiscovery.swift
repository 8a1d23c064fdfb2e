import Foundation
import ProofsheetCore

/// A team's Swift file as `proofsheet swiftui` compiles it, and the previews found in it.
///
/// The file is compiled as it was written, with the changes a macro or Xcode would make: each
/// `#Preview { … }` becomes a function that returns the ``Preview`` (Xcode's `#Preview` macro,
/// expanded in place, its body untouched on the same lines), an `@Observable` class keeps its
/// observed values in the screen's state (``ObservableRewrite``), and `@main` is dropped (the
/// preview program has its own entry). A `#sourceLocation` line first makes the compiler's
/// messages name the original file and lines.
public struct PreviewSourceFile: Sendable {
    /// The file as the user named it (messages use it).
    public let path: String
    /// The text to compile.
    public let compiled: String
    /// The previews it declares, in order.
    public let previews: [FoundPreview]
    /// Types that look like previews but cannot be reached (private ones), with why.
    public let skipped: [String]

    /// A preview declaration found in a file.
    public struct FoundPreview: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            /// `#Preview`, expanded into the function of this name.
            case macro(function: String)
            /// A `PreviewProvider` type.
            case provider(type: String)
            /// A `PreviewTimelines` type (previews with timelines).
            case timelines(type: String)
            /// An `App`: its first window.
            case app(type: String)
        }
        public let kind: Kind
        public let line: Int
        /// The `#if` condition the declaration is under (nil: none).
        public let condition: String?
    }

    /// Reads `text`, the file at `path`, as the `index`-th file of the program (the expanded
    /// functions' names are unique by it).
    ///
    /// - Throws: a bad-input error naming the file, line and column for a comment or string
    ///   that never ends, or a `#Preview` without its `{ … }` body.
    public init(path: String, text: String, index: Int) throws {
        self.path = path
        let tokens: [SwiftToken]
        do { tokens = try SwiftTokenizer.tokens(of: text) } catch {
            throw ProofsheetError.badInput("\(visible(path)):\(error.line):\(error.column): \(error.message)", hint: "the file must compile as Swift")
        }
        let bytes = Array(text.utf8)
        var edits: [(range: Range<Int>, text: String)] = []
        var found: [FoundPreview] = []
        var skipped: [String] = []
        var depth = 0
        // The `#if` blocks open: each its conditions so far, the last the branch taken.
        var conditions: [[String]] = []
        var k = 0
        func lineText(after token: SwiftToken) -> String {
            // The rest of the token's line, up to the last token on it (comments left out).
            var end = token.end
            var j = k + 1
            while j < tokens.count, tokens[j].line == token.line {
                end = tokens[j].end
                j += 1
            }
            return String(decoding: bytes[token.end..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        }
        func condition() -> String? {
            let parts = conditions.compactMap { branch -> String? in
                guard let taken = branch.last else { return nil }
                let before = branch.dropLast().map { "!(\($0))" }
                return (before + (taken.isEmpty ? [] : ["(\(taken))"])).joined(separator: " && ")
            }.filter { !$0.isEmpty }
            return parts.isEmpty ? nil : parts.joined(separator: " && ")
        }
        while k < tokens.count {
            let t = tokens[k]
            switch t.kind {
            case .punctuation(0x7B): depth += 1
            case .punctuation(0x7D): depth -= 1
            case .pound("if"):
                conditions.append([lineText(after: t)])
            case .pound("elseif"):
                if !conditions.isEmpty { conditions[conditions.count - 1].append(lineText(after: t)) }
            case .pound("else"):
                if !conditions.isEmpty { conditions[conditions.count - 1].append("") }
            case .pound("endif"):
                _ = conditions.popLast()
            case .attribute("Observable"):
                if let rewrite = ObservableRewrite.edits(tokens, at: k) { edits += rewrite }
            case .attribute("main") where depth == 0:
                edits.append((t.start..<t.end, String(repeating: " ", count: t.end - t.start)))
            case .pound("Preview") where depth == 0:
                var j = k + 1
                if j < tokens.count, tokens[j].kind == .punctuation(0x28) { j = Self.matching(tokens, from: j) + 1 }
                guard j < tokens.count, tokens[j].kind == .punctuation(0x7B) else {
                    throw ProofsheetError.badInput(
                        "\(visible(path)):\(t.line):\(t.column): #Preview without its body", hint: "write #Preview(\"Name\") { ContentView() }")
                }
                let close = Self.matching(tokens, from: j)
                guard close < tokens.count else {
                    throw ProofsheetError.badInput(
                        "\(visible(path)):\(t.line):\(t.column): the body of this #Preview never ends", hint: "close its '{'")
                }
                let function = "__proofsheetPreview_\(index)_\(found.count)"
                edits.append(
                    (t.start..<t.end, "@MainActor func \(function)() -> ProofsheetUI.Preview { ProofsheetUI.Preview"))
                edits.append((tokens[close].end..<tokens[close].end, " }"))
                found.append(FoundPreview(kind: .macro(function: function), line: t.line, condition: condition()))
                k = close
            case .identifier(let word) where depth == 0 && ["struct", "class", "enum", "actor"].contains(word):
                guard k + 1 < tokens.count, case .identifier(let name) = tokens[k + 1].kind else { break }
                // The inherited types, up to the body.
                var inherited: Set<String> = []
                var j = k + 2
                var angle = 0
                while j < tokens.count, tokens[j].kind != .punctuation(0x7B) {
                    if tokens[j].kind == .punctuation(0x3C) { angle += 1 }
                    if tokens[j].kind == .punctuation(0x3E) { angle -= 1 }
                    if case .identifier(let w) = tokens[j].kind {
                        if w == "where" { break }
                        if angle == 0 { inherited.insert(w) }
                    }
                    j += 1
                }
                let kind: FoundPreview.Kind? =
                    inherited.contains("PreviewProvider")
                    ? .provider(type: name)
                    : inherited.contains("PreviewTimelines") ? .timelines(type: name) : inherited.contains("App") ? .app(type: name) : nil
                guard let kind else { break }
                let modifiers = tokens[max(0, k - 4)..<k].compactMap { if case .identifier(let w) = $0.kind { w } else { nil } }
                if modifiers.contains("private") || modifiers.contains("fileprivate") {
                    skipped.append("\(visible(path)):\(t.line): \(name) is private: the preview program cannot reach it (make it internal)")
                    break
                }
                found.append(FoundPreview(kind: kind, line: t.line, condition: condition()))
            default: break
            }
            k += 1
        }
        var out: [UInt8] = Array("#sourceLocation(file: \(Self.literal(path)), line: 1)\n".utf8)
        var at = 0
        for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            out += bytes[at..<edit.range.lowerBound]
            out += Array(edit.text.utf8)
            at = edit.range.upperBound
        }
        out += bytes[at...]
        compiled = String(decoding: out, as: UTF8.self)
        previews = found
        self.skipped = skipped
    }

    /// The index of the token that closes the `(` or `{` at `open` (the count of tokens when
    /// none does).
    static func matching(_ tokens: [SwiftToken], from open: Int) -> Int {
        let opening = tokens[open].kind
        let closing: SwiftToken.Kind = opening == .punctuation(0x28) ? .punctuation(0x29) : .punctuation(0x7D)
        var depth = 0
        for j in open..<tokens.count {
            if tokens[j].kind == opening { depth += 1 }
            if tokens[j].kind == closing {
                depth -= 1
                if depth == 0 { return j }
            }
        }
        return tokens.count
    }

    /// `s` as a Swift string literal.
    static func literal(_ s: String) -> String { "\"" + backslashEscaped(s, .dump) + "\"" }

    /// The `main.swift` of the preview program of `files`, compiled in module `module`: every
    /// preview found, in order, each under the `#if` it was declared under.
    public static func main(of files: [PreviewSourceFile], module: String) -> String {
        var lines = [
            "// The preview program's entry, written by `proofsheet swiftui`: the previews found in the files.",
            "import ProofsheetUI",
            "ProofsheetUI.PreviewRunner.main {",
            "    var previews: [ProofsheetUI.Preview] = []"
        ]
        for file in files {
            let base = file.path.split(separator: "/").last.map(String.init) ?? file.path
            let fileID = literal(module + "/" + base)
            for p in file.previews {
                if let c = p.condition { lines.append("    #if \(c)") }
                switch p.kind {
                case .macro(let function):
                    lines.append("    previews.append(\(function)())")
                case .provider(let type):
                    var name = type
                    for suffix in ["_Previews", "Previews", "_Preview"] where name.hasSuffix(suffix) && name.count > suffix.count {
                        name = String(name.dropLast(suffix.count))
                        break
                    }
                    lines.append(
                        "    previews.append(ProofsheetUI.Preview(\(literal(name)), fileID: \(fileID), line: \(p.line)) { \(type).previews })")
                case .timelines(let type):
                    lines.append("    previews += \(type).previews")
                case .app(let type):
                    lines.append(
                        "    previews.append(ProofsheetUI.Preview(\(literal(type)), fileID: \(fileID), line: \(p.line)) { \(type)().body.window })")
                }
                if p.condition != nil { lines.append("    #endif") }
            }
        }
        lines += ["    return previews", "}", ""]
        return lines.joined(separator: "\n")
    }
}

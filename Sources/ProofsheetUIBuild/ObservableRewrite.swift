/// `@Observable` classes, as `proofsheet swiftui` compiles them: an `ObservableObject` whose
/// stored `var`s are `@Published`, so that their values are the screen's state (each state of a
/// timeline its own, as ProofsheetUI keeps `@Published` values) and not the object's.
///
/// Observation's own macro keeps the values in the object, where a timeline cannot go back to
/// an earlier frame; its expansion cannot be changed (a macro's plugin needs swift-syntax), so
/// the command makes the change a macro would, in place, as it does for `#Preview`: the
/// attribute is blanked, `ProofsheetUI.ObservableObject` is added to the class's inherited
/// types, and `@ProofsheetUI.Published ` is put before each stored instance `var` of its body
/// (not `static`, `lazy`, computed, or marked `@ObservationIgnored`, whose mark is blanked).
enum ObservableRewrite {
    typealias Edit = (range: Range<Int>, text: String)

    static let modifiers: Set<String> = [
        "private", "fileprivate", "internal", "public", "open", "final", "nonisolated", "weak", "unowned", "override", "dynamic",
        "required", "static", "class", "lazy", "package"
    ]

    /// The edits for the `@Observable` attribute at `at` (nil: it is not on a class with a body).
    static func edits(_ tokens: [SwiftToken], at: Int) -> [Edit]? {
        let attribute = tokens[at]
        // The class keyword, past modifiers and other attributes.
        var c = at + 1
        while c < tokens.count {
            if case .identifier(let w) = tokens[c].kind, w == "class" { break }
            if case .identifier(let w) = tokens[c].kind, modifiers.contains(w) || w == "actor" {
                c += 1
                continue
            }
            if case .attribute = tokens[c].kind {
                c += 1
                if c < tokens.count, tokens[c].kind == .punctuation(0x28) { c = PreviewSourceFile.matching(tokens, from: c) + 1 }
                continue
            }
            return nil
        }
        guard c + 1 < tokens.count, case .identifier = tokens[c + 1].kind else { return nil }
        var edits: [Edit] = [(attribute.start..<attribute.end, String(repeating: " ", count: attribute.end - attribute.start))]
        // The inherited types: after the name and its generic parameters, before `where` or `{`.
        var j = c + 2
        var angle = 0
        var colon: Int?
        var last = c + 1
        while j < tokens.count, tokens[j].kind != .punctuation(0x7B) {
            if case .identifier("where") = tokens[j].kind, angle == 0 { break }
            if tokens[j].kind == .punctuation(0x3C) { angle += 1 }
            if tokens[j].kind == .punctuation(0x3E) { angle -= 1 }
            if tokens[j].kind == .punctuation(0x3A), angle == 0, colon == nil { colon = j }
            last = j
            j += 1
        }
        guard j < tokens.count else { return nil }
        var open = j
        while open < tokens.count, tokens[open].kind != .punctuation(0x7B) { open += 1 }
        guard open < tokens.count else { return nil }
        if let colon {
            edits.append((tokens[colon].end..<tokens[colon].end, " ProofsheetUI.ObservableObject,"))
        } else {
            edits.append((tokens[last].end..<tokens[last].end, ": ProofsheetUI.ObservableObject"))
        }
        let close = PreviewSourceFile.matching(tokens, from: open)
        // The body's own declarations (depth 1 below the class's brace).
        var depth = 0
        var k = open
        while k < min(close, tokens.count) {
            switch tokens[k].kind {
            case .punctuation(0x7B), .punctuation(0x28), .punctuation(0x5B): depth += 1
            case .punctuation(0x7D), .punctuation(0x29), .punctuation(0x5D): depth -= 1
            case .identifier("var") where depth == 1:
                edits += property(tokens, at: k)
            default: break
            }
            k += 1
        }
        return edits
    }

    /// The edits for the `var` at `at` in an observable class's body.
    static func property(_ tokens: [SwiftToken], at: Int) -> [Edit] {
        // Back over its modifiers and attributes to where the declaration starts.
        var start = at
        var ignored: SwiftToken?
        var skip = false
        while start > 0 {
            let t = tokens[start - 1]
            // `private(set)`: the modifier's argument.
            if t.kind == .punctuation(0x29), start >= 4, tokens[start - 2].kind == .identifier("set"),
                tokens[start - 3].kind == .punctuation(0x28)
            {
                start -= 3
                continue
            }
            if case .identifier(let w) = t.kind, modifiers.contains(w) {
                if ["static", "class", "lazy"].contains(w) { skip = true }
                start -= 1
            } else if case .attribute(let a) = t.kind {
                if a == "ObservationIgnored" { ignored = t }
                start -= 1
            } else {
                break
            }
        }
        if let ignored { return [(ignored.start..<ignored.end, String(repeating: " ", count: ignored.end - ignored.start))] }
        if skip { return [] }
        // Stored or computed: what follows the name and its type at nesting 0.
        var j = at + 2
        var nesting = 0
        let line = tokens[at].line
        while j < tokens.count {
            let t = tokens[j]
            switch t.kind {
            case .punctuation(0x28), .punctuation(0x5B), .punctuation(0x3C): nesting += 1
            case .punctuation(0x3E) where tokens[j - 1].kind == .punctuation(0x2D) && tokens[j - 1].end == t.start: break  // `->`
            case .punctuation(0x29), .punctuation(0x5D), .punctuation(0x3E): nesting -= 1
            case .punctuation(0x2C) where nesting == 0: return []  // `var a, b`: left as it is
            case .punctuation(0x3D) where nesting == 0: return [published(tokens[start])]
            case .punctuation(0x7B) where nesting == 0:
                // `{ didSet … }` is a stored property with observers; any other body computes.
                if j + 1 < tokens.count, case .identifier(let w) = tokens[j + 1].kind, w == "didSet" || w == "willSet" {
                    return [published(tokens[start])]
                }
                return []
            case .punctuation(0x7D) where nesting == 0:
                return [published(tokens[start])]
            default:
                if nesting == 0, t.line != line { return [published(tokens[start])] }
            }
            j += 1
        }
        return []
    }

    static func published(_ first: SwiftToken) -> Edit { (first.start..<first.start, "@ProofsheetUI.Published ") }
}

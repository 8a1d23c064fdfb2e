import ProofsheetCore
import ProofsheetLayout

extension Renderer {
    /// A warning for each text of a laid-out tree with characters no pinned font draws (they
    /// show as boxes): the text and each character's code point and name, e.g.
    /// `Text "ᚠ" has U+16A0 RUNIC LETTER FEHU FEOH FE F, in no pinned font: it draws as a box`.
    /// Each text once, in tree order.
    public func missingGlyphWarnings(in tree: ResolvedView) -> [String] {
        var out: [String] = []
        var seen = Set<String>()
        func visit(_ v: ResolvedView) {
            if case .text(let t) = v.content, seen.insert(t.text).inserted {
                let missing = fonts.missingCharacters(in: t.text)
                if !missing.isEmpty {
                    let shown = missing.prefix(3).map { s in
                        "U+\(String(s.value, radix: 16, uppercase: true).leftPadded(to: 4))" + (s.properties.name.map { " \($0)" } ?? "")
                    }
                    let more = missing.count > 3 ? " and \(missing.count - 3) more" : ""
                    let text = t.text.count > 40 ? String(t.text.prefix(40)) + "…" : t.text
                    out.append(
                        "Text \"\(text)\" has \(shown.joined(separator: ", "))\(more), in no pinned font: "
                            + (missing.count == 1 ? "it draws as a box" : "they draw as boxes"))
                }
            }
            for c in v.children { visit(c) }
        }
        visit(tree)
        return out
    }
}

extension String {
    fileprivate func leftPadded(to n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}

import ProofsheetCore

/// SwiftUI's text modifiers as users type them (`bold`, `italic`, `underline`, `strikethrough`,
/// `kerning`/`tracking`, `lineSpacing`, `textCase`), `buttonStyle` as a modifier, and the layout
/// modifiers `fixedSize` and `position`.
extension Context {
    static let textAndLayoutModifierNames: [String] = [
        "bold", "italic", "underline", "strikethrough", "kerning", "tracking", "lineSpacing", "textCase", "buttonStyle",
        "fixedSize", "position", "alignmentGuide"
    ]

    func textOrLayoutModifier(_ name: String, _ v: JSONValue) throws -> Modifier {
        switch name {
        // `bold`, `italic`, `underline`, `strikethrough`, `kerning`, `tracking`, `lineSpacing`,
        // `buttonStyle` and `textCase` are read by ``ScalarModifier``'s table; `{"textCase": null}`
        // (no case) here.
        case "textCase": return .environment(.textCase(nil))
        case "fixedSize":
            if case .object = v.kind {
                let o = try object(v, allowed: ["horizontal", "vertical"])
                return .fixedSize(horizontal: try o["horizontal"].map(bool) ?? true, vertical: try o["vertical"].map(bool) ?? true)
            }
            try flag(v)
            return .fixedSize(horizontal: true, vertical: true)
        case "position":
            let o = try object(v, allowed: ["x", "y"])
            return .position(x: try o["x"].map { try length($0) } ?? 0, y: try o["y"].map { try length($0) } ?? 0)
        case "alignmentGuide":
            let o = try object(v, allowed: ["guide", "value"])
            guard let gv = o["guide"], let val = o["value"] else {
                throw ProofsheetError.badInput(
                    "alignmentGuide needs 'guide' and 'value'", at: v.location,
                    hint: "{\"guide\": \"leading\", \"value\": \"=$width / 2\"} ($width and $height are the view's size)")
            }
            let guide = try choice(gv, AlignmentGuide.named)
            let range = -Scene.Limits.maxLength...Scene.Limits.maxLength
            if case .number = val.kind {
                let n = try number(val, in: range)
                return .alignmentGuide(guide, AlignmentGuideValue { _ in n })
            }
            // An expression of the view's size, checked now with the size unknown and worked out
            // when a stack or frame asks for the guide.
            var check = self
            check.validating = true
            check.vars["width"] = .unknown
            check.vars["height"] = .unknown
            _ = try check.number(val, in: range)
            if validating { return .alignmentGuide(guide, AlignmentGuideValue { _ in 0 }) }
            let captured = self
            return .alignmentGuide(
                guide,
                AlignmentGuideValue { size in try captured.laidOut(size).number(val, in: range) })
        default:
            throw ProofsheetError.internal("no text or layout modifier '\(name)'")
        }
    }
}

extension EdgeInsets {
    /// `length` on each edge of `edges`, 0 elsewhere.
    public init(edges: Edges, length: Double) {
        self.init(
            top: edges.contains(.top) ? length : 0, leading: edges.contains(.leading) ? length : 0,
            bottom: edges.contains(.bottom) ? length : 0, trailing: edges.contains(.trailing) ? length : 0)
    }
}

import ProofsheetCore
import ProofsheetMotion

/// Modifiers: each modifier of a view's `"modifiers"` and its arguments.
extension Context {
    static let modifierNames: [String] =
        [
            "padding", "frame", "background", "overlay", "cornerRadius", "clipShape", "clipped", "offset",
            "scaleEffect", "rotationEffect", "opacity", "shadow", "blur", "zIndex", "layoutPriority",
            "aspectRatio", "scaledToFill", "scaledToFit", "ignoresSafeArea", "safeAreaInset", "hidden", "id",
            "foregroundColor", "foregroundStyle", "font", "fontWeight", "fontDesign",
            "multilineTextAlignment", "lineLimit", "tint", "animation", "transition", "allowsHitTesting", "contentShape", "gesture", "onTapGesture",
            "alert", "listStyle", "navigationTitle", "navigationBarTitleDisplayMode", "toolbar", "environment", "colorScheme",
            "preferredColorScheme", "dynamicTypeSize", "flipsForRightToLeftLayoutDirection"
        ] + textAndLayoutModifierNames

    mutating func modifier(_ json: JSONValue, on node: Node) throws -> Node {
        if !validating { readOnce?.countReadFromJSON() }
        guard case .object(let members) = json.kind, members.count == 1, let (name, v) = members.first.map({ ($0.key, $0.value) }) else {
            throw ProofsheetError.badInput(
                "a modifier is an object with exactly one key, got \(json.typeName == "an object" ? "\(json.typeName) with \(json.objectCount) keys" : json.typeName)",
                at: json.location, hint: "e.g. {\"padding\": 16}; put several modifiers in order in the array")
        }
        func wrap(_ m: Modifier) -> Node { .modified(node, m) }
        // Effects that draw offscreen carry their place, for errors found while drawing them.
        func located(_ m: Modifier) -> Node { .located(.modified(node, m), json.location) }
        // The modifiers of one argument, read as their table says (their other forms below).
        if let kind = ScalarModifier.kinds[name], kind.takes(v.kind) {
            let made = try scalarModifier(kind, v)
            return kind.located ? located(made) : wrap(made)
        }
        switch name {
        case "padding": return wrap(.padding(try paddingInsets(v)))
        case "frame": return wrap(try frame(v))
        case "background", "overlay":
            var content: Node
            var align = Alignment.center
            if case .object = v.kind, v["type"] == nil, let c = v["content"] {
                let o = try object(v, allowed: ["content", "alignment"])
                content = try layer(c)
                if let a = o["alignment"] { align = try alignment(a) }
            } else {
                content = try layer(v)
            }
            return wrap(name == "background" ? .background(content, alignment: align) : .overlay(content, alignment: align))
        case "clipShape": return wrap(.clipShape(try shapeKind(v)))
        case "clipped": try flag(v); return wrap(.clipped)
        case "offset":
            let o = try object(v, allowed: ["x", "y"])
            return wrap(.offset(x: try o["x"].map { try length($0) } ?? 0, y: try o["y"].map { try length($0) } ?? 0))
        case "scaleEffect":
            if case .object = v.kind {
                let o = try object(v, allowed: ["scale", "x", "y", "anchor"])
                let s = try o["scale"].map { try number($0, in: -1000...1000) } ?? 1
                return wrap(
                    .scaleEffect(
                        x: try o["x"].map { try number($0, in: -1000...1000) } ?? s, y: try o["y"].map { try number($0, in: -1000...1000) } ?? s,
                        anchor: try o["anchor"].map(unitPoint) ?? .center))
            }
            let s = try number(v, in: -1000...1000)
            return wrap(.scaleEffect(x: s, y: s, anchor: .center))
        case "rotationEffect":
            if case .object = v.kind {
                let o = try object(v, allowed: ["degrees", "anchor"])
                guard let d = o["degrees"] else { throw ProofsheetError.badInput("rotationEffect needs 'degrees'", at: v.location) }
                return wrap(.rotationEffect(degrees: try number(d, in: -100_000...100_000), anchor: try o["anchor"].map(unitPoint) ?? .center))
            }
            return wrap(.rotationEffect(degrees: try number(v, in: -100_000...100_000), anchor: .center))
        case "opacity": return located(.opacity(try number(v, in: 0...1)))
        case "shadow":
            // The object form (a radius alone is read by the table).
            let o = try object(v, allowed: ["color", "radius", "x", "y"])
            return located(
                .shadow(
                    Shadow(
                        color: try o["color"].map(color) ?? Color.black.opacity(0.33),
                        radius: try o["radius"].map { try number($0, in: 0...500) } ?? 0,
                        x: try o["x"].map { try length($0) } ?? 0, y: try o["y"].map { try length($0) } ?? 0)))
        case "zIndex": return wrap(.zIndex(try number(v, in: -1e9...1e9)))
        case "aspectRatio":
            let o = try object(v, allowed: ["ratio", "contentMode"])
            let ratio = try o["ratio"].map { try number($0, in: 0.0001...10000) }
            let mode = try o["contentMode"].map { try choice($0, Self.contentModes) } ?? .fit
            return wrap(.aspectRatio(ratio, mode))
        case "scaledToFill": try flag(v); return wrap(.aspectRatio(nil, .fill))
        case "scaledToFit": try flag(v); return wrap(.aspectRatio(nil, .fit))
        case "ignoresSafeArea":
            if case .bool(true) = v.kind { return wrap(.ignoresSafeArea(.all)) }
            return wrap(.ignoresSafeArea(try edges(v)))
        case "safeAreaInset":
            // {"edge": "bottom", "alignment": "center", "spacing": 0, "content": {view}}
            let o = try object(v, allowed: ["edge", "alignment", "spacing", "content"])
            guard let c = o["content"] else {
                throw ProofsheetError.badInput(
                    "safeAreaInset needs 'content'", at: v.location, hint: "add \"content\": {\"type\": \"Text\", \"text\": \"Bar\"}")
            }
            let edge = try o["edge"].map { try choice($0, Self.safeAreaEdges) } ?? .bottom
            let alignment = try o["alignment"].map { try choice($0, Self.insetAlignments(edge)) } ?? 0.5
            let spacing = try o["spacing"].map { try length($0, min: 0) } ?? 0
            return wrap(.safeAreaInset(edge: edge, alignment: alignment, spacing: spacing, content: try view(c)))
        case "hidden": try flag(v); return wrap(.hidden)
        case "id": return wrap(.id(try string(v)))
        case "foregroundColor", "foregroundStyle": return wrap(.environment(.foreground(try paint(v))))
        case "font": return wrap(.environment(.font(try font(v))))
        case "fontWeight": return wrap(.environment(.fontWeight(try weight(v))))
        case "lineLimit": return wrap(.environment(.lineLimit(nil)))  // null (a number is read by the table)
        case "tint": return wrap(.environment(.tint(try color(v))))
        case "preferredColorScheme": return wrap(.environment(.preferredColorScheme(nil)))  // null, as for lineLimit
        case "dynamicTypeSize": return wrap(.environment(.dynamicTypeSize(try dynamicTypeSizes(v))))
        case "environment":
            // {"colorScheme": "dark"}: SwiftUI's `.environment(\.colorScheme, .dark)`; several
            // values set in the order written.
            let o = try object(v, allowed: ["colorScheme", "dynamicTypeSize", "layoutDirection"])
            guard !o.isEmpty else {
                throw ProofsheetError.badInput(
                    "'environment' needs a value to set", at: v.location,
                    hint: "{\"environment\": {\"colorScheme\": \"dark\"}} or {\"environment\": {\"dynamicTypeSize\": \"xxxLarge\"}}")
            }
            var n = node
            if let c = o["colorScheme"] { n = .modified(n, .environment(.colorScheme(try colorScheme(c)))) }
            if let d = o["dynamicTypeSize"] {
                let size = try dynamicTypeSize(d)
                n = .modified(n, .environment(.dynamicTypeSize(size...size)))
            }
            if let d = o["layoutDirection"] { n = .modified(n, .environment(.layoutDirection(try layoutDirection(d)))) }
            return n
        case "animation": return wrap(.animation(try implicitAnimation(v)))
        case "transition": return wrap(.transition(try transition(v)))
        case "contentShape": return wrap(.contentShape(try shapeKind(v)))
        case "gesture": return wrap(.gesture(try gesture(v)))
        case "alert":
            let (spec, presented) = try alert(v)
            // Validating: both the alert and nothing are checked.
            return spec.presenting(on: node, presented: validating || presented)
        case _ where Self.textAndLayoutModifierNames.contains(name):
            return wrap(try textOrLayoutModifier(name, v))
        case "listStyle", "navigationTitle", "navigationBarTitleDisplayMode", "toolbar":
            return try systemModifier(name, v, on: node, at: json)
        case "onTapGesture":
            var count = 0
            let actions = try actionContext().actions(v, schema: schema, count: &count)
            return wrap(.gesture(GestureSpec(kind: .tap, updating: [], onChanged: [], onEnded: actions, location: v.location, captures: locals)))
        default:
            let close = closeNames(to: name, in: Self.modifierNames)
            throw ProofsheetError.badInput(
                "unknown modifier '\(excerpt(name))'", at: json.location.with(path: json.location.jsonPath.member(name)),
                hint: close.isEmpty
                    ? "modifiers: \(Self.modifierNames.joined(separator: ", "))" : "did you mean \(listForHint(close.map { "'\($0)'" }))?")
        }
    }

    /// A safe-area inset's alignments along its edge.
    static func insetAlignments(_ edge: SafeAreaEdge) -> [String: Double] {
        edge.isVertical ? horizontalGuides : insetVerticalGuides
    }

    /// `{"animation": "easeOut"}` (every change), `{"animation": null}` (none), or
    /// `{"animation": {"curve": "spring()", "value": "=$users"}}` (changes of `value`).
    func implicitAnimation(_ v: JSONValue) throws -> ImplicitAnimation {
        if case .object = v.kind {
            let o = try object(v, allowed: ["curve", "value"])
            guard let c = o["curve"] else {
                throw ProofsheetError.badInput(
                    "an animation needs 'curve'", at: v.location,
                    hint: "{\"curve\": \"spring()\", \"value\": \"=$drag\"}; \"curve\": null turns animation off")
            }
            let watched = try o["value"].map { try value($0).canonicalText }
            return ImplicitAnimation(try animationOrNil(c), value: watched)
        }
        return ImplicitAnimation(try animationOrNil(v), value: nil)
    }

    /// An animation spelled as in SwiftUI, or null for none; a bad spelling is located at its
    /// column in the file.
    func animationOrNil(_ v: JSONValue) throws -> Animation? {
        if case .null = v.kind { return nil }
        guard let text = try stringOrUnknown(v) else { return nil }
        do { return try spellings.animation(text, sdk: sdk) } catch { throw spellingError(error, in: text, at: v, what: "animation") }
    }

    /// A transition spelled as in SwiftUI: `"opacity"`, `"move(edge: .trailing)"`.
    func transition(_ v: JSONValue) throws -> Transition {
        guard let text = try stringOrUnknown(v) else { return .identity }
        do { return try spellings.transition(text, sdk: sdk) } catch { throw spellingError(error, in: text, at: v, what: "transition") }
    }

    func spellingError(_ e: AnimationSpellingError, in text: String, at v: JSONValue, what: String) -> ProofsheetError {
        var at = v.location
        // The string's opening quote is at the value's column: point inside it when on one line.
        if case .string(let raw) = v.kind, raw == text { at.column += e.column }
        return .badInput("bad \(what) '\(excerpt(text))' at column \(e.column) of the spelling: \(e.message)", at: at, hint: e.hint)
    }

    /// A background's or overlay's content: a view, or a style. A style alone (a colour, a
    /// gradient, a material) reaches into the safe area where the view meets it, as SwiftUI's
    /// `background(_:ignoresSafeAreaEdges:)` and `overlay(_:ignoresSafeAreaEdges:)` do by default;
    /// a style in a shape (`{"style": …, "in": …}`) and a view keep to the view's frame.
    mutating func layer(_ v: JSONValue) throws -> Node {
        if case .object = v.kind, v["type"] != nil { return try view(v) }
        if let material = Self.material(v) { return .modified(.located(.material(material, in: .rectangle), v.location), .ignoresSafeArea(.all)) }
        if case .object = v.kind, let style = v["style"] {
            let o = try object(v, allowed: ["style", "in"])
            let kind = try o["in"].map(shapeKind) ?? .rectangle
            if let material = Self.material(style) {
                let drawn = Node.located(.material(material, in: kind), v.location)
                return o["in"] == nil ? .modified(drawn, .ignoresSafeArea(.all)) : drawn
            }
            let shape = Node.shape(kind, fill: try paint(style))
            return o["in"] == nil ? .modified(shape, .ignoresSafeArea(.all)) : shape
        }
        return .modified(.paint(try paint(v)), .ignoresSafeArea(.all))
    }

    /// The material a JSON string names (`"thinMaterial"`), or nil.
    static func material(_ v: JSONValue) -> Material? {
        guard case .string(let s) = v.kind else { return nil }
        return Material(styleName: s.hasPrefix(".") ? String(s.dropFirst()) : s)
    }

    func flag(_ v: JSONValue) throws {
        guard case .bool(true) = v.kind else {
            throw ProofsheetError.badInput("expected true, got \(v.typeName)", at: v.location, hint: "write the modifier as {\"name\": true}")
        }
    }

    func paddingInsets(_ v: JSONValue) throws -> EdgeInsets {
        // SwiftUI's `.padding(.horizontal)`: an edge name, the default 16 on those edges.
        if case .string(let s) = v.kind, !s.hasPrefix("$"), !s.hasPrefix("=") {
            return EdgeInsets(edges: try edges(v), length: 16)
        }
        if case .array = v.kind { return EdgeInsets(edges: try edges(v), length: 16) }
        switch v.kind {
        case .number, .string: return EdgeInsets(all: try length(v))
        case .bool(true): return EdgeInsets(all: 16)
        case .object:
            let o = try object(v, allowed: ["edges", "length", "top", "leading", "bottom", "trailing", "horizontal", "vertical"])
            var e = EdgeInsets.zero
            if o["edges"] != nil || o["length"] != nil {
                let set = try o["edges"].map(edges) ?? .all
                let l = try o["length"].map { try length($0) } ?? 16
                if set.contains(.top) { e.top = l }
                if set.contains(.bottom) { e.bottom = l }
                if set.contains(.leading) { e.leading = l }
                if set.contains(.trailing) { e.trailing = l }
            }
            if let h = o["horizontal"] { let l = try length(h); e.leading = l; e.trailing = l }
            if let vv = o["vertical"] { let l = try length(vv); e.top = l; e.bottom = l }
            if let x = o["top"] { e.top = try length(x) }
            if let x = o["bottom"] { e.bottom = try length(x) }
            if let x = o["leading"] { e.leading = try length(x) }
            if let x = o["trailing"] { e.trailing = try length(x) }
            return e
        default:
            throw ProofsheetError.badInput(
                "expected a number or an object for padding, got \(v.typeName)", at: v.location,
                hint: "{\"padding\": 16} or {\"padding\": {\"edges\": \"horizontal\", \"length\": 15}}")
        }
    }

    func frame(_ v: JSONValue) throws -> Modifier {
        let flexKeys = ["minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"]
        let o = try object(v, allowed: Set(["width", "height", "alignment"] + flexKeys))
        let align = try o["alignment"].map(alignment) ?? .center
        if flexKeys.contains(where: { o[$0] != nil }) {
            // A fixed width with a max height (or the other way round), as users write it: the
            // fixed axis is pinned (min = ideal = max), which lays out as SwiftUI's two frames.
            for (fixed, axis) in [("width", "Width"), ("height", "Height")] where o[fixed] != nil {
                if let other = ["min", "ideal", "max"].first(where: { o[$0 + axis] != nil }) {
                    throw ProofsheetError.badInput(
                        "a frame has '\(fixed)' or '\(other)\(axis)', not both", at: v.location,
                        hint: "give the \(fixed) as a number, or its limits")
                }
            }
            // Only a maximum may be infinite, as in SwiftUI.
            func lim(_ k: String) throws -> Double? {
                if k.hasSuffix("Width"), let w = o["width"] { return try length(w, min: 0) }
                if k.hasSuffix("Height"), let h = o["height"] { return try length(h, min: 0) }
                return try o[k].map { try length($0, min: 0, allowInfinity: k.hasPrefix("max")) }
            }
            let f = FlexFrame(
                minWidth: try lim("minWidth"), idealWidth: try lim("idealWidth"), maxWidth: try lim("maxWidth"),
                minHeight: try lim("minHeight"), idealHeight: try lim("idealHeight"), maxHeight: try lim("maxHeight"), alignment: align)
            if !validating, let a = f.minWidth, let b = f.maxWidth, a > b {
                throw ProofsheetError.badInput("minWidth \(fmt(a)) is larger than maxWidth \(fmt(b))", at: v.location)
            }
            if !validating, let a = f.minHeight, let b = f.maxHeight, a > b {
                throw ProofsheetError.badInput("minHeight \(fmt(a)) is larger than maxHeight \(fmt(b))", at: v.location)
            }
            return .flexFrame(f)
        }
        return .frame(width: try o["width"].map { try length($0, min: 0) }, height: try o["height"].map { try length($0, min: 0) }, alignment: align)
    }

    /// `light` or `dark` (`.light`, `.dark` too).
    /// `.dynamicTypeSize`'s argument: one size (`"xxxLarge"`) or a range (`{"max": "xxLarge"}`,
    /// `{"min": "large", "max": "accessibility2"}`).
    func dynamicTypeSizes(_ v: JSONValue) throws -> ClosedRange<DynamicTypeSize> {
        guard case .object = v.kind else {
            let size = try dynamicTypeSize(v)
            return size...size
        }
        let o = try object(v, allowed: ["min", "max"])
        let low = try o["min"].map(dynamicTypeSize) ?? .xSmall, high = try o["max"].map(dynamicTypeSize) ?? .accessibility5
        guard o["min"] != nil || o["max"] != nil else {
            throw ProofsheetError.badInput("a range of Dynamic Type sizes needs a 'min' or a 'max'", at: v.location, hint: "{\"max\": \"xxLarge\"}")
        }
        guard low <= high else {
            throw ProofsheetError.badInput(
                "the range's 'min' (\(low.rawValue)) is larger than its 'max' (\(high.rawValue))", at: v.location,
                hint: "sizes go \(DynamicTypeSize.spellings)")
        }
        return low...high
    }

    func colorScheme(_ v: JSONValue) throws -> ColorScheme {
        try choice(v, Self.colorSchemes)
    }
}

import ProofsheetCore
import ProofsheetMotion

/// An argument of a modifier compiled when its template was read (see ``CompiledModifier``):
/// what a state does with it is decided then, so a state evaluates its expression and never
/// reads its JSON again.
enum CompiledArgument: Sendable {
    /// A value that is not a string (a number, a boolean, null, an array or object): as read.
    case constant(ScriptValue)
    /// A string without expressions, read as it is; its bytes are taken from each state's budget,
    /// as reading the string takes them.
    case text(String, bytes: Int)
    /// `"$name…"` or `"= …"`: its tree, evaluated for each state; `bytes`: the string's bytes.
    case expression(ExpressionTree, bytes: Int)
    /// A string with `${…}` in it: its literal pieces and the trees of its expressions, each
    /// evaluated for each state and joined; `bytes`: the whole string's bytes.
    case interpolation([InterpolationPiece], bytes: Int)
    /// A length `{"scaledMetric": base, "relativeTo": style}`: the base scaled with the scene's
    /// Dynamic Type size (read by ``Context/number(_:in:)`` only, which knows its bounds).
    indirect case scaledMetric(CompiledArgument, relativeTo: CompiledArgument?)
}

/// A piece of an interpolated string (see ``Context/interpolate(_:at:)``).
enum InterpolationPiece: Sendable {
    case literal(String)
    case expression(ExpressionTree)
}

/// A modifier whose arguments read the state, compiled when its template was read: its kind
/// and its arguments' places are known then, each argument a value or an expression tree. A
/// state evaluates the expressions and checks their values; it never reads the modifier's JSON.
///
/// What a state takes from its budget is what reading the modifier takes: each string's bytes
/// and what its expression compares or joins. Any value that does not fit (a string where a
/// number goes, a number out of range, a spelling that does not parse, a limit passed) makes the
/// state read the modifier from its JSON instead, from the budget as it was, so the error is the
/// one reading it says, word for word (``Context/readOnceModifier(_:on:)``).
///
/// Every kind is compiled, in every form a state can change: the effects and layout modifiers,
/// the environment's values (``ScalarModifier`` holds the kinds of one argument), backgrounds
/// and overlays of a paint, gestures whose recogniser reads the state, and `listStyle`; a
/// background, overlay or safe-area inset holding a view is compiled with its view
/// (``CompiledModifierSlot``), an alert on its own (``CompiledAlert``).
enum CompiledModifier: Sendable {
    case offset(x: CompiledArgument?, y: CompiledArgument?)
    /// `{"scaleEffect": 0.95}` (`uniform`), or the object with `scale`, `x`, `y` and an anchor.
    case scaleEffect(scale: CompiledArgument?, x: CompiledArgument?, y: CompiledArgument?, anchor: CompiledUnitPoint?, uniform: Bool)
    case rotationEffect(degrees: CompiledArgument, anchor: CompiledUnitPoint?)
    /// The place of the modifier, which an effect drawn offscreen carries for its errors.
    case opacity(CompiledArgument, at: SourceLocation)
    case zIndex(CompiledArgument)
    case id(CompiledArgument)
    case transition(CompiledArgument)
    /// `curve` is null (no animation) or a string spelling one; `watched` is the value whose
    /// changes it animates (nil: every change).
    case animation(curve: CompiledArgument, watched: CompiledArgument?)
    /// `foregroundColor` or `foregroundStyle` (a colour or a gradient).
    case foreground(CompiledPaint)
    case tint(CompiledColor)
    /// `background` or `overlay` of a colour or a gradient: a paint reaching into the safe area.
    case colorLayer(background: Bool, CompiledPaint)
    /// `{"padding": 16}` or `{"padding": "=$inset"}`: every edge.
    case paddingAll(CompiledArgument)
    /// The object form: `edges` (nil: written with neither `edges` nor `length`; no names: all),
    /// then `length`, `horizontal`, `vertical`, `top`, `bottom`, `leading`, `trailing`.
    case padding(edges: CompiledEdges?, sides: [CompiledArgument?])
    /// `{"padding": ["horizontal", "$edge"]}`: 16 points on the edges named.
    case paddingEdges(CompiledEdges)
    /// `clipShape` or `contentShape`.
    case shape(CompiledShapeKind, clip: Bool)
    /// `ignoresSafeArea` of an array of edges.
    case ignoresSafeArea(CompiledEdges)
    /// `font`'s object form.
    case font(CompiledFont)
    /// `dynamicTypeSize`: one size, or the range form.
    case dynamicTypeSize(CompiledArgument)
    case dynamicTypeSizes(min: CompiledArgument?, max: CompiledArgument?)
    /// `width` and `height`, or (`flexible`) the six limits in the order the decoder reads them,
    /// a fixed width or height standing for its axis' three.
    case frame(alignment: CompiledArgument?, width: CompiledArgument?, height: CompiledArgument?, flexible: [FrameLength?]?)
    /// A modifier of one argument, `at` its place (see ``ScalarModifier``).
    case scalar(ScalarModifier, CompiledArgument, at: SourceLocation)
    /// `shadow`'s object form: its colour, radius, x and y, in the order the decoder reads them.
    case shadow(color: CompiledColor?, radius: CompiledArgument?, x: CompiledArgument?, y: CompiledArgument?, at: SourceLocation)
    case aspectRatio(ratio: CompiledArgument?, contentMode: CompiledArgument?)
    case position(x: CompiledArgument?, y: CompiledArgument?)
    case fixedSize(horizontal: CompiledArgument?, vertical: CompiledArgument?)
    /// `environment`'s values, in the order the decoder sets them.
    case environment(colorScheme: CompiledArgument?, dynamicTypeSize: CompiledArgument?, layoutDirection: CompiledArgument?)
    /// An alignment guide's value, worked out when a stack or frame asks for the guide (its guide
    /// read once); `json` is the value, read when it does not fit.
    case alignmentGuide(CompiledArgument, CompiledArgument, json: JSONValue)
    /// A gesture whose recogniser reads the state (one that does not is made once).
    case gesture(CompiledGesture)
    /// `listStyle`, which the `List` it modifies has read: on a `List`, one of its styles.
    case listStyle(CompiledArgument)
}

/// A state's value does not fit a compiled view or modifier: it is read from its JSON instead,
/// which says what is wrong.
struct CompiledMismatch: Error {}

/// A limit of a flexible frame: a length, or `"infinity"` (a maximum only).
enum FrameLength: Sendable {
    case infinity
    case length(CompiledArgument)
}

/// A compiled modifier with what its fixed arguments (an anchor read when it was compiled) take
/// from each state's budget.
struct CompiledModifierPart: Sendable {
    let modifier: CompiledModifier
    let fixedCost: ReadCost
}

extension ViewBudget {
    /// Puts back what was left at `left` (from ``left``): a state that tried a compiled part
    /// and reads it from its JSON instead starts from the same budget.
    func restore(_ left: (views: Int, text: Int, stringBytes: Int)) {
        let now = self.left
        _ = take(now.views - left.views)
        _ = takeText(now.text - left.text)
        _ = takeStringBytes(now.stringBytes - left.stringBytes)
    }
}

extension Context {
    /// `v` as a compiled argument, or nil where reading it is left to the decoder (an expression
    /// whose text does not read whole, a `${` not closed).
    func compiledArgument(_ v: JSONValue) -> CompiledArgument? {
        guard case .string(let s) = v.kind else { return .constant(ScriptValue(v)) }
        let bytes = s.utf8.count
        if Self.reference(s) != nil { return expressions.tree(s).map { .expression($0, bytes: bytes) } }
        if s.hasPrefix("=") { return expressions.tree(String(s.dropFirst())).map { .expression($0, bytes: bytes) } }
        // `\=`, `\$` and `\\` begin a text that starts with `=`, `$` or `\` (as ``value(_:)`` reads them).
        var text = s
        if s.hasPrefix("\\"), let next = s.dropFirst().first, next == "=" || next == "$" || next == "\\" { text = String(s.dropFirst()) }
        if text.contains("${") { return interpolationPieces(text).map { .interpolation($0, bytes: bytes) } }
        return .text(text, bytes: bytes)
    }

    /// A length's argument: a number, an expression, or a scaled metric (what else a length may
    /// be is left to the decoder).
    func compiledLength(_ v: JSONValue) -> CompiledArgument? {
        switch v.kind {
        case .number: return compiledArgument(v)
        case .string(let s) where s.hasPrefix("$") || s.hasPrefix("="): return compiledArgument(v)
        case .object(let members):
            guard members.allSatisfy({ $0.key == "scaledMetric" || $0.key == "relativeTo" }), let b = v["scaledMetric"],
                let base = compiledLength(b), let style = compiledOptional(v["relativeTo"], compiledArgument)
            else { return nil }
            return .scaledMetric(base, relativeTo: style)
        default: return nil
        }
    }

    /// The modifier `name` with its argument `v` compiled (see ``CompiledModifier``), or nil
    /// when its kind or the form of an argument is left to the decoder. `json` is the modifier.
    func compiledModifier(_ name: String, _ v: JSONValue, at json: JSONValue) -> CompiledModifierPart? {
        /// An anchor (nil: the centre); nil (the outer) when not compiled.
        func anchor(_ a: JSONValue?) -> CompiledUnitPoint?? { compiledOptional(a, compiledUnitPoint) }
        /// An object's members when every key is one of `allowed`.
        func members(_ allowed: Set<String>) -> [String: JSONValue]? {
            guard case .object(let list) = v.kind, list.allSatisfy({ allowed.contains($0.key) }) else { return nil }
            return Dictionary(list, uniquingKeysWith: { first, _ in first })
        }
        /// The optional argument `key` of `o` as `read` compiles it; nil (the outer) when present
        /// and not compiled.
        func optional(_ o: [String: JSONValue], _ key: String, _ read: (JSONValue) -> CompiledArgument?) -> CompiledArgument?? {
            guard let a = o[key] else { return .some(nil) }
            return read(a).map { .some($0) }
        }
        /// The object `{a: …, b: …}` (either optional), its two arguments compiled by `read`.
        func two(_ a: String, _ b: String, _ read: (JSONValue) -> CompiledArgument?) -> (CompiledArgument?, CompiledArgument?)? {
            guard let o = members([a, b]), let x = optional(o, a, read), let y = optional(o, b, read) else { return nil }
            return (x, y)
        }
        let modifier: CompiledModifier?
        switch name {
        case "offset": modifier = two("x", "y", compiledLength).map { .offset(x: $0, y: $1) }
        case "scaleEffect":
            if case .object = v.kind {
                guard let o = members(["scale", "x", "y", "anchor"]), let s = optional(o, "scale", compiledArgument),
                    let x = optional(o, "x", compiledArgument), let y = optional(o, "y", compiledArgument), let a = anchor(o["anchor"])
                else { return nil }
                modifier = .scaleEffect(scale: s, x: x, y: y, anchor: a, uniform: false)
            } else {
                modifier = compiledArgument(v).map { .scaleEffect(scale: $0, x: nil, y: nil, anchor: nil, uniform: true) }
            }
        case "rotationEffect":
            if case .object = v.kind {
                guard let o = members(["degrees", "anchor"]), let d = o["degrees"].flatMap(compiledArgument), let a = anchor(o["anchor"])
                else { return nil }
                modifier = .rotationEffect(degrees: d, anchor: a)
            } else {
                modifier = compiledArgument(v).map { .rotationEffect(degrees: $0, anchor: nil) }
            }
        case "opacity": modifier = compiledArgument(v).map { .opacity($0, at: json.location) }
        case "zIndex": modifier = compiledArgument(v).map { .zIndex($0) }
        case "id": modifier = compiledArgument(v).map { .id($0) }
        case "transition": modifier = compiledArgument(v).map { .transition($0) }
        case "animation":
            if case .object = v.kind {
                guard let o = members(["curve", "value"]), let c = o["curve"].flatMap(compiledArgument),
                    let w = optional(o, "value", compiledArgument)
                else { return nil }
                modifier = .animation(curve: c, watched: w)
            } else {
                modifier = compiledArgument(v).map { .animation(curve: $0, watched: nil) }
            }
        case "foregroundColor", "foregroundStyle": modifier = compiledPaint(v).map { .foreground($0) }
        case "tint": modifier = compiledColor(v).map { .tint($0) }
        case "background", "overlay":
            // A paint (a string, or an object that is neither a view nor a style in a shape).
            guard isString(v) || (v["type"] == nil && v["content"] == nil && v["style"] == nil) else { return nil }
            modifier = compiledPaint(v).map { .colorLayer(background: name == "background", $0) }
        case "padding":
            switch v.kind {
            case .number, .string: modifier = compiledLength(v).map { .paddingAll($0) }
            case .array: modifier = compiledEdges(v).map { .paddingEdges($0) }
            case .object:
                guard let o = members(["edges", "length", "top", "leading", "bottom", "trailing", "horizontal", "vertical"]) else { return nil }
                var edges: CompiledEdges? = nil
                if o["edges"] != nil || o["length"] != nil {
                    if let e = o["edges"] {
                        guard let c = compiledEdges(e) else { return nil }
                        edges = c
                    } else {
                        edges = CompiledEdges(names: [])
                    }
                }
                var sides: [CompiledArgument?] = []
                for key in ["length", "horizontal", "vertical", "top", "bottom", "leading", "trailing"] {
                    guard let side = optional(o, key, compiledLength) else { return nil }
                    sides.append(side)
                }
                modifier = .padding(edges: edges, sides: sides)
            default: modifier = nil
            }
        case "frame":
            let flexKeys = ["minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"]
            guard let o = members(Set(["width", "height", "alignment"] + flexKeys)) else { return nil }
            guard let alignment = optional(o, "alignment", compiledArgument) else { return nil }
            guard let width = optional(o, "width", compiledLength), let height = optional(o, "height", compiledLength) else { return nil }
            var flexible: [FrameLength?]? = nil
            if flexKeys.contains(where: { o[$0] != nil }) {
                // A width with a width limit (or a height with a height limit) is left to the
                // decoder, which says so.
                for (fixed, axis) in [("width", "Width"), ("height", "Height")] where o[fixed] != nil {
                    guard !["min", "ideal", "max"].contains(where: { o[$0 + axis] != nil }) else { return nil }
                }
                var limits: [FrameLength?] = []
                for k in flexKeys {
                    if k.hasSuffix("Width"), let w = width {
                        limits.append(.length(w))
                    } else if k.hasSuffix("Height"), let h = height {
                        limits.append(.length(h))
                    } else if let l = o[k] {
                        if case .string(let s) = l.kind, k.hasPrefix("max"), s == "infinity" || s == ".infinity" {
                            limits.append(.infinity)
                        } else {
                            guard let c = compiledLength(l) else { return nil }
                            limits.append(.length(c))
                        }
                    } else {
                        limits.append(nil)
                    }
                }
                flexible = limits
            }
            modifier = .frame(alignment: alignment, width: width, height: height, flexible: flexible)
        case "shadow" where !isString(v):
            guard let o = members(["color", "radius", "x", "y"]) else { return nil }
            var color: CompiledColor? = nil
            if let c = o["color"] {
                guard let compiled = compiledColor(c) else { return nil }
                color = compiled
            }
            guard let r = optional(o, "radius", compiledArgument), let x = optional(o, "x", compiledLength), let y = optional(o, "y", compiledLength)
            else { return nil }
            modifier = .shadow(color: color, radius: r, x: x, y: y, at: json.location)
        case "aspectRatio": modifier = two("ratio", "contentMode", compiledArgument).map { .aspectRatio(ratio: $0, contentMode: $1) }
        case "position": modifier = two("x", "y", compiledLength).map { .position(x: $0, y: $1) }
        case "fixedSize": modifier = two("horizontal", "vertical", compiledArgument).map { .fixedSize(horizontal: $0, vertical: $1) }
        case "environment":
            // Each value a string (a name, or an expression giving one).
            func name(_ a: JSONValue) -> CompiledArgument? { isString(a) ? compiledArgument(a) : nil }
            guard let o = members(["colorScheme", "dynamicTypeSize", "layoutDirection"]), !o.isEmpty,
                let c = optional(o, "colorScheme", name), let d = optional(o, "dynamicTypeSize", name), let l = optional(o, "layoutDirection", name)
            else { return nil }
            modifier = .environment(colorScheme: c, dynamicTypeSize: d, layoutDirection: l)
        case "alignmentGuide":
            guard let o = members(["guide", "value"]), let g = o["guide"], let val = o["value"], let guide = compiledArgument(g),
                let value = compiledArgument(val)
            else { return nil }
            modifier = .alignmentGuide(guide, value, json: val)
        case "clipShape" where !isString(v), "contentShape" where !isString(v):
            modifier = compiledShapeKind(v).map { .shape($0, clip: name == "clipShape") }
        case "ignoresSafeArea": modifier = compiledEdges(v).map { .ignoresSafeArea($0) }
        case "font" where !isString(v):
            modifier = compiledFont(v).map { .font($0) }
        case "dynamicTypeSize" where isString(v): modifier = compiledArgument(v).map { .dynamicTypeSize($0) }
        case "dynamicTypeSize":
            guard let o = members(["min", "max"]), !o.isEmpty, let low = optional(o, "min", compiledArgument),
                let high = optional(o, "max", compiledArgument)
            else { return nil }
            modifier = .dynamicTypeSizes(min: low, max: high)
        case "listStyle": modifier = compiledArgument(v).map { .listStyle($0) }
        default:
            guard let kind = ScalarModifier.kinds[name], isString(v) else { return nil }
            var length = false
            if case .length = kind.reading { length = true }
            modifier = (length ? compiledLength(v) : compiledArgument(v)).map { .scalar(kind, $0, at: json.location) }
        }
        return modifier.map { CompiledModifierPart(modifier: $0, fixedCost: ReadCost()) }
    }

    /// `node` with the compiled modifier `part` around it, its arguments evaluated in this
    /// context; ``CompiledMismatch`` (or the error of an interpolation) when a value
    /// does not fit, the budget then partly taken (the caller puts it back).
    func applying(_ part: CompiledModifierPart, on node: Node) throws -> Node {
        guard budget.take(part.fixedCost) else { throw CompiledMismatch() }
        let modifier: Modifier
        switch part.modifier {
        case .offset(let x, let y):
            let range = -Scene.Limits.maxLength...Scene.Limits.maxLength
            modifier = .offset(x: try x.map { try number($0, in: range) } ?? 0, y: try y.map { try number($0, in: range) } ?? 0)
        case .scaleEffect(let scale, let x, let y, let anchor, let uniform):
            let s = try scale.map { try number($0, in: -1000...1000) } ?? 1
            if uniform { return .modified(node, .scaleEffect(x: s, y: s, anchor: .center)) }
            let sx = try x.map { try number($0, in: -1000...1000) } ?? s, sy = try y.map { try number($0, in: -1000...1000) } ?? s
            modifier = .scaleEffect(
                x: sx, y: sy, anchor: try anchor.map { try unitPoint($0) } ?? .center)
        case .rotationEffect(let degrees, let anchor):
            modifier = .rotationEffect(
                degrees: try number(degrees, in: -100_000...100_000), anchor: try anchor.map { try unitPoint($0) } ?? .center)
        case .opacity(let a, let at):
            return .located(.modified(node, .opacity(try number(a, in: 0...1))), at)
        case .zIndex(let a): modifier = .zIndex(try number(a, in: -1e9...1e9))
        case .id(let a): modifier = .id(try string(a))
        case .transition(let a):
            guard let t = try? spellings.transition(try string(a), sdk: sdk) else { throw CompiledMismatch() }
            modifier = .transition(t)
        case .animation(let curve, let watched):
            // The value watched is read first, as the decoder reads it.
            let text = try watched.map { try value($0).canonicalText }
            var animation: Animation? = nil
            if case .constant(.null) = curve {
                animation = nil
            } else {
                guard let a = try? spellings.animation(try string(curve), sdk: sdk) else { throw CompiledMismatch() }
                animation = a
            }
            modifier = .animation(ImplicitAnimation(animation, value: text))
        case .foreground(let p): modifier = .environment(.foreground(try paint(p)))
        case .tint(let c): modifier = .environment(.tint(try color(c)))
        case .colorLayer(let background, let c):
            let content = Node.modified(.paint(try paint(c)), .ignoresSafeArea(.all))
            modifier = background ? .background(content, alignment: .center) : .overlay(content, alignment: .center)
        case .paddingAll(let a):
            modifier = .padding(EdgeInsets(all: try number(a, in: -Scene.Limits.maxLength...Scene.Limits.maxLength)))
        case .padding(let edges, let sides):
            let range = -Scene.Limits.maxLength...Scene.Limits.maxLength
            var e = EdgeInsets.zero
            // The edges are read first, as the decoder reads them (no names: all).
            let named = try edges.map { $0.names.isEmpty ? Edges.all : try self.edges($0) }
            let l = try sides.map { try $0.map { try number($0, in: range) } }
            if let set = named {
                let length = l[0] ?? 16
                if set.contains(.top) { e.top = length }
                if set.contains(.bottom) { e.bottom = length }
                if set.contains(.leading) { e.leading = length }
                if set.contains(.trailing) { e.trailing = length }
            }
            if let h = l[1] { e.leading = h; e.trailing = h }
            if let v = l[2] { e.top = v; e.bottom = v }
            if let x = l[3] { e.top = x }
            if let x = l[4] { e.bottom = x }
            if let x = l[5] { e.leading = x }
            if let x = l[6] { e.trailing = x }
            modifier = .padding(e)
        case .frame(let alignment, let width, let height, let flexible):
            let range = 0...Scene.Limits.maxLength
            // The alignment is read first, as the decoder reads it: a name, a leading dot optional.
            var align = Alignment.center
            if let alignment {
                let name = try string(alignment)
                guard let a = UnitPoint.named[name] ?? (name.hasPrefix(".") ? UnitPoint.named[String(name.dropFirst())] : nil) else {
                    throw CompiledMismatch()
                }
                align = a
            }
            if let flexible {
                let l = try flexible.map { limit -> Double? in
                    switch limit {
                    case nil: return nil
                    case .infinity?: return .infinity
                    case .length(let a)?: return try number(a, in: range)
                    }
                }
                let f = FlexFrame(
                    minWidth: l[0], idealWidth: l[1], maxWidth: l[2], minHeight: l[3], idealHeight: l[4], maxHeight: l[5], alignment: align)
                if let a = f.minWidth, let b = f.maxWidth, a > b { throw CompiledMismatch() }
                if let a = f.minHeight, let b = f.maxHeight, a > b { throw CompiledMismatch() }
                modifier = .flexFrame(f)
            } else {
                modifier = .frame(
                    width: try width.map { try number($0, in: range) }, height: try height.map { try number($0, in: range) }, alignment: align)
            }
        case .scalar(let kind, let a, let at):
            let made = try scalarModifier(kind, a)
            return kind.located ? .located(.modified(node, made), at) : .modified(node, made)
        case .shadow(let c, let radius, let x, let y, let at):
            let range = -Scene.Limits.maxLength...Scene.Limits.maxLength
            let shadow = Shadow(
                color: try c.map { try color($0) } ?? Color.black.opacity(0.33), radius: try radius.map { try number($0, in: 0...500) } ?? 0,
                x: try x.map { try number($0, in: range) } ?? 0, y: try y.map { try number($0, in: range) } ?? 0)
            return .located(.modified(node, .shadow(shadow)), at)
        case .aspectRatio(let ratio, let contentMode):
            let r = try ratio.map { try number($0, in: 0.0001...10000) }
            let mode = try contentMode.map { try choice($0, Self.contentModes) } ?? .fit
            modifier = .aspectRatio(r, mode)
        case .position(let x, let y):
            let range = -Scene.Limits.maxLength...Scene.Limits.maxLength
            modifier = .position(x: try x.map { try number($0, in: range) } ?? 0, y: try y.map { try number($0, in: range) } ?? 0)
        case .fixedSize(let h, let v):
            modifier = .fixedSize(horizontal: try h.map(bool) ?? true, vertical: try v.map(bool) ?? true)
        case .environment(let c, let d, let l):
            var n = node
            if let c { n = .modified(n, .environment(.colorScheme(try choice(c, Self.colorSchemes)))) }
            if let d {
                let size = try dynamicTypeSize(d)
                n = .modified(n, .environment(.dynamicTypeSize(size...size)))
            }
            if let l {
                guard let direction = LayoutDirection.named(try string(l)) else { throw CompiledMismatch() }
                n = .modified(n, .environment(.layoutDirection(direction)))
            }
            return n
        case .alignmentGuide(let g, let a, let json):
            let guide = try choice(g, AlignmentGuide.named)
            let range = -Scene.Limits.maxLength...Scene.Limits.maxLength
            // Checked now with the view's size unknown, as reading it checks it; worked out at
            // layout, where a value that does not fit is read from its JSON, which says why.
            var check = self
            check.vars["width"] = .unknown
            check.vars["height"] = .unknown
            let x = try check.value(a, unknownAllowed: true)
            guard x.isUnknown || ScalarModifier.number(x, range) != nil else { throw CompiledMismatch() }
            if case .constant(.number(let n)) = a { return .modified(node, .alignmentGuide(guide, AlignmentGuideValue { _ in n })) }
            let captured = self
            modifier = .alignmentGuide(
                guide,
                AlignmentGuideValue { size in
                    let inner = captured.laidOut(size)
                    let before = inner.budget.left
                    do { return try inner.number(a, in: range) } catch is CompiledMismatch {
                        inner.budget.restore(before)
                        return try inner.number(json, in: range)
                    }
                })
        case .gesture(let g):
            modifier = .gesture(
                GestureSpec(
                    kind: try gestureKind(g.kind), updating: g.updating, onChanged: g.onChanged, onEnded: g.onEnded, location: g.at, captures: locals)
            )
        case .paddingEdges(let edges): modifier = .padding(EdgeInsets(edges: try self.edges(edges), length: 16))
        case .shape(let kind, let clip):
            let k = try shapeKind(kind)
            modifier = clip ? .clipShape(k) : .contentShape(k)
        case .ignoresSafeArea(let edges): modifier = .ignoresSafeArea(try self.edges(edges))
        case .font(let f): modifier = .environment(.font(try font(f)))
        case .dynamicTypeSize(let a):
            let size = try dynamicTypeSize(a)
            modifier = .environment(.dynamicTypeSize(size...size))
        case .dynamicTypeSizes(let low, let high):
            let l = try low.map(dynamicTypeSize) ?? .xSmall, h = try high.map(dynamicTypeSize) ?? .accessibility5
            guard l <= h else { throw CompiledMismatch() }
            modifier = .environment(.dynamicTypeSize(l...h))
        case .listStyle(let a):
            guard SystemViews.isList(node) else { throw CompiledMismatch() }
            _ = try choice(a, Self.listStyles)
            return node
        }
        return .modified(node, modifier)
    }

    /// Whether `v` is a string (an argument a state may give as an expression).
    func isString(_ v: JSONValue) -> Bool {
        if case .string = v.kind { return true }
        return false
    }

    /// The Dynamic Type size a compiled argument names.
    func dynamicTypeSize(_ a: CompiledArgument) throws -> DynamicTypeSize {
        guard let s = DynamicTypeSize.named(try string(a)) else { throw CompiledMismatch() }
        return s
    }

    /// A compiled argument's boolean.
    func bool(_ a: CompiledArgument) throws -> Bool {
        guard case .bool(let b) = try value(a) else { throw CompiledMismatch() }
        return b
    }

    /// One of `options` by the name a compiled argument gives, a leading dot optional.
    func choice<T>(_ a: CompiledArgument, _ options: [String: T]) throws -> T {
        guard let t = ScalarModifier.choice(try value(a), options) else { throw CompiledMismatch() }
        return t
    }

    /// A compiled argument's number, finite and in `range`.
    func number(_ a: CompiledArgument, in range: ClosedRange<Double>) throws -> Double {
        if case .scaledMetric(let base, let relativeTo) = a {
            // As ``scaledMetric(_:min:)`` reads it: within the length's bounds.
            let b = try number(base, in: range)
            let style = try relativeTo.map { try choice($0, Self.textStyles) } ?? .body
            return Swift.min(Swift.max(style.scaled(b, at: dynamicTypeSize), range.lowerBound), Scene.Limits.maxLength)
        }
        guard case .number(let n) = try value(a), n.isFinite, range.contains(n) else { throw CompiledMismatch() }
        return n
    }

    /// A compiled argument's string.
    func string(_ a: CompiledArgument) throws -> String {
        guard case .string(let s) = try value(a) else { throw CompiledMismatch() }
        return s
    }

    /// The value of a compiled argument in this context, taken from the budget as
    /// ``value(_:)`` takes reading its JSON.
    func value(_ a: CompiledArgument, unknownAllowed: Bool = false) throws -> ScriptValue {
        switch a {
        case .scaledMetric:
            throw CompiledMismatch()
        case .constant(let x):
            return x
        case .text(let s, let bytes):
            guard budget.takeStringBytes(bytes) else { throw CompiledMismatch() }
            return .string(s)
        case .expression(let tree, let bytes):
            guard budget.takeStringBytes(bytes) else { throw CompiledMismatch() }
            var work = 0
            defer { _ = budget.takeStringBytes(work) }
            let x: ScriptValue
            do { x = try tree.evaluate(vars: vars, workLimit: budget.stringBytesLeft, work: &work) } catch { throw CompiledMismatch() }
            guard unknownAllowed || !x.isUnknown else { throw CompiledMismatch() }
            return x
        case .interpolation(let pieces, let bytes):
            guard budget.takeStringBytes(bytes) else { throw CompiledMismatch() }
            // Joined as ``interpolate(_:at:)`` joins them: the result bounded by `text-length`.
            let cap = Scene.Limits.textLength.int
            var out = "", length = 0
            for piece in pieces {
                let text: String
                switch piece {
                case .literal(let s): text = s
                case .expression(let tree):
                    var work = 0
                    defer { _ = budget.takeStringBytes(work) }
                    do { text = try tree.evaluate(vars: vars, workLimit: budget.stringBytesLeft, work: &work).text } catch {
                        throw CompiledMismatch()
                    }
                }
                length += Scene.Limits.characterCount(text, upTo: cap - length)
                guard length <= cap else { throw CompiledMismatch() }
                out += text
            }
            return .string(out)
        }
    }

    /// The pieces of an interpolated string, split as ``interpolate(_:at:)`` splits it (`\${` a
    /// literal `${`); nil when a `${` is not closed or an expression does not read whole.
    func interpolationPieces(_ s: String) -> [InterpolationPiece]? {
        var pieces: [InterpolationPiece] = []
        for part in Self.interpolationParts(s) {
            switch part {
            case .literal(let text): if !text.isEmpty { pieces.append(.literal(text)) }
            case .expression(let source):
                guard let tree = expressions.tree(source) else { return nil }
                pieces.append(.expression(tree))
            case .unterminated: return nil
            }
        }
        return pieces
    }
}

import ProofsheetCore

/// A view inside a compiled view: compiled itself, or read by ``Context/view(_:)`` for each
/// state (a part made once, or a kind not compiled).
indirect enum CompiledView: Sendable {
    case read(JSONValue)
    case compiled(CompiledViewObject)
}

/// A view that reads the state, compiled when its template was read: its type and members
/// checked, its kind decided, its arguments typed (each a value read once or an expression
/// tree), the views inside it compiled too, and each of its modifiers a part made once, a
/// compiled modifier or (for kinds not compiled) its JSON. A state evaluates the expressions and
/// reads no JSON of it.
///
/// A state takes from its budget what reading the view takes, in the same order: the view and
/// its modifiers, its type's bytes, each string's bytes and what each expression compares or
/// joins. When a value does not fit (a string where a number goes, a key used twice, a limit
/// passed), the state reads the view from its JSON instead, from the budget as it was, so the
/// error is the one reading it says, word for word; an error read from JSON inside it (a view or
/// modifier not compiled) is that error already, and passes through.
///
/// Every kind is compiled: the containers, `Text`, `Color`, the shapes, `Image`, `ForEach`, `If`,
/// `GeometryReader` (whose content a layout makes from what is compiled, not from JSON), the
/// uses of components, and the system views and `Button` (``CompiledSystemView``). What is
/// left to reading the JSON for each state is a `ForEach` whose `as` is an expression, and
/// views with errors (read for the error they give).
struct CompiledViewObject: Sendable {
    /// The view's object: where it is, and what is read when a value does not fit.
    let json: JSONValue
    /// Its `type` string, whose bytes each state takes.
    let type: (value: JSONValue, bytes: Int)
    /// What it is, with what is inside it.
    let body: CompiledBody
    /// Its modifiers in order, each taken with the view from the budget.
    let modifiers: [CompiledModifierSlot]
}

/// A member written as it is, read once, with what reading it takes from a state's budget.
struct Fixed<T: Sendable>: Sendable {
    let value: T
    let cost: ReadCost
}

enum CompiledBody: Sendable {
    case stack(axis: Axis, alignment: CompiledArgument?, spacing: CompiledArgument?, children: [CompiledView])
    case zstack(alignment: CompiledArgument?, children: [CompiledView])
    case group([CompiledView])
    case text(CompiledArgument)
    /// `Color`: a paint.
    case color(CompiledPaint)
    /// A shape: filled (a colour, a material, or none), or stroked (`inside`: a stroke border).
    case shape(CompiledShape)
    /// `resizable` is read before `name`, as the decoder reads it.
    case image(name: CompiledArgument, resizable: CompiledArgument?, at: SourceLocation)
    case symbol(CompiledArgument, at: SourceLocation)
    case forEach(CompiledForEach)
    case branch(condition: CompiledArgument, then: CompiledView?, else: CompiledView?)
    /// A use of a component at `use`: its arguments in the order of its parameters (nil: the
    /// default), its body compiled.
    case component(ComponentDefinition, arguments: [CompiledArgument?], body: CompiledView, use: SourceLocation)
    /// A `GeometryReader`'s content (`several`: an array of views), compiled: each layout makes
    /// it for the size it is given, evaluating its expressions with `$width` and `$height`.
    case geometry([CompiledView], several: Bool)
    /// A system view, a `Button`, or a view of another kind made once (see ``CompiledSystemView``).
    case system(CompiledSystemView)
}

struct CompiledShape: Sendable {
    /// The kind; a rounded rectangle's radius is `radius`, its style `style`.
    let kind: ShapeKind
    let style: CompiledArgument?
    let radius: CompiledArgument?
    let fill: CompiledPaint?
    let material: Material?
    let stroke: (paint: CompiledPaint, inside: Bool, lineWidth: CompiledArgument?)?
    let at: SourceLocation
}

struct CompiledForEach: Sendable {
    /// `as` (nil: `item`).
    let name: CompiledArgument?
    /// `data`, or `count`.
    let items: CompiledArgument
    let counted: Bool
    let key: CompiledArgument?
    let content: CompiledView
}

enum CompiledModifierSlot: Sendable {
    /// A part made once, or a compiled modifier; `json` is read when it does not fit.
    case made(ReadOnceParts.Part, JSONValue)
    /// `background` or `overlay` holding a view (or, with an alignment, a paint or a style).
    case layer(background: Bool, content: CompiledLayer, alignment: CompiledArgument?, json: JSONValue)
    /// `safeAreaInset`: its edge, alignment and spacing, its view compiled.
    case inset(edge: CompiledArgument?, alignment: CompiledArgument?, spacing: CompiledArgument?, content: CompiledView, json: JSONValue)
    /// Read for each state: its part kept for its place if there is one, else its JSON.
    case read(JSONValue)
}

extension Context {
    // MARK: Compiling (while the template is read)

    /// `json`'s view compiled (see ``CompiledViewObject``), or nil when its kind or the form of a
    /// member is left to the decoder.
    func compiledViewObject(_ json: JSONValue) -> CompiledViewObject? {
        guard readOnce != nil, case .object = json.kind, let t = json["type"], case .string(let type) = t.kind, !ReadOnceParts.reads(type),
            !type.hasPrefix("\\"), let read = try? readMembers(type, t, json)
        else { return nil }
        var modifiers: [CompiledModifierSlot] = []
        if let mods = read.members["modifiers"] {
            guard case .array(let list) = mods.kind else { return nil }
            modifiers = list.map(compiledModifierSlot)
        }
        guard let body = compiledBody(read, json) else { return nil }
        return CompiledViewObject(json: json, type: (t, type.utf8.count), body: body, modifiers: modifiers)
    }

    /// A view inside a compiled view: its compiled object (kept for its place, so the template's
    /// reading finds it there), else read for each state.
    func compiledChild(_ json: JSONValue) -> CompiledView {
        guard let parts = readOnce else { return .read(json) }
        if let part = parts.part(at: json.location, inList: inList) {
            if case .compiledView(let o) = part { return .compiled(o) }
            return .read(json)
        }
        guard !parts.isFixed(json), let o = compiledViewObject(json) else { return .read(json) }
        parts.keep(.compiledView(o), at: json.location, inList: inList)
        return .compiled(o)
    }

    func compiledChildren(_ m: [String: JSONValue]) -> [CompiledView]? {
        guard let c = m["children"] else { return [] }
        guard case .array(let list) = c.kind else { return nil }
        return list.map(compiledChild)
    }

    /// A member written as it is, read once in a probe; nil when it reads the state or is wrong.
    func fixed<T>(_ v: JSONValue, _ read: (inout Context) throws -> T) -> Fixed<T>? {
        guard readOnce?.isFixed(v) ?? false, let (value, cost) = try? measured(read) else { return nil }
        return Fixed(value: value, cost: cost)
    }

    func compiledBody(_ read: ReadOnceParts.ReadView, _ json: JSONValue) -> CompiledBody? {
        let m = read.members
        if let definition = read.definition {
            guard !componentStack.contains(definition.name) else { return nil }
            var arguments: [CompiledArgument?] = []
            for p in definition.parameters {
                if let a = m[p.name] {
                    guard let c = compiledArgument(a) else { return nil }
                    arguments.append(c)
                } else {
                    guard p.defaultValue != nil else { return nil }
                    arguments.append(nil)
                }
            }
            // Compiled as the template's reading checks a body: its parameters not known yet.
            var inner = self
            inner.vars = Dictionary(uniqueKeysWithValues: definition.parameters.map { ($0.name, ScriptValue.unknown) })
            inner.componentStack.append(definition.name)
            return .component(definition, arguments: arguments, body: inner.compiledChild(definition.body), use: json.location)
        }
        switch read.type {
        case "VStack", "HStack":
            let axis: Axis = read.type == "VStack" ? .vertical : .horizontal
            guard let alignment = compiledOptional(m["alignment"], compiledArgument) else { return nil }
            var spacing: CompiledArgument? = nil
            if let s = m["spacing"] {
                guard let c = compiledLength(s) else { return nil }
                spacing = c
            }
            guard let children = compiledChildren(m) else { return nil }
            return .stack(axis: axis, alignment: alignment, spacing: spacing, children: children)
        case "ZStack":
            guard let alignment = compiledOptional(m["alignment"], compiledArgument), let children = compiledChildren(m) else { return nil }
            return .zstack(alignment: alignment, children: children)
        case "Group":
            return compiledChildren(m).map { .group($0) }
        case "Text":
            return m["text"].flatMap(compiledArgument).map { .text($0) }
        case "Color":
            return m["color"].flatMap(compiledPaint).map { .color($0) }
        case "LinearGradient":
            return compiledGradient(m).map { .color(.gradient($0)) }
        case "Rectangle", "Circle", "Ellipse", "Capsule", "RoundedRectangle":
            return compiledShape(read.type, m, json).map { .shape($0) }
        case "Image":
            if let s = m["systemName"] { return compiledArgument(s).map { .symbol($0, at: json.location) } }
            guard let n = m["name"], let name = compiledArgument(n) else { return nil }
            var resizable: CompiledArgument? = nil
            if let r = m["resizable"] {
                guard let c = compiledArgument(r) else { return nil }
                resizable = c
            }
            return .image(name: name, resizable: resizable, at: n.location)
        case "ForEach":
            guard let content = m["content"] else { return nil }
            var name: CompiledArgument? = nil, key: CompiledArgument? = nil
            if let a = m["as"] {
                guard let c = compiledArgument(a) else { return nil }
                name = c
            }
            if let k = m["key"] {
                guard let c = compiledArgument(k) else { return nil }
                key = c
            }
            guard let items = (m["data"] ?? m["count"]).flatMap(compiledArgument) else { return nil }
            // The content is compiled as the template's reading checks it: for an element not
            // known yet (a gesture's actions inside it read its name).
            var inner = self
            switch name {
            case nil: inner.vars["item"] = .unknown
            case .text(let s, _)?: inner.vars[s] = .unknown
            default: return nil
            }
            inner.vars["index"] = .unknown
            return .forEach(
                CompiledForEach(name: name, items: items, counted: m["data"] == nil, key: key, content: inner.compiledChild(content)))
        case "GeometryReader":
            guard let content = m["content"] else { return nil }
            var inner = self
            inner.vars["width"] = .unknown
            inner.vars["height"] = .unknown
            if case .array(let list) = content.kind { return .geometry(list.map(inner.compiledChild), several: true) }
            return .geometry([inner.compiledChild(content)], several: false)
        case "If":
            guard let c = m["condition"], let condition = compiledArgument(c) else { return nil }
            return .branch(condition: condition, then: m["then"].map(compiledChild), else: m["else"].map(compiledChild))
        default:
            return compiledSystemView(read.type, m, json).map { .system($0) }
        }
    }

    /// A shape's members compiled (the forms the decoder refuses are left to it).
    func compiledShape(_ type: String, _ m: [String: JSONValue], _ json: JSONValue) -> CompiledShape? {
        var kind = ShapeKind.rectangle
        var style: CompiledArgument? = nil, radius: CompiledArgument? = nil
        switch type {
        case "Circle": kind = .circle
        case "Ellipse": kind = .ellipse
        case "Capsule": kind = .capsule
        case "RoundedRectangle":
            guard let r = m["cornerRadius"], let c = compiledLength(r) else { return nil }
            if let s = m["style"] {
                guard let a = compiledArgument(s) else { return nil }
                style = a
            }
            kind = .roundedRectangle(radius: 0, continuous: true)
            radius = c
        default: break
        }
        if m["stroke"] != nil || m["strokeBorder"] != nil {
            guard m["fill"] == nil, m["stroke"] == nil || m["strokeBorder"] == nil, let p = compiledPaint(m["strokeBorder"] ?? m["stroke"]!) else {
                return nil
            }
            var width: CompiledArgument? = nil
            if let w = m["lineWidth"] {
                guard let c = compiledLength(w) else { return nil }
                width = c
            }
            return CompiledShape(
                kind: kind, style: style, radius: radius, fill: nil, material: nil, stroke: (p, m["strokeBorder"] != nil, width), at: json.location)
        }
        if let f = m["fill"], let material = Self.material(f) {
            return CompiledShape(kind: kind, style: style, radius: radius, fill: nil, material: material, stroke: nil, at: json.location)
        }
        var fill: CompiledPaint? = nil
        if let f = m["fill"] {
            guard let c = compiledPaint(f) else { return nil }
            fill = c
        }
        return CompiledShape(kind: kind, style: style, radius: radius, fill: fill, material: nil, stroke: nil, at: json.location)
    }

    /// A modifier of a compiled view: its part (made or kept for its place), a layer holding a
    /// view, or its JSON.
    func compiledModifierSlot(_ mj: JSONValue) -> CompiledModifierSlot {
        guard let parts = readOnce else { return .read(mj) }
        if let part = parts.part(at: mj.location, inList: inList) { return .made(part, mj) }
        if !parts.isFixed(mj), case .object(let members) = mj.kind, members.count == 1, members[0].key == "background" || members[0].key == "overlay",
            let layer = compiledLayer(members[0].value, background: members[0].key == "background", json: mj)
        {
            return layer
        }
        if !parts.isFixed(mj), case .object(let members) = mj.kind, members.count == 1, members[0].key == "safeAreaInset",
            let inset = compiledInset(members[0].value, json: mj)
        {
            return inset
        }
        guard let part = modifierPart(mj) else { return .read(mj) }
        parts.keep(part, at: mj.location, inList: inList)
        return .made(part, mj)
    }

    /// `{"overlay": {view}}`, `{"overlay": {"style": …, "in": …}}` or `{"overlay": {"content": …,
    /// "alignment": …}}` compiled (a paint alone is a compiled modifier).
    func compiledLayer(_ v: JSONValue, background: Bool, json: JSONValue) -> CompiledModifierSlot? {
        guard case .object(let members) = v.kind else { return nil }
        guard v["type"] == nil, let c = v["content"] else {
            guard v["type"] != nil || v["style"] != nil, let content = compiledLayerContent(v) else { return nil }
            return .layer(background: background, content: content, alignment: nil, json: json)
        }
        guard members.allSatisfy({ $0.key == "content" || $0.key == "alignment" }), let content = compiledLayerContent(c),
            let alignment = compiledOptional(v["alignment"], compiledArgument)
        else { return nil }
        return .layer(background: background, content: content, alignment: alignment, json: json)
    }

    /// `{"safeAreaInset": {"edge": …, "alignment": …, "spacing": …, "content": {view}}}` compiled.
    func compiledInset(_ v: JSONValue, json: JSONValue) -> CompiledModifierSlot? {
        guard case .object(let members) = v.kind, members.allSatisfy({ ["edge", "alignment", "spacing", "content"].contains($0.key) }),
            let c = v["content"], let spacing = compiledOptional(v["spacing"], compiledLength)
        else { return nil }
        guard let edge = compiledOptional(v["edge"], compiledArgument), let alignment = compiledOptional(v["alignment"], compiledArgument) else {
            return nil
        }
        return .inset(edge: edge, alignment: alignment, spacing: spacing, content: compiledChild(c), json: json)
    }

    // MARK: Instantiating (for each state)

    /// The view `o` in this state; read from its JSON when a value does not fit.
    mutating func made(_ o: CompiledViewObject) throws -> Node {
        let before = budget.left
        do {
            try enterView(at: o.json.location, modifierCount: o.modifiers.count)
            defer { depth -= 1 + o.modifiers.count }
            try takeStringBytes(o.type.bytes, at: o.type.value)
            var node = try made(o.body)
            for slot in o.modifiers { node = try applying(slot, on: node) }
            return node
        } catch is CompiledMismatch {
            // Read whole, with no part made once or compiled: the decoder's own reading, which
            // says what is wrong, and reads each view inside it once whatever happens there.
            budget.restore(before)
            let parts = readOnce
            parts?.countReadFromJSON()
            readOnce = nil
            defer { readOnce = parts }
            return try readView(o.json)
        }
    }

    mutating func made(_ v: CompiledView) throws -> Node {
        switch v {
        case .read(let json): return try view(json)
        case .compiled(let o): return try made(o)
        }
    }

    private mutating func made(_ body: CompiledBody) throws -> Node {
        switch body {
        case .stack(let axis, let alignment, let spacing, let children):
            let a = try alignment.map { try choice($0, Self.stackAlignments(axis)) } ?? 0.5
            let s = try spacing.map { try number($0, in: -Scene.Limits.maxLength...Scene.Limits.maxLength) }
            return .stack(axis: axis, alignment: a, spacing: s, children: try children.map { try made($0) })
        case .zstack(let alignment, let children):
            let a = try alignment.map { try choice($0, UnitPoint.named) } ?? .center
            return .zstack(alignment: a, children: try children.map { try made($0) })
        case .group(let children):
            return .group(try children.map { try made($0) })
        case .text(let a):
            return .text(try text(a))
        case .system(let s):
            return try made(s)
        case .color(let c):
            return .paint(try paint(c))
        case .shape(let shape):
            var kind = shape.kind
            if let radius = shape.radius {
                // The style is read before the radius, as the decoder reads them.
                let continuous = try shape.style.map { try choice($0, Self.roundedStyles) } ?? true
                kind = .roundedRectangle(radius: try number(radius, in: 0...Scene.Limits.maxLength), continuous: continuous)
            }
            if let stroke = shape.stroke {
                let paint = try self.paint(stroke.paint)
                let width = try stroke.lineWidth.map { try number($0, in: 0...Scene.Limits.maxLength) } ?? 1
                return .strokedShape(kind, paint: paint, lineWidth: width, inside: stroke.inside)
            }
            if let material = shape.material { return .located(.material(material, in: kind), shape.at) }
            return .shape(kind, fill: try shape.fill.map { try paint($0) })
        case .symbol(let a, let at):
            let name = try string(a)
            guard (try? SymbolCatalog.layers(for: name, at: nil)) != nil else { throw CompiledMismatch() }
            return .located(.symbol(name: name), at)
        case .image(let n, let r, let at):
            var resizable = false
            if let r {
                guard case .bool(let b) = try value(r) else { throw CompiledMismatch() }
                resizable = b
            }
            let name = try string(n)
            guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains(".."), !name.contains("\0") else {
                throw CompiledMismatch()
            }
            return .located(.image(name: name, resizable: resizable), at)
        case .forEach(let f):
            return try made(f)
        case .branch(let condition, let then, let otherwise):
            let c = try value(condition)
            return c.truthy ? .branch("then", try then.map { try made($0) } ?? .empty) : .branch("else", try otherwise.map { try made($0) } ?? .empty)
        case .geometry(let views, let several):
            return geometryReader { inner in
                let nodes = try views.map { try inner.made($0) }
                return several ? .group(nodes) : nodes[0]
            }
        case .component(let definition, let arguments, let body, let use):
            var args: [String: ScriptValue] = [:]
            for (p, a) in zip(definition.parameters, arguments) {
                if let a {
                    let v = try value(a)
                    guard p.type.accepts(v) else { throw CompiledMismatch() }
                    args[p.name] = v
                } else if let d = p.defaultValue {
                    args[p.name] = d
                }
            }
            var inner = self
            inner.vars = args
            inner.origins = [:]
            inner.componentStack.append(definition.name)
            do {
                return try inner.made(body)
            } catch var e as ProofsheetError {
                let note = " (in \(definition.name), used at \(use))"
                if !e.message.hasSuffix(note) { e.message += note }
                throw e
            }
        }
    }

    private mutating func made(_ f: CompiledForEach) throws -> Node {
        let name = try f.name.map(string) ?? "item"
        var items: [ScriptValue]
        if f.counted {
            // The count is read twice, as the decoder reads it (once to see it is known).
            _ = try value(f.items)
            let n = try number(f.items, in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
            guard n >= 0, n <= Double(Scene.Limits.views.int), n == n.rounded() else { throw CompiledMismatch() }
            items = (0..<Int(n)).map { .number(Double($0)) }
        } else {
            guard case .array(let a) = try value(f.items) else { throw CompiledMismatch() }
            items = a
        }
        return try elements(
            items, name: name, counted: f.counted,
            key: f.key.map { k in
                { ctx, _ in
                    switch try ctx.value(k) {
                    case .string(let s): return s
                    case .number(let n): return fmt(n)
                    default: throw CompiledMismatch()
                    }
                }
            },
            duplicate: { _, _, _ in CompiledMismatch() }, content: { try $0.made(f.content) })
    }

    /// `node` with the modifier `slot` around it.
    private mutating func applying(_ slot: CompiledModifierSlot, on node: Node) throws -> Node {
        switch slot {
        case .made(let part, let json):
            if let made = applying(part, on: node) { return made }
            return try modifier(json, on: node)
        case .layer(let background, let content, let alignment, _):
            let c = try made(content)
            let a = try alignment.map { try choice($0, UnitPoint.named) } ?? .center
            return .modified(node, background ? .background(c, alignment: a) : .overlay(c, alignment: a))
        case .inset(let edge, let alignment, let spacing, let content, _):
            let e = try edge.map { try choice($0, Self.safeAreaEdges) } ?? .bottom
            let a = try alignment.map { try choice($0, Self.insetAlignments(e)) } ?? 0.5
            let s = try spacing.map { try number($0, in: 0...Scene.Limits.maxLength) } ?? 0
            let c = try made(content)
            return .modified(node, .safeAreaInset(edge: e, alignment: a, spacing: s, content: c))
        case .read(let json):
            if let made = readOnceModifier(json, on: node) { return made }
            return try modifier(json, on: node)
        }
    }
}

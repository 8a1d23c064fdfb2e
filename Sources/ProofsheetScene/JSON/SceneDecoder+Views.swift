import ProofsheetCore

/// Views: the view types, their members and children, `ForEach`, `If` and `GeometryReader`.
extension Context {
    static let viewTypes: [String: Set<String>] = [
        "VStack": ["alignment", "spacing", "children"],
        "HStack": ["alignment", "spacing", "children"],
        "ZStack": ["alignment", "children"],
        "Text": ["text"],
        "Image": ["name", "systemName", "resizable"],
        "Rectangle": ["fill", "stroke", "strokeBorder", "lineWidth"], "Circle": ["fill", "stroke", "strokeBorder", "lineWidth"],
        "Ellipse": ["fill", "stroke", "strokeBorder", "lineWidth"], "Capsule": ["fill", "stroke", "strokeBorder", "lineWidth"],
        "RoundedRectangle": ["fill", "stroke", "strokeBorder", "lineWidth", "cornerRadius", "style"],
        "Color": ["color"],
        "Material": ["material"],
        "LinearGradient": ["colors", "stops", "startPoint", "endPoint"],
        "Spacer": ["minLength"],
        "Button": ["title", "label", "style", "tint", "borderShape", "controlSize", "action"],
        "ForEach": ["data", "count", "as", "key", "content"],
        "If": ["condition", "then", "else"],
        "GeometryReader": ["content"],
        "EmptyView": [],
        "Group": ["children"],
        "ViewThatFits": ["in", "children"]
    ].merging(systemViewTypes) { own, _ in own }

    mutating func view(_ json: JSONValue) throws -> Node {
        if let parts = readOnce {
            if !validating, let part = parts.part(at: json.location, inList: inList) {
                switch part {
                case .view(let node, let cost) where fits(cost): return node
                case .read(let read): return try makeView(read, json)
                case .compiledView(let o): return try made(o)
                default: break
                }
            } else if validating {
                if keepFixedView(json) {
                    let outer = insideFixedPart
                    insideFixedPart = true
                    defer { insideFixedPart = outer }
                    return try readView(json)
                }
                keepReadView(json)
            }
        }
        return try readView(json)
    }

    /// A view read from its JSON (its modifiers and the views inside it may be parts made once).
    mutating func readView(_ json: JSONValue) throws -> Node {
        if !validating { readOnce?.countReadFromJSON() }
        let modifierCount = Self.modifierCount(json)
        try enterView(at: json.location, modifierCount: modifierCount)
        defer { depth -= 1 + modifierCount }
        guard case .object = json.kind else {
            throw ProofsheetError.badInput(
                "expected a view object, got \(json.typeName)", at: json.location, hint: "a view looks like {\"type\": \"Text\", \"text\": \"Hello\"}"
            )
        }
        guard let t = json["type"] else {
            throw ProofsheetError.badInput("a view needs a 'type'", at: json.location, hint: "one of \(listForHint(Self.viewTypes.keys.sorted()))")
        }
        let type = try string(t)
        return try madeView(try readMembers(type, t, json), json)
    }

    /// A view's type and members, read (and checked) from its object; `t` is its `type`.
    func readMembers(_ type: String, _ t: JSONValue, _ json: JSONValue) throws -> ReadOnceParts.ReadView {
        if let allowed = Self.viewTypes[type] {
            return .init(
                type: type, typeValue: t, members: try object(json, allowed: allowed.union(["type", "modifiers"])), definition: nil,
                modifierCount: Self.modifierCount(json))
        } else if let definition = components.definitions[type] {
            return .init(
                type: type, typeValue: t, members: try object(json, allowed: Set(definition.parameters.map(\.name)).union(["type", "modifiers"])),
                definition: definition, modifierCount: Self.modifierCount(json))
        }
        throw unknownViewType(type, at: t.location)
    }

    /// The view whose members were read when its template was (see ``ReadOnceParts``): taken from
    /// the budget and nested as ``readView(_:)`` does, its type string read again.
    private mutating func makeView(_ read: ReadOnceParts.ReadView, _ json: JSONValue) throws -> Node {
        readOnce?.countReadFromJSON()
        try enterView(at: json.location, modifierCount: read.modifierCount)
        defer { depth -= 1 + read.modifierCount }
        try takeStringBytes(read.type.utf8.count, at: read.typeValue)
        return try madeView(read, json)
    }

    /// A view of the type and members `read`: its body (or its component's) and its modifiers.
    private mutating func madeView(_ read: ReadOnceParts.ReadView, _ json: JSONValue) throws -> Node {
        let m = read.members
        var node: Node
        if let definition = read.definition {
            node = try component(definition, m, json)
        } else {
            node = try body(read.type, m, json)
        }
        if let mods = m["modifiers"] {
            guard case .array(let list) = mods.kind else {
                throw ProofsheetError.badInput(
                    "'modifiers' must be an array, got \(mods.typeName)", at: mods.location, hint: "e.g. \"modifiers\": [{\"padding\": 16}]")
            }
            for mj in list {
                if readOnce != nil {
                    if !validating, let made = readOnceModifier(mj, on: node) {
                        node = made
                        continue
                    }
                    if validating { keepModifier(mj) }
                }
                do { node = try modifier(mj, on: node) } catch let e as ProofsheetError where keeps(e) { continue }
            }
        }
        if case .geometryReader = node { return node }
        return node
    }

    /// How many modifiers a view object lists.
    static func modifierCount(_ json: JSONValue) -> Int {
        if case .array(let a)? = json["modifiers"]?.kind { return a.count }
        return 0
    }

    /// Takes a view and its modifiers from the budget and nests them one level each (the caller
    /// takes the levels back): a bad-input error at `location` when either limit is passed.
    mutating func enterView(at location: SourceLocation, modifierCount: Int) throws {
        guard budget.take(1 + modifierCount) else {
            throw ProofsheetError.badInput(
                "the scene expands to more than \(Scene.Limits.views.int) views and modifiers", at: location,
                hint: "use smaller ForEach counts, or raise the limit with --limit views=N")
        }
        depth += 1 + modifierCount
        deepest = Swift.max(deepest, depth)
        guard depth <= Scene.Limits.depth.int else {
            depth -= 1 + modifierCount
            throw ProofsheetError.badInput(
                "views and modifiers nest more than \(Scene.Limits.depth.int) levels deep", at: location,
                hint: "flatten the scene (fewer nested stacks or modifiers), or raise the limit with --limit nesting=N")
        }
    }

    mutating func children(_ m: [String: JSONValue]) throws -> [Node] {
        guard let c = m["children"] else { return [] }
        guard case .array(let list) = c.kind else {
            throw ProofsheetError.badInput("'children' must be an array of views, got \(c.typeName)", at: c.location)
        }
        var out: [Node] = []
        out.reserveCapacity(list.count)
        for child in list {
            do { out.append(try view(child)) } catch let e as ProofsheetError where keeps(e) { out.append(.empty) }
        }
        return out
    }

    mutating func body(_ type: String, _ m: [String: JSONValue], _ json: JSONValue) throws -> Node {
        switch type {
        case "VStack", "HStack":
            let axis: Axis = type == "VStack" ? .vertical : .horizontal
            let a = try m["alignment"].map { try choice($0, Self.stackAlignments(axis)) } ?? 0.5
            let spacing = try m["spacing"].map { try length($0, min: -Scene.Limits.maxLength) }
            return .stack(axis: axis, alignment: a, spacing: spacing, children: try children(m))
        case "ZStack":
            return .zstack(alignment: try m["alignment"].map(alignment) ?? .center, children: try children(m))
        case "Group":
            return .group(try children(m))
        case "ViewThatFits":
            // `in`: the axes it checks, both by default (SwiftUI's `[.horizontal, .vertical]`).
            let (h, v) = try m["in"].map(viewThatFitsAxes) ?? (true, true)
            return .viewThatFits(horizontal: h, vertical: v, children: try children(m))
        case "Text":
            guard let t = m["text"] else { throw missing("text", json, example: "\"text\": \"Hello\"") }
            return .text(try text(t))
        case "Image":
            if let s = m["systemName"] {
                guard let name = try stringOrUnknown(s) else { return .empty }
                _ = try SymbolCatalog.layers(for: name, at: s.location)
                return .located(.symbol(name: name), json.location)
            }
            guard let n = m["name"] else { throw missing("name", json, example: "\"name\": \"yosemite-usa\" or \"systemName\": \"heart\"") }
            let resizable = try m["resizable"].map(bool) ?? false
            return .located(.image(name: try assetName(n), resizable: resizable), n.location)
        case "Rectangle", "Circle", "Ellipse", "Capsule", "RoundedRectangle":
            let kind: ShapeKind
            switch type {
            case "Rectangle": kind = .rectangle
            case "Circle": kind = .circle
            case "Ellipse": kind = .ellipse
            case "Capsule": kind = .capsule
            default:
                guard let r = m["cornerRadius"] else { throw missing("cornerRadius", json, example: "\"cornerRadius\": 10") }
                let style = try m["style"].map { try choice($0, Self.roundedStyles) } ?? true
                kind = .roundedRectangle(radius: try length(r, min: 0), continuous: style)
            }
            if m["stroke"] != nil || m["strokeBorder"] != nil {
                guard m["fill"] == nil, m["stroke"] == nil || m["strokeBorder"] == nil else {
                    throw ProofsheetError.badInput(
                        "a shape is filled, stroked or stroke-bordered: one of 'fill', 'stroke', 'strokeBorder'", at: json.location)
                }
                let inside = m["strokeBorder"] != nil
                let p = try paint(m["strokeBorder"] ?? m["stroke"]!)
                let width = try m["lineWidth"].map { try length($0, min: 0) } ?? 1
                return .strokedShape(kind, paint: p, lineWidth: width, inside: inside)
            }
            if let f = m["fill"], let material = Self.material(f) { return .located(.material(material, in: kind), json.location) }
            return .shape(kind, fill: try m["fill"].map(paint))
        case "Material":
            guard let v = m["material"] else { throw missing("material", json, example: "\"material\": \"ultraThinMaterial\"") }
            guard let material = Self.material(v) else {
                throw badValue(
                    "'material' must name a material", v, hint: "one of \(listForHint(Material.allCases.map { "'\($0.styleName)'" }))")
            }
            return .located(.material(material, in: .rectangle), json.location)
        case "Color":
            guard let c = m["color"] else { throw missing("color", json, example: "\"color\": \"red\"") }
            return .paint(try paint(c))
        case "LinearGradient":
            return .paint(try gradient(m, json))
        case "Spacer":
            return .spacer(minLength: try m["minLength"].map { try length($0, min: 0) })
        case "Button":
            var look = ButtonLook()
            if let s = m["style"] {
                look.style = try choice(s, Self.buttonStyles)
            }
            if let t = m["tint"] { look.tint = try color(t) }
            if let c = m["controlSize"] {
                look.controlSize = try choice(c, Self.controlSizes)
            }
            if let b = m["borderShape"] { look.borderShape = try borderShape(b) }
            let label = try labelOrTitle(m, json, title: "Book")
            if let a = m["action"] {
                var count = 0
                let actions = try actionContext().actions(a, schema: schema, count: &count)
                return .modified(
                    .button(label, look),
                    .gesture(GestureSpec(kind: .tap, updating: [], onChanged: [], onEnded: actions, location: a.location, captures: locals)))
            }
            return .button(label, look)
        case "ForEach":
            guard let content = m["content"] else { throw missing("content", json, example: "\"content\": {view}") }
            return try forEach(m, json, content: content)
        case "If":
            guard let c = m["condition"] else { throw missing("condition", json, example: "\"condition\": \"$dragging\"") }
            let condition = try value(c)
            if validating {
                // Both branches are checked, whatever the condition.
                _ = try m["then"].map { try view($0) }
                _ = try m["else"].map { try view($0) }
                return .empty
            }
            let branch = condition.truthy ? "then" : "else"
            return .branch(branch, try m[branch].map { try view($0) } ?? .empty)
        case "GeometryReader":
            guard let content = m["content"] else { throw missing("content", json, example: "\"content\": {view using $width and $height}") }
            if validating {
                var inner = self
                inner.vars["width"] = .unknown
                inner.vars["height"] = .unknown
                _ = try inner.geometryContent(content)
                return .empty
            }
            return geometryReader { try $0.geometryContent(content) }
        default:
            return try systemView(type, m, json) ?? .empty
        }
    }

    /// The axes `ViewThatFits` checks, by name: horizontal, vertical.
    static let viewThatFitsNames = ["horizontal": (true, false), "vertical": (false, true), "all": (true, true)]

    /// `ViewThatFits`'s `in`: an axis, `all`, or an array of them.
    func viewThatFitsAxes(_ axes: JSONValue) throws -> (horizontal: Bool, vertical: Bool) {
        guard case .array(let list) = axes.kind else { return try choice(axes, Self.viewThatFitsNames) }
        var h = false, v = false
        for a in list {
            let (x, y) = try choice(a, Self.viewThatFitsNames)
            h = h || x
            v = v || y
        }
        return (h, v)
    }

    /// A GeometryReader whose content `make` makes at each layout for the size it is given
    /// (`$width`, `$height`), afresh, in a copy of this context with its own copy of the budget.
    func geometryReader(_ make: @escaping @Sendable (inout Context) throws -> Node) -> Node {
        let captured = self
        return .geometryReader { size in
            var inner = captured.laidOut(size)
            return try make(&inner)
        }
    }

    /// A copy of this context for a view laid out at `size` (a GeometryReader's content, an
    /// alignment guide's value): `$width` and `$height` set, and its own copy of the budget, so
    /// that laying a scene out again never spends it.
    func laidOut(_ size: Size) -> Context {
        var inner = self
        inner.budget = budget.copy()
        inner.vars["width"] = .number(size.width)
        inner.vars["height"] = .number(size.height)
        return inner
    }

    /// A GeometryReader's content: a view, or an array of views (laid out as in a ZStack at the
    /// top-leading corner, as SwiftUI lays out several).
    mutating func geometryContent(_ content: JSONValue) throws -> Node {
        guard case .array(let list) = content.kind else { return try view(content) }
        return .group(try list.map { try view($0) })
    }

    /// `ForEach`: the content once per element, each with its key (see ``ViewID``): `key`
    /// evaluated for the element, else the element's `id` field, else its position.
    mutating func forEach(_ m: [String: JSONValue], _ json: JSONValue, content: JSONValue) throws -> Node {
        let name = try m["as"].map(string) ?? "item"
        let (items, counted) = try forEachItems(m, json)
        if validating {
            // The body is checked once, for an element not known yet.
            if m["key"] == nil, !counted, items.contains(where: { !$0.isUnknown && Self.idField($0) == nil }) {
                warnings?.add(
                    "\(json.location): ForEach has no \"key\" and its elements have no \"id\": each is known by its position, "
                        + "so an element does not keep its identity when one before it is removed; add \"key\": \"$\(name).<field>\"")
            }
            var inner = self
            inner.vars[name] = .unknown
            inner.vars["index"] = .unknown
            if let k = m["key"] { _ = try inner.value(k) }
            _ = try inner.view(content)
            return .empty
        }
        return try forEachElements(m, json, name: name, items: items, counted: counted) { try $0.view(content) }
    }

    /// A `ForEach`'s elements (`data` or `count`), and whether they were counted.
    func forEachItems(_ m: [String: JSONValue], _ json: JSONValue) throws -> (items: [ScriptValue], counted: Bool) {
        var items: [ScriptValue] = []
        var counted = false
        if let d = m["data"] {
            let v = try value(d)
            if v.isUnknown {
                items = [.unknown]
            } else {
                guard case .array(let a) = v else {
                    throw badValue("'data' must be an array (or a $variable holding one), got \(v.typeName)", d)
                }
                items = a
            }
        } else if let c = m["count"] {
            counted = true
            if try value(c).isUnknown {
                items = [.unknown]
            } else {
                let n = try number(c)
                guard n >= 0, n <= Double(Scene.Limits.views.int), n == n.rounded() else {
                    throw badValue("'count' must be a whole number from 0 to \(Scene.Limits.views.int)", c)
                }
                // While validating, the body is read once: the numbers are not needed.
                items = validating ? [] : (0..<Int(n)).map { .number(Double($0)) }
            }
        } else {
            throw missing("data", json, example: "\"data\": [...] or \"count\": 3")
        }
        return (items, counted)
    }

    /// A `ForEach`'s views: `content` made once per element with `name` and `$index` set, each
    /// with its key.
    mutating func forEachElements(
        _ m: [String: JSONValue], _ json: JSONValue, name: String, items: [ScriptValue], counted: Bool,
        content: (inout Context) throws -> Node
    ) throws -> Node {
        try elements(
            items, name: name, counted: counted,
            key: m["key"].map { k in
                { ctx, idx in
                    switch try ctx.value(k) {
                    case .string(let s): return s
                    case .number(let n): return fmt(n)
                    case let other: throw ctx.badValue("a ForEach key must be a string or a number, got \(other.typeName) for element \(idx)", k)
                    }
                }
            },
            duplicate: { first, idx, key in
                ProofsheetError.badInput(
                    "elements \(first) and \(idx) of the ForEach have the same key '\(excerpt(key))'", at: (m["key"] ?? json).location,
                    hint: "keys identify elements, so each must be different (as SwiftUI needs for Identifiable data or id:)")
            }, content: content)
    }

    /// The elements of a `ForEach`: `content` made for each of `items` with `name` and `$index`
    /// set, keyed by `key` (nil: an element's `id`, unless counted, else its index); a key used
    /// twice is `duplicate`'s error (the first element's index, this one's, the key).
    mutating func elements(
        _ items: [ScriptValue], name: String, counted: Bool, key: ((inout Context, Int) throws -> String)?,
        duplicate: (Int, Int, String) -> Error, content: (inout Context) throws -> Node
    ) throws -> Node {
        var out: [Node] = []
        var seen: [String: Int] = [:]
        let saved = vars
        defer { vars = saved }
        for (idx, item) in items.enumerated() {
            vars[name] = item
            vars["index"] = .number(Double(idx))
            let k: String
            if let key {
                k = try key(&self, idx)
            } else if !counted, let id = Self.idField(item) {
                k = id
            } else {
                k = String(idx)
            }
            if let first = seen[k] { throw duplicate(first, idx, k) }
            seen[k] = idx
            out.append(.keyed(k, try content(&self)))
        }
        return .group(out)
    }

    /// An element's `id` field as a key, if it has one that is a string or a number.
    static func idField(_ item: ScriptValue) -> String? {
        guard case .object(let o) = item else { return nil }
        switch o["id"] {
        case .string(let s)?: return s
        case .number(let n)?: return fmt(n)
        default: return nil
        }
    }

    /// A button's or toggle's `label` (a view), else its `title` (a text); `title` is the
    /// example the error gives when it has neither.
    mutating func labelOrTitle(_ m: [String: JSONValue], _ json: JSONValue, title: String) throws -> Node {
        if let l = m["label"] { return try view(l) }
        if let t = m["title"] { return .text(try text(t)) }
        throw missing("title", json, example: "\"title\": \"\(title)\" or \"label\": {view}")
    }

    /// `key` is missing from `json`: a view (named by its type) or a modifier's object.
    func missing(_ key: String, _ json: JSONValue, example: String) -> ProofsheetError {
        let what = json["type"].flatMap { try? stringOrUnknown($0) }.map { excerpt($0) } ?? "this object"
        return .badInput("\(what) needs '\(key)'", at: json.location, hint: "add \(example)")
    }
}

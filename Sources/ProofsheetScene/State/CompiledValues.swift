import ProofsheetCore

/// A colour compiled: a string naming one (a name, `#RRGGBB` …), or the object form, its
/// members in the order the decoder reads them.
indirect enum CompiledColor: Sendable {
    case string(CompiledArgument)
    case object(base: CompiledColor?, red: CompiledArgument?, green: CompiledArgument?, blue: CompiledArgument?, opacity: CompiledArgument?)
}

/// A paint compiled: a colour, or a linear gradient.
enum CompiledPaint: Sendable {
    case color(CompiledColor)
    case gradient(CompiledGradient)
}

/// A linear gradient compiled: its stops, then its start and end points.
struct CompiledGradient: Sendable {
    /// Each with its location, or (`colors`) none: spread evenly.
    let stops: [(color: CompiledColor, location: CompiledArgument?)]
    let start: CompiledUnitPoint?
    let end: CompiledUnitPoint?
}

/// A unit point compiled: a name, or `{"x": …, "y": …}`.
enum CompiledUnitPoint: Sendable {
    case named(CompiledArgument)
    case point(x: CompiledArgument?, y: CompiledArgument?)
}

/// A shape compiled: a name (`circle`), or `{"roundedRectangle": radius, "style": …}`.
enum CompiledShapeKind: Sendable {
    case named(CompiledArgument)
    case rounded(radius: CompiledArgument, style: CompiledArgument?)
}

/// Edges compiled: a name, or an array of names (their union).
struct CompiledEdges: Sendable {
    let names: [CompiledArgument]
}

/// A font compiled: a text style's name, or the object form (a style, itself a font, or a
/// size), its members in the order the decoder reads them.
indirect enum CompiledFont: Sendable {
    case style(CompiledArgument)
    case object(style: CompiledFont?, size: CompiledArgument?, relativeTo: CompiledArgument?, weight: CompiledArgument?, design: CompiledArgument?)
}

/// What a background or overlay holds, compiled: a view, a paint, a material, or a style in a
/// shape (`{"style": …, "in": …}`), as ``Context/layer(_:)`` reads it.
enum CompiledLayer: Sendable {
    case view(CompiledView)
    case paint(CompiledPaint)
    case material(Material, at: SourceLocation)
    /// `style`: a material or a paint; `in`: nil for a rectangle reaching into the safe area.
    case styled(material: Material?, paint: CompiledPaint?, in: CompiledShapeKind?, at: SourceLocation)
}

extension Context {
    /// `v` as a compiled colour, or nil (a gradient, a form left to the decoder).
    func compiledColor(_ v: JSONValue) -> CompiledColor? {
        switch v.kind {
        case .string: return compiledArgument(v).map { .string($0) }
        case .object(let members):
            guard members.allSatisfy({ ["color", "opacity", "red", "green", "blue"].contains($0.key) }) else { return nil }
            func argument(_ key: String) -> CompiledArgument?? {
                guard let a = v[key] else { return .some(nil) }
                return compiledArgument(a).map { .some($0) }
            }
            var base: CompiledColor? = nil
            if let b = v["color"] {
                guard let c = compiledColor(b) else { return nil }
                base = c
            }
            guard let red = argument("red"), let green = argument("green"), let blue = argument("blue"), let opacity = argument("opacity")
            else { return nil }
            return .object(base: base, red: red, green: green, blue: blue, opacity: opacity)
        default: return nil
        }
    }

    /// A compiled colour's value in this context.
    func color(_ c: CompiledColor) throws -> Color {
        func number(_ a: CompiledArgument) throws -> Double { try self.number(a, in: 0...1) }
        switch c {
        case .string(let a):
            guard case .string(let s) = try value(a), let color = Color.parse(s) else { throw CompiledMismatch() }
            return color
        case .object(let base, let red, let green, let blue, let opacity):
            var result: Color
            if let base {
                result = try color(base)
            } else {
                result = Color(red: try red.map(number) ?? 0, green: try green.map(number) ?? 0, blue: try blue.map(number) ?? 0)
            }
            if let opacity { result = result.opacity(try number(opacity)) }
            return result
        }
    }

    /// `v` as a compiled paint: `{"linearGradient": {…}}`, or a colour.
    func compiledPaint(_ v: JSONValue) -> CompiledPaint? {
        guard case .object(let members) = v.kind, let g = v["linearGradient"] else { return compiledColor(v).map { .color($0) } }
        guard members.count == 1, case .object(let gm) = g.kind,
            gm.allSatisfy({ ["colors", "stops", "startPoint", "endPoint"].contains($0.key) })
        else { return nil }
        return compiledGradient(Dictionary(gm, uniquingKeysWith: { first, _ in first })).map { .gradient($0) }
    }

    /// A gradient's members (`colors` or `stops`, `startPoint`, `endPoint`) compiled.
    func compiledGradient(_ m: [String: JSONValue]) -> CompiledGradient? {
        var stops: [(color: CompiledColor, location: CompiledArgument?)] = []
        if let c = m["colors"] {
            guard case .array(let list) = c.kind, list.count >= 2 else { return nil }
            for item in list {
                guard let color = compiledColor(item) else { return nil }
                stops.append((color, nil))
            }
        } else if let s = m["stops"] {
            guard case .array(let list) = s.kind, list.count >= 2 else { return nil }
            for item in list {
                guard case .object(let members) = item.kind, members.allSatisfy({ $0.key == "color" || $0.key == "location" }),
                    let c = item["color"], let color = compiledColor(c), let l = item["location"], let location = compiledArgument(l)
                else { return nil }
                stops.append((color, location))
            }
        } else {
            return nil
        }
        guard let start = compiledOptional(m["startPoint"], compiledUnitPoint), let end = compiledOptional(m["endPoint"], compiledUnitPoint) else {
            return nil
        }
        return CompiledGradient(stops: stops, start: start, end: end)
    }

    /// A unit point compiled: a name, or an object of `x` and `y`.
    func compiledUnitPoint(_ v: JSONValue) -> CompiledUnitPoint? {
        guard case .object(let members) = v.kind else { return compiledArgument(v).map { .named($0) } }
        guard members.allSatisfy({ $0.key == "x" || $0.key == "y" }), let x = compiledOptional(v["x"], compiledArgument),
            let y = compiledOptional(v["y"], compiledArgument)
        else { return nil }
        return .point(x: x, y: y)
    }

    /// A compiled paint in this state.
    func paint(_ p: CompiledPaint) throws -> Paint {
        switch p {
        case .color(let c): return .color(try color(c))
        case .gradient(let g):
            let last = Double(g.stops.count - 1)
            let stops = try g.stops.enumerated().map { i, stop in
                GradientStop(color: try color(stop.color), location: try stop.location.map { try number($0, in: 0...1) } ?? Double(i) / last)
            }
            return .linearGradient(stops: stops, start: try g.start.map(unitPoint) ?? .top, end: try g.end.map(unitPoint) ?? .bottom)
        }
    }

    /// A compiled unit point in this state.
    func unitPoint(_ p: CompiledUnitPoint) throws -> UnitPoint {
        switch p {
        case .named(let a): return try choice(a, UnitPoint.named)
        case .point(let x, let y):
            return UnitPoint(x: try x.map { try number($0, in: -100...100) } ?? 0.5, y: try y.map { try number($0, in: -100...100) } ?? 0.5)
        }
    }

    /// A font compiled (``font(_:)``'s forms).
    func compiledFont(_ v: JSONValue) -> CompiledFont? {
        guard case .object(let members) = v.kind else { return isString(v) ? compiledArgument(v).map { .style($0) } : nil }
        func optional(_ key: String) -> CompiledArgument?? { compiledOptional(v[key], compiledArgument) }
        // A style or a size; `relativeTo` only with a size.
        guard members.allSatisfy({ ["style", "size", "weight", "design", "relativeTo"].contains($0.key) }), (v["style"] == nil) != (v["size"] == nil),
            v["style"] == nil || v["relativeTo"] == nil, let style = compiledOptional(v["style"], compiledFont), let size = optional("size"),
            let relativeTo = optional("relativeTo"), let weight = optional("weight"), let design = optional("design")
        else { return nil }
        return .object(style: style, size: size, relativeTo: relativeTo, weight: weight, design: design)
    }

    /// A compiled font in this state.
    func font(_ c: CompiledFont) throws -> FontSpec {
        switch c {
        case .style(let a): return .style(try choice(a, Self.textStyles))
        case .object(let style, let size, let relativeTo, let weight, let design):
            var f: FontSpec
            if let style {
                f = try font(style)
            } else {
                f = FontSpec(size: try number(size!, in: 1...1000))
                if let relativeTo { f.textStyle = try choice(relativeTo, Self.textStyles) }
            }
            if let weight {
                // A number written as one; a name (or an expression giving one) else.
                if case .constant(.number) = weight {
                    f.weight = Int(try number(weight, in: 100...900))
                } else {
                    f.weight = try choice(weight, FontSpec.weights)
                }
            }
            if let design { f.design = try choice(design, Self.designs) }
            return f
        }
    }

    /// A clip or content shape compiled (``shapeKind(_:)``'s forms).
    func compiledShapeKind(_ v: JSONValue) -> CompiledShapeKind? {
        guard case .object(let members) = v.kind else { return compiledArgument(v).map { .named($0) } }
        guard members.allSatisfy({ $0.key == "roundedRectangle" || $0.key == "style" }), let r = v["roundedRectangle"],
            let radius = compiledLength(r), let style = compiledOptional(v["style"], compiledArgument)
        else { return nil }
        return .rounded(radius: radius, style: style)
    }

    /// A compiled shape in this state: a rounded rectangle's style is read before its radius.
    func shapeKind(_ k: CompiledShapeKind) throws -> ShapeKind {
        switch k {
        case .named(let a): return try choice(a, Self.shapeNames)
        case .rounded(let radius, let style):
            let continuous = try style.map { try choice($0, Self.roundedStyles) } ?? true
            return .roundedRectangle(radius: try number(radius, in: 0...Scene.Limits.maxLength), continuous: continuous)
        }
    }

    /// Edges compiled: a name or expression, or an array of them (a string written as it is
    /// that names no edge is left to the decoder, which says so without reading it).
    func compiledEdges(_ v: JSONValue) -> CompiledEdges? {
        if case .array(let list) = v.kind {
            var names: [CompiledArgument] = []
            for item in list {
                guard let a = compiledArgument(item) else { return nil }
                names.append(a)
            }
            return CompiledEdges(names: names)
        }
        if case .string(let s) = v.kind, !s.hasPrefix("$"), !s.hasPrefix("="), Self.edgeNames[s] == nil,
            Self.edgeNames[String(s.drop { $0 == "." })] == nil
        {
            return nil
        }
        return compiledArgument(v).map { CompiledEdges(names: [$0]) }
    }

    func edges(_ e: CompiledEdges) throws -> Edges {
        try e.names.reduce(into: Edges()) { $0.formUnion(try choice($1, Self.edgeNames)) }
    }

    /// A background's or overlay's content compiled (``layer(_:)``'s forms).
    func compiledLayerContent(_ v: JSONValue) -> CompiledLayer? {
        if case .object = v.kind, v["type"] != nil { return .view(compiledChild(v)) }
        if let material = Self.material(v) { return .material(material, at: v.location) }
        if case .object(let members) = v.kind, let style = v["style"] {
            guard members.allSatisfy({ $0.key == "style" || $0.key == "in" }), let shape = compiledOptional(v["in"], compiledShapeKind) else {
                return nil
            }
            if let material = Self.material(style) { return .styled(material: material, paint: nil, in: shape, at: v.location) }
            return compiledPaint(style).map { .styled(material: nil, paint: $0, in: shape, at: v.location) }
        }
        return compiledPaint(v).map { .paint($0) }
    }

    /// A compiled layer's content in this state.
    mutating func made(_ layer: CompiledLayer) throws -> Node {
        switch layer {
        case .view(let v): return try made(v)
        case .paint(let p): return .modified(.paint(try paint(p)), .ignoresSafeArea(.all))
        case .material(let m, let at): return .modified(.located(.material(m, in: .rectangle), at), .ignoresSafeArea(.all))
        case .styled(let material, let paint, let shape, let at):
            let kind = try shape.map { try shapeKind($0) } ?? .rectangle
            let drawn: Node
            if let material { drawn = .located(.material(material, in: kind), at) } else { drawn = .shape(kind, fill: try self.paint(paint!)) }
            return shape == nil ? .modified(drawn, .ignoresSafeArea(.all)) : drawn
        }
    }
}

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

/// A linear gradient compiled: its colours spread evenly, or its stops each with its location,
/// then its start and end points.
struct CompiledGradient: Sendable {
    let stops: [(color: CompiledColor, location: CompiledArgument?)]
    /// `colors`: spread evenly; else `stops`.
    let evenly: Bool
    let start: CompiledUnitPoint?
    let end: CompiledUnitPoint?
}

/// A unit point compiled: a name, or `{"x": …, "y": …}`.
enum CompiledUnitPoint: Sendable {
    case named(CompiledArgument)
    case point(x: CompiledArgument?, y: CompiledArgument?)
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
        return CompiledGradient(stops: stops, evenly: m["colors"] != nil, start: start, end: end)
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
}

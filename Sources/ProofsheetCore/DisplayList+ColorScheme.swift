/// A display list in a colour scheme: every named colour takes its value for the scheme
/// (``Color/resolved(in:)``; literal colours stay as they are) and materials draw by the
/// scheme's recipe. Layout works in the light values; painting a dark scene resolves its list.
extension DisplayList {
    /// The list with its colours and materials in `scheme` (a group with a scheme of its own,
    /// in that one).
    public func resolved(in scheme: ColorScheme) -> DisplayList {
        guard scheme != .light || items.contains(where: \.holdsOwnScheme) else { return self }
        var out = self
        out.background = background?.resolved(in: scheme)
        out.items = items.map { $0.resolved(in: scheme) }
        return out
    }
}

extension DisplayItem {
    /// Whether a group inside has a colour scheme of its own.
    var holdsOwnScheme: Bool {
        guard case .group(let g) = self else { return false }
        return g.colorScheme != nil || g.children.contains(where: \.holdsOwnScheme)
    }

    /// The item with its colours and materials in `scheme` (a group with its own, in that).
    public func resolved(in scheme: ColorScheme) -> DisplayItem {
        switch self {
        case .group(var g):
            let scheme = g.colorScheme ?? scheme
            g.shadow = g.shadow.map {
                var s = $0; s.color = s.color.resolved(in: scheme); return s
            }
            g.children = g.children.map { $0.resolved(in: scheme) }
            return .group(g)
        case .fill(let shape, let paint): return .fill(shape, paint.resolved(in: scheme))
        case .stroke(let shape, let paint, let width): return .stroke(shape, paint.resolved(in: scheme), lineWidth: width)
        case .text(var t):
            t.paint = t.paint.resolved(in: scheme)
            return .text(t)
        case .symbol(var s):
            s.paint = s.paint.resolved(in: scheme)
            return .symbol(s)
        case .image: return self
        case .material(var m):
            m.colorScheme = scheme
            return .material(m)
        }
    }
}

extension Paint {
    /// The paint with its colours in `scheme`.
    public func resolved(in scheme: ColorScheme) -> Paint {
        switch self {
        case .color(let c): return .color(c.resolved(in: scheme))
        case .linearGradient(let stops, let start, let end):
            return .linearGradient(
                stops: stops.map { GradientStop(color: $0.color.resolved(in: scheme), location: $0.location) }, start: start, end: end)
        }
    }
}

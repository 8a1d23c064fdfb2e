/// A display list in a colour scheme and contrast: every named colour takes its value for them
/// (``Color/resolved(in:contrast:)``; literal colours stay as they are) and materials draw by the
/// scheme's recipe. Layout works in the light, standard values; painting a dark scene, or one
/// with Increase Contrast, resolves its list.
extension DisplayList {
    /// The list with its colours and materials in `scheme` at `contrast` (a group with a scheme
    /// of its own, in that one).
    public func resolved(in scheme: ColorScheme, contrast: ColorSchemeContrast = .standard) -> DisplayList {
        guard scheme != .light || contrast != .standard || items.contains(where: \.holdsOwnScheme) else { return self }
        var out = self
        out.background = background?.resolved(in: scheme, contrast: contrast)
        out.items = items.map { $0.resolved(in: scheme, contrast: contrast) }
        return out
    }
}

extension DisplayItem {
    /// Whether a group inside has a colour scheme of its own.
    var holdsOwnScheme: Bool {
        guard case .group(let g) = self else { return false }
        return g.colorScheme != nil || g.children.contains(where: \.holdsOwnScheme)
    }

    /// The item with its colours and materials in `scheme` at `contrast` (a group with a scheme
    /// of its own, in that).
    public func resolved(in scheme: ColorScheme, contrast: ColorSchemeContrast = .standard) -> DisplayItem {
        switch self {
        case .group(var g):
            let scheme = g.colorScheme ?? scheme
            g.shadow = g.shadow.map {
                var s = $0; s.color = s.color.resolved(in: scheme, contrast: contrast); return s
            }
            g.children = g.children.map { $0.resolved(in: scheme, contrast: contrast) }
            return .group(g)
        case .fill(let shape, let paint): return .fill(shape, paint.resolved(in: scheme, contrast: contrast))
        case .stroke(let shape, let paint, let width): return .stroke(shape, paint.resolved(in: scheme, contrast: contrast), lineWidth: width)
        case .text(var t):
            t.paint = t.paint.resolved(in: scheme, contrast: contrast)
            return .text(t)
        case .symbol(var s):
            s.paint = s.paint.resolved(in: scheme, contrast: contrast)
            return .symbol(s)
        case .image(var i):
            guard let appearances = i.appearances else { return self }
            i.path = appearances.path(in: scheme)
            return .image(i)
        case .material(var m):
            m.colorScheme = scheme
            return .material(m)
        }
    }
}

extension Paint {
    /// The paint with its colours in `scheme` at `contrast`.
    public func resolved(in scheme: ColorScheme, contrast: ColorSchemeContrast = .standard) -> Paint {
        switch self {
        case .color(let c): return .color(c.resolved(in: scheme, contrast: contrast))
        case .linearGradient(let stops, let start, let end):
            return .linearGradient(
                stops: stops.map { GradientStop(color: $0.color.resolved(in: scheme, contrast: contrast), location: $0.location) }, start: start,
                end: end)
        }
    }
}

import ProofsheetCore

/// What an opaque material hides need not be drawn. A material over an opaque canvas is opaque:
/// its backdrop is drawn again from the list (never read from the canvas), blurred with the
/// canvas edges repeated, saturated, tinted and grown back, every step keeping an alpha of 255
/// where the backdrop had it; and painting an opaque source over the canvas replaces what was
/// there. So an item drawn before such a material, whose pixels all lie in whole pixels inside
/// it, cannot change a byte of the output: a raster render leaves it out (a review overlay's
/// full-screen photo and the screen under it). The material's own backdrop still draws it.
///
/// Only the simplest cases count, so that the bytes stay exactly those of a full render:
/// - a canvas with an opaque background colour;
/// - a material in a `rect`, inside groups that keep rectangles rectangles (no rotation or
///   skew, no flattening), clip to rectangles if at all, and have no opacity, shadow or blur;
/// - its whole pixels only, on the output surface, within the largest material drawn from a
///   backdrop (``Painter/maxMaterialPixels``);
/// - items left out whole: fills, strokes, text, images and symbols, and groups without effects
///   (their children one by one when the group is not hidden whole). Groups with opacity,
///   shadow or blur, and materials, are always drawn: their work counts against the render's
///   effect budget, whose errors do not depend on what is hidden.
/// Bounds are taken generously: strokes to their miter limit, text and symbols a font size out.
package enum Occlusion {
    /// A material's hiding area: its place in the list and its whole device pixels.
    struct Cover {
        var path: [Int]
        var pixels: Rect
    }

    /// `list` with every item a later opaque material hides replaced by an empty group (so that
    /// every other item keeps its place, which a material's backdrop is found by), or nil when
    /// nothing is hidden. `device` maps the list's points to the surface's pixels; `surface` is
    /// the surface's pixel area (nothing outside it is kept).
    package static func hidingCovered(_ list: DisplayList, device: Transform, surface: Rect) -> DisplayList? {
        guard let background = list.background, background.alpha >= 1 else { return nil }
        var covers: [Cover] = []
        findCovers(list.items, path: [], transform: device, clip: surface, into: &covers)
        guard !covers.isEmpty else { return nil }
        var hidden = 0
        let items = hide(list.items, path: [], transform: device, surface: surface, covers: covers, hidden: &hidden)
        guard hidden > 0 else { return nil }
        return DisplayList(size: list.size, background: list.background, items: items)
    }

    /// The materials that can hide what is before them.
    private static func findCovers(_ items: [DisplayItem], path: [Int], transform: Transform, clip: Rect, into covers: inout [Cover]) {
        for (i, item) in items.enumerated() {
            switch item {
            case .material(let m):
                guard case .rect(let r) = m.shape else { continue }
                let area = transform.apply(r).intersection(clip)
                guard area.width * area.height <= Painter.maxMaterialPixels else { continue }
                let x0 = area.minX.rounded(.up), y0 = area.minY.rounded(.up)
                let x1 = area.maxX.rounded(.down), y1 = area.maxY.rounded(.down)
                // (A material larger than Cairo's largest surface side shows its tint alone.)
                guard x1 > x0, y1 > y0, area.width <= 32767, area.height <= 32767 else { continue }
                covers.append(Cover(path: path + [i], pixels: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)))
            case .group(let g):
                guard g.opacity >= 1, g.shadow == nil, g.blur == nil, let inner = keepsRectangles(transform, g.transform) else { continue }
                var innerClip = clip
                if let shape = g.clip {
                    guard case .rect(let r) = shape else { continue }
                    innerClip = innerClip.intersection(inner.apply(r))
                }
                findCovers(g.children, path: path + [i], transform: inner, clip: innerClip, into: &covers)
            default: continue
            }
        }
    }

    /// `outer` followed by a group's own transform, when the two keep rectangles rectangles and
    /// do not flatten them (nil otherwise).
    private static func keepsRectangles(_ outer: Transform, _ own: Transform) -> Transform? {
        let t = own.isIdentity ? outer : own.concatenating(outer)
        guard t.b == 0, t.c == 0, t.a.isFinite, t.d.isFinite, t.tx.isFinite, t.ty.isFinite, abs(t.a * t.d) > 1e-12 else { return nil }
        return t
    }

    /// The items, those hidden by a cover after them replaced by empty groups.
    private static func hide(
        _ items: [DisplayItem], path: [Int], transform: Transform, surface: Rect, covers: [Cover], hidden: inout Int
    ) -> [DisplayItem] {
        var out = items
        for (i, item) in items.enumerated() {
            let here = path + [i]
            // The covers drawn after this item, and those that can hide some of its children:
            // after it or inside it.
            let later = covers.filter { isBefore(here, $0.path) }
            let reaching = covers.filter { isBefore(here, $0.path) || $0.path.starts(with: here) }
            guard !reaching.isEmpty else { continue }
            if case .material = item { continue }
            if case .group(let g) = item, g.opacity < 1 || g.shadow != nil || g.blur != nil { continue }
            if !later.isEmpty, let bounds = generousBounds(item),
                case let pixels = transform.apply(bounds).insetBy(-1).intersection(surface),
                later.contains(where: { $0.pixels.contains(pixels) })
            {
                out[i] = .group(DisplayGroup(children: []))
                hidden += 1
                continue
            }
            if case .group(var g) = item {
                let inner = g.transform.isIdentity ? transform : g.transform.concatenating(transform)
                g.children = hide(g.children, path: here, transform: inner, surface: surface, covers: reaching, hidden: &hidden)
                out[i] = .group(g)
            }
        }
        return out
    }

    /// Whether the item at `a` is drawn before the one at `b` and does not hold it.
    static func isBefore(_ a: [Int], _ b: [Int]) -> Bool {
        for (x, y) in zip(a, b) where x != y { return x < y }
        return false  // one holds the other, or the same place
    }

    /// Where an item may put pixels, in its parent's coordinates, taken generously; nil when it
    /// draws nothing, cannot be bounded, or must be drawn whole.
    static func generousBounds(_ item: DisplayItem) -> Rect? {
        switch item {
        case .fill(let shape, _): return shape.bounds
        // Cairo's miter limit is 10: a join reaches at most 5 line widths from the path.
        case .stroke(let shape, _, let w): return shape.bounds.insetBy(-5 * abs(w))
        case .text(let t):
            let frame = Rect(x: t.frame.minX, y: t.frame.minY, width: max(t.frame.width, t.layoutWidth), height: t.frame.height)
            return frame.insetBy(-max(t.font.size, t.font.lineHeight))
        case .image(let i): return i.frame
        case .symbol(let s):
            let reach = s.layers.map { max($0.scale, 1) + abs($0.dx) + abs($0.dy) }.max() ?? 1
            return s.frame.insetBy(-2 * s.pointSize * reach)
        // Materials and groups with effects are always drawn (see above): whatever holds one
        // is not left out whole.
        case .material: return nil
        case .group(let g):
            guard g.opacity >= 1, g.shadow == nil, g.blur == nil else { return nil }
            var r: Rect? = nil
            for c in g.children {
                guard let b = generousBounds(c) else {
                    if case .group(let inner) = c, inner.children.isEmpty { continue }
                    return nil
                }
                r = r.map { $0.union(b) } ?? b
            }
            if let clip = g.clip, let u = r { r = u.intersection(clip.bounds) }
            return r.map { g.transform.isIdentity ? $0 : g.transform.apply($0) }
        }
    }
}

extension Rect {
    /// Whether `r` lies inside this rectangle (edges included).
    func contains(_ r: Rect) -> Bool { r.minX >= minX && r.minY >= minY && r.maxX <= maxX && r.maxY <= maxY }
}

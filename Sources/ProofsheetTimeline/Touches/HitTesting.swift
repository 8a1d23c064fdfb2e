import ProofsheetCore
import ProofsheetLayout
import ProofsheetScene

/// Which view a finger touches, as SwiftUI decides it: the drawn geometry (after offset, scale
/// and rotation) and the view's shape; the topmost view first. Views at opacity 0, hidden
/// views, clear colours and spacers take no touches unless they have a `contentShape`;
/// `allowsHitTesting(false)` lets touches through the view and its contents; a clip limits
/// what inside it can be touched.
public enum HitTesting {
    /// The views from the root down to the topmost view under `point` (empty: nothing).
    public static func hit(_ tree: ResolvedView, at point: Point) -> [ResolvedView] {
        hit(tree, point, ancestors: [])
    }

    /// The transform a view's effects draw it (and its contents) with: rotation, then scale,
    /// then offset, about its frame.
    public static func transform(of v: ResolvedView) -> Transform {
        let e = v.effects
        var t = Transform.identity
        if !e.rotation.isIdentity { t = t.concatenating(.about(v.frame.point(at: e.rotation.anchor), .rotation(degrees: e.rotation.degrees))) }
        if !e.scale.isIdentity { t = t.concatenating(.about(v.frame.point(at: e.scale.anchor), .scale(e.scale.x, e.scale.y))) }
        if e.offset != .zero { t = t.concatenating(.translation(e.offset.x, e.offset.y)) }
        return t
    }

    private static func hit(_ v: ResolvedView, _ screen: Point, ancestors: [ResolvedView]) -> [ResolvedView] {
        guard v.traits.allowsHitTesting, !v.effects.hidden, v.effects.opacity > 0 else { return [] }
        // The point in the view's own layout coordinates.
        guard let inverse = transform(of: v).inverted else { return [] }
        let p = inverse.apply(screen)
        let chain = ancestors + [v]
        if let shape = v.traits.contentShape {
            return contains(shape, v.frame, p) ? chain : []
        }
        if let clip = v.effects.clip, !contains(clip, v.frame, p) { return [] }
        switch v.content {
        case .children, .zOrdered, .layer:
            for child in drawingOrder(v).reversed() {
                let found = hit(child, p, ancestors: chain)
                if !found.isEmpty { return found }
            }
            return []
        case .shape(let s):
            if case .color(let c) = s.paint, c.alpha <= 0 { return [] }
            return contains(s.kind, v.frame, p) ? chain : []
        case .text, .image, .symbol, .picture:
            return v.frame.contains(p) ? chain : []
        case .material(let m):
            return contains(m.kind, v.frame, p) ? chain : []
        }
    }

    /// Children in the order they are drawn.
    static func drawingOrder(_ v: ResolvedView) -> [ResolvedView] {
        switch v.content {
        case .zOrdered: return paintOrdered(v.children)
        case .layer(let overlay):
            guard let view = v.children.first else { return [] }
            let layers = Array(v.children.dropFirst())
            return overlay ? [view] + layers : layers + [view]
        default: return v.children
        }
    }

    /// Whether `p` is inside `shape` placed in `r`.
    static func contains(_ shape: ShapeKind, _ r: Rect, _ p: Point) -> Bool {
        displayShape(shape, in: r).contains(p)
    }

    /// The centre of the view named `id` as drawn (after its effects and its ancestors'), or
    /// nil when no view has that id.
    public static func drawnCentre(of id: String, in tree: ResolvedView) -> Point? {
        func find(_ v: ResolvedView, _ outer: Transform) -> Point? {
            let t = transform(of: v).concatenating(outer)
            if v.id == id { return t.apply(Point(x: v.frame.minX + v.frame.width / 2, y: v.frame.minY + v.frame.height / 2)) }
            for c in v.children { if let p = find(c, t) { return p } }
            return nil
        }
        return find(tree, .identity)
    }
}

/// Views in paint order: by zIndex, ties in declaration order.
func paintOrdered(_ views: [ResolvedView]) -> [ResolvedView] {
    views.enumerated().sorted { a, b in
        a.element.zIndex != b.element.zIndex ? a.element.zIndex < b.element.zIndex : a.offset < b.offset
    }.map(\.element)
}

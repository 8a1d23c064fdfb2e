import ProofsheetCore
import ProofsheetLayout
import ProofsheetScene

/// The animatable properties of a resolved view, each as a vector of numbers, and how to put
/// interpolated values back.
enum AnimatableProperty: Int, Hashable, Sendable, CaseIterable {
    /// Position relative to the parent's frame, and size: x, y, width, height.
    case frame
    case offset
    case scale
    case rotation
    case opacity
    case blur
    /// Colour, radius and offset of the shadow.
    case shadow
    /// The fill of a shape, text or symbol: one colour, or a gradient's stops.
    case paint
    /// The corner radius of a rounded-rectangle shape or clip.
    case cornerRadius
}

/// A view's property in a tree: the key of a track.
struct TrackKey: Hashable, Sendable {
    var view: ViewID
    var property: AnimatableProperty
}

extension ResolvedView {
    /// The value of `p` (nil: the view has no such property, e.g. no shadow), with the parent's
    /// frame origin for the relative position.
    func animatableValue(_ p: AnimatableProperty, parentOrigin: Point) -> [Double]? {
        switch p {
        case .frame: return [frame.minX - parentOrigin.x, frame.minY - parentOrigin.y, frame.width, frame.height]
        case .offset: return [effects.offset.x, effects.offset.y]
        case .scale: return [effects.scale.x, effects.scale.y]
        case .rotation: return [effects.rotation.degrees]
        case .opacity: return [effects.opacity]
        case .blur: return [effects.blur]
        case .shadow:
            guard let s = effects.shadow else { return nil }
            return [s.color.red, s.color.green, s.color.blue, s.color.alpha, s.radius, s.x, s.y]
        case .paint:
            switch content {
            case .shape(let s): return s.paint.vector
            case .text(let t): return t.paint.vector
            case .symbol(let s): return s.paint.vector
            default: return nil
            }
        case .cornerRadius:
            if case .shape(let s) = content, case .roundedRectangle(let r, _) = s.kind { return [r] }
            if case .roundedRectangle(let r, _)? = effects.clip { return [r] }
            return nil
        }
    }

    /// `self` with property `p` set to `v` (its frame placed in the parent at `parentOrigin`).
    mutating func setAnimatable(_ p: AnimatableProperty, _ v: [Double], parentOrigin: Point) {
        switch p {
        case .frame: frame = Rect(x: parentOrigin.x + v[0], y: parentOrigin.y + v[1], width: max(0, v[2]), height: max(0, v[3]))
        case .offset: effects.offset = Point(x: v[0], y: v[1])
        case .scale: effects.scale.x = v[0]; effects.scale.y = v[1]
        case .rotation: effects.rotation.degrees = v[0]
        case .opacity: effects.opacity = min(1, max(0, v[0]))
        case .blur: effects.blur = max(0, v[0])
        case .shadow:
            guard var s = effects.shadow else { return }
            s.color = Color(red: clamp01(v[0]), green: clamp01(v[1]), blue: clamp01(v[2]), alpha: clamp01(v[3]))
            s.radius = max(0, v[4]); s.x = v[5]; s.y = v[6]
            effects.shadow = s
        case .paint:
            switch content {
            case .shape(var s): s.paint = s.paint.with(v); content = .shape(s)
            case .text(var t): t.paint = t.paint.with(v); content = .text(t)
            case .symbol(var s): s.paint = s.paint.with(v); content = .symbol(s)
            default: break
            }
        case .cornerRadius:
            if case .shape(var s) = content, case .roundedRectangle(_, let c) = s.kind {
                s.kind = .roundedRectangle(radius: max(0, v[0]), continuous: c)
                content = .shape(s)
            } else if case .roundedRectangle(_, let c)? = effects.clip {
                effects.clip = .roundedRectangle(radius: max(0, v[0]), continuous: c)
            }
        }
    }

    /// Whether two versions of a view can be interpolated property by property (same kind of
    /// content; texts, images and symbols the same).
    func interpolates(with other: ResolvedView) -> Bool {
        switch (content, other.content) {
        case (.children, .children), (.zOrdered, .zOrdered): return true
        case (.layer(let a), .layer(let b)): return a == b
        case (.shape(let a), .shape(let b)): return a.outline == b.outline && a.kind.sameShape(as: b.kind)
        case (.text(let a), .text(let b)): return a.text == b.text && a.font == b.font
        case (.image(let a, let da), .image(let b, let db)): return a == b && da == db
        case (.symbol(let a), .symbol(let b)): return a.name == b.name && a.pointSize == b.pointSize
        case (.picture(let a), .picture(let b)): return a == b
        case (.material(let a), .material(let b)): return a.material == b.material && a.kind.sameShape(as: b.kind)
        default: return false
        }
    }

    /// The view and everything inside it moved by (dx, dy).
    func translated(_ dx: Double, _ dy: Double) -> ResolvedView {
        if dx == 0 && dy == 0 { return self }
        var v = self
        v.frame = frame.offsetBy(dx: dx, dy: dy)
        v.children = children.map { $0.translated(dx, dy) }
        return v
    }
}

private func clamp01(_ v: Double) -> Double { min(1, max(0, v)) }

extension ShapeKind {
    /// The same shape, whatever its radius.
    func sameShape(as o: ShapeKind) -> Bool {
        switch (self, o) {
        case (.roundedRectangle(_, let a), .roundedRectangle(_, let b)): return a == b
        default: return self == o
        }
    }
}

extension Paint {
    /// A colour as r, g, b, a; a gradient as its stops' colours and locations.
    var vector: [Double] {
        switch self {
        case .color(let c): return [c.red, c.green, c.blue, c.alpha]
        case .linearGradient(let stops, _, _):
            return stops.flatMap { [$0.color.red, $0.color.green, $0.color.blue, $0.color.alpha, $0.location] }
        }
    }

    /// The paint with the numbers of `vector` (same kind and count).
    func with(_ v: [Double]) -> Paint {
        switch self {
        case .color:
            guard v.count == 4 else { return self }
            return .color(Color(red: clamp01(v[0]), green: clamp01(v[1]), blue: clamp01(v[2]), alpha: clamp01(v[3])))
        case .linearGradient(let stops, let s, let e):
            guard v.count == stops.count * 5 else { return self }
            let new = stops.indices.map { k in
                GradientStop(
                    color: Color(red: clamp01(v[5 * k]), green: clamp01(v[5 * k + 1]), blue: clamp01(v[5 * k + 2]), alpha: clamp01(v[5 * k + 3])),
                    location: v[5 * k + 4])
            }
            return .linearGradient(stops: new, start: s, end: e)
        }
    }
}

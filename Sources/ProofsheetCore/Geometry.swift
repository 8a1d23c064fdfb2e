/// Points, sizes, rectangles, insets and anchors in points (pt), SwiftUI-style.

/// A point in points.
public struct Point: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
}

/// A size in points.
public struct Size: Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    /// The length along `axis`.
    public subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }
}

/// A rectangle in points.
public struct Rect: Hashable, Sendable, Codable {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    public var width: Double { size.width }
    public var height: Double { size.height }
    /// The point at a unit anchor inside the rectangle.
    public func point(at anchor: UnitPoint) -> Point {
        Point(x: minX + anchor.x * width, y: minY + anchor.y * height)
    }
    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }
    /// The rectangle shrunk by `insets` (never below zero size).
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: minX + insets.leading, y: minY + insets.top,
            width: max(0, width - insets.leading - insets.trailing),
            height: max(0, height - insets.top - insets.bottom))
    }
}

/// Insets on the four edges.
public struct EdgeInsets: Hashable, Sendable, Codable {
    public var top: Double, leading: Double, bottom: Double, trailing: Double
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public init(all value: Double) { self.init(top: value, leading: value, bottom: value, trailing: value) }
    public var horizontal: Double { leading + trailing }
    public var vertical: Double { top + bottom }
    public static let zero = EdgeInsets()
}

/// A set of edges, as used by `padding(_:_:)` and `ignoresSafeArea(edges:)`.
public struct Edges: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let top = Edges(rawValue: 1)
    public static let leading = Edges(rawValue: 2)
    public static let bottom = Edges(rawValue: 4)
    public static let trailing = Edges(rawValue: 8)
    public static let horizontal: Edges = [.leading, .trailing]
    public static let vertical: Edges = [.top, .bottom]
    public static let all: Edges = [.top, .leading, .bottom, .trailing]
}

/// A layout axis.
public enum Axis: String, Hashable, Sendable, Codable {
    case horizontal, vertical
    /// The other axis.
    public var cross: Axis { self == .horizontal ? .vertical : .horizontal }
}

/// A point in a unit square: (0, 0) top-leading, (1, 1) bottom-trailing.
public struct UnitPoint: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
    /// The named unit points, by their SwiftUI names.
    public static let named: [String: UnitPoint] = [
        "center": .center, "top": .top, "bottom": .bottom, "leading": .leading, "trailing": .trailing,
        "topLeading": .topLeading, "topTrailing": .topTrailing,
        "bottomLeading": .bottomLeading, "bottomTrailing": .bottomTrailing
    ]
}

/// A two-axis alignment, as a unit point (`.center`, `.bottom`, `.topLeading` …).
public typealias Alignment = UnitPoint

/// An affine transform: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct Transform: Hashable, Sendable, Codable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public static func translation(_ dx: Double, _ dy: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy)
    }
    public static func scale(_ sx: Double, _ sy: Double) -> Transform {
        Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    /// A rotation by `degrees` (clockwise on screen, like SwiftUI).
    public static func rotation(degrees: Double) -> Transform {
        let r = degrees * .pi / 180
        let (s, c) = (sin(r), cos(r))
        return Transform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }
    /// `self` applied first, then `other`.
    public func concatenating(_ o: Transform) -> Transform {
        Transform(
            a: a * o.a + b * o.c, b: a * o.b + b * o.d,
            c: c * o.a + d * o.c, d: c * o.b + d * o.d,
            tx: tx * o.a + ty * o.c + o.tx, ty: tx * o.b + ty * o.d + o.ty)
    }
    /// A transform `t` applied about the point `p`.
    public static func about(_ p: Point, _ t: Transform) -> Transform {
        Transform.translation(-p.x, -p.y).concatenating(t).concatenating(.translation(p.x, p.y))
    }
    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }
    public var isIdentity: Bool { self == .identity }
    /// The transform that undoes this one (nil when it flattens the plane).
    public var inverted: Transform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Transform(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A timing curve from (0, 0) to (1, 1), as SwiftUI's `UnitCurve` defines it: a cubic Bézier
/// with two control points (as CSS and `timingCurve` define it), or one of the circular curves.
public struct UnitCurve: Hashable, Sendable {
    /// What the curve is: a Bézier of the control values, or a quarter of a circle.
    public enum Shape: String, Hashable, Sendable {
        case bezier
        /// 1 − √(1 − x²): the circle's fourth quadrant, slow then fast.
        case circularEaseIn
        /// √(1 − (1 − x)²): the second quadrant, fast then slow.
        case circularEaseOut
        /// The two halves, each scaled into its half.
        case circularEaseInOut
    }
    public var c1x: Double, c1y: Double, c2x: Double, c2y: Double
    public var shape = Shape.bezier

    public init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.c1x = c1x; self.c1y = c1y; self.c2x = c2x; self.c2y = c2y
    }

    /// A circular curve (its control values unused).
    public init(shape: Shape) {
        self.init(0, 0, 1, 1)
        self.shape = shape
    }

    /// The steepest slope reported, where a circular curve's tangent is vertical.
    public static let steepest = 1000.0

    public static let circularEaseIn = UnitCurve(shape: .circularEaseIn)
    public static let circularEaseOut = UnitCurve(shape: .circularEaseOut)
    public static let circularEaseInOut = UnitCurve(shape: .circularEaseInOut)

    public static let linear = UnitCurve(0, 0, 1, 1)
    public static let easeIn = UnitCurve(0.42, 0, 1, 1)
    public static let easeOut = UnitCurve(0, 0, 0.58, 1)
    public static let easeInOut = UnitCurve(0.42, 0, 0.58, 1)

    /// The curve's value at input progress `x` in [0, 1]; exact at both ends.
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        switch shape {
        case .circularEaseIn: return 1 - (1 - x * x).squareRoot()
        case .circularEaseOut: return (1 - (1 - x) * (1 - x)).squareRoot()
        case .circularEaseInOut:
            return x < 0.5 ? (1 - (1 - 4 * x * x).squareRoot()) / 2 : ((8 - 4 * x) * x - 3).squareRoot() / 2 + 0.5
        case .bezier: break
        }
        if self == .linear { return x }
        return Self.component(solve(x), c1y, c2y)
    }

    /// dy/dx at input progress `x`.
    public func slope(at x: Double) -> Double {
        let x = min(1, max(0, x))
        switch shape {
        // Where a quarter circle turns vertical its slope is infinite: held to `steepest`.
        case .circularEaseIn: return min(Self.steepest, x / (1 - x * x).squareRoot())
        case .circularEaseOut: return min(Self.steepest, (1 - x) / ((2 - x) * x).squareRoot())
        case .circularEaseInOut:
            let s = x < 0.5 ? 2 * x / (1 - 4 * x * x).squareRoot() : (2 - 2 * x) / ((8 - 4 * x) * x - 3).squareRoot()
            return s.isNaN ? Self.steepest : min(Self.steepest, s)
        case .bezier: break
        }
        if self == .linear { return 1 }
        let u = solve(min(1, max(0, x)))
        let dx = Self.derivative(u, c1x, c2x), dy = Self.derivative(u, c1y, c2y)
        if abs(dx) > 1e-9 { return dy / dx }
        // At a point where x stands still the slope is the limit of the two derivatives' ratio:
        // take it from a tiny step inside the curve.
        let h = 1e-6, v = u < 0.5 ? u + h : u - h
        let dx2 = Self.derivative(v, c1x, c2x), dy2 = Self.derivative(v, c1y, c2y)
        return abs(dx2) > 1e-12 ? dy2 / dx2 : 0
    }

    /// The curve parameter u with x(u) = x: Newton's method to 2⁻²⁰, bisection when Newton
    /// stalls or leaves [0, 1].
    func solve(_ x: Double) -> Double {
        let epsilon = 1.0 / 1_048_576
        var u = x
        for _ in 0..<8 {
            let err = Self.component(u, c1x, c2x) - x
            if abs(err) < epsilon { return u }
            let d = Self.derivative(u, c1x, c2x)
            if abs(d) < 1e-6 { break }
            let next = u - err / d
            if !(next >= 0 && next <= 1) { break }
            u = next
        }
        var lo = 0.0, hi = 1.0
        u = x
        for _ in 0..<64 {
            let v = Self.component(u, c1x, c2x)
            if abs(v - x) < epsilon { return u }
            if v < x { lo = u } else { hi = u }
            u = (lo + hi) / 2
        }
        return u
    }

    /// One coordinate of the Bézier at parameter u, with control values a and b.
    static func component(_ u: Double, _ a: Double, _ b: Double) -> Double {
        let v = 1 - u
        return 3 * v * v * u * a + 3 * v * u * u * b + u * u * u
    }

    static func derivative(_ u: Double, _ a: Double, _ b: Double) -> Double {
        let v = 1 - u
        return 3 * v * v * a + 6 * v * u * (b - a) + 3 * u * u * (1 - b)
    }
}

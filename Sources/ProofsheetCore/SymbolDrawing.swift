import Foundation

/// One of Proofsheet's own symbol drawings: an outline drawn for a symbol the icon font has no
/// close glyph for, or whose glyph's size breaks SF Symbols' rules (the circles of `.circle`
/// symbols as large as SF's, the ellipse of `mappin.and.ellipse` under its pin, `xmark` and
/// `heart` with SF's ink size). Drawn from scratch from simple figures (circles, capsules, one
/// heart curve), never traced from Apple's artwork.
///
/// Coordinates are in ems (multiply by the point size), y down, from the top-left of the
/// drawing's box; the box is the ink's bounding box, and the symbol's frame. The outline is
/// filled with the nonzero rule: holes run the other way round.
public struct SymbolDrawing: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(Point), line(Point), curve(Point, Point, Point), close
    }
    public let name: String
    /// The ink box in ems: the symbol's frame at a point size of 1.
    public let size: Size
    public let elements: [Element]

}

/// The own drawings by name, and the figures they are made of.
///
/// Sizes follow SF Symbols at the regular weight and medium scale, as ems of the point size
/// (estimates from SF's published behaviour, not Apple's numbers: see the README's symbol
/// table): a circle 1.17 em across (a medium symbol's circle reaches from about the descender to
/// about the ascender of SF Pro), strokes 0.085 em (SF Pro Regular's stem), `xmark` 0.82 em
/// square, `heart` 1.08 × 0.95 em.
public enum SymbolDrawings {
    /// SF-like regular stroke weight, in ems.
    static let stroke = 0.085
    /// The diameter of the circle of `.circle` symbols, in ems.
    static let circle = 1.17

    public static let all: [String: SymbolDrawing] = {
        var out: [String: SymbolDrawing] = [:]
        for d in [
            xmark(), heart(filled: false), heart(filled: true), ring(named: "circle"), disc(named: "circle.fill"),
            xCircle(), xCircleFill(), heartCircle(), heartCircleFill(), lines3(), mappinAndEllipse()
        ] {
            out[d.name] = d
        }
        return out
    }()

    public static func named(_ name: String) -> SymbolDrawing? { all[name] }

    // MARK: - Symbols

    static func xmark() -> SymbolDrawing {
        let side = 0.82, r = stroke / 2
        var b = Builder()
        b.cross(centre: Point(x: side / 2, y: side / 2), arm: side / 2 - r, radius: r)
        return b.drawing("xmark", side, side)
    }

    static func heart(filled: Bool) -> SymbolDrawing {
        let w = 1.08, h = 0.95
        var b = Builder()
        b.heart(Rect(x: 0, y: 0, width: w, height: h), notch: 0.17, clockwise: true)
        if !filled {
            let t = stroke
            // The hole: the same heart inset by the stroke; its notch and tip move further, so
            // that the stroke looks even around the sharp points.
            b.heart(Rect(x: t, y: t, width: w - 2 * t, height: h - 2.4 * t), notch: 0.17 + 0.9 * t / h, clockwise: false)
        }
        return b.drawing(filled ? "heart.fill" : "heart", w, h)
    }

    static func ring(named name: String) -> SymbolDrawing {
        var b = Builder()
        b.ring(centre: Point(x: circle / 2, y: circle / 2), radius: circle / 2)
        return b.drawing(name, circle, circle)
    }

    static func disc(named name: String) -> SymbolDrawing {
        var b = Builder()
        b.circle(centre: Point(x: circle / 2, y: circle / 2), radius: circle / 2, clockwise: true)
        return b.drawing(name, circle, circle)
    }

    /// The cross inside `x.circle`: arms reaching 0.16 of the diameter from the centre.
    static func innerCross(_ b: inout Builder, clockwise: Bool) {
        let c = circle / 2
        b.cross(centre: Point(x: c, y: c), arm: 0.16 * circle, radius: stroke / 2, clockwise: clockwise)
    }

    static func xCircle() -> SymbolDrawing {
        var b = Builder()
        b.ring(centre: Point(x: circle / 2, y: circle / 2), radius: circle / 2)
        innerCross(&b, clockwise: true)
        return b.drawing("x.circle", circle, circle)
    }

    static func xCircleFill() -> SymbolDrawing {
        var b = Builder()
        b.circle(centre: Point(x: circle / 2, y: circle / 2), radius: circle / 2, clockwise: true)
        innerCross(&b, clockwise: false)
        return b.drawing("x.circle.fill", circle, circle)
    }

    /// The heart inside `heart.circle`: half the circle wide, a little below its centre (a heart
    /// looks centred when its box is).
    static func innerHeart(_ b: inout Builder, clockwise: Bool) {
        let w = 0.5 * circle, h = w * 0.95 / 1.08
        b.heart(Rect(x: (circle - w) / 2, y: (circle - h) / 2 + 0.01 * circle, width: w, height: h), notch: 0.17, clockwise: clockwise)
    }

    static func heartCircle() -> SymbolDrawing {
        var b = Builder()
        b.ring(centre: Point(x: circle / 2, y: circle / 2), radius: circle / 2)
        innerHeart(&b, clockwise: true)
        return b.drawing("heart.circle", circle, circle)
    }

    static func heartCircleFill() -> SymbolDrawing {
        var b = Builder()
        b.circle(centre: Point(x: circle / 2, y: circle / 2), radius: circle / 2, clockwise: true)
        innerHeart(&b, clockwise: false)
        return b.drawing("heart.circle.fill", circle, circle)
    }

    /// Three rounded bars, 0.96 em long, spanning 0.64 em.
    static func lines3() -> SymbolDrawing {
        let w = 0.96, h = 0.64, r = stroke / 2
        var b = Builder()
        for y in [r, h / 2, h - r] { b.capsule(Point(x: r, y: y), Point(x: w - r, y: y), radius: r) }
        return b.drawing("line.3.horizontal", w, h)
    }

    /// A pin (a ring head on a short needle) standing on the middle of an ellipse: the ellipse is
    /// the widest part and the lowest, the head the top; the needle's tip is the ellipse's centre.
    static func mappinAndEllipse() -> SymbolDrawing {
        let w = 1.0, h = 1.14
        let ellipseH = 0.36, headR = 0.27
        let cx = w / 2, t = stroke
        var b = Builder()
        // The ellipse outline: outer and inner ellipses, the inner the other way round.
        let ey = h - ellipseH / 2
        b.ellipse(centre: Point(x: cx, y: ey), rx: w / 2, ry: ellipseH / 2, clockwise: true)
        b.ellipse(centre: Point(x: cx, y: ey), rx: w / 2 - t, ry: ellipseH / 2 - t, clockwise: false)
        // The head, a ring, at the top.
        b.ring(centre: Point(x: cx, y: headR), radius: headR)
        // The needle from the head's bottom to the ellipse's centre, square at the head and
        // rounded at its tip.
        b.capsule(Point(x: cx, y: 2 * headR - t / 2), Point(x: cx, y: ey), radius: t / 2)
        return b.drawing("mappin.and.ellipse", w, h)
    }

    // MARK: - Figures

    struct Builder {
        var elements: [SymbolDrawing.Element] = []

        func drawing(_ name: String, _ w: Double, _ h: Double) -> SymbolDrawing {
            SymbolDrawing(name: name, size: Size(width: w, height: h), elements: elements)
        }

        /// An elliptical arc from angle `a0` to `a1` (radians, y down: increasing angles run
        /// clockwise on screen) in cubic pieces of at most a quarter turn; joined to the current
        /// point with a line, or started with a move when `start`.
        mutating func arc(_ c: Point, rx: Double, ry: Double, from a0: Double, to a1: Double, start: Bool = false) {
            let pieces = max(1, Int((abs(a1 - a0) / (Double.pi / 2)).rounded(.up) - 1e-9))
            let step = (a1 - a0) / Double(pieces)
            let k = 4.0 / 3.0 * tan(step / 4)
            func p(_ a: Double) -> Point { Point(x: c.x + rx * cos(a), y: c.y + ry * sin(a)) }
            let first = p(a0)
            elements.append(start ? .move(first) : .line(first))
            for i in 0..<pieces {
                let s = a0 + Double(i) * step, e = s + step
                let p0 = p(s), p3 = p(e)
                let c1 = Point(x: p0.x - k * rx * sin(s), y: p0.y + k * ry * cos(s))
                let c2 = Point(x: p3.x + k * rx * sin(e), y: p3.y - k * ry * cos(e))
                elements.append(.curve(c1, c2, p3))
            }
        }

        mutating func ellipse(centre: Point, rx: Double, ry: Double, clockwise: Bool) {
            if clockwise {
                arc(centre, rx: rx, ry: ry, from: 0, to: 2 * Double.pi, start: true)
            } else {
                arc(centre, rx: rx, ry: ry, from: 2 * Double.pi, to: 0, start: true)
            }
            elements.append(.close)
        }

        mutating func circle(centre: Point, radius: Double, clockwise: Bool) {
            ellipse(centre: centre, rx: radius, ry: radius, clockwise: clockwise)
        }

        /// A circle outline `radius` across to its outer edge, one stroke thick.
        mutating func ring(centre: Point, radius: Double) {
            circle(centre: centre, radius: radius, clockwise: true)
            circle(centre: centre, radius: radius - SymbolDrawings.stroke, clockwise: false)
        }

        /// A stroke from `a` to `b` with round ends.
        mutating func capsule(_ a: Point, _ b: Point, radius r: Double, clockwise: Bool = true) {
            let angle = atan2(b.y - a.y, b.x - a.x)
            let half = Double.pi / 2
            if clockwise {
                arc(b, rx: r, ry: r, from: angle - half, to: angle + half, start: true)
                arc(a, rx: r, ry: r, from: angle + half, to: angle + 3 * half)
            } else {
                arc(a, rx: r, ry: r, from: angle + 3 * half, to: angle + half, start: true)
                arc(b, rx: r, ry: r, from: angle + half, to: angle - half)
            }
            elements.append(.close)
        }

        /// Two crossed strokes through `centre`, each end `arm` from it along both axes.
        mutating func cross(centre c: Point, arm: Double, radius: Double, clockwise: Bool = true) {
            capsule(Point(x: c.x - arm, y: c.y - arm), Point(x: c.x + arm, y: c.y + arm), radius: radius, clockwise: clockwise)
            capsule(Point(x: c.x + arm, y: c.y - arm), Point(x: c.x - arm, y: c.y + arm), radius: radius, clockwise: clockwise)
        }

        /// A heart filling `box`: two lobes meeting in a notch `notch` of the height down from the
        /// top, sides falling to a point at the bottom centre. Every curve leaves and reaches its
        /// ends level or upright at the box's edges, so the box is the heart's ink box.
        mutating func heart(_ box: Rect, notch: Double, clockwise: Bool) {
            func p(_ u: Double, _ v: Double) -> Point { Point(x: box.minX + u * box.width, y: box.minY + v * box.height) }
            // The right half, from the notch round to the tip, in (u, v) of the box.
            let right: [(Double, Double)] = [
                (0.5, notch), (0.54, notch - 0.1), (0.61, 0), (0.72, 0),
                (0.87, 0), (1, 0.12), (1, 0.3),
                (1, 0.62), (0.65, 0.87), (0.5, 1)
            ]
            // The whole outline clockwise on screen: notch, right lobe, tip, left lobe.
            let left = right.reversed().map { (1 - $0.0, $0.1) }
            var points = right + left.dropFirst()
            if !clockwise { points.reverse() }
            elements.append(.move(p(points[0].0, points[0].1)))
            var i = 1
            while i + 2 < points.count {
                elements.append(.curve(p(points[i].0, points[i].1), p(points[i + 1].0, points[i + 1].1), p(points[i + 2].0, points[i + 2].1)))
                i += 3
            }
            elements.append(.close)
        }
    }
}

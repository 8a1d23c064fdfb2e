/// The colour a display list shows at a point, estimated from the list alone: what chrome that
/// adapts to its backdrop (the home indicator) reads, the same for every backend.
///
/// Fills are composited in paint order with their groups' opacity, through the groups'
/// transforms and clips; a gradient gives its colour at the point; an image its mean colour
/// near the point (from `imageColor`); a material the colour below it under its tint (its blur
/// keeps the mean). Text, symbols, strokes and shadows are thin or soft and are left out.
extension DisplayList {
    /// The mean of the colours shown at `points` (canvas points), over an opaque `base` where
    /// the list has no background. `imageColor(path, unitRect)` is an image's mean colour over
    /// a rectangle in its unit square (nil: unknown, the image is left out).
    public func meanColor(at points: [Point], base: Color = .white, imageColor: (String, Rect) -> Color? = { _, _ in nil }) -> Color {
        guard !points.isEmpty else { return base }
        var r = 0.0, g = 0.0, b = 0.0
        for p in points {
            var c = Sample(base)
            if let bg = background { c.over(bg, 1) }
            Self.sample(items, at: p, opacity: 1, into: &c, imageColor)
            r += c.r; g += c.g; b += c.b
        }
        let n = Double(points.count)
        return Color(red: r / n, green: g / n, blue: b / n)
    }

    /// An opaque colour being composited.
    private struct Sample {
        var r: Double, g: Double, b: Double
        init(_ c: Color) { r = c.red; g = c.green; b = c.blue }
        mutating func over(_ c: Color, _ opacity: Double) {
            let a = max(0, min(1, c.alpha * opacity))
            r += (c.red - r) * a; g += (c.green - g) * a; b += (c.blue - b) * a
        }
    }

    private static func sample(
        _ items: [DisplayItem], at p: Point, opacity: Double, into c: inout Sample, _ imageColor: (String, Rect) -> Color?
    ) {
        for item in items {
            switch item {
            case .group(let group):
                guard group.opacity > 0, let inverse = group.transform.inverted else { continue }
                let local = inverse.apply(p)
                if let clip = group.clip, !clip.contains(local) { continue }
                sample(group.children, at: local, opacity: opacity * group.opacity, into: &c, imageColor)
            case .fill(let shape, let paint):
                guard shape.contains(p) else { continue }
                c.over(paint.color(at: p, in: shape.bounds), opacity)
            case .image(let image):
                let f = image.frame
                guard f.width > 0, f.height > 0, f.contains(p) else { continue }
                // A neighbourhood of about 24 × 8 pt around the point, in the image's unit square.
                let u = Rect(x: (p.x - 12 - f.minX) / f.width, y: (p.y - 4 - f.minY) / f.height, width: 24 / f.width, height: 8 / f.height)
                if let mean = imageColor(image.path, u.intersection(Rect(x: 0, y: 0, width: 1, height: 1))) { c.over(mean, opacity) }
            case .material(let m):
                guard m.shape.contains(p) else { continue }
                c.over(m.material.recipe(in: m.colorScheme).tint, opacity)
            case .stroke, .text, .symbol:
                continue
            }
        }
    }
}

extension Rect {
    /// Whether `p` lies in the rectangle (its edges included).
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }
}

extension DisplayShape {
    /// Whether `p` lies inside the shape (an open polyline holds no point).
    public func contains(_ p: Point) -> Bool {
        switch self {
        case .rect(let r): return r.contains(p)
        case .roundedRect(let r, let radius, _): return r.contains(p) && Self.inCorners(p, r, radius)
        case .capsule(let r): return r.contains(p) && Self.inCorners(p, r, min(r.width, r.height) / 2)
        case .ellipse(let r):
            guard r.width > 0, r.height > 0 else { return false }
            let dx = (p.x - r.minX - r.width / 2) / (r.width / 2), dy = (p.y - r.minY - r.height / 2) / (r.height / 2)
            return dx * dx + dy * dy <= 1
        case .polyline(let points, let closed):
            guard closed, points.count > 2 else { return false }
            // Even–odd crossings of a ray to the right.
            var inside = false
            var j = points.count - 1
            for i in points.indices {
                let a = points[i], b = points[j]
                if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
                j = i
            }
            return inside
        }
    }

    /// Whether `p` (inside `r`) is within the round corners of radius `radius`.
    private static func inCorners(_ p: Point, _ r: Rect, _ radius: Double) -> Bool {
        let k = max(0, min(radius, r.width / 2, r.height / 2))
        guard k > 0 else { return true }
        let cx = min(max(p.x, r.minX + k), r.maxX - k), cy = min(max(p.y, r.minY + k), r.maxY - k)
        let dx = p.x - cx, dy = p.y - cy
        return dx * dx + dy * dy <= k * k + 1e-9
    }
}

extension Paint {
    /// The paint's colour at `p` when it fills `bounds`: a gradient's interpolated along its axis.
    public func color(at p: Point, in bounds: Rect) -> Color {
        switch self {
        case .color(let c): return c
        case .linearGradient(let stops, let start, let end):
            guard let first = stops.first, let last = stops.last else { return .clear }
            let a = bounds.point(at: start), b = bounds.point(at: end)
            let dx = b.x - a.x, dy = b.y - a.y
            let length2 = dx * dx + dy * dy
            let t = length2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2 : 0
            if t <= first.location { return first.color }
            if t >= last.location { return last.color }
            for (s0, s1) in zip(stops, stops.dropFirst()) where t <= s1.location {
                let span = s1.location - s0.location
                let f = span > 0 ? (t - s0.location) / span : 1
                func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
                return Color(
                    red: mix(s0.color.red, s1.color.red), green: mix(s0.color.green, s1.color.green), blue: mix(s0.color.blue, s1.color.blue),
                    alpha: mix(s0.color.alpha, s1.color.alpha))
            }
            return last.color
        }
    }
}

extension Color {
    /// WCAG's relative luminance (sRGB decoded to linear light, weighted 0.2126, 0.7152, 0.0722).
    public var relativeLuminance: Double {
        func linear(_ v: Double) -> Double {
            let c = max(0, min(1, v))
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// Whether black has more contrast on this colour than white, by WCAG's contrast ratio
    /// (true from a relative luminance of about 0.18 up).
    public var prefersDarkForeground: Bool {
        let l = relativeLuminance
        return (l + 0.05) / 0.05 > 1.05 / (l + 0.05)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

import ProofsheetCore

/// Shapes and paints: rectangles, rounded rectangles (continuous corners as paths), ellipses,
/// capsules, polylines; colours and linear gradients.
extension SVGWriter {
    mutating func writeShape(_ shape: DisplayShape, fill: Paint?, stroke: (Paint, Double)?) {
        var paint: [(String, String)] = []
        if let fill { paint += paintAttributes(fill, in: shape.bounds, "fill") } else { paint.append(("fill", "none")) }
        if let (p, width) = stroke {
            paint += paintAttributes(p, in: shape.bounds, "stroke")
            // Cairo's defaults (SVG's miter limit is 4).
            paint += [("stroke-width", num(width)), ("stroke-miterlimit", "10")]
        }
        let (name, geometry) = Self.shapeElement(shape)
        body.element(name, geometry + paint)
    }

    /// The element and geometry attributes that draw `shape` as the raster path outlines it.
    static func shapeElement(_ shape: DisplayShape) -> (String, [(String, String)]) {
        func rect(_ r: Rect) -> [(String, String)] {
            [("x", num(r.minX)), ("y", num(r.minY)), ("width", num(max(0, r.width))), ("height", num(max(0, r.height)))]
        }
        switch shape {
        case .rect(let r): return ("rect", rect(r))
        case .ellipse(let r):
            return (
                "ellipse",
                [
                    ("cx", num(r.minX + r.width / 2)), ("cy", num(r.minY + r.height / 2)), ("rx", num(max(0, r.width / 2))),
                    ("ry", num(max(0, r.height / 2)))
                ]
            )
        case .capsule(let r):
            let rad = max(0, min(r.width, r.height) / 2)
            return ("rect", rect(r) + [("rx", num(rad)), ("ry", num(rad))])
        case .roundedRect(let r, let radius, let continuous):
            let half = min(r.width, r.height) / 2
            let rad = max(0, min(radius, half))
            if rad == 0 { return ("rect", rect(r)) }
            if !continuous || rad >= half { return ("rect", rect(r) + [("rx", num(rad)), ("ry", num(rad))]) }
            return ("path", [("d", continuousRoundedRectPath(r, radius: rad))])
        case .polyline(let points, let closed):
            let list = points.map { num($0.x) + "," + num($0.y) }.joined(separator: " ")
            return (closed ? "polygon" : "polyline", [("points", list)])
        }
    }

    /// The raster path's continuous corner: a cubic curve from 1.2 radii along each edge, its
    /// control points 0.4 of that from the corner.
    static func continuousRoundedRectPath(_ r: Rect, radius rad: Double) -> String {
        let half = min(r.width, r.height) / 2
        let e = min(rad * 1.2, half), c = e * 0.4
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        func p(_ x: Double, _ y: Double) -> String { num(x) + " " + num(y) }
        return "M" + p(x0 + e, y0) + "L" + p(x1 - e, y0) + "C" + p(x1 - c, y0) + " " + p(x1, y0 + c) + " " + p(x1, y0 + e)
            + "L" + p(x1, y1 - e) + "C" + p(x1, y1 - c) + " " + p(x1 - c, y1) + " " + p(x1 - e, y1)
            + "L" + p(x0 + e, y1) + "C" + p(x0 + c, y1) + " " + p(x0, y1 - c) + " " + p(x0, y1 - e)
            + "L" + p(x0, y0 + e) + "C" + p(x0, y0 + c) + " " + p(x0 + c, y0) + " " + p(x0 + e, y0) + "Z"
    }

    /// `fill`/`stroke` attributes for a paint over `rect` (a gradient spans the rectangle).
    mutating func paintAttributes(_ paint: Paint, in rect: Rect, _ property: String) -> [(String, String)] {
        switch paint {
        case .color(let c): return colorAttributes(c, property)
        case .linearGradient(let stops, let start, let end):
            let id = newID("grad")
            defs.open(
                "linearGradient",
                [
                    ("id", id), ("gradientUnits", "userSpaceOnUse"), ("x1", num(rect.minX + start.x * rect.width)),
                    ("y1", num(rect.minY + start.y * rect.height)), ("x2", num(rect.minX + end.x * rect.width)),
                    ("y2", num(rect.minY + end.y * rect.height))
                ])
            defs.raw("\n")
            for stop in stops {
                var a = [("offset", num(max(0, min(1, stop.location)), decimals: 4)), ("stop-color", colorHex(stop.color))]
                if stop.color.alpha < 1 { a.append(("stop-opacity", num(max(0, stop.color.alpha), decimals: 4))) }
                defs.element("stop", a)
            }
            defs.close("linearGradient")
            defs.raw("\n")
            return [(property, "url(#\(id))")]
        }
    }
}

/// `#rrggbb` for a colour (its alpha apart).
func colorHex(_ c: Color) -> String {
    func h(_ v: Double) -> String {
        let i = Int((max(0, min(1, v)) * 255).rounded())
        let s = String(i, radix: 16)
        return s.count == 1 ? "0" + s : s
    }
    return "#" + h(c.red) + h(c.green) + h(c.blue)
}

/// `fill="#rrggbb"` and, when translucent, `fill-opacity`.
func colorAttributes(_ c: Color, _ property: String) -> [(String, String)] {
    var a = [(property, colorHex(c))]
    if c.alpha < 1 { a.append((property + "-opacity", num(max(0, c.alpha), decimals: 4))) }
    return a
}

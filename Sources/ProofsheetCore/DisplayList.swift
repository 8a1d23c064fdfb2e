/// The display list: what to draw, in points, after layout. Backends only read this.
public struct DisplayList: Hashable, Sendable, Codable {
    /// The canvas size in points.
    public var size: Size
    /// The canvas colour painted first (nil: transparent).
    public var background: Color?
    public var items: [DisplayItem]
    public init(size: Size, background: Color?, items: [DisplayItem]) {
        self.size = size; self.background = background; self.items = items
    }
}

/// One drawing operation, or a group of them sharing effects.
public indirect enum DisplayItem: Hashable, Sendable, Codable {
    case group(DisplayGroup)
    case fill(DisplayShape, Paint)
    /// The outline of a shape, the line centred on the path.
    case stroke(DisplayShape, Paint, lineWidth: Double)
    case text(TextRun)
    case image(ImageDraw)
    case symbol(SymbolDraw)
    /// A material: what is drawn before it, blurred, saturated and tinted, in a shape.
    case material(MaterialDraw)
}

/// A group: its children drawn with a transform, clip, opacity, shadow and blur (in that nesting:
/// transform outermost, then the clip, the blur, the shadow, the opacity).
public struct DisplayGroup: Hashable, Sendable, Codable {
    public var transform: Transform = .identity
    public var clip: DisplayShape?
    public var opacity: Double = 1
    public var shadow: Shadow?
    /// Gaussian blur radius (σ) in points.
    public var blur: Double?
    public var children: [DisplayItem]
    /// The name the view was given with `id` (nil: none): a vector output names the group so.
    public var name: String? = nil
    /// A named view's identity (its place in the scene: child, branch, `ForEach` key, modifier;
    /// see `ViewID`): a vector output gives the group a class from it.
    public var identity: String? = nil
    /// Where the effect (opacity, shadow, blur) was written in a scene file, when it was: an
    /// error found while drawing it (an effect over budget) names that place.
    public var source: SourceLocation? = nil
    /// The colour scheme its colours are resolved in, whatever the list's (a view under
    /// `.environment(\.colorScheme, …)`); nil: the list's.
    public var colorScheme: ColorScheme? = nil
    public init(
        transform: Transform = .identity, clip: DisplayShape? = nil, opacity: Double = 1,
        shadow: Shadow? = nil, blur: Double? = nil, children: [DisplayItem], name: String? = nil, source: SourceLocation? = nil
    ) {
        self.transform = transform; self.clip = clip; self.opacity = opacity
        self.shadow = shadow; self.blur = blur; self.children = children; self.name = name; self.source = source
    }
}

/// A drop shadow: colour, Gaussian radius (σ, points) and offset.
public struct Shadow: Hashable, Sendable, Codable {
    public var color: Color
    public var radius: Double
    public var x: Double
    public var y: Double
    public init(color: Color, radius: Double, x: Double, y: Double) {
        self.color = color; self.radius = radius; self.x = x; self.y = y
    }
}

/// A shape placed in a rectangle.
public enum DisplayShape: Hashable, Sendable, Codable {
    case rect(Rect)
    /// A rounded rectangle; `continuous` is the squircle-like corner.
    case roundedRect(Rect, radius: Double, continuous: Bool)
    case ellipse(Rect)
    case capsule(Rect)
    /// Straight segments through the points (closed back to the first when `closed`): plot lines,
    /// touch trails, arrows.
    case polyline([Point], closed: Bool)

    public var bounds: Rect {
        switch self {
        case .rect(let r), .roundedRect(let r, _, _), .ellipse(let r), .capsule(let r): return r
        case .polyline(let points, _):
            guard let first = points.first else { return Rect(x: 0, y: 0, width: 0, height: 0) }
            var x0 = first.x, y0 = first.y, x1 = first.x, y1 = first.y
            for p in points { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
            return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
    }
}

/// A paragraph of text laid out in a frame.
public struct TextRun: Hashable, Sendable, Codable {
    public var text: String
    public var frame: Rect
    public var font: FontSpec
    /// The text's fill: a colour, or a gradient across the frame.
    public var paint: Paint
    public var alignment: TextAlignment
    /// At most this many lines, the last one truncated with an ellipsis (nil: no limit).
    public var lineLimit: Int?
    /// The exact width lines wrap and align in (the frame is snapped to pixels; this is not).
    public var layoutWidth: Double
    public init(text: String, frame: Rect, font: FontSpec, paint: Paint, alignment: TextAlignment, lineLimit: Int?, layoutWidth: Double? = nil) {
        self.text = text; self.frame = frame; self.font = font; self.paint = paint
        self.alignment = alignment; self.lineLimit = lineLimit; self.layoutWidth = layoutWidth ?? frame.width
    }
}

/// A bitmap asset drawn stretched into a frame.
public struct ImageDraw: Hashable, Sendable, Codable {
    /// The asset's resolved path.
    public var path: String
    public var frame: Rect
    /// An asset catalogue image's light and dark files, when they differ: ``path`` is the one of
    /// the colour scheme the item was last resolved in (light until then).
    public var appearances: ImageAppearances?
    public init(path: String, frame: Rect, appearances: ImageAppearances? = nil) {
        self.path = path; self.frame = frame; self.appearances = appearances
    }
}

/// The files of an image in light and in dark appearance (an image set's dark variant).
public struct ImageAppearances: Hashable, Sendable, Codable {
    public var light: String
    public var dark: String
    public init(light: String, dark: String) { self.light = light; self.dark = dark }

    /// The file drawn in `scheme`.
    public func path(in scheme: ColorScheme) -> String { scheme == .dark ? dark : light }
}

/// An icon drawn from layered glyphs of the icon font, centred in a frame.
public struct SymbolDraw: Hashable, Sendable, Codable {
    /// The symbol's name (SF Symbols naming).
    public var name: String
    public var layers: [SymbolLayer]
    public var frame: Rect
    /// The glyph em size in points.
    public var pointSize: Double
    public var paint: Paint
    public init(name: String, layers: [SymbolLayer], frame: Rect, pointSize: Double, paint: Paint) {
        self.name = name; self.layers = layers; self.frame = frame; self.pointSize = pointSize; self.paint = paint
    }
}

/// One glyph of a composed symbol, or one of Proofsheet's own drawings (``SymbolDrawings``):
/// scaled about and shifted from the frame's centre; a knockout layer erases what the layers
/// before it drew.
public struct SymbolLayer: Hashable, Sendable, Codable {
    public var codepoint: UInt32
    /// The own drawing drawn instead of a glyph.
    public var drawing: String?
    public var scale: Double
    public var dx: Double
    public var dy: Double
    public var knockout: Bool
    public init(_ codepoint: UInt32, scale: Double = 1, dx: Double = 0, dy: Double = 0, knockout: Bool = false) {
        self.codepoint = codepoint; self.scale = scale; self.dx = dx; self.dy = dy; self.knockout = knockout
    }
    public init(drawing: String, scale: Double = 1, dx: Double = 0, dy: Double = 0, knockout: Bool = false) {
        self.init(0, scale: scale, dx: dx, dy: dy, knockout: knockout)
        self.drawing = drawing
    }
}

// MARK: - Bounds

extension DisplayItem {
    /// The area the item may draw in (before shadows and blurs spread it), in the coordinates
    /// of the item's parent; nil when it draws nothing.
    public var bounds: Rect? {
        switch self {
        case .fill(let shape, _): return shape.bounds
        case .stroke(let shape, _, let w): return shape.bounds.insetBy(-w / 2)
        case .text(let t): return Rect(x: t.frame.minX, y: t.frame.minY, width: max(t.frame.width, t.layoutWidth), height: t.frame.height)
        case .image(let i): return i.frame
        case .symbol(let s): return s.frame
        case .material(let m): return m.shape.bounds
        case .group(let g):
            var r: Rect? = nil
            for c in g.children { if let b = c.bounds { r = r.map { $0.union(b) } ?? b } }
            if let clip = g.clip, let u = r { r = u.intersection(clip.bounds) }
            if let u = r, let s = g.shadow {
                let spread = 3 * s.radius
                r = u.union(u.offsetBy(dx: s.x, dy: s.y).insetBy(-spread))
            }
            if let u = r, let b = g.blur { r = u.insetBy(-3 * b) }
            return r.map { g.transform.isIdentity ? $0 : g.transform.apply($0) }
        }
    }
}

extension Rect {
    /// The smallest rectangle holding both.
    public func union(_ o: Rect) -> Rect {
        let x0 = min(minX, o.minX), y0 = min(minY, o.minY)
        return Rect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }
    /// The overlap of both (zero-sized when they do not meet).
    public func intersection(_ o: Rect) -> Rect {
        let x0 = max(minX, o.minX), y0 = max(minY, o.minY)
        return Rect(x: x0, y: y0, width: max(0, min(maxX, o.maxX) - x0), height: max(0, min(maxY, o.maxY) - y0))
    }
    /// Grown (negative `d`) or shrunk by `d` on every side.
    public func insetBy(_ d: Double) -> Rect {
        Rect(x: minX + d, y: minY + d, width: max(0, width - 2 * d), height: max(0, height - 2 * d))
    }
}

extension Transform {
    /// The bounding box of a transformed rectangle.
    public func apply(_ r: Rect) -> Rect {
        let pts = [
            apply(Point(x: r.minX, y: r.minY)), apply(Point(x: r.maxX, y: r.minY)),
            apply(Point(x: r.minX, y: r.maxY)), apply(Point(x: r.maxX, y: r.maxY))
        ]
        let xs = pts.map(\.x), ys = pts.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}

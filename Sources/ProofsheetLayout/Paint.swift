import ProofsheetCore
import ProofsheetScene

/// The device pixel grid of a canvas: `scale` pixels per point.
public struct PixelGrid: Hashable, Sendable {
    public let scale: Double
    public init(scale: Double) { self.scale = scale }

    /// `r` with its edges snapped to the nearest device pixel.
    public func snap(_ r: Rect) -> Rect {
        func s(_ v: Double) -> Double { (v * scale).rounded() / scale }
        let x0 = s(r.minX), y0 = s(r.minY), x1 = s(r.maxX), y1 = s(r.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension DisplayList {
    /// The drawing of a laid-out tree: every frame is snapped to the pixel grid here, once.
    public init(painting tree: ResolvedView, size: Size, background: Color?, scale: Double) {
        self.init(size: size, background: background, items: paint(tree, PixelGrid(scale: scale)))
    }
}

extension LayoutNode {
    /// The outline of a laid-out tree, frames snapped to the pixel grid (where they are drawn).
    public init(_ tree: ResolvedView, grid: PixelGrid) {
        self.init(name: tree.name, id: tree.id, frame: grid.snap(tree.frame), children: tree.children.map { LayoutNode($0, grid: grid) })
    }
}

/// The display items of a view and everything inside it.
private func paint(_ v: ResolvedView, _ grid: PixelGrid) -> [DisplayItem] {
    if v.effects.hidden { return [] }
    let frame = grid.snap(v.frame)
    var items: [DisplayItem]
    switch v.content {
    case .children:
        items = v.children.flatMap { paint($0, grid) }
    case .zOrdered:
        items = paintOrder(v.children).flatMap { paint($0, grid) }
    case .layer(let overlay):
        let view = v.children.first.map { paint($0, grid) } ?? []
        let layer = v.children.dropFirst().flatMap { paint($0, grid) }
        items = overlay ? view + layer : layer + view
    case .text(let t):
        items = [
            .text(
                TextRun(
                    text: t.text, frame: frame, font: t.font, paint: t.paint, alignment: t.alignment, lineLimit: t.lineLimit,
                    layoutWidth: v.frame.width + 0.01))
        ]
    case .image(let path, let appearances):
        items = [.image(ImageDraw(path: path, frame: frame, appearances: appearances))]
    case .symbol(let s):
        items = [.symbol(SymbolDraw(name: s.name, layers: s.layers, frame: frame, pointSize: s.pointSize, paint: s.paint))]
    case .shape(let s):
        items = shape(s, in: frame)
    case .picture(let list):
        items = picture(list, in: frame)
    case .material(let m):
        items =
            frame.width > 0 && frame.height > 0
            ? [.material(MaterialDraw(material: m.material, shape: displayShape(m.kind, in: frame), source: v.source))] : []
    }
    var drawn = applying(v.effects, in: frame, to: items, source: v.source)
    if let scheme = v.traits.colorScheme, !drawn.isEmpty {
        var g = DisplayGroup(children: drawn)
        g.colorScheme = scheme
        drawn = [.group(g)]
    }
    // A named view's drawing is a named group (its outermost effect's group when it has one), so
    // that an SVG's layers carry the name.
    guard let name = v.id, !drawn.isEmpty else { return drawn }
    if drawn.count == 1, case .group(var g) = drawn[0], g.name == nil {
        g.name = name
        g.identity = v.identity.description
        return [.group(g)]
    }
    var named = DisplayGroup(children: drawn, name: name)
    named.identity = v.identity.description
    return [.group(named)]
}

/// A shape filled, or outlined, in its (snapped) frame; nothing when the frame is empty.
private func shape(_ s: ResolvedView.ShapeContent, in frame: Rect) -> [DisplayItem] {
    guard frame.width > 0, frame.height > 0 else { return [] }
    if let outline = s.outline {
        let r = outline.inside ? frame.insetBy(outline.width / 2) : frame
        var k = s.kind
        if case .roundedRectangle(let radius, let c) = s.kind, outline.inside {
            k = .roundedRectangle(radius: max(0, radius - outline.width / 2), continuous: c)
        }
        return [.stroke(displayShape(k, in: r), s.paint, lineWidth: outline.width)]
    }
    return [.fill(displayShape(s.kind, in: frame), s.paint)]
}

/// An embedded drawing scaled into `frame`, clipped to its own bounds, its background under it.
private func picture(_ list: DisplayList, in frame: Rect) -> [DisplayItem] {
    guard frame.width > 0, frame.height > 0, list.size.width > 0, list.size.height > 0 else { return [] }
    let bounds = Rect(x: 0, y: 0, width: list.size.width, height: list.size.height)
    let background: [DisplayItem] = list.background.map { [.fill(.rect(bounds), .color($0))] } ?? []
    let t = Transform.scale(frame.width / list.size.width, frame.height / list.size.height)
        .concatenating(.translation(frame.minX, frame.minY))
    return [.group(DisplayGroup(transform: t, clip: .rect(bounds), children: background + list.items))]
}

/// `items` wrapped in a group per effect, from the inside out: opacity, shadow, blur, clip,
/// rotation, scale, offset. Effects at their defaults add no group. The groups that draw
/// offscreen (opacity, shadow, blur) carry the place the effect was written.
private func applying(_ e: ResolvedView.Effects, in frame: Rect, to items: [DisplayItem], source: SourceLocation?) -> [DisplayItem] {
    var inner = items
    if !(e.opacity >= 1) { inner = e.opacity <= 0 ? [] : [.group(DisplayGroup(opacity: e.opacity, children: inner, source: source))] }
    if let s = e.shadow { inner = [.group(DisplayGroup(shadow: s, children: inner, source: source))] }
    if !(e.blur <= 0) { inner = [.group(DisplayGroup(blur: e.blur, children: inner, source: source))] }
    if let kind = e.clip { inner = [.group(DisplayGroup(clip: displayShape(kind, in: frame), children: inner))] }
    if !e.rotation.isIdentity {
        let t = Transform.about(frame.point(at: e.rotation.anchor), .rotation(degrees: e.rotation.degrees))
        inner = [.group(DisplayGroup(transform: t, children: inner))]
    }
    if !e.scale.isIdentity {
        inner = [.group(DisplayGroup(transform: .about(frame.point(at: e.scale.anchor), .scale(e.scale.x, e.scale.y)), children: inner))]
    }
    if e.offset != .zero { inner = [.group(DisplayGroup(transform: .translation(e.offset.x, e.offset.y), children: inner))] }
    return inner
}

/// Views in paint order: by zIndex, ties in declaration order.
func paintOrder(_ views: [ResolvedView]) -> [ResolvedView] {
    views.enumerated().sorted { a, b in
        a.element.zIndex != b.element.zIndex ? a.element.zIndex < b.element.zIndex : a.offset < b.offset
    }.map(\.element)
}

/// The display form of a shape kind placed in a rectangle (circles are centred squares).
/// The display shape of `kind` placed in `r` (a circle centred in it).
public func displayShape(_ kind: ShapeKind, in r: Rect) -> DisplayShape {
    switch kind {
    case .rectangle: return .rect(r)
    case .roundedRectangle(let radius, let cont): return .roundedRect(r, radius: radius, continuous: cont)
    case .ellipse: return .ellipse(r)
    case .capsule: return .capsule(r)
    case .circle:
        let d = min(r.width, r.height)
        return .ellipse(Rect(x: r.minX + (r.width - d) / 2, y: r.minY + (r.height - d) / 2, width: d, height: d))
    }
}

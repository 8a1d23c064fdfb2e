import ProofsheetCore

/// Shared state of one layout pass: the canvas, the pixel grid, the services.
final class LayoutContext {
    let scale: Double
    let canvas: Rect
    let safeRect: Rect
    init(scale: Double, canvas: Rect, safeRect: Rect) {
        self.scale = scale; self.canvas = canvas; self.safeRect = safeRect
    }
    /// `r` with its edges snapped to the nearest device pixel.
    func snap(_ r: Rect) -> Rect {
        func s(_ v: Double) -> Double { (v * scale).rounded() / scale }
        let x0 = s(r.minX), y0 = s(r.minY), x1 = s(r.maxX), y1 = s(r.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// A node of the layout tree: answers size proposals, is placed, then paints itself.
class Element {
    /// A short description for the layout dump ("VStack", "Text \"Hi\"", "padding").
    let name: String
    /// The name given with `.id(…)`.
    var id: String?
    /// The exact rectangle it was placed in (canvas coordinates, points).
    var exact = Rect.zero
    /// `exact` snapped to the pixel grid: where it is drawn.
    var frame = Rect.zero
    var zIndex: Double = 0
    var layoutPriority: Double = 0
    private var cache: [Proposal: Size] = [:]

    init(name: String) { self.name = name }

    /// The children shown in the layout dump.
    var children: [Element] { [] }
    /// Whether this is a `Spacer` (stacks put no spacing next to one).
    var isSpacer: Bool { false }

    /// The size chosen for a proposal (memoised).
    final func size(_ p: Proposal) -> Size {
        if let s = cache[p] { return s }
        let s = sizeThatFits(p)
        cache[p] = s
        return s
    }

    /// Subclasses: the size for a proposal.
    func sizeThatFits(_ p: Proposal) -> Size { .zero }

    /// Places the element in `rect` (its chosen size at its position), then its children.
    final func place(_ rect: Rect, _ ctx: LayoutContext) throws {
        exact = rect
        frame = ctx.snap(rect)
        try placeChildren(ctx)
    }

    /// Subclasses: place children inside `exact`.
    func placeChildren(_ ctx: LayoutContext) throws {}

    /// Subclasses: the drawing of this element and its children.
    func paint() -> [DisplayItem] { [] }

    /// The rectangle of size `size` aligned inside `exact` by `alignment`.
    final func aligned(_ size: Size, in rect: Rect, _ alignment: Alignment) -> Rect {
        Rect(
            x: rect.minX + (rect.width - size.width) * alignment.x,
            y: rect.minY + (rect.height - size.height) * alignment.y,
            width: size.width, height: size.height)
    }
}

/// An element that wraps one child (most modifiers); it carries the child's traits.
class WrapperElement: Element {
    let child: Element
    init(name: String, child: Element) {
        self.child = child
        super.init(name: name)
        zIndex = child.zIndex
        layoutPriority = child.layoutPriority
    }
    override var children: [Element] { [child] }
    override func sizeThatFits(_ p: Proposal) -> Size { child.size(p) }
    override func placeChildren(_ ctx: LayoutContext) throws { try child.place(exact, ctx) }
    override func paint() -> [DisplayItem] { child.paint() }
}

/// Children in paint order: by zIndex, ties in declaration order.
func paintOrder(_ elements: [Element]) -> [Element] {
    elements.enumerated().sorted { a, b in
        a.element.zIndex != b.element.zIndex ? a.element.zIndex < b.element.zIndex : a.offset < b.offset
    }.map(\.element)
}

import ProofsheetCore
import ProofsheetScene

/// Shared state of one layout pass: the canvas and the safe area.
final class LayoutContext {
    let canvas: Rect
    let safeRect: Rect
    /// The elements being placed, outermost first: each one's rectangle when it lays out right
    /// to left (its children are mirrored in it), nil when left to right.
    var parents: [Rect?] = []
    init(canvas: Rect, safeRect: Rect) {
        self.canvas = canvas; self.safeRect = safeRect
    }
}

/// A node of the layout tree: answers size proposals, is placed, then resolves into a value.
class Element {
    /// A short description for the layout dump ("VStack", "Text \"Hi\"", "padding").
    let name: String
    /// The name given with `.id(…)`.
    var id: String?
    /// Its place in the scene tree (set by the builder).
    var identity = ViewID.root
    /// The exact rectangle it was placed in (canvas coordinates, points).
    var exact = Rect.zero
    /// The proposal its size was chosen for (what its parent proposed).
    var proposal = Proposal.unspecified
    var zIndex: Double = 0
    var layoutPriority: Double = 0
    /// What motion and touches read of the element (see ``ResolvedView/Traits``).
    var traits = ResolvedView.Traits()
    /// Where a drawing effect or material was written in a scene file (see ``ResolvedView/source``).
    var source: SourceLocation?
    /// Whether it is laid out right to left: its children's places in it are mirrored (SwiftUI
    /// "horizontally flips the x position of each view within its parent").
    var rightToLeft = false
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

    /// Places the element in `rect`, its size chosen for `proposal` at its position, then its
    /// children.
    final func place(_ rect: Rect, _ proposal: Proposal, _ ctx: LayoutContext) throws {
        var rect = rect
        if let parent = ctx.parents.last ?? nil { rect.origin.x = parent.minX + parent.maxX - rect.maxX }
        exact = rect
        self.proposal = proposal
        ctx.parents.append(rightToLeft ? rect : nil)
        defer { ctx.parents.removeLast() }
        try placeChildren(ctx)
    }

    /// Subclasses: place children inside `exact`, each with the proposal its size was chosen for.
    func placeChildren(_ ctx: LayoutContext) throws {}

    /// Subclasses: the guide `g` at `size` (from the top-leading corner) when something inside
    /// sets it — an `alignmentGuide`, a text's baselines — else nil (the default applies).
    func explicitGuide(_ g: AlignmentGuide, _ size: Size) -> Double? { nil }

    /// Subclasses: what the element draws, or how it draws its children.
    var content: ResolvedView.Content { .children }
    /// Subclasses: the drawing effects of the element.
    var effects: ResolvedView.Effects { ResolvedView.Effects() }

    /// The placed element and its children as a value.
    final func resolve() -> ResolvedView {
        var v = ResolvedView(
            identity: identity, name: name, id: id, frame: exact, zIndex: zIndex, effects: effects, content: content,
            children: children.map { $0.resolve() })
        v.traits = traits
        if rightToLeft { v.traits.layoutDirection = .rightToLeft }
        v.source = source
        return v
    }

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
    override func placeChildren(_ ctx: LayoutContext) throws { try child.place(exact, proposal, ctx) }

    /// Where the child goes in an element of `size` (relative to its corner), for passing the
    /// child's explicit guides on: the whole rectangle unless the element places it otherwise.
    func childRect(in size: Size) -> Rect { Rect(origin: .zero, size: size) }

    override func explicitGuide(_ g: AlignmentGuide, _ size: Size) -> Double? {
        // Memoised like sizes: a frame's child rectangle asks the child for both guides, so
        // without it a chain of n wrappers would ask its innermost view 3ⁿ times.
        let key = GuideKey(guide: g, size: size)
        if let known = guides[key] { return known }
        let r = childRect(in: size)
        let value = child.explicitGuide(g, r.size).map { $0 + (g.isHorizontal ? r.minX : r.minY) }
        guides[key] = value
        return value
    }

    private struct GuideKey: Hashable {
        let guide: AlignmentGuide
        let size: Size
    }
    private var guides: [GuideKey: Double?] = [:]
}

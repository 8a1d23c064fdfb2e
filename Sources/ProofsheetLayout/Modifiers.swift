import ProofsheetCore
import ProofsheetScene

/// `padding`: proposes less by the insets, answers more by them.
final class PaddingElement: WrapperElement {
    let insets: EdgeInsets
    init(insets: EdgeInsets, child: Element) {
        self.insets = insets
        super.init(name: "padding", child: child)
    }
    override func sizeThatFits(_ p: Proposal) -> Size {
        let inner = Proposal(
            width: p.width.map { max(0, $0 - insets.horizontal) }, height: p.height.map { max(0, $0 - insets.vertical) })
        let s = child.size(inner)
        return Size(width: s.width + insets.horizontal, height: s.height + insets.vertical)
    }
    override func placeChildren(_ ctx: LayoutContext) throws {
        let r = Rect(
            x: exact.minX + insets.leading, y: exact.minY + insets.top,
            width: max(0, exact.width - insets.horizontal), height: max(0, exact.height - insets.vertical))
        let p = Proposal(r.size)
        try child.place(aligned(child.size(p), in: r, .center), p, ctx)
    }
    override func childRect(in size: Size) -> Rect {
        let r = Rect(
            x: insets.leading, y: insets.top, width: max(0, size.width - insets.horizontal), height: max(0, size.height - insets.vertical))
        return aligned(child.size(Proposal(r.size)), in: r, .center)
    }
}

/// `frame(width:height:alignment:)`: a fixed size on the given axes, the child's elsewhere.
final class FixedFrameElement: WrapperElement {
    let width: Double?, height: Double?
    let alignment: Alignment
    init(width: Double?, height: Double?, alignment: Alignment, child: Element) {
        self.width = width; self.height = height; self.alignment = alignment
        super.init(name: "frame", child: child)
    }
    override func sizeThatFits(_ p: Proposal) -> Size {
        if let width, let height { return Size(width: width, height: height) }
        let s = child.size(Proposal(width: width ?? p.width, height: height ?? p.height))
        return Size(width: width ?? s.width, height: height ?? s.height)
    }
    override func placeChildren(_ ctx: LayoutContext) throws {
        let p = Proposal(exact.size)
        try child.place(alignedByGuides(child, child.size(p), in: exact, alignment), p, ctx)
    }
    override func childRect(in size: Size) -> Rect {
        alignedByGuides(child, child.size(Proposal(size)), in: Rect(origin: .zero, size: size), alignment)
    }
}

/// `frame(minWidth:…maxHeight:alignment:)`: clamps the proposal and the answer (SwiftUI's rules).
final class FlexFrameElement: WrapperElement {
    let f: FlexFrame
    init(_ f: FlexFrame, child: Element) {
        self.f = f
        super.init(name: "flexFrame", child: child)
    }
    private func clamp(_ v: Double, _ lo: Double?, _ hi: Double?) -> Double {
        var x = v
        if let lo { x = max(x, lo) }
        if let hi { x = min(x, hi) }
        return x
    }
    private func childProposal(_ p: Proposal) -> Proposal {
        Proposal(
            width: p.width.map { clamp($0, f.minWidth, f.maxWidth) } ?? f.idealWidth,
            height: p.height.map { clamp($0, f.minHeight, f.maxHeight) } ?? f.idealHeight)
    }
    private func axisSize(child: Double, proposed: Double?, min lo: Double?, max hi: Double?) -> Double {
        guard lo != nil || hi != nil else { return child }
        let prop = proposed ?? child
        var r = child
        if let lo { r = max(lo, min(r, prop)) }
        if let hi { r = min(hi, max(r, prop)) }
        return r
    }
    override func sizeThatFits(_ p: Proposal) -> Size {
        let cp = childProposal(p)
        let s = child.size(cp)
        return Size(
            width: axisSize(child: s.width, proposed: p.width ?? f.idealWidth, min: f.minWidth, max: f.maxWidth),
            height: axisSize(child: s.height, proposed: p.height ?? f.idealHeight, min: f.minHeight, max: f.maxHeight))
    }
    override func placeChildren(_ ctx: LayoutContext) throws {
        let p = childProposal(Proposal(exact.size))
        try child.place(alignedByGuides(child, child.size(p), in: exact, f.alignment), p, ctx)
    }
    override func childRect(in size: Size) -> Rect {
        let p = childProposal(Proposal(size))
        return alignedByGuides(child, child.size(p), in: Rect(origin: .zero, size: size), f.alignment)
    }
}

/// `aspectRatio(_:contentMode:)`: proposes the largest (fit) or smallest (fill) size of the
/// ratio for the proposal; the child's own ideal ratio when none is given.
final class AspectRatioElement: WrapperElement {
    let ratio: Double?
    let mode: ContentMode
    init(ratio: Double?, mode: ContentMode, child: Element) {
        self.ratio = ratio; self.mode = mode
        super.init(name: mode == .fill ? "aspectFill" : "aspectFit", child: child)
    }
    private func target(_ p: Proposal) -> Proposal {
        let ideal = child.size(.unspecified)
        let r = ratio ?? (ideal.height > 0 ? ideal.width / ideal.height : 1)
        guard r > 0, r.isFinite else { return p }
        switch (p.width, p.height) {
        case (nil, nil):
            // The child's ideal size, reshaped to the ratio keeping its width.
            return Proposal(width: ideal.width, height: ideal.width / r)
        case (let w?, nil): return Proposal(width: w, height: w / r)
        case (nil, let h?): return Proposal(width: h * r, height: h)
        case (let w?, let h?):
            let wider = (h == 0 ? Double.infinity : w / h) > r
            if (mode == .fit) == wider { return Proposal(width: h * r, height: h) }
            return Proposal(width: w, height: w / r)
        }
    }
    override func sizeThatFits(_ p: Proposal) -> Size { child.size(target(p)) }
    /// The child is placed with what its size was chosen for — the ratio applied to the proposal
    /// this view was given, not to its own final size (a text narrower than the ratio's box would
    /// otherwise be offered less again, and wrap).
    override func placeChildren(_ ctx: LayoutContext) throws {
        let p = target(proposal)
        try child.place(aligned(child.size(p), in: exact, .center), p, ctx)
    }
}

/// `background` / `overlay`: a second view proposed the child's size, aligned to it — the
/// layer's guide on the view's same guide, so an `alignmentGuide` on either moves the layer (a
/// badge nudged past a corner).
final class LayerElement: WrapperElement {
    let layer: Element
    let alignment: Alignment
    let isOverlay: Bool
    init(child: Element, layer: Element, alignment: Alignment, isOverlay: Bool) {
        self.layer = layer; self.alignment = alignment; self.isOverlay = isOverlay
        super.init(name: isOverlay ? "overlay" : "background", child: child)
    }
    override var children: [Element] { [child, layer] }
    override func placeChildren(_ ctx: LayoutContext) throws {
        try child.place(exact, proposal, ctx)
        let p = Proposal(exact.size)
        let s = layer.size(p)
        var r = aligned(s, in: exact, alignment)
        let h = AlignmentGuide.horizontal(alignment.x), v = AlignmentGuide.vertical(alignment.y)
        let (bx, lx) = (child.explicitGuide(h, exact.size), layer.explicitGuide(h, s))
        if bx != nil || lx != nil { r.origin.x = exact.minX + (bx ?? h.defaultValue(exact.size)) - (lx ?? h.defaultValue(s)) }
        let (by, ly) = (child.explicitGuide(v, exact.size), layer.explicitGuide(v, s))
        if by != nil || ly != nil { r.origin.y = exact.minY + (by ?? v.defaultValue(exact.size)) - (ly ?? v.defaultValue(s)) }
        try layer.place(r, p, ctx)
    }
    override var content: ResolvedView.Content { .layer(overlay: isOverlay) }
}

/// `safeAreaInset(edge:alignment:spacing:content:)`: the content at its ideal size across the
/// edge (the width offered along it), at that edge of the element; the view proposed what is
/// left after the content and the spacing, and placed there, its safe area ending where the
/// content (less the spacing) begins, so a view inside that ignores the safe area reaches under
/// the content to the screen's edge. The element is the view and the content together.
final class SafeAreaInsetElement: WrapperElement {
    let edge: SafeAreaEdge
    let alignment: Double
    let spacing: Double
    let inset: Element
    init(edge: SafeAreaEdge, alignment: Double, spacing: Double, child: Element, content: Element) {
        self.edge = edge; self.alignment = alignment; self.spacing = spacing; self.inset = content
        super.init(name: "safeAreaInset", child: child)
    }
    override var children: [Element] { [child, inset] }

    /// The content's size for a proposal of the whole element.
    private func contentSize(_ p: Proposal) -> Size {
        inset.size(edge.isVertical ? Proposal(width: p.width, height: nil) : Proposal(width: nil, height: p.height))
    }
    /// The view's proposal: the element's, less the content and the spacing across the edge.
    private func viewProposal(_ p: Proposal, _ c: Size) -> Proposal {
        edge.isVertical
            ? Proposal(width: p.width, height: p.height.map { max(0, $0 - c.height - spacing) })
            : Proposal(width: p.width.map { max(0, $0 - c.width - spacing) }, height: p.height)
    }
    override func sizeThatFits(_ p: Proposal) -> Size {
        let c = contentSize(p)
        let v = child.size(viewProposal(p, c))
        return edge.isVertical
            ? Size(width: max(v.width, c.width), height: v.height + spacing + c.height)
            : Size(width: v.width + spacing + c.width, height: max(v.height, c.height))
    }
    override func placeChildren(_ ctx: LayoutContext) throws {
        let c = contentSize(proposal)
        let p = viewProposal(proposal, c)
        let r = exact
        var viewRect = r, contentRect = r
        var safe = ctx.safeRect
        switch edge {
        case .bottom:
            viewRect = Rect(x: r.minX, y: r.minY, width: r.width, height: max(0, r.height - c.height - spacing))
            contentRect = Rect(x: r.minX + (r.width - c.width) * alignment, y: r.maxY - c.height, width: c.width, height: c.height)
            safe = Rect(x: safe.minX, y: safe.minY, width: safe.width, height: max(0, min(safe.maxY, viewRect.maxY) - safe.minY))
        case .top:
            viewRect = Rect(x: r.minX, y: r.minY + c.height + spacing, width: r.width, height: max(0, r.height - c.height - spacing))
            contentRect = Rect(x: r.minX + (r.width - c.width) * alignment, y: r.minY, width: c.width, height: c.height)
            let top = max(safe.minY, viewRect.minY)
            safe = Rect(x: safe.minX, y: top, width: safe.width, height: max(0, safe.maxY - top))
        case .leading:
            viewRect = Rect(x: r.minX + c.width + spacing, y: r.minY, width: max(0, r.width - c.width - spacing), height: r.height)
            contentRect = Rect(x: r.minX, y: r.minY + (r.height - c.height) * alignment, width: c.width, height: c.height)
            let left = max(safe.minX, viewRect.minX)
            safe = Rect(x: left, y: safe.minY, width: max(0, safe.maxX - left), height: safe.height)
        case .trailing:
            viewRect = Rect(x: r.minX, y: r.minY, width: max(0, r.width - c.width - spacing), height: r.height)
            contentRect = Rect(x: r.maxX - c.width, y: r.minY + (r.height - c.height) * alignment, width: c.width, height: c.height)
            safe = Rect(x: safe.minX, y: safe.minY, width: max(0, min(safe.maxX, viewRect.maxX) - safe.minX), height: safe.height)
        }
        let inner = LayoutContext(canvas: ctx.canvas, safeRect: safe)
        try child.place(aligned(child.size(p), in: viewRect, .center), p, inner)
        try inset.place(
            contentRect, edge.isVertical ? Proposal(width: proposal.width, height: nil) : Proposal(width: nil, height: proposal.height), ctx)
    }
}

/// `ignoresSafeArea`: its view is proposed the region grown by the safe area on the edges
/// it ignores; where its frame meets the safe area's edge, it grows to the canvas edge.
///
/// NB: SwiftUI hands each view the safe-area insets of the edges its frame actually reaches,
/// as they are left after the containers around it. Here, while sizing, a view is assumed to
/// reach every edge it ignores: the proposal is grown by the scene's whole insets on those edges
/// and the answer shrunk by them again, so a view that ends up away from the edge (inside
/// padding, or centred and smaller than the safe area) was sized as if it had those points more.
/// Placing only grows the frame where it meets the scene's safe area.
final class SafeAreaElement: WrapperElement {
    let edges: Edges
    /// The scene's safe-area insets on the ignored edges (0 on the others).
    let insets: EdgeInsets
    init(edges: Edges, safeArea: EdgeInsets, child: Element) {
        self.edges = edges
        insets = EdgeInsets(
            top: edges.contains(.top) ? safeArea.top : 0, leading: edges.contains(.leading) ? safeArea.leading : 0,
            bottom: edges.contains(.bottom) ? safeArea.bottom : 0, trailing: edges.contains(.trailing) ? safeArea.trailing : 0)
        super.init(name: "ignoresSafeArea", child: child)
    }
    override func sizeThatFits(_ p: Proposal) -> Size {
        // An unspecified axis stays unspecified: the view's ideal size is its answer there.
        let grown = Proposal(width: p.width.map { $0 + insets.horizontal }, height: p.height.map { $0 + insets.vertical })
        let s = child.size(grown)
        return Size(
            width: p.width == nil ? s.width : max(0, s.width - insets.horizontal),
            height: p.height == nil ? s.height : max(0, s.height - insets.vertical))
    }
    override func placeChildren(_ ctx: LayoutContext) throws {
        var r = exact
        let safe = ctx.safeRect, canvas = ctx.canvas
        let eps = 0.5
        if edges.contains(.top), abs(r.minY - safe.minY) < eps {
            r = Rect(x: r.minX, y: canvas.minY, width: r.width, height: r.maxY - canvas.minY)
        }
        if edges.contains(.bottom), abs(r.maxY - safe.maxY) < eps {
            r = Rect(x: r.minX, y: r.minY, width: r.width, height: canvas.maxY - r.minY)
        }
        if edges.contains(.leading), abs(r.minX - safe.minX) < eps {
            r = Rect(x: canvas.minX, y: r.minY, width: r.maxX - canvas.minX, height: r.height)
        }
        if edges.contains(.trailing), abs(r.maxX - safe.maxX) < eps {
            r = Rect(x: r.minX, y: r.minY, width: canvas.maxX - r.minX, height: r.height)
        }
        exact = r
        let p = Proposal(r.size)
        try child.place(aligned(child.size(p), in: r, .center), p, ctx)
    }
}

/// Drawing effects that never change layout: offset, scale, rotation, opacity, clip, shadow,
/// blur, hidden. Also the traits zIndex, layoutPriority and id.
final class EffectElement: WrapperElement {
    enum Effect {
        case offset(Double, Double)
        case scale(Double, Double, UnitPoint)
        case rotation(Double, UnitPoint)
        case opacity(Double)
        case clip(ShapeKind)
        case shadow(Shadow)
        case blur(Double)
        case hidden
        case trait
    }
    let effect: Effect
    init(_ effect: Effect, name: String, child: Element) {
        self.effect = effect
        super.init(name: name, child: child)
    }
    override var effects: ResolvedView.Effects {
        var e = ResolvedView.Effects()
        switch effect {
        case .trait: break
        case .hidden: e.hidden = true
        case .offset(let x, let y): e.offset = Point(x: x, y: y)
        case .scale(let x, let y, let anchor): e.scale = .init(x: x, y: y, anchor: anchor)
        case .rotation(let deg, let anchor): e.rotation = .init(degrees: deg, anchor: anchor)
        case .opacity(let o): e.opacity = o
        case .clip(let kind): e.clip = kind
        case .shadow(let s): e.shadow = s
        case .blur(let r): e.blur = r
        }
        return e
    }
}

/// `fixedSize(horizontal:vertical:)`: on a fixed axis the child is proposed nothing (its ideal
/// size) and the element is as large as the child chooses, whatever it is offered; the child is
/// centred in the element's frame. Other axes pass through.
final class FixedSizeElement: WrapperElement {
    let horizontal: Bool, vertical: Bool
    init(horizontal: Bool, vertical: Bool, child: Element) {
        self.horizontal = horizontal; self.vertical = vertical
        super.init(name: "fixedSize", child: child)
    }
    private func childProposal(_ p: Proposal) -> Proposal {
        Proposal(width: horizontal ? nil : p.width, height: vertical ? nil : p.height)
    }
    override func sizeThatFits(_ p: Proposal) -> Size { child.size(childProposal(p)) }
    override func placeChildren(_ ctx: LayoutContext) throws {
        let p = childProposal(proposal)
        try child.place(aligned(child.size(p), in: exact, .center), p, ctx)
    }
    override func childRect(in size: Size) -> Rect {
        aligned(child.size(childProposal(Proposal(size))), in: Rect(origin: .zero, size: size), .center)
    }
}

/// `position(x:y:)`: takes all it is offered (10 pt on an axis offered nothing, as SwiftUI) and
/// puts the child's centre at (x, y) from its top-leading corner; the child is proposed the same.
final class PositionElement: WrapperElement {
    let x: Double, y: Double
    init(x: Double, y: Double, child: Element) {
        self.x = x; self.y = y
        super.init(name: "position", child: child)
    }
    override func sizeThatFits(_ p: Proposal) -> Size { p.replacingUnspecified(by: Size(width: 10, height: 10)) }
    override func placeChildren(_ ctx: LayoutContext) throws {
        let s = child.size(proposal)
        try child.place(
            Rect(x: exact.minX + x - s.width / 2, y: exact.minY + y - s.height / 2, width: s.width, height: s.height), proposal, ctx)
    }
}

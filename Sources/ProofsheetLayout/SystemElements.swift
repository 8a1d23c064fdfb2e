import ProofsheetCore
import ProofsheetScene

/// `ScrollView`: as large as it is offered (its content's size on an axis offered nothing),
/// its content proposed its ideal length along the scroll axis and the offered length across
/// it, placed at the start of the scroll axis moved back by the content offset, centred across,
/// and clipped to the scroll view's frame.
final class ScrollElement: Element {
    let axis: Axis
    let offset: Double
    let scrolled: Element
    init(axis: Axis, offset: Double, content: Element) {
        self.axis = axis; self.offset = offset; self.scrolled = content
        super.init(name: axis == .vertical ? "ScrollView" : "ScrollView(.horizontal)")
    }
    override var children: [Element] { [scrolled] }

    /// What the content is offered: nothing along the scroll axis (its ideal length).
    private func contentProposal(_ p: Proposal) -> Proposal {
        var q = p
        q[axis] = nil
        if let w = q.width, !w.isFinite { q.width = nil }
        if let h = q.height, !h.isFinite { q.height = nil }
        return q
    }
    /// Along its axis, what it is offered (its content's length when offered nothing); across
    /// it, its content's size up to what it is offered — no wider than a narrow content, as
    /// SwiftUI's scroll views are.
    override func sizeThatFits(_ p: Proposal) -> Size {
        let c = scrolled.size(contentProposal(p))
        func pick(_ offered: Double?, _ own: Double) -> Double {
            guard let offered, offered.isFinite else { return own }
            return offered
        }
        func across(_ offered: Double?, _ own: Double) -> Double {
            guard let offered, offered.isFinite else { return own }
            return min(offered, own)
        }
        return axis == .vertical
            ? Size(width: across(p.width, c.width), height: pick(p.height, c.height))
            : Size(width: pick(p.width, c.width), height: across(p.height, c.height))
    }
    override func placeChildren(_ ctx: LayoutContext) throws {
        let q = contentProposal(proposal)
        let s = scrolled.size(q)
        var r = aligned(s, in: exact, axis == .vertical ? .top : .leading)
        if axis == .vertical { r.origin.y -= offset } else { r.origin.x -= offset }
        try scrolled.place(r, q, ctx)
    }
    override var effects: ResolvedView.Effects {
        var e = ResolvedView.Effects()
        e.clip = .rectangle
        return e
    }
}

/// `Divider`: one pixel thick (`thickness`, in points) across its stack's axis, as long as
/// offered along the other; horizontal outside an `HStack`.
final class DividerElement: Element {
    /// The axis of the stack it is in; nil outside stacks (a horizontal line).
    var axis: Axis?
    let thickness: Double
    init(thickness: Double) {
        self.thickness = thickness
        super.init(name: "Divider")
    }
    override func sizeThatFits(_ p: Proposal) -> Size {
        func length(_ v: Double?) -> Double { v.flatMap { $0.isFinite ? $0 : nil } ?? 0 }
        if axis == .horizontal { return Size(width: thickness, height: length(p.height)) }
        return Size(width: length(p.width), height: thickness)
    }
    override var content: ResolvedView.Content {
        .shape(ResolvedView.ShapeContent(kind: .rectangle, paint: .color(SystemMetrics.separator)))
    }
}

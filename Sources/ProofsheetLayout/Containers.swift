import ProofsheetCore

/// `VStack` / `HStack`: SwiftUI's distribution of space along the axis.
///
/// Each child's flexibility is the difference between its sizes for a zero and an infinite
/// proposal. Space goes to higher layout priority first; within a priority, least flexible
/// first, each child offered the remaining space divided by the children left; spacers come
/// after the other views of their priority, and a view that is not infinitely flexible is
/// offered the space less the spacers' minimum lengths, divided by the other views left.
final class StackElement: Element {
    let axis: Axis
    let alignment: Double
    let spacing: Double
    let items: [Element]

    init(axis: Axis, alignment: Double, spacing: Double?, children: [Element]) {
        self.axis = axis; self.alignment = alignment; self.spacing = spacing ?? 8; self.items = children
        super.init(name: axis == .vertical ? "VStack" : "HStack")
        // A spacer stretches along its stack's axis, under any modifiers too.
        for c in children {
            var e: Element = c
            while let w = e as? WrapperElement { e = w.child }
            (e as? SpacerElement)?.axis = axis
        }
    }
    override var children: [Element] { items }

    private var totalSpacing: Double {
        guard items.count > 1 else { return 0 }
        var t = 0.0
        for k in 1..<items.count where !items[k - 1].isSpacer && !items[k].isSpacer { t += spacing }
        return t
    }

    private func spacingBefore(_ k: Int) -> Double {
        k == 0 || items[k - 1].isSpacer || items[k].isSpacer ? 0 : spacing
    }

    /// What each child is proposed for a proposal to the stack, and the size it chooses.
    private func distribute(_ p: Proposal) -> [(proposal: Proposal, size: Size)] {
        let cross = p[axis.cross]
        func proposal(_ main: Double?) -> Proposal {
            var q = Proposal.unspecified
            q[axis] = main
            q[axis.cross] = cross
            return q
        }
        guard let available = p[axis] else { return items.map { (proposal(nil), $0.size(proposal(nil))) } }
        var out = [(proposal: Proposal, size: Size)](repeating: (.unspecified, .zero), count: items.count)
        let flex = items.map { c -> Double in
            let lo = c.size(proposal(0))[axis], hi = c.size(proposal(.infinity))[axis]
            return hi - lo
        }
        let minimum = items.map { $0.size(proposal(0))[axis] }
        var remaining = available - totalSpacing
        let priorities = Set(items.map(\.layoutPriority)).sorted(by: >)
        for priority in priorities {
            // Spacers come last in their priority, and a view with a largest size of its own (a
            // text) is offered the space less the spacers' minimum lengths, shared with the other
            // views only: a text beside a Spacer gets what it needs, as in SwiftUI (README, "Text
            // beside a Spacer").
            let group = items.indices.filter { items[$0].layoutPriority == priority }
                .sorted { a, b in
                    let sa = items[a].isSpacer, sb = items[b].isSpacer
                    if sa != sb { return !sa }
                    return flex[a] != flex[b] ? flex[a] < flex[b] : a < b
                }
            // Space the lower priorities need at least is held back for them.
            let reserved = items.indices.filter { items[$0].layoutPriority < priority }.reduce(0.0) { $0 + minimum[$1] }
            var groupRemaining = remaining - reserved
            let others = group.filter { !items[$0].isSpacer }.count
            let spacerMinimum = group.filter { items[$0].isSpacer }.reduce(0.0) { $0 + minimum[$1] }
            for (n, k) in group.enumerated() {
                // A view that takes any length (a colour, a resizable image) shares evenly with
                // the spacers; one with a largest size of its own (a text) does not.
                let share =
                    items[k].isSpacer || flex[k].isInfinite
                    ? groupRemaining / Double(group.count - n) : (groupRemaining - spacerMinimum) / Double(others - n)
                let offer = proposal(max(0, share))
                let s = items[k].size(offer)
                out[k] = (offer, s)
                groupRemaining -= s[axis]
                remaining -= s[axis]
            }
        }
        return out
    }

    override func sizeThatFits(_ p: Proposal) -> Size {
        let sizes = distribute(p).map(\.size)
        var s = Size.zero
        s[axis] = sizes.reduce(0) { $0 + $1[axis] } + totalSpacing
        s[axis.cross] = sizes.map { $0[axis.cross] }.max() ?? 0
        return s
    }

    override func placeChildren(_ ctx: LayoutContext) throws {
        // Each child as it was sized for the stack's proposal: the stack's own size is not
        // distributed again (a child that overflowed would change its neighbours' share).
        let placements = distribute(proposal)
        var pos = axis == .vertical ? exact.minY : exact.minX
        for (k, c) in items.enumerated() {
            pos += spacingBefore(k)
            let s = placements[k].size
            let crossStart = (axis == .vertical ? exact.minX : exact.minY) + (exact.size[axis.cross] - s[axis.cross]) * alignment
            let r =
                axis == .vertical
                ? Rect(x: crossStart, y: pos, width: s.width, height: s.height)
                : Rect(x: pos, y: crossStart, width: s.width, height: s.height)
            try c.place(r, placements[k].proposal, ctx)
            pos += s[axis]
        }
    }

    override var content: ResolvedView.Content { .zOrdered }
}

/// `ZStack`: as large as its largest child of the highest layout priority, each of those
/// proposed what the stack is; the other children are proposed the stack's size and may
/// overflow it.
final class ZStackElement: Element {
    let alignment: Alignment
    let items: [Element]
    init(alignment: Alignment, children: [Element]) {
        self.alignment = alignment; self.items = children
        super.init(name: "ZStack")
    }
    override var children: [Element] { items }
    /// The highest layout priority among the children: theirs decide the stack's size.
    private var topPriority: Double { items.map(\.layoutPriority).max() ?? 0 }
    override func sizeThatFits(_ p: Proposal) -> Size {
        let top = topPriority
        let sizes = items.filter { $0.layoutPriority == top }.map { $0.size(p) }
        return Size(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0)
    }
    override func placeChildren(_ ctx: LayoutContext) throws {
        let top = topPriority
        for c in items {
            let p = c.layoutPriority == top ? proposal : Proposal(exact.size)
            try c.place(aligned(c.size(p), in: exact, alignment), p, ctx)
        }
    }
    override var content: ResolvedView.Content { .zOrdered }
}

/// `GeometryReader`: takes the whole proposal and builds its content for that size, top-leading.
final class GeometryReaderElement: Element {
    let build: (Size) throws -> Element
    private var built: Element?
    init(build: @escaping (Size) throws -> Element) {
        self.build = build
        super.init(name: "GeometryReader")
    }
    override var children: [Element] { built.map { [$0] } ?? [] }
    override func sizeThatFits(_ p: Proposal) -> Size { p.replacingUnspecified(by: Size(width: 10, height: 10)) }
    override func placeChildren(_ ctx: LayoutContext) throws {
        let c = try build(exact.size)
        built = c
        let p = Proposal(exact.size)
        try c.place(Rect(origin: exact.origin, size: c.size(p)), p, ctx)
    }
}

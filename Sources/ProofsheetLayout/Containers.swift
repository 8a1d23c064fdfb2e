import ProofsheetCore
import ProofsheetScene

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
            (e as? DividerElement)?.axis = axis
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
        s[axis.cross] = crossOffsets(sizes)?.extent ?? (sizes.map { $0[axis.cross] }.max() ?? 0)
        return s
    }

    /// The guide the children are lined up by across the axis.
    private var crossGuide: AlignmentGuide {
        if axis == .vertical { return .horizontal(alignment) }
        if alignment == Node.firstTextBaseline { return .firstTextBaseline }
        if alignment == Node.lastTextBaseline { return .lastTextBaseline }
        return .vertical(alignment)
    }

    /// Each child's offset across the axis from the stack's edge, and the extent they cover,
    /// when the children are lined up by their guides (baselines, or a guide a child sets); nil
    /// when every child uses the default fraction (then the fraction places them).
    private func crossOffsets(_ sizes: [Size]) -> (offsets: [Double], extent: Double)? {
        let g = crossGuide
        let explicit = items.indices.map { items[$0].explicitGuide(g, sizes[$0]) }
        let baseline = g == .firstTextBaseline || g == .lastTextBaseline
        guard baseline || explicit.contains(where: { $0 != nil }) else { return nil }
        let values = items.indices.map { explicit[$0] ?? g.defaultValue(sizes[$0]) }
        let line = values.max() ?? 0
        let offsets = values.map { line - $0 }
        let extent = zip(offsets, sizes).map { $0 + $1[axis.cross] }.max() ?? 0
        return (offsets, extent)
    }

    /// A stack's text baselines: its first (last) child's that has one, where it is in the stack.
    override func explicitGuide(_ g: AlignmentGuide, _ size: Size) -> Double? {
        guard g == .firstTextBaseline || g == .lastTextBaseline, !items.isEmpty else { return nil }
        let sizes = distribute(Proposal(size)).map(\.size)
        let offsets = crossOffsets(sizes)
        var mainPos: [Double] = []
        var pos = 0.0
        for k in items.indices {
            pos += spacingBefore(k)
            mainPos.append(pos)
            pos += sizes[k][axis]
        }
        let order = g == .firstTextBaseline ? Array(items.indices) : Array(items.indices.reversed())
        for k in order {
            guard let v = items[k].explicitGuide(g, sizes[k]) else { continue }
            if axis == .vertical { return mainPos[k] + v }
            return (offsets.map { $0.offsets[k] } ?? (size.height - sizes[k].height) * alignment) + v
        }
        return nil
    }

    override func placeChildren(_ ctx: LayoutContext) throws {
        // Each child as it was sized for the stack's proposal: the stack's own size is not
        // distributed again (a child that overflowed would change its neighbours' share).
        let placements = distribute(proposal)
        let lined = crossOffsets(placements.map(\.size))
        let crossFraction: Double = {
            switch crossGuide {
            case .horizontal(let f), .vertical(let f): return f
            case .firstTextBaseline, .lastTextBaseline: return 0
            }
        }()
        var pos = axis == .vertical ? exact.minY : exact.minX
        for (k, c) in items.enumerated() {
            pos += spacingBefore(k)
            let s = placements[k].size
            let crossMin = axis == .vertical ? exact.minX : exact.minY
            let crossStart =
                lined.map { crossMin + $0.offsets[k] + (exact.size[axis.cross] - $0.extent) * crossFraction }
                ?? crossMin + (exact.size[axis.cross] - s[axis.cross]) * alignment
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
    /// The children that decide the size, with their sizes for `p`.
    private func deciding(_ p: Proposal) -> [(element: Element, size: Size)] {
        let top = topPriority
        return items.filter { $0.layoutPriority == top }.map { ($0, $0.size(p)) }
    }

    /// On one axis, how far the deciding children reach before and after the alignment line,
    /// each placed by its guide there; nil when none has an explicit guide on that axis (each
    /// then sits by the fraction, and the stack is as large as its largest child).
    private func reach(_ sized: [(element: Element, size: Size)], _ guide: AlignmentGuide) -> (before: Double, after: Double)? {
        let length: (Size) -> Double = guide.isHorizontal ? { $0.width } : { $0.height }
        var explicit = false, before = 0.0, after = 0.0
        for (k, (e, s)) in sized.enumerated() {
            let g: Double
            if let x = e.explicitGuide(guide, s) { g = x; explicit = true } else { g = guide.defaultValue(s) }
            before = k == 0 ? g : max(before, g)
            after = k == 0 ? length(s) - g : max(after, length(s) - g)
        }
        return explicit ? (before, after) : nil
    }

    /// As large as its children lined up on their guides: a child moved by an
    /// `alignmentGuide` grows the stack to cover it.
    override func sizeThatFits(_ p: Proposal) -> Size {
        let sized = deciding(p)
        let h = reach(sized, .horizontal(alignment.x)), v = reach(sized, .vertical(alignment.y))
        return Size(
            width: h.map { $0.before + $0.after } ?? sized.map(\.size.width).max() ?? 0,
            height: v.map { $0.before + $0.after } ?? sized.map(\.size.height).max() ?? 0)
    }
    override func placeChildren(_ ctx: LayoutContext) throws {
        let top = topPriority
        let sized = deciding(proposal)
        let hg = AlignmentGuide.horizontal(alignment.x), vg = AlignmentGuide.vertical(alignment.y)
        // Where the alignment lines fall when guides moved a child: after the furthest reach
        // before them (the stack's slack, if its frame is larger, shared by the alignment).
        let h = reach(sized, hg), v = reach(sized, vg)
        let lineX = h.map { exact.minX + (exact.width - $0.before - $0.after) * alignment.x + $0.before }
        let lineY = v.map { exact.minY + (exact.height - $0.before - $0.after) * alignment.y + $0.before }
        for c in items {
            let p = c.layoutPriority == top ? proposal : Proposal(exact.size)
            let s = c.size(p)
            var r = alignedByGuides(c, s, in: exact, alignment)
            if let lineX { r.origin.x = lineX - (c.explicitGuide(hg, s) ?? hg.defaultValue(s)) }
            if let lineY { r.origin.y = lineY - (c.explicitGuide(vg, s) ?? vg.defaultValue(s)) }
            try c.place(r, p, ctx)
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

/// `ViewThatFits(in:)`: for each proposal, the first child whose ideal size (its size with
/// the checked axes left unspecified) is within the proposal on those axes, else the last; it is
/// that child's size, and only that child is placed and drawn.
final class ViewThatFitsElement: Element {
    let horizontal: Bool, vertical: Bool
    let items: [Element]
    /// The child shown (chosen for the proposal it was placed with).
    private var chosen: Element?
    init(horizontal: Bool, vertical: Bool, children: [Element]) {
        self.horizontal = horizontal; self.vertical = vertical; self.items = children
        super.init(name: "ViewThatFits")
    }
    override var children: [Element] { chosen.map { [$0] } ?? [] }

    /// The child for `p`.
    func choice(_ p: Proposal) -> Element? {
        let ideal = Proposal(width: horizontal ? nil : p.width, height: vertical ? nil : p.height)
        let eps = 1e-9
        return items.first { c in
            let s = c.size(ideal)
            return (!horizontal || p.width.map { s.width <= $0 + eps } ?? true) && (!vertical || p.height.map { s.height <= $0 + eps } ?? true)
        } ?? items.last
    }
    override func sizeThatFits(_ p: Proposal) -> Size { choice(p)?.size(p) ?? .zero }
    override func placeChildren(_ ctx: LayoutContext) throws {
        chosen = choice(proposal)
        try chosen?.place(exact, proposal, ctx)
    }
    override func explicitGuide(_ g: AlignmentGuide, _ size: Size) -> Double? { choice(proposal)?.explicitGuide(g, size) }
}

/// A layout written in Swift (SwiftUI's `Layout`, ``CustomLayout``): its size for a proposal and
/// its children's places are the layout's answers, each child measured through a proxy over its
/// element (memoised as every element's sizes are). A child the layout does not place is
/// centred, proposed the layout's size.
final class CustomLayoutElement: Element {
    let run: any CustomLayoutRun
    let items: [Element]
    private let proxies: [LayoutChild]
    /// What the layout threw while it was asked for a size, reported when it is placed.
    private var failure: (any Error)?

    init(name: String, run: any CustomLayoutRun, children: [Element]) {
        self.run = run; self.items = children
        proxies = children.map { c in
            LayoutChild(layoutPriority: c.layoutPriority) { w, h in c.size(Proposal(width: Self.proposed(w), height: Self.proposed(h))) }
        }
        super.init(name: name)
    }
    override var children: [Element] { items }

    override func sizeThatFits(_ p: Proposal) -> Size {
        do {
            let s = try run.sizeThatFits(width: p.width, height: p.height, children: proxies)
            guard s.width.isFinite, s.height.isFinite, s.width >= 0, s.height >= 0 else {
                throw ProofsheetError.badInput(
                    "the layout \(name) answered the size \(s.width) × \(s.height) from sizeThatFits",
                    hint: "answer a finite size of 0 or more on each axis (replacingUnspecifiedDimensions() gives one for an unspecified proposal)")
            }
            return s
        } catch {
            failure = failure ?? error
            return .zero
        }
    }

    override func placeChildren(_ ctx: LayoutContext) throws {
        if let failure { throw failure }
        for proxy in proxies { proxy.unplace() }
        try run.placeChildren(in: exact, width: proposal.width, height: proposal.height, children: proxies)
        for (c, proxy) in zip(items, proxies) {
            if let placed = proxy.placement {
                guard placed.origin.x.isFinite, placed.origin.y.isFinite else {
                    throw ProofsheetError.badInput(
                        "the layout \(name) placed a subview at \(placed.origin.x), \(placed.origin.y)", hint: "place subviews at finite points")
                }
                let p = Proposal(width: Self.proposed(placed.width), height: Self.proposed(placed.height))
                try c.place(Rect(origin: placed.origin, size: c.size(p)), p, ctx)
            } else {
                let p = Proposal(exact.size)
                try c.place(aligned(c.size(p), in: exact, .center), p, ctx)
            }
        }
    }

    override var content: ResolvedView.Content { .zOrdered }

    /// A length the layout proposes, as the engine takes proposals: not a number is no proposal
    /// (the ideal size), a negative one is 0.
    static func proposed(_ v: Double?) -> Double? {
        guard let v, !v.isNaN else { return nil }
        return max(0, v)
    }
}

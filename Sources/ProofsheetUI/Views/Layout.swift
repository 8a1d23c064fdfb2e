import Foundation
import ProofsheetCore
import ProofsheetScene

// MARK: - Custom layouts

/// SwiftUI's `Layout`: a container of one's own that sizes itself and places its subviews
/// (`FlowLayout { … }`, through ``Layout/callAsFunction(_:)``). The layout engine asks it, as it
/// asks a stack, for its size for a proposal (``sizeThatFits(proposal:subviews:cache:)``) and
/// then to place its subviews in the rectangle it was given
/// (``placeSubviews(in:proposal:subviews:cache:)``); a subview it does not place is centred,
/// proposed the bounds' size. The cache is made once for each layout of the screen.
@MainActor @preconcurrency
public protocol Layout {
    /// What the layout keeps between its calls in one layout of the screen.
    associatedtype Cache = Void
    typealias Subviews = LayoutSubviews

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache)
    func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing
    func makeCache(subviews: Subviews) -> Cache
    func updateCache(_ cache: inout Cache, subviews: Subviews)
}

extension Layout where Cache == Void {
    public func makeCache(subviews: Subviews) -> Cache { () }
}

extension Layout {
    public func updateCache(_ cache: inout Cache, subviews: Subviews) { cache = makeCache(subviews: subviews) }

    /// The spacing of every subview, put together.
    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing {
        subviews.reduce(ViewSpacing.zero) { $0.union($1.spacing) }
    }

    /// The layout as a container of `content`'s views.
    public func callAsFunction(@ViewBuilder _ content: () -> ViewContent) -> some View {
        LayoutContainer(layout: self, content: content())
    }
}

/// A size proposal: each axis a length, `.infinity` (as large as you like), or nil (your ideal).
public struct ProposedViewSize: Hashable, Sendable {
    public var width: CGFloat?
    public var height: CGFloat?
    public init(width: CGFloat?, height: CGFloat?) { self.width = width; self.height = height }
    public init(_ size: CGSize) { self.init(width: size.width, height: size.height) }
    public static let zero = ProposedViewSize(width: 0, height: 0)
    public static let unspecified = ProposedViewSize(width: nil, height: nil)
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)

    /// The proposal with nil axes replaced by `size`'s (SwiftUI's default: 10 by 10).
    public func replacingUnspecifiedDimensions(by size: CGSize = CGSize(width: 10, height: 10)) -> CGSize {
        CGSize(width: width ?? size.width, height: height ?? size.height)
    }
}

/// The space a view wants around it (minimal: the engine's default spacing between views, 8,
/// on every side; `.zero` none).
public struct ViewSpacing: Hashable, Sendable {
    var length: CGFloat
    public init() { length = 8 }
    init(length: CGFloat) { self.length = length }
    public static let zero = ViewSpacing(length: 0)

    /// The space between this view and the `next` along `axis`.
    public func distance(to next: ViewSpacing, along axis: Axis) -> CGFloat { max(length, next.length) }
    public mutating func formUnion(_ other: ViewSpacing) { length = max(length, other.length) }
    public func union(_ other: ViewSpacing) -> ViewSpacing { ViewSpacing(length: max(length, other.length)) }
}

/// A view's size and its alignment guides' default values (minimal: no explicit guides).
public struct ViewDimensions: Hashable, Sendable {
    public let width: CGFloat
    public let height: CGFloat
    public subscript(guide: HorizontalAlignment) -> CGFloat { width * guide.fraction }
    /// A baseline is the bottom edge (no text's baselines are read).
    public subscript(guide: VerticalAlignment) -> CGFloat {
        switch guide {
        case .top: return 0
        case .center: return height / 2
        case .bottom, .firstTextBaseline, .lastTextBaseline: return height
        }
    }
}

/// A subview of a ``Layout``: its size for a proposal, its priority, where the layout puts it.
public struct LayoutSubview: Equatable {
    let child: LayoutChild

    /// The size the subview chooses for `proposal`.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let s = child.size(width: proposal.width.map(Double.init), height: proposal.height.map(Double.init))
        return CGSize(width: s.width, height: s.height)
    }

    /// The subview's size for `proposal`, with its guides.
    public func dimensions(in proposal: ProposedViewSize) -> ViewDimensions {
        let s = sizeThatFits(proposal)
        return ViewDimensions(width: s.width, height: s.height)
    }

    /// Places the subview: its `anchor` at `position`, its size the one it chooses for `proposal`.
    public func place(at position: CGPoint, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {
        let s = sizeThatFits(proposal)
        child.place(
            at: Point(x: position.x - s.width * anchor.x, y: position.y - s.height * anchor.y), width: proposal.width.map(Double.init),
            height: proposal.height.map(Double.init))
    }

    /// The subview's layout priority (`.layoutPriority(_:)`).
    public var priority: Double { child.layoutPriority }
    /// The space the subview wants around it.
    public var spacing: ViewSpacing { ViewSpacing() }

    public static func == (a: LayoutSubview, b: LayoutSubview) -> Bool { a.child === b.child }
}

/// The subviews of a ``Layout``, in the order the builder gives them.
public struct LayoutSubviews: RandomAccessCollection, Equatable {
    let items: [LayoutSubview]
    /// The direction the layout is laid out in (its places are mirrored right to left).
    public let layoutDirection: LayoutDirection
    public var startIndex: Int { items.startIndex }
    public var endIndex: Int { items.endIndex }
    public subscript(index: Int) -> LayoutSubview { items[index] }
}

/// A ``Layout`` of any type (SwiftUI's `AnyLayout`): one container whose layout may change
/// with the state, its subviews keeping their identity.
public struct AnyLayout: Layout {
    /// The wrapped layout's cache.
    public struct Cache { var value: Any? }
    let base: any Layout

    public init<L: Layout>(_ layout: L) { base = layout }

    public func makeCache(subviews: Subviews) -> Cache { Cache(value: open(base) { $0.makeCache(subviews: subviews) }) }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        func run<L: Layout>(_ l: L) -> CGSize {
            var c = cache.value as? L.Cache ?? l.makeCache(subviews: subviews)
            defer { cache.value = c }
            return l.sizeThatFits(proposal: proposal, subviews: subviews, cache: &c)
        }
        return run(base)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        func run<L: Layout>(_ l: L) {
            var c = cache.value as? L.Cache ?? l.makeCache(subviews: subviews)
            defer { cache.value = c }
            l.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &c)
        }
        run(base)
    }

    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing {
        func run<L: Layout>(_ l: L) -> ViewSpacing {
            var c = cache.value as? L.Cache ?? l.makeCache(subviews: subviews)
            defer { cache.value = c }
            return l.spacing(subviews: subviews, cache: &c)
        }
        return run(base)
    }

    private func open<L: Layout>(_ l: L, _ body: (L) -> Any) -> Any { body(l) }
}

/// A layout and its content, as a view.
struct LayoutContainer<L: Layout>: PrimitiveView {
    let layout: L
    let content: ViewContent

    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node {
        // Erased here: the engine's closure makes a run of any layout. (The layout tree names
        // the layout an `AnyLayout` holds.)
        let erased = self.layout as? AnyLayout ?? AnyLayout(self.layout)
        let layout = UncheckedBox(erased), direction = resolver.environment.layoutDirection
        return .customLayout(
            CustomLayout(name: String(describing: type(of: erased.base))) { LayoutRunner(layout.value, direction: direction) },
            children: [try resolver.node(content, at: id)])
    }
}

/// A ``Layout`` run for one layout of the screen, on the main actor: its subviews over the
/// engine's children, and its cache.
final class LayoutRunner: CustomLayoutRun, @unchecked Sendable {
    // NB: `@unchecked` because the layout and its cache are used on the main actor only
    // (``onMain(_:)``).
    let layout: AnyLayout
    let direction: LayoutDirection
    private var cache: AnyLayout.Cache?
    private var subviews: LayoutSubviews?

    init(_ layout: AnyLayout, direction: LayoutDirection) { self.layout = layout; self.direction = direction }

    /// The subviews over `children` and their cache, made at the first call.
    @MainActor private func prepared(_ children: [LayoutChild]) -> (LayoutSubviews, AnyLayout.Cache) {
        if let subviews, let cache { return (subviews, cache) }
        let made = LayoutSubviews(items: children.map { LayoutSubview(child: $0) }, layoutDirection: direction)
        subviews = made
        return (made, layout.makeCache(subviews: made))
    }

    func sizeThatFits(width: Double?, height: Double?, children: [LayoutChild]) throws -> Size {
        try onMain {
            var (subviews, cache) = self.prepared(children)
            defer { self.cache = cache }
            let s = self.layout.sizeThatFits(
                proposal: ProposedViewSize(width: width.map { CGFloat($0) }, height: height.map { CGFloat($0) }), subviews: subviews, cache: &cache)
            return Size(width: Double(s.width), height: Double(s.height))
        }
    }

    func placeChildren(in bounds: Rect, width: Double?, height: Double?, children: [LayoutChild]) throws {
        try onMain {
            var (subviews, cache) = self.prepared(children)
            defer { self.cache = cache }
            self.layout.placeSubviews(
                in: CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: bounds.height),
                proposal: ProposedViewSize(width: width.map { CGFloat($0) }, height: height.map { CGFloat($0) }), subviews: subviews, cache: &cache)
        }
    }
}

import ProofsheetCore

/// A layout written in Swift (SwiftUI's `Layout`): the layout engine asks it for its size and
/// where its children go, through ``LayoutChild`` proxies over the children's elements.
///
/// `make` gives a fresh run for each element the engine builds from the node (one a layout
/// pass), so what a run keeps between its calls (SwiftUI's layout cache) lasts as long as the
/// pass, and a pass answers the same whenever it runs.
public struct CustomLayout: Sendable {
    /// The name in the layout tree (the layout's type).
    public let name: String
    public let make: @Sendable () -> any CustomLayoutRun

    public init(name: String, make: @escaping @Sendable () -> any CustomLayoutRun) {
        self.name = name; self.make = make
    }
}

/// One layout pass's run of a ``CustomLayout``.
public protocol CustomLayoutRun: AnyObject {
    /// The size for a proposal (nil axes: the ideal size), its children measured through theirs.
    func sizeThatFits(width: Double?, height: Double?, children: [LayoutChild]) throws -> Size
    /// Places the children in `bounds` (the rectangle given for the proposal) with
    /// ``LayoutChild/place(at:width:height:)``; a child not placed is centred, proposed the
    /// bounds' size.
    func placeChildren(in bounds: Rect, width: Double?, height: Double?, children: [LayoutChild]) throws
}

/// A child of a ``CustomLayout`` as the layout sees it: its size for a proposal, its layout
/// priority, and where the layout places it.
public final class LayoutChild: @unchecked Sendable {
    // NB: `@unchecked` because a child is used by one layout pass at a time (its measures are
    // the element's, memoised there).
    public let layoutPriority: Double
    private let measure: (Double?, Double?) -> Size
    /// Where the layout placed the child: its top-leading corner and the proposal its size is
    /// chosen for.
    public private(set) var placement: (origin: Point, width: Double?, height: Double?)?

    public init(layoutPriority: Double, measure: @escaping (Double?, Double?) -> Size) {
        self.layoutPriority = layoutPriority; self.measure = measure
    }

    /// The size the child chooses for a proposal.
    public func size(width: Double?, height: Double?) -> Size { measure(width, height) }

    /// The child's top-leading corner at `origin`, its size the one it chooses for the proposal.
    public func place(at origin: Point, width: Double?, height: Double?) { placement = (origin, width, height) }

    /// Forgets the placement (before the layout places its children again).
    public func unplace() { placement = nil }
}

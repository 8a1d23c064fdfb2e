import ProofsheetCore

/// A line across a view that stacks and frames line its children up by: SwiftUI's
/// `HorizontalAlignment` (an x) and `VerticalAlignment` (a y), text baselines included.
public enum AlignmentGuide: Hashable, Sendable {
    /// An x: 0 leading, 0.5 centre, 1 trailing.
    case horizontal(Double)
    /// A y: 0 top, 0.5 centre, 1 bottom.
    case vertical(Double)
    /// The baseline of a text's first or last line (a view without text: its bottom).
    case firstTextBaseline, lastTextBaseline

    public var isHorizontal: Bool { if case .horizontal = self { return true }; return false }

    /// The guide where no view sets it: a fraction of the size, or the bottom for a baseline.
    public func defaultValue(_ size: Size) -> Double {
        switch self {
        case .horizontal(let f): return size.width * f
        case .vertical(let f): return size.height * f
        case .firstTextBaseline, .lastTextBaseline: return size.height
        }
    }

    /// The names of the scene format.
    public static let named: [String: AlignmentGuide] = [
        "leading": .horizontal(0), "horizontalCenter": .horizontal(0.5), "trailing": .horizontal(1),
        "top": .vertical(0), "verticalCenter": .vertical(0.5), "bottom": .vertical(1),
        "firstTextBaseline": .firstTextBaseline, "lastTextBaseline": .lastTextBaseline
    ]
}

/// `alignmentGuide(_:computeValue:)`'s value: from the view's size, its guide from its top-leading
/// corner.
public struct AlignmentGuideValue: Sendable {
    public let compute: @Sendable (Size) throws -> Double
    public init(_ compute: @escaping @Sendable (Size) throws -> Double) { self.compute = compute }
}

extension Node {
    /// An `HStack`'s alignment on its text baselines (`Node.stack`'s `alignment`).
    public static let firstTextBaseline = -1.0
    public static let lastTextBaseline = -2.0
}

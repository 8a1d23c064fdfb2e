import ProofsheetCore
import Synchronization

/// A size proposal: each axis a length, `.infinity` (as large as you like), or nil (your ideal).
public struct Proposal: Hashable, Sendable, CustomStringConvertible {
    public var width: Double?
    public var height: Double?
    public init(width: Double?, height: Double?) { self.width = width; self.height = height }
    public init(_ size: Size) { self.init(width: size.width, height: size.height) }
    public static let unspecified = Proposal(width: nil, height: nil)
    public static let zero = Proposal(width: 0, height: 0)
    public static let infinity = Proposal(width: .infinity, height: .infinity)

    public subscript(axis: Axis) -> Double? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    /// Nil axes replaced by `size`'s.
    public func replacingUnspecified(by size: Size) -> Size {
        Size(width: width ?? size.width, height: height ?? size.height)
    }

    public var description: String {
        func f(_ v: Double?) -> String { v.map(fmt) ?? "nil" }
        return "(\(f(width)), \(f(height)))"
    }
}

/// What layout needs to know about text: the size of a paragraph.
public protocol TextMeasurer: Sendable {
    /// The size of `text` in `font`, wrapped at `maxWidth` (nil: one line per paragraph), with at
    /// most `lineLimit` lines.
    func measure(_ text: String, font: FontSpec, maxWidth: Double?, lineLimit: Int?) -> Size
}

/// Remembers the sizes measured during one layout pass. Layout asks a text for its size under
/// several proposals (a stack probes each child with zero, infinite and offered sizes, and a
/// short height is checked against the full height), and most come down to the same width and
/// line limit: each distinct question is put to the measurer once.
final class MeasurementCache: TextMeasurer {
    private struct Key: Hashable {
        var text: String
        var font: FontSpec
        var maxWidth: Double?
        var lineLimit: Int?
    }
    private let base: TextMeasurer
    private let sizes = Mutex<[Key: Size]>([:])

    init(_ base: TextMeasurer) { self.base = base }

    func measure(_ text: String, font: FontSpec, maxWidth: Double?, lineLimit: Int?) -> Size {
        let key = Key(text: text, font: font, maxWidth: maxWidth, lineLimit: lineLimit)
        if let size = sizes.withLock({ $0[key] }) { return size }
        let size = base.measure(text, font: font, maxWidth: maxWidth, lineLimit: lineLimit)
        sizes.withLock { $0[key] = size }
        return size
    }
}

/// What layout needs to know about images: where an asset is and its size in points.
public protocol AssetProvider: Sendable {
    /// The resolved path and natural size of the image asset `name`.
    func image(named name: String) throws -> (path: String, size: Size)
    /// The mean colour of the image at the resolved `path` over `unit`, a rectangle of its
    /// unit square; nil when it is not known (what chrome that adapts to its backdrop reads).
    func meanColor(ofImage path: String, in unit: Rect) -> Color?
    /// The resolved path of the image `name` in dark appearance when it is another file than
    /// ``image(named:)``'s (an asset catalogue image set's dark variant), else nil.
    func darkImage(named name: String) throws -> String?
}

extension AssetProvider {
    public func meanColor(ofImage path: String, in unit: Rect) -> Color? { nil }
    public func darkImage(named name: String) throws -> String? { nil }
}

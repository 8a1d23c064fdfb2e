import ProofsheetCore

/// A SwiftUI-like view: anything that can describe itself as a `Node`.
public protocol View: Sendable {
    /// The scene-tree form of this view.
    var node: Node { get }
}

extension Node: View {
    public var node: Node { self }
}

/// Collects the views of a block (`if`, `else`, `for` included) into one node.
@resultBuilder
public enum ViewBuilder {
    public static func buildExpression(_ view: some View) -> Node { view.node }
    public static func buildBlock(_ parts: Node...) -> Node { .group(parts) }
    public static func buildOptional(_ part: Node?) -> Node { part ?? .empty }
    public static func buildEither(first: Node) -> Node { first }
    public static func buildEither(second: Node) -> Node { second }
    public static func buildArray(_ parts: [Node]) -> Node { .group(parts) }
    public static func buildLimitedAvailability(_ part: Node) -> Node { part }
}

/// A view with modifiers applied (what every modifier method returns).
public struct ModifiedView: View {
    public let node: Node
    public init(_ node: Node) { self.node = node }
}

// MARK: - Containers

/// Views stacked top to bottom.
public struct VStack: View {
    public let node: Node
    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Node) {
        node = .stack(axis: .vertical, alignment: alignment.fraction, spacing: spacing, children: [content()])
    }
}

/// Views stacked leading to trailing.
public struct HStack: View {
    public let node: Node
    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Node) {
        node = .stack(axis: .horizontal, alignment: alignment.fraction, spacing: spacing, children: [content()])
    }
}

/// Views on top of each other.
public struct ZStack: View {
    public let node: Node
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Node) {
        node = .zstack(alignment: alignment, children: [content()])
    }
}

/// A view per element of a collection.
public struct ForEach: View {
    public let node: Node
    public init<Data: Sequence>(_ data: Data, @ViewBuilder content: (Data.Element) -> Node) {
        node = .group(data.map(content))
    }
}

/// Content built from the size its container offers.
public struct GeometryReader: View {
    public let node: Node
    public init(@ViewBuilder content: @escaping @Sendable (Size) -> Node) {
        node = .geometryReader { size in content(size) }
    }
}

/// A horizontal alignment for a `VStack`.
public enum HorizontalAlignment: String, Sendable {
    case leading, center, trailing
    public var fraction: Double { self == .leading ? 0 : self == .center ? 0.5 : 1 }
}

/// A vertical alignment for an `HStack`.
public enum VerticalAlignment: String, Sendable {
    case top, center, bottom
    public var fraction: Double { self == .top ? 0 : self == .center ? 0.5 : 1 }
}

// MARK: - Leaves

/// A run of text.
public struct Text: View {
    public let node: Node
    public init(_ text: String) { node = .text(text) }
}

/// A bitmap asset, or an icon by SF Symbol name.
public struct Image: View {
    public let node: Node
    public init(_ name: String) { node = .image(name: name, resizable: false) }
    public init(systemName: String) { node = .symbol(name: systemName) }
    /// The image stretched to the size it is offered.
    public func resizable() -> Image {
        guard case .image(let name, _) = node else { return self }
        return Image(node: .image(name: name, resizable: true))
    }
    private init(node: Node) { self.node = node }
}

/// Flexible space along a stack's axis.
public struct Spacer: View {
    public let node: Node
    public init(minLength: Double? = nil) { node = .spacer(minLength: minLength) }
}

/// Views side by side with no container of their own (SwiftUI's `Group`): a modifier on it
/// applies to each view.
public struct ViewGroup: View {
    public let node: Node
    public init(@ViewBuilder content: () -> Node) { node = content() }
}

/// Nothing.
public struct EmptyView: View {
    public init() {}
    public var node: Node { .empty }
}

/// A colour fills what it is offered.
extension Color: View {
    public var node: Node { .paint(.color(self)) }
}

/// A linear gradient, as a view or a fill.
public struct LinearGradient: View {
    public let paint: Paint
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        let n = max(colors.count - 1, 1)
        paint = .linearGradient(
            stops: colors.enumerated().map { GradientStop(color: $1, location: Double($0) / Double(n)) },
            start: startPoint, end: endPoint)
    }
    public var node: Node { .paint(paint) }
}

// MARK: - Shapes

/// A shape view; `fill` chooses its paint (the foreground style by default).
public struct ShapeView: View {
    public let kind: ShapeKind
    public let paint: Paint?
    public var node: Node { .shape(kind, fill: paint) }
    public func fill(_ color: Color) -> ShapeView { ShapeView(kind: kind, paint: .color(color)) }
    public func fill(_ gradient: LinearGradient) -> ShapeView { ShapeView(kind: kind, paint: gradient.paint) }
    /// The outline, centred on the edge.
    public func stroke(_ color: Color? = nil, lineWidth: Double = 1) -> ModifiedView {
        ModifiedView(.strokedShape(kind, paint: color.map(Paint.color), lineWidth: lineWidth, inside: false))
    }
    /// The outline, inside the edge.
    public func strokeBorder(_ color: Color? = nil, lineWidth: Double = 1) -> ModifiedView {
        ModifiedView(.strokedShape(kind, paint: color.map(Paint.color), lineWidth: lineWidth, inside: true))
    }
    init(kind: ShapeKind, paint: Paint? = nil) { self.kind = kind; self.paint = paint }
}

/// The corner style of a rounded rectangle.
public enum RoundedCornerStyle: Sendable { case circular, continuous }

public func Rectangle() -> ShapeView { ShapeView(kind: .rectangle) }
public func RoundedRectangle(cornerRadius: Double, style: RoundedCornerStyle = .continuous) -> ShapeView {
    ShapeView(kind: .roundedRectangle(radius: cornerRadius, continuous: style == .continuous))
}
public func Circle() -> ShapeView { ShapeView(kind: .circle) }
public func Ellipse() -> ShapeView { ShapeView(kind: .ellipse) }
public func Capsule() -> ShapeView { ShapeView(kind: .capsule) }

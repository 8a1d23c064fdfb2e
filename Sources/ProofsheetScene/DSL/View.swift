import ProofsheetCore

/// A SwiftUI-like view. Your own views declare a body, as in SwiftUI:
///
///     struct Card: View {
///         var title: String
///         var body: some View {
///             Text(title).padding()
///         }
///     }
///
/// The body is built with ``ViewBuilder`` (`if`, `else`, `for` included), and the views in it
/// get their identity from their place: which child, which branch of an `if`, which `ForEach`
/// element (see ``ViewID``).
public protocol View: Sendable {
    /// What this view is made of.
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

/// A view Proofsheet draws itself (stacks, text, shapes…): it is a scene-tree node, not made
/// of other views.
public protocol PrimitiveView: View where Body == Never {
    /// The scene-tree form of this view.
    var node: Node { get }
}

extension PrimitiveView {
    /// A primitive view has no body; asking for it is a programming error.
    public var body: Never { return fatalError("\(Self.self) is a primitive view and has no body") }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { return fatalError("Never has no body") }
}

extension View {
    /// The scene-tree form of this view: a primitive view's node, or its body's.
    public var node: Node {
        if let primitive = self as? any PrimitiveView { return primitive.node }
        return body.node
    }
}

extension Node: PrimitiveView {
    public var node: Node { self }
}

/// Collects the views of a block (`if`, `else`, `for` included) into one node. The branch an
/// `if` took is kept (`then` or `else`): it is part of the identity of the views inside.
@resultBuilder
public enum ViewBuilder {
    public static func buildExpression(_ view: some View) -> Node { view.node }
    public static func buildBlock(_ parts: Node...) -> Node { .group(parts) }
    public static func buildOptional(_ part: Node?) -> Node { part.map { .branch("then", $0) } ?? .branch("else", .empty) }
    public static func buildEither(first: Node) -> Node { .branch("then", first) }
    public static func buildEither(second: Node) -> Node { .branch("else", second) }
    public static func buildArray(_ parts: [Node]) -> Node { .group(parts) }
    public static func buildLimitedAvailability(_ part: Node) -> Node { part }
}

/// A view with modifiers applied (what every modifier method returns).
public struct ModifiedView: PrimitiveView {
    public let node: Node
    public init(_ node: Node) { self.node = node }
}

// MARK: - Containers

/// Views stacked top to bottom.
public struct VStack: PrimitiveView {
    public let node: Node
    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Node) {
        node = .stack(axis: .vertical, alignment: alignment.fraction, spacing: spacing, children: [content()])
    }
}

/// Views stacked leading to trailing.
public struct HStack: PrimitiveView {
    public let node: Node
    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Node) {
        node = .stack(axis: .horizontal, alignment: alignment.fraction, spacing: spacing, children: [content()])
    }
}

/// Views on top of each other.
public struct ZStack: PrimitiveView {
    public let node: Node
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Node) {
        node = .zstack(alignment: alignment, children: [content()])
    }
}

/// The first of its views that fits the space offered on the axes it checks (SwiftUI's
/// `ViewThatFits(in:)`; `.horizontal`, `.vertical` or both, the default), else the last.
public struct ViewThatFits: PrimitiveView {
    public let node: Node
    public init(in axes: Set<Axis> = [.horizontal, .vertical], @ViewBuilder content: () -> Node) {
        node = .viewThatFits(horizontal: axes.contains(.horizontal), vertical: axes.contains(.vertical), children: [content()])
    }
}

/// A view per element of a collection, each known by its key (as in SwiftUI, data is
/// `Identifiable` or gives `id:`), so an element keeps its identity when others are removed.
public struct ForEach: PrimitiveView {
    public let node: Node
    /// Elements known by the key path `id`.
    public init<Data: Sequence, ID: Hashable>(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: (Data.Element) -> Node) {
        node = .group(data.map { .keyed("\($0[keyPath: id])", content($0)) })
    }
    /// `Identifiable` elements, known by their `id`.
    public init<Data: Sequence>(_ data: Data, @ViewBuilder content: (Data.Element) -> Node) where Data.Element: Identifiable {
        node = .group(data.map { .keyed("\($0.id)", content($0)) })
    }
    /// A view per number of a range, known by the number.
    public init(_ range: Range<Int>, @ViewBuilder content: (Int) -> Node) {
        node = .group(range.map { .keyed(String($0), content($0)) })
    }
}

/// Content built from the size its container offers.
public struct GeometryReader: PrimitiveView {
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
    case top, center, bottom, firstTextBaseline, lastTextBaseline
    public var fraction: Double {
        switch self {
        case .top: return 0
        case .center: return 0.5
        case .bottom: return 1
        case .firstTextBaseline: return Node.firstTextBaseline
        case .lastTextBaseline: return Node.lastTextBaseline
        }
    }
}

// MARK: - Leaves

/// A run of text.
public struct Text: PrimitiveView {
    public let node: Node
    public init(_ text: String) { node = .text(text) }
}

/// A bitmap asset, or an icon by SF Symbol name.
public struct Image: PrimitiveView {
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
public struct Spacer: PrimitiveView {
    public let node: Node
    public init(minLength: Double? = nil) { node = .spacer(minLength: minLength) }
}

/// Views side by side with no container of their own (SwiftUI's `Group`): a modifier on it
/// applies to each view.
public struct ViewGroup: PrimitiveView {
    public let node: Node
    public init(@ViewBuilder content: () -> Node) { node = content() }
}

/// Nothing.
public struct EmptyView: PrimitiveView {
    public init() {}
    public var node: Node { .empty }
}

/// A colour fills what it is offered.
extension Color: PrimitiveView {
    public var node: Node { .paint(.color(self)) }
}

/// A material as a view fills what it is offered, as a rectangle.
extension Material: PrimitiveView {
    public var node: Node { .material(self, in: .rectangle) }
}

/// SwiftUI's spellings: `.background(.ultraThinMaterial)`, `Rectangle().fill(.thickMaterial)`.
extension Material {
    public static let ultraThinMaterial = Material.ultraThin
    public static let thinMaterial = Material.thin
    public static let regularMaterial = Material.regular
    public static let thickMaterial = Material.thick
    public static let ultraThickMaterial = Material.ultraThick
}

/// A linear gradient, as a view or a fill.
public struct LinearGradient: PrimitiveView {
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
public struct ShapeView: PrimitiveView {
    public let kind: ShapeKind
    public let paint: Paint?
    /// The material it is filled with, if any (`fill(.thinMaterial)`).
    public private(set) var material: Material?
    public var node: Node { material.map { .material($0, in: kind) } ?? .shape(kind, fill: paint) }
    public func fill(_ color: Color) -> ShapeView { ShapeView(kind: kind, paint: .color(color)) }
    public func fill(_ gradient: LinearGradient) -> ShapeView { ShapeView(kind: kind, paint: gradient.paint) }
    /// The shape filled with a material: what is drawn behind it, blurred, saturated and tinted.
    public func fill(_ material: Material) -> ShapeView {
        var s = ShapeView(kind: kind)
        s.material = material
        return s
    }
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

import Foundation
import ProofsheetCore
import ProofsheetScene

// MARK: - Containers

/// A horizontal alignment for a `VStack` (the engine's, with SwiftUI's names).
public typealias HorizontalAlignment = ProofsheetScene.HorizontalAlignment
/// A vertical alignment for an `HStack` (the engine's, with SwiftUI's names).
public typealias VerticalAlignment = ProofsheetScene.VerticalAlignment

/// Views stacked top to bottom.
public struct VStack: PrimitiveView {
    let alignment: HorizontalAlignment, spacing: CGFloat?, content: ViewContent
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> ViewContent) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node {
        .stack(axis: .vertical, alignment: alignment.fraction, spacing: spacing.map(Double.init), children: [try resolver.node(content, at: id)])
    }
}

/// Views stacked leading to trailing.
public struct HStack: PrimitiveView {
    let alignment: VerticalAlignment, spacing: CGFloat?, content: ViewContent
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> ViewContent) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node {
        .stack(axis: .horizontal, alignment: alignment.fraction, spacing: spacing.map(Double.init), children: [try resolver.node(content, at: id)])
    }
}

/// Views on top of each other.
public struct ZStack: PrimitiveView {
    let alignment: Alignment, content: ViewContent
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> ViewContent) {
        self.alignment = alignment; self.content = content()
    }
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node {
        .zstack(alignment: alignment, children: [try resolver.node(content, at: id)])
    }
}

/// A view per element of a collection, each known by its `id` (as SwiftUI needs), so an element
/// keeps its identity — and its views their state — when others are removed.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable>: PrimitiveView {
    let elements: [ViewContent]
    /// The size of a collection too large to build (its elements are not made).
    let tooMany: Int?

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: (Data.Element) -> ViewContent) {
        // A collection larger than the screen's whole budget of views is refused before any
        // element is made.
        let count = data.count
        if count > ProofsheetScene.Scene.Limits.views.int {
            elements = []
            tooMany = count
        } else {
            elements = data.map { ViewContent(.keyed(String(describing: $0[keyPath: id]), content($0))) }
            tooMany = nil
        }
    }

    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node {
        if let tooMany {
            throw ProofsheetError.badInput(
                "a ForEach at \(id) has \(tooMany) elements; a screen builds at most \(ProofsheetScene.Scene.Limits.views.int) views",
                hint: "use a smaller collection, or raise the limit with --limit views=N")
        }
        var seen = Set<String>()
        var out: [Node] = []
        for element in elements {
            guard case .keyed(let key, _) = element.kind else { continue }
            guard seen.insert(key).inserted else {
                throw ProofsheetError.badInput(
                    "two elements of a ForEach at \(id) have the id '\(excerpt(key))'",
                    hint: "ids identify elements, so each must be different (SwiftUI's ForEach needs the same)")
            }
            out.append(try resolver.node(element, at: id))
        }
        return .group(out)
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// `Identifiable` elements, known by their `id`.
    public init(_ data: Data, @ViewBuilder content: (Data.Element) -> ViewContent) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// A view per number of a constant range, known by the number.
    public init(_ data: Range<Int>, @ViewBuilder content: (Int) -> ViewContent) {
        self.init(data, id: \.self, content: content)
    }
}

/// The size a `GeometryReader` is given, as its content reads it.
public struct GeometryProxy: Sendable {
    public let size: CGSize
    public let safeAreaInsets: EdgeInsets
    /// The frame in the reader's own space (the only space Proofsheet gives).
    public func frame(in space: CoordinateSpace) -> CGRect { CGRect(origin: .zero, size: size) }
}

/// A coordinate space (`.local`, `.global`, `.named("…")`).
public enum CoordinateSpace: Hashable, Sendable {
    case local, global
    case named(String)
}

/// Content built from the size its container offers.
public struct GeometryReader: PrimitiveView {
    let content: @MainActor (GeometryProxy) -> ViewContent
    public init(@ViewBuilder content: @escaping @MainActor (GeometryProxy) -> ViewContent) { self.content = content }

    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node {
        // The content is built when the reader is laid out, from the state drawn now.
        let later = GeometryContent(content: content, access: resolver.access, id: id.slot("content"))
        return .geometryReader { size in try later.node(size) }
    }
}

/// A `GeometryReader`'s content, to build when it is laid out.
final class GeometryContent: @unchecked Sendable {
    // NB: `@unchecked` because the content is built on the main actor only (``onMain(_:)``).
    let content: @MainActor (GeometryProxy) -> ViewContent
    let access: StateAccess
    let id: ViewID

    init(content: @escaping @MainActor (GeometryProxy) -> ViewContent, access: StateAccess, id: ViewID) {
        self.content = content; self.access = access; self.id = id
    }

    func node(_ size: Size) throws -> Node {
        try onMain {
            let proxy = GeometryProxy(size: CGSize(width: size.width, height: size.height), safeAreaInsets: .zero)
            return try StateAccess.with(self.access) { try ViewResolver(access: self.access).node(self.content(proxy), at: self.id) }
        }
    }
}

// MARK: - Leaves

/// A run of text.
nonisolated public struct Text: PrimitiveView {
    let text: String
    public init(_ text: String) { self.text = text }
    public init<S: StringProtocol>(_ text: S) { self.text = String(text) }
    public init(verbatim text: String) { self.text = text }
    @MainActor func node(in resolver: ViewResolver, at id: ViewID) throws -> Node {
        try resolver.take(text: text)
        return .text(text)
    }
}

/// A bitmap asset, or an icon by SF Symbol name.
nonisolated public struct Image: PrimitiveView {
    enum Source { case asset(String), symbol(String) }
    let source: Source
    var isResizable = false
    /// The image `name` of the app's asset catalogues or asset folders (the bundle is not
    /// looked in: the catalogues are those the command found).
    public init(_ name: String, bundle: Bundle? = nil) { source = .asset(name) }
    public init(systemName: String) { source = .symbol(systemName) }
    /// The image a `UIImage` names.
    public init(uiImage: UIImage) { source = uiImage.systemName.map(Source.symbol) ?? .asset(uiImage.name) }
    /// The image stretched to the size it is offered.
    public func resizable() -> Image {
        var i = self
        i.isResizable = true
        return i
    }
    /// Accepted: images are drawn as they are.
    public func renderingMode(_ mode: TemplateRenderingMode?) -> Image { self }
    public enum TemplateRenderingMode: Sendable { case original, template }

    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node {
        switch source {
        case .asset(let name): return .image(name: name, resizable: isResizable)
        case .symbol(let name):
            let layers = try SymbolCatalog.layers(for: name, at: nil)
            guard isResizable else { return .symbol(name: name) }
            // Resizable: the symbol as large as fits the space it is given (its shape kept),
            // centred in it. A symbol is its drawing's size in ems (else one em square).
            var unit = Size(width: 1, height: 1)
            if let first = layers.first, let drawing = first.drawing.flatMap(SymbolDrawings.named) {
                unit = Size(width: drawing.size.width * first.scale, height: drawing.size.height * first.scale)
            }
            let em = unit
            return .geometryReader { size in
                let points = max(0.5, min(size.width / em.width, size.height / em.height))
                return .modified(
                    .modified(.symbol(name: name), .environment(.font(FontSpec(size: points)))),
                    .frame(width: size.width, height: size.height, alignment: .center))
            }
        }
    }
}

/// Flexible space along a stack's axis.
nonisolated public struct Spacer: PrimitiveView {
    let minLength: CGFloat?
    public init(minLength: CGFloat? = nil) { self.minLength = minLength }
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node { .spacer(minLength: minLength.map(Double.init)) }
}

/// A hairline across its stack's axis.
nonisolated public struct Divider: PrimitiveView {
    public init() {}
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node { .divider }
}

/// A button: its label, and its action run when it is tapped.
public struct Button: PrimitiveView {
    let label: ViewContent
    let action: @MainActor () -> Void
    let location: SourceLocation
    var role: ButtonRole?

    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> ViewContent, fileID: String = #fileID, line: Int = #line) {
        self.label = label(); self.action = action
        location = SourceLocation(file: fileID, path: "", line: line, column: 1)
    }
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void, fileID: String = #fileID, line: Int = #line) {
        self.label = .of(Text(String(title))); self.action = action
        location = SourceLocation(file: fileID, path: "", line: line, column: 1)
    }
    public init<S: StringProtocol>(
        _ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void, fileID: String = #fileID, line: Int = #line
    ) {
        self.init(title, action: action, fileID: fileID, line: line)
        self.role = role
    }
    public init(
        role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> ViewContent, fileID: String = #fileID, line: Int = #line
    ) {
        self.init(action: action, label: label, fileID: fileID, line: line)
        self.role = role
    }

    /// The text of the label, for an alert's buttons.
    var title: String { Button.text(in: label) ?? "" }

    static func text(in content: ViewContent) -> String? {
        switch content.kind {
        case .view(let t as Text): return t.text
        case .view(let m as ModifiedContent): return text(in: m.content)
        case .group(let parts): return parts.lazy.compactMap { text(in: $0) }.first
        case .branch(_, let inner), .keyed(_, let inner): return text(in: inner)
        default: return nil
        }
    }

    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node {
        let label = try resolver.node(self.label, at: id.slot("label"))
        let action = HandlerAction(location: location, environment: resolver.environment) { [action] _ in action() }
        // A destructive button is red, as SwiftUI draws it (its tint, which the style uses).
        return .modified(
            .button(label, ButtonLook(tint: role?.role == .destructive ? .systemRed : nil)),
            .gesture(GestureSpec(kind: .tap, updating: [], onChanged: [], onEnded: [.native(action.native)], location: location)))
    }
}

/// A button's role: in an alert, a destructive button is red and a cancel button bold.
public struct ButtonRole: Hashable, Sendable {
    let role: AlertSpec.ButtonSpec.Role
    public static let destructive = ButtonRole(role: .destructive), cancel = ButtonRole(role: .cancel)
}

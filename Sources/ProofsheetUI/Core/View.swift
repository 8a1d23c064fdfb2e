import ProofsheetCore
import ProofsheetScene

/// A piece of user interface, spelled as SwiftUI spells it: a team's own `struct ContentView:
/// View` compiles against this protocol unchanged.
///
/// Bodies are not built when a view is made: ``ViewResolver`` asks for a body when it reaches
/// the view, knowing the view's identity, so that the view's `@State` is the state kept for
/// that place (see ``State``).
@MainActor @preconcurrency
public protocol View {
    /// What this view is made of.
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { return fatalError("Never has no body") }
}

/// A view Proofsheet draws itself: it turns into scene-tree nodes, its content resolved at the
/// identities below its own.
@MainActor
protocol PrimitiveView: View where Body == Never {
    /// The scene-tree form of the view at `id`.
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node
}

extension PrimitiveView {
    public var body: Never { return fatalError("\(Self.self) is drawn by Proofsheet and has no body") }
}

/// What a ``ViewBuilder`` block builds: views in sequence, the branch an `if` took, the
/// elements of a `ForEach`. It is a view, so a block can stand wherever a view can.
public struct ViewContent: View {
    indirect enum Kind {
        case empty
        case view(any View)
        case group([ViewContent])
        case branch(String, ViewContent)
        case keyed(String, ViewContent)
    }
    let kind: Kind

    init(_ kind: Kind) { self.kind = kind }

    /// `view` as content (content stays as it is).
    static func of<V: View>(_ view: V) -> ViewContent {
        if let content = view as? ViewContent { return content }
        return ViewContent(.view(view))
    }

    public var body: Never { return fatalError("ViewContent is drawn by Proofsheet and has no body") }
}

/// SwiftUI's `@ViewBuilder`: `if`, `else`, `switch`, `for` and `if #available` in a block. The
/// branch an `if` took is kept: it is part of the identity of the views inside.
@resultBuilder @MainActor
public enum ViewBuilder {
    public static func buildExpression<V: View>(_ view: V) -> ViewContent { .of(view) }
    public static func buildBlock() -> ViewContent { ViewContent(.empty) }
    public static func buildBlock(_ content: ViewContent) -> ViewContent { content }
    public static func buildBlock(_ parts: ViewContent...) -> ViewContent { ViewContent(.group(parts)) }
    public static func buildOptional(_ part: ViewContent?) -> ViewContent {
        part.map { ViewContent(.branch("then", $0)) } ?? ViewContent(.branch("else", ViewContent(.empty)))
    }
    public static func buildEither(first: ViewContent) -> ViewContent { ViewContent(.branch("then", first)) }
    public static func buildEither(second: ViewContent) -> ViewContent { ViewContent(.branch("else", second)) }
    public static func buildArray(_ parts: [ViewContent]) -> ViewContent { ViewContent(.group(parts)) }
    public static func buildLimitedAvailability(_ content: ViewContent) -> ViewContent { content }
}

/// An optional view, as SwiftUI has it (`.overlay(shown ? Card() : nil)`): the view or nothing,
/// each a branch of the identity, as an `if` is.
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { return fatalError("an optional view is drawn by Proofsheet and has no body") }
}

extension Optional: PrimitiveView where Wrapped: View {
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node {
        switch self {
        case .some(let view): return .branch("then", try resolver.node(.of(view), at: id.branch("then")))
        case .none: return .branch("else", .empty)
        }
    }
}

/// Nothing.
public struct EmptyView: PrimitiveView {
    public init() {}
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node { .empty }
}

/// Views side by side with no container of their own: a modifier on the group applies to each.
public struct Group: PrimitiveView {
    let content: ViewContent
    public init(@ViewBuilder content: () -> ViewContent) { self.content = content() }
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node {
        let inner = try resolver.node(content, at: id)
        if case .group = inner { return inner }
        return .group([inner])
    }
}

/// A view of any type (SwiftUI's type eraser).
public struct AnyView: PrimitiveView {
    let content: ViewContent
    public init<V: View>(_ view: V) { content = .of(view) }
    public init<V: View>(erasing view: V) { content = .of(view) }
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node { try resolver.node(content, at: id) }
}

import Foundation
import ProofsheetCore
import ProofsheetScene

// SwiftUI's names that ProofsheetUI does not draw yet: each is a compile error that says so,
// never a view drawn blank. (Names SwiftUI spells two ways are given both.)

let notYet = "is not supported by ProofsheetUI yet"

@available(*, unavailable, message: "NavigationLink is not supported by ProofsheetUI yet: draw the destination as a screen of its own")
public struct NavigationLink: View {
    public init<D, L>(destination: D, @ViewBuilder label: () -> L) { fatalError() }
    public init<D>(_ title: String, destination: D) { fatalError() }
    public init<V, L>(value: V, @ViewBuilder label: () -> L) { fatalError() }
    public var body: Never { return fatalError() }
}
@available(*, unavailable, message: "TabView is not supported by ProofsheetUI yet: draw each tab as a screen of its own")
public struct TabView: View {
    public init<C>(@ViewBuilder content: () -> C) { fatalError() }
    public init<S, C>(selection: S, @ViewBuilder content: () -> C) { fatalError() }
    public var body: Never { return fatalError() }
}
@available(*, unavailable, message: "Picker is not supported by ProofsheetUI yet")
public struct Picker<Label, SelectionValue, Content> {}
@available(*, unavailable, message: "Slider is not supported by ProofsheetUI yet")
public struct Slider<Label, ValueLabel> {}
@available(*, unavailable, message: "Stepper is not supported by ProofsheetUI yet")
public struct Stepper<Label> {}
@available(*, unavailable, message: "DatePicker is not supported by ProofsheetUI yet")
public struct DatePicker<Label> {}
@available(*, unavailable, message: "ProgressView is not supported by ProofsheetUI yet")
public struct ProgressView<Label, CurrentValueLabel> {}
@available(*, unavailable, message: "Menu is not supported by ProofsheetUI yet")
public struct Menu<Label, Content> {}
@available(*, unavailable, message: "Canvas is not supported by ProofsheetUI yet")
public struct Canvas<Symbols> {}
@available(*, unavailable, message: "TimelineView is not supported by ProofsheetUI yet: a timeline's clock drives animations")
public struct TimelineView<Schedule, Content> {}
@available(*, unavailable, message: "LazyVGrid is not supported by ProofsheetUI yet")
public struct LazyVGrid<Content> {}
@available(*, unavailable, message: "LazyHGrid is not supported by ProofsheetUI yet")
public struct LazyHGrid<Content> {}
@available(*, unavailable, message: "Path is not supported by ProofsheetUI yet: use Rectangle, RoundedRectangle, Circle, Ellipse or Capsule")
public struct Path {}

extension View {
    @available(*, unavailable, message: "sheet is not supported by ProofsheetUI yet: draw the sheet's content as a screen of its own")
    public func sheet<Content>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, content: () -> Content) -> Never { fatalError() }
    @available(*, unavailable, message: "fullScreenCover is not supported by ProofsheetUI yet: draw the cover as a screen of its own")
    public func fullScreenCover<Content>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, content: () -> Content) -> Never {
        fatalError()
    }
    @available(*, unavailable, message: "matchedGeometryEffect is not supported by ProofsheetUI yet")
    public func matchedGeometryEffect<ID: Hashable>(id: ID, in namespace: Any, isSource: Bool = true) -> Never { fatalError() }
    @available(*, unavailable, message: "task is not supported by ProofsheetUI yet")
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping () async -> Void) -> Never { fatalError() }
    @available(*, unavailable, message: "searchable is not supported by ProofsheetUI yet")
    public func searchable(text: Binding<String>) -> Never { fatalError() }
    @available(*, unavailable, message: "refreshable is not supported by ProofsheetUI yet")
    public func refreshable(action: @escaping () async -> Void) -> Never { fatalError() }
    @available(*, unavailable, message: "contextMenu is not supported by ProofsheetUI yet")
    public func contextMenu<MenuItems>(menuItems: () -> MenuItems) -> Never { fatalError() }
    @available(*, unavailable, message: "swipeActions is not supported by ProofsheetUI yet: draw the row's actions with a drag gesture")
    public func swipeActions<T>(edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, content: () -> T) -> Never { fatalError() }
}

/// The leading or trailing edge.
public enum HorizontalEdge: Hashable, Sendable { case leading, trailing }

/// `NavigationView`, the older spelling of a navigation stack.
public struct NavigationView: PrimitiveView {
    let content: ViewContent
    public init(@ViewBuilder content: () -> ViewContent) { self.content = content() }
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node {
        try NavigationStack(root: { content }).node(in: resolver, at: id)
    }
}

/// `LazyVStack`: a stack (a still draws every row).
public struct LazyVStack: PrimitiveView {
    let stack: VStack
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> ViewContent) {
        stack = VStack(alignment: alignment, spacing: spacing, content: content)
    }
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node { try stack.node(in: resolver, at: id) }
}

/// `LazyHStack`: a stack (a still draws every column).
public struct LazyHStack: PrimitiveView {
    let stack: HStack
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> ViewContent) {
        stack = HStack(alignment: alignment, spacing: spacing, content: content)
    }
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node { try stack.node(in: resolver, at: id) }
}

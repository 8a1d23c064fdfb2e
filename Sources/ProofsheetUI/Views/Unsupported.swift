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
// Each has the initializers code most often calls, so that the compiler reaches the type and
// says why it is unavailable (a type with none would be "inaccessible" instead).
@available(*, unavailable, message: "Picker is not supported by ProofsheetUI yet")
public struct Picker: View {
    public init<S: StringProtocol, V, C>(_ title: S, selection: Binding<V>, @ViewBuilder content: () -> C) { fatalError() }
    public init<V, C, L>(selection: Binding<V>, @ViewBuilder content: () -> C, @ViewBuilder label: () -> L) { fatalError() }
    public var body: Never { return fatalError() }
}
@available(*, unavailable, message: "Slider is not supported by ProofsheetUI yet")
public struct Slider: View {
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1) { fatalError() }
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride) { fatalError() }
    public var body: Never { return fatalError() }
}
@available(*, unavailable, message: "Stepper is not supported by ProofsheetUI yet")
public struct Stepper: View {
    public init<S: StringProtocol, V: Strideable>(_ title: S, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1) { fatalError() }
    public init<S: StringProtocol, V: Strideable>(_ title: S, value: Binding<V>, step: V.Stride = 1) { fatalError() }
    public init<V: Strideable, L>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, @ViewBuilder label: () -> L) {
        fatalError()
    }
    public init<V: Strideable, L>(value: Binding<V>, step: V.Stride = 1, @ViewBuilder label: () -> L) { fatalError() }
    public init<L>(@ViewBuilder label: () -> L, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?) { fatalError() }
    public var body: Never { return fatalError() }
}
@available(*, unavailable, message: "DatePicker is not supported by ProofsheetUI yet")
public struct DatePicker: View {
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>) { fatalError() }
    public init<S: StringProtocol, C>(_ title: S, selection: Binding<Date>, displayedComponents: C) { fatalError() }
    public var body: Never { return fatalError() }
}
@available(*, unavailable, message: "ProgressView is not supported by ProofsheetUI yet")
public struct ProgressView: View {
    public init() { fatalError() }
    public init<S: StringProtocol>(_ title: S) { fatalError() }
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) { fatalError() }
    public var body: Never { return fatalError() }
}
@available(*, unavailable, message: "Menu is not supported by ProofsheetUI yet")
public struct Menu: View {
    public init<S: StringProtocol, C>(_ title: S, @ViewBuilder content: () -> C) { fatalError() }
    public init<C, L>(@ViewBuilder content: () -> C, @ViewBuilder label: () -> L) { fatalError() }
    public var body: Never { return fatalError() }
}
@available(*, unavailable, message: "EditButton is not supported by ProofsheetUI yet")
public struct EditButton: View {
    public init() { fatalError() }
    public var body: Never { return fatalError() }
}
@available(*, unavailable, message: "Canvas is not supported by ProofsheetUI yet")
public struct Canvas: View {
    public init(renderer: @escaping (inout Any, CGSize) -> Void) { fatalError() }
    public var body: Never { return fatalError() }
}
@available(*, unavailable, message: "TimelineView is not supported by ProofsheetUI yet: a timeline's clock drives animations")
public struct TimelineView: View {
    public init<S, C>(_ schedule: S, @ViewBuilder content: @escaping (Any) -> C) { fatalError() }
    public var body: Never { return fatalError() }
}
@available(*, unavailable, message: "LazyVGrid is not supported by ProofsheetUI yet")
public struct LazyVGrid: View {
    public init<C>(
        columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: Any? = nil,
        @ViewBuilder content: () -> C
    ) { fatalError() }
    public var body: Never { return fatalError() }
}
@available(*, unavailable, message: "LazyHGrid is not supported by ProofsheetUI yet")
public struct LazyHGrid: View {
    public init<C>(
        rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: Any? = nil,
        @ViewBuilder content: () -> C
    ) { fatalError() }
    public var body: Never { return fatalError() }
}
@available(*, unavailable, message: "GridItem is not supported by ProofsheetUI yet (no LazyVGrid or LazyHGrid)")
public struct GridItem {
    public enum Size {
        case fixed(CGFloat), flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity), adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }
    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) { fatalError() }
}
@available(*, unavailable, message: "Path is not supported by ProofsheetUI yet: use Rectangle, RoundedRectangle, Circle, Ellipse or Capsule")
public struct Path {
    public init() { fatalError() }
    public init(_ callback: (inout Path) -> Void) { fatalError() }
    public init(_ rect: CGRect) { fatalError() }
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) { fatalError() }
    public init(ellipseIn rect: CGRect) { fatalError() }
}
@available(
    *, unavailable,
    message: "ButtonStyle is not supported by ProofsheetUI yet: use .buttonStyle(.plain), .bordered or .borderedProminent, and style the label"
)
public protocol ButtonStyle {}
@available(*, unavailable, message: "contentTransition is not supported by ProofsheetUI yet")
public struct ContentTransition {
    public static var identity: ContentTransition { fatalError() }
    public static var opacity: ContentTransition { fatalError() }
    public static var interpolate: ContentTransition { fatalError() }
    public static func numericText(countsDown: Bool = false) -> ContentTransition { fatalError() }
    public static func numericText(value: Double) -> ContentTransition { fatalError() }
}

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
    @available(*, unavailable, message: "a custom ButtonStyle is not supported by ProofsheetUI yet: use .plain, .bordered or .borderedProminent")
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> Never { fatalError() }
    @available(
        *, unavailable,
        message: "disabled is not supported by ProofsheetUI yet (its look is not drawn): draw it, e.g. .opacity(0.4).allowsHitTesting(false)"
    )
    public func disabled(_ disabled: Bool) -> Never { fatalError() }
    @available(*, unavailable, message: "monospacedDigit is not supported by ProofsheetUI yet")
    public func monospacedDigit() -> Never { fatalError() }
    @available(*, unavailable, message: "contentTransition is not supported by ProofsheetUI yet")
    public func contentTransition(_ transition: ContentTransition) -> Never { fatalError() }
    @available(*, unavailable, message: "toolbarBackground is not supported by ProofsheetUI yet")
    public func toolbarBackground<S>(_ style: S, for bars: Any...) -> Never { fatalError() }
}

extension ForEach {
    @available(*, unavailable, message: "onDelete is not supported by ProofsheetUI yet: a row can go by a gesture of its own")
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> Never { fatalError() }
    @available(*, unavailable, message: "onMove is not supported by ProofsheetUI yet")
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> Never { fatalError() }
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

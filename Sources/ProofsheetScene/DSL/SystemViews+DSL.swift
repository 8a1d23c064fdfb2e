import ProofsheetCore

// MARK: - System views in the DSL (built by ``SystemViews``, like the scene format's)

/// A list of rows in sections, drawn in `style` (`.automatic`: inset-grouped, as iOS draws a
/// list that sets no style) and scrolled `contentOffset` points. SwiftUI sets the style with
/// `.listStyle(_:)`; here it is an argument.
public struct List: PrimitiveView {
    public let node: Node
    public init(style: ListStyle = .automatic, contentOffset: Double = 0, @ViewBuilder content: () -> Node) {
        node = SystemViews.list(style: style, offset: contentOffset, children: [content()])
    }
}

/// A form: on iOS, an inset-grouped list of sections (SwiftUI's `Form`).
public struct Form: PrimitiveView {
    public let node: Node
    public init(contentOffset: Double = 0, @ViewBuilder content: () -> Node) {
        node = SystemViews.list(style: .insetGrouped, offset: contentOffset, children: [content()])
    }
}

/// A list's group of rows, with a header and a footer.
public struct Section: PrimitiveView {
    public let node: Node
    /// A section with a text header.
    public init(_ header: String, @ViewBuilder content: () -> Node) {
        node = .section(header: .text(header), footer: .empty, children: [content()])
    }
    public init(@ViewBuilder content: () -> Node, @ViewBuilder header: () -> Node = { .empty }, @ViewBuilder footer: () -> Node = { .empty }) {
        node = .section(header: header(), footer: footer(), children: [content()])
    }
}

/// Content stacked along `axis` at its ideal length, shown from `contentOffset` points in,
/// clipped to the scroll view's frame.
public struct ScrollView: PrimitiveView {
    public let node: Node
    public init(_ axis: Axis = .vertical, contentOffset: Double = 0, @ViewBuilder content: () -> Node) {
        node = .scrollView(axis: axis, offset: contentOffset, children: [content()])
    }
}

/// A one-pixel line across its stack's axis.
public struct Divider: PrimitiveView {
    public init() {}
    public var node: Node { .divider }
}

/// An icon and a title.
public struct Label: PrimitiveView {
    public let node: Node
    public init(_ title: String, systemImage: String) {
        node = SystemViews.label(title: .text(title), icon: .symbol(name: systemImage))
    }
    public init(@ViewBuilder title: () -> Node, @ViewBuilder icon: () -> Node) {
        node = SystemViews.label(title: title(), icon: icon())
    }
}

/// A switch as it looks on or off, after its label.
public struct Toggle: PrimitiveView {
    public let node: Node
    public init(_ title: String, isOn: Bool) { node = SystemViews.toggle(label: .text(title), isOn: isOn) }
    public init(isOn: Bool, @ViewBuilder label: () -> Node) { node = SystemViews.toggle(label: label(), isOn: isOn) }
}

/// A text field's look: its text, or the prompt when the text is empty.
public struct TextField: PrimitiveView {
    /// `.textFieldStyle(_:)`.
    public enum Style: Sendable { case automatic, plain, roundedBorder }
    public let node: Node
    public init(_ prompt: String, text: String, style: Style = .automatic) {
        node = SystemViews.textField(prompt: prompt, text: text, roundedBorder: style == .roundedBorder)
    }
}

/// A toolbar item: a view and where it goes in the navigation bar.
public struct ToolbarItem: Sendable {
    public let placement: ToolbarPlacement
    public let content: Node
    public init(placement: ToolbarPlacement = .topBarTrailing, @ViewBuilder content: () -> Node) {
        self.placement = placement; self.content = content()
    }
}

/// A navigation stack showing its first screen under its navigation bar. SwiftUI sets the
/// title, toolbar and `.toolbar(.hidden)` with modifiers on the screen; here they are arguments.
public struct NavigationStack: PrimitiveView {
    public let node: Node
    public init(
        title: String = "", titleDisplayMode: TitleDisplayMode = .automatic, toolbar: [ToolbarItem] = [], toolbarHidden: Bool = false,
        @ViewBuilder content: () -> Node
    ) {
        let bar = NavigationBarSpec(
            title: title, displayMode: titleDisplayMode, items: toolbar.map { ($0.placement, $0.content) }, hidden: toolbarHidden)
        node = SystemViews.navigationStack(bar, content: content())
    }
}

/// A button of an alert.
public struct AlertButton: Sendable {
    public let title: String
    public let role: AlertSpec.ButtonSpec.Role
    public init(_ title: String, role: AlertSpec.ButtonSpec.Role = .normal) { self.title = title; self.role = role }
}

extension View {
    /// The alert shown over the screen while `isPresented` (a still has no taps: the buttons
    /// only look).
    public func alert(_ title: String, isPresented: Bool, message: String = "", buttons: [AlertButton] = [AlertButton("OK")]) -> ModifiedView {
        let spec = AlertSpec(
            binding: "isPresented", title: title, message: message,
            buttons: buttons.map { AlertSpec.ButtonSpec(title: $0.title, role: $0.role, actions: [], id: nil) },
            location: SourceLocation(file: nil, path: "$", line: 0, column: 0))
        return ModifiedView(spec.presenting(on: node, presented: isPresented))
    }
}

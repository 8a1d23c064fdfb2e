import Foundation
import ProofsheetCore
import ProofsheetScene

// iOS's system views, drawn by the engine's ``SystemViews`` as the scene format draws them.

/// A list of rows in sections (inset-grouped unless `.listStyle(.plain)`).
public struct List: PrimitiveView {
    let content: ViewContent
    public init(@ViewBuilder content: () -> ViewContent) { self.content = content() }
    public init<Data: RandomAccessCollection, ID: Hashable>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: (Data.Element) -> ViewContent
    ) {
        content = .of(ForEach(data, id: id, content: rowContent))
    }
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node {
        let style = resolver.listStyle
        // The rows choose no style of their own: a list inside is inset-grouped again.
        resolver.listStyle = .automatic
        let inList = resolver.inList
        resolver.inList = true
        defer { resolver.listStyle = style; resolver.inList = inList }
        return SystemViews.list(style: style, children: [try resolver.node(content, at: id)])
    }
}

extension List {
    public init<Data: RandomAccessCollection>(_ data: Data, @ViewBuilder rowContent: (Data.Element) -> ViewContent)
    where Data.Element: Identifiable {
        content = .of(ForEach(data, id: \.id, content: rowContent))
    }
}

/// A form: an inset-grouped list of sections.
public struct Form: PrimitiveView {
    let content: ViewContent
    public init(@ViewBuilder content: () -> ViewContent) { self.content = content() }
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node {
        let inList = resolver.inList
        resolver.inList = true
        defer { resolver.inList = inList }
        return SystemViews.list(style: .insetGrouped, children: [try resolver.node(content, at: id)])
    }
}

/// A list's group of rows, with a header and a footer.
public struct Section: PrimitiveView {
    let header: ViewContent, footer: ViewContent, content: ViewContent
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> ViewContent) {
        header = .of(Text(String(title))); footer = ViewContent(.empty); self.content = content()
    }
    public init(
        @ViewBuilder content: () -> ViewContent, @ViewBuilder header: () -> ViewContent = { ViewBuilder.buildBlock() },
        @ViewBuilder footer: () -> ViewContent = { ViewBuilder.buildBlock() }
    ) {
        self.header = header(); self.footer = footer(); self.content = content()
    }
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node {
        .section(
            header: try resolver.node(header, at: id.slot("header")), footer: try resolver.node(footer, at: id.slot("footer")),
            children: [try resolver.node(content, at: id)])
    }
}

/// Content stacked along `axis` at its ideal length, clipped to the scroll view (shown at the
/// top: a still is not scrolled).
public struct ScrollView: PrimitiveView {
    let axis: Axis, content: ViewContent
    public init(_ axes: Axis = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> ViewContent) {
        axis = axes; self.content = content()
    }
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node {
        .scrollView(axis: axis, offset: 0, children: [try resolver.node(content, at: id)])
    }
}

/// An icon and a title.
public struct Label: PrimitiveView {
    let title: ViewContent, icon: ViewContent
    public init<S: StringProtocol>(_ title: S, systemImage: String) {
        self.title = .of(Text(String(title))); icon = .of(Image(systemName: systemImage))
    }
    public init(@ViewBuilder title: () -> ViewContent, @ViewBuilder icon: () -> ViewContent) {
        self.title = title(); self.icon = icon()
    }
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node {
        SystemViews.label(
            title: try resolver.node(title, at: id.slot("title")), icon: try resolver.node(icon, at: id.slot("icon")), inList: resolver.inList)
    }
}

/// A switch after its label; a tap flips it.
public struct Toggle: PrimitiveView {
    let label: ViewContent
    let isOn: Binding<Bool>
    let location: SourceLocation
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>, fileID: String = #fileID, line: Int = #line) {
        label = .of(Text(String(title))); self.isOn = isOn
        location = SourceLocation(file: fileID, path: "", line: line, column: 1)
    }
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> ViewContent, fileID: String = #fileID, line: Int = #line) {
        self.label = label(); self.isOn = isOn
        location = SourceLocation(file: fileID, path: "", line: line, column: 1)
    }
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node {
        let binding = isOn
        let flip = HandlerAction(location: location, environment: resolver.environment) { _ in binding.wrappedValue.toggle() }
        return .modified(
            SystemViews.toggle(
                label: try resolver.node(label, at: id.slot("label")), isOn: isOn.wrappedValue, labelHidden: resolver.labelsHidden),
            .gesture(GestureSpec(kind: .tap, updating: [], onChanged: [], onEnded: [.native(flip.native)], location: location)))
    }
}

/// A text field as it looks: its text, or the prompt when the text is empty (no keyboard here).
public struct TextField: PrimitiveView {
    let prompt: String, text: Binding<String>
    var roundedBorder = false
    public init<S: StringProtocol>(_ prompt: S, text: Binding<String>) { self.prompt = String(prompt); self.text = text }
    public func textFieldStyle(_ style: TextFieldStyleKind) -> TextField {
        var t = self
        t.roundedBorder = style == .roundedBorder
        return t
    }
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node {
        SystemViews.textField(prompt: prompt, text: text.wrappedValue, roundedBorder: roundedBorder)
    }
}

/// A text field's style.
public enum TextFieldStyleKind: Hashable, Sendable { case automatic, plain, roundedBorder }

/// A navigation stack showing its first screen under its navigation bar; the screen sets the
/// bar with `.navigationTitle`, `.navigationBarTitleDisplayMode` and `.toolbar`.
public struct NavigationStack: PrimitiveView {
    let content: ViewContent
    public init(@ViewBuilder root: () -> ViewContent) { content = root() }
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node {
        let outer = resolver.navigationBar
        resolver.navigationBar = NavigationBarSpec()
        defer { resolver.navigationBar = outer }
        let content = try resolver.node(self.content, at: id.slot("content"))
        return SystemViews.navigationStack(resolver.navigationBar ?? NavigationBarSpec(), content: content)
    }
}

/// An item of a navigation bar.
public struct ToolbarItem: PrimitiveView {
    let placement: ToolbarItemPlacement, content: ViewContent
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> ViewContent) {
        self.placement = placement; self.content = content()
    }
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node { try resolver.node(content, at: id) }
}

/// Where a toolbar item goes.
public enum ToolbarItemPlacement: Hashable, Sendable {
    case automatic, topBarLeading, topBarTrailing, principal, navigationBarLeading, navigationBarTrailing
    var placement: ToolbarPlacement {
        switch self {
        case .topBarLeading, .navigationBarLeading: return .topBarLeading
        case .principal: return .principal
        default: return .topBarTrailing
        }
    }
}

/// Whether a bar shows.
public enum Visibility: Hashable, Sendable { case automatic, visible, hidden }
/// The bars `.toolbar(_:for:)` sets.
public enum ToolbarPlacementKind: Hashable, Sendable { case navigationBar, automatic }

/// How a navigation title is drawn.
public enum NavigationBarItem {
    public enum TitleDisplayMode: Hashable, Sendable { case automatic, inline, large }
}

/// A list's style.
public struct ListStyleKind: Hashable, Sendable {
    let style: ListStyle
    public static let automatic = ListStyleKind(style: .automatic), plain = ListStyleKind(style: .plain)
    public static let insetGrouped = ListStyleKind(style: .insetGrouped), grouped = ListStyleKind(style: .insetGrouped)
    public static let inset = ListStyleKind(style: .insetGrouped)
}

extension View {
    /// The style of the lists inside.
    /// The controls inside without their labels (a toggle is its switch alone).
    public func labelsHidden() -> ModifiedContent {
        ModifiedContent(
            self,
            .scoped { resolver in
                let outer = resolver.labelsHidden
                resolver.labelsHidden = true
                return { resolver.labelsHidden = outer }
            })
    }
    public func listStyle(_ style: ListStyleKind) -> ModifiedContent {
        ModifiedContent(
            self,
            .scoped { resolver in
                let outer = resolver.listStyle
                resolver.listStyle = style.style
                return { resolver.listStyle = outer }
            })
    }
    /// The title of the navigation bar of the stack this view is in.
    public func navigationTitle<S: StringProtocol>(_ title: S) -> ModifiedContent {
        let title = String(title)
        return ModifiedContent(
            self,
            .resolved { node, resolver, _ in
                resolver.navigationBar?.title = title
                return node
            })
    }
    public func navigationBarTitleDisplayMode(_ mode: NavigationBarItem.TitleDisplayMode) -> ModifiedContent {
        ModifiedContent(
            self,
            .resolved { node, resolver, _ in
                resolver.navigationBar?.displayMode = mode == .inline ? .inline : mode == .large ? .large : .automatic
                return node
            })
    }
    /// `.toolbar(.hidden, for: .navigationBar)`.
    public func toolbar(_ visibility: Visibility, for bars: ToolbarPlacementKind...) -> ModifiedContent {
        ModifiedContent(
            self,
            .resolved { node, resolver, _ in
                resolver.navigationBar?.hidden = visibility == .hidden
                return node
            })
    }
    /// Items of the navigation bar.
    public func toolbar(@ViewBuilder content: @escaping @MainActor () -> ViewContent) -> ModifiedContent {
        ModifiedContent(
            self,
            .resolved { node, resolver, id in
                var items: [(placement: ToolbarPlacement, view: Node)] = []
                @MainActor func collect(_ c: ViewContent, _ at: ViewID) throws {
                    switch c.kind {
                    case .group(let parts): for (i, p) in parts.enumerated() { try collect(p, at.child(i)) }
                    case .view(let v as ToolbarItem): items.append((v.placement.placement, try resolver.node(v.content, at: at)))
                    case .view(let v): items.append((.topBarTrailing, try resolver.node(v, at: at)))
                    case .branch(let b, let inner): try collect(inner, at.branch(b))
                    case .keyed(let k, let inner): try collect(inner, at.key(k))
                    case .empty: break
                    }
                }
                try collect(content(), id.slot("toolbar"))
                resolver.navigationBar?.items += items
                return node
            })
    }
}

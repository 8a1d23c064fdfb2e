import Foundation
import ProofsheetCore
import ProofsheetMotion
import ProofsheetScene

/// A view with a modifier applied (what every modifier method returns).
public struct ModifiedContent: PrimitiveView {
    let content: ViewContent
    let modifier: ViewModifierKind

    init<V: View>(_ view: V, _ modifier: ViewModifierKind) {
        content = .of(view); self.modifier = modifier
    }

    /// The view under the modifiers, then each modifier from the view outwards: the `k`th has
    /// identity `id:k`, and a modifier's content (a background) is at `id:k/background`, as the
    /// engine counts them.
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node {
        var chain: [ViewModifierKind] = [modifier]
        var base = content
        while case .view(let inner) = base.kind, let modified = inner as? ModifiedContent {
            chain.append(modified.modifier)
            base = modified.content
        }
        // Values set for what is inside (`.listStyle`) are in effect while the view is built.
        var restores: [@MainActor () -> Void] = []
        for m in chain { if case .scoped(let set) = m { restores.append(set(resolver)) } }
        defer { for restore in restores.reversed() { restore() } }
        var node = try resolver.node(base, at: id)
        for (k, m) in chain.reversed().enumerated() {
            node = try m.apply(to: node, resolver, at: id.modifier(k))
        }
        return node
    }
}

/// What a modifier does to the node of the view under it.
enum ViewModifierKind {
    /// A modifier the engine has as it is.
    case plain(Modifier)
    /// A modifier with content of its own (a background, an overlay, a safe-area inset), built at
    /// `slot` under the modifier's identity.
    case content(slot: String, ViewContent, make: (Node) -> Modifier)
    /// A modifier that builds its node when it is reached (a gesture's handlers see the
    /// environment there).
    case resolved(@MainActor (Node, ViewResolver, ViewID) throws -> Node)
    /// A value for the views inside, set while they are built; the function sets it and gives
    /// back what puts the old value back. The modifier itself is no node.
    case scoped(@MainActor (ViewResolver) -> @MainActor () -> Void)

    @MainActor func apply(to node: Node, _ resolver: ViewResolver, at id: ViewID) throws -> Node {
        switch self {
        case .scoped: return node
        case .plain(let m): return .modified(node, m)
        case .content(let slot, let content, let make): return .modified(node, make(try resolver.node(content, at: id.slot(slot))))
        case .resolved(let build): return try build(node, resolver, id)
        }
    }
}

/// An edge set, SwiftUI's `Edge.Set`.
public enum Edge: Hashable, Sendable {
    case top, leading, bottom, trailing
    public typealias Set = Edges
}

extension View {
    func modified(_ m: Modifier) -> ModifiedContent { ModifiedContent(self, .plain(m)) }
    func environmentChange(_ change: EnvironmentChange) -> ModifiedContent { modified(.environment(change)) }

    // MARK: Layout

    public func padding(_ length: CGFloat? = nil) -> ModifiedContent { modified(.padding(EdgeInsets(all: Double(length ?? 16)))) }
    public func padding(_ edges: Edges, _ length: CGFloat? = nil) -> ModifiedContent {
        modified(.padding(EdgeInsets(edges: edges, length: Double(length ?? 16))))
    }
    public func padding(_ insets: EdgeInsets) -> ModifiedContent { modified(.padding(insets)) }
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> ModifiedContent {
        modified(.frame(width: width.map(Double.init), height: height.map(Double.init), alignment: alignment))
    }
    public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
        minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
        alignment: Alignment = .center
    ) -> ModifiedContent {
        modified(
            .flexFrame(
                FlexFrame(
                    minWidth: minWidth.map(Double.init), idealWidth: idealWidth.map(Double.init), maxWidth: maxWidth.map(Double.init),
                    minHeight: minHeight.map(Double.init), idealHeight: idealHeight.map(Double.init), maxHeight: maxHeight.map(Double.init),
                    alignment: alignment)))
    }
    public func aspectRatio(_ ratio: CGFloat? = nil, contentMode: ContentMode) -> ModifiedContent {
        modified(.aspectRatio(ratio.map(Double.init), contentMode))
    }
    public func scaledToFill() -> ModifiedContent { aspectRatio(contentMode: .fill) }
    public func scaledToFit() -> ModifiedContent { aspectRatio(contentMode: .fit) }
    public func layoutPriority(_ priority: Double) -> ModifiedContent { modified(.layoutPriority(priority)) }
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edges = .all) -> ModifiedContent {
        modified(.ignoresSafeArea(edges))
    }
    public func edgesIgnoringSafeArea(_ edges: Edges) -> ModifiedContent { modified(.ignoresSafeArea(edges)) }
    public func fixedSize() -> ModifiedContent { modified(.fixedSize(horizontal: true, vertical: true)) }
    public func fixedSize(horizontal: Bool, vertical: Bool) -> ModifiedContent { modified(.fixedSize(horizontal: horizontal, vertical: vertical)) }
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent { modified(.position(x: Double(x), y: Double(y))) }
    public func position(_ point: CGPoint) -> ModifiedContent { position(x: point.x, y: point.y) }
    /// A name for the view, so touches, tests and tools can find it (not its identity).
    public func id<ID: Hashable>(_ id: ID) -> ModifiedContent { modified(.id(String(describing: id))) }
    public func accessibilityIdentifier(_ identifier: String) -> ModifiedContent { modified(.id(identifier)) }

    // MARK: Layers

    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> ModifiedContent {
        ModifiedContent(self, .content(slot: "background", .of(content()), make: { .background($0, alignment: alignment) }))
    }
    public func background<V: View>(_ view: V, alignment: Alignment = .center) -> ModifiedContent {
        ModifiedContent(self, .content(slot: "background", .of(view), make: { .background($0, alignment: alignment) }))
    }
    /// A style behind the view, reaching into the safe area where the view meets it, as
    /// SwiftUI's `.background(.green)` does.
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edges = .all) -> ModifiedContent {
        styleBackground(style, edges)
    }
    public func background(_ color: Color, ignoresSafeAreaEdges edges: Edges = .all) -> ModifiedContent { styleBackground(color, edges) }
    public func background(_ material: Material, ignoresSafeAreaEdges edges: Edges = .all) -> ModifiedContent {
        styleBackground(material, edges)
    }
    func styleBackground<S: ShapeStyle>(_ style: S, _ edges: Edges) -> ModifiedContent {
        modified(.background(.modified(Self.fill(style, .rectangle), .ignoresSafeArea(edges)), alignment: .center))
    }
    /// A style in a shape behind the view, within its frame.
    public func background<S: ShapeStyle, Sh: Shape>(_ style: S, in shape: Sh) -> ModifiedContent {
        modified(.background(Self.fill(style, shape.kind), alignment: .center))
    }
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> ModifiedContent {
        ModifiedContent(self, .content(slot: "overlay", .of(content()), make: { .overlay($0, alignment: alignment) }))
    }
    public func overlay<V: View>(_ view: V, alignment: Alignment = .center) -> ModifiedContent {
        ModifiedContent(self, .content(slot: "overlay", .of(view), make: { .overlay($0, alignment: alignment) }))
    }
    public func safeAreaInset<V: View>(
        edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> V
    ) -> ModifiedContent {
        ModifiedContent(
            self,
            .content(
                slot: "inset", .of(content()),
                make: {
                    .safeAreaInset(edge: edge == .top ? .top : .bottom, alignment: alignment.fraction, spacing: Double(spacing ?? 0), content: $0)
                }))
    }

    static func fill<S: ShapeStyle>(_ style: S, _ kind: ShapeKind) -> Node {
        if let m = style.material { return .material(m, in: kind) }
        if kind == .rectangle, let p = style.paint { return .paint(p) }
        return .shape(kind, fill: style.paint)
    }

    // MARK: Clipping and effects

    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> ModifiedContent {
        modified(.clipShape(.roundedRectangle(radius: Double(radius), continuous: true)))
    }
    public func clipShape<S: Shape>(_ shape: S) -> ModifiedContent { modified(.clipShape(shape.kind)) }
    public func clipped(antialiased: Bool = false) -> ModifiedContent { modified(.clipped) }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent { modified(.offset(x: Double(x), y: Double(y))) }
    public func offset(_ size: CGSize) -> ModifiedContent { offset(x: size.width, y: size.height) }
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> ModifiedContent {
        modified(.scaleEffect(x: Double(s), y: Double(s), anchor: anchor))
    }
    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> ModifiedContent {
        modified(.scaleEffect(x: Double(x), y: Double(y), anchor: anchor))
    }
    public func scaleEffect(_ size: CGSize, anchor: UnitPoint = .center) -> ModifiedContent {
        scaleEffect(x: size.width, y: size.height, anchor: anchor)
    }
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> ModifiedContent {
        modified(.rotationEffect(degrees: angle.degrees, anchor: anchor))
    }
    public func opacity(_ value: Double) -> ModifiedContent { modified(.opacity(min(max(value, 0), 1))) }
    public func shadow(color: Color = Color.black.opacity(0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent {
        modified(.shadow(Shadow(color: color.value, radius: Double(radius), x: Double(x), y: Double(y))))
    }
    public func blur(radius: CGFloat, opaque: Bool = false) -> ModifiedContent { modified(.blur(radius: Double(radius))) }
    public func zIndex(_ value: Double) -> ModifiedContent { modified(.zIndex(value)) }
    public func hidden() -> ModifiedContent { modified(.hidden) }

    // MARK: Motion and touches

    /// `.animation(_:value:)`: changes of this view and what is inside it, in transactions
    /// where `value` changed, are animated with `animation` (nil: not animated).
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> ModifiedContent {
        modified(.animation(ImplicitAnimation(animation, value: String(reflecting: value))))
    }
    /// The old `.animation(_:)`: every change inside is animated.
    public func animation(_ animation: Animation?) -> ModifiedContent { modified(.animation(ImplicitAnimation(animation, value: nil))) }
    public func transition(_ t: AnyTransition) -> ModifiedContent { modified(.transition(t.value)) }
    public func allowsHitTesting(_ enabled: Bool) -> ModifiedContent { modified(.allowsHitTesting(enabled)) }
    public func contentShape<S: Shape>(_ shape: S) -> ModifiedContent { modified(.contentShape(shape.kind)) }

    /// `action` runs when the view appears: at the start of a timeline for the views there,
    /// and right after the change of state that brings a view in (in that change's
    /// transaction); again if the view leaves and comes back. A still is drawn after it ran.
    public func onAppear(perform action: (@MainActor () -> Void)? = nil) -> ModifiedContent {
        lifecycle(action.map { action in .appear(Handler { _ in action() }) })
    }
    /// `action` runs right after the change of state that takes the view away.
    public func onDisappear(perform action: (@MainActor () -> Void)? = nil) -> ModifiedContent {
        lifecycle(action.map { action in .disappear(Handler { _ in action() }) })
    }
    /// `action` runs with the old and the new value right after a change of state in which
    /// `value` changed (and when the view appears, with `initial`).
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping @MainActor (V, V) -> Void) -> ModifiedContent {
        lifecycle(
            .change(
                ChangeWatch(value: value, same: { ($0 as? V) == value }, initial: initial) { old, new in
                    if let old = old as? V, let new = new as? V { action(old, new) }
                }))
    }
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping @MainActor () -> Void) -> ModifiedContent {
        onChange(of: value, initial: initial) { (_: V, _: V) in action() }
    }
    /// The older spelling: `action` gets the new value.
    public func onChange<V: Equatable>(of value: V, perform action: @escaping @MainActor (V) -> Void) -> ModifiedContent {
        onChange(of: value, initial: false) { (_: V, new: V) in action(new) }
    }

    func lifecycle(_ event: Lifecycle?) -> ModifiedContent {
        ModifiedContent(
            self,
            .resolved { node, resolver, id in
                if let event { resolver.watch(at: id, event) }
                return node
            })
    }

    // MARK: Environment

    public func foregroundColor(_ color: Color?) -> ModifiedContent {
        color.map { environmentChange(.foreground(.color($0.value))) } ?? ModifiedContent(self, .resolved { node, _, _ in node })
    }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> ModifiedContent {
        environmentChange(.foreground(style.paint ?? .color(ProofsheetCore.Color.primary)))
    }
    public func foregroundStyle(_ color: Color) -> ModifiedContent { environmentChange(.foreground(.color(color.value))) }
    public func font(_ font: Font?) -> ModifiedContent { environmentChange(.font((font ?? .body).spec)) }
    public func fontWeight(_ weight: Font.Weight?) -> ModifiedContent { environmentChange(.fontWeight((weight ?? .regular).value)) }
    public func fontDesign(_ design: Font.Design?) -> ModifiedContent { environmentChange(.fontDesign(design ?? .default)) }
    public func bold(_ isActive: Bool = true) -> ModifiedContent { environmentChange(.fontWeight(isActive ? 700 : 400)) }
    public func italic(_ isActive: Bool = true) -> ModifiedContent { environmentChange(.italic(isActive)) }
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> ModifiedContent { environmentChange(.underline(isActive)) }
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> ModifiedContent { environmentChange(.strikethrough(isActive)) }
    public func kerning(_ points: CGFloat) -> ModifiedContent { environmentChange(.tracking(Double(points))) }
    public func tracking(_ points: CGFloat) -> ModifiedContent { environmentChange(.tracking(Double(points))) }
    public func lineSpacing(_ points: CGFloat) -> ModifiedContent { environmentChange(.lineSpacing(Double(points))) }
    public func multilineTextAlignment(_ alignment: TextAlignment) -> ModifiedContent { environmentChange(.multilineTextAlignment(alignment)) }
    public func lineLimit(_ number: Int?) -> ModifiedContent { environmentChange(.lineLimit(number)) }
    public func textCase(_ textCase: Text.Case?) -> ModifiedContent { environmentChange(.textCase(textCase)) }
    public func tint(_ color: Color?) -> ModifiedContent {
        color.map { environmentChange(.tint($0.value)) } ?? ModifiedContent(self, .resolved { node, _, _ in node })
    }
    public func accentColor(_ color: Color?) -> ModifiedContent { tint(color) }
    public func preferredColorScheme(_ scheme: ColorScheme?) -> ModifiedContent { environmentChange(.preferredColorScheme(scheme)) }
    public func dynamicTypeSize(_ size: DynamicTypeSize) -> ModifiedContent { environmentChange(.dynamicTypeSize(size...size)) }
    public func dynamicTypeSize(_ range: ClosedRange<DynamicTypeSize>) -> ModifiedContent { environmentChange(.dynamicTypeSize(range)) }
    public func buttonStyle(_ style: ButtonStyleKind) -> ModifiedContent { environmentChange(.buttonStyle(style.style)) }
    public func buttonBorderShape(_ shape: ButtonBorderShape) -> ModifiedContent { environmentChange(.buttonBorderShape(shape.shape)) }
    public func controlSize(_ size: ControlSize) -> ModifiedContent { environmentChange(.controlSize(size.size)) }
    /// `.environment(\.colorScheme, .dark)` and the other values the engine draws by.
    /// `.environment(\.colorScheme, .dark)`: the value for the views inside, as their
    /// `@Environment` reads it, and as the engine draws them (colour scheme, text size,
    /// direction).
    public func environment<V>(_ path: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> ModifiedContent {
        let drawn: ModifiedContent
        switch value {
        case let scheme as ColorScheme where path == \EnvironmentValues.colorScheme: drawn = environmentChange(.colorScheme(scheme))
        case let size as DynamicTypeSize where path == \EnvironmentValues.dynamicTypeSize: drawn = environmentChange(.dynamicTypeSize(size...size))
        case let direction as LayoutDirection where path == \EnvironmentValues.layoutDirection: drawn = environmentChange(.layoutDirection(direction))
        default: drawn = ModifiedContent(self, .resolved { node, _, _ in node })
        }
        nonisolated(unsafe) let path = path
        let value = UncheckedBox(value)
        return ModifiedContent(
            drawn,
            .scoped { resolver in
                let outer = resolver.access.environment
                resolver.access.environment[keyPath: path] = value.value
                return { resolver.access.environment = outer }
            })
    }
    public func flipsForRightToLeftLayoutDirection(_ enabled: Bool) -> ModifiedContent { modified(.flipsForRightToLeftLayoutDirection(enabled)) }

    /// `.environmentObject(model)`: the model for the views inside, as their
    /// `@EnvironmentObject` of its type reads it.
    /// `.environment(model)`: an `@Observable` model (its class an `ObservableObject` as
    /// `proofsheet swiftui` compiles it) for `@Environment(Model.self)` below.
    public func environment<T: ObservableObject>(_ object: T) -> ModifiedContent { environmentObject(object) }

    public func environmentObject<T: ObservableObject>(_ object: T) -> ModifiedContent {
        let handle = ObjectHandle(object: object)
        return ModifiedContent(
            ModifiedContent(self, .resolved { node, _, _ in node }),
            .scoped { resolver in
                let outer = resolver.access.environment
                resolver.access.environment.objects[ObjectIdentifier(T.self)] = handle
                return { resolver.access.environment = outer }
            })
    }
}

/// Which safe areas a view ignores (the keyboard's is never shown here).
public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let container = SafeAreaRegions(rawValue: 1), keyboard = SafeAreaRegions(rawValue: 2)
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

/// The top or the bottom edge.
public enum VerticalEdge: Hashable, Sendable { case top, bottom }

/// A button style: `.plain`, `.bordered`, `.borderedProminent`.
public struct ButtonStyleKind: Hashable, Sendable {
    let style: ButtonLook.Style
    public static let automatic = ButtonStyleKind(style: .automatic), plain = ButtonStyleKind(style: .plain)
    public static let borderless = ButtonStyleKind(style: .automatic)
    public static let bordered = ButtonStyleKind(style: .bordered), borderedProminent = ButtonStyleKind(style: .borderedProminent)
}

/// The shape of bordered buttons: `.capsule`, `.roundedRectangle(radius: 25)`.
public struct ButtonBorderShape: Hashable, Sendable {
    let shape: ButtonLook.BorderShape
    public static let automatic = ButtonBorderShape(shape: .automatic), capsule = ButtonBorderShape(shape: .capsule)
    public static let roundedRectangle = ButtonBorderShape(shape: .roundedRectangle(radius: nil))
    public static func roundedRectangle(radius: CGFloat) -> ButtonBorderShape { ButtonBorderShape(shape: .roundedRectangle(radius: Double(radius))) }
}

/// The size of controls: `.mini` to `.extraLarge`.
public struct ControlSize: Hashable, Sendable {
    let size: ButtonLook.ControlSize
    public static let mini = ControlSize(size: .mini), small = ControlSize(size: .small), regular = ControlSize(size: .regular)
    public static let large = ControlSize(size: .large), extraLarge = ControlSize(size: .extraLarge)
}

/// An angle, for rotations.
nonisolated public struct Angle: Hashable, Sendable, Comparable {
    public var radians: Double
    public var degrees: Double { radians * 180 / .pi }
    public init() { radians = 0 }
    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { radians = degrees * .pi / 180 }
    public static func degrees(_ d: Double) -> Angle { Angle(degrees: d) }
    public static func radians(_ r: Double) -> Angle { Angle(radians: r) }
    public static let zero = Angle()
    public static func < (a: Angle, b: Angle) -> Bool { a.radians < b.radians }
}

/// How a view appears and disappears (SwiftUI's `AnyTransition`).
nonisolated public struct AnyTransition: Sendable {
    let value: Transition
    init(_ value: Transition) { self.value = value }
    public static let identity = AnyTransition(.identity), opacity = AnyTransition(.opacity), slide = AnyTransition(.slide)
    public static let scale = AnyTransition(.scale(0, anchor: .center))
    public static func scale(scale: Double, anchor: UnitPoint = .center) -> AnyTransition { AnyTransition(.scale(scale, anchor: anchor)) }
    public static func move(edge: Edge) -> AnyTransition { AnyTransition(.move(edge.transitionEdge)) }
    public static func push(from edge: Edge) -> AnyTransition { AnyTransition(.push(from: edge.transitionEdge)) }
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition { AnyTransition(.offset(x: Double(x), y: Double(y))) }
    public static func offset(_ size: CGSize) -> AnyTransition { offset(x: size.width, y: size.height) }
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(.asymmetric(insertion: insertion.value, removal: removal.value))
    }
    public func combined(with other: AnyTransition) -> AnyTransition { AnyTransition(.combined(value, other.value)) }
    public func animation(_ animation: Animation?) -> AnyTransition { animation.map { AnyTransition(.animated(value, $0)) } ?? self }
}

extension Edge {
    var transitionEdge: Transition.Edge {
        switch self {
        case .top: return .top
        case .leading: return .leading
        case .bottom: return .bottom
        case .trailing: return .trailing
        }
    }
}

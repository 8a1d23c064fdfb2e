import ProofsheetCore
import ProofsheetMotion

/// SwiftUI's modifiers, each wrapping the view in a `Node.modified`.
extension View {
    public func modifier(_ m: Modifier) -> ModifiedView { ModifiedView(.modified(node, m)) }

    // MARK: Layout
    public func padding(_ length: Double = 16) -> ModifiedView { modifier(.padding(EdgeInsets(all: length))) }
    public func padding(_ edges: Edges, _ length: Double = 16) -> ModifiedView {
        modifier(
            .padding(
                EdgeInsets(
                    top: edges.contains(.top) ? length : 0, leading: edges.contains(.leading) ? length : 0,
                    bottom: edges.contains(.bottom) ? length : 0, trailing: edges.contains(.trailing) ? length : 0)))
    }
    public func padding(_ insets: EdgeInsets) -> ModifiedView { modifier(.padding(insets)) }
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> ModifiedView {
        modifier(.frame(width: width, height: height, alignment: alignment))
    }
    public func frame(
        minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
        minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
        alignment: Alignment = .center
    ) -> ModifiedView {
        modifier(
            .flexFrame(
                FlexFrame(
                    minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth,
                    minHeight: minHeight, idealHeight: idealHeight, maxHeight: maxHeight, alignment: alignment)))
    }
    public func aspectRatio(_ ratio: Double? = nil, contentMode: ContentMode) -> ModifiedView {
        modifier(.aspectRatio(ratio, contentMode))
    }
    public func scaledToFill() -> ModifiedView { aspectRatio(contentMode: .fill) }
    public func scaledToFit() -> ModifiedView { aspectRatio(contentMode: .fit) }
    public func layoutPriority(_ p: Double) -> ModifiedView { modifier(.layoutPriority(p)) }
    public func ignoresSafeArea(_ edges: Edges = .all) -> ModifiedView { modifier(.ignoresSafeArea(edges)) }
    public func id(_ name: String) -> ModifiedView { modifier(.id(name)) }
    /// `safeAreaInset(edge:alignment:spacing:content:)`: `content` at `edge`, the view inset
    /// by it (alignment 0…1 along the edge: leading/top 0, centre 0.5).
    public func safeAreaInset(edge: SafeAreaEdge, alignment: Double = 0.5, spacing: Double = 0, @ViewBuilder content: () -> Node) -> ModifiedView {
        modifier(.safeAreaInset(edge: edge, alignment: alignment, spacing: spacing, content: content()))
    }

    // MARK: Layers
    public func background(alignment: Alignment = .center, @ViewBuilder _ content: () -> Node) -> ModifiedView {
        modifier(.background(content(), alignment: alignment))
    }
    public func background(_ view: some View, alignment: Alignment = .center) -> ModifiedView {
        modifier(.background(view.node, alignment: alignment))
    }
    /// `background(_:ignoresSafeAreaEdges:)` with a colour: it reaches into the safe area on
    /// `ignoresSafeAreaEdges` where the view meets it, as SwiftUI's `.background(.green)` does.
    public func background(_ color: Color, ignoresSafeAreaEdges edges: Edges = .all) -> ModifiedView {
        modifier(.background(.modified(.paint(.color(color)), .ignoresSafeArea(edges)), alignment: .center))
    }
    /// `background(_:ignoresSafeAreaEdges:)` with a material: it reaches into the safe area on
    /// `ignoresSafeAreaEdges` where the view meets it, as in SwiftUI.
    public func background(_ material: Material, ignoresSafeAreaEdges edges: Edges = .all) -> ModifiedView {
        modifier(.background(.modified(.material(material, in: .rectangle), .ignoresSafeArea(edges)), alignment: .center))
    }
    /// `background(_:in:)` with a material: the material in a shape the view's size.
    public func background(_ material: Material, in shape: ShapeView) -> ModifiedView {
        modifier(.background(.material(material, in: shape.kind), alignment: .center))
    }
    public func overlay(alignment: Alignment = .center, @ViewBuilder _ content: () -> Node) -> ModifiedView {
        modifier(.overlay(content(), alignment: alignment))
    }
    public func overlay(_ view: some View, alignment: Alignment = .center) -> ModifiedView {
        modifier(.overlay(view.node, alignment: alignment))
    }

    // MARK: Clipping
    public func cornerRadius(_ radius: Double) -> ModifiedView {
        modifier(.clipShape(.roundedRectangle(radius: radius, continuous: true)))
    }
    public func clipShape(_ shape: ShapeView) -> ModifiedView { modifier(.clipShape(shape.kind)) }
    public func clipped() -> ModifiedView { modifier(.clipped) }

    // MARK: Drawing effects (never change layout)
    public func offset(x: Double = 0, y: Double = 0) -> ModifiedView { modifier(.offset(x: x, y: y)) }
    public func offset(_ size: Size) -> ModifiedView { modifier(.offset(x: size.width, y: size.height)) }
    public func scaleEffect(_ s: Double, anchor: UnitPoint = .center) -> ModifiedView {
        modifier(.scaleEffect(x: s, y: s, anchor: anchor))
    }
    public func scaleEffect(x: Double = 1, y: Double = 1, anchor: UnitPoint = .center) -> ModifiedView {
        modifier(.scaleEffect(x: x, y: y, anchor: anchor))
    }
    public func rotationEffect(degrees: Double, anchor: UnitPoint = .center) -> ModifiedView {
        modifier(.rotationEffect(degrees: degrees, anchor: anchor))
    }
    public func opacity(_ value: Double) -> ModifiedView { modifier(.opacity(value)) }
    public func shadow(color: Color = Color.black.opacity(0.33), radius: Double, x: Double = 0, y: Double = 0) -> ModifiedView {
        modifier(.shadow(Shadow(color: color, radius: radius, x: x, y: y)))
    }
    public func blur(radius: Double) -> ModifiedView { modifier(.blur(radius: radius)) }
    public func zIndex(_ z: Double) -> ModifiedView { modifier(.zIndex(z)) }
    public func hidden() -> ModifiedView { modifier(.hidden) }

    // MARK: Motion
    /// `.animation(_:value:)`: changes of this view and everything inside it, in transactions
    /// where `value` changed, are animated with `animation` (nil: not animated).
    public func animation(_ animation: Animation?, value: some Equatable) -> ModifiedView {
        modifier(.animation(ImplicitAnimation(animation, value: String(reflecting: value))))
    }
    /// The old `.animation(_:)`: every change of this view and everything inside it.
    public func animation(_ animation: Animation?) -> ModifiedView { modifier(.animation(ImplicitAnimation(animation, value: nil))) }
    public func transition(_ t: Transition) -> ModifiedView { modifier(.transition(t)) }
    public func allowsHitTesting(_ enabled: Bool) -> ModifiedView { modifier(.allowsHitTesting(enabled)) }
    public func contentShape(_ shape: ShapeView) -> ModifiedView { modifier(.contentShape(shape.kind)) }

    // MARK: Environment
    public func foregroundColor(_ color: Color) -> ModifiedView { modifier(.environment(.foreground(.color(color)))) }
    public func foregroundStyle(_ color: Color) -> ModifiedView { foregroundColor(color) }
    public func foregroundStyle(_ gradient: LinearGradient) -> ModifiedView {
        modifier(.environment(.foreground(gradient.paint)))
    }
    public func font(_ font: FontSpec) -> ModifiedView { modifier(.environment(.font(font))) }
    public func fontWeight(_ weight: Int) -> ModifiedView { modifier(.environment(.fontWeight(weight))) }
    public func fontDesign(_ design: FontSpec.Design) -> ModifiedView { modifier(.environment(.fontDesign(design))) }
    public func multilineTextAlignment(_ a: TextAlignment) -> ModifiedView {
        modifier(.environment(.multilineTextAlignment(a)))
    }
    public func lineLimit(_ n: Int?) -> ModifiedView { modifier(.environment(.lineLimit(n))) }
    public func tint(_ color: Color) -> ModifiedView { modifier(.environment(.tint(color))) }
    /// SwiftUI's `.environment(\.colorScheme, scheme)`: the view drawn in `scheme`.
    public func colorScheme(_ scheme: ColorScheme) -> ModifiedView { modifier(.environment(.colorScheme(scheme))) }
    /// The scheme the whole screen is drawn in (nil: the scene's).
    public func preferredColorScheme(_ scheme: ColorScheme?) -> ModifiedView { modifier(.environment(.preferredColorScheme(scheme))) }
    /// `.dynamicTypeSize(_:)`: the text size inside.
    public func dynamicTypeSize(_ size: DynamicTypeSize) -> ModifiedView { modifier(.environment(.dynamicTypeSize(size...size))) }
    /// `.dynamicTypeSize(_:)` with a range: the size inside clamped to it.
    public func dynamicTypeSize(_ range: ClosedRange<DynamicTypeSize>) -> ModifiedView { modifier(.environment(.dynamicTypeSize(range))) }
    /// `.environment(\.layoutDirection, …)`: the view and everything inside laid out this way.
    public func layoutDirection(_ direction: LayoutDirection) -> ModifiedView { modifier(.environment(.layoutDirection(direction))) }
    /// `.flipsForRightToLeftLayoutDirection(_:)`: drawn mirrored in a right-to-left layout.
    public func flipsForRightToLeftLayoutDirection(_ flips: Bool) -> ModifiedView { modifier(.flipsForRightToLeftLayoutDirection(flips)) }
}

/// SwiftUI-style font constructors: `.headline`, `.system(size:weight:design:)`.
extension FontSpec {
    public static let largeTitle = FontSpec.style(.largeTitle)
    public static let title = FontSpec.style(.title)
    public static let title2 = FontSpec.style(.title2)
    public static let title3 = FontSpec.style(.title3)
    public static let headline = FontSpec.style(.headline)
    public static let callout = FontSpec.style(.callout)
    public static let subheadline = FontSpec.style(.subheadline)
    public static let footnote = FontSpec.style(.footnote)
    public static let caption = FontSpec.style(.caption)
    public static let caption2 = FontSpec.style(.caption2)
    /// `Font.system(size:weight:design:)`.
    public static func system(size: Double, weight: Int = 400, design: Design = .default) -> FontSpec {
        FontSpec(design: design, size: size, weight: weight)
    }
    /// `Font.system(_ style:design:weight:)`.
    public static func system(_ style: FontSpec, design: Design = .default, weight: Int? = nil) -> FontSpec {
        var f = style
        f.design = design
        if let weight { f.weight = weight }
        return f
    }
    /// Weight names as numbers: `.bold` = 700.
    public static let bold = 700, semibold = 600, medium = 500, regular = 400, heavy = 800
}

import ProofsheetCore
import ProofsheetMotion

/// The scene tree: a closed set of views and modifiers, built by the DSL or the JSON reader.
public indirect enum Node: Sendable {
    /// Nothing (an `if` without `else`, `EmptyView`).
    case empty
    /// `VStack` / `HStack`: children along an axis. `alignment` is on the cross axis: 0 leading/top,
    /// 0.5 centre, 1 trailing/bottom. `spacing` nil means the default (8).
    case stack(axis: Axis, alignment: Double, spacing: Double?, children: [Node])
    /// `ZStack`: children on top of each other, aligned.
    case zstack(alignment: Alignment, children: [Node])
    /// `Text`.
    case text(String)
    /// `Image(name)`: a bitmap asset.
    case image(name: String, resizable: Bool)
    /// `Image(systemName:)`: an icon.
    case symbol(name: String)
    /// A shape filled with `fill`, or with the foreground style when nil.
    case shape(ShapeKind, fill: Paint?)
    /// A shape's outline: `stroke` centres the line on the edge, `strokeBorder` keeps it inside.
    case strokedShape(ShapeKind, paint: Paint?, lineWidth: Double, inside: Bool)
    /// `Color` or a gradient used as a view: fills what it is offered.
    case paint(Paint)
    /// A shape filled with a material (`Rectangle().fill(.thinMaterial)`, `.background(.thinMaterial)`):
    /// what is drawn behind it, blurred, saturated and tinted.
    case material(Material, in: ShapeKind)
    /// `Spacer(minLength:)`; nil is the default 8.
    case spacer(minLength: Double?)
    /// `GeometryReader`: its content is built from the size it is given.
    case geometryReader(@Sendable (Size) throws -> Node)
    /// Several views in sequence (`ForEach`, a builder block); containers splice them in.
    case group([Node])
    /// A view with a modifier applied.
    case modified(Node, Modifier)
    /// A button: its label drawn in a style; the tint comes from the look or the environment.
    case button(Node, ButtonLook)
    /// A view that carries its place in a scene file, for errors found while laying it out.
    case located(Node, SourceLocation)
    /// The branch of a conditional that was taken (`then` or `else`): part of the identity of
    /// the views inside (see ``ViewID``).
    case branch(String, Node)
    /// An element of a `ForEach` with its key: the identity of the views inside.
    case keyed(String, Node)
    /// A drawing made elsewhere (a rendered frame), stretched into the frame the view is given:
    /// what contact sheets and storyboards embed. Vector in every backend.
    case picture(DisplayList)
    /// `ScrollView`: its children stacked along `axis`, each at its ideal length on that axis,
    /// shown from `offset` points in (a static content offset) and clipped to its frame.
    case scrollView(axis: Axis, offset: Double, children: [Node])
    /// `Divider`: a hairline across its stack's axis (horizontal outside an `HStack`).
    case divider
    /// `Section`: a list's group of rows with a header and a footer (see ``SystemViews``);
    /// outside a `List`, its header, rows and footer one under the other.
    case section(header: Node, footer: Node, children: [Node])
    /// `ViewThatFits(in:)`: the first of its views whose ideal size fits the space offered on
    /// the axes it checks (the last when none does); only that one is shown.
    case viewThatFits(horizontal: Bool, vertical: Bool, children: [Node])
    /// A layout written in Swift (SwiftUI's `Layout`): its size and its views' places are the
    /// layout's answers (see ``CustomLayout``).
    case customLayout(CustomLayout, children: [Node])
}

/// A shape kind.
public enum ShapeKind: Hashable, Sendable {
    case rectangle
    /// A rounded rectangle; `continuous` is SwiftUI's default squircle-like corner.
    case roundedRectangle(radius: Double, continuous: Bool)
    case circle
    case ellipse
    case capsule
}

/// The edge a `safeAreaInset` puts its content at.
public enum SafeAreaEdge: String, Hashable, Sendable, CaseIterable {
    case top, bottom, leading, trailing
    /// Whether the content is stacked above or below the view (else beside it).
    public var isVertical: Bool { self == .top || self == .bottom }
}

/// How a resizable view fills a proposal of another aspect ratio.
public enum ContentMode: String, Hashable, Sendable {
    case fit, fill
}

/// A view modifier. Order matters, as in SwiftUI: each wraps everything before it.
public enum Modifier: Sendable {
    case padding(EdgeInsets)
    /// `frame(width:height:alignment:)`; nil keeps the child's size on that axis.
    case frame(width: Double?, height: Double?, alignment: Alignment)
    /// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`.
    case flexFrame(FlexFrame)
    case background(Node, alignment: Alignment)
    case overlay(Node, alignment: Alignment)
    /// `safeAreaInset(edge:alignment:spacing:content:)`: `content` beside the view at `edge`
    /// (aligned along it by `alignment`, 0…1), the view inset by the content's size and
    /// `spacing`, and its safe area with it (what ignores the safe area reaches under `content`).
    case safeAreaInset(edge: SafeAreaEdge, alignment: Double, spacing: Double, content: Node)
    case clipShape(ShapeKind)
    case clipped
    case offset(x: Double, y: Double)
    case scaleEffect(x: Double, y: Double, anchor: UnitPoint)
    case rotationEffect(degrees: Double, anchor: UnitPoint)
    case opacity(Double)
    case shadow(Shadow)
    case blur(radius: Double)
    case zIndex(Double)
    case layoutPriority(Double)
    /// `aspectRatio(_:contentMode:)`; a nil ratio uses the view's own ideal ratio.
    case aspectRatio(Double?, ContentMode)
    case ignoresSafeArea(Edges)
    case hidden
    /// A name for the view, so tests and tools can find its frame.
    case id(String)
    /// An environment value for the view and everything inside it.
    case environment(EnvironmentChange)
    /// `.animation(_:value:)`: changes of the view and everything inside it are animated (see
    /// ``ImplicitAnimation``).
    case animation(ImplicitAnimation)
    /// `.transition(_:)`: how the view appears and disappears.
    case transition(Transition)
    /// `.allowsHitTesting(_:)`: false lets touches pass through the view and its contents.
    case allowsHitTesting(Bool)
    /// `.contentShape(_:)`: the shape that takes touches, in the view's frame.
    case contentShape(ShapeKind)
    /// A gesture (drag, long press, tap, sequenced) with its gesture state and handlers.
    case gesture(GestureSpec)
    /// `fixedSize(horizontal:vertical:)`: the view's ideal size on those axes, whatever it is
    /// offered.
    case fixedSize(horizontal: Bool, vertical: Bool)
    /// `position(x:y:)`: the view's centre at that point of the space it is offered, which it
    /// takes whole.
    case position(x: Double, y: Double)
    /// `alignmentGuide(_:computeValue:)`: the view's guide for stacks and frames that align by it.
    case alignmentGuide(AlignmentGuide, AlignmentGuideValue)
    /// `flipsForRightToLeftLayoutDirection(_:)`: in a right-to-left layout the view's drawing
    /// is mirrored (true), as a directional symbol's is.
    case flipsForRightToLeftLayoutDirection(Bool)
}

/// An implicit animation: the animation for changes of a view and everything inside it, in
/// transactions where `value` changed (nil: in every transaction, as the old `.animation(_:)`).
/// A nil `animation` turns animation off inside (`.animation(nil, value:)`).
public struct ImplicitAnimation: Hashable, Sendable {
    public var animation: Animation?
    /// The watched value as canonical text (compared between two states).
    public var value: String?
    public init(_ animation: Animation?, value: String?) { self.animation = animation; self.value = value }
}

/// The frame limits of `frame(minWidth:…)`.
public struct FlexFrame: Hashable, Sendable {
    public var minWidth: Double?, idealWidth: Double?, maxWidth: Double?
    public var minHeight: Double?, idealHeight: Double?, maxHeight: Double?
    public var alignment: Alignment
    public init(
        minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
        minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
        alignment: Alignment = .center
    ) {
        self.minWidth = minWidth; self.idealWidth = idealWidth; self.maxWidth = maxWidth
        self.minHeight = minHeight; self.idealHeight = idealHeight; self.maxHeight = maxHeight
        self.alignment = alignment
    }
}

/// A change to the environment that flows down the tree.
public enum EnvironmentChange: Hashable, Sendable {
    /// `foregroundColor` / `foregroundStyle`.
    case foreground(Paint)
    /// `font(_:)`: a whole font (text style or system font).
    case font(FontSpec)
    case fontWeight(Int)
    case fontDesign(FontSpec.Design)
    case multilineTextAlignment(TextAlignment)
    case lineLimit(Int?)
    case tint(Color)
    /// `italic()`, `underline()`, `strikethrough()` (false turns them off).
    case italic(Bool)
    case underline(Bool)
    case strikethrough(Bool)
    /// `kerning(_:)` / `tracking(_:)`: points between characters.
    case tracking(Double)
    /// `lineSpacing(_:)`: points between lines.
    case lineSpacing(Double)
    /// `textCase(_:)`: texts inside shown in upper or lower case (nil: as written).
    case textCase(TextCase?)
    /// `buttonStyle(_:)`: the style of the buttons inside that choose none of their own.
    case buttonStyle(ButtonLook.Style)
    /// `buttonBorderShape(_:)`: the shape of the bordered buttons inside that choose none.
    case buttonBorderShape(ButtonLook.BorderShape)
    /// `controlSize(_:)`: the size of the buttons inside that choose none.
    case controlSize(ButtonLook.ControlSize)
    /// `.environment(\.colorScheme, …)`: the view and everything inside it drawn in this
    /// scheme, whatever the scene's.
    case colorScheme(ColorScheme)
    /// `.preferredColorScheme(_:)`: the scheme the whole screen is drawn in (the app's choice
    /// wins over the scene's and `--color-scheme`); nil leaves it.
    case preferredColorScheme(ColorScheme?)
    /// `.dynamicTypeSize(_:)` and `.environment(\.dynamicTypeSize, …)`: text inside at a size
    /// in this range (one size sets it; `...xxLarge` caps the size people chose).
    case dynamicTypeSize(ClosedRange<DynamicTypeSize>)
    /// `.environment(\.layoutDirection, …)`: the view and everything inside laid out in this
    /// direction.
    case layoutDirection(LayoutDirection)
}

/// `Text.Case`.
public enum TextCase: String, Hashable, Sendable, CaseIterable { case uppercase, lowercase }

extension Node {
    /// The names of the bitmap images the tree shows, each once, in the order met, at most
    /// `limit` of them (what a `GeometryReader` makes is not known before layout and not looked
    /// into). The walk keeps its own stack, so any depth of nesting is walked.
    public func imageNames(limit: Int) -> [String] {
        var names: [String] = [], seen: Set<String> = []
        var stack: [Node] = [self]
        while let node = stack.popLast(), names.count < limit {
            switch node {
            case .image(let name, _):
                if seen.insert(name).inserted { names.append(name) }
            case .stack(_, _, _, let children), .zstack(_, let children), .group(let children), .scrollView(_, _, let children),
                .viewThatFits(_, _, let children), .customLayout(_, let children):
                stack += children.reversed()
            case .section(let header, let footer, let children):
                stack += [footer] + children.reversed() + [header]
            case .modified(let inner, let modifier):
                switch modifier {
                case .background(let extra, _), .overlay(let extra, _), .safeAreaInset(_, _, _, let extra): stack += [extra, inner]
                default: stack.append(inner)
                }
            case .button(let label, _), .located(let label, _), .branch(_, let label), .keyed(_, let label):
                stack.append(label)
            case .empty, .text, .symbol, .shape, .strokedShape, .paint, .material, .spacer, .geometryReader, .picture, .divider:
                break
            }
        }
        return names
    }
}

import ProofsheetCore
import ProofsheetScene
import ProofsheetMotion

/// A laid-out view as a value: what layout decided, before anything is drawn.
///
/// Frames are exact (canvas points, not snapped to the pixel grid); painting snaps them once
/// (see ``DisplayList/init(painting:size:background:scale:)``). Children are in declaration
/// order; `content` says how they are drawn.
public struct ResolvedView: Hashable, Sendable {
    /// The view's identity: its place in the scene tree, the same in every state of the scene
    /// (see ``ViewID``).
    public var identity: ViewID
    /// A short description ("VStack", "Text \"Hi\"", "padding").
    public var name: String
    /// The name given with `.id(…)`.
    public var id: String?
    /// The rectangle the view was placed in (canvas points, unsnapped).
    public var frame: Rect
    /// The paint order among its container's children (higher on top).
    public var zIndex: Double
    /// The drawing effects of this view, applied to it and everything inside it.
    public var effects: Effects
    /// What the view draws, or how it draws its children.
    public var content: Content
    /// What motion and touches need to know of the view: its implicit animation, transition,
    /// gestures and how it takes touches.
    public var traits = Traits()
    /// Where the view's drawing effect or material was written in a scene file, when it was:
    /// painting passes it to the display list, so that an error found while drawing (an effect
    /// over budget) names the place.
    public var source: SourceLocation? = nil
    public var children: [ResolvedView]

    public init(
        identity: ViewID, name: String, id: String? = nil, frame: Rect, zIndex: Double = 0, effects: Effects = Effects(),
        content: Content = .children, children: [ResolvedView] = []
    ) {
        self.identity = identity; self.name = name; self.id = id; self.frame = frame; self.zIndex = zIndex
        self.effects = effects; self.content = content; self.children = children
    }

    /// The first view (depth-first) with `.id(name)`.
    public func find(_ id: String) -> ResolvedView? {
        if self.id == id { return self }
        for c in children { if let f = c.find(id) { return f } }
        return nil
    }

    /// The colour scheme a view inside asks the screen to be drawn in (the first, depth-first,
    /// of `.preferredColorScheme`), if any.
    public var preferredColorScheme: ColorScheme? {
        if let s = traits.preferredColorScheme { return s }
        for c in children { if let s = c.preferredColorScheme { return s } }
        return nil
    }

    /// The first view (depth-first) with this identity.
    public func find(_ identity: ViewID) -> ResolvedView? {
        if self.identity == identity { return self }
        for c in children { if let f = c.find(identity) { return f } }
        return nil
    }

    /// What motion and touches read (nothing here changes the drawing).
    public struct Traits: Hashable, Sendable {
        public var animation: ImplicitAnimation?
        public var transition: Transition?
        /// False: the view and everything inside it take no touches.
        public var allowsHitTesting = true
        public var contentShape: ShapeKind?
        public var gesture: GestureSpec?
        /// A button's: how opaque it is drawn while a finger is down on it (``ButtonLook/pressedOpacity``).
        public var pressedOpacity: Double?
        /// A button's: the background it gets over its frame while a finger is down on it
        /// (``ButtonLook/pressedHighlight``).
        public var pressedHighlight: Color?
        /// `.environment(\.colorScheme, …)`: the view is drawn in this scheme.
        public var colorScheme: ColorScheme?
        /// `.preferredColorScheme(_:)`: the scheme the screen is drawn in.
        public var preferredColorScheme: ColorScheme?
        /// Which way the view is laid out: transitions to the leading edge go right when it is
        /// right to left.
        public var layoutDirection = LayoutDirection.leftToRight
        public init() {}
    }

    /// What a view draws itself, or how it draws its children.
    public enum Content: Hashable, Sendable {
        /// Its children in declaration order (wrappers, a `GeometryReader`; a `Spacer` has none).
        case children
        /// Its children by zIndex, ties in declaration order (stacks).
        case zOrdered
        /// A background or overlay: `children[0]` is the view, `children[1]` the layer drawn
        /// behind it (background) or over it (overlay).
        case layer(overlay: Bool)
        case text(TextContent)
        /// A bitmap asset, by its resolved path, stretched into the frame; with its light and
        /// dark files when they differ.
        case image(path: String, appearances: ImageAppearances?)
        case symbol(SymbolContent)
        case shape(ShapeContent)
        /// A drawing made elsewhere, stretched into the frame (see `Node.picture`).
        case picture(DisplayList)
        /// A material in a shape filling the frame (see ``MaterialContent``).
        case material(MaterialContent)
    }

    /// A material filling a shape placed in the frame.
    public struct MaterialContent: Hashable, Sendable {
        public var material: Material
        public var kind: ShapeKind
        public init(material: Material, kind: ShapeKind) { self.material = material; self.kind = kind }
    }

    /// A paragraph of text as layout set it.
    public struct TextContent: Hashable, Sendable {
        public var text: String
        public var font: FontSpec
        public var paint: Paint
        public var alignment: TextAlignment
        /// The lines allowed in the size chosen (nil: no limit).
        public var lineLimit: Int?
        /// The lines the text needed at its width when its frame was too short for them (it is
        /// cut to `lineLimit`); nil when the frame held it (a `lineLimit` of its own is no cut).
        public var linesNeeded: Int?
        public init(text: String, font: FontSpec, paint: Paint, alignment: TextAlignment, lineLimit: Int?, linesNeeded: Int? = nil) {
            self.text = text; self.font = font; self.paint = paint; self.alignment = alignment; self.lineLimit = lineLimit
            self.linesNeeded = linesNeeded
        }
    }

    /// An icon from the icon font, centred in the frame.
    public struct SymbolContent: Hashable, Sendable {
        public var name: String
        public var layers: [SymbolLayer]
        public var pointSize: Double
        public var paint: Paint
        public init(name: String, layers: [SymbolLayer], pointSize: Double, paint: Paint) {
            self.name = name; self.layers = layers; self.pointSize = pointSize; self.paint = paint
        }
    }

    /// A shape or a colour filling the frame, or the outline of a shape.
    public struct ShapeContent: Hashable, Sendable {
        public var kind: ShapeKind
        public var paint: Paint
        /// Drawn as an outline of this width (inside the edge when `inside`), not filled.
        public var outline: Outline?
        public init(kind: ShapeKind, paint: Paint, outline: Outline? = nil) {
            self.kind = kind; self.paint = paint; self.outline = outline
        }
    }

    /// The line of a stroked shape.
    public struct Outline: Hashable, Sendable {
        public var width: Double
        /// Inside the edge (`strokeBorder`) rather than centred on it (`stroke`).
        public var inside: Bool
        public init(width: Double, inside: Bool) { self.width = width; self.inside = inside }
    }

    /// The drawing effects of a view; the defaults change nothing.
    ///
    /// A view made by one modifier has one effect. When several are set they nest, from the
    /// inside out: opacity, shadow, blur, clip, rotation, scale, offset. `hidden` draws nothing.
    public struct Effects: Hashable, Sendable {
        public var offset = Point.zero
        public var scale = Scale(x: 1, y: 1, anchor: .center)
        public var rotation = Rotation(degrees: 0, anchor: .center)
        public var opacity: Double = 1
        /// Drawing is clipped to this shape placed in the frame.
        public var clip: ShapeKind?
        public var shadow: Shadow?
        /// Gaussian blur radius (σ) in points.
        public var blur: Double = 0
        public var hidden = false
        public init() {}

        /// Whether no effect changes the drawing.
        public var isEmpty: Bool {
            offset == .zero && scale.isIdentity && rotation.isIdentity && opacity >= 1 && clip == nil && shadow == nil && blur <= 0 && !hidden
        }

        /// `scaleEffect`: factors about an anchor of the frame.
        public struct Scale: Hashable, Sendable {
            public var x: Double, y: Double
            public var anchor: UnitPoint
            public init(x: Double, y: Double, anchor: UnitPoint) { self.x = x; self.y = y; self.anchor = anchor }
            public var isIdentity: Bool { x == 1 && y == 1 }
        }

        /// `rotationEffect`: degrees clockwise about an anchor of the frame.
        public struct Rotation: Hashable, Sendable {
            public var degrees: Double
            public var anchor: UnitPoint
            public init(degrees: Double, anchor: UnitPoint) { self.degrees = degrees; self.anchor = anchor }
            public var isIdentity: Bool { degrees == 0 }
        }
    }
}

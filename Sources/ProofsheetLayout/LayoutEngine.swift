import ProofsheetCore
import Synchronization
import ProofsheetScene

/// A laid-out view: its name, `.id`, frame on the canvas (points, pixel-snapped) and children.
public struct LayoutNode: Sendable, CustomStringConvertible {
    public var name: String
    public var id: String?
    public var frame: Rect
    public var children: [LayoutNode]

    /// The first node (depth-first) with `.id(name)`.
    public func find(_ id: String) -> LayoutNode? {
        if self.id == id { return self }
        for c in children { if let f = c.find(id) { return f } }
        return nil
    }

    /// An indented outline: one node a line with its frame.
    public var description: String {
        var out = ""
        func walk(_ n: LayoutNode, _ depth: Int) {
            out +=
                String(repeating: "  ", count: depth) + n.name + (n.id.map { " #\($0)" } ?? "")
                + " (\(fmt(n.frame.minX)), \(fmt(n.frame.minY)), \(fmt(n.frame.width)), \(fmt(n.frame.height)))\n"
            for c in n.children { walk(c, depth + 1) }
        }
        walk(self, 0)
        return out
    }
}

/// The result of laying out a scene: the laid-out views, their outline and the display list.
public struct LayoutResult: Sendable {
    /// Every view with its frame snapped to the pixel grid (the `layout` command's outline).
    public var root: LayoutNode
    /// The drawing: `tree` painted.
    public var displayList: DisplayList
    /// Every view as layout resolved it: exact frames, effects and what it draws.
    public var tree: ResolvedView
    public init(root: LayoutNode, displayList: DisplayList, tree: ResolvedView) {
        self.root = root; self.displayList = displayList; self.tree = tree
    }
}

/// Lays out a scene with SwiftUI's proposal/response rules, then paints the result into a
/// display list.
///
/// Every element has the identity of the node it was built from, its path from the root
/// (``ViewID``): a container's `k`th child is `/k` (a group — a `ForEach`, a builder block — is
/// one child, its views the group's children), a `ForEach` element keyed `key` is `[key]` in
/// place of its index, the branch taken is `?then` / `?else`, the `k`th modifier from the view
/// outwards is `:k` (environment modifiers and `.id` are counted though they make no element),
/// and a modifier's content, a button's label and a `GeometryReader`'s content are `/background`,
/// `/overlay`, `/label` and `/content`. A button's style wraps its label: its parts are modifiers
/// of the label.
public struct LayoutEngine: Sendable {
    public let measurer: TextMeasurer
    public let assets: AssetProvider
    /// The safe-area insets of the scene being laid out (views that ignore them need them).
    private var safeArea = EdgeInsets.zero
    /// One pixel of the scene, in points: the thickness of a `Divider`.
    private var hairline = 1.0
    /// How many more elements this pass may build: a scene expands within the `views` limit
    /// when it is read, but each `GeometryReader` builds its content again at each layout, so
    /// the pass counts too. Each pass has its own count.
    private var budget: ElementBudget?
    /// Where the scene's root view is written, for an error with no nearer place.
    private var rootLocation: SourceLocation?
    public init(measurer: TextMeasurer, assets: AssetProvider) { self.measurer = measurer; self.assets = assets }

    /// Lays out `scene`: the root view is proposed the safe area and centred in it.
    public func layout(_ scene: Scene) throws -> LayoutResult {
        // One measurement cache for the pass (GeometryReader content built later shares it), and
        // the scene's safe area for the views that ignore it.
        var pass = LayoutEngine(measurer: measurer is MeasurementCache ? measurer : MeasurementCache(measurer), assets: assets)
        pass.safeArea = scene.safeArea
        pass.hairline = 1 / scene.scale
        pass.budget = ElementBudget(Scene.Limits.views.int)
        pass.rootLocation = scene.rootLocation
        return try pass.run(scene)
    }

    /// The size `scene`'s root view chooses when proposed `proposal` (nil axes: its ideal size):
    /// what a component needs, for a snapshot at its own size.
    public func size(of scene: Scene, proposal: Proposal = .unspecified) throws -> Size {
        var pass = LayoutEngine(measurer: measurer is MeasurementCache ? measurer : MeasurementCache(measurer), assets: assets)
        pass.safeArea = scene.safeArea
        pass.hairline = 1 / scene.scale
        pass.budget = ElementBudget(Scene.Limits.views.int)
        pass.rootLocation = scene.rootLocation
        return try pass.build(
            scene.root, .root, LayoutEnvironment(scene: scene), location: nil
        ).size(proposal)
    }

    private func run(_ scene: Scene) throws -> LayoutResult {
        let canvas = Rect(origin: .zero, size: scene.canvas)
        let safe = canvas.inset(by: scene.safeArea)
        let ctx = LayoutContext(canvas: canvas, safeRect: safe)
        let root = try build(
            scene.root, .root, LayoutEnvironment(scene: scene), location: nil)
        let p = Proposal(safe.size)
        try root.place(root.aligned(root.size(p), in: safe, .center), p, ctx)
        let tree = try addingChrome(to: root.resolve(), scene, ctx)
        return LayoutResult(
            root: LayoutNode(tree, grid: PixelGrid(scale: scene.scale)),
            displayList: DisplayList(painting: tree, of: scene),
            tree: tree)
    }

    func overBudget(_ location: SourceLocation?) -> ProofsheetError {
        .badInput(
            "the scene lays out more than \(Scene.Limits.views.int) views and modifiers", at: location ?? rootLocation,
            hint: "system views (lists, toggles, bars) grow into more views as they are laid out, and a GeometryReader's content "
                + "is built again for each reader: use smaller ForEach counts or fewer readers, or raise the limit with --limit views=N")
    }

    /// The views a container holds, each with its identity: a group (a `ForEach`, a builder
    /// block) is one child, its views spliced in as the group's children; nothing (`.empty`, or
    /// modifiers on it) takes no place but keeps its index. Modifiers on a group apply to each of
    /// its views, as in SwiftUI, counted on from the view's own.
    private func views(in children: [Node], of parent: ViewID) -> [(node: Node, id: ViewID)] {
        var out: [(node: Node, id: ViewID)] = []
        for (index, child) in children.enumerated() {
            let (node, id) = position(of: child, at: index, in: parent)
            splice(node, id, into: &out)
        }
        return out
    }

    /// A child's identity: its index in the container, or for a `ForEach` element its key
    /// (so it keeps its identity when elements before it come and go).
    private func position(of child: Node, at index: Int, in parent: ViewID) -> (Node, ViewID) {
        var locations: [SourceLocation] = []
        var n = child
        while case .located(let inner, let loc) = n {
            locations.append(loc)
            n = inner
        }
        guard case .keyed(let key, var inner) = n else { return (child, parent.child(index)) }
        for loc in locations.reversed() { inner = .located(inner, loc) }
        return (inner, parent.key(key))
    }

    /// Appends the views of `node` (with identity `id`): itself, or a group's views.
    private func splice(_ node: Node, _ id: ViewID, into out: inout [(node: Node, id: ViewID)]) {
        guard isGroup(node) else {
            out.append((node, id))
            return
        }
        switch node {
        case .group(let g):
            out += views(in: g, of: id)
        case .modified(let inner, let m):
            var views: [(node: Node, id: ViewID)] = []
            splice(inner, id, into: &views)
            out += views.map { (.modified($0.node, m), $0.id) }
        case .located(let inner, let loc):
            var views: [(node: Node, id: ViewID)] = []
            splice(inner, id, into: &views)
            out += views.map { (.located($0.node, loc), $0.id) }
        case .branch(let b, let inner):
            splice(inner, id.branch(b), into: &out)
        case .keyed(let k, let inner):
            splice(inner, id.key(k), into: &out)
        default:
            break
        }
    }

    /// Whether the view under any modifiers is a group (or nothing: modifiers on nothing vanish).
    private func isGroup(_ n: Node) -> Bool {
        switch n {
        case .group, .empty: return true
        case .modified(let inner, _), .located(let inner, _), .branch(_, let inner), .keyed(_, let inner): return isGroup(inner)
        default: return false
        }
    }

    // MARK: - Building elements

    /// The element for `node`, whose identity is `id`; every element inside gets its identity
    /// from its place under it.
    func build(_ node: Node, _ id: ViewID, _ env: LayoutEnvironment, location: SourceLocation?) throws -> Element {
        guard budget?.take() ?? true else { throw overBudget(location) }
        let element: Element
        switch node {
        case .empty:
            element = StackElement(axis: .vertical, alignment: 0.5, spacing: 0, children: [])
        case .group(let nodes):
            let kids = views(in: nodes, of: id)
            if kids.count == 1 { return try build(kids[0].node, kids[0].id, env, location: location) }
            // A loose group (e.g. a ForEach as a modifier's content) lays out like a VStack.
            element = StackElement(
                axis: .vertical, alignment: 0.5, spacing: nil, children: try kids.map { try build($0.node, $0.id, env, location: location) })
        case .button(let label, let look):
            // The style's modifiers wrap the label, counted on from the label's own.
            // A button with no style, border shape or size of its own takes the nearest
            // `buttonStyle`, `buttonBorderShape` and `controlSize`.
            var look = look
            if look.style == .automatic, let style = env.buttonStyle { look.style = style }
            if look.borderShape == .automatic, let shape = env.buttonBorderShape { look.borderShape = shape }
            if look.controlSize == .regular, let size = env.controlSize { look.controlSize = size }
            let button = try build(look.apply(to: label, environmentTint: env.tint), id.slot("label"), env, location: location)
            button.traits.pressedOpacity = look.pressedOpacity
            button.traits.pressedHighlight = look.pressedHighlight
            return button
        case .located(.modified, _):
            // A located modifier: the place is the modifier's own (see `buildModified`).
            return try buildModified(node, id, env, location: location)
        case .located(let inner, let loc):
            return try build(inner, id, env, location: loc)
        case .branch(let b, let inner):
            return try build(inner, id.branch(b), env, location: location)
        case .keyed(let k, let inner):
            return try build(inner, id.key(k), env, location: location)
        case .modified:
            return try buildModified(node, id, env, location: location)
        case .stack(let axis, let alignment, let spacing, let children):
            element = StackElement(
                axis: axis, alignment: alignment, spacing: spacing,
                children: try views(in: children, of: id).map { try build($0.node, $0.id, env, location: location) })
        case .zstack(let alignment, let children):
            element = ZStackElement(
                alignment: alignment, children: try views(in: children, of: id).map { try build($0.node, $0.id, env, location: location) })
        case .text(let t):
            // Scene files are checked as they are read; this bounds texts built in Swift.
            try Scene.Limits.checkText(t, at: location)
            element = TextElement(text: env.localization.localized(t), env: env, measurer: measurer, scale: 1 / hairline)
        case .image(let name, let resizable):
            let img: (path: String, size: Size)
            let dark: String?
            do {
                img = try assets.image(named: name)
                dark = try assets.darkImage(named: name)
            } catch var e as ProofsheetError {
                if e.location == nil { e.location = location }
                throw e
            }
            element = ImageElement(name: name, path: img.path, natural: img.size, resizable: resizable, dark: dark)
        case .symbol(let name):
            let symbol = SymbolElement(symbol: name, layers: try SymbolCatalog.layers(for: name, at: location), env: env)
            // Mirrored, the symbol is inside the mirroring effect, which takes its identity.
            symbol.identity = id.slot("symbol")
            symbol.rightToLeft = env.layoutDirection == .rightToLeft
            // A directional symbol points the other way right to left, as SF Symbols' do.
            guard symbol.rightToLeft, SymbolCatalog.flipsRightToLeft(name) else {
                symbol.identity = id
                return symbol
            }
            element = mirrored(symbol, name: "Image \(name) (right to left)")
        case .shape(let kind, let fill):
            element = ShapeElement(kind: kind, fill: fill ?? env.foreground, name: shapeName(kind))
        case .strokedShape(let kind, let paint, let width, let inside):
            let outline = ResolvedView.Outline(width: width, inside: inside)
            element = ShapeElement(kind: kind, fill: paint ?? env.foreground, name: shapeName(kind), outline: outline)
        case .paint(let p):
            element = ShapeElement(kind: .rectangle, fill: p, name: "Color")
        case .material(let material, let kind):
            element = MaterialElement(material: material, kind: kind)
            element.source = location
        case .spacer(let minLength):
            element = SpacerElement(minLength: minLength)
        case .picture(let list):
            element = PictureElement(list)
        case .divider:
            element = DividerElement(thickness: hairline)
        case .scrollView(let axis, let offset, let children):
            let content = StackElement(
                axis: axis, alignment: 0.5, spacing: nil,
                children: try views(in: children, of: id).map { try build($0.node, $0.id, env, location: location) })
            content.identity = id.slot("content")
            element = ScrollElement(axis: axis, offset: offset, content: content)
        case .viewThatFits(let horizontal, let vertical, let children):
            element = ViewThatFitsElement(
                horizontal: horizontal, vertical: vertical,
                children: try views(in: children, of: id).map { try build($0.node, $0.id, env, location: location) })
        case .customLayout(let layout, let children):
            element = CustomLayoutElement(
                name: layout.name, run: layout.make(),
                children: try views(in: children, of: id).map { try build($0.node, $0.id, env, location: location) })
        case .section(let header, let footer, let children):
            // Outside a list: the header, the rows and the footer one under the other.
            element = StackElement(
                axis: .vertical, alignment: 0.5, spacing: nil,
                children: try views(in: [header] + children + [footer], of: id).map { try build($0.node, $0.id, env, location: location) })
        case .geometryReader(let content):
            let engine = self
            element = GeometryReaderElement { size in
                var node = try content(size)
                // Several views are laid out as in a ZStack at the top-leading corner.
                if isGroup(node), views(in: [node], of: id).count > 1 { node = .zstack(alignment: .topLeading, children: [node]) }
                // The content is counted whole, nothing included: building it cost that much.
                guard engine.budget?.take(ElementBudget.count(node)) ?? true else { throw engine.overBudget(location) }
                return try engine.build(node, id.slot("content"), env, location: location)
            }
        }
        element.identity = id
        element.rightToLeft = env.layoutDirection == .rightToLeft
        return element
    }

    /// `child` drawn mirrored about its centre (its layout unchanged).
    private func mirrored(_ child: Element, name: String) -> Element {
        let element = EffectElement(.scale(-1, 1, .center), name: name, child: child)
        element.rightToLeft = child.rightToLeft
        return element
    }

    private func shapeName(_ kind: ShapeKind) -> String {
        switch kind {
        case .rectangle: return "Rectangle"
        case .roundedRectangle: return "RoundedRectangle"
        case .circle: return "Circle"
        case .ellipse: return "Ellipse"
        case .capsule: return "Capsule"
        }
    }

    /// A view under modifiers: the view, then each modifier from the view outwards, the
    /// `k`th (0 = innermost) with identity `id:k`. Environment values flow inwards, so each
    /// modifier (and its content) sees the changes outside it; environment modifiers and `.id`
    /// make no element but are counted. A location around a modifier is that modifier's place
    /// (the view under it keeps the place it had); around a view, the view's and its contents'.
    private func buildModified(_ node: Node, _ id: ViewID, _ env: LayoutEnvironment, location: SourceLocation?) throws -> Element {
        var chain: [(modifier: Modifier, env: LayoutEnvironment, location: SourceLocation?)] = []
        var base = node, env = env, location = location
        peeling: while true {
            switch base {
            case .modified(let inner, let m), .located(.modified(let inner, let m), _):
                var at = location
                if case .located(_, let loc) = base { at = loc }
                chain.append((m, env, at))
                if case .environment(let change) = m { env = env.applying(change) }
                base = inner
            case .located(let inner, let loc):
                location = loc
                base = inner
            default:
                break peeling
            }
        }
        var element = try build(base, id, env, location: location)
        for (k, link) in chain.reversed().enumerated() {
            element = try apply(link.modifier, to: element, id.modifier(k), link.env, location: link.location)
        }
        return element
    }

    /// `child` with modifier `m`, the new element's identity `id`.
    private func apply(_ m: Modifier, to child: Element, _ id: ViewID, _ env: LayoutEnvironment, location: SourceLocation?) throws -> Element {
        let element: Element
        switch m {
        case .environment(.colorScheme(let scheme)):
            child.traits.colorScheme = scheme
            return child
        case .environment(.preferredColorScheme(let scheme)):
            if let scheme { child.traits.preferredColorScheme = scheme }
            return child
        case .environment: return child
        case .id(let name):
            child.id = name
            return child
        case .padding(let insets): element = PaddingElement(insets: insets, child: child)
        case .frame(let w, let h, let a): element = FixedFrameElement(width: w, height: h, alignment: a, child: child)
        case .flexFrame(let f): element = FlexFrameElement(f, child: child)
        case .aspectRatio(let r, let mode): element = AspectRatioElement(ratio: r, mode: mode, child: child)
        case .background(let n, let a):
            let layer = try build(n, id.slot("background"), env, location: location)
            element = LayerElement(child: child, layer: layer, alignment: a, isOverlay: false)
        case .overlay(let n, let a):
            let layer = try build(n, id.slot("overlay"), env, location: location)
            element = LayerElement(child: child, layer: layer, alignment: a, isOverlay: true)
        case .safeAreaInset(let edge, let alignment, let spacing, let n):
            let content = try build(n, id.slot("inset"), env, location: location)
            element = SafeAreaInsetElement(edge: edge, alignment: alignment, spacing: spacing, child: child, content: content)
        case .ignoresSafeArea(let edges): element = SafeAreaElement(edges: edges, safeArea: safeArea, child: child)
        case .clipShape(let kind): element = EffectElement(.clip(kind), name: "clipShape", child: child)
        case .clipped: element = EffectElement(.clip(.rectangle), name: "clipped", child: child)
        case .offset(let x, let y): element = EffectElement(.offset(x, y), name: "offset", child: child)
        case .scaleEffect(let x, let y, let a): element = EffectElement(.scale(x, y, a), name: "scaleEffect", child: child)
        case .rotationEffect(let d, let a): element = EffectElement(.rotation(d, a), name: "rotationEffect", child: child)
        case .opacity(let o):
            element = EffectElement(.opacity(o), name: "opacity", child: child)
            element.source = location
        case .shadow(let s):
            element = EffectElement(.shadow(s), name: "shadow", child: child)
            element.source = location
        case .blur(let r):
            element = EffectElement(.blur(r), name: "blur", child: child)
            element.source = location
        case .hidden: element = EffectElement(.hidden, name: "hidden", child: child)
        case .zIndex(let z):
            element = EffectElement(.trait, name: "zIndex", child: child)
            element.zIndex = z
        case .layoutPriority(let p):
            element = EffectElement(.trait, name: "layoutPriority", child: child)
            element.layoutPriority = p
        case .animation(let a):
            element = EffectElement(.trait, name: "animation", child: child)
            element.traits.animation = a
        case .transition(let t):
            element = EffectElement(.trait, name: "transition", child: child)
            element.traits.transition = env.reduceMotion ? t.reducingMotion : t
        case .allowsHitTesting(let on):
            element = EffectElement(.trait, name: "allowsHitTesting", child: child)
            element.traits.allowsHitTesting = on
        case .contentShape(let kind):
            element = EffectElement(.trait, name: "contentShape", child: child)
            element.traits.contentShape = kind
        case .gesture(let g):
            element = EffectElement(.trait, name: "gesture", child: child)
            element.traits.gesture = g
        case .fixedSize(let h, let v): element = FixedSizeElement(horizontal: h, vertical: v, child: child)
        case .position(let x, let y): element = PositionElement(x: x, y: y, child: child)
        case .alignmentGuide(let g, let v): element = AlignmentGuideElement(g, v, child: child)
        case .flipsForRightToLeftLayoutDirection(let flips):
            guard flips, env.layoutDirection == .rightToLeft else {
                element = EffectElement(.trait, name: "flipsForRightToLeftLayoutDirection", child: child); break
            }
            element = EffectElement(.scale(-1, 1, .center), name: "flipsForRightToLeftLayoutDirection", child: child)
        }
        element.identity = id
        element.rightToLeft = env.layoutDirection == .rightToLeft
        return element
    }
}

/// The elements one layout pass may still build.
final class ElementBudget: Sendable {
    private let remaining: Mutex<Int>
    init(_ n: Int) { remaining = Mutex(n) }
    /// Takes `n`; false when the budget is spent.
    func take(_ n: Int = 1) -> Bool {
        remaining.withLock {
            $0 -= n
            return $0 >= 0
        }
    }

    /// The nodes of a tree, every modifier and empty node included.
    static func count(_ node: Node) -> Int {
        switch node {
        case .stack(_, _, _, let children), .zstack(_, let children), .group(let children), .scrollView(_, _, let children),
            .viewThatFits(_, _, let children), .customLayout(_, let children):
            return 1 + children.reduce(0) { $0 + count($1) }
        case .section(let header, let footer, let children):
            return 1 + ([header, footer] + children).reduce(0) { $0 + count($1) }
        case .modified(let inner, let m):
            switch m {
            case .background(let layer, _), .overlay(let layer, _), .safeAreaInset(_, _, _, let layer): return 1 + count(inner) + count(layer)
            default: return 1 + count(inner)
            }
        case .button(let label, _), .located(let label, _), .branch(_, let label), .keyed(_, let label):
            return 1 + count(label)
        default:
            return 1
        }
    }
}

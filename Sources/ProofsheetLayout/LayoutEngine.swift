import ProofsheetCore
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
public struct LayoutEngine: Sendable {
    public let measurer: TextMeasurer
    public let assets: AssetProvider
    public init(measurer: TextMeasurer, assets: AssetProvider) { self.measurer = measurer; self.assets = assets }

    /// Lays out `scene`: the root view is proposed the safe area and centred in it.
    public func layout(_ scene: Scene) throws -> LayoutResult {
        // One measurement cache for the pass (GeometryReader content built later shares it).
        if !(measurer is MeasurementCache) {
            return try LayoutEngine(measurer: MeasurementCache(measurer), assets: assets).layout(scene)
        }
        let canvas = Rect(origin: .zero, size: scene.canvas)
        let safe = canvas.inset(by: scene.safeArea)
        let ctx = LayoutContext(canvas: canvas, safeRect: safe)
        let root = try build(scene.root, LayoutEnvironment(), location: nil)
        let s = root.size(Proposal(safe.size))
        try root.place(root.aligned(s, in: safe, .center), ctx)
        let tree = root.resolve()
        return LayoutResult(
            root: LayoutNode(tree, grid: PixelGrid(scale: scene.scale)),
            displayList: DisplayList(painting: tree, size: scene.canvas, background: scene.background, scale: scene.scale),
            tree: tree)
    }

    /// Flattens groups and drops empty nodes: the views a container holds. Modifiers on a
    /// group apply to each of its views, as in SwiftUI.
    private func flatten(_ nodes: [Node]) -> [Node] {
        nodes.flatMap { n -> [Node] in
            switch n {
            case .group(let g): return flatten(g)
            case .empty: return []
            case .modified(let inner, let m) where isGroup(inner):
                return flatten([inner]).map { .modified($0, m) }
            case .located(let inner, let loc) where isGroup(inner):
                return flatten([inner]).map { .located($0, loc) }
            case .branch(let b, let inner) where isGroup(inner):
                return flatten([inner]).map { .branch(b, $0) }
            case .keyed(let k, let inner) where isGroup(inner):
                return flatten([inner]).map { .keyed(k, $0) }
            default: return [n]
            }
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

    func build(_ node: Node, _ env: LayoutEnvironment, location: SourceLocation?) throws -> Element {
        switch node {
        case .empty:
            return StackElement(axis: .vertical, alignment: 0.5, spacing: 0, children: [])
        case .group(let nodes):
            let kids = flatten(nodes)
            if kids.count == 1 { return try build(kids[0], env, location: location) }
            // A loose group (e.g. a ForEach as a modifier's content) lays out like a VStack.
            return StackElement(axis: .vertical, alignment: 0.5, spacing: nil, children: try kids.map { try build($0, env, location: location) })
        case .button(let label, let look):
            return try build(look.apply(to: label, environmentTint: env.tint), env, location: location)
        case .located(let inner, let loc):
            return try build(inner, env, location: loc)
        case .branch(_, let inner), .keyed(_, let inner):
            return try build(inner, env, location: location)
        case .stack(let axis, let alignment, let spacing, let children):
            return StackElement(
                axis: axis, alignment: alignment, spacing: spacing,
                children: try flatten(children).map { try build($0, env, location: location) })
        case .zstack(let alignment, let children):
            return ZStackElement(alignment: alignment, children: try flatten(children).map { try build($0, env, location: location) })
        case .text(let t):
            // Scene files are checked as they are read; this bounds texts built in Swift.
            try Scene.Limits.checkText(t, at: location)
            return TextElement(text: t, env: env, measurer: measurer)
        case .image(let name, let resizable):
            let img: (path: String, size: Size)
            do { img = try assets.image(named: name) } catch var e as ProofsheetError {
                if e.location == nil { e.location = location }
                throw e
            }
            return ImageElement(name: name, path: img.path, natural: img.size, resizable: resizable)
        case .symbol(let name):
            return SymbolElement(symbol: name, layers: try SymbolCatalog.layers(for: name, at: location), env: env)
        case .shape(let kind, let fill):
            return ShapeElement(kind: kind, fill: fill ?? env.foreground, name: shapeName(kind))
        case .strokedShape(let kind, let paint, let width, let inside):
            let outline = ResolvedView.Outline(width: width, inside: inside)
            return ShapeElement(kind: kind, fill: paint ?? env.foreground, name: shapeName(kind), outline: outline)
        case .paint(let p):
            return ShapeElement(kind: .rectangle, fill: p, name: "Color")
        case .spacer(let minLength):
            return SpacerElement(minLength: minLength)
        case .geometryReader(let content):
            let engine = self
            return GeometryReaderElement { size in try engine.build(try content(size), env, location: location) }
        case .modified(let inner, let modifier):
            return try build(modifier, on: inner, env, location: location)
        }
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

    private func build(_ m: Modifier, on inner: Node, _ env: LayoutEnvironment, location: SourceLocation?) throws -> Element {
        if case .environment(let change) = m {
            return try build(inner, env.applying(change), location: location)
        }
        let child = try build(inner, env, location: location)
        switch m {
        case .environment: return child
        case .padding(let insets): return PaddingElement(insets: insets, child: child)
        case .frame(let w, let h, let a): return FixedFrameElement(width: w, height: h, alignment: a, child: child)
        case .flexFrame(let f): return FlexFrameElement(f, child: child)
        case .aspectRatio(let r, let mode): return AspectRatioElement(ratio: r, mode: mode, child: child)
        case .background(let n, let a):
            return LayerElement(child: child, layer: try build(n, env, location: location), alignment: a, isOverlay: false)
        case .overlay(let n, let a):
            return LayerElement(child: child, layer: try build(n, env, location: location), alignment: a, isOverlay: true)
        case .ignoresSafeArea(let edges): return SafeAreaElement(edges: edges, child: child)
        case .clipShape(let kind): return EffectElement(.clip(kind), name: "clipShape", child: child)
        case .clipped: return EffectElement(.clip(.rectangle), name: "clipped", child: child)
        case .offset(let x, let y): return EffectElement(.offset(x, y), name: "offset", child: child)
        case .scaleEffect(let x, let y, let a): return EffectElement(.scale(x, y, a), name: "scaleEffect", child: child)
        case .rotationEffect(let d, let a): return EffectElement(.rotation(d, a), name: "rotationEffect", child: child)
        case .opacity(let o): return EffectElement(.opacity(o), name: "opacity", child: child)
        case .shadow(let s): return EffectElement(.shadow(s), name: "shadow", child: child)
        case .blur(let r): return EffectElement(.blur(r), name: "blur", child: child)
        case .hidden: return EffectElement(.hidden, name: "hidden", child: child)
        case .zIndex(let z):
            let e = EffectElement(.trait, name: "zIndex", child: child)
            e.zIndex = z
            return e
        case .layoutPriority(let p):
            let e = EffectElement(.trait, name: "layoutPriority", child: child)
            e.layoutPriority = p
            return e
        case .id(let name):
            child.id = name
            return child
        }
    }
}

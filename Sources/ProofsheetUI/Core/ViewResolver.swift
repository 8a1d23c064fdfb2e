import ProofsheetCore
import ProofsheetScene

/// Turns Swift views into the scene tree for one state: it walks from the root, and at each view
/// that has a body it gives the view's `@State`, `@GestureState` and `@Environment` their place
/// (the view's identity) and then asks for the body.
///
/// A view's identity is its structural place, as the engine's ``ViewID``: which child of a
/// block, which branch of an `if`, which `ForEach` element, which modifier's content. A state key
/// adds the view's type and the property's name, so two views at one place (a view whose body
/// is another view) keep apart.
@MainActor
final class ViewResolver {
    let access: StateAccess
    private var depth = 0
    /// The `onAppear` handlers of the views built, by the key of their modifier.
    private(set) var appearing: [(key: String, handler: Handler)] = []
    /// The alerts of the views built, each with whether it shows: the screen presents them.
    var alerts: [(spec: AlertSpec, presented: Bool)] = []
    /// `.listStyle(_:)` for the lists inside.
    var listStyle = ListStyle.automatic
    /// The navigation bar the views inside the nearest `NavigationStack` ask for
    /// (`.navigationTitle`, `.toolbar`): SwiftUI's preferences, read by the stack.
    var navigationBar: NavigationBarSpec?
    /// The innermost view with a body being built, for messages.
    private var building = "the root view"
    /// The keys of the dynamic properties of the views built so far: the views that are there.
    private(set) var installed: Set<String> = []
    /// The deepest views and bodies nest (a view whose body contains itself is stopped here).
    static let deepest = 256

    init(access: StateAccess) { self.access = access }

    var environment: EnvironmentValues { access.environment }

    /// The node of a builder's content at `id`.
    func node(_ content: ViewContent, at id: ViewID) throws -> Node {
        switch content.kind {
        case .empty: return .empty
        case .view(let view): return try node(view, at: id)
        case .group(let parts):
            var out: [Node] = []
            out.reserveCapacity(parts.count)
            for (i, part) in parts.enumerated() { out.append(try node(part, at: id.child(i))) }
            return .group(out)
        case .branch(let b, let inner): return .branch(b, try node(inner, at: id.branch(b)))
        case .keyed(let k, let inner): return .keyed(k, try node(inner, at: id.key(k)))
        }
    }

    /// The node of `view` at `id`: a primitive's own, else its body's.
    func node<V: View>(_ view: V, at id: ViewID) throws -> Node {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.deepest else {
            throw ProofsheetError.badInput(
                "views nest more than \(Self.deepest) levels deep in \(building) (at \(excerpt(id.description)))",
                hint: "a view whose body contains the view itself never ends; break the cycle with a condition")
        }
        if let content = view as? ViewContent { return try node(content, at: id) }
        if let primitive = view as? any PrimitiveView { return try primitive.node(in: self, at: id) }
        install(view, at: id)
        let outer = building
        building = String(describing: V.self)
        defer { building = outer }
        return try node(view.body, at: id)
    }

    /// Notes the `onAppear` handler of the modifier at `id`.
    func appears(at id: ViewID, _ handler: Handler) {
        let key = "\(id.path)|onAppear"
        installed.insert(key)
        appearing.append((key, handler))
    }

    /// Gives each dynamic property `view` holds its key: `<identity>|<type>.<name>`.
    func install<V: View>(_ view: V, at id: ViewID) {
        let type = String(describing: V.self)
        for child in Mirror(reflecting: view).children {
            guard let property = child.value as? any InstalledProperty else { continue }
            var name = child.label ?? "?"
            if name.hasPrefix("_") { name.removeFirst() }
            let key = "\(id.path)|\(type).\(name)"
            installed.insert(key)
            property.install(key: key, environment: environment)
        }
    }
}

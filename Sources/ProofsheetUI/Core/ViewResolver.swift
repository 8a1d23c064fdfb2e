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
/// What a view asks to be told: that it appeared, that it left, that a value changed.
enum Lifecycle: Sendable {
    case appear(Handler)
    case disappear(Handler)
    case change(ChangeWatch)

    var name: String {
        switch self {
        case .appear: return "onAppear"
        case .disappear: return "onDisappear"
        case .change: return "onChange"
        }
    }
}

/// An `onChange(of:)`: the value as this state has it, and what to run when it differs from
/// the value the last state had.
final class ChangeWatch: @unchecked Sendable {
    // NB: made and run on the main actor only.
    let value: Any
    let same: (Any) -> Bool
    let handler: @MainActor (Any, Any) -> Void
    /// Whether the handler runs when the view appears too (`initial: true`).
    let initial: Bool
    init(value: Any, same: @escaping (Any) -> Bool, initial: Bool, handler: @escaping @MainActor (Any, Any) -> Void) {
        self.value = value; self.same = same; self.initial = initial; self.handler = handler
    }
}

@MainActor
final class ViewResolver {
    let access: StateAccess
    private var depth = 0
    /// The views built and the characters of text drawn so far, within the scene limits
    /// (`views`, `scene-text`): a `ForEach` over a huge collection is an error, not hours.
    private var views = 0, characters = 0
    /// What the views built ask to be told (`onAppear`, `onDisappear`, `onChange`), by the key
    /// of their modifier.
    private(set) var lifecycle: [(key: String, event: Lifecycle)] = []
    /// The alerts of the views built, each with whether it shows: the screen presents them.
    var alerts: [(key: String, spec: AlertSpec, presented: Bool)] = []
    /// `.listStyle(_:)` for the lists inside.
    var listStyle = ListStyle.automatic
    /// Whether the views being built are a list's (or a form's) rows.
    var inList = false
    /// `.labelsHidden()` for the controls inside.
    var labelsHidden = false
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
        views += 1
        guard views <= ProofsheetScene.Scene.Limits.views.int else {
            throw ProofsheetError.badInput(
                "the screen builds more than \(ProofsheetScene.Scene.Limits.views.int) views (in \(building))",
                hint: "use smaller ForEach collections, or raise the limit with --limit views=N")
        }
        if let primitive = view as? any PrimitiveView { return try primitive.node(in: self, at: id) }
        install(view, at: id)
        let outer = building
        building = String(describing: V.self)
        defer { building = outer }
        return try node(view.body, at: id)
    }

    /// Takes the characters of a text from the screen's budget.
    func take(text: String) throws {
        try ProofsheetScene.Scene.Limits.checkText(text, at: nil)
        characters += ProofsheetScene.Scene.Limits.characterCount(text, upTo: ProofsheetScene.Scene.Limits.textLength.int)
        guard characters <= ProofsheetScene.Scene.Limits.sceneText.int else {
            throw ProofsheetError.badInput(
                "the screen draws more than \(ProofsheetScene.Scene.Limits.sceneText.int) characters of text (in \(building))",
                hint: "use smaller ForEach collections or shorter texts, or raise the limit with --limit scene-text=N")
        }
    }

    /// Notes what the modifier at `id` asks to be told.
    func watch(at id: ViewID, _ event: Lifecycle) {
        let key = "\(id.path)|\(event.name)"
        installed.insert(key)
        lifecycle.append((key, event))
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

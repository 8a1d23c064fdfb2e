import Foundation
import Synchronization
import Proofsheet
import ProofsheetCairo
import ProofsheetCore
import ProofsheetMotion
import ProofsheetScene

/// A screen made of Swift views, as the motion engine runs it: its state is the ``ViewStore``
/// of every view's `@State`, instantiating a state builds the bodies from the root with that
/// store, and gestures' and buttons' handlers are the actions that change it. Stills, frames,
/// strips, storyboards and checks work on it as on a scene file.
public struct SwiftUIScene: SceneProgram, @unchecked Sendable {
    // NB: `@unchecked` because the root view is made and built on the main actor only.
    let root: RootView
    /// The device the screen is shown on.
    public var device: Device
    /// Pixels per point (nil: the device's own).
    public var scale: Double?
    /// The environment the views are shown in (`@Environment` reads it).
    public var environment = EnvironmentValues()
    /// The named timelines (`timeline(_:from:events:)`).
    public private(set) var timelines: [Timeline] = []

    /// The screen whose root view `root` makes, on `device`.
    public init<V: View>(device: Device, scale: Double? = nil, _ root: @escaping @MainActor () -> V) {
        self.root = RootView { .of(root()) }
        self.device = device; self.scale = scale
    }

    /// The screen on a device preset by name (`"iPhone 14"`).
    public init<V: View>(device name: String = "iPhone 14", scale: Double? = nil, _ root: @escaping @MainActor () -> V) throws {
        self.init(device: try Device.named(name), scale: scale, root)
    }

    /// The screen with a timeline: the views' `onAppear` handlers at its start, then the
    /// touches of `script` (`drag #card 0,0 -> 150,10 in 0.3s; release`, views found by their
    /// `.id(_:)`; none: the screen appears and settles) begun `at` seconds in.
    public func timeline(_ name: String, at: Double = 0, fileID: String = #fileID, line: Int = #line, _ script: String? = nil) throws
        -> SwiftUIScene
    {
        guard Still.isValidName(name) else { throw ProofsheetError.usage("'\(excerpt(name))' cannot name a timeline", hint: Still.nameRule) }
        var s = self
        let location = SourceLocation(file: fileID, path: "", line: line, column: 1)
        var events = [Timeline.Event(at: 0, kind: .actions([.native(lifecycleAction)]), location: location)]
        if let script {
            do { events.append(Timeline.Event(at: at, kind: .touch(try TouchScript(script)), location: location)) } catch {
                throw ProofsheetError.badInput("touch script '\(excerpt(script))': \(error.message)", at: location, hint: error.hint)
            }
        }
        s.timelines.append(Timeline(name: name, events: events, location: location))
        return s
    }

    // MARK: SceneProgram

    public func state(still: String?) throws -> SceneState {
        if let still {
            throw ProofsheetError.usage(
                "a Swift screen has no still named '\(excerpt(still))'", hint: "a Swift screen starts in its views' own state")
        }
        // The declared `@State` values of the views there at the start, taken once (as SwiftUI
        // takes them when a view first appears): the first state holds them.
        var store = ViewStore()
        for _ in 0..<8 {
            let unstored = try build(store).unstored.value.filter { store.values[$0.key] == nil }
            if unstored.isEmpty { break }
            store.values.merge(unstored) { old, _ in old }
        }
        return Self.sceneState(store)
    }

    public func instantiate(_ state: SceneState) throws -> ProofsheetScene.Scene {
        let node = try build(try store(of: state)).node
        var scene = ProofsheetScene.Scene(
            canvas: device.size, safeArea: device.safeArea, scale: scale ?? Double(device.scale), device: device, root: node)
        scene.colorScheme = environment.colorScheme
        scene.dynamicTypeSize = environment.dynamicTypeSize
        scene.layoutDirection = environment.layoutDirection
        return scene
    }

    /// The views built from the root with `store`: the scene tree, and the keys of the state
    /// of the views that are there.
    func build(_ store: ViewStore) throws -> Built {
        var environment = self.environment
        environment.device = device
        let root = self.root
        let built = try onMain {
            let access = StateAccess(store: store, environment: environment)
            access.objects = root.objects
            let resolver = ViewResolver(access: access)
            var node = try StateAccess.with(access) { try resolver.node(root.make(), at: .root) }
            // Alerts cover the screen, whatever the size of the view they are on: those the
            // screen had before in their order (dismissed when their view has left), then new ones.
            let alerts = root.alerts(resolver.alerts, after: store.alerts)
            if !alerts.isEmpty { node = .modified(node, .flexFrame(FlexFrame(maxWidth: .infinity, maxHeight: .infinity))) }
            for alert in alerts { node = alert.spec.presenting(on: node, presented: alert.presented) }
            return Built(
                node: node, live: resolver.installed, lifecycle: resolver.lifecycle, unstored: UncheckedBox(access.unstored),
                alerts: alerts.map(\.key))
        }
        root.remember(store, live: built.live)
        if !built.lifecycle.isEmpty || !built.unstored.value.isEmpty { root.remember(built.lifecycle) }
        return built
    }

    /// A screen's views built for a state.
    struct Built: Sendable {
        let node: Node
        /// The keys of the state of the views that are there.
        let live: Set<String>
        /// What they ask to be told (`onAppear`, `onDisappear`, `onChange`).
        let lifecycle: [(key: String, event: Lifecycle)]
        /// The `@State` values taken from their declarations (none stored yet), by key.
        let unstored: UncheckedBox<[String: Any]>
        /// The keys of the alerts presented (shown or not), in order.
        let alerts: [String]
    }

    /// The action that tells the views of the state it runs on what happened since the state
    /// before: `onDisappear` for those that left, `onAppear` for those that came, `onChange` for
    /// the values that changed; and keeps the declared values of the `@State` of views that came
    /// (as SwiftUI takes them once). It is a timeline's first event, and the step after every
    /// change of state of a screen that asks.
    var lifecycleAction: NativeAction {
        NativeAction(location: SourceLocation(file: "onAppear", path: "", line: 0, column: 0)) { run in
            let before = run
            guard let old = before.value as? ViewStore else { return }
            let built = try self.build(old)
            var store = old
            var calls: [Handler] = []
            // Views that left: their `onDisappear`; their marks go.
            for key in store.appeared.sorted() where !built.live.contains(key) {
                if key.hasSuffix("|onDisappear"), let handler = root.disappearHandler(key) { calls.append(handler) }
            }
            store.appeared = store.appeared.filter { built.live.contains($0) }
            for (key, value) in built.unstored.value where store.values[key] == nil { store.values[key] = value }
            store.alerts = built.alerts
            for (key, event) in built.lifecycle {
                switch event {
                case .appear(let handler):
                    if store.appeared.insert(key).inserted { calls.append(handler) }
                case .disappear:
                    store.appeared.insert(key)
                case .change(let watch):
                    if let last = store.values[key] {
                        guard !watch.same(last) else { continue }
                        calls.append(Handler { _ in watch.handler(last, watch.value) })
                    } else if watch.initial {
                        calls.append(Handler { _ in watch.handler(watch.value, watch.value) })
                    }
                    store.values[key] = watch.value
                }
            }
            guard store != old || !calls.isEmpty else { return }
            var marked = before
            marked.value = store
            marked.pending = true
            let environment = self.environment
            run = try onMain {
                let access = StateAccess(store: ViewStore(), environment: environment, run: marked)
                StateAccess.with(access) { for call in calls { call.body(nil) } }
                return access.run ?? marked
            }
        }
    }

    /// `state` after the `onAppear` handlers of its views ran, and those of the views they
    /// brought in, with no animation: what a still shows.
    public func appeared(_ state: SceneState) throws -> SceneState {
        var state = state
        for _ in 0..<16 {
            let result = try ActionResult.running(
                [.native(lifecycleAction)], on: state, value: try store(of: state), defaults: nil, extra: [:], transaction: .immediate
            ) { Self.sceneState(try self.store(ofValue: $0)) }
            guard result.state != state else { break }
            state = result.state
        }
        return state
    }

    /// Runs handlers on `state`. First the state of views that have left is dropped, as SwiftUI
    /// drops it: a view that comes back starts from its declared values.
    public func run(_ actions: [SceneAction], on state: SceneState, extra: [String: ScriptValue], transaction: Transaction) throws -> ActionResult {
        var store = try store(of: state)
        let live = try root.live(for: store) ?? build(store).live
        // A model's published value (`<object key>._count`) lives while its object's view does.
        store.values = store.values.filter { key, _ in
            live.contains(key) || key.lastIndex(of: ".").map { live.contains(String(key[..<$0])) } == true
        }
        var result = try ActionResult.running(actions, on: state, value: store, defaults: nil, extra: extra, transaction: transaction) {
            Self.sceneState(try self.store(ofValue: $0))
        }
        // Views are told what the changes did right after them (appeared, left, changed).
        if root.hasLifecycle, result.steps.contains(where: { if case .commit = $0 { true } else { false } }) {
            result.steps.append(.schedule(after: 0, [.native(lifecycleAction)], transaction))
        }
        return result
    }

    func store(ofValue value: any Sendable) throws -> ViewStore {
        guard let s = value as? ViewStore else { throw ProofsheetError.internal("a Swift action left a state of another type") }
        return s
    }

    func store(of state: SceneState) throws -> ViewStore {
        guard let store = state.native?.value as? ViewStore else {
            throw ProofsheetError.internal("a state that is not a Swift screen's reached it")
        }
        return store
    }

    public var markerNames: [String] { [] }
    public func markers(in state: SceneState) throws -> Set<String> { [] }

    public func timeline(named name: String) throws -> Timeline {
        if let t = timelines.first(where: { $0.name == name }) { return t }
        throw ProofsheetError.usage(
            "the Swift screen has no timeline named '\(excerpt(name))'",
            hint: timelines.isEmpty ? "it declares no timelines" : "its timelines: \(timelines.map(\.name).joined(separator: ", "))")
    }

    static func sceneState(_ store: ViewStore) -> SceneState {
        SceneState(values: store.shown, native: NativeState(store))
    }
}

/// The root view of a screen, made on the main actor.
final class RootView: @unchecked Sendable {
    // NB: `@unchecked` because the view is made on the main actor only (``onMain(_:)``), and
    // what was last built is kept behind a lock.
    let make: @MainActor () -> ViewContent
    private let last = Mutex<(store: ViewStore, live: Set<String>)?>(nil)
    /// The screen's model objects (`@StateObject`).
    let objects = ObjectTable()
    /// The `onDisappear` handlers seen, by key: a view that left is told with its last one.
    private let disappearing = Mutex<[String: Handler]>([:])
    /// Whether any view of the screen asks to be told (else no step looks).
    private let asks = Mutex(false)
    var hasLifecycle: Bool { asks.withLock { $0 } }

    /// Notes what the views built ask to be told.
    func remember(_ lifecycle: [(key: String, event: Lifecycle)]) {
        asks.withLock { $0 = true }
        disappearing.withLock { table in
            for (key, event) in lifecycle { if case .disappear(let handler) = event { table[key] = handler } }
        }
    }
    func disappearHandler(_ key: String) -> Handler? { disappearing.withLock { $0[key] } }

    /// The alerts seen, by key (the last of each): one whose view has left is dismissed with it.
    private let seenAlerts = Mutex<[String: UncheckedBox<AlertSpec>]>([:])

    /// The alerts to present: those of `known` in their order (each dismissed when its view did
    /// not build it), then the others `built` in theirs.
    func alerts(_ built: [(key: String, spec: AlertSpec, presented: Bool)], after known: [String])
        -> [(key: String, spec: AlertSpec, presented: Bool)]
    {
        guard !built.isEmpty || !known.isEmpty else { return [] }
        asks.withLock { $0 = true }
        let byKey = Dictionary(built.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        return seenAlerts.withLock { seen in
            for a in built { seen[a.key] = UncheckedBox(a.spec) }
            var out: [(key: String, spec: AlertSpec, presented: Bool)] = []
            for key in known {
                if let a = byKey[key] { out.append(a) } else if let spec = seen[key] { out.append((key, spec.value, false)) }
            }
            let knownKeys = Set(known)
            out += built.filter { !knownKeys.contains($0.key) }
            return out
        }
    }
    init(_ make: @escaping @MainActor () -> ViewContent) { self.make = make }

    /// Notes the views built from `store` (a timeline builds a state, then runs handlers on it).
    func remember(_ store: ViewStore, live: Set<String>) { last.withLock { $0 = (store, live) } }
    /// The keys of the views built from `store`, if it was the last one built.
    func live(for store: ViewStore) -> Set<String>? {
        last.withLock { last in last.flatMap { $0.store == store ? $0.live : nil } }
    }
}

/// Renders `view` on a device to a PNG, SVG or PDF file (by its extension), written whole or
/// not at all: `try render(ContentView(), device: "iPhone 14", scale: 2, to: "out.png")`.
@MainActor
public func render<V: View>(
    _ view: @autoclosure @escaping @MainActor () -> V, device: String = "iPhone 14", scale: Double? = nil,
    colorScheme: ColorScheme = .light, assets: [String] = [], to path: String
) throws {
    guard let format = OutputFormat(path: path) else {
        throw ProofsheetError.usage("cannot tell the format of '\(path)'", hint: "end the name with .png, .svg or .pdf")
    }
    var screen = try SwiftUIScene(device: device, scale: scale, view)
    screen.environment.colorScheme = colorScheme
    let scene = try screen.instantiate(try screen.appeared(try screen.state(still: nil)))
    let bytes = try Renderer(assetRoots: assets).render(scene, format: format, png: .small)
    try FileOutput.write(bytes, to: path)
}

/// The scene tree of `view` as a still shows it (its `onAppear` handlers run), built for
/// `device`'s screen: what a snapshot strategy lays out.
public func sceneTree<V: View>(of view: V, device: String = "iPhone 14") throws -> Node {
    nonisolated(unsafe) let view = view
    let screen = try SwiftUIScene(device: device) { view }
    return try screen.build(try screen.store(of: try screen.appeared(try screen.state(still: nil)))).node
}

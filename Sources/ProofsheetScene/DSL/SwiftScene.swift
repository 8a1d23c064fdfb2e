import ProofsheetCore
import ProofsheetMotion

/// A scene written in Swift as a function of a state value, with stills, gestures and
/// timelines: the Swift form of a scene file's `state`, `stills`, `gesture`s and `timelines`.
///
///     struct Deck: Equatable, Sendable { var drag = Size.zero; var removed = false }
///
///     let deck = SwiftScene(device: .named("iPhone 14"), initial: Deck()) { state in
///         RoundedRectangle(cornerRadius: 16).fill(.blue)
///             .frame(width: 200, height: 300)
///             .offset(state.drag)
///             .id("card")
///             .gesture(
///                 DragGesture()
///                     .updating(\Deck.drag) { value in value.translation }
///                     .onEnded { value, changes in
///                         if value.translation.width > 100 {
///                             changes.withAnimation(.easeOut(duration: 0.3)) { $0.removed = true }
///                         }
///                     })
///     }
///     .still("dragging", Deck(drag: Size(width: 120, height: 0)))
///     .timeline("swipe") {
///         Touch(at: 0, "drag #card 0,0 -> 150,10 in 0.3s; release")
///         Change(at: 1, withAnimation: .easeOut) { $0.removed = false }
///     }
///
/// Handlers are closures over the state: they change `changes.state` (one change of state),
/// or call `changes.withAnimation(_:_:)`, `withoutAnimation`, `after`, `haptic` — the same
/// steps as the scene format's action language, in the same transactions. A `ForEach`
/// element is simply captured by the closure.
public struct SwiftScene<State: Sendable & Equatable>: SceneProgram {
    /// The state with nothing changed (gesture state goes back to its value here at the end of
    /// a gesture).
    public var initial: State
    /// The named states, in the order given.
    public private(set) var stills: [(name: String, state: State)] = []
    /// The named timelines, in the order given.
    public private(set) var timelines: [Timeline] = []
    private var markerList: [(name: String, isTrue: @Sendable (State) -> Bool)] = []
    private let make: @Sendable (State) throws -> Scene
    private let origin: SourceLocation

    /// A scene made by `make` from each state.
    public init(
        initial: State, fileID: String = #fileID, line: Int = #line, make: @escaping @Sendable (State) throws -> Scene
    ) {
        self.initial = initial; self.make = make
        origin = SourceLocation(file: fileID, path: "", line: line, column: 1)
    }

    /// A scene on a device preset whose root view is built from each state.
    public init(
        device: Device, scale: Double? = nil, background: Color? = .systemBackground, initial: State, fileID: String = #fileID, line: Int = #line,
        @ViewBuilder body: @escaping @Sendable (State) -> Node
    ) {
        self.init(initial: initial, fileID: fileID, line: line) { state in
            Scene(device: device, scale: scale, background: background) { body(state) }
        }
    }

    // MARK: Declaring

    /// The scene with a named state (names follow the still-name rule).
    public func still(_ name: String, _ state: State) -> SwiftScene {
        precondition(Still.isValidName(name), Still.nameRule)
        var s = self
        s.stills.append((name, state))
        return s
    }

    /// The scene with a named timeline starting from the still `from` (nil: `initial`).
    public func timeline(
        _ name: String, from: String? = nil, fileID: String = #fileID, line: Int = #line,
        @TimelineBuilder<State> events: () -> [Timeline.Event]
    ) -> SwiftScene {
        precondition(Still.isValidName(name), "a timeline name: " + Still.nameRule)
        var s = self
        s.timelines.append(
            Timeline(name: name, from: from, events: events(), location: SourceLocation(file: fileID, path: "", line: line, column: 1)))
        return s
    }

    /// The scene with a named moment that frames report when `isTrue` becomes true.
    public func marker(_ name: String, _ isTrue: @escaping @Sendable (State) -> Bool) -> SwiftScene {
        var s = self
        s.markerList.append((name, isTrue))
        return s
    }

    // MARK: Running (SceneProgram)

    public func state(still: String?) throws -> SceneState {
        guard let still else { return sceneState(initial, still: nil) }
        guard let found = stills.first(where: { $0.name == still }) else {
            throw ProofsheetError.usage(
                "the Swift scene at \(origin.file ?? "?"):\(origin.line) has no still named '\(excerpt(still))'",
                hint: stills.isEmpty ? "it declares no stills" : "its stills: \(stills.map(\.name).joined(separator: ", "))")
        }
        return sceneState(found.state, still: still)
    }

    public func instantiate(_ state: SceneState) throws -> Scene { try make(value(of: state)) }

    public func run(
        _ actions: [SceneAction], on state: SceneState, extra: [String: ScriptValue], transaction: Transaction
    ) throws -> ActionResult {
        try ActionResult.running(actions, on: state, value: try value(of: state), defaults: initial, extra: extra, transaction: transaction) {
            guard let v = $0 as? State else { throw ProofsheetError.internal("a Swift action left a state of another type") }
            return sceneState(v, still: state.still)
        }
    }

    public var markerNames: [String] { markerList.map(\.name) }

    public func markers(in state: SceneState) throws -> Set<String> {
        let v = try value(of: state)
        return Set(markerList.filter { $0.isTrue(v) }.map(\.name))
    }

    public func timeline(named name: String) throws -> Timeline {
        if let t = timelines.first(where: { $0.name == name }) { return t }
        throw ProofsheetError.usage(
            "the Swift scene at \(origin.file ?? "?"):\(origin.line) has no timeline named '\(excerpt(name))'",
            hint: timelines.isEmpty ? "it declares no timelines" : "its timelines: \(timelines.map(\.name).joined(separator: ", "))")
    }

    // MARK: States

    /// The state value a `SceneState` of this scene holds.
    public func value(of state: SceneState) throws -> State {
        guard let v = state.native?.value as? State else {
            throw ProofsheetError.internal("a state that is not this Swift scene's reached it")
        }
        return v
    }

    /// `value` as a `SceneState`: kept whole, and shown field by field in `values` (for a frame
    /// manifest's `state`).
    func sceneState(_ value: State, still: String?) -> SceneState {
        var values: [String: ScriptValue] = [:]
        if case .object(let fields) = ScriptValue(reflecting: value) { values = fields }
        return SceneState(values: values, origins: [:], still: still, native: NativeState(value))
    }
}

// MARK: - Changes

/// What a Swift handler changes: `state` (each handler's plain changes make one change of
/// state), and the steps of SwiftUI's `withAnimation`, `after` and haptics.
public struct Changes<State: Sendable>: Sendable {
    var run: NativeRun

    /// The state; setting it (or a part of it) is a change of state in the handler's transaction.
    public var state: State {
        get { run.value as! State }
        set { run.value = newValue; run.pending = true }
    }

    /// What the handler may read besides the state (the gesture's values as the scene format's
    /// `$gesture` has them, for instance).
    public var extra: [String: ScriptValue] { run.extra }

    /// SwiftUI's `withAnimation`: the changes made so far are one change, those of `body` another,
    /// animated with `animation` (nil: no explicit animation).
    public mutating func withAnimation(_ animation: Animation? = .default, _ body: (inout State) -> Void) {
        let outer = run.transaction
        run.flush(outer)
        var s = state
        body(&s)
        state = s
        run.flush(Transaction(animation: animation, disablesAnimations: outer.disablesAnimations))
    }

    /// The changes of `body` with no animation at all (implicit animations included).
    public mutating func withoutAnimation(_ body: (inout State) -> Void) {
        run.flush(run.transaction)
        var s = state
        body(&s)
        state = s
        run.flush(.immediate)
    }

    /// `body` runs `seconds` later, in the current transaction.
    public mutating func after(
        _ seconds: Double, fileID: String = #fileID, line: Int = #line, _ body: @escaping @Sendable (inout Changes<State>) -> Void
    ) {
        precondition(seconds >= 0 && seconds <= SceneAction.longestDelay, "a delay is 0 to \(SceneAction.longestDelay) s")
        let action = NativeAction(location: SourceLocation(file: fileID, path: "", line: line, column: 1)) { run in
            var c = Changes(run: run)
            body(&c)
            run = c.run
        }
        run.steps.append(.schedule(after: seconds, action, run.transaction))
    }

    /// A haptic: no pixels, recorded as an event (`success`, `warning`, `light`, …).
    public mutating func haptic(_ kind: String) {
        precondition(SceneAction.hapticKinds.contains(kind), "a haptic is one of \(SceneAction.hapticKinds.joined(separator: ", "))")
        run.steps.append(.annotate("haptic \(kind)"))
    }
}

extension NativeAction {
    /// A handler over a Swift state value.
    static func changing<State: Sendable>(
        at location: SourceLocation, _ body: @escaping @Sendable (inout Changes<State>) -> Void
    ) -> NativeAction {
        NativeAction(location: location) { run in
            var c = Changes<State>(run: run)
            body(&c)
            run = c.run
        }
    }
}

// MARK: - Timelines

/// One event of a Swift timeline (made by ``Change(at:withAnimation:_:)``,
/// ``Handle(at:_:)`` or ``Touch(at:_:)``).
public struct TimelineStep<State: Sendable> {
    public let event: Timeline.Event
}

/// At `t` seconds, `body` changes the state (in `animation`'s transaction when given).
public func Change<State: Sendable>(
    at t: Double, withAnimation animation: Animation? = nil, fileID: String = #fileID, line: Int = #line,
    _ body: @escaping @Sendable (inout State) -> Void
) -> TimelineStep<State> {
    Handle(at: t, fileID: fileID, line: line) { (c: inout Changes<State>) in
        if let animation { c.withAnimation(animation, body) } else { body(&c.state) }
    }
}

/// At `t` seconds, a handler with every step at hand (`withAnimation`, `after`, `haptic`).
public func Handle<State: Sendable>(
    at t: Double, fileID: String = #fileID, line: Int = #line, _ body: @escaping @Sendable (inout Changes<State>) -> Void
) -> TimelineStep<State> {
    precondition(t >= 0 && t <= Timeline.latest, "an event's time is 0 to \(Timeline.latest) s")
    let location = SourceLocation(file: fileID, path: "", line: line, column: 1)
    return TimelineStep(event: Timeline.Event(at: t, kind: .actions([.native(.changing(at: location, body))]), location: location))
}

/// At `t` seconds, a touch in the short form (`drag #card 0,0 -> 150,10 in 0.3s; release`,
/// `tap #closeButton`; see ``TouchScript``). A mistake in the script is a programming error.
public func Touch<State: Sendable>(at t: Double, _ script: String, fileID: String = #fileID, line: Int = #line) -> TimelineStep<State> {
    precondition(t >= 0 && t <= Timeline.latest, "an event's time is 0 to \(Timeline.latest) s")
    let parsed: TouchScript
    do { parsed = try TouchScript(script) } catch { preconditionFailure("touch script '\(script)': \(error)") }
    return TimelineStep(
        event: Timeline.Event(at: t, kind: .touch(parsed), location: SourceLocation(file: fileID, path: "", line: line, column: 1)))
}

/// Collects a Swift timeline's events.
@resultBuilder
public enum TimelineBuilder<State: Sendable> {
    public static func buildExpression(_ e: TimelineStep<State>) -> [Timeline.Event] { [e.event] }
    public static func buildBlock(_ parts: [Timeline.Event]...) -> [Timeline.Event] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Timeline.Event]?) -> [Timeline.Event] { part ?? [] }
    public static func buildEither(first: [Timeline.Event]) -> [Timeline.Event] { first }
    public static func buildEither(second: [Timeline.Event]) -> [Timeline.Event] { second }
    public static func buildArray(_ parts: [[Timeline.Event]]) -> [Timeline.Event] { parts.flatMap { $0 } }
}

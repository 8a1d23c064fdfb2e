import ProofsheetCore
import ProofsheetMotion

/// What a timeline runs: a scene as a function of its state, the states it starts from, and
/// the actions (of timelines, gestures and buttons) that change the state.
///
/// Two kinds are there: a scene file's ``SceneTemplate`` (state as typed JSON values, actions in
/// the action language) and a Swift ``SwiftScene`` (state as a Swift value, actions as closures
/// over it). A motion session runs either the same way.
public protocol SceneProgram: Sendable {
    /// The state of the still `still` (nil: the defaults).
    func state(still: String?) throws -> SceneState
    /// The scene in `state`.
    func instantiate(_ state: SceneState) throws -> Scene
    /// Runs `actions` on `state` in `transaction`: the changes of state in order, each in its
    /// transaction, actions to run later, and events without pixels. `extra` holds the values
    /// the actions may read besides the state (`gesture`, a `ForEach` element).
    func run(_ actions: [SceneAction], on state: SceneState, extra: [String: ScriptValue], transaction: Transaction) throws -> ActionResult
    /// The named moments a run reports, in the order declared.
    var markerNames: [String] { get }
    /// The markers that are true in `state`.
    func markers(in state: SceneState) throws -> Set<String>
    /// Brings `truth`, the markers true in `old`, to those true in `new`; returns the names that
    /// turned true, in the order declared. `evaluations` counts the markers evaluated in a run.
    func updateMarkers(_ truth: inout Set<String>, from old: SceneState, to new: SceneState, evaluations: inout Int) throws -> [String]
    /// The timeline named `name`, or a usage error naming the scene's timelines.
    func timeline(named name: String) throws -> Timeline
}

extension SceneProgram {
    public func updateMarkers(_ truth: inout Set<String>, from old: SceneState, to new: SceneState, evaluations: inout Int) throws -> [String] {
        evaluations += markerNames.count
        let now = try markers(in: new)
        let turned = markerNames.filter { now.contains($0) && !truth.contains($0) }
        truth = now
        return turned
    }
}

extension SceneTemplate: SceneProgram {
    public func state(still: String?) throws -> SceneState { try state(still: still, sets: []) }
    public var markerNames: [String] { markers.map(\.name) }
}

/// An action written in Swift: a closure over the state, run with what the action may read.
///
/// A Swift scene's gestures, buttons and timeline events hold these; a scene file never does.
public struct NativeAction: Sendable {
    /// Where it was written, for messages.
    public let location: SourceLocation
    let body: @Sendable (inout NativeRun) throws -> Void

    public init(location: SourceLocation, _ body: @escaping @Sendable (inout NativeRun) throws -> Void) {
        self.location = location; self.body = body
    }

    /// Runs the closure on `run`.
    public func callAsFunction(_ run: inout NativeRun) throws { try body(&run) }
}

/// What a ``NativeAction`` works on: the state (a Swift value, type-erased), what it may read,
/// and the steps it has made so far (the same steps the action language makes).
public struct NativeRun: Sendable {
    /// The state as it is now, with changes not yet committed.
    public var value: any Sendable
    /// The values the action may read besides the state (`gesture`, captured locals).
    public let extra: [String: ScriptValue]
    /// The transaction the action runs in.
    public let transaction: Transaction
    /// The steps so far: commits, scheduled actions, annotations (see ``ActionResult``).
    public var steps: [Step] = []
    /// Whether `value` has changes not yet committed.
    public var pending = false
    /// The state with nothing changed, where a program has one (gesture state goes back to it).
    public var defaults: (any Sendable)? = nil

    /// One thing an action did.
    public enum Step: Sendable {
        case commit(any Sendable, Transaction)
        case schedule(after: Double, NativeAction, Transaction)
        case annotate(String)
    }

    public init(value: any Sendable, extra: [String: ScriptValue], transaction: Transaction) {
        self.value = value; self.extra = extra; self.transaction = transaction
    }

    /// Commits the pending changes (if any) in `tx`.
    public mutating func flush(_ tx: Transaction) {
        if pending { steps.append(.commit(value, tx)); pending = false }
    }
}

extension ActionResult {
    /// What Swift actions do to `state`, whose Swift value is `value`: each action runs in turn
    /// on one ``NativeRun``, and its steps become the result's, each committed value made a
    /// `SceneState` by `sceneState`. `defaults` is the value gesture state goes back to.
    public static func running(
        _ actions: [SceneAction], on state: SceneState, value: any Sendable, defaults: (any Sendable)?, extra: [String: ScriptValue],
        transaction: Transaction, sceneState: (any Sendable) throws -> SceneState
    ) throws -> ActionResult {
        var run = NativeRun(value: value, extra: extra, transaction: transaction)
        run.defaults = defaults
        for action in actions {
            guard case .native(let a) = action else {
                throw ProofsheetError.internal("a scene file's action reached a Swift scene")
            }
            try a(&run)
        }
        run.flush(transaction)
        var result = ActionResult(state: state)
        for step in run.steps {
            switch step {
            case .commit(let v, let tx):
                result.state = try sceneState(v)
                result.steps.append(.commit(result.state, tx))
            case .schedule(let delay, let a, let tx): result.steps.append(.schedule(after: delay, [.native(a)], tx))
            case .annotate(let text): result.steps.append(.annotate(text))
            }
        }
        return result
    }
}

/// A Swift state value inside a ``SceneState``: kept as it is, compared with its own `==`.
public struct NativeState: @unchecked Sendable, Equatable {
    // NB: `@unchecked` because `any Equatable & Sendable` cannot be spelled as one existential
    // with `==`; the value is `Sendable` (checked where it is made).
    public let value: any Sendable
    private let equals: @Sendable (any Sendable) -> Bool

    public init<S: Sendable & Equatable>(_ value: S) {
        self.value = value
        equals = { ($0 as? S) == value }
    }

    public static func == (a: NativeState, b: NativeState) -> Bool { a.equals(b.value) }
}

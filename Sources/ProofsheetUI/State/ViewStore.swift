import Dispatch
import Foundation
import ProofsheetCore
import ProofsheetMotion
import ProofsheetScene

/// The state of every view of a Swift screen: each `@State` and `@GestureState` value that has
/// been written, by the identity of its view and the property's name. A value not written is
/// the one the view's declaration gives (SwiftUI's initial value).
///
/// It is the motion engine's state for a Swift screen (inside a ``NativeState``): two stores
/// are the same when they hold the same keys with equal values.
public struct ViewStore: @unchecked Sendable, Equatable {
    // NB: `@unchecked` because a `@State` value need not be `Sendable` (SwiftUI asks no such
    // thing); a store is read and written on the main actor only.
    var values: [String: Any] = [:]
    /// The `onAppear` handlers that have run, by the key of their view's modifier: a view that
    /// leaves is taken out, so that it appears again when it comes back.
    var appeared: Set<String> = []
    /// The alerts the screen has had, by the key of their modifier, in the order they came: an
    /// alert whose view left is still presented, dismissed, in its place (it fades out, as
    /// UIKit dismisses it, and the alerts after it keep their identity).
    var alerts: [String] = []

    public init() {}

    /// The keys written, in order: `/0/1|CardView.translation`.
    public var keys: [String] { values.keys.sorted() }

    public static func == (a: ViewStore, b: ViewStore) -> Bool {
        guard a.values.count == b.values.count, a.appeared == b.appeared, a.alerts == b.alerts else { return false }
        for (k, v) in a.values {
            guard let w = b.values[k], same(v, w) else { return false }
        }
        return true
    }

    /// Whether two stored values are equal: by their own `==` where they have one, else by what
    /// reflection shows of them.
    static func same(_ a: Any, _ b: Any) -> Bool {
        if let e = a as? any Equatable { return e.isEqual(to: b) }
        return String(reflecting: a) == String(reflecting: b)
    }

    /// The values as a frame manifest shows them: each key with its value reflected.
    var shown: [String: ScriptValue] {
        values.mapValues { ScriptValue(reflecting: $0) }
    }
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}

/// Where `@State` reads and writes at this moment: while a body is built, the store of the
/// state being drawn (read only); while a gesture's or a button's handler runs, the engine's run
/// of that action (its writes are changes of state, `withAnimation` makes transactions).
@MainActor
final class StateAccess {
    var store: ViewStore
    /// The action being run, if any.
    var run: NativeRun?
    /// The environment the views are shown in.
    var environment: EnvironmentValues
    /// The screen's model objects (`@StateObject`), kept across its states.
    var objects: ObjectTable?
    /// Writes refused because no action was running (a body that sets its own state).
    var refusedWrites: [String] = []
    /// The `@State` values built from their declarations, not from the store, by key: what the
    /// state keeps from the first build a view is in (see ``SwiftUIScene/lifecycleAction``).
    var unstored: [String: Any] = [:]

    init(store: ViewStore, environment: EnvironmentValues, run: NativeRun? = nil) {
        self.store = store; self.environment = environment; self.run = run
    }

    /// The access in effect, if any.
    static var current: StateAccess?

    /// Runs `body` with `access` in effect.
    static func with<T>(_ access: StateAccess, _ body: () throws -> T) rethrows -> T {
        let saved = current
        current = access
        defer { current = saved }
        return try body()
    }

    func read(_ key: String) -> Any? {
        if let run, let store = run.value as? ViewStore { return store.values[key] }
        return store.values[key]
    }

    /// Writes `value` at `key`: a change of state of the action running (nil removes it).
    func write(_ key: String, _ value: Any?) {
        guard var run, var s = run.value as? ViewStore else {
            refusedWrites.append(key)
            return
        }
        s.values[key] = value
        run.value = s
        run.pending = true
        self.run = run
    }

    /// Commits the changes made so far in `tx`.
    func flush(_ tx: Transaction) {
        run?.flush(tx)
    }
}

/// Marks the main queue, so that code running on it (the main actor's executor, which need not
/// be the main thread) knows it is there.
private let mainQueueKey = DispatchSpecificKey<Bool>()
private let mainQueueMarked: Bool = {
    Dispatch.DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
    return true
}()

/// Whether this code runs on the main actor's executor (the main thread, or the main queue run
/// on another thread).
var onMainActor: Bool { mainQueueMarked && (Thread.isMainThread || Dispatch.DispatchQueue.getSpecific(key: mainQueueKey) == true) }

/// Runs `body` (main-actor code: a view's body, a handler) on the main actor: at once when this
/// is the main actor's executor already (a render on the main actor), else on the main queue,
/// waiting for it (a timeline run or a layout on a worker thread, while the main queue is free).
func onMain<T: Sendable>(_ body: @escaping @MainActor () throws -> T) throws -> T {
    if onMainActor { return try Result(catching: isolatedCall(body)).get() }
    let work = body
    nonisolated(unsafe) var result: Result<T, any Error>?
    Dispatch.DispatchQueue.main.sync { result = Result(catching: isolatedCall(work)) }
    return try result!.get()
}

/// `body`'s result when this is the main actor's executor, else nil (nothing run).
func onMainActorNow<T: Sendable>(_ body: @escaping @MainActor () -> T) -> T? {
    guard onMainActor else { return nil }
    return try? Result(catching: isolatedCall(body)).get()
}

/// `body` as a plain function, for code that runs on the main actor's executor.
private func isolatedCall<T>(_ body: @escaping @MainActor () throws -> T) -> () throws -> T {
    unsafeBitCast(body, to: (() throws -> T).self)
}

/// A value carried across an isolation boundary that the code guarantees is crossed safely
/// (values made on the main actor and read there). Not for functions: a function in a generic
/// box was miscompiled here; a handler has a class of its own (``HandlerAction``).
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

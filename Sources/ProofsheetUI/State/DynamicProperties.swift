import Foundation
import ProofsheetCore
import ProofsheetMotion
import ProofsheetScene

/// A property a view's body reads that Proofsheet keeps for the view: `@State`,
/// `@GestureState`, `@Environment`. Before a body is built, each one the view holds is given the
/// view's identity (found with `Mirror`, as the properties are stored).
public protocol DynamicProperty {}

/// Something a view holds that is told where it lives before the body is built.
@MainActor
protocol InstalledProperty {
    func install(key: String, environment: EnvironmentValues)
}

/// Where one `@State` (or `@GestureState`) lives: the key of its view and name, once installed.
final class StateSlot: @unchecked Sendable {
    // NB: set on the main actor before the body is built, read there after.
    var key: String?
    init() {}

    @MainActor func read<Value>(default initial: Value) -> Value {
        guard let key, let access = StateAccess.current, let value = access.read(key) as? Value else { return initial }
        return value
    }

    @MainActor func write(_ value: Any?) {
        guard let key else { return }
        guard let access = StateAccess.current else {
            UntimedWrites.note(key)
            return
        }
        access.write(key, value)
    }
}

/// Changes of state made where no frame can see them: after an `await` in a `Task` (whose
/// `Task.sleep` waits real time, not the timeline's), or from a thread of one's own. They are
/// not drawn; the first of each state says so on standard error, with what to write instead.
@MainActor
enum UntimedWrites {
    static var told: Set<String> = []

    static func note(_ key: String) {
        // Each state once, the first 64 states of a run at most.
        guard told.count < 64, told.insert(key).inserted else { return }
        let name = key.split(separator: "|").last.map(String.init) ?? key
        FileHandle.standardError.write(
            Data(
                ("proofsheet: warning: the state '\(name)' was changed outside an event handler, an animation's completion and "
                    + "DispatchQueue.main.async/asyncAfter (after an await in a Task, say): the change is not drawn; "
                    + "Task.sleep waits real time, not the timeline's: write DispatchQueue.main.asyncAfter(deadline: .now() + s) { … } instead\n")
                    .utf8))
    }
}

/// SwiftUI's `@State`: a value the view owns, kept for the view's place in the screen across
/// changes of state, set back when the view leaves and comes again.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    let initial: Value
    let slot = StateSlot()

    public init(wrappedValue value: Value) { initial = value }
    public init(initialValue value: Value) { initial = value }

    @MainActor public var wrappedValue: Value {
        get { slot.read(default: initial) }
        nonmutating set { slot.write(newValue) }
    }

    /// `$value`: a binding to the state.
    @MainActor public var projectedValue: Binding<Value> {
        let slot = self.slot, initial = self.initial
        return Binding(get: { slot.read(default: initial) }, set: { slot.write($0) })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// `@State var selection: Item?`: nil to start with.
    public init() { initial = nil }
}

extension State: InstalledProperty {
    func install(key: String, environment: EnvironmentValues) {
        slot.key = key
        // SwiftUI takes a state's declared value once, when the view first appears: a value made
        // anew each time the view is (a `UUID()`, an array of views with their own ids) is kept
        // from the first build, not remade with every change of state.
        guard let access = StateAccess.current else { return }
        let value = access.read(key)
        if value == nil { access.unstored[key] = initial }
        // An `@Observable` model held in a `@State` (SwiftUI's way for them): its observed values
        // live under the state's key, as a `@StateObject`'s do under its.
        if let object = (value ?? initial) as? any ObservableObject { ObjectKeys.register(object, key: key) }
    }
}

/// SwiftUI's `@Binding`: a value another view owns, read and written through.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    let get: @MainActor () -> Value
    let set: @MainActor (Value) -> Void

    public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
        self.get = get; self.set = set
    }
    public init(projectedValue: Binding<Value>) { self = projectedValue }

    @MainActor public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
    public var projectedValue: Binding<Value> { self }

    /// A binding that always reads `value` and ignores writes.
    public static func constant(_ value: Value) -> Binding<Value> {
        let box = UncheckedBox(value)
        return Binding(get: { box.value }, set: { _ in })
    }

    /// `$user.name`: a binding to a part of the value.
    public subscript<Part>(dynamicMember path: WritableKeyPath<Value, Part>) -> Binding<Part> {
        nonisolated(unsafe) let path = path
        let get = self.get, set = self.set
        return Binding<Part>(
            get: { get()[keyPath: path] },
            set: { part in
                var whole = get()
                whole[keyPath: path] = part
                set(whole)
            })
    }

    /// The binding whose writes are animated with `animation`.
    public func animation(_ animation: Animation? = .default) -> Binding<Value> {
        let set = self.set
        return Binding(get: get, set: { value in withAnimation(animation) { set(value) } })
    }
}

/// SwiftUI's `@GestureState`: a value a gesture sets while it is active (through
/// `.updating($value)`), back to its initial value when the gesture ends.
@propertyWrapper
public struct GestureState<Value>: DynamicProperty {
    let initial: Value
    let slot = StateSlot()

    public init(wrappedValue: Value) { initial = wrappedValue }
    public init(initialValue: Value) { initial = initialValue }
    /// `resetTransaction` is accepted; the value goes back in the gesture's own transaction.
    public init(wrappedValue: Value, resetTransaction: Transaction) { initial = wrappedValue }

    @MainActor public var wrappedValue: Value { slot.read(default: initial) }
    public var projectedValue: GestureState<Value> { self }
}

extension GestureState: InstalledProperty {
    func install(key: String, environment: EnvironmentValues) { slot.key = key }
}

/// The values views read with `@Environment`: the ones the screen is shown in (its colour
/// scheme, text size, direction and locale, as the variant sets them).
public struct EnvironmentValues: Sendable {
    public var colorScheme: ColorScheme = .light
    public var dynamicTypeSize: DynamicTypeSize = .large
    public var layoutDirection: LayoutDirection = .leftToRight
    public var locale = Locale(identifier: "en_US")
    public var accessibilityReduceMotion = false
    public var accessibilityReduceTransparency = false
    public var colorSchemeContrast: ColorSchemeContrast = .standard
    public var legibilityWeight: LegibilityWeight? = .regular
    public var isEnabled = true
    /// The device being drawn (`UIScreen.main`).
    var device: Device?
    /// The models put in the environment (`.environmentObject(_:)`), by type.
    var objects: [ObjectIdentifier: ObjectHandle] = [:]
    public init() {}
}

/// Whether text is drawn bolder (Bold Text).
public enum LegibilityWeight: Hashable, Sendable { case regular, bold }

/// SwiftUI's `@Environment(\.colorScheme)`: a value of the environment the view is shown in; and
/// `@Environment(Model.self)`: the `@Observable` model an ancestor gave with `.environment(_:)`.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    let read: @MainActor (EnvironmentValues) -> Value
    let box = EnvironmentBox()

    public init(_ path: KeyPath<EnvironmentValues, Value>) {
        nonisolated(unsafe) let path = path
        read = { $0[keyPath: path] }
    }

    /// The model of this type an ancestor gave; none stops the program with SwiftUI's message.
    public init(_ type: Value.Type) where Value: AnyObject {
        read = { values in
            guard let object = values.objects[ObjectIdentifier(type)]?.object as? Value else {
                fatalError(
                    "No Observable object of type \(Value.self) found. A View.environment(_:) for \(Value.self) may be missing as an ancestor of this view."
                )
            }
            return object
        }
    }

    @MainActor public var wrappedValue: Value { read(box.values ?? StateAccess.current?.environment ?? EnvironmentValues()) }
}

extension Environment: InstalledProperty {
    func install(key: String, environment: EnvironmentValues) {
        box.values = environment
        // A model found by its type keeps the key its maker gave it (or takes this one).
        if let object = environment.objects[ObjectIdentifier(Value.self)]?.object { ObjectKeys.register(object, key: key) }
    }
}

/// SwiftUI's `@Bindable`: bindings to the properties of an `@Observable` model
/// (`$model.name`), for a model a view was given.
@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value: AnyObject>: DynamicProperty {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public init(_ wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public var projectedValue: Bindable<Value> { self }

    @MainActor public subscript<Part>(dynamicMember path: ReferenceWritableKeyPath<Value, Part>) -> Binding<Part> {
        let object = UncheckedBox(wrappedValue)
        nonisolated(unsafe) let path = path
        return Binding(get: { object.value[keyPath: path] }, set: { object.value[keyPath: path] = $0 })
    }
}

final class EnvironmentBox: @unchecked Sendable {
    // NB: set on the main actor before the body is built, read there after.
    var values: EnvironmentValues?
    init() {}
}

/// SwiftUI's `withAnimation`: the changes of state `body` makes are one transaction, animated
/// with `animation`; the changes made before it are committed first, in the handler's own.
@MainActor @discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    guard let access = StateAccess.current, let run = access.run else { return try body() }
    let outer = run.transaction
    access.flush(outer)
    let result = try body()
    access.flush(Transaction(animation: animation, disablesAnimations: outer.disablesAnimations))
    return result
}

/// When a `withAnimation` completion counts the animation finished (iOS 17).
public struct AnimationCompletionCriteria: Hashable, Sendable {
    let removes: Bool
    /// The animation has done its work, though it may still be in its long tail.
    public static let logicallyComplete = AnimationCompletionCriteria(removes: false)
    /// The whole animation is over and removed.
    public static let removed = AnimationCompletionCriteria(removes: true)
}

/// SwiftUI's `withAnimation(_:completionCriteria:_:completion:)`: `body`'s changes animated with
/// `animation`, and `completion` run on the timeline's clock when that animation is over (as
/// `DispatchQueue.main.asyncAfter` runs its work, in the handler's transaction): a timing curve
/// after its duration, a spring when it has settled — the time the motion engine ends the
/// animation (``Animation/settlingTime``, delays, speeds and repeats included), for either
/// criterion. With no animation, or no change of state in `body`, it runs at once after `body`,
/// in a step of its own; an animation that never ends (`repeatForever`) never completes.
@MainActor @discardableResult
public func withAnimation<Result>(
    _ animation: Animation? = .default, completionCriteria: AnimationCompletionCriteria = .logicallyComplete, _ body: () throws -> Result,
    completion: @escaping @MainActor () -> Void, fileID: String = #fileID, line: Int = #line
) rethrows -> Result {
    guard let access = StateAccess.current, let run = access.run else {
        let result = try body()
        completion()
        return result
    }
    let outer = run.transaction
    access.flush(outer)
    // What `body` commits (its nested transactions' changes too) is what the animation moves.
    func commits() -> Int { (access.run?.steps ?? []).count { if case .commit = $0 { true } else { false } } }
    let before = commits()
    let result = try body()
    access.flush(Transaction(animation: animation, disablesAnimations: outer.disablesAnimations))
    var delay: Double? = 0
    if commits() > before, let animation { delay = animation.settlingTime }
    if let delay {
        _ = TimelineClock.schedule(after: delay, location: SourceLocation(file: fileID, path: "", line: line, column: 1), completion)
    }
    return result
}

/// SwiftUI's `withTransaction`: the changes of `body` in `transaction`.
@MainActor @discardableResult
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    guard let access = StateAccess.current, let run = access.run else { return try body() }
    access.flush(run.transaction)
    let result = try body()
    access.flush(transaction)
    return result
}

import ProofsheetCore
import ProofsheetMotion

/// A gesture on a Swift scene's view, with closures over the scene's state: the Swift form of
/// a scene file's `gesture` (see ``GestureSpec`` for what each kind does).
///
///     DragGesture<Deck>()
///         .updating(\.drag) { value in value.translation }     // back to `initial` at the end
///         .onChanged { value, changes in changes.state.pressed = true }
///         .onEnded { value, changes in
///             changes.withAnimation(.spring()) { $0.pressed = false }
///         }
public struct Gesture<State: Sendable>: Sendable {
    /// The scene-tree form.
    public internal(set) var spec: GestureSpec

    /// What a gesture's handlers read (the scene format's `$gesture`).
    public struct Value: Sendable, Equatable {
        public var translation: Size
        public var location: Point
        public var startLocation: Point
        public var velocity: Size
        /// `translation + velocity · 0.499 s` (UIKit's normal deceleration).
        public var predictedEndTranslation: Size
        /// `pressing` during a long press, `dragging` after it in a sequence, `ended` at the end.
        public var phase: String
        /// Seconds since the finger went down.
        public var time: Double

        /// The values from what the engine says of a gesture (`$gesture` in a scene file).
        public init(_ v: ScriptValue?) {
            func field(_ name: String) -> ScriptValue? { if case .object(let m)? = v { return m[name] }; return nil }
            func number(_ v: ScriptValue?, _ name: String) -> Double {
                if case .object(let m)? = v, case .number(let n)? = m[name] { return n }
                return 0
            }
            translation = Size(width: number(field("translation"), "width"), height: number(field("translation"), "height"))
            location = Point(x: number(field("location"), "x"), y: number(field("location"), "y"))
            startLocation = Point(x: number(field("startLocation"), "x"), y: number(field("startLocation"), "y"))
            velocity = Size(width: number(field("velocity"), "width"), height: number(field("velocity"), "height"))
            predictedEndTranslation = Size(
                width: number(field("predictedEndTranslation"), "width"), height: number(field("predictedEndTranslation"), "height"))
            if case .string(let p)? = field("phase") { phase = p } else { phase = "" }
            if case .number(let t)? = field("time") { time = t } else { time = 0 }
        }
    }

    init(_ kind: GestureSpec.Kind, location: SourceLocation) {
        spec = GestureSpec(kind: kind, updating: [], onChanged: [], onEnded: [], location: location)
    }

    static func handler(
        _ fileID: String, _ line: Int, _ body: @escaping @Sendable (Value, inout Changes<State>) -> Void
    ) -> SceneAction {
        .native(
            .changing(at: SourceLocation(file: fileID, path: "", line: line, column: 1)) { (c: inout Changes<State>) in
                body(Value(c.extra["gesture"]), &c)
            })
    }
}

/// Something that is a gesture of a Swift scene: ``Gesture`` itself, ``DragGesture``,
/// ``LongPressGesture``, ``TapGesture``. Name the state type on the first one
/// (`DragGesture<Deck>()`) or let a handler's parameter type say it.
public protocol GestureConvertible<State>: Sendable {
    associatedtype State: Sendable
    /// The gesture with its handlers.
    var asGesture: Gesture<State> { get }
}

extension Gesture: GestureConvertible {
    public var asGesture: Gesture<State> { self }
}

extension GestureConvertible {
    /// Gesture state (SwiftUI's `@GestureState`): `path` is set to `body(value)` at every change,
    /// and goes back to its value in the scene's `initial` state when the gesture ends.
    public func updating<V: Sendable>(
        _ path: WritableKeyPath<State, V>, fileID: String = #fileID, line: Int = #line, _ body: @escaping @Sendable (Gesture<State>.Value) -> V
    ) -> Gesture<State> {
        nonisolated(unsafe) let path = path
        let location = SourceLocation(file: fileID, path: "", line: line, column: 1)
        var g = asGesture
        g.spec.onChanged.insert(
            .native(
                .changing(at: location) { (c: inout Changes<State>) in
                    c.state[keyPath: path] = body(Gesture<State>.Value(c.extra["gesture"]))
                }), at: 0)
        g.spec.onReset.append(
            .native(
                NativeAction(location: location) { run in
                    guard let defaults = run.defaults as? State, var s = run.value as? State else { return }
                    s[keyPath: path] = defaults[keyPath: path]
                    run.value = s
                    run.pending = true
                }))
        return g
    }

    /// Runs at every change of the gesture (after its gesture state is set).
    public func onChanged(
        fileID: String = #fileID, line: Int = #line, _ body: @escaping @Sendable (Gesture<State>.Value, inout Changes<State>) -> Void
    ) -> Gesture<State> {
        var g = asGesture
        g.spec.onChanged.append(Gesture<State>.handler(fileID, line, body))
        return g
    }

    /// Runs when the gesture ends (after its gesture state is back to the initial values).
    public func onEnded(
        fileID: String = #fileID, line: Int = #line, _ body: @escaping @Sendable (Gesture<State>.Value, inout Changes<State>) -> Void
    ) -> Gesture<State> {
        var g = asGesture
        g.spec.onEnded.append(Gesture<State>.handler(fileID, line, body))
        return g
    }

    /// This gesture, then (once it succeeds) `next`, as one gesture with both's handlers.
    public func sequenced(before next: some GestureConvertible<State>) -> Gesture<State> {
        var g = asGesture
        g.spec.kind = .sequenced(g.spec.kind, next.asGesture.spec.kind)
        g.spec.onChanged += next.asGesture.spec.onChanged
        g.spec.onEnded += next.asGesture.spec.onEnded
        g.spec.onReset += next.asGesture.spec.onReset
        return g
    }

}

/// A drag that begins once the finger has moved `minimumDistance` points.
public struct DragGesture<State: Sendable>: GestureConvertible {
    public let asGesture: Gesture<State>
    public init(minimumDistance: Double = 10, fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        asGesture = Gesture(.drag(minimumDistance: minimumDistance), location: SourceLocation(file: fileID, path: "", line: line, column: column))
    }
}

/// A press held `minimumDuration` seconds without moving further than `maximumDistance`.
public struct LongPressGesture<State: Sendable>: GestureConvertible {
    public let asGesture: Gesture<State>
    public init(
        minimumDuration: Double = 0.5, maximumDistance: Double = 10, fileID: String = #fileID, line: Int = #line, column: Int = #column
    ) {
        asGesture = Gesture(
            .longPress(minimumDuration: minimumDuration, maximumDistance: maximumDistance),
            location: SourceLocation(file: fileID, path: "", line: line, column: column))
    }
}

/// A touch lifted without moving further than 10 points.
public struct TapGesture<State: Sendable>: GestureConvertible {
    public let asGesture: Gesture<State>
    public init(fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        asGesture = Gesture(.tap, location: SourceLocation(file: fileID, path: "", line: line, column: column))
    }
}

extension View {
    /// The view answers `gesture` (hit testing finds the frontmost view with a gesture).
    public func gesture(_ gesture: some GestureConvertible) -> ModifiedView { modifier(.gesture(gesture.asGesture.spec)) }

    /// SwiftUI's `onTapGesture(perform:)`.
    public func onTapGesture<State: Sendable>(
        fileID: String = #fileID, line: Int = #line, column: Int = #column, perform: @escaping @Sendable (inout Changes<State>) -> Void
    ) -> ModifiedView {
        gesture(TapGesture<State>(fileID: fileID, line: line, column: column).onEnded(fileID: fileID, line: line) { _, c in perform(&c) })
    }
}

// MARK: - Swift values shown as state

extension ScriptValue {
    /// A Swift value as the scene format would show it: numbers, strings, bools, sizes and
    /// points, arrays, optionals, and structs as objects of their stored properties (an enum
    /// case as its name; a struct that shows none, as it describes itself). Bounded: 8 levels, 1000 elements an array.
    public init(reflecting value: Any) { self = Self.reflect(value, depth: 0) }

    private static func reflect(_ value: Any, depth: Int) -> ScriptValue {
        switch value {
        case let v as Double: return .number(v)
        case let v as Int: return .number(Double(v))
        case let v as Float: return .number(Double(v))
        case let v as Bool: return .bool(v)
        case let v as String: return .string(v)
        case let v as Size: return .object(["width": .number(v.width), "height": .number(v.height)])
        case let v as Point: return .object(["x": .number(v.x), "y": .number(v.y)])
        default: break
        }
        guard depth < 8 else { return .null }
        let m = Mirror(reflecting: value)
        switch m.displayStyle {
        case .optional: return m.children.first.map { reflect($0.value, depth: depth + 1) } ?? .null
        case .collection, .set: return .array(m.children.prefix(1000).map { reflect($0.value, depth: depth + 1) })
        case .enum:
            return .string(m.children.first?.label ?? String(describing: value))
        case .struct, .class, .tuple:
            // A value that shows no stored properties (a `UUID`, a `Date`) is shown as it
            // describes itself: two different ones are two different states.
            if m.children.isEmpty, m.displayStyle != .tuple { return .string(String(describing: value)) }
            var fields: [String: ScriptValue] = [:]
            for (k, c) in m.children.enumerated() { fields[c.label ?? String(k)] = reflect(c.value, depth: depth + 1) }
            return .object(fields)
        default: return .string(String(describing: value))
        }
    }
}

import Foundation
import ProofsheetCore
import ProofsheetMotion
import ProofsheetScene

/// A gesture, as SwiftUI spells it: `DragGesture().onChanged { … }.onEnded { … }`. It is
/// lowered onto the motion engine's gestures: the engine recognises the finger's moves, and
/// the handlers run as its actions, their `@State` writes changes of state.
public protocol Gesture {
    /// What the handlers get.
    associatedtype Value
    /// The gesture's kind and handlers.
    var parts: GestureParts { get }
    /// The value handlers get from what the engine says of the gesture.
    static func value(_ gesture: ScriptValue?) -> Value
}

/// A gesture's kind and handlers, as the engine takes them.
public struct GestureParts {
    var kind: GestureSpec.Kind
    var location: SourceLocation
    var onChanged: [@MainActor (ScriptValue?) -> Void] = []
    var onEnded: [@MainActor (ScriptValue?) -> Void] = []
    var onReset: [@MainActor (ScriptValue?) -> Void] = []

    init(_ kind: GestureSpec.Kind, fileID: String, line: Int) {
        self.kind = kind
        location = SourceLocation(file: fileID, path: "", line: line, column: 1)
    }

    /// The engine's gesture, its handlers seeing `environment`.
    func spec(environment: EnvironmentValues) -> GestureSpec {
        func actions(_ handlers: [@MainActor (ScriptValue?) -> Void]) -> [SceneAction] {
            handlers.map { .native(HandlerAction(location: location, environment: environment, $0).native) }
        }
        var spec = GestureSpec(kind: kind, updating: [], onChanged: actions(onChanged), onEnded: actions(onEnded), location: location)
        spec.onReset = actions(onReset)
        return spec
    }
}

/// A gesture whose handlers can be added to: each returns the gesture with one more.
public protocol HandledGesture: Gesture {
    var parts: GestureParts { get set }
}

extension HandledGesture {
    /// Runs at every change of the gesture.
    public func onChanged(_ action: @escaping @MainActor (Value) -> Void) -> Self {
        var g = self
        g.parts.onChanged.append { action(Self.value($0)) }
        return g
    }
    /// Runs when the gesture ends.
    public func onEnded(_ action: @escaping @MainActor (Value) -> Void) -> Self {
        var g = self
        g.parts.onEnded.append { action(Self.value($0)) }
        return g
    }
    /// `@GestureState`: `state` is set by `body` at every change, and back to its initial
    /// value when the gesture ends.
    public func updating<State>(
        _ state: GestureState<State>, body: @escaping @MainActor (Value, inout State, inout Transaction) -> Void
    ) -> Self {
        var g = self
        let slot = state.slot, initial = UncheckedBox(state.initial)
        g.parts.onChanged.insert(
            { gesture in
                var s = slot.read(default: initial.value)
                var tx = Transaction()
                body(Self.value(gesture), &s, &tx)
                slot.write(s)
            }, at: 0)
        g.parts.onReset.append { _ in slot.write(nil) }
        return g
    }
}

/// A drag: it begins once the finger has moved `minimumDistance` points.
public struct DragGesture: HandledGesture {
    public struct Value: Equatable, Sendable {
        public var time: Date
        public var location: CGPoint
        public var startLocation: CGPoint
        public var translation: CGSize
        public var velocity: CGSize
        public var predictedEndLocation: CGPoint
        public var predictedEndTranslation: CGSize
    }
    public var parts: GestureParts
    public let minimumDistance: CGFloat

    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local, fileID: String = #fileID, line: Int = #line) {
        self.minimumDistance = minimumDistance
        parts = GestureParts(.drag(minimumDistance: Double(minimumDistance)), fileID: fileID, line: line)
    }

    public static func value(_ gesture: ScriptValue?) -> Value {
        let g = ProofsheetScene.Gesture<ViewStore>.Value(gesture)
        func size(_ s: Size) -> CGSize { CGSize(width: s.width, height: s.height) }
        func point(_ p: Point) -> CGPoint { CGPoint(x: p.x, y: p.y) }
        return Value(
            time: Date(timeIntervalSinceReferenceDate: g.time), location: point(g.location), startLocation: point(g.startLocation),
            translation: size(g.translation), velocity: size(g.velocity),
            predictedEndLocation: CGPoint(
                x: g.startLocation.x + g.predictedEndTranslation.width, y: g.startLocation.y + g.predictedEndTranslation.height),
            predictedEndTranslation: size(g.predictedEndTranslation))
    }
}

/// A long press: it succeeds when the finger is held `minimumDuration` seconds without moving
/// further than `maximumDistance`. Its value is true while pressing and at the end.
public struct LongPressGesture: HandledGesture {
    public typealias Value = Bool
    public var parts: GestureParts
    public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, fileID: String = #fileID, line: Int = #line) {
        parts = GestureParts(.longPress(minimumDuration: minimumDuration, maximumDistance: Double(maximumDistance)), fileID: fileID, line: line)
    }
    public static func value(_ gesture: ScriptValue?) -> Bool { true }
}

/// A tap: a touch lifted without moving further than 10 points.
public struct TapGesture: HandledGesture {
    public typealias Value = Void
    public var parts: GestureParts
    public init(count: Int = 1, fileID: String = #fileID, line: Int = #line) {
        parts = GestureParts(.tap, fileID: fileID, line: line)
    }
    public static func value(_ gesture: ScriptValue?) {}
}

extension View {
    /// Adds a gesture: its handlers run as the engine recognises it.
    public func gesture<G: Gesture>(_ gesture: G) -> ModifiedContent {
        let parts = gesture.parts
        return ModifiedContent(self, .resolved { node, resolver, _ in .modified(node, .gesture(parts.spec(environment: resolver.environment))) })
    }
    /// The engine recognises one gesture per view at a time: the same as ``gesture(_:)``.
    public func simultaneousGesture<G: Gesture>(_ gesture: G) -> ModifiedContent { self.gesture(gesture) }
    public func highPriorityGesture<G: Gesture>(_ gesture: G) -> ModifiedContent { self.gesture(gesture) }

    /// Runs `action` when the view is tapped.
    public func onTapGesture(count: Int = 1, fileID: String = #fileID, line: Int = #line, perform action: @escaping @MainActor () -> Void)
        -> ModifiedContent
    {
        gesture(TapGesture(count: count, fileID: fileID, line: line).onEnded { action() })
    }
    /// Runs `action` when the view is held `minimumDuration` seconds.
    public func onLongPressGesture(
        minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, fileID: String = #fileID, line: Int = #line,
        perform action: @escaping @MainActor () -> Void
    ) -> ModifiedContent {
        gesture(
            LongPressGesture(minimumDuration: minimumDuration, maximumDistance: maximumDistance, fileID: fileID, line: line).onEnded { _ in action() }
        )
    }
}

/// One gesture, then (once it succeeds) another: `LongPressGesture().sequenced(before:
/// DragGesture())`. Its value says which part is under way: `.first` while the first is,
/// `.second` (with the first's value, and the second's once it has one) after.
public struct SequenceGesture<First: Gesture, Second: Gesture>: HandledGesture {
    public enum Value {
        case first(First.Value)
        case second(First.Value, Second.Value?)
    }
    public var parts: GestureParts

    init(_ first: First, _ second: Second) {
        parts = first.parts
        parts.kind = .sequenced(first.parts.kind, second.parts.kind)
        parts.onChanged += second.parts.onChanged
        parts.onEnded += second.parts.onEnded
        parts.onReset += second.parts.onReset
    }

    public static func value(_ gesture: ScriptValue?) -> Value {
        if case .object(let m)? = gesture, case .string("pressing")? = m["phase"] { return .first(First.value(gesture)) }
        return .second(First.value(gesture), Second.value(gesture))
    }
}

extension Gesture {
    /// This gesture, then `other` once this one succeeds.
    public func sequenced<Other: Gesture>(before other: Other) -> SequenceGesture<Self, Other> { SequenceGesture(self, other) }
}

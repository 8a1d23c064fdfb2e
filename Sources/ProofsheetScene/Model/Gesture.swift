import ProofsheetCore
import ProofsheetMotion

/// A gesture on a view, as a scene file declares it: what the finger must do, the gesture
/// state it updates while active (reset to the defaults when it ends, like `@GestureState`),
/// and the actions run as it changes and when it ends.
///
/// Expressions in `updating` and the handlers read the gesture's values as `$gesture`:
/// `translation` and `velocity` ({width, height}), `location` and `startLocation` ({x, y}),
/// `predictedEndTranslation` (translation + velocity · 0.499 s, UIKit's normal deceleration:
/// 0.998 per millisecond), `phase` (`pressing` during a long press, `dragging` after it in a
/// sequenced gesture, `ended` in `onEnded`) and `time` (seconds since the finger went down).
public struct GestureSpec: Hashable, Sendable {
    public indirect enum Kind: Hashable, Sendable {
        /// Begins once the finger has moved `minimumDistance` points.
        case drag(minimumDistance: Double)
        /// Succeeds when the finger is held `minimumDuration` seconds without moving further
        /// than `maximumDistance`.
        case longPress(minimumDuration: Double, maximumDistance: Double)
        /// A touch lifted without moving further than 10 points.
        case tap
        /// The first, then (once it succeeds) the second.
        case sequenced(Kind, Kind)
    }
    public var kind: Kind
    /// Gesture state: set from `$gesture` at every change, back to the defaults at the end.
    public var updating: [SceneAction.Assignment]
    public var onChanged: [SceneAction]
    public var onEnded: [SceneAction]
    /// Where it is written: two gestures are the same when written at the same place.
    public var location: SourceLocation
    /// The local values where the gesture is written (a `ForEach` element's `$trip`, `$index`),
    /// which its handlers read.
    public var captures: [String: ScriptValue] = [:]
    /// What else puts gesture state back when the gesture ends (a Swift scene's `updating`).
    public var onReset: [SceneAction] = []

    public init(
        kind: Kind, updating: [SceneAction.Assignment], onChanged: [SceneAction], onEnded: [SceneAction], location: SourceLocation,
        captures: [String: ScriptValue] = [:], onReset: [SceneAction] = []
    ) {
        self.kind = kind; self.updating = updating; self.onChanged = onChanged; self.onEnded = onEnded; self.location = location
        self.captures = captures; self.onReset = onReset
    }

    public static func == (a: Self, b: Self) -> Bool { a.kind == b.kind && a.location == b.location }
    public func hash(into h: inout Hasher) { h.combine(kind); h.combine(location) }

    /// UIKit's normal deceleration: the distance a throw travels is velocity · this.
    public static let projection = 0.998 / (1 - 0.998) / 1000
    /// A tap fails when the finger moves further than this.
    public static let tapSlop = 10.0
}

extension Context {
    static let gestureKinds = ["drag", "longPress", "tap", "sequenced"]

    /// `{"drag": {"minimumDistance": 10}, "updating": {...}, "onChanged": [...], "onEnded": [...]}`.
    func gesture(_ v: JSONValue) throws -> GestureSpec {
        let o = try object(v, allowed: Set(Self.gestureKinds + ["updating", "onChanged", "onEnded"]))
        let kinds = Self.gestureKinds.filter { o[$0] != nil }
        guard kinds.count == 1 else {
            throw ProofsheetError.badInput(
                kinds.isEmpty ? "a gesture needs its kind" : "a gesture has one kind, got \(kinds.joined(separator: " and "))", at: v.location,
                hint: "one of \"drag\": {\"minimumDistance\": 10}, \"longPress\": {\"minimumDuration\": 0.5}, \"tap\": {}, \"sequenced\": [{…}, {…}]")
        }
        let kind = try gestureKind(kinds[0], o[kinds[0]]!, depth: 0)
        let ctx = actionContext()
        var count = 0
        let updating = try o["updating"].map { u in try ctx.members(u).map { try ctx.assignment($0.key, $0.value, schema: schema) } } ?? []
        return GestureSpec(
            kind: kind, updating: updating,
            onChanged: try o["onChanged"].map { try ctx.actions($0, schema: schema, count: &count) } ?? [],
            onEnded: try o["onEnded"].map { try ctx.actions($0, schema: schema, count: &count) } ?? [], location: v.location,
            captures: locals)
    }

    /// The values in scope that are neither state nor constants (a `ForEach`'s item, `$index`).
    var locals: [String: ScriptValue] {
        vars.filter { name, _ in schema[name] == nil && !schema.constants.contains(name) }
    }

    func gestureKind(_ name: String, _ v: JSONValue, depth: Int) throws -> GestureSpec.Kind {
        switch name {
        case "drag":
            let o = try object(v, allowed: ["minimumDistance"])
            return .drag(minimumDistance: try o["minimumDistance"].map { try number($0, in: 0...10_000) } ?? 10)
        case "longPress":
            let o = try object(v, allowed: ["minimumDuration", "maximumDistance"])
            return .longPress(
                minimumDuration: try o["minimumDuration"].map { try number($0, in: 0...600) } ?? 0.5,
                maximumDistance: try o["maximumDistance"].map { try number($0, in: 0...10_000) } ?? 10)
        case "tap":
            _ = try object(v, allowed: [])
            return .tap
        default:
            guard depth < 4, case .array(let items) = v.kind, items.count == 2 else {
                throw ProofsheetError.badInput(
                    "'sequenced' is an array of two gestures", at: v.location, hint: "[{\"longPress\": {\"minimumDuration\": 0.01}}, {\"drag\": {}}]")
            }
            let parts = try items.map { item -> GestureSpec.Kind in
                guard case .object = item.kind, let k = item.objectKeys.first, item.objectKeys.count == 1, Self.gestureKinds.contains(k) else {
                    throw ProofsheetError.badInput("expected one gesture such as {\"drag\": {}}", at: item.location)
                }
                return try gestureKind(k, item[k]!, depth: depth + 1)
            }
            return .sequenced(parts[0], parts[1])
        }
    }

    /// A copy for reading actions: the state and constants known by name only, and `$gesture`.
    func actionContext() -> Context {
        var ctx = self
        ctx.validating = true
        for k in ctx.vars.keys { ctx.vars[k] = .unknown }
        for v in schema.variables { ctx.vars[v.name] = .unknown }
        for c in schema.constants { ctx.vars[c] = .unknown }
        ctx.vars["gesture"] = .unknown
        return ctx
    }
}

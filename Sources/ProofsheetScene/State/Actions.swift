import ProofsheetCore
import ProofsheetMotion

/// The action language of timelines and gesture handlers: what happens to the state, in which
/// transaction.
///
/// ```json
/// [{"set": {"drag": null, "count": "=$count + 1"}},
///  {"withAnimation": "easeOut(duration: 0.3)", "do": [{"set": {"overlay": false}}]},
///  {"withoutAnimation": [{"set": {"offset": 0}}]},
///  {"if": "=$gesture.translation.width < -75", "then": [...], "else": [...]},
///  {"append": "cards", "value": {"destination": "Tokyo, Japan"}},
///  {"remove": "cards", "at": 0},
///  {"after": 0.3, "do": [...]},
///  {"haptic": "warning"}]
/// ```
///
/// Consecutive `set`s (and `append`/`remove`) make one change of state; each `withAnimation` or
/// `withoutAnimation` block is a change of its own, in its own transaction, as in SwiftUI.
public indirect enum SceneAction: Sendable {
    case set([Assignment])
    case withAnimation(Animation?, [SceneAction])
    /// `withAnimation` with the animation a value spells — `"$snap"`, an expression — read when
    /// the action runs.
    case withAnimationOf(JSONValue, [SceneAction])
    case withoutAnimation([SceneAction])
    case conditional(JSONValue, then: [SceneAction], else: [SceneAction])
    case append(path: [String], value: JSONValue, location: SourceLocation)
    case remove(path: [String], index: JSONValue, location: SourceLocation)
    case after(Double, [SceneAction])
    /// A haptic: no pixels, recorded as an event.
    case haptic(String)
    /// State variables back to their declared defaults (gesture state at the end of a gesture).
    case resetToDefaults([String])
    /// A closure written in Swift (a ``SwiftScene``'s handlers); never in a scene file.
    case native(NativeAction)

    /// One `name: value` of a `set`.
    public struct Assignment: Sendable {
        public var path: [String]
        public var value: JSONValue
        public var type: StateType
    }

    /// The most actions a scene's timelines and handlers may hold in all.
    public static let mostActions = 10_000
    /// The deepest nesting of action blocks.
    public static let deepestNesting = 32
    /// The longest delay of `after`, in seconds.
    public static let longestDelay = 600.0

    /// The element `value` names in an array of `count` (a whole number from 0, or from -1 for
    /// the last), or nil when it names none: not a number, not whole, or outside the array.
    static func index(_ value: ScriptValue, count: Int) -> Int? {
        guard case .number(let n) = value, n == n.rounded(), n >= -Double(count), n < Double(count) else { return nil }
        return n < 0 ? count + Int(n) : Int(n)
    }

    /// An index as it is shown in messages.
    static func describe(_ value: ScriptValue) -> String {
        if case .number(let n) = value { return fmt(n) }
        return value.typeName
    }

    /// What indices an array of `count` elements has, for hints.
    static func indexRule(count: Int) -> String {
        count == 0
            ? "the array is empty: there is nothing to remove (test count($array) > 0 with \"if\")"
            : "a whole number from 0 to \(count - 1), or from -\(count) to -1 counting from the end"
    }

    public static let hapticKinds = ["success", "warning", "error", "light", "medium", "heavy", "rigid", "soft", "selection"]
}

/// What running actions did: changes of state in order, each in its transaction, actions to
/// run later, and events without pixels.
public struct ActionResult: Sendable {
    public enum Step: Sendable {
        case commit(SceneState, Transaction)
        case schedule(after: Double, [SceneAction], Transaction)
        case annotate(String)
    }
    public var steps: [Step] = []
    /// The state after every step.
    public var state: SceneState
}

// MARK: - Reading

extension Context {
    /// Actions from JSON, checked against the schema; their expressions are checked with the
    /// state unknown (`extra` names more values they may read, e.g. `gesture`).
    func actions(_ v: JSONValue, schema: StateSchema, depth: Int = 0, count: inout Int) throws -> [SceneAction] {
        guard depth < SceneAction.deepestNesting else {
            throw ProofsheetError.badInput("actions nested more than \(SceneAction.deepestNesting) deep", at: v.location)
        }
        guard case .array(let items) = v.kind else {
            throw ProofsheetError.badInput(
                "actions are an array, got \(v.typeName)", at: v.location, hint: "e.g. [{\"set\": {\"overlay\": false}}]")
        }
        return try items.map { item in
            count += 1
            guard count <= SceneAction.mostActions else {
                throw ProofsheetError.badInput("more than \(SceneAction.mostActions) actions", at: item.location)
            }
            return try action(item, schema: schema, depth: depth, count: &count)
        }
    }

    static let actionKeys = ["set", "withAnimation", "withoutAnimation", "if", "append", "remove", "after", "haptic"]

    func action(_ v: JSONValue, schema: StateSchema, depth: Int, count: inout Int) throws -> SceneAction {
        guard case .object = v.kind, let key = Self.actionKeys.first(where: { v[$0] != nil }) else {
            let given = (v.objectKeys.first).map { "'\(excerpt($0))'" } ?? v.typeName
            let close = v.objectKeys.first.map { closeNames(to: $0, in: Self.actionKeys) } ?? []
            throw ProofsheetError.badInput(
                "unknown action \(given)", at: v.location,
                hint: close.isEmpty ? "actions: \(Self.actionKeys.joined(separator: ", "))" : "did you mean '\(close[0])'?")
        }
        func body(_ k: String) throws -> [SceneAction] {
            guard let b = v[k] else { throw ProofsheetError.badInput("'\(key)' needs '\(k)'", at: v.location) }
            return try actions(b, schema: schema, depth: depth + 1, count: &count)
        }
        switch key {
        case "set":
            _ = try object(v, allowed: ["set"])
            let sets = try members(v["set"]!)
            return .set(try sets.map { name, value in try assignment(name, value, schema: schema) })
        case "withAnimation":
            _ = try object(v, allowed: ["withAnimation", "do"])
            return try withAnimation(v["withAnimation"]!, try body("do"))
        case "withoutAnimation":
            _ = try object(v, allowed: ["withoutAnimation"])
            return .withoutAnimation(try actions(v["withoutAnimation"]!, schema: schema, depth: depth + 1, count: &count))
        case "if":
            _ = try object(v, allowed: ["if", "then", "else"])
            let condition = v["if"]!
            _ = try value(condition)
            return .conditional(
                condition, then: try body("then"), else: try v["else"].map { try actions($0, schema: schema, depth: depth + 1, count: &count) } ?? [])
        case "append", "remove":
            let o = try object(v, allowed: key == "append" ? ["append", "value"] : ["remove", "at"])
            let pathText = try string(v[key]!)
            let path = pathText.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            let type = try stateType(at: path, schema: schema, v[key]!)
            guard case .array(let element) = type.wrapped else {
                throw ProofsheetError.badInput(
                    "'\(excerpt(pathText))' is \(type), not an array", at: v[key]!.location, hint: "\(key) works on array state")
            }
            if key == "append" {
                guard let val = o["value"] else { throw ProofsheetError.badInput("'append' needs 'value'", at: v.location) }
                try check(val, element)
                return .append(path: path, value: val, location: val.location)
            }
            guard let at = o["at"] else { throw ProofsheetError.badInput("'remove' needs 'at' (an index; -1 is the last)", at: v.location) }
            // An index no array can have is refused before anything runs.
            let n = try value(at)
            if !n.isUnknown, SceneAction.index(n, count: Scene.Limits.maxStateArray) == nil {
                throw ProofsheetError.badInput(
                    "remove at \(SceneAction.describe(n)): an index is a whole number", at: at.location,
                    hint: "0 is the first element, -1 the last; an array holds at most \(Scene.Limits.maxStateArray) elements")
            }
            return .remove(path: path, index: at, location: at.location)
        case "after":
            let o = try object(v, allowed: ["after", "do"])
            let delay = try number(o["after"]!, in: 0...SceneAction.longestDelay)
            return .after(delay, try body("do"))
        default:
            _ = try object(v, allowed: ["haptic"])
            let kind = try choice(v["haptic"]!, Dictionary(uniqueKeysWithValues: SceneAction.hapticKinds.map { ($0, $0) }))
            return .haptic(kind)
        }
    }

    func assignment(_ name: String, _ value: JSONValue, schema: StateSchema) throws -> SceneAction.Assignment {
        let path = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let type = try stateType(at: path, schema: schema, value)
        try check(value, type)
        return SceneAction.Assignment(path: path, value: value, type: type)
    }

    func stateType(at path: [String], schema: StateSchema, _ at: JSONValue) throws -> StateType {
        switch schema.type(at: path) {
        case .success(let t): return t
        case .failure(let e):
            let m = schema.message(e)
            throw ProofsheetError.badInput(m.message, at: at.location, hint: m.hint)
        }
    }

    /// Checks a value written for `type`: a literal now, an expression as far as it is known.
    func check(_ v: JSONValue, _ type: StateType) throws {
        if case .string(let s) = v.kind, s.hasPrefix("=") || Self.reference(s) != nil {
            let result = try value(v)
            guard type.accepts(result) else {
                throw ProofsheetError.badInput(
                    "the expression gives \(result.typeName), but the type here is \(type)", at: v.location, hint: type.example)
            }
            return
        }
        _ = try type.value(of: v)
    }
}

extension Context {
    /// `withAnimation` of the animation `v` spells around `body`: a spelling is read now; a
    /// `$reference`, an expression or an interpolation is read when the action runs (and
    /// checked now where its value is known already, a constant).
    func withAnimation(_ v: JSONValue, _ body: [SceneAction]) throws -> SceneAction {
        if case .string(let s) = v.kind, s.hasPrefix("=") || s.contains("${") || Self.reference(s) != nil {
            _ = try animationOf(v)
            return .withAnimationOf(v, body)
        }
        return .withAnimation(try animationOrNil(v), body)
    }

    /// The animation a value spells (nil for null, or while its value is unknown): a located
    /// error when it is not a string, or not an animation's spelling.
    func animationOf(_ v: JSONValue) throws -> Animation? {
        guard let x = try known(v) else { return nil }
        if case .null = x { return nil }
        guard case .string(let text) = x else {
            throw badValue("an animation is spelled in a string (e.g. \"spring()\"), got \(x.typeName)", v)
        }
        do { return try spellings.animation(text, sdk: sdk) } catch { throw spellingError(error, in: text, at: v, what: "animation") }
    }
}

extension JSONValue {
    /// The keys of an object (none for other values).
    var objectKeys: [String] {
        if case .object(let m) = kind { return m.map(\.key).sorted() }
        return []
    }
}

// MARK: - Running

extension SceneTemplate {
    /// Runs `actions` on `state`: the state changes in order with their transactions, actions
    /// scheduled for later and annotations. `extra` adds values expressions may read (such as
    /// `gesture`); `transaction` is the one the actions run in.
    public func run(
        _ actions: [SceneAction], on state: SceneState, extra: [String: ScriptValue] = [:], transaction: Transaction = Transaction()
    ) throws -> ActionResult {
        var result = ActionResult(state: state)
        var pending = false
        func flush(_ tx: Transaction) {
            if pending { result.steps.append(.commit(result.state, tx)); pending = false }
        }
        func context() throws -> Context {
            var ctx = Context(file: file)
            ctx.expressions.read = expressions
            ctx.spellings = spellings
            ctx.device = device
            ctx.sdk = sdk
            ctx.origins = result.state.origins
            for (k, v) in result.state.values { ctx.vars[k] = v }
            for (k, v) in extra { ctx.vars[k] = v }
            try ctx.loadVars(try ctx.object(document, allowed: Context.sceneKeys))
            return ctx
        }
        /// Sets `path` to `value` for `action` (named in messages): no variable grows past the
        /// state's budget (see ``StateBudget``).
        func setValue(_ path: [String], _ value: ScriptValue, by action: String, at: SourceLocation) throws {
            switch schema.setting(result.state.values, path, to: value) {
            case .success(let values):
                if let grown = values[path[0]] { try StateBudget.check(grown, of: path[0], by: action, at: at) }
                result.state.values = values
            case .failure(let e):
                let m = schema.message(e)
                throw ProofsheetError.badInput(m.message, at: at, hint: m.hint)
            }
            pending = true
        }
        func current(_ path: [String]) -> ScriptValue {
            var v = result.state.values[path[0]] ?? .null
            for f in path.dropFirst() { if case .object(let m) = v { v = m[f] ?? .null } else { return .null } }
            return v
        }
        func exec(_ list: [SceneAction], _ tx: Transaction) throws {
            for a in list {
                switch a {
                case .set(let assignments):
                    let ctx = try context()
                    // Every value is read from the state before this `set`.
                    let values = try assignments.map { (a: $0, v: try ctx.value($0.value)) }
                    for (a, v) in values {
                        guard a.type.accepts(v) else {
                            throw ProofsheetError.badInput(
                                "\(a.path.joined(separator: ".")) would be \(v.typeName), but its type is \(a.type)", at: a.value.location,
                                hint: a.type.example)
                        }
                        try setValue(a.path, v, by: "setting \(a.path.joined(separator: "."))", at: a.value.location)
                    }
                case .withAnimation(let animation, let body):
                    flush(tx)
                    let inner = Transaction(animation: animation, disablesAnimations: tx.disablesAnimations)
                    try exec(body, inner)
                    flush(inner)
                case .withAnimationOf(let spelled, let body):
                    flush(tx)
                    let inner = Transaction(animation: try context().animationOf(spelled), disablesAnimations: tx.disablesAnimations)
                    try exec(body, inner)
                    flush(inner)
                case .withoutAnimation(let body):
                    flush(tx)
                    try exec(body, .immediate)
                    flush(.immediate)
                case .conditional(let condition, let then, let otherwise):
                    try exec(try context().value(condition).truthy ? then : otherwise, tx)
                case .append(let path, let json, let at):
                    let v = try context().value(json)
                    guard case .array(var items) = current(path) else {
                        throw ProofsheetError.badInput("\(path.joined(separator: ".")) is unset", at: at)
                    }
                    guard items.count < Scene.Limits.maxStateArray else {
                        throw ProofsheetError.badInput(
                            "\(path.joined(separator: ".")) would hold more than \(Scene.Limits.maxStateArray) elements", at: at)
                    }
                    items.append(v)
                    try setValue(path, .array(items), by: "appending to \(path.joined(separator: "."))", at: at)
                case .remove(let path, let json, let at):
                    let name = path.joined(separator: ".")
                    guard case .array(var items) = current(path) else {
                        throw ProofsheetError.badInput("\(name) is unset", at: at)
                    }
                    let n = try context().value(json)
                    guard let index = SceneAction.index(n, count: items.count) else {
                        throw ProofsheetError.badInput(
                            "remove at \(SceneAction.describe(n)): \(name) has \(items.count) element\(items.count == 1 ? "" : "s")", at: at,
                            hint: SceneAction.indexRule(count: items.count))
                    }
                    items.remove(at: index)
                    try setValue(path, .array(items), by: "removing from \(name)", at: at)
                case .after(let delay, let body):
                    result.steps.append(.schedule(after: delay, body, tx))
                case .haptic(let kind):
                    result.steps.append(.annotate("haptic \(kind)"))
                case .resetToDefaults(let names):
                    for n in names {
                        guard let v = schema[n] else { continue }
                        result.state.values[n] = v.defaultValue
                        result.state.origins[n] = .declared(v.location)
                    }
                    pending = true
                case .native(let a):
                    throw ProofsheetError.internal("a Swift action (\(a.location)) reached a scene file's template")
                }
            }
        }
        try exec(actions, transaction)
        flush(transaction)
        return result
    }
}

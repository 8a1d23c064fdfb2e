import ProofsheetCore
import ProofsheetMotion

/// A named timeline of a scene: a starting still, then events at given times — actions (state
/// changes in transactions) or touches.
///
/// ```json
/// "timelines": {
///   "close": [{"at": 0.2, "withAnimation": "easeOut(duration: 0.3)", "set": {"overlay": false}}],
///   "swipe-right": {"from": "rest", "events": [{"at": 0, "touch": "drag #topCard 0,0 -> 150,10 in 0.3s; release"}]}
/// }
/// ```
/// An event is `{"at": T, "do": [actions]}`, `{"at": T, "set": {…}}` (with an optional
/// `"withAnimation"` around it) or `{"at": T, "touch": "script"}` (see ``TouchScript``).
/// Names follow the still-name rule.
public struct Timeline: Sendable {
    public var name: String
    /// The still the timeline starts from (nil: the defaults).
    public var from: String?
    public var events: [Event]
    public var location: SourceLocation

    public struct Event: Sendable {
        public enum Kind: Sendable {
            case actions([SceneAction])
            case touch(TouchScript)
        }
        public var at: Double
        public var kind: Kind
        public var location: SourceLocation
        public init(at: Double, kind: Kind, location: SourceLocation) { self.at = at; self.kind = kind; self.location = location }
    }

    public init(name: String, from: String? = nil, events: [Event], location: SourceLocation) {
        self.name = name; self.from = from; self.events = events; self.location = location
    }

    /// The time of the last event's end (a touch lasts its script's length).
    public var length: Double {
        events.map { e in
            if case .touch(let s) = e.kind { return e.at + s.duration }
            return e.at
        }.max() ?? 0
    }

    /// The most events one timeline may have.
    public static let mostEvents = 10_000
    /// The latest time an event may be at, in seconds.
    public static let latest = 600.0
}

/// A named moment the frames of a timeline report (`"markers"`): the name is recorded when
/// the expression becomes true (e.g. `"threshold crossed": "=abs($dx) > 80"`).
public struct Marker: Sendable {
    public var name: String
    public var condition: JSONValue
    /// The state variables the condition reads, itself or through constants: it can only
    /// change when one of them does.
    public var reads: Set<String> = []
}

extension SceneDecoder {
    static func timelines(_ v: JSONValue, _ schema: StateSchema, stills: [Still], context: Context) throws -> [Timeline] {
        guard case .object(let members) = v.kind else {
            throw ProofsheetError.badInput("'timelines' must be an object of named timelines, got \(v.typeName)", at: v.location)
        }
        var count = 0
        let ctx = context.actionContext()
        return try members.map { name, value in
            guard Still.isValidName(name) else {
                throw ProofsheetError.badInput("'\(excerpt(name))' cannot name a timeline", at: value.location, hint: Still.nameRule)
            }
            var from: String?
            var list = value
            if case .object = value.kind {
                let o = try ctx.object(value, allowed: ["from", "events", "comment"])
                if let f = o["from"] {
                    let s = try ctx.string(f)
                    guard stills.contains(where: { $0.name == s }) else {
                        throw ProofsheetError.badInput(
                            "no still named '\(excerpt(s))' to start from", at: f.location,
                            hint: stills.isEmpty ? "the scene has no stills" : "its stills: \(stills.map(\.name).joined(separator: ", "))")
                    }
                    from = s
                }
                guard let e = o["events"] else { throw ProofsheetError.badInput("a timeline needs 'events'", at: value.location) }
                list = e
            }
            guard case .array(let items) = list.kind else {
                throw ProofsheetError.badInput("a timeline's events are an array, got \(list.typeName)", at: list.location)
            }
            guard items.count <= Timeline.mostEvents else {
                throw ProofsheetError.badInput("more than \(Timeline.mostEvents) events", at: list.location)
            }
            var last = 0.0
            let events = try items.map { item -> Timeline.Event in
                let o = try ctx.object(item, allowed: ["at", "do", "set", "withAnimation", "touch", "comment"])
                let at = try o["at"].map { try ctx.number($0, in: 0...Timeline.latest) } ?? last
                guard at >= last else {
                    throw ProofsheetError.badInput(
                        "events must be in time order: \(format(at)) s comes after \(format(last)) s", at: o["at"]?.location ?? item.location)
                }
                last = at
                let kinds = ["do", "set", "touch"].filter { o[$0] != nil }
                guard kinds.count == 1 else {
                    throw ProofsheetError.badInput(
                        kinds.isEmpty ? "an event needs 'do', 'set' or 'touch'" : "an event has one of 'do', 'set' and 'touch'", at: item.location,
                        hint: "{\"at\": 0.2, \"set\": {\"overlay\": false}} or {\"at\": 0, \"touch\": \"drag #card 0,0 -> 150,0 in 0.3s; release\"}")
                }
                if let t = o["touch"] {
                    guard o["withAnimation"] == nil else { throw ProofsheetError.badInput("a touch takes no 'withAnimation'", at: item.location) }
                    let text = try ctx.string(t)
                    do throws(AnimationSpellingError) {
                        return Timeline.Event(at: at, kind: .touch(try TouchScript(text)), location: item.location)
                    } catch {
                        throw ctx.spellingError(error, in: text, at: t, what: "touch script")
                    }
                }
                var actions: [SceneAction]
                if let d = o["do"] {
                    actions = try ctx.actions(d, schema: schema, count: &count)
                } else {
                    let sets = try ctx.members(o["set"]!)
                    actions = [.set(try sets.map { try ctx.assignment($0.key, $0.value, schema: schema) })]
                }
                if let a = o["withAnimation"] { actions = [try ctx.withAnimation(a, actions)] }
                return Timeline.Event(at: at, kind: .actions(actions), location: item.location)
            }
            // Touches are sampled 120 times a second: their total length bounds the work.
            let touching = events.reduce(0.0) { total, e in
                if case .touch(let script) = e.kind { return total + script.duration }
                return total
            }
            guard touching <= Timeline.latest else {
                throw ProofsheetError.badInput(
                    "the timeline's touches last \(format(touching)) s in all, more than \(format(Timeline.latest)) s", at: list.location,
                    hint: "shorten the touches (they are sampled 120 times a second)")
            }
            return Timeline(name: name, from: from, events: events, location: value.location)
        }
    }

    static func markers(_ v: JSONValue, context: Context, constants: JSONValue?) throws -> [Marker] {
        let ctx = context.actionContext()
        var definitions: [String: String] = [:]
        if let constants, case .object(let members) = constants.kind {
            for (k, c) in members { if case .string(let s) = c.kind { definitions[k] = s } }
        }
        let hint = "a marker is a condition on the state, e.g. \"threshold crossed\": \"=abs($dx) > 80\""
        return try ctx.members(v).map { name, value in
            guard !name.isEmpty, name.count <= 64 else { throw ProofsheetError.badInput("a marker's name is 1 to 64 characters", at: value.location) }
            guard case .string(let text) = value.kind, text.hasPrefix("=") || Context.reference(text) != nil else {
                let what = if case .string = value.kind { "a plain string" } else { value.typeName }
                throw ProofsheetError.badInput("the marker '\(excerpt(name))' is \(what), not an expression", at: value.location, hint: hint)
            }
            let known = try ctx.value(value)
            guard known.isUnknown || Marker.isCondition(known) else {
                throw ProofsheetError.badInput(
                    "the marker '\(excerpt(name))' gives \(known.typeName), not true or false", at: value.location, hint: hint)
            }
            return Marker(name: name, condition: value, reads: Marker.stateReads(text, constants: definitions, schema: context.schema))
        }
    }
}

extension Marker {
    /// The most evaluations of markers one run may make: each marker is evaluated again at
    /// every change of what it reads, so thousands of markers reading a dragged value would
    /// be evaluated millions of times.
    public static let mostEvaluations = 100_000

    /// Whether a condition's value is one a marker can have: true or false.
    static func isCondition(_ v: ScriptValue) -> Bool {
        if case .bool = v { return true }
        return false
    }

    /// The state variables `text` reads: each `$name` that is a state variable, and those the
    /// constants it names read in turn (a constant may be an expression over the state).
    static func stateReads(_ text: String, constants: [String: String], schema: StateSchema) -> Set<String> {
        var reads: Set<String> = []
        var seen: Set<String> = []
        var texts = [Substring(text)]
        while var rest = texts.popLast() {
            while let dollar = rest.firstIndex(of: "$") {
                rest = rest[rest.index(after: dollar)...]
                let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                guard !name.isEmpty, seen.insert(name).inserted else { continue }
                if schema[name] != nil {
                    reads.insert(name)
                } else if let definition = constants[name] {
                    texts.append(Substring(definition))
                }
            }
        }
        return reads
    }
}

extension SceneTemplate {
    /// The timeline named `name`, or a usage error listing them.
    public func timeline(named name: String) throws -> Timeline {
        try lookUp(name, in: timelines, \.name, kind: "timeline")
    }

    /// The markers that are true in `state`, by name.
    public func markers(in state: SceneState) throws -> Set<String> {
        guard !markers.isEmpty else { return [] }
        let ctx = try markerContext(state)
        return Set(try markers.filter { try isTrue($0, ctx) }.map(\.name))
    }

    /// Brings `truth`, the markers true in `old`, to those true in `new`, evaluating only the
    /// markers that read a variable that changed; returns the names that turned true, in the
    /// order declared. A drag changes its gesture state 120 times a second: markers reading
    /// other values are not evaluated again.
    public func updateMarkers(_ truth: inout Set<String>, from old: SceneState, to new: SceneState, evaluations: inout Int) throws -> [String] {
        guard !markers.isEmpty else { return [] }
        var due: Set<Int> = []
        for (name, value) in new.values where old.values[name] != value {
            for k in markerReaders[name] ?? [] { due.insert(k) }
        }
        for name in old.values.keys where new.values[name] == nil {
            for k in markerReaders[name] ?? [] { due.insert(k) }
        }
        guard !due.isEmpty else { return [] }
        evaluations += due.count
        guard evaluations <= Marker.mostEvaluations else {
            let first = markers[due.min()!]
            let changed = new.values.keys.filter { markerReaders[$0] != nil && old.values[$0] != new.values[$0] }.sorted()
            throw ProofsheetError.badInput(
                "the markers are evaluated more than \(Marker.mostEvaluations) times in one run (\(due.count) of them read "
                    + "\(listForHint(changed.map { "$" + excerpt($0) })), which changes again and again)",
                at: first.condition.location,
                hint: "a marker is evaluated again at every change of what it reads (a drag changes its state 120 times a second): "
                    + "declare fewer markers, or have them read values that change less often")
        }
        let ctx = try markerContext(new)
        var turned: [Int] = []
        for k in due {
            let m = markers[k]
            if try isTrue(m, ctx) {
                if truth.insert(m.name).inserted { turned.append(k) }
            } else {
                truth.remove(m.name)
            }
        }
        return turned.sorted().map { markers[$0].name }
    }

    /// What a marker's condition reads in `state`: the state and the constants.
    private func markerContext(_ state: SceneState) throws -> Context {
        var ctx = Context(file: file)
        ctx.device = device
        ctx.origins = state.origins
        for (k, v) in state.values { ctx.vars[k] = v }
        try ctx.loadVars(try ctx.object(document, allowed: Context.sceneKeys))
        return ctx
    }

    /// Whether `marker` is true in `ctx`.
    ///
    /// - Throws: a located error when its condition gives anything but true or false.
    private func isTrue(_ marker: Marker, _ ctx: Context) throws -> Bool {
        let v = try ctx.value(marker.condition)
        guard case .bool(let b) = v else {
            throw ProofsheetError.badInput(
                "the marker '\(excerpt(marker.name))' gives \(v.typeName), not true or false\(ctx.originNote(marker.condition))",
                at: marker.condition.location, hint: "a marker is a condition, e.g. \"=abs($dx) > 80\" or \"=count($cards) < 4\"")
        }
        return b
    }
}

import Foundation
import ProofsheetCore
import Synchronization
import ProofsheetMotion

/// A scene file read and checked once: instantiate it with a state to get a `Scene`.
///
/// Loading validates everything the file says whatever the state will be — every branch of
/// every `If`, every `ForEach` body, every expression, the state's defaults and every still —
/// so an error is found when the file is read, not when some state happens to reach it.
/// Instantiating is a pure step: each instantiation has its own budget of views and text, and
/// shares no cache or counter with another.
public struct SceneTemplate: Sendable {
    /// The file it was read from, for messages and names.
    public let file: String?
    /// The declared state (`"state"`), with the names of the constants (`"vars"`).
    public let schema: StateSchema
    /// The named states (`"stills"`), in the order written.
    public let stills: [Still]
    /// What loading noticed but did not refuse (a ForEach without keys): one line each.
    public let warnings: [String]
    /// The named timelines (`"timelines"`), in the order written.
    public internal(set) var timelines: [Timeline] = []
    /// The named moments timelines report (`"markers"`).
    public internal(set) var markers: [Marker] = []
    /// The markers (their indices) that read each state variable.
    var markerReaders: [String: [Int]] = [:]
    /// What `.spring()` and `.default` mean in the scene.
    public internal(set) var sdk = AnimationSDK.ios17
    /// The device the scene is shown on when not its canvas's own (see ``on(_:)``).
    public internal(set) var device: Device?
    /// The environment the scene is shown in where not its own (see ``with(variant:)``).
    public internal(set) var variant = Variant.none
    /// Folders searched for image assets, in order (the file's own folder first).
    public var assetRoots: [String] = []
    let document: JSONValue
    /// The components the file defines and imports.
    var components = ComponentLibrary()
    /// Its string tables (`"strings"`), read when it was loaded.
    var stringTables: [String: [String: String]]?
    /// The trees of its expressions, by their text, read when it was loaded.
    var expressions: [String: ExpressionTree?] = [:]
    /// Its animations and transitions, parsed when it was loaded.
    var spellings = Spellings()
    /// The parts of its views made once, for each device and variant it is instantiated in,
    /// shared by its copies (nil: every view is read for each state).
    var readOnceCache: ReadOnceCache? = ReadOnceCache()
    /// The parts made once for its device and variant: made when it is first instantiated in
    /// them (see ``readOnceParts()``).
    var readOnce: ReadOnceParts? {
        readOnceCache?.parts(device: device, variant: variant) { readOnceParts() }
    }

    init(file: String?, document: JSONValue, schema: StateSchema, stills: [Still], warnings: [String]) {
        self.file = file; self.document = document; self.schema = schema; self.stills = stills; self.warnings = warnings
    }

    /// The state with every variable at its default.
    public var defaultState: SceneState {
        var values: [String: ScriptValue] = [:]
        var origins: [String: ValueOrigin] = [:]
        for v in schema.variables {
            values[v.name] = v.defaultValue
            origins[v.name] = .declared(v.location)
        }
        return SceneState(values: values, origins: origins, still: nil)
    }

    /// The still named `name`, or a usage error listing the stills.
    public func still(named name: String) throws -> Still {
        try lookUp(name, in: stills, \.name, kind: "still")
    }

    /// The item named `name` among a scene's named `kind`s ("still", "timeline"), or a usage
    /// error with a close name and the list of them.
    func lookUp<T>(_ name: String, in items: [T], _ key: KeyPath<T, String>, kind: String) throws -> T {
        if let item = items.first(where: { $0[keyPath: key] == name }) { return item }
        let names = items.map { $0[keyPath: key] }
        let close = closeNames(to: name, in: names)
        throw ProofsheetError.usage(
            "\(file.map { "\($0) has" } ?? "the scene has") no \(kind) named '\(excerpt(name))'",
            hint: items.isEmpty
                ? "this scene declares no \"\(kind)s\""
                : (close.isEmpty ? "" : "did you mean '\(close[0])'? ") + "its \(kind)s: \(names.joined(separator: ", "))")
    }

    /// The state of the still `still` (nil: the defaults) with `sets` applied over it: the
    /// declared defaults, then the still's values, then each `NAME=VALUE` in order.
    ///
    /// - Throws: a bad-input error naming the `--set` that is wrong, with the scene's state.
    public func state(still: String? = nil, sets: [String] = []) throws -> SceneState {
        var state = defaultState
        if let still {
            let s = try self.still(named: still)
            for a in s.assignments {
                // Checked when the file was read.
                if case .success(let values) = schema.setting(state.values, a.path, to: a.value) { state.values = values }
                state.origins[a.path[0]] = .still(s.name, a.location)
            }
            state.still = s.name
        }
        for text in sets {
            let (path, value) = try parseSet(text)
            switch schema.setting(state.values, path, to: value) {
            case .success(let values): state.values = values
            case .failure(let e): throw setError(text, schema.message(e))
            }
            state.origins[path[0]] = .set(text)
        }
        return state
    }

    /// A `NAME=VALUE` of `--set`, checked against the schema.
    func parseSet(_ text: String) throws -> (path: [String], value: ScriptValue) {
        guard let eq = text.firstIndex(of: "="), eq != text.startIndex else {
            throw setError(text, ("expected NAME=VALUE", "e.g. --set drag=120,0 or --set overlay=false; the state: \(schema.stateHint)"))
        }
        let path = text[..<eq].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !path.contains(where: \.isEmpty) else {
            throw setError(text, ("'\(excerpt(String(text[..<eq])))' is not a name", "a name, or a name and a field: drag.width"))
        }
        let type: StateType
        switch schema.type(at: path) {
        case .success(let t): type = t
        case .failure(let e): throw setError(text, schema.message(e))
        }
        let value = try type.value(ofText: String(text[text.index(after: eq)...])) { message, hint in
            setError(text, (message, hint))
        }
        return (path, value)
    }

    func setError(_ text: String, _ m: (message: String, hint: String)) -> ProofsheetError {
        .badInput("--set \(excerpt(text)): \(m.message)\(file.map { " (for \($0))" } ?? "")", hint: m.hint)
    }

    /// The scene in `state`.
    public func instantiate(_ state: SceneState) throws -> Scene {
        try instantiate(state, unread: nil)
    }

    /// The scene in `state`; an expression whose tree was not read with the template is noted
    /// in `unread`.
    func instantiate(_ state: SceneState, unread: ExpressionLog?, budget: ViewBudget = ViewBudget()) throws -> Scene {
        var ctx = Context(file: file)
        ctx.budget = budget
        ctx.expressions = ExpressionTrees(read: expressions, unread: unread)
        ctx.spellings = spellings
        ctx.device = device
        ctx.variant = variant
        ctx.schema = schema
        ctx.components = components
        ctx.readStringTables = stringTables
        ctx.origins = state.origins
        ctx.readOnce = readOnce
        for (k, v) in state.values { ctx.vars[k] = v }
        var scene = try ctx.scene(document)
        scene.assetRoots = assetRoots + scene.assetRoots
        return scene
    }

    /// The parts of the scene that read nothing from the state, made once for its device and
    /// variant: found by validating the scene again, in these settings, with the state unknown
    /// (nil when that finds anything wrong: every view is then read for each state).
    func readOnceParts() -> ReadOnceParts? {
        var check = Context(file: file)
        check.schema = schema
        check.validating = true
        check.warnings = WarningLog()
        check.errors = ErrorLog()
        check.components = components
        check.readStringTables = stringTables
        check.expressions = ExpressionTrees(read: expressions, unread: nil)
        check.spellings = spellings
        check.device = device
        check.variant = variant
        for v in schema.variables { check.vars[v.name] = .unknown }
        let parts = ReadOnceParts(components: Set(components.definitions.keys))
        check.readOnce = parts
        guard (try? check.scene(document)) != nil, check.errors?.all.isEmpty ?? true else { return nil }
        return parts
    }

    /// The scene at the still `still` (nil: the defaults) with `sets` applied.
    public func scene(still: String? = nil, sets: [String] = []) throws -> Scene {
        try instantiate(try state(still: still, sets: sets))
    }
}

/// Notes collected while a template is validated.
final class WarningLog: Sendable {
    private let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { if !$0.contains(line) { $0.append(line) } } }
    var all: [String] { lines.withLock { $0 } }
}

extension SceneDecoder {
    /// Reads and validates a scene file into a template; `assetRoots` start with its folder.
    public func template(file path: String) throws -> SceneTemplate {
        let bytes = try Self.read(file: path)
        var template = try template(bytes: bytes, file: path)
        let folder = (path as NSString).deletingLastPathComponent
        template.assetRoots = [folder.isEmpty ? "." : folder]
        return template
    }

    /// Reads and validates a scene from JSON bytes; `file` names it in messages.
    public func template(bytes: [UInt8], file: String?) throws -> SceneTemplate {
        let json = try JSONReader.parse(bytes, file: file)
        let ctx = Context(file: file)
        let m = try ctx.object(json, allowed: Context.sceneKeys)
        let constants = try m["vars"].map { try ctx.members($0).map(\.key) } ?? []
        let schema = StateSchema(variables: try m["state"].map { try Self.stateVariables($0, constants: constants) } ?? [], constants: constants)
        let stills = try m["stills"].map { try Self.stills($0, schema) } ?? []
        // The components it defines and imports, read once (imports are found beside the file).
        let folder = file.map { ($0 as NSString).deletingLastPathComponent } ?? ""
        let components = try ComponentLibrary.load(m, folder: folder, file: file)
        // Validate once with the state unknown: both branches of every If, every ForEach body,
        // every component's body.
        let log = WarningLog()
        var check = Context(file: file)
        check.schema = schema
        check.validating = true
        check.warnings = log
        check.components = components
        // Its string tables, read once (their files too): every state shows the same texts.
        let stringTables = try m["strings"].map { try check.stringTables($0) }
        check.readStringTables = stringTables
        let expressions = ExpressionLog()
        check.expressions.loading = expressions
        let spellings = Spellings.Log()
        check.spellings.loading = spellings
        for v in schema.variables { check.vars[v.name] = .unknown }
        try check.validateComponents()
        // The scene's views are all checked: the errors found on the way are reported together.
        let errors = ErrorLog()
        check.errors = errors
        do { _ = try check.scene(json) } catch let e as ProofsheetError where !errors.all.isEmpty {
            throw ProofsheetError.combined(errors.all + [e])!
        }
        if let found = ProofsheetError.combined(errors.all) { throw found }
        check.errors = nil
        var template = SceneTemplate(file: file, document: json, schema: schema, stills: stills, warnings: log.all)
        template.components = components
        template.stringTables = stringTables
        template.sdk = check.sdk
        template.timelines = try m["timelines"].map { try Self.timelines($0, schema, stills: stills, context: check) } ?? []
        template.markers = try m["markers"].map { try Self.markers($0, context: check, constants: m["vars"]) } ?? []
        for (k, marker) in template.markers.enumerated() { for name in marker.reads { template.markerReaders[name, default: []].append(k) } }
        template.expressions = expressions.all
        template.spellings = spellings.all
        return template
    }

    static func stateVariables(_ v: JSONValue, constants: [String]) throws -> [StateVariable] {
        guard case .object(let members) = v.kind else {
            throw ProofsheetError.badInput(
                "'state' must be an object of variables, got \(v.typeName)", at: v.location,
                hint: "\"state\": {\"drag\": {\"type\": \"size?\"}, \"overlay\": true}")
        }
        return try members.map { name, value in
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !(name.first!.isNumber) else {
                throw ProofsheetError.badInput(
                    "'\(excerpt(name))' cannot name a state variable", at: value.location,
                    hint: "use letters, digits and '_', not starting with a digit (it is read as $\(excerpt(name)))")
            }
            guard !constants.contains(name) else {
                throw ProofsheetError.badInput(
                    "'\(excerpt(name))' is both a state variable and a constant under \"vars\"", at: value.location,
                    hint: "rename one of them")
            }
            guard !["index", "width", "height", "device", "env"].contains(name) else {
                throw ProofsheetError.badInput(
                    "'\(name)' is a name the scene reserves ($index in a ForEach, $width and $height in a GeometryReader, $device, $env)",
                    at: value.location,
                    hint: "choose another name")
            }
            // `{"type": …, "default": …}` declares; any other value is a default of its own type.
            if case .object = value.kind, let t = value["type"] {
                let o = try Context(file: nil).object(value, allowed: ["type", "default", "comment"])
                let type = try StateType.parse(t)
                guard let d = o["default"] else {
                    guard type.isOptional else {
                        throw ProofsheetError.badInput(
                            "the state variable '\(excerpt(name))' needs a 'default'", at: value.location,
                            hint:
                                "add \"default\": \(type.example.replacingOccurrences(of: "e.g. ", with: "")), or make it optional (\"\(type)?\") to start unset"
                        )
                    }
                    return StateVariable(name: name, type: type, defaultValue: .null, location: t.location)
                }
                return StateVariable(name: name, type: type, defaultValue: try type.value(of: d), location: d.location)
            }
            return StateVariable(name: name, type: StateType.inferred(from: value), defaultValue: ScriptValue(value), location: value.location)
        }
    }

    static func stills(_ v: JSONValue, _ schema: StateSchema) throws -> [Still] {
        guard case .object(let members) = v.kind else {
            throw ProofsheetError.badInput(
                "'stills' must be an object of named states, got \(v.typeName)", at: v.location,
                hint: "\"stills\": {\"rest\": {}, \"dragging-right\": {\"drag\": {\"width\": 120, \"height\": 10}}}")
        }
        return try members.map { name, value in
            let at = value.location
            guard Still.isValidName(name) else {
                throw ProofsheetError.badInput("'\(excerpt(name))' cannot name a still", at: at, hint: Still.nameRule)
            }
            guard case .object(let sets) = value.kind else {
                throw ProofsheetError.badInput(
                    "a still is an object of state values, got \(value.typeName)", at: at,
                    hint: "e.g. {\"drag\": {\"width\": 120, \"height\": 10}} or {\"drag.width\": 120}; the state: \(schema.stateHint)")
            }
            var values = [String: ScriptValue]()
            for v in schema.variables { values[v.name] = v.defaultValue }
            let assignments = try sets.map { key, json -> Still.Assignment in
                let path = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                let type: StateType
                switch schema.type(at: path) {
                case .success(let t): type = t
                case .failure(let e):
                    let m = schema.message(e)
                    throw ProofsheetError.badInput(m.message, at: json.location, hint: m.hint)
                }
                let value = try type.value(of: json)
                switch schema.setting(values, path, to: value) {
                case .success(let v): values = v
                case .failure(let e):
                    let m = schema.message(e)
                    throw ProofsheetError.badInput(m.message, at: json.location, hint: m.hint)
                }
                return Still.Assignment(path: path, value: value, location: json.location)
            }
            return Still(name: name, assignments: assignments, location: at)
        }
    }
}

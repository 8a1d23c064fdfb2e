import ProofsheetCore

/// A variable of a scene's state: a name, a type and a default.
public struct StateVariable: Sendable {
    public let name: String
    public let type: StateType
    public let defaultValue: ScriptValue
    /// Where the default is written.
    public let location: SourceLocation
}

/// Where a state value was given, for messages: the default, a still, or `--set`.
public enum ValueOrigin: Sendable, Equatable, CustomStringConvertible {
    case declared(SourceLocation)
    case still(String, SourceLocation)
    case set(String)

    public var description: String {
        switch self {
        case .declared(let l): return "its default at \(l)"
        case .still(let name, let l): return "the still '\(name)' at \(l)"
        case .set(let text): return "--set \(excerpt(text))"
        }
    }
}

/// The declared state of a scene: its variables, in the order written.
public struct StateSchema: Sendable {
    public let variables: [StateVariable]
    /// Names of the scene's constants (`vars`), which cannot be set.
    public let constants: [String]

    public subscript(name: String) -> StateVariable? { variables.first { $0.name == name } }

    /// One line per variable: `name: type = default`, for messages and `proofsheet stills`.
    public var listing: String {
        variables.map { "\($0.name): \($0.type) = \(StateSchema.show($0.defaultValue))" }.joined(separator: "\n")
    }

    /// A value as it would be written with `--set`.
    public static func show(_ v: ScriptValue) -> String {
        switch v {
        case .null: return "unset"
        case .number(let n): return fmt(n)
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return excerpt(s)
        case .unknown: return "?"
        case .array(let a): return "[" + a.prefix(4).map(show).joined(separator: ", ") + (a.count > 4 ? ", …" : "") + "]"
        case .object(let m):
            if m.count == 2, case .number(let w)? = m["width"], case .number(let h)? = m["height"] { return "\(fmt(w)),\(fmt(h))" }
            if m.count == 2, case .number(let x)? = m["x"], case .number(let y)? = m["y"] { return "\(fmt(x)),\(fmt(y))" }
            return "{" + m.keys.sorted().prefix(6).map { "\($0): \(show(m[$0]!))" }.joined(separator: ", ") + (m.count > 6 ? ", …" : "") + "}"
        }
    }
}

/// A scene's state: a value for every state variable, and where each came from.
public struct SceneState: Sendable, Equatable {
    public var values: [String: ScriptValue]
    public var origins: [String: ValueOrigin]
    /// The still this state is, or nil for the default state (with `--set` changes, if any).
    public var still: String?
    /// A Swift scene's state value (see ``SwiftScene``); `values` then shows it for reports.
    public var native: NativeState? = nil

    public init(values: [String: ScriptValue], origins: [String: ValueOrigin] = [:], still: String? = nil, native: NativeState? = nil) {
        self.values = values; self.origins = origins; self.still = still; self.native = native
    }

    /// The state's values on one line, in the schema's order: `drag=120,10 phase=dragging`.
    public func summary(_ schema: StateSchema) -> String {
        schema.variables.map { "\($0.name)=\(StateSchema.show(values[$0.name] ?? .null))" }.joined(separator: " ")
    }
}

/// A named state of a scene: the values it gives, over the defaults.
public struct Still: Sendable {
    /// Matches `[a-z0-9][a-z0-9-]{0,63}`; never `default`.
    public let name: String
    /// The values it sets, in the order written (a path such as `drag.width`, and the value).
    public let assignments: [Assignment]
    public let location: SourceLocation

    /// One value a still sets.
    public struct Assignment: Sendable {
        public let path: [String]
        public let value: ScriptValue
        public let location: SourceLocation
    }

    /// Whether `name` can name a still: lower-case letters, digits and '-', starting with a
    /// letter or digit, at most 64 characters, and not `default`.
    public static func isValidName(_ name: String) -> Bool {
        guard name != "default", (1...64).contains(name.utf8.count) else { return false }
        for (k, b) in name.utf8.enumerated() {
            let ok = (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || (b == 0x2D && k > 0)
            if !ok { return false }
        }
        return true
    }

    /// The rule for still names, for hints.
    public static let nameRule = "a still name is 1 to 64 lower-case letters, digits and '-', starting with a letter or digit; 'default' is reserved"

    /// The values on one line: `drag=120,10`.
    public var summary: String {
        assignments.map { "\($0.path.joined(separator: "."))=\(StateSchema.show($0.value))" }.joined(separator: " ")
    }
}

// MARK: - Setting values

extension StateSchema {
    /// The type at `path` (`drag.width`), or a message saying why there is none.
    func type(at path: [String]) -> Result<StateType, SetError> {
        guard let root = self[path[0]] else { return .failure(.unknownName(path[0])) }
        var t = root.type
        for (k, field) in path.enumerated().dropFirst() {
            guard let fields = t.fields else { return .failure(.noFields(path[..<k].joined(separator: "."), t)) }
            guard let f = fields.first(where: { $0.name == field }) else {
                return .failure(.unknownField(path[..<k].joined(separator: "."), field, fields.map(\.name)))
            }
            t = f.type
        }
        return .success(t)
    }

    /// Why a value cannot be set.
    enum SetError: Error {
        case unknownName(String)
        case noFields(String, StateType)
        case unknownField(String, String, [String])
        case unsetParent(String, StateType)
    }

    /// `values` with the value at `path` replaced. Setting a field of an unset size or point
    /// starts from zero; an unset record must be set whole.
    func setting(_ values: [String: ScriptValue], _ path: [String], to value: ScriptValue) -> Result<[String: ScriptValue], SetError> {
        var out = values
        func set(_ current: ScriptValue, _ type: StateType, _ rest: ArraySlice<String>, _ walked: String) -> Result<ScriptValue, SetError> {
            guard let field = rest.first else { return .success(value) }
            var object: [String: ScriptValue]
            switch current {
            case .object(let m): object = m
            default:
                switch type.wrapped {
                case .size: object = ["width": .number(0), "height": .number(0)]
                case .point: object = ["x": .number(0), "y": .number(0)]
                default: return .failure(.unsetParent(walked, type))
                }
            }
            guard let f = type.fields?.first(where: { $0.name == field }) else {
                return .failure(.unknownField(walked, field, type.fields?.map(\.name) ?? []))
            }
            switch set(object[field] ?? .null, f.type, rest.dropFirst(), walked + "." + field) {
            case .success(let v): object[field] = v
            case .failure(let e): return .failure(e)
            }
            return .success(.object(object))
        }
        guard let root = self[path[0]] else { return .failure(.unknownName(path[0])) }
        switch set(values[path[0]] ?? .null, root.type, path.dropFirst(), path[0]) {
        case .success(let v): out[path[0]] = v
        case .failure(let e): return .failure(e)
        }
        return .success(out)
    }

    /// The message for a value that cannot be set, with the scene's state as a hint.
    func message(_ e: SetError) -> (message: String, hint: String) {
        switch e {
        case .unknownName(let name):
            if constants.contains(name) {
                return (
                    "'\(excerpt(name))' is a constant of the scene (under \"vars\"), not state",
                    "declare it under \"state\" to set it; the state: \(stateHint)"
                )
            }
            let close = closeNames(to: name, in: variables.map(\.name))
            return (
                "the scene has no state named '\(excerpt(name))'",
                (close.isEmpty ? "" : "did you mean '\(close[0])'? ") + "the state: \(stateHint)"
            )
        case .noFields(let walked, let type):
            return ("'\(walked)' is a \(type), which has no fields", "set it whole: \(walked)=VALUE (\(type.example))")
        case .unknownField(let walked, let field, let fields):
            let close = closeNames(to: field, in: fields)
            return (
                "'\(walked)' has no field '\(excerpt(field))'",
                close.isEmpty ? "its fields: \(fields.joined(separator: ", "))" : "did you mean '\(close[0])'?"
            )
        case .unsetParent(let walked, let type):
            return ("'\(walked)' is unset, so one field of it cannot be set", "set it whole: \(walked)=VALUE (\(type.example))")
        }
    }

    /// The state as a hint: `drag: size? = unset; phase: inactive|pressing = inactive`.
    var stateHint: String {
        variables.isEmpty ? "none (this scene declares no \"state\")" : listing.split(separator: "\n").joined(separator: "; ")
    }
}

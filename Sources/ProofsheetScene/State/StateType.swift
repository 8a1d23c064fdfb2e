import Foundation
import ProofsheetCore

/// The type of a state variable: what values a default, a still or `--set` may give it.
///
/// Written in a scene file as a string — `"number"`, `"bool"`, `"string"`, `"color"`,
/// `"size"` (`{"width", "height"}`), `"point"` (`{"x", "y"}`), `"any"`, each with a trailing `?`
/// for an optional value (unset, `null`, is a state of its own) — or as an object:
/// `{"enum": ["inactive", "pressing"]}`, `{"array": T}`, `{"record": {"field": T, …}}`, each
/// with `"optional": true` if it may be unset.
public indirect enum StateType: Sendable, Equatable, CustomStringConvertible {
    case number, bool, string, color, size, point, any
    case enumeration([String])
    /// An object with these fields, in order; an optional field may be absent (it is then null).
    case record([Field])
    case array(StateType)
    case optional(StateType)

    /// A field of a record type.
    public struct Field: Sendable, Equatable {
        public var name: String
        public var type: StateType
        public init(_ name: String, _ type: StateType) { self.name = name; self.type = type }
    }

    static let simpleNames: [String: StateType] = [
        "number": .number, "bool": .bool, "string": .string, "color": .color, "size": .size, "point": .point, "any": .any
    ]

    public var description: String {
        switch self {
        case .number: return "number"
        case .bool: return "bool"
        case .string: return "string"
        case .color: return "color"
        case .size: return "size"
        case .point: return "point"
        case .any: return "any"
        case .enumeration(let cases): return cases.joined(separator: "|")
        case .record(let fields): return "{" + fields.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + "}"
        case .array(let t): return "[\(t)]"
        case .optional(let t): return "\(t)?"
        }
    }

    /// The type without its optional mark.
    public var wrapped: StateType { if case .optional(let t) = self { return t.wrapped }; return self }
    public var isOptional: Bool { if case .optional = self { return true }; return false }

    /// The fields of a value of this type, as expressions see it (`$drag.width`).
    var fields: [Field]? {
        switch wrapped {
        case .size: return [Field("width", .number), Field("height", .number)]
        case .point: return [Field("x", .number), Field("y", .number)]
        case .record(let f): return f
        default: return nil
        }
    }

    // MARK: - Reading a type

    /// Reads a type written in a scene file.
    static func parse(_ v: JSONValue) throws -> StateType {
        if case .string(var name) = v.kind {
            var optional = false
            if name.hasSuffix("?") { optional = true; name.removeLast() }
            guard let t = simpleNames[name] else {
                let close = closeNames(to: name, in: simpleNames.keys)
                throw ProofsheetError.badInput(
                    "'\(excerpt(name))' is not a state type", at: v.location,
                    hint: (close.isEmpty ? "" : "did you mean '\(close[0])'? ")
                        + "types: number, bool, string, color, size, point, any (a trailing ? makes one optional), "
                        + "{\"enum\": [...]}, {\"array\": type}, {\"record\": {\"field\": type}}")
            }
            return optional ? .optional(t) : t
        }
        guard case .object(let members) = v.kind else {
            throw ProofsheetError.badInput(
                "expected a type, got \(v.typeName)", at: v.location,
                hint: "\"number\", \"size?\", {\"enum\": [\"a\", \"b\"]}, {\"array\": {\"record\": {\"name\": \"string\"}}}")
        }
        var optional = false
        var type: StateType?
        for (key, value) in members {
            switch key {
            case "optional":
                guard case .bool(let b) = value.kind else { throw ProofsheetError.badInput("'optional' is true or false", at: value.location) }
                optional = b
            case "enum":
                guard case .array(let items) = value.kind, !items.isEmpty else {
                    throw ProofsheetError.badInput(
                        "'enum' lists its cases: an array of strings", at: value.location, hint: "{\"enum\": [\"inactive\", \"pressing\"]}")
                }
                var cases: [String] = []
                for item in items {
                    guard case .string(let s) = item.kind, !s.isEmpty else {
                        throw ProofsheetError.badInput("an enum case is a non-empty string, got \(item.typeName)", at: item.location)
                    }
                    guard !cases.contains(s) else { throw ProofsheetError.badInput("the case '\(excerpt(s))' is listed twice", at: item.location) }
                    cases.append(s)
                }
                type = .enumeration(cases)
            case "array":
                type = .array(try parse(value))
            case "record":
                guard case .object(let fields) = value.kind, !fields.isEmpty else {
                    throw ProofsheetError.badInput(
                        "'record' maps field names to types", at: value.location, hint: "{\"record\": {\"name\": \"string\", \"top\": \"bool?\"}}")
                }
                type = .record(try fields.map { Field($0.key, try parse($0.value)) })
            default:
                let close = closeNames(to: key, in: ["enum", "array", "record", "optional"])
                throw ProofsheetError.badInput(
                    "unknown key '\(excerpt(key))' in a type", at: value.location,
                    hint: close.isEmpty ? "a type object has one of 'enum', 'array', 'record', and 'optional'" : "did you mean '\(close[0])'?")
            }
        }
        guard let type else {
            throw ProofsheetError.badInput("a type object needs 'enum', 'array' or 'record'", at: v.location)
        }
        return optional ? .optional(type) : type
    }

    /// The type a value written without one is given: a number, a boolean, a string, a size
    /// (`{"width", "height"}`), a point (`{"x", "y"}`), a record, or an array of records whose
    /// fields missing from some elements are optional. `null` is an optional value of any type.
    static func inferred(from v: JSONValue) -> StateType {
        switch v.kind {
        case .number: return .number
        case .bool: return .bool
        case .string: return .string
        case .null: return .optional(.any)
        case .object(let members):
            let keys = Set(members.map(\.key))
            let numbers = members.allSatisfy {
                if case .number = $0.value.kind { return true }; return false
            }
            if numbers && keys == ["width", "height"] { return .size }
            if numbers && keys == ["x", "y"] { return .point }
            return .record(members.map { Field($0.key, inferred(from: $0.value)) })
        case .array(let items):
            guard let first = items.first else { return .array(.any) }
            let types = items.map(inferred(from:))
            if types.allSatisfy({ $0 == types[0] }) { return .array(types[0]) }
            // Records with different fields: one record type, fields missing somewhere optional.
            if case .object = first.kind,
                items.allSatisfy({
                    if case .object = $0.kind { return true }; return false
                })
            {
                var order: [String] = []
                var typeOf: [String: StateType] = [:]
                var count: [String: Int] = [:]
                for item in items {
                    guard case .object(let members) = item.kind else { continue }
                    for (key, value) in members {
                        let t = inferred(from: value)
                        if typeOf[key] == nil { order.append(key); typeOf[key] = t } else if typeOf[key] != t { typeOf[key] = .any }
                        count[key, default: 0] += 1
                    }
                }
                return .array(
                    .record(
                        order.map { k in
                            let t = typeOf[k]!
                            return Field(k, count[k] == items.count || t.isOptional ? t : .optional(t))
                        }))
            }
            return .array(.any)
        }
    }

    // MARK: - Checking values

    /// Whether a computed value is of this type (an unknown value is accepted: it is only known
    /// with the state).
    public func accepts(_ v: ScriptValue) -> Bool {
        if case .unknown = v { return true }
        if case .null = v { return isOptional || self == .any }
        switch self {
        case .optional(let t): return t.accepts(v)
        case .any: return true
        case .number: if case .number(let n) = v { return n.isFinite }; return false
        case .bool: if case .bool = v { return true }; return false
        case .string: if case .string = v { return true }; return false
        case .color: if case .string(let s) = v { return Color.parse(s) != nil }; return false
        case .enumeration(let cases): if case .string(let s) = v { return cases.contains(s) }; return false
        case .size, .point, .record:
            guard case .object(let m) = v else { return false }
            let fields = self.fields ?? []
            guard m.keys.allSatisfy({ k in fields.contains { $0.name == k } }) else { return false }
            return fields.allSatisfy { f in m[f.name].map { f.type.accepts($0) } ?? f.type.isOptional }
        case .array(let t):
            guard case .array(let items) = v else { return false }
            return items.allSatisfy { t.accepts($0) }
        }
    }

    /// The value of `v` if it is of this type; a located error saying what is wrong if not.
    func value(of v: JSONValue) throws -> ScriptValue {
        func bad(_ what: String, hint: String? = nil) -> ProofsheetError {
            .badInput("\(what); the type here is \(self)", at: v.location, hint: hint ?? example)
        }
        if case .null = v.kind {
            guard isOptional || self == .any else { throw bad("null is not allowed: the value is not optional") }
            return .null
        }
        switch self {
        case .optional(let t): return try t.value(of: v)
        case .any: return ScriptValue(v)
        case .number:
            guard case .number(let n) = v.kind, n.isFinite else { throw bad("expected a number, got \(v.typeName)") }
            return .number(n)
        case .bool:
            guard case .bool(let b) = v.kind else { throw bad("expected true or false, got \(v.typeName)") }
            return .bool(b)
        case .string:
            guard case .string(let s) = v.kind else { throw bad("expected a string, got \(v.typeName)") }
            return .string(s)
        case .color:
            guard case .string(let s) = v.kind else { throw bad("expected a colour name or #RRGGBB, got \(v.typeName)") }
            try Self.checkColor(s) { message, hint in ProofsheetError.badInput(message, at: v.location, hint: hint) }
            return .string(s)
        case .enumeration(let cases):
            guard case .string(let s) = v.kind, cases.contains(s) else {
                let s: String? = if case .string(let s) = v.kind { s } else { nil }
                throw bad(
                    s.map { "'\(excerpt($0))' is not one of the cases" } ?? "expected one of the cases, got \(v.typeName)",
                    hint: Self.caseHint(s ?? "", cases))
            }
            return .string(s)
        case .size, .point, .record:
            guard case .object(let members) = v.kind else { throw bad("expected an object, got \(v.typeName)") }
            let fields = self.fields ?? []
            var out: [String: ScriptValue] = [:]
            for (key, value) in members {
                guard let f = fields.first(where: { $0.name == key }) else {
                    let close = closeNames(to: key, in: fields.map(\.name))
                    throw ProofsheetError.badInput(
                        "unknown field '\(excerpt(key))'; the type here is \(self)", at: value.location,
                        hint: close.isEmpty ? "its fields: \(fields.map(\.name).joined(separator: ", "))" : "did you mean '\(close[0])'?")
                }
                out[key] = try f.type.value(of: value)
            }
            for f in fields where out[f.name] == nil {
                guard f.type.isOptional else { throw bad("the field '\(f.name)' is missing") }
                out[f.name] = .null
            }
            return .object(out)
        case .array(let element):
            guard case .array(let items) = v.kind else { throw bad("expected an array, got \(v.typeName)") }
            return .array(try items.map { try element.value(of: $0) })
        }
    }

    /// An example of a value of this type, for hints.
    var example: String {
        switch self {
        case .number: return "e.g. 120 or -0.5"
        case .bool: return "true or false"
        case .string: return "e.g. \"Hello\""
        case .color: return "a colour name (`proofsheet colors` lists them), #RGB, #RRGGBB or #RRGGBBAA"
        case .size: return "e.g. {\"width\": 120, \"height\": 0}"
        case .point: return "e.g. {\"x\": 10, \"y\": 20}"
        case .any: return "any JSON value"
        case .enumeration(let cases): return "one of \(listForHint(cases.map { "'\($0)'" }))"
        case .record(let fields): return "an object with the fields \(fields.map(\.name).joined(separator: ", "))"
        case .array(let t): return "an array, each element \(t.example)"
        case .optional(let t): return "\(t.example), or null (unset)"
        }
    }

    static func caseHint(_ s: String, _ cases: [String]) -> String {
        let close = closeNames(to: s, in: cases)
        return close.isEmpty ? "one of \(listForHint(cases.map { "'\($0)'" }))" : "did you mean '\(close[0])'?"
    }

    static func checkColor(_ s: String, _ fail: (String, String) -> ProofsheetError) throws {
        guard Color.parse(s) == nil else { return }
        let close = Color.closeNames(to: s)
        throw fail(
            "'\(excerpt(s))' is not a colour",
            (close.isEmpty ? "" : "did you mean \(listForHint(close.map { "'\($0)'" }))? ")
                + "use a SwiftUI or UIKit colour name (`proofsheet colors` lists them), #RGB, #RRGGBB or #RRGGBBAA")
    }

    // MARK: - Values from the command line

    /// The value written on the command line as `text` (`--set name=text`): a number, `true`,
    /// a case name, `120,0` for a size or a point, a colour, a plain string, `null` to unset
    /// an optional value, or any JSON value (text starting with `{`, `[` or `"`).
    func value(ofText text: String, fail: (String, String) -> ProofsheetError) throws -> ScriptValue {
        if let first = text.first, "{[\"".contains(first) {
            let json: JSONValue
            do { json = try JSONReader.parse(Array(text.utf8), file: nil) } catch let e as ProofsheetError {
                throw fail("the JSON value cannot be read: \(e.message)", example)
            }
            do { return try value(of: json) } catch let e as ProofsheetError { throw fail(e.message, e.hint ?? example) }
        }
        if text == "null" {
            guard isOptional || self == .any else { throw fail("null is not allowed: \(self) is not optional", example) }
            return .null
        }
        switch wrapped {
        case .number:
            guard let n = decimalNumber(text) else { throw fail("'\(excerpt(text))' is not a number", example) }
            return .number(n)
        case .bool:
            guard text == "true" || text == "false" else { throw fail("'\(excerpt(text))' is not true or false", example) }
            return .bool(text == "true")
        case .string, .any:
            return .string(text)
        case .color:
            try Self.checkColor(text, fail)
            return .string(text)
        case .enumeration(let cases):
            guard cases.contains(text) else { throw fail("'\(excerpt(text))' is not one of the cases", Self.caseHint(text, cases)) }
            return .string(text)
        case .size, .point:
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { decimalNumber($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, let a = parts[0], let b = parts[1], a.isFinite, b.isFinite else {
                throw fail(
                    "'\(excerpt(text))' is not a \(wrapped)",
                    wrapped == .size ? "WIDTH,HEIGHT such as 120,0, or {\"width\": 120, \"height\": 0}" : "X,Y such as 10,20")
            }
            let names = wrapped == .size ? ("width", "height") : ("x", "y")
            return .object([names.0: .number(a), names.1: .number(b)])
        case .record, .array:
            throw fail("'\(excerpt(text))' is not a JSON \(wrapped == .array(.any) ? "array" : "value")", example)
        case .optional:
            return .null  // unreachable: `wrapped` has no optional mark
        }
    }
}

import ProofsheetCore

/// A value a scene's expressions work on: variables, `ForEach` items, `GeometryReader` sizes.
public indirect enum ScriptValue: Sendable, Equatable {
    case number(Double)
    case bool(Bool)
    case string(String)
    case array([ScriptValue])
    case object([String: ScriptValue])
    case null
    /// A value not known yet: a scene is validated once with its state unknown, so every
    /// branch and expression is checked whatever the state will be. Operations on it give it
    /// back; only what is wrong whatever the value (syntax, unknown names) is an error.
    case unknown

    /// Converts a JSON value (positions dropped).
    public init(_ json: JSONValue) {
        switch json.kind {
        case .number(let n): self = .number(n)
        case .bool(let b): self = .bool(b)
        case .string(let s): self = .string(s)
        case .null: self = .null
        case .array(let a): self = .array(a.map(ScriptValue.init))
        case .object(let m): self = .object(Dictionary(m.map { ($0.key, ScriptValue($0.value)) }, uniquingKeysWith: { a, _ in a }))
        }
    }

    var truthy: Bool {
        switch self {
        case .bool(let b): return b
        case .number(let n): return n != 0
        case .string(let s): return !s.isEmpty
        case .array(let a): return !a.isEmpty
        case .object: return true
        case .null, .unknown: return false
        }
    }

    /// The value as canonical text: equal values give equal text (object keys sorted), for
    /// comparing a watched value between two states.
    public var canonicalText: String {
        switch self {
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : "\(n)"
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return "\"" + s.unicodeScalars.map { $0 == "\"" || $0 == "\\" ? "\\\($0)" : "\($0)" }.joined() + "\""
        case .null: return "null"
        case .unknown: return "?"
        case .array(let a): return "[" + a.map(\.canonicalText).joined(separator: ",") + "]"
        case .object(let m):
            return "{" + m.keys.sorted().map { ScriptValue.string($0).canonicalText + ":" + m[$0]!.canonicalText }.joined(separator: ",") + "}"
        }
    }

    /// The value as text, for `${…}` interpolation.
    var text: String {
        switch self {
        case .number(let n): return fmt(n)
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return s
        case .null: return ""
        case .array, .object, .unknown: return "…"
        }
    }

    var typeName: String {
        switch self {
        case .number: return "a number"
        case .bool: return "a boolean"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        case .null: return "null"
        case .unknown: return "a value known only with the state"
        }
    }

    /// Whether this is ``unknown``.
    public var isUnknown: Bool { if case .unknown = self { return true }; return false }
}

/// A tiny expression language for scene files: numbers, 'strings', true/false, null,
/// `$name.field`, `+ - * / %`, comparisons, `&& || !`, `a ?? b`, `c ? a : b`, parentheses, and
/// `min(a,b)`, `max(a,b)`, `abs(a)`, `count(a)`, `slice(array, start, end)` and `$array[i]`.
///
/// `c ? a : b`, `&&`, `||` and `??` evaluate only the operand they need; the other is still
/// read (its syntax and names are checked) but its values are not used, so
/// `$drag ? $drag.width : 0` works when `$drag` is unset. A field of an unset (null) value is
/// unset: `$drag.width ?? 0`.
public enum Expression {
    /// Nesting of parentheses and prefix operators, bounded so no input exhausts the stack.
    static let maxDepth = 100

    /// Evaluates `source` with `vars`; the error message says what is wrong (no location).
    public static func evaluate(_ source: String, vars: [String: ScriptValue]) throws(ExpressionError) -> ScriptValue {
        var work = 0
        return try evaluate(source, vars: vars, workLimit: .max, work: &work)
    }

    /// Evaluates `source` with `vars`, adding to `work` the bytes of strings (and elements of
    /// arrays and objects) it compares or joins; past `workLimit` it stops with an error. The
    /// text is read into an ``ExpressionTree`` (its syntax first: an error of syntax is found
    /// before any of value), which is evaluated: the one evaluator of the scene format.
    public static func evaluate(
        _ source: String, vars: [String: ScriptValue], workLimit: Int,
        work: inout Int
    ) throws(ExpressionError) -> ScriptValue {
        try ExpressionTree.parse(source).evaluate(vars: vars, workLimit: workLimit, work: &work)
    }
}

public struct ExpressionError: Error, Sendable {
    public var message: String
    init(_ message: String) { self.message = message }
}

/// A variable's value read along its `.field`s and `[index]`es in order, as both evaluators
/// (``Expression`` and ``ExpressionTree``) read it: what is not known, or not needed, stays
/// unknown; an unset value's fields and elements are unset; an index is a whole number from 0
/// (negative counts from the end).
struct VariableAccess {
    private(set) var value: ScriptValue
    /// What has been read, for messages: `$pages[2].tint`.
    private var walked: String
    /// Whether the value is decided whatever follows (a field of something unknown or unset).
    private var settled = false

    init(_ root: ScriptValue, name: String) { value = root; walked = "$" + name }

    mutating func field(_ field: String, skipping: Bool) throws(ExpressionError) {
        if settled { return }
        if skipping || value.isUnknown { value = .unknown; settled = true; return }
        if value == .null { settled = true; return }
        guard case .object(let m) = value else {
            throw ExpressionError("'\(excerpt(walked))' is \(value.typeName), which has no field '\(excerpt(field))'")
        }
        guard let next = m[field] else {
            let close = closeNames(to: field, in: m.keys)
            throw ExpressionError(
                "'\(excerpt(walked))' has no field '\(excerpt(field))'"
                    + (close.isEmpty ? "; its fields: \(namesForHint(Array(m.keys)))" : "; did you mean '\(close[0])'?"))
        }
        walked += "." + field
        value = next
    }

    mutating func index(_ index: ScriptValue, skipping: Bool) throws(ExpressionError) {
        if settled { return }
        if skipping || value.isUnknown || index.isUnknown { value = .unknown; return }
        if value == .null { return }
        guard case .array(let items) = value else { throw ExpressionError("'\(excerpt(walked))' is \(value.typeName), not an array to index") }
        guard case .number(let n) = index, n == n.rounded(), abs(n) < 1e9 else { throw ExpressionError("an index is a whole number") }
        let k = n < 0 ? items.count + Int(n) : Int(n)
        guard items.indices.contains(k) else {
            throw ExpressionError("index \(Int(n)) is outside '\(excerpt(walked))' (\(items.count) elements)")
        }
        value = items[k]
        walked += "[\(Int(n))]"
    }
}

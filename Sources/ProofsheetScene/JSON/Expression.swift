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
public struct Expression {
    private let chars: [Character]
    private var i = 0
    private let vars: [String: ScriptValue]
    /// Nesting of parentheses and prefix operators, bounded so no input exhausts the stack.
    private var depth = 0
    static let maxDepth = 100
    /// Bytes of strings (and elements of arrays and objects) compared or joined so far, and how
    /// many are allowed: `$a == $b` on two long variables is as costly as reading them.
    private var work = 0
    private let workLimit: Int
    /// Above zero while reading an operand whose value is not needed: names are checked, values
    /// are ``ScriptValue/unknown`` and nothing is an error for its value.
    private var skip = 0

    /// Evaluates `source` with `vars`; the error message says what is wrong (no location).
    public static func evaluate(_ source: String, vars: [String: ScriptValue]) throws(ExpressionError) -> ScriptValue {
        var work = 0
        return try evaluate(source, vars: vars, workLimit: .max, work: &work)
    }

    /// Evaluates `source` with `vars`, adding to `work` the bytes of strings (and elements of
    /// arrays and objects) it compares or joins; past `workLimit` it stops with an error.
    public static func evaluate(
        _ source: String, vars: [String: ScriptValue], workLimit: Int,
        work: inout Int
    ) throws(ExpressionError) -> ScriptValue {
        var e = Expression(chars: Array(source), vars: vars, workLimit: workLimit)
        defer { work += e.work }
        let v = try e.ternary()
        e.space()
        if e.i < e.chars.count { throw ExpressionError("unexpected '\(excerpt(String(e.chars[e.i])))' at position \(e.i + 1)") }
        return v
    }

    private init(chars: [Character], vars: [String: ScriptValue], workLimit: Int) {
        self.chars = chars; self.vars = vars; self.workLimit = workLimit
    }

    private mutating func charge(_ n: Int) throws(ExpressionError) {
        work += n
        guard work <= workLimit else {
            throw ExpressionError("it compares or joins more bytes of strings than the scene may read (--limit scene-strings=N)")
        }
    }

    /// `a == b`, charging what it compares.
    private mutating func equal(_ a: ScriptValue, _ b: ScriptValue) throws(ExpressionError) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)):
            try charge(min(x.utf8.count, y.utf8.count))
            return x == y
        case (.array(let x), .array(let y)):
            guard x.count == y.count else { return false }
            for (p, q) in zip(x, y) {
                try charge(1)
                guard try equal(p, q) else { return false }
            }
            return true
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            for (k, p) in x {
                try charge(1 + k.utf8.count)
                guard let q = y[k], try equal(p, q) else { return false }
            }
            return true
        default:
            return a == b  // numbers, booleans, null, or two different kinds
        }
    }

    private mutating func space() { while i < chars.count, chars[i] == " " { i += 1 } }
    /// Reads the operator `s` (ASCII) if it comes next; compared in place, without a copy of
    /// either side (this runs for every operator tried at every step).
    private mutating func eat(_ s: StaticString) -> Bool {
        space()
        var j = i
        for k in 0..<s.utf8CodeUnitCount {
            guard j < chars.count, chars[j].asciiValue == s.utf8Start[k] else { return false }
            j += 1
        }
        i = j
        return true
    }

    private mutating func ternary() throws(ExpressionError) -> ScriptValue {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw ExpressionError("nested more than \(Self.maxDepth) levels deep") }
        let c = try nullish()
        guard eat("?") else { return c }
        // The branch not taken is read but not used (nil: the condition is unknown, both count).
        let takeFirst: Bool? = skip > 0 || c.isUnknown ? nil : c.truthy
        let a = try skipping(takeFirst == false) { (e: inout Expression) throws(ExpressionError) in try e.ternary() }
        guard eat(":") else { throw ExpressionError("'?' needs a ':' part") }
        let b = try skipping(takeFirst == true) { (e: inout Expression) throws(ExpressionError) in try e.ternary() }
        if skip > 0 { return .unknown }
        if let takeFirst { return takeFirst ? a : b }
        return a == b ? a : .unknown
    }

    /// Runs `read` with values ignored when `skipped`.
    private mutating func skipping(
        _ skipped: Bool, _ read: (inout Expression) throws(ExpressionError) -> ScriptValue
    ) throws(ExpressionError) -> ScriptValue {
        if skipped { skip += 1 }
        defer { if skipped { skip -= 1 } }
        return try read(&self)
    }

    /// `a ?? b`: `a` unless it is unset (null).
    private mutating func nullish() throws(ExpressionError) -> ScriptValue {
        var l = try or()
        while eat("??") {
            let set = skip == 0 && !l.isUnknown && l != .null
            let r = try skipping(set) { (e: inout Expression) throws(ExpressionError) in try e.or() }
            l = skip > 0 || l.isUnknown ? .unknown : set ? l : r
        }
        return l
    }

    private mutating func or() throws(ExpressionError) -> ScriptValue {
        var l = try and()
        while eat("||") {
            let decided = skip == 0 && !l.isUnknown && l.truthy
            let r = try skipping(decided) { (e: inout Expression) throws(ExpressionError) in try e.and() }
            if skip > 0 {
                l = .unknown
            } else if decided {
                l = .bool(true)
            } else if l.isUnknown || r.isUnknown {
                l = r.truthy ? .bool(true) : .unknown
            } else {
                l = .bool(r.truthy)
            }
        }
        return l
    }
    private mutating func and() throws(ExpressionError) -> ScriptValue {
        var l = try comparison()
        while eat("&&") {
            let decided = skip == 0 && !l.isUnknown && !l.truthy
            let r = try skipping(decided) { (e: inout Expression) throws(ExpressionError) in try e.comparison() }
            if skip > 0 {
                l = .unknown
            } else if decided {
                l = .bool(false)
            } else if l.isUnknown || r.isUnknown {
                l = !r.isUnknown && !r.truthy ? .bool(false) : .unknown
            } else {
                l = .bool(r.truthy)
            }
        }
        return l
    }
    private mutating func comparison() throws(ExpressionError) -> ScriptValue {
        let l = try sum()
        let operators: [(StaticString, String)] = [("==", "=="), ("!=", "!="), ("<=", "<="), (">=", ">="), ("<", "<"), (">", ">")]
        for (spelling, op) in operators where eat(spelling) {
            let r = try sum()
            if skip > 0 || l.isUnknown || r.isUnknown { return .unknown }
            switch op {
            case "==": return .bool(try equal(l, r))
            case "!=": return .bool(!(try equal(l, r)))
            default:
                let a = try num(l), b = try num(r)
                switch op {
                case "<=": return .bool(a <= b)
                case ">=": return .bool(a >= b)
                case "<": return .bool(a < b)
                default: return .bool(a > b)
                }
            }
        }
        return l
    }
    private mutating func sum() throws(ExpressionError) -> ScriptValue {
        var l = try product()
        // While `l` is a string being joined: its length in characters, so the `text-length`
        // limit is checked piece by piece, not by counting the whole string again each time.
        var length: Int? = nil
        while true {
            if eat("+") {
                let r = try product()
                if skip > 0 || l.isUnknown || r.isUnknown {
                    l = .unknown
                } else if case .string(var a) = l {
                    let cap = Scene.Limits.textLength.int
                    let piece = r.text
                    try charge((length == nil ? min(a.utf8.count, cap) : 0) + piece.utf8.count)
                    let total = (length ?? Scene.Limits.characterCount(a, upTo: cap)) + Scene.Limits.characterCount(piece, upTo: cap)
                    guard total <= cap else { throw ExpressionError("the joined string is longer than \(cap) characters (--limit text-length=N)") }
                    l = .null  // `a` is now the only reference: it grows in place, without a copy
                    a += piece
                    l = .string(a)
                    length = total
                } else {
                    l = .number(try num(l) + num(r))
                }
            } else if eat("-") {
                let r = try product(); l = try arith(l, r) { $0 - $1 }
            } else {
                return l
            }
        }
    }
    private mutating func product() throws(ExpressionError) -> ScriptValue {
        var l = try unary()
        while true {
            if eat("*") {
                let r = try unary(); l = try arith(l, r) { $0 * $1 }
            } else if eat("/") {
                let r = try unary()
                l = try arith(l, r) { (a, d) throws(ExpressionError) in
                    guard d != 0 else { throw ExpressionError("division by zero") }
                    return a / d
                }
            } else if eat("%") {
                let r = try unary()
                l = try arith(l, r) { (a, d) throws(ExpressionError) in
                    guard d != 0 else { throw ExpressionError("division by zero") }
                    return a.truncatingRemainder(dividingBy: d)
                }
            } else {
                return l
            }
        }
    }
    private mutating func unary() throws(ExpressionError) -> ScriptValue {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw ExpressionError("nested more than \(Self.maxDepth) levels deep") }
        if eat("!") {
            let v = try unary()
            return skip > 0 || v.isUnknown ? .unknown : .bool(!v.truthy)
        }
        if eat("-") { return try arith(.number(0), try unary()) { $0 - $1 } }
        return try primary()
    }
    private mutating func primary() throws(ExpressionError) -> ScriptValue {
        space()
        guard i < chars.count else { throw ExpressionError("expression ends too early") }
        let c = chars[i]
        if eat("(") {
            let v = try ternary()
            guard eat(")") else { throw ExpressionError("missing ')'") }
            return v
        }
        if c == "'" {
            i += 1
            var s = ""
            while i < chars.count, chars[i] != "'" { s.append(chars[i]); i += 1 }
            guard i < chars.count else { throw ExpressionError("unterminated 'string'") }
            i += 1
            return .string(s)
        }
        if c.isNumber || c == "." {
            var s = ""
            while i < chars.count, chars[i].isNumber || chars[i] == "." { s.append(chars[i]); i += 1 }
            guard let v = Double(s) else { throw ExpressionError("bad number '\(excerpt(s))'") }
            return .number(v)
        }
        if c == "$" {
            i += 1
            let name = ident()
            guard let root = vars[name] else {
                let close = closeNames(to: name, in: vars.keys)
                throw ExpressionError(
                    "unknown variable '$\(excerpt(name))'" + (close.isEmpty ? "" : "; did you mean \(listForHint(close.map { "'$\($0)'" }))?"))
            }
            // The fields and indices in order, each read as it is met.
            var access = VariableAccess(root, name: name)
            while i < chars.count, chars[i] == "." || chars[i] == "[" {
                if chars[i] == "." {
                    i += 1
                    try access.field(ident(), skipping: skip > 0)
                } else {
                    i += 1
                    let index = try or()
                    guard eat("]") else { throw ExpressionError("missing ']'") }
                    try access.index(index, skipping: skip > 0)
                }
            }
            return access.value
        }
        let word = ident()
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        case "slice":
            guard eat("(") else { throw ExpressionError("slice needs '('") }
            let a = try or()
            guard eat(",") else { throw ExpressionError("slice takes an array, a start and an end") }
            let from = try or()
            guard eat(",") else { throw ExpressionError("slice takes an array, a start and an end") }
            let to = try or()
            guard eat(")") else { throw ExpressionError("missing ')'") }
            if skip > 0 || a.isUnknown || from.isUnknown || to.isUnknown { return .unknown }
            guard case .array(let items) = a else { throw ExpressionError("slice of \(a.typeName), not an array") }
            guard case .number(let f) = from, case .number(let e) = to, f == f.rounded(), e == e.rounded() else {
                throw ExpressionError("slice's start and end are whole numbers")
            }
            // Clamped to the array, so slice($a, 0, 3) is the first three or fewer.
            let lo = Int(min(max(f, 0), Double(items.count))), hi = Int(min(max(e, 0), Double(items.count)))
            return .array(lo < hi ? Array(items[lo..<hi]) : [])
        case "count":
            guard eat("(") else { throw ExpressionError("count needs '('") }
            let a = try or()
            guard eat(")") else { throw ExpressionError("missing ')'") }
            if skip > 0 || a.isUnknown { return .unknown }
            switch a {
            case .array(let items): return .number(Double(items.count))
            case .string(let s): return .number(Double(s.count))
            case .object(let m): return .number(Double(m.count))
            case .null: return .number(0)
            default: throw ExpressionError("count of \(a.typeName)")
            }
        case "min", "max", "abs":
            guard eat("(") else { throw ExpressionError("\(word) needs '('") }
            let a = try or()
            if word == "abs" {
                guard eat(")") else { throw ExpressionError("missing ')'") }
                return try arith(a, .number(0)) { x, _ in Swift.abs(x) }
            }
            guard eat(",") else { throw ExpressionError("\(word) takes two arguments") }
            let b = try or()
            guard eat(")") else { throw ExpressionError("missing ')'") }
            return try arith(a, b) { word == "min" ? Swift.min($0, $1) : Swift.max($0, $1) }
        case "number", "percent", "currency", "date":
            let kind = LocaleFormat.Kind(rawValue: word)!
            guard eat("(") else { throw ExpressionError("\(word) needs '('") }
            let a = try or()
            var b: ScriptValue? = nil
            if eat(",") { b = try or() }
            guard eat(")") else { throw ExpressionError(kind.argumentOptional ? "missing ')'" : "\(word) takes two arguments") }
            if skip > 0 || a.isUnknown || b?.isUnknown == true || vars["env"]?.isUnknown == true { return .unknown }
            return try LocaleFormat.text(kind, a, b, env: vars["env"])
        case "": throw ExpressionError("unexpected '\(excerpt(String(c)))' at position \(i + 1)")
        default: throw ExpressionError("unknown word '\(excerpt(word))' (variables start with $)")
        }
    }

    private mutating func ident() -> String {
        var s = ""
        while i < chars.count, chars[i].isLetter || chars[i].isNumber || chars[i] == "_" { s.append(chars[i]); i += 1 }
        return s
    }
    /// `f` of two numbers; unknown when either is unknown or the value is not needed.
    private func arith(
        _ l: ScriptValue, _ r: ScriptValue, _ f: (Double, Double) throws(ExpressionError) -> Double
    ) throws(ExpressionError) -> ScriptValue {
        if skip > 0 || l.isUnknown || r.isUnknown { return .unknown }
        return .number(try f(try num(l), try num(r)))
    }
    private func num(_ v: ScriptValue) throws(ExpressionError) -> Double {
        guard case .number(let n) = v else { throw ExpressionError("expected a number, got \(v.typeName)") }
        return n
    }
}

/// Why an expression could not be evaluated.
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

import ProofsheetCore

/// An expression read once into a tree, to be evaluated against values as often as needed: a
/// template reads each expression of its file when it is loaded, and each state evaluates the
/// trees (see ``SceneTemplate``), never the text again.
///
/// A tree evaluates as ``Expression`` evaluates its text, step for step: the same operands read
/// in the same order (those not needed read with their values ignored), the same bytes charged
/// to the work limit, the same message for what is wrong. Only text that reads whole makes a
/// tree; for text with a syntax error, ``Expression`` itself says what is wrong (and, as it reads
/// and evaluates in one pass, whether an error of a value comes first).
public struct ExpressionTree: Sendable {
    let root: Node

    /// What follows a variable's name: a field, or an index.
    indirect enum Step: Sendable {
        case field(String)
        case index(Node)
    }

    indirect enum Node: Sendable {
        case literal(ScriptValue)
        /// `$name` and what follows it in order: `.field`s and `[index]`es (`$pages[2].tint`).
        case variable(name: String, steps: [Step])
        case ternary(Node, Node, Node)
        case nullish(Node, Node)
        case or(Node, Node)
        case and(Node, Node)
        case comparison(Comparison, Node, Node)
        /// `a + b - c …`: a chain, as joined strings are counted along it.
        case sum(Node, [(plus: Bool, operand: Node)])
        case product(Node, [(op: Product, operand: Node)])
        case not(Node)
        case negate(Node)
        case slice(Node, Node, Node)
        case count(Node)
        case minimum(Node, Node)
        case maximum(Node, Node)
        case absolute(Node)
        /// `number(…)`, `percent(…)`, `currency(…)`, `date(…)` (``LocaleFormat``).
        case format(LocaleFormat.Kind, Node, Node?)
    }

    enum Comparison: Sendable { case equal, notEqual, lessOrEqual, greaterOrEqual, less, greater }
    enum Product: Sendable { case times, divide, remainder }

    /// The tree of `source`, or nil when it does not read whole.
    public init?(parsing source: String) {
        guard let tree = try? Self.parse(source) else { return nil }
        self = tree
    }

    /// The tree of `source`; the error says what is wrong and where (no file location).
    public static func parse(_ source: String) throws(ExpressionError) -> ExpressionTree {
        var p = Parser(chars: Array(source))
        let root = try p.ternary()
        p.space()
        if p.i < p.chars.count { throw ExpressionError("unexpected '\(excerpt(String(p.chars[p.i])))' at position \(p.i + 1)") }
        return ExpressionTree(root: root)
    }

    private init(root: Node) { self.root = root }

    /// Evaluates the tree with `vars`, adding to `work` the bytes of strings (and elements of
    /// arrays and objects) it compares or joins; past `workLimit` it stops with an error.
    public func evaluate(vars: [String: ScriptValue], workLimit: Int, work: inout Int) throws(ExpressionError) -> ScriptValue {
        var e = Evaluator(vars: vars, workLimit: workLimit)
        defer { work += e.work }
        return try e.value(root)
    }

    /// Reads the text of an expression into nodes: the grammar the README gives, nesting
    /// bounded by ``Expression/maxDepth``.
    private struct Parser {
        let chars: [Character]
        var i = 0
        var depth = 0

        mutating func space() { while i < chars.count, chars[i] == " " { i += 1 } }
        mutating func eat(_ s: StaticString) -> Bool {
            space()
            var j = i
            for k in 0..<s.utf8CodeUnitCount {
                guard j < chars.count, chars[j].asciiValue == s.utf8Start[k] else { return false }
                j += 1
            }
            i = j
            return true
        }
        mutating func ternary() throws(ExpressionError) -> Node {
            depth += 1
            defer { depth -= 1 }
            guard depth <= Expression.maxDepth else { throw ExpressionError("nested more than \(Expression.maxDepth) levels deep") }
            let c = try nullish()
            guard eat("?") else { return c }
            let a = try ternary()
            guard eat(":") else { throw ExpressionError("'?' needs a ':' part") }
            return .ternary(c, a, try ternary())
        }
        mutating func nullish() throws(ExpressionError) -> Node {
            var l = try or()
            while eat("??") { l = .nullish(l, try or()) }
            return l
        }
        mutating func or() throws(ExpressionError) -> Node {
            var l = try and()
            while eat("||") { l = .or(l, try and()) }
            return l
        }
        mutating func and() throws(ExpressionError) -> Node {
            var l = try comparison()
            while eat("&&") { l = .and(l, try comparison()) }
            return l
        }
        mutating func comparison() throws(ExpressionError) -> Node {
            let l = try sum()
            let operators: [(StaticString, Comparison)] = [
                ("==", .equal), ("!=", .notEqual), ("<=", .lessOrEqual), (">=", .greaterOrEqual), ("<", .less), (">", .greater)
            ]
            for (spelling, op) in operators where eat(spelling) { return .comparison(op, l, try sum()) }
            return l
        }
        mutating func sum() throws(ExpressionError) -> Node {
            let l = try product()
            var rest: [(plus: Bool, operand: Node)] = []
            while true {
                if eat("+") {
                    rest.append((true, try product()))
                } else if eat("-") {
                    rest.append((false, try product()))
                } else {
                    return rest.isEmpty ? l : .sum(l, rest)
                }
            }
        }
        mutating func product() throws(ExpressionError) -> Node {
            let l = try unary()
            var rest: [(op: Product, operand: Node)] = []
            while true {
                if eat("*") {
                    rest.append((.times, try unary()))
                } else if eat("/") {
                    rest.append((.divide, try unary()))
                } else if eat("%") {
                    rest.append((.remainder, try unary()))
                } else {
                    return rest.isEmpty ? l : .product(l, rest)
                }
            }
        }
        mutating func unary() throws(ExpressionError) -> Node {
            depth += 1
            defer { depth -= 1 }
            guard depth <= Expression.maxDepth else { throw ExpressionError("nested more than \(Expression.maxDepth) levels deep") }
            if eat("!") { return .not(try unary()) }
            if eat("-") { return .negate(try unary()) }
            return try primary()
        }
        mutating func primary() throws(ExpressionError) -> Node {
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
                return .literal(.string(s))
            }
            if c.isNumber || c == "." {
                var s = ""
                while i < chars.count, chars[i].isNumber || chars[i] == "." { s.append(chars[i]); i += 1 }
                guard let v = Double(s) else { throw ExpressionError("bad number '\(excerpt(s))'") }
                return .literal(.number(v))
            }
            if c == "$" {
                i += 1
                let name = ident()
                var steps: [Step] = []
                while i < chars.count, chars[i] == "." || chars[i] == "[" {
                    if chars[i] == "." {
                        i += 1
                        steps.append(.field(ident()))
                    } else {
                        i += 1
                        steps.append(.index(try or()))
                        guard eat("]") else { throw ExpressionError("missing ']'") }
                    }
                }
                return .variable(name: name, steps: steps)
            }
            let word = ident()
            switch word {
            case "true": return .literal(.bool(true))
            case "false": return .literal(.bool(false))
            case "null": return .literal(.null)
            case "slice":
                guard eat("(") else { throw ExpressionError("slice needs '('") }
                let a = try or()
                guard eat(",") else { throw ExpressionError("slice takes an array, a start and an end") }
                let from = try or()
                guard eat(",") else { throw ExpressionError("slice takes an array, a start and an end") }
                let to = try or()
                guard eat(")") else { throw ExpressionError("missing ')'") }
                return .slice(a, from, to)
            case "count":
                guard eat("(") else { throw ExpressionError("count needs '('") }
                let a = try or()
                guard eat(")") else { throw ExpressionError("missing ')'") }
                return .count(a)
            case "min", "max", "abs":
                guard eat("(") else { throw ExpressionError("\(word) needs '('") }
                let a = try or()
                if word == "abs" {
                    guard eat(")") else { throw ExpressionError("missing ')'") }
                    return .absolute(a)
                }
                guard eat(",") else { throw ExpressionError("\(word) takes two arguments") }
                let b = try or()
                guard eat(")") else { throw ExpressionError("missing ')'") }
                return word == "min" ? .minimum(a, b) : .maximum(a, b)
            case "number", "percent", "currency", "date":
                let kind = LocaleFormat.Kind(rawValue: word)!
                guard eat("(") else { throw ExpressionError("\(word) needs '('") }
                let a = try or()
                let b = eat(",") ? try or() : nil
                guard eat(")") else { throw ExpressionError(kind.argumentOptional ? "missing ')'" : "\(word) takes two arguments") }
                return .format(kind, a, b)
            case "": throw ExpressionError("unexpected '\(excerpt(String(c)))' at position \(i + 1)")
            default: throw ExpressionError("unknown word '\(excerpt(word))' (variables start with $)")
            }
        }
        mutating func ident() -> String {
            var s = ""
            while i < chars.count, chars[i].isLetter || chars[i].isNumber || chars[i] == "_" { s.append(chars[i]); i += 1 }
            return s
        }
    }

    /// Evaluates nodes: values, short-circuits (the untaken side is walked for its names, not
    /// its values), and the work of comparing and joining strings.
    private struct Evaluator {
        let vars: [String: ScriptValue]
        let workLimit: Int
        var work = 0
        /// Above zero while evaluating an operand whose value is not needed.
        var skip = 0

        init(vars: [String: ScriptValue], workLimit: Int) { self.vars = vars; self.workLimit = workLimit }

        mutating func charge(_ n: Int) throws(ExpressionError) {
            work += n
            guard work <= workLimit else {
                throw ExpressionError("it compares or joins more bytes of strings than the scene may read (--limit scene-strings=N)")
            }
        }

        mutating func equal(_ a: ScriptValue, _ b: ScriptValue) throws(ExpressionError) -> Bool {
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
                // Members in the order of their names: the same work (and the same error past the
                // limit) in every process, whatever order the dictionary keeps.
                for k in x.keys.sorted() {
                    try charge(1 + k.utf8.count)
                    guard let q = y[k], try equal(x[k]!, q) else { return false }
                }
                return true
            default:
                return a == b
            }
        }

        mutating func skipping(_ skipped: Bool, _ node: Node) throws(ExpressionError) -> ScriptValue {
            if skipped { skip += 1 }
            defer { if skipped { skip -= 1 } }
            return try value(node)
        }

        mutating func value(_ node: Node) throws(ExpressionError) -> ScriptValue {
            switch node {
            case .literal(let v):
                return v
            case .variable(let name, let steps):
                return try variable(name, steps)
            case .ternary(let cn, let an, let bn):
                let c = try value(cn)
                let takeFirst: Bool? = skip > 0 || c.isUnknown ? nil : c.truthy
                let a = try skipping(takeFirst == false, an)
                let b = try skipping(takeFirst == true, bn)
                if skip > 0 { return .unknown }
                if let takeFirst { return takeFirst ? a : b }
                return a == b ? a : .unknown
            case .nullish(let ln, let rn):
                let l = try value(ln)
                let set = skip == 0 && !l.isUnknown && l != .null
                let r = try skipping(set, rn)
                return skip > 0 || l.isUnknown ? .unknown : set ? l : r
            case .or(let ln, let rn):
                let l = try value(ln)
                let decided = skip == 0 && !l.isUnknown && l.truthy
                let r = try skipping(decided, rn)
                if skip > 0 { return .unknown }
                if decided { return .bool(true) }
                if l.isUnknown || r.isUnknown { return r.truthy ? .bool(true) : .unknown }
                return .bool(r.truthy)
            case .and(let ln, let rn):
                let l = try value(ln)
                let decided = skip == 0 && !l.isUnknown && !l.truthy
                let r = try skipping(decided, rn)
                if skip > 0 { return .unknown }
                if decided { return .bool(false) }
                if l.isUnknown || r.isUnknown { return !r.isUnknown && !r.truthy ? .bool(false) : .unknown }
                return .bool(r.truthy)
            case .comparison(let op, let ln, let rn):
                let l = try value(ln)
                let r = try value(rn)
                if skip > 0 || l.isUnknown || r.isUnknown { return .unknown }
                switch op {
                case .equal: return .bool(try equal(l, r))
                case .notEqual: return .bool(!(try equal(l, r)))
                default:
                    let a = try num(l), b = try num(r)
                    switch op {
                    case .lessOrEqual: return .bool(a <= b)
                    case .greaterOrEqual: return .bool(a >= b)
                    case .less: return .bool(a < b)
                    default: return .bool(a > b)
                    }
                }
            case .sum(let first, let rest):
                return try sum(first, rest)
            case .product(let first, let rest):
                var l = try value(first)
                for (op, operand) in rest {
                    let r = try value(operand)
                    switch op {
                    case .times: l = try arith(l, r) { $0 * $1 }
                    case .divide:
                        l = try arith(l, r) { (a, d) throws(ExpressionError) in
                            guard d != 0 else { throw ExpressionError("division by zero") }
                            return a / d
                        }
                    case .remainder:
                        l = try arith(l, r) { (a, d) throws(ExpressionError) in
                            guard d != 0 else { throw ExpressionError("division by zero") }
                            return a.truncatingRemainder(dividingBy: d)
                        }
                    }
                }
                return l
            case .not(let operand):
                let v = try value(operand)
                return skip > 0 || v.isUnknown ? .unknown : .bool(!v.truthy)
            case .negate(let operand):
                return try arith(.number(0), try value(operand)) { $0 - $1 }
            case .slice(let an, let fn, let tn):
                let a = try value(an), from = try value(fn), to = try value(tn)
                if skip > 0 || a.isUnknown || from.isUnknown || to.isUnknown { return .unknown }
                guard case .array(let items) = a else { throw ExpressionError("slice of \(a.typeName), not an array") }
                guard case .number(let f) = from, case .number(let e) = to, f == f.rounded(), e == e.rounded() else {
                    throw ExpressionError("slice's start and end are whole numbers")
                }
                let lo = Int(min(max(f, 0), Double(items.count))), hi = Int(min(max(e, 0), Double(items.count)))
                return .array(lo < hi ? Array(items[lo..<hi]) : [])
            case .count(let an):
                let a = try value(an)
                if skip > 0 || a.isUnknown { return .unknown }
                switch a {
                case .array(let items): return .number(Double(items.count))
                case .string(let s): return .number(Double(s.count))
                case .object(let m): return .number(Double(m.count))
                case .null: return .number(0)
                default: throw ExpressionError("count of \(a.typeName)")
                }
            case .minimum(let an, let bn):
                let a = try value(an), b = try value(bn)
                return try arith(a, b) { Swift.min($0, $1) }
            case .maximum(let an, let bn):
                let a = try value(an), b = try value(bn)
                return try arith(a, b) { Swift.max($0, $1) }
            case .absolute(let an):
                return try arith(try value(an), .number(0)) { x, _ in Swift.abs(x) }
            case .format(let kind, let an, let bn):
                let a = try value(an)
                let b = try bn.map { (n: Node) throws(ExpressionError) in try value(n) }
                if skip > 0 || a.isUnknown || b?.isUnknown == true || vars["env"]?.isUnknown == true { return .unknown }
                return try LocaleFormat.text(kind, a, b, env: vars["env"])
            }
        }

        mutating func sum(_ first: Node, _ rest: [(plus: Bool, operand: Node)]) throws(ExpressionError) -> ScriptValue {
            var l = try value(first)
            // While `l` is a string being joined: its length in characters (see ``Expression``).
            var length: Int? = nil
            for (plus, operand) in rest {
                let r = try value(operand)
                guard plus else { l = try arith(l, r) { $0 - $1 }; continue }
                if skip > 0 || l.isUnknown || r.isUnknown {
                    l = .unknown
                } else if case .string(var a) = l {
                    let cap = Scene.Limits.textLength.int
                    let piece = r.text
                    try charge((length == nil ? min(a.utf8.count, cap) : 0) + piece.utf8.count)
                    let total = (length ?? Scene.Limits.characterCount(a, upTo: cap)) + Scene.Limits.characterCount(piece, upTo: cap)
                    guard total <= cap else { throw ExpressionError("the joined string is longer than \(cap) characters (--limit text-length=N)") }
                    l = .null
                    a += piece
                    l = .string(a)
                    length = total
                } else {
                    l = .number(try num(l) + num(r))
                }
            }
            return l
        }

        mutating func variable(_ name: String, _ steps: [Step]) throws(ExpressionError) -> ScriptValue {
            guard let root = vars[name] else {
                let close = closeNames(to: name, in: vars.keys)
                throw ExpressionError(
                    "unknown variable '$\(excerpt(name))'" + (close.isEmpty ? "" : "; did you mean \(listForHint(close.map { "'$\($0)'" }))?"))
            }
            var access = VariableAccess(root, name: name)
            for step in steps {
                switch step {
                case .field(let f): try access.field(f, skipping: skip > 0)
                case .index(let n): try access.index(try value(n), skipping: skip > 0)
                }
            }
            return access.value
        }

        func arith(
            _ l: ScriptValue, _ r: ScriptValue, _ f: (Double, Double) throws(ExpressionError) -> Double
        ) throws(ExpressionError) -> ScriptValue {
            if skip > 0 || l.isUnknown || r.isUnknown { return .unknown }
            return .number(try f(try num(l), try num(r)))
        }
        func num(_ v: ScriptValue) throws(ExpressionError) -> Double {
            guard case .number(let n) = v else { throw ExpressionError("expected a number, got \(v.typeName)") }
            return n
        }
    }
}

import ProofsheetCore
import ProofsheetMotion
import Synchronization

/// Expressions and interpolation: a string's value (`"=…"`, `"$name"`, `"${…}"`), evaluated
/// in the scope of the context, with the messages that say where a state value came from.
extension Context {
    /// The value of a JSON value: an expression string `"= …"` or `"$var"` is evaluated;
    /// other strings are interpolated (`"${…}"`).
    func value(_ v: JSONValue) throws -> ScriptValue {
        if case .string(let s) = v.kind {
            try takeStringBytes(s.utf8.count, at: v)
            if Self.reference(s) != nil { return try evaluate(s, at: v) }
            if s.hasPrefix("=") { return try evaluate(String(s.dropFirst()), at: v) }
            // `\=` and `\$` begin a text that starts with `=` or `$`; `\\` one that starts with `\`.
            if s.hasPrefix("\\"), let next = s.dropFirst().first, next == "=" || next == "$" || next == "\\" {
                return .string(try interpolate(String(s.dropFirst()), at: v))
            }
            return .string(try interpolate(s, at: v))
        }
        return ScriptValue(v)
    }

    /// Takes the bytes of a string read from the budget: reading a string (an expression, an
    /// interpolation) costs its length, and a ForEach reads its content's strings once per item,
    /// so they are bounded per scene.
    func takeStringBytes(_ n: Int, at v: JSONValue) throws {
        guard budget.takeStringBytes(n) else {
            throw ProofsheetError.badInput(
                "the scene reads more than \(Scene.Limits.stringBytes.int) bytes of strings and expressions", at: v.location,
                hint:
                    "a ForEach reads its content's strings once per item: use smaller counts or shorter strings, or raise the limit with --limit scene-strings=N"
            )
        }
    }

    /// The variable a `"$name.field"` or `"$pages[2].tint"` string reads (`name`), or nil if it
    /// is not one: a name, then fields (`.field`) and whole-number indices (`[2]`, `[-1]`).
    static func reference(_ s: String) -> Substring? {
        let body = s.dropFirst()
        guard s.hasPrefix("$"), let first = body.first, first.isLetter || first == "_" else { return nil }
        var inIndex = false, indexDigits = 0
        for c in body {
            if inIndex {
                if c == "]" {
                    guard indexDigits > 0 else { return nil }
                    inIndex = false
                } else if c.isASCII, c.isNumber {
                    indexDigits += 1
                } else if c == "-", indexDigits == 0 {
                    continue
                } else {
                    return nil
                }
            } else if c == "[" {
                inIndex = true; indexDigits = 0
            } else if !(c.isLetter || c.isNumber || c == "_" || c == ".") {
                return nil
            }
        }
        guard !inIndex else { return nil }
        return body.prefix { $0 != "." && $0 != "[" }
    }

    /// The value of `v`, or nil when it is not known yet (while a template is validated).
    func known(_ v: JSONValue) throws -> ScriptValue? {
        let x = try value(v)
        return x.isUnknown ? nil : x
    }

    /// A bad-input error at a use of a value; when the value is read from the state, the
    /// message also says where that value was written (its default, a still or `--set`).
    func badValue(_ message: String, _ v: JSONValue, hint: String? = nil) -> ProofsheetError {
        .badInput(message + originNote(v), at: v.location, hint: hint)
    }

    /// ` (… comes from …)` for a value read from state variables, or "".
    func originNote(_ v: JSONValue) -> String {
        guard case .string(let s) = v.kind, !origins.isEmpty else { return "" }
        var names: [String] = []
        if let name = Self.reference(s) {
            names = [String(name)]
        } else if s.hasPrefix("=") || s.contains("${") {
            // Every state variable the expression reads.
            var rest = Substring(s)
            while let dollar = rest.firstIndex(of: "$") {
                rest = rest[rest.index(after: dollar)...]
                let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                if origins[String(name)] != nil, !names.contains(String(name)) { names.append(String(name)) }
            }
        }
        let notes = names.compactMap { n in origins[n].map { "$\(n) comes from \($0)" } }
        return notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"
    }

    func evaluate(_ source: String, at v: JSONValue) throws -> ScriptValue {
        // What the expression compares or joins is read from the same budget as the strings.
        var work = 0
        defer { _ = budget.takeStringBytes(work) }
        do {
            if let tree = expressions.tree(source) { return try tree.evaluate(vars: vars, workLimit: budget.stringBytesLeft, work: &work) }
            return try Expression.evaluate(source, vars: vars, workLimit: budget.stringBytesLeft, work: &work)
        } catch {
            throw ProofsheetError.badInput(
                "in expression '\(excerpt(source))': \(error.message)\(originNote(v))", at: v.location,
                hint: vars.isEmpty ? "this scene defines no variables (add \"vars\")" : "variables here: \(namesForHint(vars.keys.map { "$" + $0 }))")
        }
    }

    func interpolate(_ s: String, at v: JSONValue) throws -> String {
        guard s.contains("${") else { return s }
        var out = ""
        // The result is bounded like any built string (`text-length`), counted piece by piece.
        let cap = Scene.Limits.textLength.int
        var length = 0
        func append(_ piece: some StringProtocol) throws {
            length += Scene.Limits.characterCount(piece, upTo: cap - length)
            guard length <= cap else {
                throw ProofsheetError.badInput(
                    "the string with its ${…} values is longer than \(cap) characters", at: v.location,
                    hint: "shorten it, or raise the limit with --limit text-length=N")
            }
            out += piece
        }
        for part in Self.interpolationParts(s) {
            switch part {
            case .literal(let text): try append(text)
            case .expression(let source): try append(try evaluate(source, at: v).text)
            case .unterminated:
                throw ProofsheetError.badInput("unterminated '${' in a string", at: v.location, hint: "write ${$name} with a closing brace")
            }
        }
        return out
    }

    /// A piece of a string with `${…}` in it.
    enum InterpolationPart {
        case literal(String)
        /// The text between `${` and `}`.
        case expression(String)
        /// A `${` with no `}` after it (nothing follows).
        case unterminated
    }

    /// `s` cut into its literal pieces and the expressions in `${…}`, in order (`\${` is a
    /// literal `${`), in one pass over its bytes (`$`, `{` and `}` are ASCII, so their indices
    /// fall between code points): searching the rest anew for each `${` took quadratic time.
    static func interpolationParts(_ s: String) -> [InterpolationPart] {
        var parts: [InterpolationPart] = []
        let bytes = s.utf8
        func slice(_ r: Range<String.Index>) -> String { String(Substring(s.unicodeScalars[r])) }
        var literalStart = bytes.startIndex
        var i = bytes.startIndex
        while i != bytes.endIndex {
            let next = bytes.index(after: i)
            if bytes[i] == UInt8(ascii: "\\"), next != bytes.endIndex, bytes[next] == UInt8(ascii: "$"),
                bytes.index(after: next) != bytes.endIndex, bytes[bytes.index(after: next)] == UInt8(ascii: "{")
            {
                parts.append(.literal(slice(literalStart..<i)))
                parts.append(.literal("${"))
                i = bytes.index(next, offsetBy: 2)
                literalStart = i
                continue
            }
            guard bytes[i] == UInt8(ascii: "$"), next != bytes.endIndex, bytes[next] == UInt8(ascii: "{") else {
                i = next
                continue
            }
            parts.append(.literal(slice(literalStart..<i)))
            let source = bytes.index(after: next)
            guard let end = bytes[source...].firstIndex(of: UInt8(ascii: "}")) else {
                parts.append(.unterminated)
                return parts
            }
            parts.append(.expression(slice(source..<end)))
            i = bytes.index(after: end)
            literalStart = i
        }
        parts.append(.literal(slice(literalStart..<bytes.endIndex)))
        return parts
    }
}

/// The trees of a scene's expressions (see ``ExpressionTree``), by their text: read when its
/// template is loaded and shared by every state after, so a state evaluates trees and reads no
/// expression's text again.
struct ExpressionTrees: Sendable {
    /// The trees read when the template was loaded (nil: the text does not read whole, and
    /// ``Expression`` evaluates it to say what is wrong).
    var read: [String: ExpressionTree?] = [:]
    /// While a template is loaded: where each expression is read, once.
    var loading: ExpressionLog?
    /// Where an expression not read when the template was loaded is noted (nothing should be).
    var unread: ExpressionLog?

    /// The tree of `source`: the one read with the template, else read now.
    func tree(_ source: String) -> ExpressionTree? {
        if let tree = read[source] { return tree }
        if let loading { return loading.tree(source) }
        return (unread ?? ExpressionLog()).tree(source)
    }
}

/// Expressions read into trees, each text once.
typealias ExpressionLog = ReadOnceLog<String, ExpressionTree?>

/// What a template reads from its texts while it is loaded (expression trees, parsed
/// spellings), each text once.
final class ReadOnceLog<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let values = Mutex<[Key: Value]>([:])
    private let read: @Sendable (Key) -> Value
    init(_ read: @escaping @Sendable (Key) -> Value) { self.read = read }
    /// The value of `key`, read the first time it is asked for.
    func value(_ key: Key) -> Value {
        if let value = values.withLock({ $0[key] }) { return value }
        let value = read(key)
        values.withLock { $0[key] = value }
        return value
    }
    /// Every key read so far, with its value.
    var all: [Key: Value] { values.withLock { $0 } }
}

extension ReadOnceLog where Key == String, Value == ExpressionTree? {
    convenience init() { self.init { ExpressionTree(parsing: $0) } }
    /// The tree of `source`, read the first time it is asked for.
    func tree(_ source: String) -> ExpressionTree? { value(source) }
}

/// The animations and transitions a scene spells (`"spring(response: 0.3)"`, `"opacity"`),
/// parsed when its template is loaded and shared by every state after, so a state parses no
/// spelling again. A spelling that does not parse is not kept: it is parsed where it is used, to
/// say what is wrong.
struct Spellings: Sendable {
    /// The animations read with the template, by the text and the scene's SDK.
    var animations: [AnimationKey: Animation] = [:]
    var transitions: [AnimationKey: Transition] = [:]
    /// While a template is loaded: where each spelling is read, once.
    var loading: Log?

    struct AnimationKey: Hashable, Sendable {
        var text: String
        var sdk: AnimationSDK
    }

    /// The spellings read while a template is loaded (nil: the text does not parse).
    struct Log: Sendable {
        let animations = ReadOnceLog<AnimationKey, Animation?> { try? Animation(spelling: $0.text, sdk: $0.sdk) }
        let transitions = ReadOnceLog<AnimationKey, Transition?> { try? Transition(spelling: $0.text, sdk: $0.sdk) }
        /// What was read and parses, to keep with the template.
        var all: Spellings {
            Spellings(animations: animations.all.compactMapValues { $0 }, transitions: transitions.all.compactMapValues { $0 })
        }
    }

    /// The animation `text` spells in `sdk`.
    func animation(_ text: String, sdk: AnimationSDK) throws(AnimationSpellingError) -> Animation {
        let key = AnimationKey(text: text, sdk: sdk)
        if let a = animations[key] ?? loading?.animations.value(key) { return a }
        return try Animation(spelling: text, sdk: sdk)
    }

    /// The transition `text` spells in `sdk` (which reads an animation it carries).
    func transition(_ text: String, sdk: AnimationSDK) throws(AnimationSpellingError) -> Transition {
        let key = AnimationKey(text: text, sdk: sdk)
        if let t = transitions[key] ?? loading?.transitions.value(key) { return t }
        return try Transition(spelling: text, sdk: sdk)
    }
}

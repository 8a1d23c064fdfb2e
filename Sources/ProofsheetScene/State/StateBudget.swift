import ProofsheetCore

/// What bounds the state while a scene runs: the budgets of the scene itself. No state variable
/// may come to hold more values (elements, fields, scalars) than the `views` limit, more bytes
/// of strings than the `scene-strings` limit, or values nested deeper than the `nesting` limit.
///
/// Every action that writes a variable is checked against them (``SceneTemplate/run``), so
/// state cannot grow without bound, one change doubling it after another: what reads the
/// state (layout, markers, the manifest) then works on a value of bounded size.
public enum StateBudget {
    /// The size of a value, counted no further than just past the limits.
    public struct Size: Equatable, Sendable {
        public var values = 0
        public var bytes = 0
        public var depth = 0
    }

    /// The size of `value`, counted until one of the limits (`values`, `bytes`, `depth`) is
    /// passed: a value that shares its parts many times over (an array appended to itself)
    /// costs no more to measure than the limits. Walks with a stack of its own, so no value
    /// nests deeply enough to exhaust the thread's.
    public static func size(of value: ScriptValue, values maxValues: Int, bytes maxBytes: Int, depth maxDepth: Int) -> Size {
        var size = Size()
        var stack: [(ScriptValue, Int)] = [(value, 1)]
        while let top = stack.popLast() {
            let (v, depth) = top
            size.values += 1
            size.depth = max(size.depth, depth)
            switch v {
            case .string(let s): size.bytes += s.utf8.count
            case .array(let items):
                for item in items.reversed() { stack.append((item, depth + 1)) }
            case .object(let m):
                for (k, item) in m {
                    size.bytes += k.utf8.count
                    stack.append((item, depth + 1))
                }
            case .number, .bool, .null, .unknown: break
            }
            if size.values > maxValues || size.bytes > maxBytes || size.depth > maxDepth { break }
        }
        return size
    }

    /// Checks the value `name` is about to hold against the limits in force.
    ///
    /// - Throws: a located error at the action that writes it, naming the limit passed.
    static func check(_ value: ScriptValue, of name: String, by action: String, at location: SourceLocation) throws {
        let values = Scene.Limits.views.int, bytes = Scene.Limits.stringBytes.int, depth = Scene.Limits.depth.int
        let size = size(of: value, values: values, bytes: bytes, depth: depth)
        let what: String, limit: Limit
        if size.values > values {
            (what, limit) = ("more than \(values) values", Scene.Limits.views)
        } else if size.bytes > bytes {
            (what, limit) = ("more than \(bytes) bytes of strings", Scene.Limits.stringBytes)
        } else if size.depth > depth {
            (what, limit) = ("values nested more than \(depth) deep", Scene.Limits.depth)
        } else {
            return
        }
        throw ProofsheetError.badInput(
            "\(action) would make the state variable '\(excerpt(name))' hold \(what) (the '\(limit.name)' limit)", at: location,
            hint: "state grows by what its actions add: check that no action adds a value to itself, or raise the limit with --limit \(limit.name)=N")
    }
}

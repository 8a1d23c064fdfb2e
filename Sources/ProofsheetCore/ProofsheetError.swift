/// Errors that reach the user: what went wrong, where, and what would be valid.

/// Where in an input file a problem is: the file, the JSON path and the line:column.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String?
    public var path: String
    public var line: Int
    public var column: Int
    public init(file: String?, path: String, line: Int, column: Int) {
        self.file = file; self.path = path; self.line = line; self.column = column
    }
    /// `file:line:column (at path)`.
    public var description: String {
        let place = "\(file ?? "<scene>"):\(line):\(column)"
        return path.isEmpty ? place : "\(place) (at \(path))"
    }
}

/// An error with the exit code the CLI uses for it.
public struct ProofsheetError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure, which decides the exit code.
    public enum Kind: Sendable {
        /// Bad input: a malformed or invalid scene, image or option value (exit 2).
        case badInput
        /// The command line itself is wrong (exit 2).
        case usage
        /// Something failed inside Proofsheet or a library it uses (exit 3).
        case `internal`
    }
    public var kind: Kind
    public var message: String
    public var location: SourceLocation?
    /// What would be valid, or what to do.
    public var hint: String?

    public init(_ kind: Kind, _ message: String, at location: SourceLocation? = nil, hint: String? = nil) {
        self.kind = kind; self.message = message; self.location = location; self.hint = hint
    }
    public static func badInput(_ message: String, at location: SourceLocation? = nil, hint: String? = nil) -> Self {
        Self(.badInput, message, at: location, hint: hint)
    }
    public static func usage(_ message: String, hint: String? = nil) -> Self { Self(.usage, message, hint: hint) }
    public static func `internal`(_ message: String) -> Self { Self(.internal, message) }

    /// The process exit code: 2 for bad input or usage, 3 for an internal failure.
    public var exitCode: Int32 { kind == .internal ? 3 : 2 }

    public var description: String {
        var s = ""
        if let location { s += "\(location): " }
        s += "error: \(message)"
        if let hint { s += "\n  hint: \(hint)" }
        return s
    }
}

/// Names close to `name` among `candidates`, best first (edit distance, then prefix).
public func closeNames(to name: String, in candidates: some Sequence<String>, limit: Int = 3) -> [String] {
    let lower = name.lowercased()
    let scored = candidates.map { c -> (String, Int) in
        let d = editDistance(lower, c.lowercased())
        let bonus = c.lowercased().hasPrefix(lower) || lower.hasPrefix(c.lowercased()) ? -2 : 0
        return (c, d + bonus)
    }
    let cutoff = max(2, name.count / 2)
    return scored.filter { $0.1 <= cutoff }.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
        .prefix(limit).map(\.0)
}

/// Levenshtein distance between two strings (by characters).
public func editDistance(_ a: String, _ b: String) -> Int {
    let x = Array(a), y = Array(b)
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    var prev = Array(0...y.count)
    var cur = [Int](repeating: 0, count: y.count + 1)
    for i in 1...x.count {
        cur[0] = i
        for j in 1...y.count {
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
        }
        swap(&prev, &cur)
    }
    return prev[y.count]
}

/// "a, b or c" for a hint.
public func listForHint(_ items: [String]) -> String {
    switch items.count {
    case 0: return ""
    case 1: return items[0]
    default: return items.dropLast().joined(separator: ", ") + " or " + items.last!
    }
}

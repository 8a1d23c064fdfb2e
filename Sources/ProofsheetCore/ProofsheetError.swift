/// Errors that reach the user: what went wrong, where, and what would be valid.

/// Where in an input file a problem is: the file, the JSON path and the line:column.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String?
    /// The JSON path, e.g. `$.root.children[0].text`.
    public var path: String {
        get { jsonPath.text }
        set { base = JSONPath(newValue); element = -1 }
    }
    public var line: Int
    public var column: Int
    /// The path as shared steps (see ``JSONPath``).
    public var jsonPath: JSONPath { element >= 0 ? base.element(element) : base }
    /// The path, or for an array element the array's path and the element's index (-1 when
    /// none): array elements, most of a large file's values, need no path node of their own.
    private var base: JSONPath
    private var element: Int

    public init(file: String?, path: String, line: Int, column: Int) {
        self.init(file: file, jsonPath: JSONPath(path), line: line, column: column)
    }
    public init(file: String?, jsonPath: JSONPath, line: Int, column: Int) {
        self.file = file; self.base = jsonPath; self.element = -1; self.line = line; self.column = column
    }
    /// The location of element `index` of the array at `array`.
    public init(file: String?, array: JSONPath, element index: Int, line: Int, column: Int) {
        self.file = file; self.base = array; self.element = index; self.line = line; self.column = column
    }

    public static func == (a: Self, b: Self) -> Bool {
        // The path's text is only made when the places agree and the paths are not one object:
        // laid-out views carry their locations, and are compared state to state.
        guard a.line == b.line, a.column == b.column, a.file == b.file else { return false }
        return (a.base === b.base && a.element == b.element) || a.path == b.path
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(file); hasher.combine(line); hasher.combine(column)
    }
    /// `file:line:column (at path)`.
    public var description: String {
        let place = "\(file ?? "<scene>"):\(line):\(column)"
        return path.isEmpty ? place : "\(place) (at \(path))"
    }
}

extension SourceLocation: Codable {
    private enum CodingKeys: String, CodingKey { case file, path, line, column }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            file: try c.decodeIfPresent(String.self, forKey: .file), path: try c.decode(String.self, forKey: .path),
            line: try c.decode(Int.self, forKey: .line), column: try c.decode(Int.self, forKey: .column))
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(file, forKey: .file)
        try c.encode(path, forKey: .path)
        try c.encode(line, forKey: .line)
        try c.encode(column, forKey: .column)
    }
}

/// A JSON path kept as a chain of steps, each sharing its parent: every value of a file knows
/// its path for one small node, however deep it is, and the text is only made for a message.
/// (As text, each of 300 000 array elements 100 objects deep would carry a 6 KB copy of the
/// path: gigabytes for a file of a few hundred kilobytes.)
public final class JSONPath: Sendable {
    private enum Step: Sendable {
        case text(String)
        case key(String)
        case index(Int)
    }
    private let parent: JSONPath?
    private let step: Step

    private init(parent: JSONPath?, step: Step) { self.parent = parent; self.step = step }
    /// A path given as text, such as `$`.
    public convenience init(_ text: String) { self.init(parent: nil, step: .text(text)) }

    /// The path of the member `key` (cut by ``excerpt(_:limit:)`` when shown).
    public func member(_ key: String) -> JSONPath { JSONPath(parent: self, step: .key(key)) }
    /// The path of the array element at `index`.
    public func element(_ index: Int) -> JSONPath { JSONPath(parent: self, step: .index(index)) }

    /// `$.a.b[2]`.
    public var text: String {
        var steps: [Step] = []
        var node: JSONPath? = self
        while let n = node { steps.append(n.step); node = n.parent }
        var out = ""
        for step in steps.reversed() {
            switch step {
            case .text(let t): out += t
            case .key(let k): out += "." + excerpt(k)
            case .index(let i): out += "[\(i)]"
            }
        }
        return out
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
    /// Further errors found in the same input at the same reading (a scene file's views are
    /// all checked before any is reported), in the file's order after this one.
    public var more: [ProofsheetError] = []

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

    /// `file:line:column (at path): error: message` and the hint on a line of its own: every
    /// part with its control characters escaped (``visible(_:)``), so text from an input (a
    /// scene string, a file name) can never start a line of its own on the console, in a CI
    /// log or in a report.
    ///
    /// Further errors (``more``) follow, one such entry each, and a line that counts them.
    public var description: String {
        func entry(_ e: ProofsheetError) -> String {
            var s = ""
            if let location = e.location { s += "\(visible(location.description)): " }
            s += "error: \(visible(e.message))"
            if let hint = e.hint { s += "\n  hint: \(visible(hint))" }
            return s
        }
        guard !more.isEmpty else { return entry(self) }
        return ([entry(self)] + more.map(entry)).joined(separator: "\n") + "\n\(1 + more.count) errors in all"
    }

    /// The first of `errors` (in order) carrying the others; nil when there are none.
    public static func combined(_ errors: [ProofsheetError]) -> ProofsheetError? {
        guard var first = errors.first else { return nil }
        first.more += errors.dropFirst().flatMap { [$0] + $0.more }.map {
            var e = $0; e.more = []; return e
        }
        return first
    }
}

/// The longest name, in characters, that close names are looked for: a longer one is no typo of
/// a known name, and comparing it would only cost time.
package let longestSuggestedName = 64

/// Names close to `name` among `candidates`, best first (edit distance, then prefix).
///
/// Bounded work whatever the input: nothing is suggested for a name longer than
/// ``longestSuggestedName``, a candidate is compared by its first few characters only, and
/// each comparison stops once the distance is too large to matter.
package func closeNames(to name: String, in candidates: some Sequence<String>, limit: Int = 3) -> [String] {
    let head = name.prefix(longestSuggestedName + 1)
    guard head.endIndex == name.endIndex else { return [] }
    let lower = Array(name.lowercased())
    let cutoff = max(2, name.count / 2)
    // A prefix earns 2, so distances up to cutoff + 2 matter; a candidate longer than
    // lower.count + cutoff + 2 characters is farther than that.
    let band = cutoff + 2
    let scored = candidates.compactMap { c -> (String, Int)? in
        let short = c.prefix(lower.count + band + 1)
        guard short.endIndex == c.endIndex else { return nil }
        let other = Array(c.lowercased())
        let d = editDistance(lower, other, atMost: band)
        let bonus = other.starts(with: lower) || lower.starts(with: other) ? -2 : 0
        return (c, d + bonus)
    }
    return scored.filter { $0.1 <= cutoff }.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
        .prefix(limit).map(\.0)
}

/// Levenshtein distance between two strings (by characters); a distance above `atMost` is
/// reported as `atMost + 1`.
package func editDistance(_ a: String, _ b: String, atMost: Int = .max) -> Int {
    editDistance(Array(a), Array(b), atMost: atMost)
}

/// Levenshtein distance between two character arrays, computed in the diagonal band of width
/// 2·`atMost` + 1 only (cells outside it are farther than `atMost`), stopping as soon as a
/// whole row is farther: O(min(n, m) · `atMost`) time. A distance above `atMost` is reported as
/// `atMost + 1`.
func editDistance(_ x: [Character], _ y: [Character], atMost: Int) -> Int {
    let k = min(max(0, atMost), max(x.count, y.count))
    let far = k + 1
    if abs(x.count - y.count) > k { return far }
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    // Row i holds distances from x[0..<i] to y[0..<j]; outside the band they are `far`.
    var prev = (0...y.count).map { $0 <= k ? $0 : far }
    var cur = [Int](repeating: far, count: y.count + 1)
    for i in 1...x.count {
        let lo = max(1, i - k), hi = min(y.count, i + k)
        cur[lo - 1] = lo == 1 ? min(i, far) : far
        var best = cur[lo - 1]
        for j in lo...hi {
            let d = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            cur[j] = min(d, far)
            best = min(best, cur[j])
        }
        if hi < y.count { cur[hi + 1] = far }
        if best > k { return far }
        swap(&prev, &cur)
    }
    return min(prev[y.count], far)
}

/// `text` for quoting in a message: at most `limit` characters (Unicode code points); a longer
/// text is cut and ends with an ellipsis, so a huge name is never echoed back whole.
package func excerpt(_ text: some StringProtocol, limit: Int = 64) -> String {
    let scalars = text.unicodeScalars
    let head = scalars.prefix(limit)
    if head.endIndex == scalars.endIndex { return visible(String(text)) }
    var cut = String.UnicodeScalarView()
    cut.append(contentsOf: head)
    return visible(String(cut)) + "…"
}

/// Names for a hint, sorted, each cut by ``excerpt(_:limit:)``, at most `limit` of them and
/// then an ellipsis: `$a, $b, $c, …`.
package func namesForHint(_ names: [String], limit: Int = 20) -> String {
    let shown = names.sorted().prefix(limit).map { excerpt($0) }
    return shown.joined(separator: ", ") + (names.count > limit ? ", …" : "")
}

/// "a, b or c" for a hint.
package func listForHint(_ items: [String]) -> String {
    switch items.count {
    case 0: return ""
    case 1: return items[0]
    default: return items.dropLast().joined(separator: ", ") + " or " + items.last!
    }
}

import Synchronization

/// A bound that keeps hostile input from exhausting memory or time: a name, a documented
/// default, and a process-wide value that `--limit name=value` can raise or lower.
///
/// Limits are declared next to the code they protect (`Scene.Limits.textLength`,
/// `ImageLimits.processBytes`, …) and listed together in ``Limit/all``, which `--help`
/// prints and `--limit` looks names up in.
public final class Limit: Sendable, CustomStringConvertible {
    /// The name `--limit` takes, e.g. `text-length`.
    public let name: String
    /// What it bounds, for `--help`.
    public let summary: String
    /// The unit the value is in, for messages: `pixels`, `bytes`, `characters`, …
    public let unit: String
    /// The documented default.
    public let defaultValue: Double
    /// The values `--limit` accepts.
    public let range: ClosedRange<Double>
    /// Whether only whole numbers make sense (counts, bytes, pixels).
    public let whole: Bool
    private let current: Mutex<Double>

    public init(_ name: String, _ summary: String, unit: String, default value: Double, range: ClosedRange<Double>, whole: Bool = true) {
        precondition(range.contains(value), "the default of \(name) is outside its range")
        self.name = name; self.summary = summary; self.unit = unit; self.defaultValue = value; self.range = range; self.whole = whole
        current = Mutex(value)
    }

    /// The value in force.
    public var value: Double { current.withLock { $0 } }
    /// The value in force, as a whole number.
    public var int: Int { Int(value) }

    /// Sets the value in force for this process.
    ///
    /// - Throws: a usage error when `value` is outside ``range``.
    public func set(_ value: Double) throws {
        guard !whole || value == value.rounded() else {
            throw ProofsheetError.usage("--limit \(name)=\(fmt(value)) is not a whole number", hint: "the default is \(fmt(defaultValue)) \(unit)")
        }
        guard value.isFinite, range.contains(value) else {
            throw ProofsheetError.usage(
                "--limit \(name)=\(fmt(value)) is outside \(fmt(range.lowerBound))…\(fmt(range.upperBound)) \(unit)",
                hint: "the default is \(fmt(defaultValue)) \(unit)")
        }
        current.withLock { $0 = value }
    }

    /// Back to the default.
    public func reset() { current.withLock { $0 = defaultValue } }

    public var description: String { "\(name)=\(fmt(value))" }
}

extension Limit {
    /// Every limit a command can set, registered by the modules that declare them (the facade
    /// registers them all at start-up).
    public static var all: [Limit] { registry.withLock { $0 } }

    /// Adds limits to ``all`` (each name once).
    public static func register(_ limits: [Limit]) {
        registry.withLock { list in
            for l in limits where !list.contains(where: { $0.name == l.name }) { list.append(l) }
            list.sort { $0.name < $1.name }
        }
    }

    private static let registry = Mutex<[Limit]>([])

    /// Applies `name=value` (a whole number may use a `k`, `M` or `G` suffix for 10³, 10⁶, 10⁹, or
    /// `KiB`, `MiB`, `GiB` for powers of 1024).
    ///
    /// - Throws: a usage error naming the valid limits when the name is unknown or the value is
    ///   not a number in range.
    public static func apply(_ assignment: String) throws {
        let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
        let names = all.map(\.name)
        guard parts.count == 2 else {
            throw ProofsheetError.usage(
                "--limit '\(assignment.prefix(80))' is not name=value",
                hint: "limits: \(names.joined(separator: ", "))")
        }
        guard let limit = all.first(where: { $0.name == parts[0] }) else {
            let close = closeNames(to: parts[0], in: names)
            throw ProofsheetError.usage(
                "there is no limit '\(parts[0].prefix(80))'",
                hint: (close.isEmpty ? "" : "did you mean \(listForHint(close))? ") + "limits: \(names.joined(separator: ", "))")
        }
        guard let v = parseQuantity(parts[1]) else {
            throw ProofsheetError.usage(
                "--limit \(limit.name)='\(parts[1].prefix(80))' is not a number",
                hint: "e.g. --limit \(limit.name)=\(fmt(limit.defaultValue))")
        }
        try limit.set(v)
    }

    /// `12`, `0.5`, `4k`, `80M`, `2G`, `512MiB`, `1GiB`.
    static func parseQuantity(_ text: String) -> Double? {
        let t = Substring(text)
        let suffixes: [(String, Double)] = [
            ("KiB", 1024), ("MiB", 1_048_576), ("GiB", 1_073_741_824),
            ("k", 1e3), ("K", 1e3), ("M", 1e6), ("G", 1e9)
        ]
        for (s, f) in suffixes where t.hasSuffix(s) {
            return decimalNumber(t.dropLast(s.count)).map { $0 * f }
        }
        return decimalNumber(t)
    }
}

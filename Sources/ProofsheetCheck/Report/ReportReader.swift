import ProofsheetCore
import ProofsheetScene
import ProofsheetImage
import ProofsheetDiff

/// Reads a parsed `results.json` into a ``CheckReport``, every field checked against what `check`
/// writes as it is read: the one decoder of the report's schema (``CheckReport`` and the types
/// inside it only encode). Keys it does not know are left alone, as a newer writer's additions.
///
/// - Throws: a bad-input error at the first problem, with the file, line:column and JSON path,
///   and what would be valid.
struct ReportReader {
    let file: String

    func fail(_ v: JSONValue, _ message: String, hint: String? = nil) -> ProofsheetError {
        .badInput("not a valid Proofsheet report: \(message)", at: v.location, hint: hint)
    }

    // MARK: - Values

    func object(_ v: JSONValue, _ what: String) throws -> [(key: String, value: JSONValue)] {
        guard case .object(let members) = v.kind else { throw fail(v, "\(what) must be an object, not \(v.typeName)") }
        return members
    }

    func string(_ v: JSONValue, maxLength: Int = 4096) throws -> String {
        guard case .string(let s) = v.kind else { throw fail(v, "expected a string, not \(v.typeName)") }
        guard s.utf8.count <= maxLength, !s.contains("\0") else { throw fail(v, "the string is longer than \(maxLength) bytes or holds NUL") }
        return s
    }

    @discardableResult
    func number(_ v: JSONValue, in range: ClosedRange<Double>, whole: Bool = false) throws -> Double {
        guard case .number(let n) = v.kind else { throw fail(v, "expected a number, not \(v.typeName)") }
        guard n.isFinite, range.contains(n), !whole || n == n.rounded() else {
            throw fail(v, "\(fmt(n)) is outside \(fmt(range.lowerBound))…\(fmt(range.upperBound))\(whole ? " or not whole" : "")")
        }
        return n
    }

    /// A whole number in `range` (which fits an `Int`).
    func integer(_ v: JSONValue, in range: ClosedRange<Double>) throws -> Int { Int(try number(v, in: range, whole: true)) }

    func bool(_ v: JSONValue, _ what: String) throws -> Bool {
        guard case .bool(let b) = v.kind else { throw fail(v, "\(what) must be true or false") }
        return b
    }

    /// The value, nil when absent or null.
    func optional(_ v: JSONValue?) -> JSONValue? {
        guard let v else { return nil }
        if case .null = v.kind { return nil }
        return v
    }

    func required(_ v: JSONValue, _ key: String) throws -> JSONValue {
        guard let m = v[key] else { throw fail(v, "'\(key)' is missing") }
        return m
    }

    /// An array of at most `most` items, each read by `item`.
    func array<T>(_ v: JSONValue, _ key: String, most: Int, mostText: String? = nil, _ item: (JSONValue) throws -> T) throws -> [T] {
        guard case .array(let items) = v.kind else { throw fail(v, "\(key) must be an array, not \(v.typeName)") }
        guard items.count <= most else { throw fail(v, "more than \(most) \(mostText ?? key)") }
        return try items.map(item)
    }

    /// An array of at most `most` strings of at most `length` bytes.
    func strings(_ v: JSONValue, _ key: String, most: Int, length: Int) throws -> [String] {
        guard case .array(let items) = v.kind else { throw fail(v, "\(key) must be an array of strings, not \(v.typeName)") }
        guard items.count <= most else { throw fail(v, "more than \(most) \(key)") }
        return try items.map { try string($0, maxLength: length) }
    }

    func status(_ v: JSONValue) throws -> CheckEntry.Status {
        guard let s = CheckEntry.Status(rawValue: try string(v, maxLength: 16)) else {
            throw fail(v, "status must be one of \(CheckEntry.Status.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return s
    }

    // MARK: - The report

    func report(_ root: JSONValue) throws -> CheckReport {
        _ = try object(root, "the report")
        let version = try required(root, "version")
        guard case .number(let n) = version.kind, n == Double(CheckReport.currentVersion) else {
            throw fail(
                version, "version must be \(CheckReport.currentVersion)",
                hint: "the report was written by another version of proofsheet; run check again")
        }
        let goldenRoot = try string(try required(root, "goldenRoot"))
        guard !goldenRoot.isEmpty else { throw fail(root, "goldenRoot is empty") }
        let threshold = try number(try required(root, "threshold"), in: 0...1)
        let recordValue = try required(root, "record")
        let record = try string(recordValue, maxLength: 16)
        guard RecordMode(rawValue: record) != nil else {
            throw fail(recordValue, "record '\(record)' is not one of \(RecordMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let tolerance = try self.tolerance(try required(root, "tolerance"))
        var shard: String?
        if let v = optional(root["shard"]) {
            let text = try string(v, maxLength: 32)
            _ = try Self.shard(text, at: v, reader: self)
            shard = text
        }
        let orphans = try optional(root["orphans"]).map {
            try array($0, "orphans", most: ReportFolder.maxEntries) { try goldenPath($0, what: "the orphan") }
        }
        let pruned = try optional(root["pruned"]).map {
            try array($0, "pruned", most: ReportFolder.maxEntries, mostText: "pruned goldens") { try goldenPath($0, what: "the pruned golden") }
        }
        let includeAA = try optional(root["includeAA"]).map { try bool($0, "includeAA") }
        let environment = try optional(root["environment"]).map(self.environment)
        let warnings = try optional(root["warnings"]).map { try array($0, "warnings", most: 10_000) { try string($0, maxLength: 4096) } }
        let missingShards = try optional(root["missingShards"]).map {
            try array($0, "missingShards", most: 10_000) { w in
                let text = try string(w, maxLength: 4096)
                guard Self.parseShard(text) != nil else { throw fail(w, "missing shard '\(SafePaths.clip(text))' is not I/N") }
                return text
            }
        }
        let sceneErrors = try optional(root["sceneErrors"]).map {
            try array($0, "sceneErrors", most: ReportFolder.maxEntries, mostText: "scene errors", sceneError)
        }
        let timelines = try optional(root["timelines"]).map(self.timelines)
        let entriesValue = try required(root, "entries")
        var ids = Set<String>()
        let entries = try array(entriesValue, "entries", most: ReportFolder.maxEntries) { e in
            let entry = try self.entry(e, goldenRoot: goldenRoot)
            guard ids.insert(entry.id).inserted else { throw fail(e, "the image \(entry.id) is listed twice") }
            return entry
        }
        var report = CheckReport(
            entries: entries, goldenRoot: goldenRoot, threshold: threshold, tolerance: tolerance, record: record, shard: shard)
        // As written: `check` writes its entries sorted, and the report keeps the order it reads.
        report.entries = entries
        report.orphans = orphans
        report.pruned = pruned
        report.includeAA = includeAA
        report.environment = environment
        report.warnings = warnings
        report.missingShards = missingShards
        report.sceneErrors = sceneErrors
        report.timelines = timelines
        return report
    }

    func environment(_ env: JSONValue) throws -> EnvironmentFingerprint {
        _ = try object(env, "environment")
        func version(_ key: String) throws -> String {
            let v = try required(env, key)
            let text = try string(v, maxLength: 64)
            guard !text.isEmpty, text.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
                throw fail(v, "environment.\(key) '\(SafePaths.clip(text))' is not a version")
            }
            return text
        }
        return EnvironmentFingerprint(
            proofsheet: try version("proofsheet"), cairo: try version("cairo"), pango: try version("pango"), harfbuzz: try version("harfbuzz"),
            freetype: try version("freetype"), fontconfig: try version("fontconfig"), fonts: try version("fonts"),
            architecture: try optional(env["architecture"]).map { _ in try version("architecture") })
    }

    func sceneError(_ e: JSONValue) throws -> SceneError {
        _ = try object(e, "a scene error")
        let scene = try string(try required(e, "scene"), maxLength: 4096)
        let file = try string(try required(e, "file"), maxLength: 4096)
        let message = try string(try required(e, "message"), maxLength: 1 << 16)
        let still = try optional(e["still"]).map { try string($0, maxLength: 128) }
        return SceneError(scene: scene, file: file, still: still, message: message)
    }

    func tolerance(_ t: JSONValue) throws -> Tolerance {
        _ = try object(t, "tolerance")
        return Tolerance(
            maxPixels: try optional(t["maxPixels"]).map { try integer($0, in: 0...1e15) },
            maxRatio: try optional(t["maxRatio"]).map { try number($0, in: 0...1) })
    }

    // MARK: - Names and paths

    /// Deepest scene path (folders and the file) in golden paths.
    static let maxSceneDepth = 16

    /// A scene name: plain components, at most ``maxSceneDepth``.
    func sceneName(_ v: JSONValue) throws -> String {
        let s = try string(v, maxLength: 1024)
        guard let parts = SafePaths.plainComponents(s), parts.count <= Self.maxSceneDepth else {
            throw fail(
                v, "scene '\(SafePaths.clip(s))' is not a plain relative path",
                hint: "folders and names of letters, digits, '.', '-', '_' and '@', not starting with '.' or '-'")
        }
        return s
    }

    /// A golden path below the golden root: scene/state/variant.png.
    func goldenPath(_ v: JSONValue, what: String) throws -> String {
        let path = try string(v, maxLength: 2048)
        guard let parts = SafePaths.plainComponents(path), parts.count >= 3, parts.count <= Self.maxSceneDepth + 2, path.hasSuffix(".png") else {
            throw fail(v, "\(what) '\(SafePaths.clip(path))' is not a golden path scene/state/variant.png")
        }
        return path
    }

    /// A timeline's name.
    func timelineName(_ v: JSONValue) throws -> String {
        let name = try string(v, maxLength: 64)
        guard Still.isValidName(name) else { throw fail(v, "timeline '\(SafePaths.clip(name))' is not a timeline's name", hint: Still.nameRule) }
        return name
    }

    // MARK: - Entries

    func entry(_ e: JSONValue, goldenRoot: String) throws -> CheckEntry {
        _ = try object(e, "an entry")
        let scene = try sceneName(try required(e, "scene"))
        func plainName(_ key: String) throws -> String {
            let v = try required(e, key)
            let s = try string(v, maxLength: 128)
            guard SafePaths.isPlainComponent(s) else {
                throw fail(
                    v, "\(key) '\(SafePaths.clip(s))' is not a plain name",
                    hint: "letters, digits, '.', '-', '_' and '@', not starting with '.' or '-'")
            }
            return s
        }
        let state = try plainName("state"), variant = try plainName("variant")
        // From here on, messages name the entry as well as its place in the file.
        let id = "\(scene)/\(state)/\(variant)"
        do { return try entryFields(e, scene: scene, state: state, variant: variant, goldenRoot: goldenRoot) } catch var error as ProofsheetError {
            error.message = error.message.replacingOccurrences(of: "not a valid Proofsheet report: ", with: "not a valid Proofsheet report: \(id): ")
            throw error
        }
    }

    func entryFields(_ e: JSONValue, scene: String, state: String, variant: String, goldenRoot: String) throws -> CheckEntry {
        let status = try self.status(try required(e, "status"))
        let goldenValue = try required(e, "golden")
        // Checked once the entry is known (below): any path but the one a check writes is forged.
        let golden = try string(goldenValue)
        func image(_ key: String) throws -> String? {
            guard let v = optional(e[key]) else { return nil }
            let s = try string(v, maxLength: 2048)
            guard s.hasPrefix("images/"), let parts = SafePaths.plainComponents(s), parts.count >= 2, parts.count <= Self.maxSceneDepth + 3 else {
                throw fail(v, "\(key) '\(SafePaths.clip(s))' is not a file in the report's images/ folder")
            }
            return s
        }
        var entry = CheckEntry(
            scene: scene, state: state, variant: variant, status: status, golden: golden, expected: try image("expected"),
            actual: try image("actual"), diff: try image("diff"))
        entry.thumb = try image("thumb")
        entry.frame = try optional(e["frame"]).map { try integer($0, in: 0...1e7) }
        try timelineFields(e, state: state, into: &entry)
        // A key instant's golden is its timeline's file.
        let expectedGolden = goldenRoot + "/" + entry.goldenPath
        guard golden == expectedGolden else {
            throw fail(
                goldenValue, "golden '\(SafePaths.clip(golden))' is not \(SafePaths.clip(expectedGolden))",
                hint:
                    "a check writes each golden at <goldenRoot>/<scene>/<state>/<variant>.png, a timeline's at <goldenRoot>/<scene>/<timeline>@timeline/<variant>.png"
            )
        }
        entry.message = try optional(e["message"]).map { try string($0, maxLength: 1 << 20) }
        entry.inputError = try optional(e["inputError"]).map { try bool($0, "inputError") }
        entry.renamedFrom = try optional(e["renamedFrom"]).map { try goldenPath($0, what: "renamedFrom") }
        entry.result = try optional(e["result"]).map(diffResult)
        return entry
    }

    /// An entry's comparison (``DiffReport``).
    func diffResult(_ r: JSONValue) throws -> DiffReport {
        _ = try object(r, "result")
        func count(_ key: String) throws -> Int? { try optional(r[key]).map { try integer($0, in: 0...1e15) } }
        func size(_ key: String) throws -> ImageSize? {
            try optional(r[key]).map { v in
                _ = try object(v, key)
                return ImageSize(
                    width: try integer(try required(v, "width"), in: 0...1e9), height: try integer(try required(v, "height"), in: 0...1e9))
            }
        }
        var result = DiffReport(
            passed: try bool(try required(r, "passed"), "result.passed"), tolerance: try tolerance(try required(r, "tolerance")))
        result.mismatched = try count("mismatched")
        result.total = try count("total")
        result.ignored = try count("ignored")
        result.width = try count("width")
        result.height = try count("height")
        result.ratio = try optional(r["ratio"]).map { try number($0, in: 0...1) }
        result.reason = try optional(r["reason"]).map { try string($0, maxLength: 4096) }
        result.expectedSize = try size("expectedSize")
        result.actualSize = try size("actualSize")
        return result
    }

    /// The latest key instant a report may name, in milliseconds (an hour).
    static let latestInstant = 3_600_000.0

    /// A key instant's fields: `timeline` and `at` together, the state `<timeline>@<at>ms`, and
    /// `events` and `reasons` short lists of short strings.
    func timelineFields(_ e: JSONValue, state: String, into entry: inout CheckEntry) throws {
        let timeline = optional(e["timeline"]), at = optional(e["at"])
        guard (timeline == nil) == (at == nil) else {
            throw fail(e, "an instant of a timeline has both 'timeline' and 'at'", hint: "a check writes them together")
        }
        if let timeline, let at {
            let name = try timelineName(timeline)
            let ms = try integer(at, in: 0...Self.latestInstant)
            guard state == TimelineInstant.folder(timeline: name, milliseconds: ms) else {
                throw fail(
                    at, "the state of an instant of '\(name)' must be \(name)@<at>ms", hint: "a check names each instant's state after its time")
            }
            entry.timeline = name
            entry.at = ms
        }
        for key in ["events", "reasons"] {
            guard let list = optional(e[key]) else { continue }
            guard timeline != nil else { throw fail(list, "\(key) belong to an instant of a timeline") }
            let items = try strings(list, key, most: TimelineSummary.mostInstants, length: 1024)
            if key == "events" { entry.events = items } else { entry.reasons = items }
        }
    }

    /// The report's `timelines`: each names a timeline checked on a variant, its instants in
    /// order, and the first diverging one among them.
    func timelines(_ v: JSONValue) throws -> [TimelineSummary] {
        var ids = Set<String>()
        return try array(v, "timelines", most: ReportFolder.maxEntries) { t in
            _ = try object(t, "a timeline")
            let scene = try sceneName(try required(t, "scene"))
            let name = try timelineName(try required(t, "timeline"))
            let variantValue = try required(t, "variant")
            let variant = try string(variantValue, maxLength: 128)
            guard SafePaths.isPlainComponent(variant) else { throw fail(variantValue, "variant '\(SafePaths.clip(variant))' is not a plain name") }
            guard ids.insert("\(scene)/\(name)/\(variant)").inserted else {
                throw fail(t, "the timeline \(scene)/\(name)/\(variant) is listed twice")
            }
            let status = try self.status(try required(t, "status"))
            let instantsValue = try required(t, "instants")
            guard case .array(let times) = instantsValue.kind, !times.isEmpty else {
                throw fail(instantsValue, "instants must be a non-empty array of milliseconds")
            }
            guard times.count <= TimelineSummary.mostInstants else {
                throw fail(instantsValue, "more than \(TimelineSummary.mostInstants) instants")
            }
            var instants: [Int] = []
            for time in times {
                let ms = try integer(time, in: 0...Self.latestInstant)
                guard ms > instants.last ?? -1 else { throw fail(time, "instants must be in increasing order") }
                instants.append(ms)
            }
            let firstDiverging = try optional(t["firstDiverging"]).map { first in
                let ms = try integer(first, in: 0...Self.latestInstant)
                guard instants.contains(ms) else { throw fail(first, "firstDiverging must be one of the timeline's instants") }
                return ms
            }
            return TimelineSummary(
                scene: scene, timeline: name, variant: variant, instants: instants, firstDiverging: firstDiverging, status: status)
        }
    }

    // MARK: - Shards

    /// `I/N` with 1 ≤ I ≤ N ≤ 10 000.
    static func shard(_ text: String, at v: JSONValue, reader: ReportReader) throws -> (index: Int, count: Int) {
        guard let s = parseShard(text) else {
            throw reader.fail(v, "shard '\(SafePaths.clip(text))' is not I/N with 1 ≤ I ≤ N ≤ \(maxShards)")
        }
        return s
    }

    static let maxShards = 10_000

    /// `I/N` with 1 ≤ I ≤ N ≤ ``maxShards``, or nil.
    static func parseShard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 6 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let i = Int(parts[0]), let n = Int(parts[1]), i >= 1, n >= 1, i <= n, n <= maxShards
        else { return nil }
        return (i, n)
    }
}

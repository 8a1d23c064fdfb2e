import Foundation
import ProofsheetCore
import ProofsheetScene
import ProofsheetImage
import ProofsheetDiff

/// A report folder: `images/`, `results.json`, `index.html`, and `times.json`. Two runs of one
/// check write the same `results.json`, `index.html` and images, byte for byte; the times each
/// image took (JUnit's `time`, read again by `merge-reports`) differ from run to run, so they live
/// in `times.json` alone.
///
/// Reports travel between CI machines as artifacts and come back to `approve` and
/// `merge-reports`, so reading one treats every byte as hostile: `results.json` is parsed with
/// located errors and every field validated; images are read only from `images/` inside the
/// folder, never through a symbolic link, and only when they decode as PNG.
public struct ReportFolder: Sendable {
    public let path: String
    public init(path: String) { self.path = path }

    /// The file name of `results.json` inside a report folder.
    public static let resultsFile = "results.json"
    /// Largest `results.json` read.
    public static let maxResultsBytes = 64 << 20
    /// Most entries a report may hold.
    public static let maxEntries = 100_000
    /// Largest image file read from a report.
    public static let maxImageBytes = 256 << 20

    /// Longest side of the thumbnails in the report's overview, in pixels.
    public static let thumbnailSide = 160

    func prepare() throws {
        if FileOutput.exists(path) && !FileOutput.isFolder(path) {
            throw ProofsheetError.badInput("the report folder \(path) is a file", hint: "give --report a folder")
        }
        try FileOutput.makeFolders(path + "/images")
    }

    /// Checks that a report may be written at `path`: nothing there, an empty folder, or an
    /// earlier report exactly as Proofsheet wrote it (which is then replaced as a whole, never
    /// mixed with the new one): the rule of ``FileOutput/checkReplaceableFolder(_:what:option:)``.
    ///
    /// - Throws: a usage error for a file, a link, or a folder holding anything else.
    public static func checkReplaceable(_ path: String, option: String = "--report") throws {
        try FileOutput.checkReplaceableFolder(path, what: "reports", option: option)
    }

    /// A new, empty report folder beside `target` (same file system), marked as partial, to be
    /// moved into place by ``commit(to:option:)``. Stale ones of processes that are gone are
    /// removed first (only those whose marker is ours).
    public static func staging(for target: String, option: String = "--report") throws -> ReportFolder {
        try checkReplaceable(target, option: option)
        let folder = ReportFolder(path: try FileOutput.temporaryFolder(beside: target))
        do { try folder.prepare() } catch {
            folder.discard()
            throw error
        }
        return folder
    }

    /// Moves this (staged) report to `target`, replacing the report there as a whole.
    public func commit(to target: String, option: String = "--report") throws {
        try FileOutput.replaceFolder(target, with: path, what: "reports", option: option)
    }

    /// Removes this (staged) folder.
    public func discard() { FileOutput.discardFolder(path) }

    /// The report-relative path of an entry's image of `kind` (`expected`, `actual`, `diff`,
    /// `thumb`): `images/<scene>/<state>/<variant>.<kind>.png`, mirroring the id.
    static func imageName(_ id: String, _ kind: String) -> String {
        "images/" + id + "." + kind + ".png"
    }

    /// Writes an image of an entry; returns its path inside the folder.
    func store(_ png: [UInt8], _ id: String, _ kind: String) throws -> String {
        let name = Self.imageName(id, kind)
        try FileOutput.write(png, to: path + "/" + name)
        return name
    }

    /// Writes results.json and index.html: images linked from `images/` (the page opens from
    /// disk beside them), or inlined when `selfContained`.
    public func write(_ report: CheckReport, selfContained: Bool = false) throws {
        try prepare()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try FileOutput.write(Array(try encoder.encode(report)), to: path + "/" + Self.resultsFile)
        if let times = ReportTimes(report) { try FileOutput.write(Array(try encoder.encode(times)), to: path + "/" + ReportTimes.file) }
        let html: String
        if selfContained {
            html = HTMLReport.render(report) { rel in try? imageBytes(rel, what: rel) }
        } else {
            html = HTMLReport.render(report, linkImages: true) { rel in try? imageHeader(rel) }
        }
        try FileOutput.write(Array(html.utf8), to: path + "/index.html")
    }

    /// The first bytes of an image the report names (enough for a PNG's size), without following links.
    func imageHeader(_ relative: String) throws -> [UInt8] {
        guard relative.hasPrefix("images/") else { return [] }
        let file = try SafePaths.inside(path, relative, what: relative)
        let fd = open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 32)
        let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, 32) }
        return n > 0 ? Array(bytes.prefix(n)) : []
    }

    /// Reads and validates results.json, and the entries' times from times.json when there is one.
    public func read() throws -> CheckReport {
        guard FileOutput.isFolder(path) else {
            throw ProofsheetError.badInput("no report folder at \(SafePaths.clip(path))", hint: "give the folder passed to check --report")
        }
        guard FileOutput.exists(path + "/" + Self.resultsFile) else {
            throw ProofsheetError.badInput(
                "no report at \(SafePaths.clip(path)) (missing \(Self.resultsFile))",
                hint: "give the folder passed to check --report")
        }
        let bytes = try SafePaths.read(path, Self.resultsFile, what: "the report \(SafePaths.clip(path))", limit: Self.maxResultsBytes)
        var report = try Self.parse(bytes, file: path + "/" + Self.resultsFile)
        if FileOutput.exists(path + "/" + ReportTimes.file) || FileOutput.isLink(path + "/" + ReportTimes.file) {
            let times = try SafePaths.read(path, ReportTimes.file, what: "the report \(SafePaths.clip(path))", limit: Self.maxResultsBytes)
            try ReportTimes.parse(times, file: path + "/" + ReportTimes.file, into: &report)
        }
        return report
    }

    /// The bytes of an image the report names (`images/…`), read without following links.
    ///
    /// - Throws: a bad-input error naming `what` when the path leaves `images/`, is a link, or
    ///   is missing.
    public func imageBytes(_ relative: String, what: String) throws -> [UInt8] {
        guard relative.hasPrefix("images/") else {
            throw ProofsheetError.badInput("\(what): '\(SafePaths.clip(relative))' is not in the report's images/ folder")
        }
        return try SafePaths.read(path, relative, what: what, limit: Self.maxImageBytes)
    }

    /// An image the report names, checked to be a PNG that decodes; returns its bytes.
    public func pngImage(_ relative: String, what: String) throws -> [UInt8] {
        let bytes = try imageBytes(relative, what: what)
        guard ImageFormat.sniff(bytes) == .png else {
            throw ProofsheetError.badInput("\(what): \(SafePaths.clip(path + "/" + relative)) is not a PNG image")
        }
        do { _ = try PNGCodec.decode(bytes, source: relative) } catch {
            throw ProofsheetError.badInput("\(what): \(error.description)")
        }
        return bytes
    }

    /// Decodes and validates the bytes of a `results.json`; `file` names it in messages.
    ///
    /// - Throws: a bad-input error with the file, line:column and JSON path of the first
    ///   problem, and what would be valid.
    public static func parse(_ bytes: [UInt8], file: String) throws -> CheckReport {
        guard bytes.count <= maxResultsBytes else {
            throw ProofsheetError.badInput("\(file) is \(bytes.count >> 20) MiB; reports are limited to \(maxResultsBytes >> 20) MiB")
        }
        let json = try JSONReader.parse(bytes, file: file)
        try ReportValidator(file: file).validate(json)
        do { return try JSONDecoder().decode(CheckReport.self, from: Data(bytes)) } catch {
            throw ProofsheetError.badInput(
                "\(file) is not a Proofsheet report: \(error)",
                hint: "give the results.json that proofsheet check wrote")
        }
    }
}

/// Checks every field of a parsed `results.json` against what `check` writes.
struct ReportValidator {
    let file: String

    func fail(_ v: JSONValue, _ message: String, hint: String? = nil) -> ProofsheetError {
        .badInput("not a valid Proofsheet report: \(message)", at: v.location, hint: hint)
    }

    func object(_ v: JSONValue, _ what: String) throws -> [(key: String, value: JSONValue)] {
        guard case .object(let members) = v.kind else { throw fail(v, "\(what) must be an object, not \(v.typeName)") }
        return members
    }

    func string(_ v: JSONValue, maxLength: Int = 4096) throws -> String {
        guard case .string(let s) = v.kind else { throw fail(v, "expected a string, not \(v.typeName)") }
        guard s.utf8.count <= maxLength, !s.contains("\0") else { throw fail(v, "the string is longer than \(maxLength) bytes or holds NUL") }
        return s
    }

    func number(_ v: JSONValue, in range: ClosedRange<Double>, whole: Bool = false) throws {
        guard case .number(let n) = v.kind else { throw fail(v, "expected a number, not \(v.typeName)") }
        guard n.isFinite, range.contains(n), !whole || n == n.rounded() else {
            throw fail(v, "\(fmt(n)) is outside \(fmt(range.lowerBound))…\(fmt(range.upperBound))\(whole ? " or not whole" : "")")
        }
    }

    func optional(_ v: JSONValue?) -> JSONValue? {
        guard let v else { return nil }
        if case .null = v.kind { return nil }
        return v
    }

    func required(_ v: JSONValue, _ key: String) throws -> JSONValue {
        guard let m = v[key] else { throw fail(v, "'\(key)' is missing") }
        return m
    }

    func validate(_ root: JSONValue) throws {
        _ = try object(root, "the report")
        let version = try required(root, "version")
        guard case .number(let n) = version.kind, n == Double(CheckReport.currentVersion) else {
            throw fail(
                version, "version must be \(CheckReport.currentVersion)",
                hint: "the report was written by another version of proofsheet; run check again")
        }
        let goldenRoot = try string(try required(root, "goldenRoot"))
        guard !goldenRoot.isEmpty else { throw fail(root, "goldenRoot is empty") }
        try number(try required(root, "threshold"), in: 0...1)
        let record = try string(try required(root, "record"), maxLength: 16)
        guard RecordMode(rawValue: record) != nil else {
            throw fail(
                try required(root, "record"), "record '\(record)' is not one of \(RecordMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        try tolerance(try required(root, "tolerance"))
        if let shard = optional(root["shard"]) { _ = try Self.shard(try string(shard, maxLength: 32), at: shard, validator: self) }
        if let orphans = optional(root["orphans"]) {
            guard case .array(let list) = orphans.kind else { throw fail(orphans, "orphans must be an array, not \(orphans.typeName)") }
            guard list.count <= ReportFolder.maxEntries else { throw fail(orphans, "more than \(ReportFolder.maxEntries) orphans") }
            for o in list { try goldenPath(o, what: "the orphan") }
        }
        if let pruned = optional(root["pruned"]) {
            guard case .array(let list) = pruned.kind else { throw fail(pruned, "pruned must be an array, not \(pruned.typeName)") }
            guard list.count <= ReportFolder.maxEntries else { throw fail(pruned, "more than \(ReportFolder.maxEntries) pruned goldens") }
            for o in list { try goldenPath(o, what: "the pruned golden") }
        }
        if let b = optional(root["includeAA"]), case .bool = b.kind {
        } else if let b = optional(root["includeAA"]) {
            throw fail(b, "includeAA must be true or false")
        }
        if let env = optional(root["environment"]) {
            _ = try object(env, "environment")
            for key in ["proofsheet", "cairo", "pango", "harfbuzz", "freetype", "fontconfig", "fonts"] {
                let v = try required(env, key)
                let text = try string(v, maxLength: 64)
                guard !text.isEmpty, text.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
                    throw fail(v, "environment.\(key) '\(SafePaths.clip(text))' is not a version")
                }
            }
        }
        for key in ["warnings", "missingShards"] {
            guard let list = optional(root[key]) else { continue }
            guard case .array(let items) = list.kind else { throw fail(list, "\(key) must be an array, not \(list.typeName)") }
            guard items.count <= 10_000 else { throw fail(list, "more than 10000 \(key)") }
            for w in items {
                let text = try string(w, maxLength: 4096)
                if key == "missingShards", Self.parseShard(text) == nil {
                    throw fail(w, "missing shard '\(SafePaths.clip(text))' is not I/N")
                }
            }
        }
        if let errors = optional(root["sceneErrors"]) {
            guard case .array(let items) = errors.kind else { throw fail(errors, "sceneErrors must be an array, not \(errors.typeName)") }
            guard items.count <= ReportFolder.maxEntries else { throw fail(errors, "more than \(ReportFolder.maxEntries) scene errors") }
            for e in items {
                _ = try object(e, "a scene error")
                for key in ["scene", "file", "message"] { _ = try string(try required(e, key), maxLength: key == "message" ? 1 << 16 : 4096) }
                if let still = optional(e["still"]) { _ = try string(still, maxLength: 128) }
            }
        }
        if let t = optional(root["timelines"]) { try timelines(t) }
        let entries = try required(root, "entries")
        guard case .array(let list) = entries.kind else { throw fail(entries, "entries must be an array, not \(entries.typeName)") }
        guard list.count <= ReportFolder.maxEntries else { throw fail(entries, "more than \(ReportFolder.maxEntries) entries") }
        var ids = Set<String>()
        for e in list {
            try entry(e, goldenRoot: goldenRoot)
            let id = ["scene", "state", "variant"].map { e[$0].flatMap { try? string($0) } ?? "" }.joined(separator: "/")
            guard ids.insert(id).inserted else { throw fail(e, "the image \(id) is listed twice") }
        }
    }

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
    func goldenPath(_ v: JSONValue, what: String) throws {
        let path = try string(v, maxLength: 2048)
        guard let parts = SafePaths.plainComponents(path), parts.count >= 3, parts.count <= Self.maxSceneDepth + 2, path.hasSuffix(".png") else {
            throw fail(v, "\(what) '\(SafePaths.clip(path))' is not a golden path scene/state/variant.png")
        }
    }

    func tolerance(_ t: JSONValue) throws {
        _ = try object(t, "tolerance")
        if let p = optional(t["maxPixels"]) { try number(p, in: 0...1e15, whole: true) }
        if let r = optional(t["maxRatio"]) { try number(r, in: 0...1) }
    }

    func entry(_ e: JSONValue, goldenRoot: String) throws {
        _ = try object(e, "an entry")
        _ = try sceneName(try required(e, "scene"))
        for key in ["state", "variant"] {
            let v = try required(e, key)
            let s = try string(v, maxLength: 128)
            guard SafePaths.isPlainComponent(s) else {
                throw fail(
                    v, "\(key) '\(SafePaths.clip(s))' is not a plain name",
                    hint: "letters, digits, '.', '-', '_' and '@', not starting with '.' or '-'")
            }
        }
        // From here on, messages name the entry as well as its place in the file.
        let id = ["scene", "state", "variant"].map { e[$0].flatMap { try? string($0) } ?? "" }.joined(separator: "/")
        do { try entryFields(e, goldenRoot: goldenRoot) } catch var error as ProofsheetError {
            error.message = error.message.replacingOccurrences(of: "not a valid Proofsheet report: ", with: "not a valid Proofsheet report: \(id): ")
            throw error
        }
    }

    func entryFields(_ e: JSONValue, goldenRoot: String) throws {
        let status = try required(e, "status")
        guard CheckEntry.Status(rawValue: try string(status, maxLength: 16)) != nil else {
            throw fail(status, "status must be one of \(CheckEntry.Status.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        // The golden is always <goldenRoot>/<scene>/<state>/<variant>.png: any other path is forged.
        let golden = try required(e, "golden")
        let expected =
            "\(goldenRoot)/\(e["scene"].flatMap { try? string($0) } ?? "")/\(e["state"].flatMap { try? string($0) } ?? "")/"
            + "\(e["variant"].flatMap { try? string($0) } ?? "").png"
        guard try string(golden) == expected else {
            throw fail(
                golden, "golden '\(SafePaths.clip(try string(golden)))' is not \(SafePaths.clip(expected))",
                hint: "a check writes each golden at <goldenRoot>/<scene>/<state>/<variant>.png")
        }
        for key in ["expected", "actual", "diff", "thumb"] {
            guard let v = optional(e[key]) else { continue }
            let s = try string(v, maxLength: 2048)
            guard s.hasPrefix("images/"), let parts = SafePaths.plainComponents(s), parts.count >= 2, parts.count <= Self.maxSceneDepth + 3 else {
                throw fail(v, "\(key) '\(SafePaths.clip(s))' is not a file in the report's images/ folder")
            }
        }
        if let f = optional(e["frame"]) { try number(f, in: 0...1e7, whole: true) }
        try timelineFields(e)
        if let m = optional(e["message"]) { _ = try string(m, maxLength: 1 << 20) }
        if let b = optional(e["inputError"]), case .bool = b.kind {
        } else if let b = optional(e["inputError"]) {
            throw fail(b, "inputError must be true or false")
        }
        if let r = optional(e["result"]) {
            _ = try object(r, "result")
            for key in ["mismatched", "total", "ignored", "width", "height"] {
                if let n = optional(r[key]) { try number(n, in: 0...1e15, whole: true) }
            }
            if let q = optional(r["ratio"]) { try number(q, in: 0...1) }
        }
    }

    /// The latest key instant a report may name, in milliseconds (an hour).
    static let latestInstant = 3_600_000.0

    /// A key instant's fields: `timeline` and `at` together, the state `<timeline>@<at>ms`, and
    /// `events` and `reasons` short lists of short strings.
    func timelineFields(_ e: JSONValue) throws {
        let timeline = optional(e["timeline"]), at = optional(e["at"])
        guard (timeline == nil) == (at == nil) else {
            throw fail(e, "an instant of a timeline has both 'timeline' and 'at'", hint: "a check writes them together")
        }
        if let timeline, let at {
            let name = try string(timeline, maxLength: 64)
            guard Still.isValidName(name) else {
                throw fail(timeline, "timeline '\(SafePaths.clip(name))' is not a timeline's name", hint: Still.nameRule)
            }
            try number(at, in: 0...Self.latestInstant, whole: true)
            guard case .number(let ms) = at.kind, let state = e["state"].flatMap({ try? string($0) }),
                state == TimelineInstant.folder(timeline: name, milliseconds: Int(ms))
            else {
                throw fail(
                    at, "the state of an instant of '\(name)' must be \(name)@<at>ms", hint: "a check names each instant's state after its time")
            }
        }
        for key in ["events", "reasons"] {
            guard let list = optional(e[key]) else { continue }
            guard timeline != nil else { throw fail(list, "\(key) belong to an instant of a timeline") }
            try strings(list, key, most: TimelineSummary.mostInstants, length: 1024)
        }
    }

    /// An array of at most `most` strings of at most `length` bytes.
    func strings(_ v: JSONValue, _ key: String, most: Int, length: Int) throws {
        guard case .array(let items) = v.kind else { throw fail(v, "\(key) must be an array of strings, not \(v.typeName)") }
        guard items.count <= most else { throw fail(v, "more than \(most) \(key)") }
        for item in items { _ = try string(item, maxLength: length) }
    }

    /// The report's `timelines`: each names a timeline checked on a variant, its instants in
    /// order, and the first diverging one among them.
    func timelines(_ v: JSONValue) throws {
        guard case .array(let list) = v.kind else { throw fail(v, "timelines must be an array, not \(v.typeName)") }
        guard list.count <= ReportFolder.maxEntries else { throw fail(v, "more than \(ReportFolder.maxEntries) timelines") }
        var ids = Set<String>()
        for t in list {
            _ = try object(t, "a timeline")
            let scene = try sceneName(try required(t, "scene"))
            let nameValue = try required(t, "timeline")
            let name = try string(nameValue, maxLength: 64)
            guard Still.isValidName(name) else {
                throw fail(nameValue, "timeline '\(SafePaths.clip(name))' is not a timeline's name", hint: Still.nameRule)
            }
            let variantValue = try required(t, "variant")
            let variant = try string(variantValue, maxLength: 128)
            guard SafePaths.isPlainComponent(variant) else { throw fail(variantValue, "variant '\(SafePaths.clip(variant))' is not a plain name") }
            guard ids.insert("\(scene)/\(name)/\(variant)").inserted else {
                throw fail(t, "the timeline \(scene)/\(name)/\(variant) is listed twice")
            }
            let status = try required(t, "status")
            guard CheckEntry.Status(rawValue: try string(status, maxLength: 16)) != nil else {
                throw fail(status, "status must be one of \(CheckEntry.Status.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let instants = try required(t, "instants")
            guard case .array(let times) = instants.kind, !times.isEmpty else {
                throw fail(instants, "instants must be a non-empty array of milliseconds")
            }
            guard times.count <= TimelineSummary.mostInstants else { throw fail(instants, "more than \(TimelineSummary.mostInstants) instants") }
            var previous = -1.0
            var known = Set<Double>()
            for time in times {
                try number(time, in: 0...Self.latestInstant, whole: true)
                guard case .number(let ms) = time.kind, ms > previous else { throw fail(time, "instants must be in increasing order") }
                previous = ms
                known.insert(ms)
            }
            if let first = optional(t["firstDiverging"]) {
                try number(first, in: 0...Self.latestInstant, whole: true)
                guard case .number(let ms) = first.kind, known.contains(ms) else {
                    throw fail(first, "firstDiverging must be one of the timeline's instants")
                }
            }
        }
    }

    /// `I/N` with 1 ≤ I ≤ N ≤ 10 000.
    static func shard(_ text: String, at v: JSONValue, validator: ReportValidator) throws -> (index: Int, count: Int) {
        guard let s = parseShard(text) else {
            throw validator.fail(v, "shard '\(SafePaths.clip(text))' is not I/N with 1 ≤ I ≤ N ≤ \(maxShards)")
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

/// Parses `--shard I/N` (1 ≤ I ≤ N ≤ 10 000).
package func parseShard(_ text: String) throws -> (index: Int, count: Int) {
    guard let s = ReportValidator.parseShard(text) else {
        throw ProofsheetError.usage(
            "--shard '\(SafePaths.clip(text))' is not I/N with 1 ≤ I ≤ N ≤ \(ReportValidator.maxShards)",
            hint: "e.g. --shard 2/4 for the second of four machines")
    }
    return s
}

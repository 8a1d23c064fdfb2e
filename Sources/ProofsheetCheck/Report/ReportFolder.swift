import Foundation
import ProofsheetCore
import ProofsheetScene
import ProofsheetImage
import ProofsheetDiff

/// A report folder: `images/`, `results.json`, `index.html` with its `report.css` and
/// `report.js` (none beside a self-contained page), and `times.json`. Two runs of one
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
    /// Whether this is a folder made by ``staging(for:option:)``, the only kind written into: a
    /// report reaches its place whole, by ``commit(to:option:)``, under the rule of every whole
    /// folder (see ``FileOutput/checkReplaceableFolder(_:what:option:)``).
    public let isStaged: Bool
    /// A report folder to read (``read()``); one to write comes from ``staging(for:option:)``.
    public init(path: String) { self.path = path; isStaged = false }
    private init(staged path: String) { self.path = path; isStaged = true }

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

    /// How many bytes of expected and diff images one report holds. A change that fails every
    /// image would otherwise make a report of hundreds of megabytes; past this, the later
    /// failures (in the page's order) keep their actual image (which `approve` reads) and
    /// thumbnail, not their expected and diff images (the goldens are in the checkout).
    public static let comparisonBytes = Limit(
        "report-comparison-bytes", "bytes of expected and diff images in one check report; later failures keep only their actual image",
        unit: "bytes", default: Double(64 << 20), range: 0...1e12)

    /// Leaves out the expected and diff images of the entries past ``comparisonBytes``: failures
    /// first, then passes within a tolerance, each in the page's order. Returns how many entries
    /// lost them. The same entries on every run (the images' bytes are).
    func trimComparisons(_ entries: inout [CheckEntry]) -> Int {
        let order = entries.indices.filter { entries[$0].expected != nil || entries[$0].diff != nil }.sorted { a, b in
            let x = entries[a], y = entries[b]
            if x.status.isFailure != y.status.isFailure { return x.status.isFailure }
            return HTMLReport.sortKey(x) < HTMLReport.sortKey(y)
        }
        let budget = Int(Self.comparisonBytes.value)
        var used = 0, trimmed = 0
        for i in order {
            let files = [entries[i].expected, entries[i].diff].compactMap { $0 }
            let size = files.reduce(0) { total, f in
                total + (((try? FileManager.default.attributesOfItem(atPath: path + "/" + f))?[.size] as? NSNumber)?.intValue ?? 0)
            }
            if trimmed == 0 && used + size <= budget {
                used += size
                continue
            }
            for f in files { try? FileManager.default.removeItem(atPath: path + "/" + f) }
            entries[i].expected = nil
            entries[i].diff = nil
            let note = "expected and diff images left out: the report holds at most \(byteSize(budget)) of them (--limit report-comparison-bytes)"
            entries[i].message = entries[i].message.map { $0 + "; " + note } ?? note
            trimmed += 1
        }
        return trimmed
    }

    func prepare() throws {
        try requireStaged()
        if FileOutput.exists(path) && !FileOutput.isFolder(path) {
            throw ProofsheetError.badInput("the report folder \(path) is a file", hint: "give --report a folder")
        }
        try FileOutput.makeFolders(path + "/images")
    }

    /// Refuses to write into a folder opened to be read (see ``isStaged``).
    func requireStaged() throws {
        guard isStaged else {
            throw ProofsheetError.usage(
                "the report folder \(SafePaths.clip(path)) was opened to be read: a report is written into ReportFolder.staging(for:), then committed",
                hint: "write reports through ReportFolder.staging(for: target) and commit(to: target)")
        }
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
        let folder = ReportFolder(staged: try FileOutput.temporaryFolder(beside: target))
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
        try requireStaged()
        let name = Self.imageName(id, kind)
        try FileOutput.write(png, to: path + "/" + name)
        return name
    }

    /// Writes results.json and index.html: images, styles and script linked from files beside it
    /// (the page opens from disk, and under a policy that refuses inline styles), or inlined
    /// when `selfContained`. `target` is the folder the report is
    /// committed to, as the user named it: the page gives the `approve` command for it.
    public func write(_ report: CheckReport, selfContained: Bool = false, target: String? = nil) throws {
        try prepare()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try FileOutput.write(Array(try encoder.encode(report)), to: path + "/" + Self.resultsFile)
        if let times = ReportTimes(report) { try FileOutput.write(Array(try encoder.encode(times)), to: path + "/" + ReportTimes.file) }
        let html: String
        if selfContained {
            html = HTMLReport.render(report, reportFolder: target) { rel in try? imageBytes(rel, what: rel) }
        } else {
            html = HTMLReport.render(report, linkImages: true, reportFolder: target) { rel in try? imageHeader(rel) }
            try FileOutput.write(Array(HTMLReport.stylesheet.utf8), to: path + "/" + HTMLReport.stylesheetFile)
            try FileOutput.write(Array(HTMLReport.scriptText.utf8), to: path + "/" + HTMLReport.scriptFile)
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
        return try ReportReader(file: file).report(try JSONReader.parse(bytes, file: file))
    }
}

/// Parses `--shard I/N` (1 ≤ I ≤ N ≤ 10 000).
package func parseShard(_ text: String) throws -> (index: Int, count: Int) {
    guard let s = ReportReader.parseShard(text) else {
        throw ProofsheetError.usage(
            "--shard '\(SafePaths.clip(text))' is not I/N with 1 ≤ I ≤ N ≤ \(ReportReader.maxShards)",
            hint: "e.g. --shard 2/4 for the second of four machines")
    }
    return s
}

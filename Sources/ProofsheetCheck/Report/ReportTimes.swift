import Foundation
import ProofsheetCore
import ProofsheetScene

/// `times.json` in a report folder: the seconds each image took to render and compare, by id.
///
/// The times are JUnit's `time` attributes (for `check`, and for `merge-reports`, which reads
/// them back from the shards' folders). They differ from run to run, so they are kept out of
/// `results.json` and `index.html`, which two runs of one check write byte for byte alike.
/// A report without the file (written before it existed) reads with no times.
struct ReportTimes: Codable, Sendable {
    static let file = "times.json"
    static let currentVersion = 1

    var version = ReportTimes.currentVersion
    /// Seconds by entry id (`scene/state/variant`).
    var seconds: [String: Double]

    /// The times of `report`'s entries; nil when none has one.
    init?(_ report: CheckReport) {
        var seconds: [String: Double] = [:]
        for e in report.entries { if let s = e.seconds { seconds[e.id] = s } }
        guard !seconds.isEmpty else { return nil }
        self.seconds = seconds
    }

    /// Validates the bytes of a `times.json` (`file` names it in messages) and sets the times of
    /// `report`'s entries from it.
    ///
    /// - Throws: a bad-input error with the file, line:column and JSON path of the first problem:
    ///   not an object, another version, a time that is not a number of seconds, an id that is
    ///   not one of the report's images.
    static func parse(_ bytes: [UInt8], file: String, into report: inout CheckReport) throws {
        let json = try JSONReader.parse(bytes, file: file)
        func fail(_ at: JSONValue, _ message: String, hint: String? = nil) -> ProofsheetError {
            .badInput("not valid report times: \(message)", at: at.location, hint: hint)
        }
        func object(_ v: JSONValue, _ what: String) throws -> [(key: String, value: JSONValue)] {
            guard case .object(let members) = v.kind else { throw fail(v, "\(what) must be an object, not \(v.typeName)") }
            return members
        }
        for (key, value) in try object(json, "the times") where key != "version" && key != "seconds" {
            throw fail(value, "unknown key '\(SafePaths.clip(key))'", hint: "the keys: version, seconds")
        }
        guard let version = json["version"], let list = json["seconds"] else { throw fail(json, "'version' and 'seconds' are needed") }
        guard case .number(let n) = version.kind, n == Double(currentVersion) else {
            throw fail(version, "version must be \(currentVersion)", hint: "the report was written by another version of proofsheet; run check again")
        }
        let times = try object(list, "seconds")
        guard times.count <= ReportFolder.maxEntries else { throw fail(list, "more than \(ReportFolder.maxEntries) times") }
        var index: [String: Int] = [:]
        for (i, e) in report.entries.enumerated() { index[e.id] = i }
        for (id, value) in times {
            guard let i = index[id] else { throw fail(value, "'\(SafePaths.clip(id))' is not an image of the report") }
            guard case .number(let seconds) = value.kind, seconds.isFinite, (0...1e7).contains(seconds) else {
                let what = value.typeName == "a number" ? "outside that range" : value.typeName
                throw fail(value, "a time is a number of seconds from 0 to 10000000, not \(what)")
            }
            report.entries[i].seconds = seconds
        }
    }
}

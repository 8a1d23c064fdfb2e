import Foundation

/// A report folder: `images/`, `results.json`, and the self-contained `index.html`.
public struct ReportFolder: Sendable {
    public let path: String
    public init(path: String) { self.path = path }

    /// The file name of `results.json` inside a report folder.
    public static let resultsFile = "results.json"

    func prepare() throws {
        do { try FileManager.default.createDirectory(atPath: path + "/images", withIntermediateDirectories: true) } catch {
            throw ProofsheetError.badInput("cannot create the report folder \(path): \(error.localizedDescription)")
        }
    }

    /// Writes an image of an entry; returns its path inside the folder.
    func store(_ png: [UInt8], _ id: String, _ kind: String) throws -> String {
        let name = "images/" + id.replacingOccurrences(of: "/", with: "__") + "." + kind + ".png"
        try writeAtomically(png, to: path + "/" + name)
        return name
    }

    /// Writes results.json and index.html.
    public func write(_ report: CheckReport) throws {
        try prepare()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try writeAtomically(Array(try encoder.encode(report)), to: path + "/" + Self.resultsFile)
        let html = HTMLReport.render(report) { rel in
            FileManager.default.contents(atPath: path + "/" + rel).map { [UInt8]($0) }
        }
        try writeAtomically(Array(html.utf8), to: path + "/index.html")
    }

    /// Reads results.json.
    public func read() throws -> CheckReport {
        let file = path + "/" + Self.resultsFile
        guard let data = FileManager.default.contents(atPath: file) else {
            throw ProofsheetError.badInput("no report at \(path) (missing \(Self.resultsFile))", hint: "give the folder passed to check --report")
        }
        return try Self.parse([UInt8](data), file: file)
    }

    /// Decodes and validates the bytes of a `results.json`; `file` names it in messages.
    ///
    /// Reports travel between CI machines as artifacts, so every field is untrusted input.
    public static func parse(_ bytes: [UInt8], file: String) throws -> CheckReport {
        do { return try JSONDecoder().decode(CheckReport.self, from: Data(bytes)) } catch {
            throw ProofsheetError.badInput("\(file) is not a Proofsheet report: \(error)")
        }
    }
}

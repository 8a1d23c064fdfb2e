import Foundation

/// Hostile check reports for `proofsheet approve`: a results.json forged to write goldens
/// anywhere or to read "actual" images from anywhere, and results.json files that are not
/// reports at all. Each must exit 2, name the entry (or the file) and write nothing.
extension HostileCase {
    static let redID = "red/default/40x30@1x"
    static let redGolden = "g/red/default/40x30@1x.png"
    static let redActual = "images/red__default__40x30@1x.actual.png"
    static let blue40: Content = .png(40, 30, [20, 40, 220, 255])

    /// A report folder: results.json with `results`, and the actual image (unless nil).
    static func reportFolder(_ dir: String = "report", results: Content, actual: Content? = blue40, at path: String = redActual) -> [Item] {
        [.file(dir + "/results.json", results)] + (actual.map { [.file(dir + "/" + path, $0)] } ?? [])
    }

    /// A valid report of one failure, and its golden.
    static let validReport: [Item] = reportFolder(results: .text(HostileBytes.report([HostileBytes.entry()]))) + [.file(redGolden, .png(40, 30))]

    static let approve = ["approve", "--report", "report"]

    /// `proofsheet approve --report report` with a one-entry report; must exit 2 naming the id.
    static func forged(
        _ name: String, golden: String = redGolden, actual: String? = redActual, status: String = "failed",
        actualContent: Content? = blue40, also: [Item] = [], says: [String] = [redID]
    ) -> HostileCase {
        let results = HostileBytes.report([HostileBytes.entry(status: status, golden: golden, actual: actual)])
        let setup =
            [.file("report/results.json", .text(results)), .file(redGolden, .png(40, 30))]
            + (actualContent.map { [.file("report/" + redActual, $0)] } ?? []) + also
        return HostileCase(name, setup, approve, exit: 2, says: says)
    }

    /// `proofsheet approve` of a results.json holding `results`; must exit 2 naming results.json.
    static func badResults(_ name: String, _ results: Item, says: [String] = ["results.json"]) -> HostileCase {
        HostileCase(name, [results, .file("report/" + redActual, blue40), .file(redGolden, .png(40, 30))], approve, exit: 2, says: says)
    }

    static let reportCases: [HostileCase] = [
        HostileCase("approve of a valid report", validReport, approve, exit: 0, prints: ["approved \(redID)"], writes: [redGolden]),
        forged("golden: an absolute path to a file outside", golden: "$OUTSIDE/secret.png"),
        forged("golden: an absolute path to a new file outside", golden: "$OUTSIDE/new.png", status: "missing"),
        forged("golden: ../ out of the working folder", golden: "../outside/new.png", status: "missing"),
        forged("golden: ../ out of the golden folder", golden: "g/../../outside/secret.png"),
        forged("golden: through a symlinked folder out", golden: "g/link/secret.png", also: [.symlink("g/link", to: "$OUTSIDE")]),
        forged("golden: the report's own results.json", golden: "report/results.json"),
        forged("golden: a folder", golden: "g/red"),
        forged("golden: empty", golden: "", status: "missing"),
        forged("golden: a NUL inside", golden: "g/red/default/a\u{0}.png", status: "missing"),
        forged("actual: images/../../secret", actual: "images/../../secret", also: [.file("secret", .png(40, 30))]),
        forged("actual: an absolute path", actual: "$OUTSIDE/secret.png"),
        forged("actual: not a PNG", actualContent: .text("not a PNG\n")),
        forged("actual: a PNG bomb", actualContent: .pngBomb),
        forged("actual: a symlink to a file outside", actualContent: nil, also: [.symlink("report/" + redActual, to: "$OUTSIDE/secret.png")]),
        forged("actual: missing", actualContent: nil),
        forged("actual: none given", actual: nil),
        forged("actual: a folder", actualContent: nil, also: [.folder("report/" + redActual)]),
        forged("actual: a FIFO", actualContent: nil, also: [.fifo("report/" + redActual)]),
        badResults("results.json missing", .folder("report/images")),
        badResults("results.json empty", .file("report/results.json", .bytes([]))),
        badResults("results.json an array", .file("report/results.json", .text("[]\n")), says: ["results.json:1:1"]),
        badResults(
            "results.json with a syntax error",
            .file("report/results.json", .text(#"{"version": 1, "entries": [}"# + "\n")), says: ["results.json:1:28"]),
        badResults(
            "results.json with an unknown status",
            .file("report/results.json", .text(HostileBytes.report([HostileBytes.entry(status: "exploded")]))),
            says: ["results.json:", "$.entries[0].status"]),
        badResults("results.json a folder", .folder("report/results.json")),
        badResults("results.json a FIFO", .fifo("report/results.json")),
        badResults("results.json of 1 GiB", .sparse("report/results.json", bytes: 1 << 30)).heavyCase,
        badResults(
            "results.json nested 10 000 deep",
            .file("report/results.json", .pieces([("[", 10_000), ("]", 10_000)]))),
        badResults(
            "results.json version 99",
            .file("report/results.json", .text(HostileBytes.report([HostileBytes.entry()], version: "99"))), says: ["results.json", "version"]),
        badResults(
            "results.json with one id twice",
            .file("report/results.json", .text(HostileBytes.report([HostileBytes.entry(), HostileBytes.entry()]))),
            says: ["results.json", redID]),
        badResults(
            "results.json without entries",
            .file("report/results.json", .text(#"{"version": 1, "threshold": 0.1, "tolerance": {}, "record": "missing"}"#))),
        HostileCase("approve --only an unknown id", validReport, approve + ["--only", "green/default/x"], exit: 2, says: ["green/default/x"])
    ]
}

import Foundation
import ProofsheetTesting

/// The small card most tests snapshot: 200×120 points, text, a symbol and a coloured shape.
struct TicketCard: View {
    var title = "Yosemite"
    var accent = Color.blue

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            HStack(spacing: 6) {
                Image(systemName: "star.fill").foregroundColor(accent)
                Text(title).font(.headline)
            }
            Text("2 nights · 3 guests").font(.caption).foregroundColor(.gray)
            RoundedRectangle(cornerRadius: 6).fill(accent).frame(height: 24)
        }
        .padding(12)
        .frame(width: 200, height: 120, alignment: .topLeading)
    }
}

/// The canvas the card is snapshotted on.
let cardCanvas = Size(width: 200, height: 120)

/// A fresh empty folder under the system's temporary folder, removed by the caller.
func makeTemporaryDirectory(_ label: String = #function) throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("proofsheet-testing-\(SnapshotPaths.sanitize(label))-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The names of the files in `url`, sorted.
func fileNames(in url: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
}

/// Temporary reference and artifact folders for a suite, removed when the suite instance ends,
/// and `verifySnapshot` pointed at them.
class SnapshotFolders {
    let references: URL
    let artifacts: URL

    init() throws {
        references = try makeTemporaryDirectory("references")
        artifacts = try makeTemporaryDirectory("artifacts")
    }

    deinit {
        try? FileManager.default.removeItem(at: references)
        try? FileManager.default.removeItem(at: artifacts)
    }

    /// `verifySnapshot` in this suite's folders.
    func verify<Value, Format>(
        _ value: Value, as strategy: Snapshotting<Value, Format>, named name: String? = "card",
        record: SnapshotRecordMode, testName: String = #function
    ) -> SnapshotFailure? {
        verifySnapshot(
            of: value, as: strategy, named: name, record: record,
            snapshotDirectory: references.path, artifactsDirectory: artifacts.path, testName: testName)
    }
}

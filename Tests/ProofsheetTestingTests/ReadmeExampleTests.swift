import Foundation
import Testing
import Proofsheet
import ProofsheetTesting

/// The README's `assertSnapshot` example keeps compiling and working (in temporary folders).
@Suite("README example")
struct ReadmeExampleTests {
    @Test func readmeStrategiesRecordAndThenMatch() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        func check<Value, Format>(_ value: Value, _ strategy: Snapshotting<Value, Format>, _ name: String) -> [SnapshotFailure.Kind?] {
            [SnapshotRecordMode.missing, .never].map {
                verifySnapshot(
                    of: value, as: strategy, named: name, record: $0,
                    snapshotDirectory: folder.path, artifactsDirectory: folder.path, testName: "readme")?.kind
            }
        }
        #expect(check(Text("BOOK IT NOW").padding().background(Color.black), .image(device: "iPhone 14", scale: 1), "image") == [.recorded, nil])
        #expect(check(Text("BOOK IT NOW"), .displayList, "displayList") == [.recorded, nil])
        #expect(check(Text("BOOK IT NOW"), .svg, "svg") == [.recorded, nil])
        let image = try RGBAImage(contentsOfFile: folder.appendingPathComponent("readme.image.png").path)
        #expect(image.size == ImageSize(width: 390, height: 844))
    }
}

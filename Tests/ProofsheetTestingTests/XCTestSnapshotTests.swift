import XCTest
import ProofsheetTesting

/// `assertSnapshot` works from XCTest too (failures go to `XCTFail` there).
final class XCTestSnapshotTests: XCTestCase {
    func testDisplayListUnderXCTest() {
        assertSnapshot(of: TicketCard(title: "Glacier Point"), as: .displayList(canvas: cardCanvas))
    }

    func testVerifyFindsTheMismatchUnderXCTest() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("proofsheet-xctest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = verifySnapshot(
            of: TicketCard(), as: .displayList(canvas: cardCanvas), named: "card", record: .missing,
            snapshotDirectory: folder.path, artifactsDirectory: folder.path)
        let failure = verifySnapshot(
            of: TicketCard(title: "Tioga"), as: .displayList(canvas: cardCanvas), named: "card",
            record: .never, snapshotDirectory: folder.path, artifactsDirectory: folder.path)
        XCTAssertEqual(failure?.kind, .mismatch)
    }
}

import Foundation
import Testing
import ProofsheetTesting

/// What each record mode writes and reports, through `verifySnapshot` in temporary folders.
@Suite("Recording")
final class RecordingTests: SnapshotFolders {

    func verify(_ card: TicketCard, named name: String? = "card", record: SnapshotRecordMode, testName: String = #function) -> SnapshotFailure? {
        verify(card, as: .image(canvas: cardCanvas), named: name, record: record, testName: testName)
    }

    @Test func missingWithModeNeverFailsWithoutRecording() throws {
        let failure = try #require(verify(TicketCard(), record: .never))
        #expect(failure.kind == .missing)
        #expect(failure.recordMode == .never)
        #expect(!FileManager.default.fileExists(atPath: failure.reference))
        #expect(fileNames(in: references).isEmpty)
        #expect(failure.message.contains("has no reference, and none was recorded because the record mode is never (record: .never)"))
        #expect(failure.message.contains("reference (missing): \(failure.reference)"))
        #expect(failure.message.contains("run `PROOFSHEET_RECORD=missing swift test --filter missingWithModeNeverFailsWithoutRecording`"))
        // The actual image is kept with the artifacts, for CI jobs that upload them.
        #expect(failure.actual.map { FileManager.default.fileExists(atPath: $0) } == true)
    }

    @Test func missingWithModeMissingRecordsAndFails() throws {
        let failure = try #require(verify(TicketCard(), record: .missing))
        #expect(failure.kind == .recorded)
        #expect(failure.message.contains("had no reference, so it was recorded (record mode missing: record: .missing)"))
        #expect(failure.message.contains("reference: \(failure.reference)"))
        #expect(fileNames(in: references) == ["missingWithModeMissingRecordsAndFails.card.png"])
        #expect(try RGBAImage(contentsOfFile: failure.reference).size == ImageSize(width: 200, height: 120))
        // The next run compares against it.
        #expect(verify(TicketCard(), record: .missing) == nil)
        #expect(verify(TicketCard(), record: .never) == nil)
    }

    @Test func modeAllRecordsAndFailsEvenWhenMatching() throws {
        _ = verify(TicketCard(), record: .missing)
        let same = try #require(verify(TicketCard(), record: .all))
        #expect(same.kind == .recorded)
        #expect(same.message.contains("was recorded because the record mode is all (record: .all); it is the same as the previous one"))
        let changed = try #require(verify(TicketCard(accent: .red), record: .all))
        #expect(changed.message.contains("it replaced a reference that differed:"))
        #expect(verify(TicketCard(accent: .red), record: .never) == nil)
    }

    @Test func modeFailedRewritesOnlyFailingReferences() throws {
        _ = verify(TicketCard(), record: .missing)
        #expect(verify(TicketCard(), record: .failed) == nil)
        let failure = try #require(verify(TicketCard(accent: .red), record: .failed))
        #expect(failure.kind == .recorded)
        #expect(failure.message.contains("did not match its reference:"))
        #expect(failure.message.contains("It was re-recorded because the record mode is failed (record: .failed)"))
        #expect(failure.artifacts["diff"] != nil)
        #expect(verify(TicketCard(accent: .red), record: .never) == nil)
    }

    @Test func unnamedSnapshotsAreNumberedAndNamesSanitized() throws {
        let first = try #require(verify(TicketCard(), named: nil, record: .missing))
        let second = try #require(verify(TicketCard(), named: nil, record: .missing))
        let named = try #require(verify(TicketCard(), named: "iPhone 14 / dark", record: .missing))
        #expect(URL(fileURLWithPath: first.reference).lastPathComponent == "unnamedSnapshotsAreNumberedAndNamesSanitized.1.png")
        #expect(URL(fileURLWithPath: second.reference).lastPathComponent == "unnamedSnapshotsAreNumberedAndNamesSanitized.2.png")
        #expect(URL(fileURLWithPath: named.reference).lastPathComponent == "unnamedSnapshotsAreNumberedAndNamesSanitized.iPhone-14-dark.png")
    }

    @Test func defaultReferenceFolderIsNextToTheTestFile() throws {
        // Not recorded (mode never), so nothing is written next to this file.
        let failure = try #require(
            verifySnapshot(
                of: TicketCard(), as: .image(canvas: cardCanvas), named: "never-written", record: .never,
                artifactsDirectory: artifacts.path))
        let expected = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/RecordingTests/defaultReferenceFolderIsNextToTheTestFile.never-written.png").path
        #expect(failure.reference == expected)
        #expect(!FileManager.default.fileExists(atPath: expected))
    }
}

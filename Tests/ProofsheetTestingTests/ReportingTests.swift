import Foundation
import Testing
import ProofsheetTesting

/// `assertSnapshot` reports its failures as Swift Testing issues at the caller's line.
@Suite("Reporting")
struct ReportingTests {
    @Test func failureIsRecordedAsAnIssueAtTheCallSite() {
        let line = #line + 3
        withKnownIssue {
            // Mode never and no reference: fails without writing a reference.
            assertSnapshot(of: TicketCard(), as: .image(canvas: cardCanvas), named: "never-recorded", record: .never)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains(#"Snapshot "failureIsRecordedAsAnIssueAtTheCallSite.never-recorded" has no reference"#)
                && issue.sourceLocation?.line == line
                && issue.sourceLocation?.fileName == "ReportingTests.swift"
        }
        let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/ReportingTests/failureIsRecordedAsAnIssueAtTheCallSite.never-recorded.png")
        #expect(!FileManager.default.fileExists(atPath: reference.path))
    }

    @Test func renderErrorIsReported() {
        withKnownIssue {
            assertSnapshot(of: Text("x"), as: .svg(device: "Nokia 3310"), record: .never)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("unknown device 'Nokia 3310'")
        }
    }

    @Test(arguments: ["Yosemite", "Tioga"])
    func parameterizedTestsMustNameTheirSnapshots(title: String) throws {
        // The cases run in parallel, so numbered snapshots would collide: a name is required.
        withKnownIssue {
            assertSnapshot(of: TicketCard(title: title), as: .displayList(canvas: cardCanvas), record: .never)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("the test is parameterized")
        }
        let artifacts = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: artifacts) }
        let named = verifySnapshot(
            of: TicketCard(title: title), as: .displayList(canvas: cardCanvas), named: title, record: .never,
            snapshotDirectory: artifacts.path, artifactsDirectory: artifacts.path)
        #expect(named?.kind == .missing)
    }
}

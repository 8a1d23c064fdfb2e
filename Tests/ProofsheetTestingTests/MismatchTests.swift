import Foundation
import Testing
import ProofsheetTesting

/// Mismatches found through `verifySnapshot`, which returns the failure instead of reporting it,
/// in temporary reference and artifact folders.
@Suite("Mismatches")
final class MismatchTests: SnapshotFolders {

    @Test func imageMismatchFailsAndWritesArtifacts() throws {
        let recorded = try #require(verify(TicketCard(), as: .image(canvas: cardCanvas), record: .missing))
        #expect(recorded.kind == .recorded)
        let referenceBytes = try #require(FileManager.default.contents(atPath: recorded.reference))

        let failure = try #require(verify(TicketCard(accent: .red), as: .image(canvas: cardCanvas), record: .missing))
        #expect(failure.kind == .mismatch)
        #expect(failure.reference == references.appendingPathComponent("imageMismatchFailsAndWritesArtifacts.card.png").path)
        // The reference is untouched; the actual, the diff and the panels are in the artifacts folder.
        #expect(FileManager.default.contents(atPath: failure.reference) == referenceBytes)
        #expect(
            fileNames(in: artifacts) == [
                "imageMismatchFailsAndWritesArtifacts.card.diff.png",
                "imageMismatchFailsAndWritesArtifacts.card.panels.png",
                "imageMismatchFailsAndWritesArtifacts.card.png"
            ])
        let actualPath = try #require(failure.actual)
        let diffPath = try #require(failure.artifacts["diff"])
        let panelsPath = try #require(failure.artifacts["panels"])
        let actual = try RGBAImage(contentsOfFile: actualPath)
        #expect(actual.size == ImageSize(width: 200, height: 120))
        #expect(actual[x: 100, y: 74] == RGBAColor(r: 0xFF, g: 0x3B, b: 0x30))  // the red bar
        #expect(try RGBAImage(contentsOfFile: diffPath).size == ImageSize(width: 200, height: 120))
        #expect(try RGBAImage(contentsOfFile: panelsPath).size == ImageSize(width: 3 * 200 + 2 * DiffPanels.defaultGap, height: 120))

        // The message says what differs, where the files are and what to do.
        let m = failure.message
        #expect(m.contains(#"Snapshot "imageMismatchFailsAndWritesArtifacts.card" does not match its reference"#))
        #expect(m.contains(/\d+ of 24000 pixels \(\d+\.\d\d%\) differ at threshold 0\.1; allowed: none/))
        #expect(m.contains("reference: \(failure.reference)"))
        #expect(m.contains("actual: \(actualPath)"))
        #expect(m.contains("diff: \(diffPath)"))
        #expect(m.contains("panels: \(panelsPath) (reference | diff | actual)"))
        #expect(
            m.contains(
                "check the actual image and the diff, then re-record: `PROOFSHEET_RECORD=failed swift test --filter imageMismatchFailsAndWritesArtifacts`"
            ))
    }

    @Test func imageWithinToleranceMatches() throws {
        _ = verify(TicketCard(), as: .image(canvas: cardCanvas), record: .missing)
        let changed = TicketCard(title: "Yosemite Valley")
        let exact = try #require(verify(changed, as: .image(canvas: cardCanvas), record: .never))
        #expect(exact.kind == .mismatch)
        let count = try #require(exact.message.firstMatch(of: /(\d+) of 24000 pixels/).flatMap { Int($0.1) })
        #expect(count > 20)
        #expect(verify(changed, as: .image(canvas: cardCanvas, tolerance: Tolerance(maxPixels: count)), record: .never) == nil)
        #expect(verify(changed, as: .image(canvas: cardCanvas, tolerance: Tolerance(maxRatio: 0.5)), record: .never) == nil)
        let tooStrict = try #require(
            verify(
                changed, as: .image(canvas: cardCanvas, tolerance: Tolerance(maxPixels: count - 1)), record: .never))
        #expect(tooStrict.message.contains("allowed: at most \(count - 1) pixels"))
        let ratio = try #require(verify(changed, as: .image(canvas: cardCanvas, tolerance: Tolerance(maxRatio: 0.0001)), record: .never))
        #expect(ratio.message.contains("allowed: at most 0.01% of the pixels"))
    }

    @Test func sizeMismatchSaysSo() throws {
        _ = verify(TicketCard(), as: .image(canvas: cardCanvas), record: .missing)
        let failure = try #require(verify(TicketCard(), as: .image(canvas: Size(width: 200, height: 100)), record: .never))
        #expect(failure.kind == .mismatch)
        #expect(failure.message.contains("the sizes differ: the reference is 200x120 px, the actual image 200x100 px"))
        #expect(failure.artifacts.keys.sorted() == ["panels"])
    }

    @Test func unreadableReferenceIsAMismatch() throws {
        let path = references.appendingPathComponent("unreadableReferenceIsAMismatch.card.png").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("not a png".utf8)))
        let failure = try #require(verify(TicketCard(), as: .image(canvas: cardCanvas), record: .never))
        #expect(failure.kind == .mismatch)
        #expect(failure.message.contains("the reference could not be decoded"))
    }

    @Test func displayListMismatchShowsTheFirstDifferingLines() throws {
        _ = verify(TicketCard(), as: .displayList(canvas: cardCanvas), record: .missing)
        let failure = try #require(verify(TicketCard(title: "Tioga"), as: .displayList(canvas: cardCanvas), record: .never))
        #expect(failure.kind == .mismatch)
        #expect(failure.reference.hasSuffix("/displayListMismatchShowsTheFirstDifferingLines.card.txt"))
        let m = failure.message
        #expect(m.contains("the display list differs from the reference (5 lines in the reference, 5 in the actual; - reference, + actual):"))
        #expect(m.contains("@@ -1,5 +1,5 @@"))
        #expect(m.contains("\n-  text \"Yosemite\" "))
        #expect(m.contains("\n+  text \"Tioga\" "))
        #expect(m.contains("\n   symbol star.fill "))
        #expect(try String(contentsOfFile: #require(failure.actual), encoding: .utf8).contains("Tioga"))
    }

    @Test func svgMismatchSaysTheBytesDiffer() throws {
        _ = verify(TicketCard(), as: .svg(canvas: cardCanvas), record: .missing)
        let failure = try #require(verify(TicketCard(accent: .red), as: .svg(canvas: cardCanvas), record: .never))
        #expect(failure.kind == .mismatch)
        #expect(failure.message.contains("the SVG differs from the reference byte for byte"))
        #expect(failure.message.contains(/first difference at byte \d+, line \d+/))
        #expect(failure.message.contains("fill:rgb(100%,23.137255%,18.823529%)") || failure.message.contains("\n+"))
        #expect(failure.actual.map { $0.hasSuffix(".card.svg") } == true)
    }

    @Test func unknownDeviceIsAnError() throws {
        let failure = try #require(verify(TicketCard(), as: .image(device: "Nokia 3310"), record: .missing))
        #expect(failure.kind == .error)
        #expect(failure.message.contains("could not be taken: unknown device 'Nokia 3310'"))
        #expect(fileNames(in: references).isEmpty)
    }
}

import Testing
@testable import ProofsheetTesting

/// The short line diff in text mismatch messages.
@Suite("Line diff")
struct LineDiffTests {
    @Test func changedLineWithContext() {
        let diff = LineDiff.render(reference: "a\nb\nc\nd\ne\nf\n", actual: "a\nb\nc\nD\ne\nf\n")
        #expect(
            diff == """
                @@ -2,5 +2,5 @@
                 b
                 c
                -d
                +D
                 e
                 f
                """)
    }

    @Test func insertedLineShowsOnlyTheInsertion() {
        let diff = LineDiff.render(reference: "a\nb\nc\n", actual: "a\nb\nx\nc\n")
        #expect(diff == "@@ -1,3 +1,4 @@\n a\n b\n+x\n c")
    }

    @Test func separateChangesMakeSeparateHunks() {
        let old = (1...20).map(String.init).joined(separator: "\n")
        let new = old.replacingOccurrences(of: "\n3\n", with: "\nthree\n").replacingOccurrences(of: "\n17\n", with: "\n\n")
        let diff = LineDiff.render(reference: old, actual: new)
        #expect(diff.components(separatedBy: "@@ -").count == 3)
        #expect(diff.contains("-3\n+three"))
        #expect(diff.contains("-17\n+\n"))
    }

    @Test func longDiffsAreCut() {
        let old = (1...100).map { "line \($0)" }.joined(separator: "\n")
        let new = (1...100).map { "LINE \($0)" }.joined(separator: "\n")
        let diff = LineDiff.render(reference: old, actual: new, maxLines: 6)
        #expect(diff.split(separator: "\n").count == 8)
        #expect(diff.hasSuffix("… (194 more diff lines not shown)"))
    }

    @Test func equalTextsHaveNoDiff() {
        #expect(LineDiff.render(reference: "same\n", actual: "same\n") == "")
    }
}

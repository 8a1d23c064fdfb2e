import Foundation
import ProofsheetCore
import ProofsheetTestSupport
import ProofsheetUI
import Testing

/// What a hostile screen or call gets: a bad-input error that says what is wrong and how to
/// raise the limit, in a moment, and nothing written.
@Suite struct HostileTests {
    func error(_ make: @escaping @MainActor () -> some View) throws -> String {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1, make)
        do {
            _ = try screen.instantiate(try screen.state(still: nil))
        } catch let e as ProofsheetError {
            #expect(e.kind == .badInput)
            return e.description
        }
        return ""
    }

    @Test func hugeCollectionsAndTextsAreErrors() throws {
        let started = Date()
        #expect(try error { HugeForEach() }.contains("has 50000000 elements; a screen builds at most 200000 views"))
        #expect(try error { ManyViews() }.contains("the screen builds more than 200000 views"))
        #expect(try error { LongText() }.contains("100000"))
        #expect(try error { MuchText() }.contains("the screen draws more than 1000000 characters of text"))
        // Refused before the work: well under a minute even in a debug build.
        #expect(Date().timeIntervalSince(started) < 60)
    }

    @MainActor @Test func renderRefusesWhatItCannotWrite() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A folder where the file should be, a name with no format, a scale past the limit.
        try FileManager.default.createDirectory(atPath: folder + "/taken.png", withIntermediateDirectories: false)
        #expect(throws: ProofsheetError.self) { try render(Text("x"), scale: 1, to: folder + "/taken.png") }
        #expect(throws: ProofsheetError.self) { try render(Text("x"), scale: 1, to: folder + "/") }
        #expect(throws: ProofsheetError.self) { try render(Text("x"), scale: 1_000_000, to: folder + "/huge.png") }
        // A link where the file should be is replaced, never written through.
        let outside = folder + "/outside.png"
        try Data("keep".utf8).write(to: URL(fileURLWithPath: outside))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.png", withDestinationPath: outside)
        try render(Text("x"), scale: 1, to: folder + "/link.png")
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "keep")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(left == ["link.png", "outside.png", "taken.png"])
        // A bad touch script or timeline name says so.
        #expect(throws: ProofsheetError.self) { try SwiftUIScene(device: "iPhone 14") { Text("x") }.timeline("bad name!", "tap 1,1") }
        #expect(throws: ProofsheetError.self) { try SwiftUIScene(device: "iPhone 14") { Text("x") }.timeline("t", "drag ### -> in s") }
    }
}

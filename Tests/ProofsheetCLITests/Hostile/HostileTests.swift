import Foundation
import Testing
import Proofsheet

/// Hostile inputs at every entry point of the `proofsheet` binary, one table per entry point.
/// Cases run in parallel (a few children at a time, see ``HostileRunner``); a pending case runs
/// inside `withKnownIssue` (not intermittent: once it passes, that is reported, and its mark
/// must go).
@Suite("Hostile")
struct HostileTests {
    static let all =
        HostileCase.sceneCases + HostileCase.cliCases + HostileCase.imageCases
        + HostileCase.goldenCases + HostileCase.reportCases + HostileCase.mergeCases + HostileCase.stateCases
        + HostileCase.configCases + HostileCase.motionCases + HostileCase.goldenSafetyCases + HostileCase.motionSafetyCases
        + HostileCase.outputSafetyCases + HostileCase.bombSafetyCases

    /// Runs a case; its problems are issues, known ones when it is pending. A failure of the
    /// harness itself (a sandbox that cannot be built) is never a known issue.
    static func check(_ c: HostileCase) async throws {
        let problems = try await HostileRunner.run(c)
        guard let reason = c.pending else {
            for p in problems { Issue.record(Comment(rawValue: p)) }
            return
        }
        withKnownIssue(Comment(rawValue: reason), isIntermittent: false) {
            for p in problems { Issue.record(Comment(rawValue: p)) }
        }
    }

    @Test("scene JSON", arguments: HostileCase.sceneCases)
    func scene(_ c: HostileCase) async throws { try await Self.check(c) }

    @Test("command-line arguments", arguments: HostileCase.cliCases)
    func cli(_ c: HostileCase) async throws { try await Self.check(c) }

    @Test("state and stills (--set, --still)", arguments: HostileCase.stateCases)
    func state(_ c: HostileCase) async throws { try await Self.check(c) }

    @Test("motion (animations, gestures, actions, timelines, frames)", arguments: HostileCase.motionCases)
    func motion(_ c: HostileCase) async throws { try await Self.check(c) }

    @Test("motion budgets (safety)", arguments: HostileCase.motionSafetyCases)
    func motionSafety(_ c: HostileCase) async throws { try await Self.check(c) }

    @Test("images", arguments: HostileCase.imageCases)
    func images(_ c: HostileCase) async throws { try await Self.check(c) }

    @Test("project configuration and check options", arguments: HostileCase.configCases)
    func config(_ c: HostileCase) async throws { try await Self.check(c) }

    @Test("goldens", arguments: HostileCase.goldenCases)
    func goldens(_ c: HostileCase) async throws { try await Self.check(c) }

    @Test("configurations, golden folders and prune (safety)", arguments: HostileCase.goldenSafetyCases)
    func goldenSafety(_ c: HostileCase) async throws { try await Self.check(c) }

    @Test("check reports (approve)", arguments: HostileCase.reportCases)
    func reports(_ c: HostileCase) async throws { try await Self.check(c) }

    @Test("shard folders (merge-reports)", arguments: HostileCase.mergeCases)
    func merge(_ c: HostileCase) async throws { try await Self.check(c) }

    @Test("output folders, imports and messages (safety)", arguments: HostileCase.outputSafetyCases)
    func outputSafety(_ c: HostileCase) async throws { try await Self.check(c) }

    @Test("stack depth, effect and pixel budgets (safety)", arguments: HostileCase.bombSafetyCases)
    func bombSafety(_ c: HostileCase) async throws { try await Self.check(c) }

    @Test func theTableIsWellFormed() {
        #expect(Self.all.count >= 150)
        let names = Self.all.map(\.name)
        #expect(Set(names).count == names.count, "duplicate case names")
        for c in Self.all {
            #expect(!c.exit.isEmpty, "\(c.name): no exit code")
            #expect(!c.exit.contains(3), "\(c.name): bad input never exits 3")
            #expect(c.exit != [2] || !c.says.isEmpty, "\(c.name): a refusal says what it refuses")
            #expect(c.pending.map { !$0.isEmpty } ?? true, "\(c.name): a pending case says why")
        }
    }

    /// `make test` names the release binary it built for the heavy cases: a name that leads
    /// nowhere is an error, never a quiet fall back to the slower debug binary.
    @Test func theNamedReleaseBinaryIsThere() {
        guard let named = HostileRunner.namedReleaseBinary else { return }
        #expect(FileManager.default.isExecutableFile(atPath: named), "PROOFSHEET_RELEASE_BINARY=\(named) is not an executable")
    }

    /// The bytes builders make what real decoders accept (the hostile images differ from these
    /// on purpose, so these must be right).
    @Test func buildersMakeValidImages() throws {
        let png = HostileBytes.uniformPNG(300, 7, [10, 20, 30, 255])
        let decoded = try RGBAImage(decoding: png, source: "built")
        #expect(decoded.width == 300 && decoded.height == 7)
        #expect(Array(decoded.pixels[(decoded.pixels.count - 4)...]) == [10, 20, 30, 255])
        let rgb = try RGBAImage(decoding: HostileBytes.uniformRGBPNG(5, 600, [1, 2, 3]), source: "rgb")
        #expect(rgb.width == 5 && rgb.height == 600 && Array(rgb.pixels[0..<4]) == [1, 2, 3, 255])
        let literal = HostileBytes.png(
            HostileBytes.ihdr(2, 1, colorType: 0), HostileBytes.chunk("IDAT", HostileBytes.zlib([0, 7, 9])),
            HostileBytes.iend)
        #expect(try RGBAImage(decoding: literal, source: "literal").pixels == [7, 7, 7, 255, 9, 9, 9, 255])
        #expect(HostileBytes.headerBomb(2_147_483_647, 1).count == 69)
    }
}

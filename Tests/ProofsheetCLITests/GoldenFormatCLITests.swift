import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet

/// Goldens as one Proofsheet's own: a narrowed prune judges only the scenes it was given, the
/// golden format in each golden's chunk is read (a newer or garbled one is refused, never
/// pruned), `--record all --only-changed-by VERSION` rewrites only what an older release recorded,
/// and `approve` always writes the chunk.
extension CheckCITests {
    /// The golden at `path` with its chunk's text changed by `edit` (same pixels).
    func rechunk(_ path: String, _ edit: (String) -> String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let text = try #require(PNGText.read(EnvironmentFingerprint.pngKeyword, in: bytes))
        let bare = PNGText.removing(EnvironmentFingerprint.pngKeyword, from: bytes)
        #expect(PNGText.read(EnvironmentFingerprint.pngKeyword, in: bare) == nil)
        try Data(PNGText.inserting(EnvironmentFingerprint.pngKeyword, edit(text), into: bare)).write(to: URL(fileURLWithPath: path))
    }

    func chunk(_ path: String) throws -> String? {
        PNGText.read(EnvironmentFingerprint.pngKeyword, in: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test func aNarrowedPruneJudgesOnlyTheScenesItWasGiven() throws {
        let red = Self.colourScene("red")
        let dir = try folder(["Scenes/deck.json": red, "Scenes/deck/detail.json": red, "deck.json": red])
        let all = try run(dir, ["check", "Scenes/deck.json", "Scenes/deck/detail.json", "deck.json", "--golden", "g", "--record", "all"])
        #expect(all.status == 0, "\(all.err)")
        let goldens = ["g/Scenes/deck/default/40x30@1x.png", "g/Scenes/deck/detail/default/40x30@1x.png", "g/deck/default/40x30@1x.png"]
        // Scenes/deck's folder holds Scenes/deck/detail's; the old folder of Scenes/deck ("deck")
        // is the root scene deck.json's.
        let narrowed = try run(dir, ["check", "Scenes/deck.json", "--golden", "g", "--record", "never", "--prune"])
        #expect(narrowed.status == 0 && !narrowed.err.contains("pruned"), "\(narrowed.err)")
        #expect(goldens.allSatisfy { exists(dir + "/" + $0) })
        // With deck.json gone, "deck" is Scenes/deck's old folder: pruned; detail's goldens stay.
        try FileManager.default.removeItem(atPath: dir + "/deck.json")
        let legacy = try run(dir, ["check", "Scenes/deck.json", "--golden", "g", "--record", "never", "--prune"])
        #expect(legacy.status == 0 && legacy.err.contains("pruned g/deck/default/40x30@1x.png"), "\(legacy.err)")
        #expect(exists(dir + "/" + goldens[0]) && exists(dir + "/" + goldens[1]) && !exists(dir + "/g/deck"))
    }

    @Test func theGoldenFormatIsReadAndANewerOneIsNeitherComparedNorPruned() throws {
        let dir = try folder(["s.json": Self.colourScene("red")])
        #expect(try run(dir, ["check", "s.json", "--golden", "g", "--record", "all"]).status == 0)
        let golden = dir + "/g/s/default/40x30@1x.png"
        #expect(try chunk(golden)?.hasSuffix(" golden-format=\(GoldenNames.formatVersion)") == true)
        try rechunk(golden) { $0.replacingOccurrences(of: "golden-format=2", with: "golden-format=99") }
        let newer = try run(dir, ["check", "s.json", "--golden", "g"])
        #expect(newer.status == 2 && newer.err.contains("recorded by a newer Proofsheet") && newer.err.contains("golden format 99"), "\(newer.err)")
        try rechunk(golden) { $0.replacingOccurrences(of: "golden-format=99", with: "golden-format=banana") }
        let garbled = try run(dir, ["check", "s.json", "--golden", "g"])
        #expect(garbled.status == 2 && garbled.err.contains("golden-format field is not a whole number"), "\(garbled.err)")
        // Without the field: format 1, compared as before.
        try rechunk(golden) { $0.replacingOccurrences(of: " golden-format=banana", with: "") }
        #expect(try run(dir, ["check", "s.json", "--golden", "g"]).status == 0)
        #expect(GoldenNames.format(ofChunk: "proofsheet=0.1.0") == 1 && GoldenNames.format(ofChunk: "a=1 golden-format=2 golden-format=2") == nil)
        // An orphan of a newer format is the newer Proofsheet's: listed, never deleted.
        try FileManager.default.createDirectory(atPath: dir + "/g/s/gone", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: golden, toPath: dir + "/g/s/gone/40x30@1x.png")
        try rechunk(dir + "/g/s/gone/40x30@1x.png") { $0 + " golden-format=3" }
        let prune = try run(dir, ["check", "s.json", "--golden", "g", "--prune"])
        #expect(prune.status == 0 && exists(dir + "/g/s/gone/40x30@1x.png") && prune.err.contains("not pruned"), "\(prune.err)")
    }

    @Test func onlyChangedByRewritesTheFailingGoldensAnOlderReleaseRecorded() throws {
        let dir = try folder(["old.json": Self.colourScene("red"), "new.json": Self.colourScene("red"), "same.json": Self.colourScene("red")])
        let scenes = ["check", "old.json", "new.json", "same.json", "--golden", "g"]
        #expect(try run(dir, scenes + ["--record", "all"]).status == 0)
        // old.json's golden says an older Proofsheet recorded it; old and new now differ.
        try rechunk(dir + "/g/old/default/40x30@1x.png") {
            $0.replacingOccurrences(of: "proofsheet=\(ReleaseVersion.current)", with: "proofsheet=0.0.9")
        }
        let oldBefore = try Data(contentsOf: URL(fileURLWithPath: dir + "/g/old/default/40x30@1x.png"))
        let newBefore = try Data(contentsOf: URL(fileURLWithPath: dir + "/g/new/default/40x30@1x.png"))
        for s in ["old", "new"] { try Self.colourScene("blue").write(toFile: dir + "/\(s).json", atomically: true, encoding: .utf8) }
        let r = try run(dir, scenes + ["--record", "all", "--only-changed-by", ReleaseVersion.current.description])
        #expect(r.status == 1, "the golden an older release did not record still fails: \(r.err)")
        #expect(
            r.err.contains("RECORDED old/default") && r.err.contains("recorded by proofsheet 0.0.9, before \(ReleaseVersion.current)"), "\(r.err)")
        #expect(r.err.contains("FAILED   new/default") && r.err.contains("not rewritten by --only-changed-by"), "\(r.err)")
        #expect(r.err.contains("PASSED   same/default"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/g/old/default/40x30@1x.png")) != oldBefore)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/g/new/default/40x30@1x.png")) == newBefore)
        #expect(try chunk(dir + "/g/old/default/40x30@1x.png")?.contains("proofsheet=\(ReleaseVersion.current) ") == true)
        // Only with --record all, and only a release up to this one.
        let alone = try run(dir, scenes + ["--only-changed-by", "0.1.0"])
        #expect(alone.status == 2 && alone.err.contains("--only-changed-by scopes --record all"), "\(alone.err)")
        let future = try run(dir, scenes + ["--record", "all", "--only-changed-by", "99.0.0"])
        #expect(future.status == 2 && future.err.contains("is not a release up to this one"), "\(future.err)")
        #expect(ReleaseVersion("0.0.9")! < ReleaseVersion("0.1")! && ReleaseVersion("1.2.3.4") == nil && ReleaseVersion("1.x") == nil)
    }

    @Test func approveAlwaysWritesTheChunkAndOnlyGoldenPaths() throws {
        let dir = try folder(["s.json": Self.colourScene("red")])
        #expect(try run(dir, ["check", "s.json", "--golden", "g", "--record", "all"]).status == 0)
        try Self.colourScene("blue").write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        #expect(try run(dir, ["check", "s.json", "--golden", "g", "--report", "r"]).status == 1)
        // The report's actual image with a forged format: the golden gets this Proofsheet's.
        let actual = dir + "/r/images/s/default/40x30@1x.actual.png"
        try rechunk(actual) { $0.replacingOccurrences(of: "golden-format=2", with: "golden-format=7") }
        let approved = try run(dir, ["approve", "--report", "r", "--png-compression", "fast"])
        #expect(approved.status == 0, "\(approved.err)")
        let text = try #require(try chunk(dir + "/g/s/default/40x30@1x.png"))
        #expect(EnvironmentFingerprint(text: text) != nil && GoldenNames.format(ofChunk: text) == GoldenNames.formatVersion, "\(text)")
        #expect(GoldenNames.isRecorded(dir + "/g/s/default/40x30@1x.png"))
        // An entry whose variant no golden name has is refused before anything is written.
        try Self.colourScene("green").write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        #expect(try run(dir, ["check", "s.json", "--golden", "g", "--report", "r"]).status == 1)
        for file in ["results.json", "times.json"] {
            let text = try read(dir + "/r/" + file).replacingOccurrences(of: "40x30@1x", with: "whatever")
            try text.write(toFile: dir + "/r/" + file, atomically: true, encoding: .utf8)
        }
        try FileManager.default.moveItem(
            atPath: dir + "/r/images/s/default/40x30@1x.actual.png", toPath: dir + "/r/images/s/default/whatever.actual.png")
        let forged = try run(dir, ["approve", "--report", "r"])
        #expect(forged.status == 2 && forged.err.contains("is not a path a check names goldens with"), "\(forged.err)")
        #expect(!exists(dir + "/g/s/default/whatever.png"))
    }
}

import Foundation
import ProofsheetCore
import ProofsheetTestSupport
import Testing

@testable import ProofsheetUIBuild
import ProofsheetUI

/// The build cache of `proofsheet swiftui --cache DIR`: only its own builds are ever removed,
/// whatever else the folder holds (another output of Proofsheet's included).
@Suite struct PreviewCacheTests {
    /// A folder `name` in `cache` written as Proofsheet writes whole folders, holding `files`.
    func ourFolder(_ cache: String, _ name: String, files: [String]) throws {
        let target = cache + "/" + name
        let temp = try FileOutput.temporaryFolder(beside: target)
        for f in files { try FileOutput.write(Array("x".utf8), to: temp + "/" + f, createFolders: false, sync: false) }
        try FileOutput.replaceFolder(target, with: temp)
    }

    @Test func onlyBuildsAreEverPruned() throws {
        let cache = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        // Ten builds, oldest first by their times.
        let builds = (0..<10).map { String(0xa0 + $0, radix: 16) }
        for (i, b) in builds.enumerated() {
            try ourFolder(cache, b, files: ["previews"])
            let time = Date(timeIntervalSince1970: 1_700_000_000 + Double(i) * 60)
            try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: cache + "/" + b)
        }
        // Proofsheet's other folders, older than every build: a frames folder, a folder named like
        // a build but holding frames, and a user's folder of the build's shape without a marker.
        try ourFolder(cache, "frames", files: ["0001.png", "manifest.json"])
        try ourFolder(cache, "beef", files: ["0001.png"])
        try FileManager.default.createDirectory(atPath: cache + "/cafe", withIntermediateDirectories: false)
        try FileOutput.write(Array("x".utf8), to: cache + "/cafe/previews")
        for other in ["frames", "beef", "cafe"] {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: cache + "/" + other)
        }
        #expect(PreviewProgram.isBuild("a0", in: cache))
        #expect(!PreviewProgram.isBuild("frames", in: cache))
        #expect(!PreviewProgram.isBuild("beef", in: cache))
        #expect(!PreviewProgram.isBuild("cafe", in: cache))

        PreviewProgram.prune(cache, keep: 8, except: cache + "/a9")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: cache))
        // The newest eight builds (the one in use among them) and everything that is no build.
        #expect(left == Set(builds.suffix(8) + ["frames", "beef", "cafe"]))
    }
}

/// The preview program writes only into the temporary folder `proofsheet swiftui` made for it.
@Suite struct PreviewOutputTests {
    @Test func previewsAreWrittenOnlyIntoAStagingFolder() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for out in [dir, dir + "/new"] {
            #expect(throws: ProofsheetError.self) { _ = try PreviewRunner.run(["--out", out], previews: [], note: { _ in }) }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
        let staged = try FileOutput.temporaryFolder(beside: dir + "/out")
        #expect(FileOutput.isStagingFolder(staged) && !FileOutput.isStagingFolder(dir))
        #expect(try PreviewRunner.run(["--out", staged], previews: [], note: { _ in }) == 0)
        #expect(try PreviewRunner.run(["--out", staged + "/app"], previews: [], note: { _ in }) == 0)
        try FileOutput.replaceFolder(dir + "/out", with: staged)
        #expect(!FileOutput.isStagingFolder(dir + "/out"))
    }
}

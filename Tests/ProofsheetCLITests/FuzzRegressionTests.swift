import Foundation
import Testing
import ProofsheetTestSupport
@testable import ProofsheetFuzz

/// Replays the inputs the fuzzer found (`Tests/Fuzz/Regressions/<target>/`) and the seed corpus
/// (`Tests/Fuzz/Corpus/<target>/`) through the fuzz targets' own entry points: each must succeed
/// or throw one of the project's errors, never crash.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let fuzz = Paths.root + "/Tests/Fuzz"

    /// The files of `folder/<target>` (none when the folder does not exist).
    static func files(_ folder: String, _ target: FuzzTarget) -> [String] {
        let dir = fuzz + "/" + folder + "/" + target.rawValue
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { dir + "/" + $0 }
    }

    static func replay(_ path: String, _ target: FuzzTarget) throws {
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: path), "cannot read \(path)"))
        do {
            try target.run(bytes)
        } catch {
            #expect(FuzzTarget.isExpected(error), "\(path): unexpected error type \(type(of: error)): \(error)")
        }
    }

    @Test(arguments: FuzzTarget.allCases)
    func regressionsAreRejectedOrAccepted(_ target: FuzzTarget) throws {
        for path in Self.files("Regressions", target) { try Self.replay(path, target) }
    }

    @Test(arguments: FuzzTarget.allCases)
    func seedsAreRejectedOrAccepted(_ target: FuzzTarget) throws {
        for path in Self.files("Corpus", target) { try Self.replay(path, target) }
    }

    @Test func regressionFoldersAreNamedAfterTargets() throws {
        for folder in ["Regressions", "Corpus"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: Self.fuzz + "/" + folder)) ?? []
            for name in names where !name.hasPrefix(".") && name != "README.md" {
                #expect(FuzzTarget(rawValue: name) != nil, "Tests/Fuzz/\(folder)/\(name) is not a fuzz target")
            }
        }
    }

    @Test func seedImagesDecode() throws {
        // The generated seeds are valid files: each reaches the end of its decoder.
        for target in [FuzzTarget.png, .jpeg] {
            let paths = Self.files("Corpus", target)
            #expect(paths.count >= 8)
            for path in paths {
                let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
                #expect(throws: Never.self, "\(path)") { try target.run(bytes) }
            }
        }
    }
}

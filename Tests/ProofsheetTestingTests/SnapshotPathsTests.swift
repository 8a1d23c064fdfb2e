import Foundation
import Testing
import ProofsheetTesting

/// Where references and artifacts go, and how names become file names.
@Suite("Paths")
struct SnapshotPathsTests {
    let testFile = "/home/dev/app/Tests/AppTests/CardTests.swift"

    @Test func referencesGoInSnapshotsNextToTheTestFile() {
        #expect(SnapshotPaths.snapshotDirectory(forTestFile: testFile) == "/home/dev/app/Tests/AppTests/__Snapshots__/CardTests")
    }

    @Test func artifactsFolderCanBeOverridden() {
        #expect(
            SnapshotPaths.artifactsDirectory(forTestFile: testFile, environment: ["PROOFSHEET_ARTIFACTS": "/tmp/arts"])
                == "/tmp/arts/CardTests")
        let cwd = FileManager.default.currentDirectoryPath
        #expect(
            SnapshotPaths.artifactsDirectory(forTestFile: testFile, environment: ["PROOFSHEET_ARTIFACTS": "out/snaps"])
                == URL(fileURLWithPath: cwd).appendingPathComponent("out/snaps/CardTests").standardizedFileURL.path)
    }

    @Test func artifactsDefaultToTheBuildFolderOfThePackage() throws {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        #expect(FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path))
        #expect(SnapshotPaths.packageRoot(containing: #filePath)?.path == package.standardizedFileURL.path)
        #expect(
            SnapshotPaths.artifactsDirectory(forTestFile: #filePath, environment: [:])
                == package.appendingPathComponent(".build/snapshot-artifacts/SnapshotPathsTests").standardizedFileURL.path)
        // An empty variable counts as unset.
        #expect(
            SnapshotPaths.artifactsDirectory(forTestFile: #filePath, environment: ["PROOFSHEET_ARTIFACTS": ""])
                == package.appendingPathComponent(".build/snapshot-artifacts/SnapshotPathsTests").standardizedFileURL.path)
    }

    @Test(arguments: [
        ("testCard()", "testCard"), ("cardOnDevice(name:)", "cardOnDevice-name"), ("iPhone 14", "iPhone-14"),
        ("dark_mode-v2", "dark_mode-v2"), ("../../etc", "etc"), ("Größe", "Gr-e"), ("()", "snapshot")
    ])
    func namesAreSanitized(name: String, sanitized: String) {
        #expect(SnapshotPaths.sanitize(name) == sanitized)
    }
}

import Foundation

/// Where an assertion's reference and failure artifacts go.
///
/// References: `<folder of the test file>/__Snapshots__/<TestFile>/<testName>.<n or name>.<ext>`.
/// Artifacts: `$PROOFSHEET_ARTIFACTS/<TestFile>/`, else `<package>/.build/snapshot-artifacts/<TestFile>/`.
public enum SnapshotPaths {
    /// The environment variable that moves the artifacts folder.
    public static let artifactsVariable = "PROOFSHEET_ARTIFACTS"

    /// The test file's name without its extension (`ButtonTests` for `…/ButtonTests.swift`).
    public static func testFileName(_ filePath: String) -> String {
        URL(fileURLWithPath: filePath).deletingPathExtension().lastPathComponent
    }

    /// `__Snapshots__/<TestFile>` next to the test file.
    public static func snapshotDirectory(forTestFile filePath: String) -> String {
        URL(fileURLWithPath: filePath).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__")
            .appendingPathComponent(testFileName(filePath)).path
    }

    /// The artifacts folder for a test file: `$PROOFSHEET_ARTIFACTS/<TestFile>` when the variable
    /// is set (a relative path is taken from the current folder), else
    /// `<package>/.build/snapshot-artifacts/<TestFile>`, where the package is the nearest folder
    /// above the test file with a `Package.swift` (the system's temporary folder if none).
    public static func artifactsDirectory(
        forTestFile filePath: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        let base: URL
        if let custom = environment[artifactsVariable], !custom.isEmpty {
            base = URL(fileURLWithPath: custom, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        } else if let package = packageRoot(containing: filePath) {
            base = package.appendingPathComponent(".build").appendingPathComponent("snapshot-artifacts")
        } else {
            base = FileManager.default.temporaryDirectory.appendingPathComponent("proofsheet-snapshot-artifacts")
        }
        return base.appendingPathComponent(testFileName(filePath)).standardizedFileURL.path
    }

    /// The nearest folder above `filePath` that holds a `Package.swift`, looking no higher than
    /// the repository root (the first folder holding `.git`).
    public static func packageRoot(containing filePath: String) -> URL? {
        var dir = URL(fileURLWithPath: filePath).deletingLastPathComponent().standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) { return dir }
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent(".git").path) { return nil }
            let parent = dir.deletingLastPathComponent()
            if parent.path == dir.path { return nil }
            dir = parent
        }
    }

    /// A file-name-safe form of a test or snapshot name: runs of characters other than letters,
    /// digits, `_` and `-` become `-`, with none at the ends (`testCard()` → `testCard`,
    /// `iPhone 14` → `iPhone-14`).
    public static func sanitize(_ name: String) -> String {
        var out = ""
        var pendingDash = false
        for scalar in name.unicodeScalars {
            let ok = (scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar))) || scalar == "_" || scalar == "-"
            if ok {
                if pendingDash && !out.isEmpty { out.append("-") }
                pendingDash = false
                out.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return out.isEmpty ? "snapshot" : out
    }
}

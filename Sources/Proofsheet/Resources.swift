import Foundation
import ProofsheetCore

/// Where the built-in assets (example photos, scenes, the pinned fonts.conf) are.
///
/// Looked up, in order: `$PROOFSHEET_ASSETS`; next to the installed binary
/// (`<prefix>/bin/proofsheet` → `<prefix>/share/proofsheet/Assets`); the package checkout the
/// binary was built in (`.build/<triple>/<config>/proofsheet` → `Assets`); the checkout this
/// source file is in.
public enum Resources {
    public static let assetsDirectory: String? = {
        let fm = FileManager.default
        func ok(_ p: String) -> Bool { fm.fileExists(atPath: p + "/Fonts/fonts.conf") }
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["PROOFSHEET_ASSETS"], !env.isEmpty { candidates.append(env) }
        if let exe = try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            var dir = (exe as NSString).deletingLastPathComponent
            candidates.append(dir + "/../share/proofsheet/Assets")
            for _ in 0..<4 {
                dir = (dir as NSString).deletingLastPathComponent
                candidates.append(dir + "/Assets")
            }
        }
        let source = #filePath
        candidates.append(
            URL(fileURLWithPath: source).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path + "/Assets")
        return candidates.first(where: ok).map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    }()

    /// The built-in assets folder, or an error that says how to point at one.
    public static func assets() throws -> String {
        guard let a = assetsDirectory else {
            throw ProofsheetError.internal("built-in assets not found; set PROOFSHEET_ASSETS to the Assets folder, or reinstall with `make install`")
        }
        return a
    }

    /// The CI examples `proofsheet init` writes from: `Assets/CI` where installed, the package's
    /// `Examples/ci` in a checkout.
    public static func ciExamples() throws -> String {
        let assets = try assets()
        for folder in [assets + "/CI", assets + "/../Examples/ci"] where FileManager.default.fileExists(atPath: folder + "/Jenkinsfile") {
            return URL(fileURLWithPath: folder).standardizedFileURL.path
        }
        throw ProofsheetError.internal("the CI examples are not found beside \(assets); reinstall with `make install`")
    }

    /// The folder of built-in images.
    public static func builtInImages() throws -> String { try assets() + "/Images" }
    /// The pinned font configuration.
    public static func fontsConf() throws -> String { try assets() + "/Fonts/fonts.conf" }
}

import Foundation
import ProofsheetCore

/// A Swift package's view targets, read from its manifest by SwiftPM (`swift package
/// dump-package`): the targets that use the `SwiftUI` or `ProofsheetUI` product, each compiled
/// as a preview program of its own.
public struct SwiftPackage: Sendable {
    /// A target of the package whose files are views.
    public struct Target: Sendable, Hashable {
        public let name: String
        /// Its source folder.
        public let folder: String
        /// The paths its manifest excludes (under `folder`).
        public let excluded: [String]
    }

    /// Whether `folder` is a package (holds `Package.swift`).
    public static func isPackage(_ folder: String) -> Bool {
        FileOutput.isFolder(folder) && FileOutput.isRegularFile(folder + "/Package.swift")
    }

    /// The view targets of the package in `folder` (those named in `only`, when given).
    ///
    /// - Throws: a bad-input error when SwiftPM cannot read the manifest (its message); a usage
    ///   error when no target uses `SwiftUI` or `ProofsheetUI`, a name in `only` is not one, or a
    ///   view target depends on another of the package's targets or packages (which a preview
    ///   program does not build).
    public static func viewTargets(of folder: String, only: [String] = []) throws -> [Target] {
        guard let swift = PreviewRuntime.which("swift") else {
            throw ProofsheetError.usage("the Swift toolchain (swift) is not on PATH", hint: "a package's manifest is read by SwiftPM")
        }
        let result = try PreviewRuntime.run(swift, ["package", "dump-package", "--package-path", folder])
        guard result.status == 0, let start = result.output.firstIndex(of: "{"),
            let json = try? JSONSerialization.jsonObject(with: Data(result.output[start...].utf8)) as? [String: Any]
        else {
            throw ProofsheetError.badInput(
                "SwiftPM cannot read \(visible(folder))/Package.swift: "
                    + result.output.suffix(2000).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " | "),
                hint: "fix the manifest")
        }
        var found: [Target] = []
        var all: [String] = []
        for t in json["targets"] as? [[String: Any]] ?? [] {
            guard let name = t["name"] as? String, (t["type"] as? String) == "regular" || (t["type"] as? String) == "executable" else { continue }
            all.append(name)
            let dependencies = t["dependencies"] as? [[String: Any]] ?? []
            let products = dependencies.compactMap { ($0["product"] as? [Any])?.first as? String }
            guard products.contains("SwiftUI") || products.contains("ProofsheetUI") else { continue }
            if !only.isEmpty && !only.contains(name) { continue }
            let others =
                dependencies.compactMap { d -> String? in
                    if let p = d["product"] as? [Any], let n = p.first as? String, n != "SwiftUI", n != "ProofsheetUI", n != "UIKit" { return n }
                    if let b = (d["byName"] ?? d["target"]) as? [Any], let n = b.first as? String { return n }
                    return nil
                }
            guard others.isEmpty else {
                throw ProofsheetError.usage(
                    "the view target \(name) also depends on \(others.joined(separator: ", ")), which a preview program does not build",
                    hint: "keep the views in a target that depends only on SwiftUI (or ProofsheetUI), or give that target's folder")
            }
            var path = t["path"] as? String
            if path == nil {
                path = ["Sources/" + name, "Source/" + name, "src/" + name, "srcs/" + name].first { FileOutput.isFolder(folder + "/" + $0) }
            }
            guard let path, !path.hasPrefix("/"), !path.split(separator: "/").contains(".."), FileOutput.isFolder(folder + "/" + path) else {
                throw ProofsheetError.badInput("the source folder of the target \(name) is not inside \(visible(folder))")
            }
            let excluded = (t["exclude"] as? [String] ?? []).map { folder + "/" + path + "/" + $0 }
            found.append(Target(name: name, folder: folder + "/" + path, excluded: excluded))
        }
        for name in only where !found.contains(where: { $0.name == name }) {
            throw ProofsheetError.usage(
                "\(visible(folder)) has no view target named '\(excerpt(name))'",
                hint: "its view targets use SwiftUI or ProofsheetUI; its targets: \(all.joined(separator: ", "))")
        }
        guard !found.isEmpty else {
            throw ProofsheetError.usage(
                "no target of \(visible(folder)) uses the SwiftUI or ProofsheetUI product",
                hint: "a view target depends on .product(name: \"SwiftUI\", package: \"Proofsheet\")")
        }
        return found
    }
}

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
        /// The package's own targets it imports, directly or through each other, each before
        /// those that import it.
        public let libraries: [Target]
    }

    /// Whether `folder` is a package (holds `Package.swift`).
    public static func isPackage(_ folder: String) -> Bool {
        FileOutput.isFolder(folder) && FileOutput.isRegularFile(folder + "/Package.swift")
    }

    /// The view targets of the package in `folder` (those named in `only`, when given).
    ///
    /// - Throws: a bad-input error when SwiftPM cannot read the manifest (its message); a usage
    ///   error when no target uses `SwiftUI` or `ProofsheetUI`, a name in `only` is not one, or a
    ///   view target depends on another package's product or a target that is not Swift (which a
    ///   preview program does not build; the package's own Swift targets are built with it).
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
        let targets = (json["targets"] as? [[String: Any]] ?? []).compactMap { t -> (String, [String: Any])? in
            (t["name"] as? String).map { ($0, t) }
        }
        let byName = Dictionary(targets, uniquingKeysWith: { a, _ in a })
        func products(_ t: [String: Any]) -> [String] {
            (t["dependencies"] as? [[String: Any]] ?? []).compactMap { ($0["product"] as? [Any])?.first as? String }
        }
        func locals(_ t: [String: Any]) -> [String] {
            (t["dependencies"] as? [[String: Any]] ?? []).compactMap { d in ((d["byName"] ?? d["target"]) as? [Any])?.first as? String }
        }
        func source(_ name: String, _ t: [String: Any]) throws -> Target {
            var path = t["path"] as? String
            if path == nil {
                path = ["Sources/" + name, "Source/" + name, "src/" + name, "srcs/" + name].first { FileOutput.isFolder(folder + "/" + $0) }
            }
            guard let path, !path.hasPrefix("/"), !path.split(separator: "/").contains(".."), FileOutput.isFolder(folder + "/" + path) else {
                throw ProofsheetError.badInput("the source folder of the target \(name) is not inside \(visible(folder))")
            }
            // A link may not lead a target out of the package (only what was given is read).
            func real(_ p: String) -> String { URL(fileURLWithPath: p).resolvingSymlinksInPath().standardizedFileURL.path }
            let root = real(folder), source = real(folder + "/" + path)
            guard source == root || source.hasPrefix(root == "/" ? "/" : root + "/") else {
                throw ProofsheetError.badInput(
                    "the source folder of the target \(name) (\(path)) leads outside \(visible(folder)) through a link",
                    hint: "keep the package's targets inside its folder")
            }
            let excluded = (t["exclude"] as? [String] ?? []).map { folder + "/" + path + "/" + $0 }
            return Target(name: name, folder: folder + "/" + path, excluded: excluded, libraries: [])
        }
        /// The package's targets `name` imports, each after those it imports (depth first).
        func libraries(of name: String, for view: String) throws -> [Target] {
            var order: [String] = []
            var visiting: Set<String> = []
            func visit(_ n: String, depth: Int) throws {
                guard !order.contains(n), depth < 64, visiting.insert(n).inserted else { return }
                guard let t = byName[n] else {
                    throw ProofsheetError.usage(
                        "the view target \(view) depends on \(n), which is not a target of \(visible(folder))",
                        hint: "a preview program builds the package's own targets, not other packages' products")
                }
                let others = products(t).filter { !["SwiftUI", "ProofsheetUI", "UIKit"].contains($0) }
                guard others.isEmpty else {
                    throw ProofsheetError.usage(
                        "the view target \(view) needs \(others.joined(separator: ", ")) (\(n == view ? "its" : n + "'s") dependency on another package), which a preview program does not build",
                        hint: "keep the views in targets that depend only on SwiftUI (or ProofsheetUI) and on the package's own targets")
                }
                for d in locals(t) { try visit(d, depth: depth + 1) }
                if n != view {
                    let type = t["type"] as? String
                    let library = try source(n, t)
                    guard type == "regular", !FileOutput.isFolder(library.folder + "/include") else {
                        throw ProofsheetError.usage(
                            "the view target \(view) depends on \(n), which is not a Swift library target",
                            hint: "a preview program builds Swift targets only")
                    }
                    order.append(n)
                }
            }
            try visit(name, depth: 0)
            return try order.map { try source($0, byName[$0]!) }
        }
        var found: [Target] = []
        var all: [String] = []
        for (name, t) in targets {
            guard (t["type"] as? String) == "regular" || (t["type"] as? String) == "executable" else { continue }
            all.append(name)
            let used = products(t)
            guard used.contains("SwiftUI") || used.contains("ProofsheetUI") else { continue }
            if !only.isEmpty && !only.contains(name) { continue }
            let target = try source(name, t)
            found.append(Target(name: name, folder: target.folder, excluded: target.excluded, libraries: try libraries(of: name, for: name)))
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

import Foundation
import ProofsheetCore

/// The preview program of a team's Swift files: their code, compiled with the Swift compiler
/// against ProofsheetUI, with an entry that draws the previews found in them (see
/// ``PreviewSourceFile``). Builds are cached by the files' content: a second run with the same
/// files starts at once.
public struct PreviewProgram: Sendable {
    /// The files, read and prepared, in path order.
    public let files: [PreviewSourceFile]
    /// The program's entry.
    public let main: String
    /// The Swift language mode the files are compiled in (5 or 6).
    public let swiftVersion: Int

    /// The module the files are compiled in (a preview's file ID starts with it): a package
    /// target's name, else `Screens`.
    public let module: String
    /// The package's own targets the files import, each a module compiled first (dependencies
    /// before the targets that import them).
    public let libraries: [Library]

    /// A target of the package the views import (`import Models`).
    public struct Library: Sendable {
        public let module: String
        public let files: [PreviewSourceFile]
        /// Reads and prepares `paths` as the module `module`.
        public init(module: String, paths: [String]) throws {
            self.module = module
            files = try PreviewProgram.read(paths)
        }
    }
    /// Most files, bytes per file and bytes in all read from the folders given.
    public static let mostFiles = 2_000
    public static let largestFile = 4 << 20
    public static let mostBytes = 32 << 20

    /// The `.swift` files of `inputs` (files, or folders searched through), in path order.
    /// Folders that hold no app code are passed over: hidden ones, build products
    /// (`.build`, `DerivedData`), test targets (`…Tests`), asset catalogues; and `Package.swift`.
    ///
    /// - Throws: a usage error for an input that is not there or not Swift, a folder with no
    ///   Swift file, more files or bytes than the limits, or a `main.swift` (a program of its own).
    public static func sourceFiles(in inputs: [String], excluding excluded: [String] = []) throws -> [String] {
        var found: [String] = []
        var bytes = 0
        func add(_ path: String) throws {
            guard found.count < mostFiles else {
                throw ProofsheetError.usage("more than \(mostFiles) Swift files", hint: "give the folder of the app's screens")
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            guard size <= largestFile else {
                throw ProofsheetError.usage("\(visible(path)) is larger than \(largestFile >> 20) MiB", hint: "a Swift file of views is far smaller")
            }
            bytes += size
            guard bytes <= mostBytes else {
                throw ProofsheetError.usage("the Swift files hold more than \(mostBytes >> 20) MiB", hint: "give the folder of the app's screens")
            }
            if (path as NSString).lastPathComponent == "main.swift" {
                throw ProofsheetError.usage(
                    "\(visible(path)) is a program's main.swift", hint: "give the folder of the views (a preview program has its own entry)")
            }
            found.append(path)
        }
        for input in inputs {
            guard FileOutput.exists(input) else {
                throw ProofsheetError.usage("\(visible(input)) is not there", hint: "give a folder of .swift files")
            }
            if FileOutput.isRegularFile(input) {
                guard input.hasSuffix(".swift") else { throw ProofsheetError.usage("\(visible(input)) is not a .swift file") }
                try add(input)
                continue
            }
            // A folder named on the command line is read, link or not; links inside it are not.
            guard FileOutput.isFolder(input) else {
                throw ProofsheetError.usage("\(visible(input)) is neither a .swift file nor a folder")
            }
            var pending = [input]
            var depth = 0
            while !pending.isEmpty, depth < 32 {
                var next: [String] = []
                for folder in pending {
                    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
                    for name in names where !name.hasPrefix(".") {
                        let path = folder == "/" ? "/" + name : folder + "/" + name
                        if excluded.contains(path) { continue }
                        // Links are not followed: only what is inside the folders given is read.
                        if FileOutput.isLink(path) { continue }
                        if FileOutput.isFolder(path) {
                            let skip =
                                ["DerivedData", "Pods", "build", "Carthage"].contains(name) || name.hasSuffix("Tests") || name.hasSuffix(".xcassets")
                                || name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace")
                            if !skip { next.append(path) }
                        } else if name.hasSuffix(".swift"), name != "Package.swift", FileOutput.isRegularFile(path) {
                            try add(path)
                        }
                    }
                }
                pending = next
                depth += 1
            }
        }
        guard !found.isEmpty else {
            throw ProofsheetError.usage(
                "no .swift files in \(inputs.map(visible).joined(separator: ", "))", hint: "give the folder of the app's views")
        }
        return found.sorted()
    }

    /// The asset catalogues (`*.xcassets`) in the folders of `inputs`, for images by name.
    public static func assetCatalogues(in inputs: [String]) -> [String] {
        var found: [String] = []
        for input in inputs where FileOutput.isFolder(input) && !FileOutput.isLink(input) {
            var pending = [input]
            var depth = 0
            while !pending.isEmpty, depth < 8 {
                var next: [String] = []
                for folder in pending {
                    for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() where !name.hasPrefix(".") {
                        let path = folder + "/" + name
                        guard FileOutput.isFolder(path), !FileOutput.isLink(path) else { continue }
                        if name.hasSuffix(".xcassets") { found.append(path) } else if name != "DerivedData" && name != "build" { next.append(path) }
                    }
                }
                pending = next
                depth += 1
            }
        }
        return found
    }

    /// Reads and prepares `paths` (see ``sourceFiles(in:)``).
    ///
    /// - Throws: a bad-input error naming a file that cannot be read or tokenised.
    public init(paths: [String], module: String = "Screens", swiftVersion: Int = 5, libraries: [Library] = []) throws {
        files = try Self.read(paths)
        self.swiftVersion = swiftVersion
        self.module = module
        self.libraries = libraries
        main = PreviewSourceFile.main(of: files, module: module)
    }

    static func read(_ paths: [String]) throws -> [PreviewSourceFile] {
        var files: [PreviewSourceFile] = []
        for (index, path) in paths.enumerated() {
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                throw ProofsheetError.badInput("\(visible(path)) cannot be read as UTF-8 text")
            }
            files.append(try PreviewSourceFile(path: path, text: text, index: index))
        }
        return files
    }

    /// The number of previews declared (apps and timeline lists count once).
    public var declarations: Int { files.reduce(0) { $0 + $1.previews.count } }

    /// What identifies a build: the runtime's archive, the compiler, the language mode and
    /// every file as compiled.
    func key(runtime: PreviewRuntime, compiler: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ s: String) {
            for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
            h = (h ^ 0xFF) &* 0x100_0000_01b3
        }
        mix(runtime.stamp)
        mix(compiler + " " + PreviewRuntime.stamp(of: compiler))
        mix("swift \(swiftVersion) \(module)")
        for library in libraries {
            mix("library \(library.module)")
            for f in library.files {
                mix(f.path)
                mix(f.compiled)
            }
        }
        for f in files {
            mix(f.path)
            mix(f.compiled)
        }
        mix(main)
        return String(h, radix: 16)
    }

    /// The program built (or found built) in `cache`: the executable's path.
    ///
    /// - Throws: a bad-input error when the files do not compile (the compiler's messages,
    ///   naming the files and lines, went to `messages`); an internal error when the runtime
    ///   cannot be built.
    public func build(runtime: PreviewRuntime, cache: String, note: (String) -> Void, messages: (String) -> Void) throws -> String {
        guard let compiler = PreviewRuntime.which("swiftc") else {
            throw ProofsheetError.usage("the Swift compiler (swiftc) is not on PATH", hint: "SwiftUI source is compiled with the Swift toolchain")
        }
        let folder = cache + "/" + key(runtime: runtime, compiler: compiler)
        let executable = folder + "/previews"
        if FileOutput.isOurFolder(folder), FileOutput.isRegularFile(executable) {
            note("using the build of these files in \(visible(folder))")
            return executable
        }
        try FileOutput.makeFolders(cache)
        let temp = try FileOutput.temporaryFolder(beside: folder)
        do {
            var scratch: [String] = []
            func write(_ files: [PreviewSourceFile], _ prefix: String) throws -> [String] {
                var paths: [String] = []
                for (i, f) in files.enumerated() {
                    let path = temp + "/\(prefix)\(i)-" + (f.path as NSString).lastPathComponent
                    try FileOutput.write(Array(f.compiled.utf8), to: path, createFolders: false, sync: false)
                    paths.append(path)
                }
                scratch += paths
                return paths
            }
            let common =
                [
                    "-swift-version", "\(swiftVersion)", "-Onone", "-D", "DEBUG", "-D", "PROOFSHEET_PREVIEWS", "-j2", "-diagnostic-style", "llvm",
                    "-module-cache-path", cache + "/module-cache"
                ] + (try runtime.compilerFlags())
            func compile(_ args: [String]) throws {
                let result = try PreviewRuntime.run(compiler, args)
                // The compiler's messages name the team's files (`#sourceLocation`); lines about
                // the temporary copies are left as they are.
                if !result.output.isEmpty { messages(result.output) }
                guard result.status == 0 else {
                    throw ProofsheetError.badInput(
                        "the Swift files did not compile (the compiler's messages are above)",
                        hint: "fix the errors it names; SwiftUI that ProofsheetUI does not draw yet is an error that says so")
                }
            }
            // The package's targets the views import: each a module and a static library.
            var archives: [String] = []
            if !libraries.isEmpty { try FileOutput.makeFolders(temp + "/modules") }
            for (n, library) in libraries.enumerated() {
                note("compiling the module \(library.module) (\(library.files.count) Swift file\(library.files.count == 1 ? "" : "s"))")
                let archive = temp + "/lib\(n).a"
                try compile(
                    [
                        "-module-name", library.module, "-parse-as-library", "-emit-library", "-static", "-emit-module", "-emit-module-path",
                        temp + "/modules/\(library.module).swiftmodule", "-I", temp + "/modules"
                    ] + common + (try write(library.files, "\(n)-"))
                        + ["-o", archive])
                archives.insert(archive, at: 0)
                scratch.append(archive)
            }
            let sources = try write(files, "")
            try FileOutput.write(Array(main.utf8), to: temp + "/main.swift", createFolders: false, sync: false)
            scratch.append(temp + "/main.swift")
            note("compiling \(files.count) Swift file\(files.count == 1 ? "" : "s") against ProofsheetUI")
            try compile(
                ["-module-name", module] + common + (libraries.isEmpty ? [] : ["-I", temp + "/modules"]) + sources + [temp + "/main.swift"]
                    + archives + runtime.linkerFlags() + ["-o", temp + "/previews"])
            // Only the program is kept.
            for s in scratch { try? FileManager.default.removeItem(atPath: s) }
            if !libraries.isEmpty { try? FileManager.default.removeItem(atPath: temp + "/modules") }
            try FileOutput.replaceFolder(folder, with: temp, what: "a preview build", option: "--cache")
        } catch {
            FileOutput.discardFolder(temp)
            throw error
        }
        Self.prune(cache, keep: 8, except: folder)
        return executable
    }

    /// Whether `name` in a cache folder is a preview build: named as ``key(runtime:compiler:)``
    /// names builds, ours (its marker lists exactly what it holds), and holding only the program.
    /// Anything else in the folder given as `--cache` (another output of Proofsheet's, a frames
    /// folder or a report, included) is never a build.
    static func isBuild(_ name: String, in cache: String) -> Bool {
        guard (1...16).contains(name.count), name.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return false }
        let path = cache + "/" + name
        guard FileOutput.isOurFolder(path), let held = try? FileManager.default.contentsOfDirectory(atPath: path) else { return false }
        return held.sorted() == [FileOutput.folderMarker, "previews"]
    }

    /// Removes the oldest builds in `cache` beyond `keep` (only folders ``isBuild(_:in:)``).
    static func prune(_ cache: String, keep: Int, except: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []
        var builds: [(path: String, time: Date)] = []
        for name in names {
            let path = cache + "/" + name
            guard path != except, isBuild(name, in: cache) else { continue }
            let time = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast
            builds.append((path, time))
        }
        for old in builds.sorted(by: { $0.time > $1.time }).dropFirst(max(0, keep - 1)) { try? FileManager.default.removeItem(atPath: old.path) }
    }
}

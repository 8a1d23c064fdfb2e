import Foundation
import ProofsheetCore

/// What a preview program is compiled and linked with: ProofsheetUI's modules and the
/// `ProofsheetUIRuntime` archive of a release build of Proofsheet's package, and the C
/// libraries its module maps name.
public struct PreviewRuntime: Sendable {
    /// Proofsheet's package folder (with `Package.swift` and `Sources/`).
    public let root: String
    /// Its release build folder (`.build/release`).
    public let products: String

    /// The static archive of the engine and the SwiftUI modules.
    public var archive: String { products + "/libProofsheetUIRuntime.a" }
    /// The command that builds the archive.
    public static let buildCommand = ["build", "-c", "release", "--static-swift-stdlib", "--product", "ProofsheetUIRuntime"]

    /// The runtime of the package at `root` if given, else of the package this executable was
    /// built in (found above the executable's own folder).
    ///
    /// - Throws: a usage error when there is no such package (an installed binary: give `root`).
    public static func locate(root given: String?, executable: String) throws -> PreviewRuntime {
        func isPackage(_ folder: String) -> Bool {
            FileOutput.isRegularFile(folder + "/Package.swift") && FileOutput.isFolder(folder + "/Sources/ProofsheetUI")
        }
        if let given {
            guard isPackage(given) else {
                throw ProofsheetError.usage(
                    "\(visible(given)) is not Proofsheet's package folder (no Package.swift with Sources/ProofsheetUI)",
                    hint: "give --runtime the folder Proofsheet was built in")
            }
            return PreviewRuntime(root: given, products: given + "/.build/release")
        }
        var folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent().path
        for _ in 0..<6 {
            if isPackage(folder) { return PreviewRuntime(root: folder, products: folder + "/.build/release") }
            let up = (folder as NSString).deletingLastPathComponent
            if up == folder { break }
            folder = up
        }
        throw ProofsheetError.usage(
            "SwiftUI source needs ProofsheetUI's runtime, built from Proofsheet's package; this proofsheet was not run from one",
            hint: "run the proofsheet built in Proofsheet's package folder, or give --runtime <that folder>")
    }

    /// The archive's size and time: a rebuilt runtime makes new preview builds.
    var stamp: String { Self.stamp(of: archive) }

    static func stamp(of path: String) -> String {
        var s = stat()
        guard stat(path, &s) == 0 else { return "none" }
        return "\(s.st_size) \(s.st_mtim.tv_sec).\(s.st_mtim.tv_nsec)"
    }

    /// Builds the archive with SwiftPM when it is missing.
    public func ensureBuilt(note: (String) -> Void) throws {
        guard !FileOutput.isRegularFile(archive) || !FileOutput.isFolder(products + "/Modules") else { return }
        guard let swift = Self.which("swift") else {
            throw ProofsheetError.usage("the Swift toolchain (swift) is not on PATH", hint: "SwiftUI source is compiled with the Swift toolchain")
        }
        note("building ProofsheetUI's runtime once (swift \(Self.buildCommand.joined(separator: " "))); this takes a few minutes")
        let result = try Self.run(swift, Self.buildCommand + ["--package-path", root])
        guard result.status == 0, FileOutput.isRegularFile(archive) else {
            throw ProofsheetError.internal("building ProofsheetUI's runtime failed:\n" + String(result.output.suffix(4000)))
        }
    }

    /// The package's module maps: its C modules, and those SwiftPM wrote for its C targets.
    func moduleMaps() -> [String] {
        var maps: [String] = []
        for folder in [root + "/Sources", products] {
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
                let map = folder + "/" + name + "/module.modulemap"
                if FileOutput.isRegularFile(map) { maps.append(map) }
            }
        }
        return maps
    }

    /// The package's system libraries found with pkg-config, as `Package.swift` names them.
    func pkgConfigNames() -> [String] {
        guard let text = try? String(contentsOfFile: root + "/Package.swift", encoding: .utf8) else { return [] }
        return Self.quoted(after: "pkgConfig: \"", in: text)
    }

    /// The libraries the package links: each module map's `link`, and `Package.swift`'s
    /// `linkedLibrary`.
    func libraries() -> [String] {
        var names: [String] = []
        for map in moduleMaps() {
            if let text = try? String(contentsOfFile: map, encoding: .utf8) { names += Self.quoted(after: "link \"", in: text) }
        }
        if let text = try? String(contentsOfFile: root + "/Package.swift", encoding: .utf8) {
            names += Self.quoted(after: ".linkedLibrary(\"", in: text)
        }
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// The strings that follow `prefix` up to the next quote.
    static func quoted(after prefix: String, in text: String) -> [String] {
        text.components(separatedBy: prefix).dropFirst().compactMap { part in
            part.split(separator: "\"", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
        }
    }

    /// The compiler's flags: the release build's modules, the C modules' maps and headers.
    func compilerFlags() throws -> [String] {
        var flags = ["-I", products + "/Modules"]
        for map in moduleMaps() { flags += ["-Xcc", "-fmodule-map-file=" + map] }
        let names = pkgConfigNames()
        if !names.isEmpty, let pkgConfig = Self.which("pkg-config") {
            let result = try Self.run(pkgConfig, ["--cflags-only-I"] + names)
            guard result.status == 0 else {
                throw ProofsheetError.usage("pkg-config does not find \(names.joined(separator: " ")):\n\(result.output)", hint: "run make deps")
            }
            for flag in result.output.split(whereSeparator: \.isWhitespace) { flags += ["-Xcc", String(flag)] }
        }
        return flags
    }

    /// The linker's flags: the archive, the C libraries, and Foundation's.
    func linkerFlags() -> [String] {
        ["-L", products, "-lProofsheetUIRuntime"] + libraries().map { "-l" + $0 }
            + ["-lFoundation", "-lFoundationEssentials", "-ldispatch", "-lswiftDispatch", "-lswiftSynchronization"]
    }

    /// The executable `name` on PATH.
    public static func which(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = dir + "/" + name
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs `executable` with `args`: its exit status and its output and errors together.
    static func run(_ executable: String, _ args: [String]) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = args
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        p.standardInput = FileHandle.nullDevice
        do { try p.run() } catch { throw ProofsheetError.internal("cannot run \(executable): \(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

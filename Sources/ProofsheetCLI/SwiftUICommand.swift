import Foundation
import Synchronization
import Proofsheet
import ProofsheetUIBuild

/// `proofsheet swiftui <folder|file.swift>...`: a team's SwiftUI files compiled against
/// ProofsheetUI (``PreviewProgram``), and the program run to draw their previews into a folder
/// that is written whole.
func swiftuiCommand(_ args: inout Arguments) throws -> Int32 {
    let quiet = args.flag("-q", "--quiet")
    let list = args.flag("--list")
    let strips = args.flag("--strips")
    let frames = args.flag("--frames")
    let output = try args.value("-o", "--output")
    let only = try args.values("--only")
    let device = try args.value("--device")
    let scale = try args.value("--scale")
    let scheme = try args.value("--color-scheme")
    let format = try args.value("--format")
    let fps = try args.value("--fps")
    let assets = try args.values("--assets")
    let versionText = try args.value("--swift-version")
    let cacheGiven = try args.value("--cache")
    let runtimeGiven = try args.value("--runtime")
    let timeoutText = try args.value("--timeout")
    let targets = try args.values("--target")
    let inputs = try args.positionals()
    guard !inputs.isEmpty else {
        throw ProofsheetError.usage("no Swift files given", hint: "proofsheet swiftui <folder of .swift files> (see --help)")
    }
    let swiftVersion = try versionText.map { Int(try number($0, option: "--swift-version", in: 5...6, whole: true)) } ?? 5
    let timeout = try timeoutText.map { try number($0, option: "--timeout", in: 1...86_400) } ?? 600
    if let scheme, !["light", "dark"].contains(scheme) {
        throw ProofsheetError.usage("--color-scheme '\(excerpt(scheme))' is not light or dark")
    }
    if let format, OutputFormat(rawValue: format) == nil { throw ProofsheetError.usage("--format '\(excerpt(format))' is not png, svg or pdf") }
    if let scale { _ = try number(scale, option: "--scale", in: 0.25...4) }
    if let fps { _ = try number(fps, option: "--fps", in: 1...240) }
    if let device { _ = try Device.named(device) }
    for folder in assets where !FileOutput.isFolder(folder) {
        throw ProofsheetError.usage("--assets \(visible(folder)) is not a folder")
    }
    let note: (String) -> Void = { line in if !quiet { FileHandle.standardError.write(Data("note: \(line)\n".utf8)) } }

    // Where the previews go, checked before anything is compiled.
    let base = ((URL(fileURLWithPath: inputs[0]).standardizedFileURL.path as NSString).lastPathComponent as NSString).deletingPathExtension
    let out = output ?? "Output/\(base.isEmpty ? "previews" : base).swiftui"
    if !list { try FileOutput.checkReplaceableFolder(out, what: "the previews") }

    // The programs: the folders and files given, as one; each view target of a package given,
    // as one of its own (its name the module's, its manifest read by SwiftPM).
    var programs: [(name: String?, program: PreviewProgram)] = []
    let packages = inputs.filter(SwiftPackage.isPackage)
    let plain = inputs.filter { !SwiftPackage.isPackage($0) }
    if !targets.isEmpty && packages.isEmpty { throw ProofsheetError.usage("--target names a package's target", hint: "give the package's folder") }
    if !plain.isEmpty {
        programs.append((nil, try PreviewProgram(paths: try PreviewProgram.sourceFiles(in: plain), swiftVersion: swiftVersion)))
    }
    for package in packages {
        for t in try SwiftPackage.viewTargets(of: package, only: targets) {
            let paths = try PreviewProgram.sourceFiles(in: [t.folder], excluding: t.excluded)
            let libraries = try t.libraries.map {
                try PreviewProgram.Library(module: $0.name, paths: try PreviewProgram.sourceFiles(in: [$0.folder], excluding: $0.excluded))
            }
            programs.append((t.name, try PreviewProgram(paths: paths, module: t.name, swiftVersion: swiftVersion, libraries: libraries)))
        }
    }
    for p in programs { for file in p.program.files { for skipped in file.skipped { note(skipped) } } }
    let runtime = try PreviewRuntime.locate(
        root: runtimeGiven, executable: CommandLine.arguments[0].contains("/") ? CommandLine.arguments[0] : "/proc/self/exe")
    try runtime.ensureBuilt(note: note)
    let cache = cacheGiven ?? defaultCache()
    var executables: [(name: String?, path: String)] = []
    for p in programs {
        if let name = p.name { note("the package's view target \(name)") }
        executables.append(
            (p.name, try p.program.build(runtime: runtime, cache: cache, note: note) { FileHandle.standardError.write(Data($0.utf8)) }))
    }
    // With several programs, each draws into a folder of its own (a target's name; the plain
    // folders' previews in `previews`).
    func subfolder(_ name: String?) -> String { executables.count == 1 ? "" : "/" + (name ?? "previews") }

    var runArgs: [String] = []
    if let device { runArgs += ["--device", device] }
    if let scale { runArgs += ["--scale", scale] }
    if scheme == "dark" { runArgs.append("--dark") }
    if let format { runArgs += ["--format", format] }
    for name in only { runArgs += ["--only", name] }
    for folder in assets + PreviewProgram.assetCatalogues(in: inputs) { runArgs += ["--assets", folder] }
    if strips { runArgs.append("--strips") }
    if frames { runArgs.append("--frames") }
    if let fps { runArgs += ["--fps", fps] }

    if list {
        for e in executables {
            if executables.count > 1 { FileHandle.standardOutput.write(Data("# \(e.name ?? "previews")\n".utf8)) }
            let status = try runPreviews(e.path, ["--list"] + runArgs, timeout: timeout, quiet: quiet)
            if status != 0 { return status }
        }
        return 0
    }

    let temp = try FileOutput.temporaryFolder(beside: out)
    do {
        for e in executables {
            let status = try runPreviews(e.path, ["--out", temp + subfolder(e.name)] + runArgs, timeout: timeout, quiet: quiet)
            guard status == 0 else {
                FileOutput.discardFolder(temp)
                return status
            }
        }
        try FileOutput.replaceFolder(out, with: temp, what: "the previews")
    } catch {
        FileOutput.discardFolder(temp)
        throw error
    }
    if !quiet { FileHandle.standardError.write(Data("wrote \(visible(out))/\n".utf8)) }
    return 0
}

/// Where builds are kept by default: `$XDG_CACHE_HOME/proofsheet/swiftui`, else under `~/.cache`.
private func defaultCache() -> String {
    let env = ProcessInfo.processInfo.environment
    if let xdg = env["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/proofsheet/swiftui" }
    if let home = env["HOME"], home.hasPrefix("/") { return home + "/.cache/proofsheet/swiftui" }
    return NSTemporaryDirectory() + "proofsheet-\(getuid())/swiftui"
}

/// Runs the preview program: its listing to standard output, its notes to standard error (its
/// `drew …` lines left out when quiet), stopped after `timeout` seconds. Its exit status; a
/// program that traps (the views' own code) is a bad input.
private func runPreviews(_ executable: String, _ args: [String], timeout: Double, quiet: Bool) throws -> Int32 {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = args
    p.standardInput = FileHandle.nullDevice
    // The program finds the fonts and built-in images where this proofsheet does.
    var environment = ProcessInfo.processInfo.environment
    environment["PROOFSHEET_ASSETS"] = try Resources.assets()
    p.environment = environment
    let errors = Pipe()
    p.standardError = errors
    do { try p.run() } catch { throw ProofsheetError.internal("cannot run the preview program: \(error)") }
    let timer = DispatchSource.makeTimerSource(queue: .global())
    let timedOut = Atomic(false)
    timer.schedule(deadline: .now() + timeout)
    timer.setEventHandler {
        timedOut.store(true, ordering: .relaxed)
        // SIGKILL: a signal that can be ignored may be (an ignored SIGTERM is inherited), and the
        // program has nothing to tidy (what it drew goes to a temporary folder).
        kill(p.processIdentifier, SIGKILL)
    }
    timer.resume()
    var pending = Data()
    while true {
        let chunk = errors.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        pending.append(chunk)
        while let newline = pending.firstIndex(of: 0x0A) {
            let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
            pending = Data(pending[(newline + 1)...])
            if !quiet || line.hasPrefix("proofsheet:") {
                FileHandle.standardError.write(Data(((line.hasPrefix("drew ") ? "note: " : "") + line + "\n").utf8))
            }
        }
    }
    p.waitUntilExit()
    timer.cancel()
    if timedOut.load(ordering: .relaxed) {
        throw ProofsheetError.badInput(
            "the preview program ran longer than \(fmt(timeout)) s and was stopped",
            hint: "a view's code may never finish; raise --timeout if it is only slow")
    }
    if p.terminationReason == .uncaughtSignal, [SIGTERM, SIGINT, SIGKILL, SIGHUP].contains(p.terminationStatus) {
        throw ProofsheetError.badInput("the preview program was stopped (signal \(p.terminationStatus)) before it finished")
    }
    if p.terminationReason == .uncaughtSignal {
        throw ProofsheetError.badInput(
            "the preview program stopped on signal \(p.terminationStatus) while drawing",
            hint: "the views' own code trapped (a fatalError, a force unwrap of nil, an index out of range); its message is above")
    }
    return p.terminationStatus
}

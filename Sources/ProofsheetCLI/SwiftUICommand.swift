import Foundation
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

    // The files, their previews, the build.
    let paths = try PreviewProgram.sourceFiles(in: inputs)
    let program = try PreviewProgram(paths: paths, swiftVersion: swiftVersion)
    for file in program.files { for skipped in file.skipped { note(skipped) } }
    let runtime = try PreviewRuntime.locate(
        root: runtimeGiven, executable: CommandLine.arguments[0].contains("/") ? CommandLine.arguments[0] : "/proc/self/exe")
    try runtime.ensureBuilt(note: note)
    let cache = cacheGiven ?? defaultCache()
    let executable = try program.build(runtime: runtime, cache: cache, note: note) { messages in
        FileHandle.standardError.write(Data(messages.utf8))
    }

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

    if list { return try runPreviews(executable, ["--list"] + runArgs, timeout: timeout, quiet: quiet) }

    let base = ((inputs[0] as NSString).lastPathComponent as NSString).deletingPathExtension
    let out = output ?? "Output/\(base.isEmpty ? "previews" : base).swiftui"
    try FileOutput.checkReplaceableFolder(out, what: "the previews")
    let temp = try FileOutput.temporaryFolder(beside: out)
    do {
        let status = try runPreviews(executable, ["--out", temp] + runArgs, timeout: timeout, quiet: quiet)
        guard status == 0 else {
            FileOutput.discardFolder(temp)
            return status
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
    nonisolated(unsafe) var timedOut = false
    timer.schedule(deadline: .now() + timeout)
    timer.setEventHandler {
        timedOut = true
        p.terminate()
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
    if timedOut {
        throw ProofsheetError.badInput(
            "the preview program ran longer than \(fmt(timeout)) s and was stopped",
            hint: "a view's code may never finish; raise --timeout if it is only slow")
    }
    if p.terminationReason == .uncaughtSignal {
        throw ProofsheetError.badInput(
            "the preview program stopped on signal \(p.terminationStatus) while drawing",
            hint: "the views' own code trapped (a fatalError, a force unwrap of nil, an index out of range); its message is above")
    }
    return p.terminationStatus
}

import Foundation
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout

/// The `proofsheet` command line: parse, run, map errors to exit codes.
func run(_ argv: [String]) throws -> Int32 {
    guard let command = argv.first else {
        print(Help.main)
        return 0
    }
    var args = Arguments(command: command, Array(argv.dropFirst()))
    // Limits are one option for every command: `--limit name=value`, repeatable.
    Limit.registerAll()
    for assignment in try args.values("--limit") { try Limit.apply(assignment) }
    switch command {
    case "-h", "--help", "help":
        if let topic = argv.dropFirst().first, let text = helpText(topic) { print(text) } else { print(Help.main) }
        return 0
    case "--version", "version":
        print(Help.version)
        return 0
    case "render", "layout":
        if args.flag("-h", "--help") { printHelp(command == "render" ? Help.render : Help.layout); return 0 }
        return try renderCommand(&args, layoutOnly: command == "layout")
    case "diff":
        if args.flag("-h", "--help") { printHelp(Help.diff); return 0 }
        return try diffCommand(&args)
    case "check":
        if args.flag("-h", "--help") { printHelp(Help.check); return 0 }
        return try checkCommand(&args)
    case "approve":
        if args.flag("-h", "--help") { printHelp(Help.approve); return 0 }
        return try approveCommand(&args)
    case "merge-reports":
        if args.flag("-h", "--help") { printHelp(Help.mergeReports); return 0 }
        return try mergeReportsCommand(&args)
    case "symbols":
        if args.flag("-h", "--help") { printHelp(Help.symbols); return 0 }
        try args.noPositionals()
        for name in SymbolCatalog.symbols.keys.sorted() { print(name) }
        return 0
    case "colors", "colours":
        if args.flag("-h", "--help") { printHelp(Help.colors); return 0 }
        try args.noPositionals()
        for (name, c) in Color.named.sorted(by: { $0.key < $1.key }) { print("\(name): \(c.hexString)") }
        return 0
    case "limits":
        if args.flag("-h", "--help") { printHelp(Help.limits); return 0 }
        try args.noPositionals()
        for l in Limit.all {
            let changed = l.value != l.defaultValue ? " (default \(fmt(l.defaultValue)))" : ""
            print("\(l.name)=\(fmt(l.value))\(changed)  \(l.summary), in \(l.unit)")
        }
        return 0
    case "devices":
        if args.flag("-h", "--help") { printHelp(Help.devices); return 0 }
        try args.noPositionals()
        for d in Device.presets {
            let aliases = Device.aliases.filter { $0.value == d.name }.keys.sorted()
            print(
                "\(d.name): \(fmt(d.size.width))x\(fmt(d.size.height)) pt @\(d.scale)x, safe area \(fmt(d.safeArea.top))/\(fmt(d.safeArea.bottom))"
                    + (aliases.isEmpty ? "" : " (also: \(aliases.joined(separator: ", ")))"))
        }
        return 0
    default:
        let close = closeNames(
            to: command, in: ["render", "layout", "diff", "check", "approve", "merge-reports", "symbols", "colors", "devices", "limits", "help"])
        throw ProofsheetError.usage(
            "unknown command '\(clipped(command))'",
            hint: close.isEmpty ? "run `proofsheet --help` for the commands" : "did you mean \(listForHint(close.map { "'\($0)'" }))?")
    }
}

/// A command's help, with the option every command takes.
func helpText(_ topic: String) -> String? {
    [
        "render": Help.render, "layout": Help.layout, "diff": Help.diff, "check": Help.check, "approve": Help.approve,
        "merge-reports": Help.mergeReports, "symbols": Help.symbols, "colors": Help.colors, "devices": Help.devices, "limits": Help.limits
    ][topic]
}

func renderCommand(_ args: inout Arguments, layoutOnly: Bool) throws -> Int32 {
    let output = try args.value("-o", "--output")
    let outDirOption = try args.value("--out-dir")
    let outDir = outDirOption ?? "Output"
    let formats = try args.values("--format")
    let deviceName = try args.value("--device")
    let scaleText = try args.value("--scale")
    let assetDirs = try args.values("--assets")
    let compressionOption = try args.value("--png-compression")
    let compression = compressionOption ?? "fast"
    let dumpList = args.flag("--display-list")
    let json = args.flag("--json")
    let quiet = args.flag("-q", "--quiet")
    let scenes = try args.positionals()
    // An option a command would ignore is an error: it would not do what the user meant.
    if layoutOnly || dumpList {
        let ignored: [(String, Bool)] = [
            ("-o", output != nil), ("--out-dir", outDirOption != nil), ("--format", !formats.isEmpty),
            ("--png-compression", compressionOption != nil), ("--quiet", quiet)
        ]
        if let (name, _) = ignored.first(where: { $0.1 }) {
            throw ProofsheetError.usage(
                "\(layoutOnly ? "layout" : "--display-list") prints to standard output; \(name) does not apply",
                hint: layoutOnly
                    ? "redirect the output: proofsheet layout scene.json > layout.txt"
                    : "redirect the output, or drop --display-list to render files")
        }
    }
    if json && !layoutOnly {
        throw ProofsheetError.usage("--json is an option of layout, not render", hint: "proofsheet layout --json scene.json")
    }

    guard !scenes.isEmpty else {
        throw ProofsheetError.usage("no scene file given", hint: "proofsheet \(args.command) <scene.json>")
    }
    if output != nil && scenes.count > 1 {
        throw ProofsheetError.usage("-o names one output, but \(scenes.count) scenes were given", hint: "drop -o to write each into --out-dir")
    }
    let device = try deviceName.map { try Device.named($0) }
    let scale = try scaleText.map { try number($0, option: "--scale", in: Scene.Limits.scaleRange) }
    let png: PNGSettings
    switch compression {
    case "fast": png = .fast
    case "small": png = .small
    default: throw ProofsheetError.usage("--png-compression '\(compression)' is not fast or small")
    }
    var outFormats: [OutputFormat] = []
    if let output {
        guard let f = OutputFormat(path: output) else {
            throw ProofsheetError.usage("cannot tell the format of '\(output)'", hint: "end the file name with .png, .svg or .pdf")
        }
        if !formats.isEmpty { throw ProofsheetError.usage("--format and -o cannot be used together; the extension of -o decides") }
        outFormats = [f]
    } else {
        for f in formats.isEmpty ? ["png"] : formats {
            guard let of = OutputFormat(rawValue: f.lowercased()) else {
                throw ProofsheetError.usage("--format '\(f)' is not png, svg or pdf")
            }
            outFormats.append(of)
        }
    }
    for dir in assetDirs {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
            throw ProofsheetError.usage("--assets '\(dir)' is not a folder")
        }
    }

    let renderer = try Renderer(assetRoots: assetDirs)
    // Read and check every scene before writing anything.
    var loaded: [(path: String, scene: Scene)] = []
    for path in scenes {
        var scene = try SceneDecoder().decode(file: path)
        if let device { scene = scene.on(device, scale: scale) } else if let scale { scene.scale = scale }
        try scene.validateSize()
        loaded.append((path, scene))
    }
    // Lay out every scene first: a missing image or another bad input fails before any file
    // is written.
    var results: [(path: String, scene: Scene, layout: LayoutResult, seconds: Double)] = []
    for (path, scene) in loaded {
        let start = monotonicSeconds()
        results.append((path, scene, try renderer.layout(scene), monotonicSeconds() - start))
    }
    if layoutOnly || dumpList {
        for r in results {
            if results.count > 1 { print("# \(r.path)") }
            print(layoutOnly ? (json ? LayoutJSON.text(r.layout.tree) : r.layout.root.description) : r.layout.displayList.dump(), terminator: "")
        }
        return 0
    }
    // Render everything, then write: a failure leaves no file of this run behind.
    var outputs: [(target: String, bytes: [UInt8], note: String)] = []
    for r in results {
        for format in outFormats {
            let start = monotonicSeconds()
            let bytes = try renderer.backend.render(r.layout.displayList, format: format, scale: r.scene.scale, png: png)
            let name = ((r.path as NSString).lastPathComponent as NSString).deletingPathExtension
            // The first format's time includes laying out the scene.
            let ms = Int(((monotonicSeconds() - start + (format == outFormats[0] ? r.seconds : 0)) * 1000).rounded())
            let size =
                format == .png
                ? "\(Int((r.scene.canvas.width * r.scene.scale).rounded()))x\(Int((r.scene.canvas.height * r.scene.scale).rounded())) px"
                : "\(fmt(r.scene.canvas.width))x\(fmt(r.scene.canvas.height)) pt"
            outputs.append((output ?? "\(outDir)/\(name).\(format.rawValue)", bytes, "\(size), \(bytes.count / 1024) KiB, \(ms) ms"))
        }
    }
    // Two scenes of the same file name from different folders would overwrite each other.
    var targets: [String: String] = [:]
    for (o, r) in zip(outputs, results.flatMap { r in outFormats.map { _ in r } }) {
        if let other = targets[o.target] {
            throw ProofsheetError.usage(
                "\(other) and \(r.path) would both be written to \(o.target)",
                hint: "render them separately with -o, or into different --out-dir folders")
        }
        targets[o.target] = r.path
    }
    for o in outputs {
        try FileOutput.write(o.bytes, to: o.target)
        if !quiet { FileHandle.standardError.write(Data("wrote \(o.target) (\(o.note))\n".utf8)) }
    }
    return 0
}

/// `text` with control characters other than newlines shown as escapes, so no input can write
/// raw control bytes (a NUL, an escape sequence) to the terminal.
func visible(_ text: String) -> String {
    var out = ""
    for u in text.unicodeScalars {
        if (u.value < 0x20 && u != "\n") || u.value == 0x7F { out += "\\u{\(String(u.value, radix: 16))}" } else { out.unicodeScalars.append(u) }
    }
    return out
}

let status: Int32
do {
    status = try run(Array(CommandLine.arguments.dropFirst()))
} catch let e as ProofsheetError {
    FileHandle.standardError.write(Data("proofsheet: \(visible(e.description))\n".utf8))
    status = e.exitCode
} catch {
    FileHandle.standardError.write(Data("proofsheet: internal error: \(error)\n".utf8))
    status = 3
}
exit(status)

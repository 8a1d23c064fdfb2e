import Foundation
import Synchronization
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout
import ProofsheetTimeline

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
        return try helpCommand(Array(argv.dropFirst()))
    case "--version", "version":
        return try versionCommand()
    default:
        break
    }
    guard let spec = CommandSpec.named(command) else {
        let close = closeNames(to: command, in: CommandSpec.all.map(\.name) + ["help"])
        throw ProofsheetError.usage(
            "unknown command '\(clipped(command))'",
            hint: close.isEmpty ? "run `proofsheet --help` for the commands" : "did you mean \(listForHint(close.map { "'\($0)'" }))?")
    }
    if args.flag("-h", "--help") {
        printHelp(spec)
        return 0
    }
    switch spec.name {
    case "render", "layout": return try renderCommand(&args, layoutOnly: command == "layout")
    case "diff": return try diffCommand(&args)
    case "check": return try checkCommand(&args)
    case "approve": return try approveCommand(&args)
    case "merge-reports": return try mergeReportsCommand(&args)
    case "migrate": return try migrateCommand(&args)
    case "preview": return try previewCommand(&args)
    case "swiftui": return try swiftuiCommand(&args)
    case "stills": return try stillsCommand(&args)
    case "contrast": return try contrastCommand(&args)
    case "frames": return try framesCommand(&args)
    case "animate": return try animateCommand(&args)
    case "strip": return try stripCommand(&args)
    case "gallery": return try galleryCommand(&args)
    case "storyboard": return try storyboardCommand(&args)
    case "sweep": return try sweepCommand(&args)
    case "curve": return try curveCommand(&args)
    case "completion": return try completionCommand(&args)
    case "init": return try initCommand(&args)
    case "symbols":
        try args.noPositionals()
        for name in SymbolCatalog.symbols.keys.sorted() { print(name) }
        return 0
    case "colors":
        try args.noPositionals()
        for entry in Color.catalogue.sorted(by: { $0.name < $1.name }) {
            let note = entry.estimated ? ", estimated" : ""
            let increased =
                entry.hasIncreasedContrast
                ? "; increased contrast \(entry.increasedLight.hexString), dark \(entry.increasedDark.hexString)" : ""
            print("\(entry.name): \(entry.light.hexString)  (dark \(entry.dark.hexString)\(increased); \(entry.family.rawValue)\(note))")
        }
        return 0
    case "limits":
        try args.noPositionals()
        for l in Limit.all {
            let changed = l.value != l.defaultValue ? " (default \(fmt(l.defaultValue)))" : ""
            print("\(l.name)=\(fmt(l.value))\(changed)  \(l.summary), in \(l.unit)")
        }
        return 0
    case "devices":
        try args.noPositionals()
        for d in Device.presets {
            let aliases = Device.aliases.filter { $0.value == d.name }.keys.sorted()
            print(
                "\(d.name): \(fmt(d.size.width))x\(fmt(d.size.height)) pt @\(d.scale)x, safe area \(fmt(d.safeArea.top))/\(fmt(d.safeArea.bottom))"
                    + d.featureNote + (aliases.isEmpty ? "" : " (also: \(aliases.joined(separator: ", ")))"))
        }
        return 0
    default:
        throw ProofsheetError.internal("the command '\(spec.name)' is declared but not run")
    }
}

/// `proofsheet help [CMD]`: the main help, or a command's (the same text as `CMD --help`);
/// `proofsheet help synopsis`: the command line in brief, as the README has it.
func helpCommand(_ topics: [String]) throws -> Int32 {
    guard let topic = topics.first(where: { !$0.hasPrefix("-") }) else {
        print(Help.main)
        return 0
    }
    if topic == "synopsis" {
        print(CommandSpec.synopsis())
        return 0
    }
    guard let spec = CommandSpec.named(topic) else {
        let close = closeNames(to: topic, in: CommandSpec.all.map(\.name) + ["synopsis"])
        throw ProofsheetError.usage(
            "no help on '\(clipped(topic))'",
            hint: close.isEmpty ? "run `proofsheet --help` for the commands" : "did you mean \(listForHint(close.map { "'\($0)'" }))?")
    }
    printHelp(spec)
    return 0
}

/// One state of one scene to lay out and render.
struct RenderItem: Sendable {
    var path: String
    /// The still rendered, if one was chosen.
    var still: String?
    var scene: Scene
    /// `travel-deck` or `travel-deck.dragging-right`: the output's name without extension.
    var outputName: String {
        let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return still.map { "\(base).\($0)" } ?? base
    }
    var label: String { still.map { "\(path) [\($0)]" } ?? path }
}

/// Reads `--jobs N` (default: the processor count).
func jobsOption(_ args: inout Arguments) throws -> Int {
    guard let text = try args.value("--jobs", "-j") else { return defaultJobs }
    return Int(try number(text, option: "--jobs", in: 1...256, whole: true))
}

/// Prints a template's warnings on standard error.
func printWarnings(_ template: SceneTemplate, quiet: Bool) {
    guard !quiet else { return }
    for w in template.warnings { FileHandle.standardError.write(Data("proofsheet: warning: \(visible(w))\n".utf8)) }
}

func renderCommand(_ args: inout Arguments, layoutOnly: Bool) throws -> Int32 {
    let output = try args.value("-o", "--output")
    let outDirOption = try args.value("--out-dir")
    let outDir = outDirOption ?? "Output"
    let formats = try args.values("--format")
    let deviceName = try args.value("--device")
    let scaleText = try args.value("--scale")
    let assetDirs = try args.values("--assets")
    let compressionOption = try args.pngCompression()
    let svgTextOption = try args.svgText()
    let dumpList = args.flag("--display-list")
    let json = args.flag("--json")
    let quiet = args.flag("-q", "--quiet")
    let sets = try args.values("--set")
    let stillName = try args.value("--still")
    let allStills = args.flag("--all-stills")
    let timelineName = try args.value("--timeline")
    let atText = try args.value("--at")
    let jobs = try jobsOption(&args)
    let chrome = try chromeOption(&args)
    let variant = try variantOption(&args)
    let deviceFrame = args.flag("--device-frame")
    let overflow = try overflowOption(&args)
    let scenes = try args.positionals()
    // An option a command would ignore is an error: it would not do what the user meant.
    if layoutOnly || dumpList {
        let ignored: [(String, Bool)] = [
            ("-o", output != nil), ("--out-dir", outDirOption != nil), ("--format", !formats.isEmpty),
            ("--png-compression", compressionOption != nil), ("--svg-text", svgTextOption != nil), ("--quiet", quiet),
            ("--overflow", overflow != nil)
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
    if allStills, stillName != nil {
        throw ProofsheetError.usage("--still and --all-stills cannot be used together", hint: "drop one of them")
    }
    if allStills, output != nil {
        throw ProofsheetError.usage(
            "-o names one output, but --all-stills renders every still",
            hint: "drop -o: each still is written to <out-dir>/<scene>.<still>.<format>")
    }
    if let stillName, !Still.isValidName(stillName) {
        throw ProofsheetError.usage(
            "--still '\(clipped(stillName))' cannot name a still", hint: "\(Still.nameRule); `proofsheet stills <scene>` lists them")
    }
    if output != nil && scenes.count > 1 {
        throw ProofsheetError.usage("-o names one output, but \(scenes.count) scenes were given", hint: "drop -o to write each into --out-dir")
    }
    let device = try deviceName.map { try Device.named($0) }
    let scale = try scaleText.map { try number($0, option: "--scale", in: Scene.Limits.scaleRange) }
    let png = compressionOption ?? .fastest
    var chosenFormats: [OutputFormat] = []
    if let output {
        guard let f = OutputFormat(path: output) else {
            throw ProofsheetError.usage("cannot tell the format of '\(output)'", hint: "end the file name with .png, .svg or .pdf")
        }
        if !formats.isEmpty { throw ProofsheetError.usage("--format and -o cannot be used together; the extension of -o decides") }
        chosenFormats = [f]
    } else {
        for f in formats.isEmpty ? ["png"] : formats {
            guard let of = OutputFormat(rawValue: f.lowercased()) else {
                throw ProofsheetError.usage("--format '\(f)' is not png, svg or pdf")
            }
            chosenFormats.append(of)
        }
    }
    let outFormats = chosenFormats
    if svgTextOption != nil, !outFormats.contains(.svg), !(layoutOnly || dumpList) {
        throw ProofsheetError.usage("--svg-text applies to SVG output, and none is written", hint: "add --format svg, or -o out.svg")
    }
    for dir in assetDirs {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
            throw ProofsheetError.usage("--assets '\(dir)' is not a folder")
        }
    }

    // The renderer is made on a thread of its own while the scenes are read (loading its fonts
    // takes as long as reading a scene); an error making it still comes first.
    let making = BackgroundJob { try Renderer(assetRoots: assetDirs) }
    if timelineName != nil || atText != nil {
        let renderer = try making.wait()
        guard let timelineName, let atText else {
            throw ProofsheetError.usage("--timeline and --at go together", hint: "proofsheet render scene.json --timeline swipe-right --at 0.25")
        }
        let conflicting: [(String, Bool)] = [
            ("--still", stillName != nil), ("--all-stills", allStills), ("--set", !sets.isEmpty), ("layout", layoutOnly), ("--display-list", dumpList)
        ]
        if let (name, _) = conflicting.first(where: { $0.1 }) {
            throw ProofsheetError.usage("\(name) cannot be used with --timeline", hint: "a timeline starts from its own still and sets its own state")
        }
        if deviceFrame {
            throw ProofsheetError.usage(
                "--device-frame cannot be used with --timeline", hint: "touches are in screen points: render stills with --device-frame")
        }
        guard scenes.count == 1 else { throw ProofsheetError.usage("--timeline renders one scene at a time") }
        let at = try number(atText, option: "--at", in: 0...Timeline.latest)
        return try renderInstant(
            path: scenes[0], timelineName: timelineName, at: at, device: device, scale: scale, chrome: chrome, variant: variant,
            renderer: renderer, formats: outFormats, output: output, outDir: outDir, png: png, svgText: svgTextOption ?? .text, quiet: quiet)
    }
    // Read and check every scene and state before writing anything; every scene's errors are
    // reported together.
    // The scenes are read on every core, then taken in order: warnings, and errors as reading
    // them one after the other would give.
    let reads = try parallelMap(scenes.count, jobs: jobs) { k in
        let path = scenes[k]
        var template: SceneTemplate?
        let items = Result { () throws -> [RenderItem] in
            let read = try SceneDecoder().template(file: path).on(device).with(variant: variant)
            template = read
            let stills: [String?] = allStills ? (read.stills.isEmpty ? [nil] : read.stills.map(\.name)) : [stillName]
            return try stills.map { still in
                var scene = try read.scene(still: still, sets: sets)
                if let device { scene = scene.on(device, scale: scale) } else if let scale { scene.scale = scale }
                scene = scene.with(chrome: chrome, deviceFrame: deviceFrame)
                scene = variant.apply(scene)
                try checkChrome(scene, path: path)
                try scene.validateSize()
                return RenderItem(path: path, still: still, scene: scene)
            }
        }
        return (template: template, items: items)
    }
    let renderer = try making.wait()
    keptUntilExit.withLock { $0.append(renderer) }
    var pending: [RenderItem] = []
    var failures: [ProofsheetError] = []
    for read in reads {
        if let template = read.template { printWarnings(template, quiet: quiet || layoutOnly || dumpList) }
        do {
            pending += try read.items.get()
        } catch let e as ProofsheetError where e.kind == .badInput && scenes.count > 1 {
            failures.append(e)
        }
    }
    if let e = ProofsheetError.combined(failures) { throw e }
    if !(layoutOnly || dumpList) { renderer.prefetchImages(of: pending.map(\.scene)) }
    // Lay out every state first: a missing image or another bad input fails before any file
    // is written.
    let items = pending
    let results = try parallelMap(items.count, jobs: jobs) { k in
        let start = monotonicSeconds()
        let layout = try renderer.layout(items[k].scene)
        return (layout: layout, seconds: monotonicSeconds() - start)
    }
    if !(layoutOnly || dumpList) {
        let mode = overflow ?? .warn
        let count = zip(items, results).reduce(0) {
            $0 + reportOverflows($1.1.layout.tree, screen: $1.0.scene.drawingSize, label: $1.0.label, mode: mode, quiet: quiet)
        }
        if !quiet {
            for (item, r) in zip(items, results) {
                for w in renderer.missingGlyphWarnings(in: r.layout.tree) {
                    FileHandle.standardError.write(Data("proofsheet: warning: \(item.label): \(visible(w))\n".utf8))
                }
            }
        }
        if count > 0 && mode == .error { return 1 }
    }
    if layoutOnly || dumpList {
        for (item, r) in zip(items, results) {
            if items.count > 1 { print("# \(item.label)") }
            print(layoutOnly ? (json ? LayoutJSON.text(r.layout.tree) : r.layout.root.description) : r.layout.displayList.dump(), terminator: "")
        }
        return 0
    }
    // Two scenes of the same file name from different folders would overwrite each other.
    var targets: [String: String] = [:]
    let planned = items.indices.flatMap { k in outFormats.map { (k, $0) } }
    for (k, format) in planned {
        let item = items[k]
        let target = output ?? "\(outDir)/\(item.outputName).\(format.rawValue)"
        if let other = targets[target] {
            throw ProofsheetError.usage(
                "\(other) and \(item.label) would both be written to \(target)",
                hint: "render them separately with -o, or into different --out-dir folders")
        }
        targets[target] = item.label
    }
    // Render everything, then write: a failure leaves no file of this run behind.
    let outputs = try parallelMap(planned.count, jobs: jobs) { k in
        let (index, format) = planned[k]
        let item = items[index], r = results[index]
        let start = monotonicSeconds()
        let bytes = try renderer.backend.render(
            r.layout.displayList, format: format, scale: item.scene.scale, png: png, svgText: svgTextOption ?? .text)
        // The first format's time includes laying out the scene.
        let ms = Int(((monotonicSeconds() - start + (format == outFormats[0] ? r.seconds : 0)) * 1000).rounded())
        let size =
            format == .png
            ? "\(Int((item.scene.drawingSize.width * item.scene.scale).rounded()))x\(Int((item.scene.drawingSize.height * item.scene.scale).rounded())) px"
            : "\(fmt(item.scene.drawingSize.width))x\(fmt(item.scene.drawingSize.height)) pt"
        return (
            target: output ?? "\(outDir)/\(item.outputName).\(format.rawValue)", bytes: bytes, note: "\(size), \(bytes.count / 1024) KiB, \(ms) ms"
        )
    }
    try FileOutput.write(all: outputs.map { ($0.bytes, $0.target) })
    if !quiet {
        for o in outputs { FileHandle.standardError.write(Data("wrote \(visible(o.target)) (\(o.note))\n".utf8)) }
    }
    return 0
}

/// `proofsheet stills <scene>...`: each scene's state and stills.
func stillsCommand(_ args: inout Arguments) throws -> Int32 {
    let namesOnly = args.flag("--timelines")
    let scenes = try args.positionals()
    guard !scenes.isEmpty else { throw ProofsheetError.usage("no scene file given", hint: "proofsheet stills <scene.json>") }
    if namesOnly {
        for path in scenes { for t in try SceneDecoder().template(file: path).timelines { print(t.name) } }
        return 0
    }
    var blocks: [String] = []
    for path in scenes {
        let t = try SceneDecoder().template(file: path)
        // Each still must give a valid scene: checked here, so the listing is one to trust.
        for s in t.stills { _ = try t.scene(still: s.name) }
        var lines = [path]
        lines.append(t.schema.variables.isEmpty ? "  state: none" : "  state:")
        for v in t.schema.variables { lines.append("    \(v.name): \(v.type) = \(StateSchema.show(v.defaultValue))") }
        lines.append(t.stills.isEmpty ? "  stills: none (checked and rendered at default)" : "  stills:")
        let width = t.stills.map(\.name.count).max() ?? 0
        for s in t.stills {
            let values = s.summary
            lines.append("    " + (values.isEmpty ? s.name : s.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + values))
        }
        if !t.timelines.isEmpty {
            lines.append("  timelines:")
            let w = t.timelines.map(\.name.count).max() ?? 0
            for tl in t.timelines {
                let touches = tl.events.filter {
                    if case .touch = $0.kind { return true }; return false
                }.count
                lines.append(
                    "    \(tl.name.padding(toLength: w, withPad: " ", startingAt: 0))  from \(tl.from ?? "default"), "
                        + "\(tl.events.count) event\(tl.events.count == 1 ? "" : "s") (\(touches) touch\(touches == 1 ? "" : "es")) over \(fmt(tl.length)) s"
                )
            }
        }
        blocks.append(lines.joined(separator: "\n"))
    }
    print(blocks.joined(separator: "\n\n"))
    return 0
}

/// Objects the command-line process keeps until it exits rather than take apart just before
/// (a renderer's fonts, Pango and HarfBuzz objects: a millisecond or two freeing what the exit
/// frees at once).
let keptUntilExit = Mutex<[AnyObject]>([])

ProcessMemory.keepLargeBlocks()
let status: Int32
do {
    let argv = Array(CommandLine.arguments.dropFirst())
    // The limits first, here: the command then runs on a thread with a stack for the nesting
    // they allow (see DeepStack); `run` reads them again, to the same values.
    var limits = Arguments(command: argv.first ?? "", Array(argv.dropFirst()))
    Limit.registerAll()
    for assignment in try limits.values("--limit") { try Limit.apply(assignment) }
    status = try DeepStack.run { try run(argv) }
} catch let e as ProofsheetError {
    FileHandle.standardError.write(Data("proofsheet: \(e.description)\n".utf8))
    status = e.exitCode
} catch {
    FileHandle.standardError.write(Data("proofsheet: internal error: \(visible("\(error)"))\n".utf8))
    status = 3
}
exit(status)

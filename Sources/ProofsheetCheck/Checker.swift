import Foundation
import ProofsheetCore
import ProofsheetScene
import ProofsheetImage
import ProofsheetDiff

/// What a check needs from a renderer: lay a scene out (so bad input fails before anything is
/// written) and render it to pixels. The facade's `Renderer` is one.
public protocol CheckRendering: Sendable {
    /// Lays `scene` out; throws for bad input (a missing image, an impossible size).
    func prepare(_ scene: Scene) throws
    /// Renders `scene` at its scale.
    func image(of scene: Scene) throws -> RGBAImage
}

/// Settings of a check run.
public struct CheckOptions: Sendable {
    /// The folder of golden images: `<golden>/<scene>/<state>/<device>@<scale>x.png`.
    public var goldenDirectory: String
    public var record: RecordMode = .default
    /// Where to write the report (images, results.json, index.html); nil for none.
    public var reportDirectory: String?
    /// Devices to check each scene on; empty means each scene's own canvas.
    public var devices: [Device] = []
    /// Pixels per point; nil means the device's (or scene's) own.
    public var scale: Double?
    public var diff = DiffOptions()
    public var tolerance = Tolerance()
    /// Check only part `index` (1-based) of `count`.
    public var shard: (index: Int, count: Int)?

    public init(goldenDirectory: String) { self.goldenDirectory = goldenDirectory }
}

/// Renders scenes and compares them with golden images.
public struct Checker<Rendering: CheckRendering>: Sendable {
    public let renderer: Rendering
    public init(renderer: Rendering) { self.renderer = renderer }

    /// One image to check: a scene file on a device at a scale.
    struct Item {
        var path: String
        var name: String
        var scene: Scene
        var variant: String
        var id: String { "\(name)/default/\(variant)" }
    }

    /// Reads and lays out every scene (bad input throws before anything is written), expands
    /// devices, and keeps this shard's part.
    func items(_ scenePaths: [String], _ options: CheckOptions) throws -> [Item] {
        var items: [Item] = []
        for path in scenePaths {
            let base = try SceneDecoder().decode(file: path)
            let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            guard SafePaths.isPlainComponent(name) else {
                throw ProofsheetError.badInput(
                    "the scene file name '\(SafePaths.clip(name))' cannot name a golden folder (\(SafePaths.clip(path)))",
                    hint: "name scene files with letters, digits, '.', '-', '_' and '@', not starting with '.' or '-'")
            }
            var scenes: [Scene] = options.devices.isEmpty ? [base] : options.devices.map { base.on($0) }
            if let scale = options.scale {
                scenes = scenes.map {
                    var s = $0; s.scale = scale; return s
                }
            }
            for s in scenes {
                try s.validateSize()
                try renderer.prepare(s)
                items.append(Item(path: path, name: name, scene: s, variant: GoldenNames.variant(of: s)))
            }
        }
        var seen: [String: String] = [:]
        for item in items {
            if let other = seen[item.id] {
                throw ProofsheetError.usage(
                    "\(other) and \(item.path) both check the image '\(item.id)'",
                    hint: "give each scene file a distinct name")
            }
            seen[item.id] = item.path
        }
        items.sort { $0.id < $1.id }
        if let shard = options.shard {
            items = items.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
        }
        return items
    }

    /// Runs the check, writing goldens as the record mode says and the report if asked.
    /// `progress` is called once per image.
    public func run(scenes: [String], options: CheckOptions, progress: (CheckEntry, Int, Int) -> Void = { _, _, _ in }) throws -> CheckReport {
        let items = try items(scenes, options)
        let report = options.reportDirectory.map { ReportFolder(path: $0) }
        try report?.prepare()
        var entries: [CheckEntry] = []
        for (n, item) in items.enumerated() {
            let entry = try check(item, options, report)
            entries.append(entry)
            progress(entry, n + 1, items.count)
        }
        let shard = options.shard.map { "\($0.index)/\($0.count)" }
        let result = CheckReport(
            entries: entries, goldenRoot: options.goldenDirectory, threshold: options.diff.threshold,
            tolerance: options.tolerance, record: options.record.rawValue, shard: shard)
        try report?.write(result)
        return result
    }

    private func check(_ item: Item, _ options: CheckOptions, _ report: ReportFolder?) throws -> CheckEntry {
        let root = options.goldenDirectory
        var entry = CheckEntry(scene: item.name, state: "default", variant: item.variant, status: .passed, golden: "")
        entry.golden = root + "/" + entry.goldenPath

        func inputError(_ message: String) -> CheckEntry {
            var e = entry
            e.status = .error
            e.inputError = true
            e.message = message
            return e
        }
        // Below the golden root nothing may be a link; a root that does not exist yet holds nothing.
        var golden = entry.golden
        if FileOutput.isFolder(root) {
            do { golden = try SafePaths.inside(root, entry.goldenPath, what: "the golden of \(entry.id)") } catch let e as ProofsheetError {
                return inputError(e.message)
            }
        }

        let actual: RGBAImage
        do {
            actual = try renderer.image(of: item.scene)
        } catch let e as ProofsheetError {
            // Inputs were checked up front: what fails now is a failure of the renderer.
            entry.status = .error
            entry.message = e.message
            return entry
        }
        let actualPNG = try PNGCodec.encode(actual)
        let exists = FileOutput.exists(golden)

        var expected: RGBAImage? = nil
        var outcome: DiffOutcome? = nil
        let verdict: GoldenVerdict
        do {
            verdict = try GoldenVerdict.decide(mode: options.record, goldenExists: exists) {
                let e = try RGBAImage(contentsOfFile: golden)
                let o = try PixelDiff.compare(e, actual, options: options.diff, diffImage: report != nil)
                expected = e; outcome = o
                return options.tolerance.passes(o)
            }
        } catch let e as ImageError {
            var failed = inputError("the golden cannot be read: \(e.description)")
            failed.message! += "; fix it, delete it, or approve the actual image"
            failed.actual = try report?.store(actualPNG, entry.id, "actual")
            return failed
        }
        if let outcome { entry.result = DiffReport(outcome: outcome, tolerance: options.tolerance) }

        switch verdict {
        case .passed:
            return entry
        case .missing:
            entry.status = .missing
            entry.message = "no golden at \(entry.golden); record it with --record missing, look at it, commit it"
        case .failed, .recorded(.rewrittenAfterFailure):
            entry.status = .failed
            entry.message = entry.result?.reason
            if let report, let expected {
                entry.expected = try report.store(try PNGCodec.encode(expected), entry.id, "expected")
                if let d = outcome?.result?.diffImage { entry.diff = try report.store(try PNGCodec.encode(d), entry.id, "diff") }
            }
        case .recorded:
            break
        }
        if verdict.writesGolden {
            try FileOutput.write(actualPNG, to: golden)
            entry.status = .recorded
            switch verdict {
            case .recorded(.all(let replaced)):
                entry.message = replaced ? "golden rewritten (record mode all)" : "golden recorded (record mode all)"
            case .recorded(.absent):
                entry.message = "no golden: recorded \(entry.golden); look at it and commit it"
            default:
                entry.message = "\(entry.result?.reason ?? "failed"); golden rewritten (record mode failed)"
            }
        }
        entry.actual = try report?.store(actualPNG, entry.id, "actual")
        return entry
    }
}

/// How golden files are named.
public enum GoldenNames {
    /// The variant name of a scene as rendered: `iphone-14@3x`, or `390x844@1x` for a canvas.
    public static func variant(of scene: Scene) -> String {
        let base = scene.device.map { slug($0.name) } ?? "\(fmt(scene.canvas.width))x\(fmt(scene.canvas.height))"
        return "\(base)@\(fmt(scene.scale))x"
    }

    static func slug(_ s: String) -> String {
        String(s.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }
}

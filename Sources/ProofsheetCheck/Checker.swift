import Foundation
import ProofsheetCore
import ProofsheetScene
import ProofsheetImage
import ProofsheetDiff
import Synchronization

/// What a check needs from a renderer: lay a scene out (so bad input fails before anything is
/// written) and render the laid-out scene to pixels. The facade's `Renderer` is one.
public protocol CheckRendering: Sendable {
    /// A scene laid out, ready to be drawn.
    associatedtype Prepared: Sendable
    /// Lays `scene` out; throws for bad input (a missing image, an impossible size).
    func prepare(_ scene: Scene) throws -> Prepared
    /// Renders a scene laid out by ``prepare(_:)`` at the scene's scale.
    func image(of prepared: Prepared, scene: Scene) throws -> RGBAImage
}

/// Settings of a check run.
public struct CheckOptions: Sendable {
    /// The folder of golden images: `<golden>/<scene>/<still>/<device>@<scale>x.png`.
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
    /// Check only these stills (`default` names the state of a scene without stills); empty
    /// means every still.
    public var stills: [String] = []
    /// States checked at once.
    public var jobs = 1
    /// How the PNGs the check writes are compressed: the goldens it records and the report's
    /// images (whose actual images `approve` copies as goldens). Small by default: goldens are
    /// kept in a repository.
    public var pngCompression: PNGCompression = .small

    public init(goldenDirectory: String) { self.goldenDirectory = goldenDirectory }
}

/// Renders scenes and compares them with golden images.
///
/// A scene with stills is checked at each of its stills, a scene without at `default`; the
/// golden of a state is `<golden>/<scene>/<still>/<variant>.png`. Goldens in a still folder
/// the scene no longer has (a still renamed or removed) are reported as orphans.
public struct Checker<Rendering: CheckRendering>: Sendable {
    public let renderer: Rendering
    public init(renderer: Rendering) { self.renderer = renderer }

    /// One image to check: a scene file's state on a device at a scale.
    struct Item: Sendable {
        var path: String
        var name: String
        var state: String
        var scene: Scene
        var variant: String
        var id: String { "\(name)/\(state)/\(variant)" }
    }

    /// The states of a scene file that have goldens: its stills, or `default`.
    struct SceneStates {
        var path: String
        var name: String
        var states: [String]
        var template: SceneTemplate
    }

    /// Reads every scene, keeping the states the filter selects.
    func sceneStates(_ scenePaths: [String], _ options: CheckOptions) throws -> [SceneStates] {
        var out: [SceneStates] = []
        for path in scenePaths {
            let template = try SceneDecoder().template(file: path)
            let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            guard SafePaths.isPlainComponent(name) else {
                throw ProofsheetError.badInput(
                    "the scene file name '\(SafePaths.clip(name))' cannot name a golden folder (\(SafePaths.clip(path)))",
                    hint: "name scene files with letters, digits, '.', '-', '_' and '@', not starting with '.' or '-'")
            }
            out.append(
                SceneStates(path: path, name: name, states: template.stills.isEmpty ? ["default"] : template.stills.map(\.name), template: template))
        }
        for wanted in options.stills where !out.contains(where: { $0.states.contains(wanted) }) {
            let all = Set(out.flatMap(\.states)).sorted()
            let close = closeNames(to: wanted, in: all)
            throw ProofsheetError.usage(
                "--still '\(SafePaths.clip(wanted))' is not a still of any scene checked",
                hint: (close.isEmpty ? "" : "did you mean '\(close[0])'? ") + "the stills: \(all.joined(separator: ", "))")
        }
        return out
    }

    /// Instantiates every selected state, expands devices, and keeps this shard's part.
    func items(_ scenes: [SceneStates], _ options: CheckOptions) throws -> [Item] {
        var items: [Item] = []
        for s in scenes {
            for state in s.states where options.stills.isEmpty || options.stills.contains(state) {
                let base = try s.template.scene(still: state == "default" ? nil : state)
                var variants: [Scene] = options.devices.isEmpty ? [base] : options.devices.map { base.on($0) }
                if let scale = options.scale {
                    variants = variants.map {
                        var v = $0; v.scale = scale; return v
                    }
                }
                for v in variants {
                    try v.validateSize()
                    items.append(Item(path: s.path, name: s.name, state: state, scene: v, variant: GoldenNames.variant(of: v)))
                }
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

    /// Goldens of the checked scenes in state folders the scenes no longer have: paths below
    /// the golden root, sorted. Links are not followed; at most `ReportFolder.maxEntries`.
    func orphans(_ scenes: [SceneStates], root: String) -> [String] {
        var out: [String] = []
        let fm = FileManager.default
        for s in scenes {
            let folder = root + "/" + s.name
            guard FileOutput.isFolder(folder), !FileOutput.isLink(folder),
                let states = try? fm.contentsOfDirectory(atPath: folder)
            else { continue }
            for state in states.sorted() where !s.states.contains(state) && SafePaths.isPlainComponent(state) {
                let dir = folder + "/" + state
                guard FileOutput.isFolder(dir), !FileOutput.isLink(dir), let files = try? fm.contentsOfDirectory(atPath: dir) else { continue }
                for f in files.sorted() where f.hasSuffix(".png") && SafePaths.isPlainComponent(f) {
                    guard out.count < ReportFolder.maxEntries else { return out }
                    out.append("\(s.name)/\(state)/\(f)")
                }
            }
        }
        return out
    }

    /// Runs the check, writing goldens as the record mode says and the report if asked.
    /// `progress` is called once per image, as each is done.
    public func run(
        scenes: [String], options: CheckOptions, progress: @Sendable (CheckEntry, Int, Int) -> Void = { _, _, _ in }
    ) throws -> CheckReport {
        let states = try sceneStates(scenes, options)
        let items = try items(states, options)
        // Lay every state out before anything is written: bad input fails first.
        let prepared = try parallelMap(items.count, jobs: options.jobs) { try renderer.prepare(items[$0].scene) }
        let report = options.reportDirectory.map { ReportFolder(path: $0) }
        try report?.prepare()
        let done = Mutex(0)
        let entries = try parallelMap(items.count, jobs: options.jobs) { k in
            let entry = try check(items[k], prepared[k], options, report)
            // One line at a time, numbered in the order they are printed.
            done.withLock {
                $0 += 1
                progress(entry, $0, items.count)
            }
            return entry
        }
        let shard = options.shard.map { "\($0.index)/\($0.count)" }
        var result = CheckReport(
            entries: entries, goldenRoot: options.goldenDirectory, threshold: options.diff.threshold,
            tolerance: options.tolerance, record: options.record.rawValue, shard: shard)
        let orphans = orphans(states, root: options.goldenDirectory)
        result.orphans = orphans.isEmpty ? nil : orphans
        try report?.write(result)
        return result
    }

    private func check(_ item: Item, _ prepared: Rendering.Prepared, _ options: CheckOptions, _ report: ReportFolder?) throws -> CheckEntry {
        let root = options.goldenDirectory
        var entry = CheckEntry(scene: item.name, state: item.state, variant: item.variant, status: .passed, golden: "")
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
            actual = try renderer.image(of: prepared, scene: item.scene)
        } catch let e as ProofsheetError {
            // Inputs were checked up front: what fails now is a failure of the renderer.
            entry.status = .error
            entry.message = e.message
            return entry
        }
        // The actual image is encoded only when it is written: as a golden or into the report.
        var encoded: [UInt8]?
        func actualPNG() throws -> [UInt8] {
            if let encoded { return encoded }
            let bytes = try PNGCodec.encode(actual, compression: options.pngCompression)
            encoded = bytes
            return bytes
        }
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
            if let report { failed.actual = try report.store(try actualPNG(), entry.id, "actual") }
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
                let png = options.pngCompression
                entry.expected = try report.store(try PNGCodec.encode(expected, compression: png), entry.id, "expected")
                if let d = outcome?.result?.diffImage {
                    entry.diff = try report.store(try PNGCodec.encode(d, compression: png), entry.id, "diff")
                }
            }
        case .recorded:
            break
        }
        if verdict.writesGolden {
            try FileOutput.write(try actualPNG(), to: golden)
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
        if let report { entry.actual = try report.store(try actualPNG(), entry.id, "actual") }
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

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
    /// The folder of golden images: `<golden>/<scene>/<still>/<device>@<scale>x.png`, and for
    /// timelines `<golden>/<scene>/<timeline>@<t>ms/<device>@<scale>x.png`.
    public var goldenDirectory: String
    public var record: RecordMode = .default
    /// Where to write the report (images, results.json, index.html); nil for none.
    public var reportDirectory: String?
    /// Inline every image in index.html (one file to mail around) instead of linking `images/`.
    public var selfContained = false
    /// Devices to check each scene on; empty means each scene's own canvas.
    public var devices: [Device] = []
    /// Pixels per point, each checked; empty means the device's (or scene's) own.
    public var scales: [Double] = []
    /// `--chrome on|off`: the status bar and home indicator on every image, or on none; nil
    /// leaves each scene's own choice. Goldens with chrome are named `<device>@<scale>x+chrome`.
    public var chrome: Bool?
    /// The environments each image is checked in (`--color-scheme`, `--dynamic-type`,
    /// `--variant`, the configuration's `"variants"`): every combination asked for; one variant
    /// with nothing set leaves each scene's own. Goldens carry the variant in their name
    /// (`<device>@<scale>x+dark+ax3`, ``GoldenNames/variant(of:)``).
    public var variants: [Variant] = [.none]
    /// How images are compared: for the whole check, and per scene (by scene name) and still.
    public var compare = CompareSettings()
    public var sceneCompare: [String: SceneCompareSettings] = [:]
    /// Check only part `index` (1-based) of `count`.
    public var shard: (index: Int, count: Int)?
    /// Check only these stills (`default` names the state of a scene without stills); empty
    /// means every still.
    public var stills: [String] = []
    /// The timelines checked at their key instants besides the stills (`--timelines`,
    /// `--timeline NAME`): goldens at `<golden>/<scene>/<timeline>@<t>ms/<variant>.png`.
    public var timelines: TimelineSelection = .none
    /// States checked at once.
    public var jobs = 1
    /// The folder scene names are relative to: `<scene>` in golden paths is the scene file's
    /// path below it, without extension (the project root, or the working directory).
    public var sceneRoot = "."
    /// The folders images are read from: the golden folder may not hold one.
    public var assetFolders: [String] = []
    /// Whether the scenes, devices, scales and stills are the project's whole definition (from
    /// the configuration, nothing narrowed on the command line): then every golden below the
    /// golden root that no image produces is an orphan, not only those of the scenes' old stills.
    public var wholeProject = false
    /// Delete orphaned goldens (only inside the golden root).
    public var prune = false
    /// `--record all --only-changed-by VERSION`: rewrite only the goldens that no longer match
    /// and were recorded by a Proofsheet older than VERSION (their chunk says so): what a release
    /// that changed pixels (text metrics, blur) changed. Every other golden is compared as with
    /// `--record never`, so a real regression still fails.
    public var onlyChangedBy: ReleaseVersion?
    /// The environment the check runs in: written into goldens and the report, and compared with
    /// the goldens' own.
    public var environment: EnvironmentFingerprint?
    /// How the PNGs the check writes are compressed: the goldens it records and the report's
    /// images (whose actual images `approve` copies as goldens). Small by default: goldens are
    /// kept in a repository.
    public var pngCompression: PNGCompression = .small

    public init(goldenDirectory: String) { self.goldenDirectory = goldenDirectory }

    /// The settings for one still of one scene.
    public func settings(scene: String, still: String) -> CompareSettings {
        guard let s = sceneCompare[scene] else { return compare }
        return (s.stills[still] ?? CompareSettings()).over(s.scene.over(compare))
    }
}

/// Renders scenes and compares them with golden images.
///
/// A scene with stills is checked at each of its stills, a scene without at `default`; the
/// golden of a state is `<golden>/<scene>/<still>/<variant>.png`, where `<scene>` is the scene
/// file's path below the project root without its extension. A scene that cannot be read is
/// that scene's error: the others are still checked. Goldens no image produces any more are
/// reported as orphans.
public struct Checker<Rendering: CheckRendering>: Sendable {
    public let renderer: Rendering
    /// What runs timelines (`--timelines`); nil: a timeline to check is an internal error.
    public let timelines: (any TimelineRendering)?
    public init(renderer: Rendering, timelines: (any TimelineRendering)? = nil) {
        self.renderer = renderer
        self.timelines = timelines ?? (renderer as? any TimelineRendering)
    }

    /// One image to check: a scene file's state on a device at a scale.
    struct Item: Sendable {
        var path: String
        var name: String
        var state: String
        var scene: Scene
        var variant: String
        /// For a timeline (``state`` is its name): what it runs and its key instants.
        var timeline: TimelineItem?
        var id: String { timeline == nil ? "\(name)/\(state)/\(variant)" : "\(name)/\(state)@/\(variant)" }
        /// The golden the item is compared with: its still's, or its timeline's one file.
        var goldenPath: String {
            timeline == nil
                ? GoldenNames.path(scene: name, state: state, variant: variant)
                : GoldenNames.timelinePath(scene: name, timeline: state, variant: variant)
        }
    }

    /// A timeline on one variant.
    struct TimelineItem: Sendable {
        var program: SceneTemplate
        var variant: TimelineFraming
        /// The timeline run once on the variant: its key instants, then its images at them.
        var recording: (any TimelineRecording)?
        var instants: [TimelineInstant] { recording?.keyInstants ?? [] }
    }

    /// The states of a scene file that have goldens: its stills, or `default`.
    struct SceneStates {
        var path: String
        var name: String
        var states: [String]
        var template: SceneTemplate
        var timelines: [String] { template.timelines.map(\.name) }
    }

    /// Reads every scene, keeping the states the filter selects. A scene that cannot be read is
    /// an error of its own.
    func sceneStates(_ scenePaths: [String], _ options: CheckOptions) throws -> (scenes: [SceneStates], errors: [SceneError]) {
        var out: [SceneStates] = []
        var errors: [SceneError] = []
        for path in scenePaths {
            let name: String
            do { name = try GoldenNames.scene(path, root: options.sceneRoot) } catch let e as ProofsheetError {
                errors.append(SceneError(scene: path, file: path, message: e.description))
                continue
            }
            do {
                let template = try SceneDecoder().template(file: path)
                out.append(
                    SceneStates(
                        path: path, name: name, states: template.stills.isEmpty ? ["default"] : template.stills.map(\.name), template: template))
            } catch let e as ProofsheetError where e.kind == .badInput {
                errors.append(SceneError(scene: name, file: path, message: e.description))
            }
        }
        // Names that differ only in case collide on case-insensitive file systems.
        var byFolded: [String: String] = [:]
        for s in out {
            for name in [s.name] + s.states.map({ "\(s.name)/\($0)" }) {
                if let other = byFolded[name.lowercased()], other != name {
                    throw ProofsheetError.usage(
                        "'\(SafePaths.clip(other))' and '\(SafePaths.clip(name))' differ only in case: their goldens would share a folder on case-insensitive file systems (macOS, Windows)",
                        hint: "rename one of them")
                }
                byFolded[name.lowercased()] = name
            }
        }
        let known = Set(out.flatMap(\.states))
        for wanted in options.stills where !known.contains(wanted) && !(out.isEmpty && !errors.isEmpty) {
            let all = known.sorted()
            let close = closeNames(to: wanted, in: all)
            throw ProofsheetError.usage(
                "--still '\(SafePaths.clip(wanted))' is not a still of any scene checked",
                hint: (close.isEmpty ? "" : "did you mean '\(close[0])'? ") + "the stills: \(all.joined(separator: ", "))")
        }
        if case .named(let names) = options.timelines {
            let known = Set(out.flatMap(\.timelines))
            for wanted in names where !known.contains(wanted) && !(out.isEmpty && !errors.isEmpty) {
                let all = known.sorted()
                let close = closeNames(to: wanted, in: all)
                throw ProofsheetError.usage(
                    "--timeline '\(SafePaths.clip(wanted))' is not a timeline of any scene checked",
                    hint: all.isEmpty
                        ? "the scenes checked have no \"timelines\""
                        : (close.isEmpty ? "" : "did you mean '\(close[0])'? ") + "the timelines: \(all.joined(separator: ", "))")
            }
        }
        return (out, errors)
    }

    /// Instantiates every selected state and expands devices and scales: every item of the run
    /// (before sharding). A still that cannot be instantiated is an error of its scene.
    func items(_ scenes: [SceneStates], _ options: CheckOptions) throws -> (items: [Item], errors: [SceneError]) {
        var items: [Item] = []
        var errors: [SceneError] = []
        for s in scenes {
            for state in s.states where options.stills.isEmpty || options.stills.contains(state) {
                do {
                    let still = state == "default" ? nil : state
                    var variants: [Scene] = try options.variants.flatMap { environment in
                        let template = s.template.with(variant: environment)
                        return options.devices.isEmpty
                            ? [try template.scene(still: still)]
                            : try options.devices.map { environment.apply(try template.on($0).scene(still: still).on($0)) }
                    }
                    variants = variants.map { $0.with(chrome: options.chrome) }
                    if !options.scales.isEmpty {
                        variants = variants.flatMap { v in
                            options.scales.map { scale in
                                var v = v; v.scale = scale; return v
                            }
                        }
                    }
                    for v in variants {
                        try v.validateSize()
                        items.append(Item(path: s.path, name: s.name, state: state, scene: v, variant: GoldenNames.variant(of: v)))
                    }
                } catch let e as ProofsheetError where e.kind == .badInput {
                    errors.append(SceneError(scene: s.name, file: s.path, still: state, message: e.description))
                }
            }
            for timeline in s.timelines where options.timelines.includes(timeline) {
                do {
                    let from = try s.template.timeline(named: timeline).from
                    let devices: [Device?] = options.devices.isEmpty ? [nil] : options.devices
                    let scales: [Double?] = options.scales.isEmpty ? [nil] : options.scales
                    for device in devices {
                        for (scale, environment) in scales.flatMap({ s in options.variants.map { (s, $0) } }) {
                            let variant = TimelineFraming(device: device, scale: scale, chrome: options.chrome, variant: environment)
                            let program = s.template.on(device).with(variant: environment)
                            let first = variant.apply(try program.scene(still: from))
                            try first.validateSize()
                            items.append(
                                Item(
                                    path: s.path, name: s.name, state: timeline, scene: first, variant: GoldenNames.variant(of: first),
                                    timeline: TimelineItem(program: program, variant: variant)))
                        }
                    }
                } catch let e as ProofsheetError where e.kind == .badInput {
                    errors.append(SceneError(scene: s.name, file: s.path, message: "timeline '\(timeline)': \(e.description)"))
                }
            }
        }
        var seen: [String: String] = [:]
        for item in items {
            if let other = seen[item.id], other != item.path {
                throw ProofsheetError.usage(
                    "\(other) and \(item.path) both check the image '\(item.id)'",
                    hint: "give each scene file a distinct name")
            }
            seen[item.id] = item.path
        }
        var unique: [Item] = []
        var ids = Set<String>()
        for item in items where ids.insert(item.id).inserted { unique.append(item) }
        unique.sort { $0.id < $1.id }
        return (unique, errors)
    }

    /// Goldens no image of the run produces: paths below the golden root, sorted. Always: the
    /// goldens of the checked scenes in state folders the scenes no longer have, and goldens in
    /// the folder a scene had before golden paths named its folders (`<golden>/<file name>`,
    /// unless a scene file of that name is at the project root). For a whole-project run, every
    /// other PNG below the root too. A run given some scenes looks only at
    /// `<scene>/<state>/<file>` of those scenes: the folders of scenes it was not given (a scene
    /// `Scenes/deck/detail.json` beside `Scenes/deck.json`) are never its to judge. Links are not
    /// followed; at most `ReportFolder.maxEntries`.
    func orphans(_ scenes: [SceneStates], _ items: [Item], _ options: CheckOptions) -> [String] {
        let root = options.goldenDirectory
        guard FileOutput.isFolder(root), !FileOutput.isLink(root) else { return [] }
        let fm = FileManager.default
        let states = Dictionary(scenes.map { ($0.name, Set($0.states)) }, uniquingKeysWith: { a, _ in a })
        let produced = Set(items.map(\.goldenPath))
        let checkedStates = Set(items.filter { $0.timeline == nil }.map { "\($0.name)/\($0.state)" })
        let timelines = Dictionary(scenes.map { ($0.name, Set($0.timelines)) }, uniquingKeysWith: { a, _ in a })
        let checkedTimelines = Set(items.filter { $0.timeline != nil }.map { "\($0.name)/\($0.state)" })
        // The layout before scene folders: `<golden>/<file name>/<state>/<variant>.png`, a
        // checked scene's old folder unless a scene of that name is at the project root.
        var legacy = Set<String>()
        for s in scenes where s.name.contains("/") {
            let name = String(s.name.split(separator: "/").last!)
            if states[name] == nil, !FileOutput.exists(options.sceneRoot + "/" + name + ".json") { legacy.insert(name) }
        }
        func owned(_ path: String) -> Bool {
            let parts = path.split(separator: "/").map(String.init)
            guard parts.count >= 3 else { return false }
            let scene = parts.dropLast(2).joined(separator: "/"), state = parts[parts.count - 2]
            // A timeline's file: an orphan when its timeline is gone (below) or, checking the
            // whole project, its variant is. (Its instants that are no longer key are the
            // timeline check's to report.)
            if let timeline = GoldenNames.timeline(ofFolder: state), timelines[scene]?.contains(timeline) == true {
                guard checkedTimelines.contains("\(scene)/\(timeline)") else { return true }
                return !options.wholeProject || produced.contains(path)
            }
            // A key instant in golden format 1: `proofsheet migrate` moves it, never prune.
            if TimelineInstant.parse(folder: state) != nil { return true }
            // A scene the run was not given is left alone, unless it is a checked scene's old folder.
            guard let known = states[scene] else { return !options.wholeProject && !legacy.contains(scene) }
            guard known.contains(state) else { return false }
            // A state folder of a still not checked this run (--still) is left alone.
            return !options.wholeProject || !checkedStates.contains("\(scene)/\(state)") || produced.contains(path)
        }
        var out: [String] = []
        /// PNGs below `folder` (relative to the root, through plain names, no links); with
        /// `levels`, only files exactly that many folders down.
        func walk(_ relative: String, depth: Int, levels: Int? = nil) {
            guard depth <= ReportReader.maxSceneDepth + 2, out.count < ReportFolder.maxEntries else { return }
            let dir = relative.isEmpty ? root : root + "/" + relative
            guard let names = try? fm.contentsOfDirectory(atPath: dir) else { return }
            for name in names.sorted() where SafePaths.isPlainComponent(name) {
                let rel = relative.isEmpty ? name : relative + "/" + name
                let path = root + "/" + rel
                if FileOutput.isLink(path) { continue }
                if FileOutput.isFolder(path) {
                    if levels ?? 1 > 0 { walk(rel, depth: depth + 1, levels: levels.map { $0 - 1 }) }
                } else if levels ?? 0 == 0, name.hasSuffix(".png"), GoldenNames.isGoldenPath(rel), !owned(rel),
                    out.count < ReportFolder.maxEntries
                {
                    out.append(rel)
                }
            }
        }
        if options.wholeProject {
            walk("", depth: 0)
        } else {
            // `<scene>/<state>/<variant>.png` of the scenes given and their old folders.
            let folders = Set(scenes.map(\.name)).union(legacy)
            // Never through a link, at any level of the scene's folder (as the whole-project walk).
            func throughLink(_ folder: String) -> Bool {
                var path = root
                return folder.split(separator: "/").contains { part in
                    path += "/" + part
                    return FileOutput.isLink(path)
                }
            }
            for folder in folders.sorted() where FileOutput.isFolder(root + "/" + folder) && !throughLink(folder) {
                walk(folder, depth: folder.split(separator: "/").count, levels: 1)
            }
        }
        return out.sorted()
    }

    /// Deletes orphaned goldens inside the golden root, and the folders they leave empty.
    func prune(_ orphans: [String], root: String) throws -> [String] {
        var removed: [String] = []
        for orphan in orphans {
            let path = try SafePaths.inside(root, orphan, what: "the orphaned golden \(orphan)")
            guard unlink(path) == 0 else {
                throw ProofsheetError.badInput("cannot delete \(SafePaths.clip(root + "/" + orphan)): \(String(cString: strerror(errno)))")
            }
            removed.append(orphan)
            var parts = orphan.split(separator: "/").map(String.init).dropLast()
            while !parts.isEmpty {
                // rmdir removes only empty folders.
                guard rmdir(try SafePaths.inside(root, parts.joined(separator: "/"), what: "a golden folder", folder: true)) == 0 else { break }
                parts = parts.dropLast()
            }
        }
        return removed
    }

    /// Runs the check, writing goldens as the record mode says and the report if asked.
    /// `progress` is called once per image, as each is done.
    public func run(
        scenes: [String], options: CheckOptions, progress: @Sendable (CheckEntry, Int, Int) -> Void = { _, _, _ in }
    ) throws -> CheckReport {
        // Before anything is read or written: the golden folder is a folder of its own.
        try GoldenRoot.check(options.goldenDirectory, base: options.sceneRoot, scenes: scenes, assets: options.assetFolders)
        let (states, sceneErrors) = try sceneStates(scenes, options)
        var (allItems, stateErrors) = try items(states, options)
        try findKeyInstants(&allItems, &stateErrors, options)
        let items =
            options.shard.map { shard in allItems.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element) } ?? allItems
        // Lay every state out before anything is written; a state that fails is that image's error.
        // (A timeline lays its states out as it runs.)
        let prepared: [Result<Rendering.Prepared, ProofsheetError>?] = try parallelMap(items.count, jobs: options.jobs) { k in
            guard items[k].timeline == nil else { return nil }
            do { return .success(try renderer.prepare(items[k].scene)) } catch let e as ProofsheetError { return .failure(e) }
        }
        let total = items.reduce(0) { $0 + ($1.timeline?.instants.count ?? 1) }
        let report = try options.reportDirectory.map { try ReportFolder.staging(for: $0) }
        var committed = false
        defer { if !committed { report?.discard() } }
        // Goldens nothing produces any more (scenes that could not be read produce nothing: their
        // goldens are not orphans), known before anything is written: a missing golden may be one
        // of them renamed.
        let unread = Set((sceneErrors + stateErrors).map(\.scene))
        let orphans = orphans(states, allItems, options).filter { o in !unread.contains { o.hasPrefix($0 + "/") } }
        let shared = RunShared(masks: MaskCache(), renames: RenameFinder(root: options.goldenDirectory, orphans: orphans))
        let done = Mutex(0)
        let checked = try parallelMap(items.count, jobs: options.jobs) { k in
            let start = ContinuousClock.now
            var results: [(entry: CheckEntry, environment: [String]?)]
            var stale: StaleInstants?
            switch prepared[k] {
            case .success(let p): results = [try check(items[k], p, options, report, shared)]
            case .failure(let e): results = [(errorEntry(items[k], options, e), nil)]
            case nil: (results, stale) = try checkTimeline(items[k], options, report, shared)
            }
            let elapsed = ContinuousClock.now - start
            let seconds = (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18) / Double(max(1, results.count))
            for i in results.indices { results[i].entry.seconds = (seconds * 1000).rounded() / 1000 }
            // One line at a time, numbered in the order they are printed.
            for r in results {
                let entry = r.entry
                done.withLock {
                    $0 += 1
                    progress(entry, $0, total)
                }
            }
            return (results, stale)
        }
        let results = checked.flatMap(\.0)
        let stale = checked.compactMap(\.1)
        let shard = options.shard.map { "\($0.index)/\($0.count)" }
        var result = CheckReport(
            entries: results.map(\.entry), goldenRoot: options.goldenDirectory, threshold: options.compare.effectiveThreshold,
            tolerance: options.compare.tolerance, record: options.record.rawValue, shard: shard)
        result.includeAA = options.compare.effectiveIncludeAA
        let timelines = result.timelineSummaries()
        result.timelines = timelines.isEmpty ? nil : timelines
        let errors = sceneErrors + stateErrors
        result.sceneErrors = errors.isEmpty ? nil : errors
        result.environment = options.environment
        var warnings: [String] = []
        // Goldens recorded in another environment, grouped by what differs.
        var elsewhere: [String: Int] = [:]
        for r in results { if let d = r.environment { elsewhere[d.joined(separator: "; "), default: 0] += 1 } }
        for (what, n) in elsewhere.sorted(by: { $0.key < $1.key }) {
            // Another processor (an Apple Silicon laptop, an ARM runner): the container runs the
            // goldens' architecture anywhere Docker emulates it.
            let platform = EnvironmentFingerprint.platformNote(what)
            warnings.append(
                "\(n) golden\(n == 1 ? " was" : "s were") recorded in another environment (\(what)): a difference may come from the environment, not the scene; "
                    + "record and check goldens in one environment (the project's container\(platform))")
        }
        if options.prune && !orphans.isEmpty {
            // Only what Proofsheet recorded is deleted: a PNG without its chunk stays, listed.
            let root = options.goldenDirectory
            let recorded = try orphans.filter { GoldenNames.isRecorded(try SafePaths.inside(root, $0, what: "the orphaned golden \($0)")) }
            result.pruned = try prune(recorded, root: root)
            let pruned = Set(recorded)
            let kept = orphans.filter { !pruned.contains($0) }
            result.orphans = kept.isEmpty ? nil : kept
            if !kept.isEmpty {
                warnings.append(
                    "\(kept.count) orphaned PNG\(kept.count == 1 ? " was" : "s were") not pruned: \(kept.count == 1 ? "it carries" : "they carry") no Proofsheet "
                        + "environment chunk (not recorded by Proofsheet, or by a version before goldens carried one); delete by hand what is a golden"
                )
            }
        } else {
            result.orphans = orphans.isEmpty ? nil : orphans
        }
        // Instants of timelines' files that are no longer key: like orphans, kept until --prune.
        let kept = stale.filter { !$0.dropped }, dropped = stale.filter(\.dropped)
        if !kept.isEmpty {
            let n = kept.reduce(0) { $0 + $1.instants.count }
            warnings.append(
                "\(n) instant\(n == 1 ? "" : "s") in timeline goldens \(n == 1 ? "is" : "are") no longer key (\(kept.prefix(5).map(\.text).joined(separator: "; "))\(kept.count > 5 ? "; …" : "")): "
                    + "--prune drops \(n == 1 ? "it" : "them") from \(kept.count == 1 ? "its file" : "their files")")
        }
        if !dropped.isEmpty {
            let n = dropped.reduce(0) { $0 + $1.instants.count }
            warnings.append(
                "pruned \(n) instant\(n == 1 ? "" : "s") no longer key from timeline goldens: \(dropped.prefix(5).map(\.text).joined(separator: "; "))\(dropped.count > 5 ? "; …" : "")"
            )
        }
        result.warnings = warnings.isEmpty ? nil : warnings
        if let report {
            let trimmed = report.trimComparisons(&result.entries)
            if trimmed > 0 {
                warnings.append(
                    "\(trimmed) image\(trimmed == 1 ? "" : "s") in the report without \(trimmed == 1 ? "its" : "their") expected and diff images: "
                        + "the report holds at most \(byteSize(ReportFolder.comparisonBytes.int)) of them (raise it with --limit report-comparison-bytes=N)"
                )
                result.warnings = warnings
            }
            try report.write(result, selfContained: options.selfContained, target: options.reportDirectory)
            try report.commit(to: options.reportDirectory!)
        }
        committed = true
        return result
    }

    /// The entry of an image whose scene could not be laid out (a missing image, say).
    private func errorEntry(_ item: Item, _ options: CheckOptions, _ error: ProofsheetError) -> CheckEntry {
        var entry = CheckEntry(scene: item.name, state: item.state, variant: item.variant, status: .error, golden: "")
        entry.golden = options.goldenDirectory + "/" + entry.goldenPath
        entry.message = error.description
        entry.inputError = error.kind != .internal
        return entry
    }

    /// Checks one image; also returns how the golden's environment differs from this one's.
    private func check(
        _ item: Item, _ prepared: Rendering.Prepared, _ options: CheckOptions, _ report: ReportFolder?, _ shared: RunShared
    ) throws -> (entry: CheckEntry, environment: [String]?) {
        var entry = CheckEntry(scene: item.name, state: item.state, variant: item.variant, status: .passed, golden: "")
        entry.golden = options.goldenDirectory + "/" + entry.goldenPath
        let actual: RGBAImage
        do {
            actual = try renderer.image(of: prepared, scene: item.scene)
        } catch let e as ProofsheetError {
            // Inputs were checked up front: what fails now is the renderer, or a budget of the
            // render itself (the effects'), which is the input's.
            entry.status = .error
            entry.message = e.kind == .internal ? e.message : e.description
            entry.inputError = e.kind != .internal
            return (entry, nil)
        }
        let golden: String
        do { golden = try goldenFile(entry, options) } catch let e as ProofsheetError {
            entry.status = .error
            entry.inputError = true
            entry.message = e.message
            return (entry, nil)
        }
        return try compare(entry, actual, .file(golden), item.scene, options.settings(scene: item.name, still: item.state), options, report, shared)
    }

    /// The file of `entry`'s golden: below the golden root nothing may be a link (a root that
    /// does not exist yet holds nothing).
    func goldenFile(_ entry: CheckEntry, _ options: CheckOptions) throws -> String {
        let root = options.goldenDirectory
        guard FileOutput.isFolder(root) else { return entry.golden }
        return try SafePaths.inside(root, entry.goldenPath, what: "the golden of \(entry.id)")
    }

    /// Compares `actual`, the image of `entry` (of a scene like `scene`), with its golden, and
    /// records or reports as the options say. A still's golden file is written here; a key
    /// instant comes back `recorded` and its timeline's file is written by the caller.
    func compare(
        _ entry: CheckEntry, _ actual: RGBAImage, _ source: GoldenSource, _ scene: Scene, _ settings: CompareSettings, _ options: CheckOptions,
        _ report: ReportFolder?, _ shared: RunShared
    ) throws -> (entry: CheckEntry, environment: [String]?) {
        let root = options.goldenDirectory
        var entry = entry

        func inputError(_ message: String) -> CheckEntry {
            var e = entry
            e.status = .error
            e.inputError = true
            e.message = message
            return e
        }
        var diffOptions = DiffOptions(threshold: settings.effectiveThreshold, includeAA: settings.effectiveIncludeAA)
        diffOptions.ignoreRegions = settings.ignore.map { $0.pixels(scale: scene.scale) }
        if !settings.masks.isEmpty {
            do { diffOptions.ignoreMask = try shared.masks.mask(settings.masks, for: actual.size, scene: scene) } catch let e as ProofsheetError {
                return (inputError(e.message), nil)
            }
        }
        // The actual image is encoded only when it is written: as a golden or into the report.
        var encoded: [UInt8]?
        func actualPNG() throws -> [UInt8] {
            if let encoded { return encoded }
            var bytes = try PNGCodec.encode(actual, compression: options.pngCompression)
            if let env = options.environment { bytes = PNGText.inserting(EnvironmentFingerprint.pngKeyword, GoldenNames.chunkText(env), into: bytes) }
            encoded = bytes
            return bytes
        }
        func storeActual(_ e: inout CheckEntry) throws {
            guard let report else { return }
            e.actual = try report.store(try actualPNG(), e.id, "actual")
            if e.status != .passed {
                let factor = max(1, (max(actual.width, actual.height) + ReportFolder.thumbnailSide - 1) / ReportFolder.thumbnailSide)
                e.thumb = try report.store(try PNGCodec.encode(actual.shrunk(by: factor)), e.id, "thumb")
            }
        }
        let exists: Bool
        switch source {
        case .file(let golden): exists = FileOutput.exists(golden)
        case .frame(let image, _): exists = image != nil
        }
        // Where the golden is, in messages: its file, and the instant's time in a timeline's file.
        let place = entry.at.map { "\(entry.golden) (the instant at \($0) ms)" } ?? entry.golden

        var expected: RGBAImage? = nil
        var outcome: DiffOutcome? = nil
        var strict: DiffOutcome? = nil
        var environment: [String]? = nil
        var goldenChunk: String? = nil
        var verdict: GoldenVerdict
        do {
            // Scoped to a release's changes: compared as with `never`, rewritten below when old.
            let mode = options.onlyChangedBy == nil ? options.record : .never
            verdict = try GoldenVerdict.decide(mode: mode, goldenExists: exists) {
                let e: RGBAImage
                let chunk: String?
                switch source {
                case .file(let golden):
                    let bytes = try ImageFileIO.read(golden)
                    if GitLFS.isPointer(bytes) { throw LFSPointer(path: golden) }
                    chunk = PNGText.read(EnvironmentFingerprint.pngKeyword, in: bytes)
                    e = try RGBAImage(decoding: bytes, source: golden)
                case .frame(let image, let text):
                    chunk = text
                    e = image!
                }
                goldenChunk = chunk
                if let chunk, let problem = GoldenNames.formatProblem(ofChunk: chunk) { throw GoldenFormatProblem(text: problem) }
                if let here = options.environment, let chunk, let there = EnvironmentFingerprint(text: chunk), there != here {
                    let d = here.differences(from: there)
                    if !d.isEmpty { environment = d }
                }
                let o = try PixelDiff.compare(e, actual, options: diffOptions, diffImage: report != nil)
                expected = e; outcome = o
                let passes = settings.tolerance.passes(o)
                // Within a tolerance opted into: does anything differ at all?
                if passes && !settings.isExact && e.pixels != actual.pixels {
                    var exact = DiffOptions(threshold: 0, includeAA: true)
                    exact.ignoreRegions = diffOptions.ignoreRegions
                    exact.ignoreMask = diffOptions.ignoreMask
                    let s = try PixelDiff.compare(e, actual, options: exact, diffImage: report != nil)
                    if !s.isMatch { strict = s }
                }
                return passes
            }
        } catch let pointer as LFSPointer {
            return (inputError("\(pointer.path) is a Git LFS pointer, not an image: run `git lfs pull`"), nil)
        } catch let problem as GoldenFormatProblem {
            var failed = inputError("the golden \(place) cannot be compared: \(problem.text)")
            failed.message! += "; check it with the Proofsheet that recorded it, or record it again (--record all)"
            try storeActual(&failed)
            return (failed, nil)
        } catch let e as ImageError {
            var failed = inputError("the golden cannot be read: \(e.description)")
            failed.message! += "; fix it, delete it, or approve the actual image"
            try storeActual(&failed)
            return (failed, environment)
        }
        if let outcome { entry.result = DiffReport(outcome: outcome, tolerance: settings.tolerance) }
        var scopedNote: String? = nil
        if let release = options.onlyChangedBy, verdict == .failed {
            // Rewritten only when the golden's own chunk says an older Proofsheet recorded it.
            let by = goldenChunk.flatMap(EnvironmentFingerprint.init(text:)).map(\.proofsheet)
            if let by, let version = ReleaseVersion(by), version < release {
                verdict = .recorded(.changedByRelease(recordedBy: by))
            } else {
                scopedNote =
                    by.map { "; recorded by proofsheet \($0), not before \(release): not rewritten by --only-changed-by \(release)" }
                    ?? "; the golden does not say which Proofsheet recorded it: not rewritten by --only-changed-by \(release)"
            }
        }

        switch verdict {
        case .passed:
            guard let strict, let r = strict.result else {
                // A timeline's strips in the report show every instant: a passing one as a thumbnail.
                if let report, entry.timeline != nil {
                    let factor = max(1, (max(actual.width, actual.height) + ReportFolder.thumbnailSide - 1) / ReportFolder.thumbnailSide)
                    entry.thumb = try report.store(try PNGCodec.encode(actual.shrunk(by: factor)), entry.id, "thumb")
                }
                return (entry, environment)
            }
            entry.status = .tolerated
            entry.message =
                "passed within tolerance (\(settings.summary)): \(r.mismatched) of \(r.total) pixels differ"
                + (entry.result?.mismatched.map { $0 == r.mismatched ? "" : ", \($0) beyond the threshold" } ?? "")
            if let report, let expected {
                entry.expected = try report.store(try PNGCodec.encode(expected), entry.id, "expected")
                if let d = r.diffImage { entry.diff = try report.store(try PNGCodec.encode(d), entry.id, "diff") }
            }
        case .missing:
            entry.status = .missing
            entry.message = "no golden at \(place); record it with --record missing, look at it, commit it"
            if entry.timeline == nil, let from = shared.renames.match(actual, for: entry.goldenPath) {
                entry.renamedFrom = from
                entry.message =
                    "no golden at \(entry.golden), but the orphaned golden \(root)/\(from) has the same pixels: renamed? "
                    + "move it there (git mv), or approve this image and prune the orphan"
            }
        case .failed, .recorded(.rewrittenAfterFailure):
            entry.status = .failed
            entry.message = entry.result?.reason
            if settings.isExact, entry.message != nil { entry.message! += " (exact comparison)" }
            if let scopedNote, entry.message != nil { entry.message! += scopedNote }
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
            if case .file(let golden) = source { try FileOutput.write(try actualPNG(), to: golden) }
            entry.status = .recorded
            switch verdict {
            case .recorded(.all(let replaced)):
                entry.message = replaced ? "golden rewritten (record mode all)" : "golden recorded (record mode all)"
            case .recorded(.absent):
                entry.message = "no golden: recorded \(place); look at it and commit it"
                if entry.timeline == nil, let from = shared.renames.match(actual, for: entry.goldenPath) {
                    entry.renamedFrom = from
                    entry.message! += "; the orphaned golden \(root)/\(from) has the same pixels: renamed? delete it (--prune does)"
                }
            case .recorded(.changedByRelease(let by)):
                entry.message =
                    "\(entry.result?.reason ?? "failed"); golden rewritten: recorded by proofsheet \(by), before \(options.onlyChangedBy!)'s pixel changes"
            default:
                entry.message = "\(entry.result?.reason ?? "failed"); golden rewritten (record mode failed)"
            }
        }
        try storeActual(&entry)
        return (entry, environment)
    }
}

/// Thrown inside the comparison when the golden is a Git LFS pointer.
private struct LFSPointer: Error { var path: String }

/// Thrown inside the comparison when the golden's chunk names a golden format this Proofsheet
/// does not read (``GoldenNames/formatProblem(ofChunk:)``).
private struct GoldenFormatProblem: Error { var text: String }

/// Where one image's golden comes from.
enum GoldenSource {
    /// A still's own PNG file: read, compared, and written in place when recorded.
    case file(String)
    /// A key instant's frame in its timeline's file (nil: the file has none for it), with the
    /// file's environment chunk.
    case frame(RGBAImage?, environment: String?)
}

/// What one run reads once and shares between its images.
struct RunShared: Sendable {
    let masks: MaskCache
    let renames: RenameFinder
}

/// The orphaned goldens of a run, by their pixels, to tell a renamed still (or scene) from a new
/// one: a missing golden whose image equals an orphan's, at the same file name (device, scale and
/// variant), was most likely renamed. Each orphan is read at most once, only the first
/// ``mostRead`` of them (by path) are compared, and only at the actual image's size.
final class RenameFinder: Sendable {
    /// The most orphans one run decodes to compare.
    static let mostRead = 256
    let root: String
    /// The orphans by file name (`iphone-14@1x.png`).
    private let byName: [String: [String]]
    /// Each orphan read so far: its pixels' hash, or nil when it cannot be read or is another size.
    private let hashes = Mutex<[String: UInt64?]>([:])

    init(root: String, orphans: [String]) {
        self.root = root
        // The first ones by name only, whatever the order images are checked in: the same
        // renames at any thread count.
        // Stills' goldens only: a timeline's file is no still renamed.
        let stills = orphans.sorted().filter { path in
            let parts = path.split(separator: "/")
            return parts.count >= 2 && GoldenNames.timeline(ofFolder: String(parts[parts.count - 2])) == nil
                && TimelineInstant.parse(folder: String(parts[parts.count - 2])) == nil
        }
        byName = Dictionary(grouping: stills.prefix(Self.mostRead)) { String($0.split(separator: "/").last ?? "") }
    }

    /// The orphan (relative to the golden root) whose pixels are `actual`'s, for the golden at
    /// `goldenPath`; nil when none is.
    func match(_ actual: RGBAImage, for goldenPath: String) -> String? {
        let name = String(goldenPath.split(separator: "/").last ?? "")
        guard let candidates = byName[name], !candidates.isEmpty else { return nil }
        let wanted = Self.hash(actual.pixels)
        for orphan in candidates {
            guard let image = read(orphan, size: actual.size, wanted: wanted) else { continue }
            // The hash picked it: the pixels say.
            if image.pixels == actual.pixels { return orphan }
        }
        return nil
    }

    /// The orphan's image when its hash is `wanted` (read and hashed once), else nil.
    private func read(_ orphan: String, size: ImageSize, wanted: UInt64) -> RGBAImage? {
        let known = hashes.withLock { $0[orphan] }
        if case .some(let seen) = known, seen != wanted { return nil }
        // Its header first: an orphan of another size (or a bomb) is never decoded.
        guard let path = try? SafePaths.inside(root, orphan, what: orphan), ImageHeader.pixels(path: path) == size.width * size.height,
            let bytes = try? ImageFileIO.read(path),
            let image = try? RGBAImage(decoding: bytes, source: path), image.size == size
        else {
            hashes.withLock { $0[orphan] = .some(nil) }
            return nil
        }
        let hash = Self.hash(image.pixels)
        hashes.withLock { $0[orphan] = hash }
        return hash == wanted ? image : nil
    }

    static func hash(_ pixels: [UInt8]) -> UInt64 { EnvironmentFingerprint.fnv1a(pixels) }
}

/// Mask images, read once per run, combined and fitted to each image size.
final class MaskCache: Sendable {
    private let images = Mutex<[String: RGBAImage]>([:])

    /// One mask for an image of `size`: every mask in `paths`, fitted (same size in pixels, or the
    /// scene's size in points, scaled up), combined; ignored pixels are opaque white.
    func mask(_ paths: [String], for size: ImageSize, scene: Scene) throws -> RGBAImage {
        var out = RGBAImage(width: size.width, height: size.height)
        for path in paths {
            let image: RGBAImage
            if let cached = images.withLock({ $0[path] }) {
                image = cached
            } else {
                if GitLFS.isPointer(GitLFS.head(of: path)) {
                    throw ProofsheetError.badInput(
                        "the mask \(SafePaths.clip(path)) is a Git LFS pointer, not an image: run `git lfs pull` to fetch it")
                }
                do { image = try RGBAImage(contentsOfFile: path) } catch {
                    throw ProofsheetError.badInput("the mask cannot be read: \(error.description)")
                }
                images.withLock { $0[path] = image }
            }
            let points = ImageSize(width: Int(scene.canvas.width.rounded()), height: Int(scene.canvas.height.rounded()))
            guard image.size == size || image.size == points else {
                throw ProofsheetError.badInput(
                    "the mask \(SafePaths.clip(path)) is \(image.size); the image is \(size) pixels (\(points) points)",
                    hint: "draw the mask at the scene's size in points or at the image's size in pixels")
            }
            let sx = Double(image.width) / Double(size.width), sy = Double(image.height) / Double(size.height)
            out.withUnsafeMutablePixels { px in
                for y in 0..<size.height {
                    let my = min(image.height - 1, Int(Double(y) * sy))
                    for x in 0..<size.width {
                        let m = image[x: min(image.width - 1, Int(Double(x) * sx)), y: my]
                        if m.a != 0 && (m.r | m.g | m.b) != 0 {
                            let i = (y * size.width + x) * 4
                            px[i] = 255; px[i + 1] = 255; px[i + 2] = 255; px[i + 3] = 255
                        }
                    }
                }
            }
        }
        return out
    }
}

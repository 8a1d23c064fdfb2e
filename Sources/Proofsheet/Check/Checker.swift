import Foundation

/// When goldens are written, as in swift-snapshot-testing.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Rewrite every golden (exit 0).
    case all
    /// Rewrite the goldens that fail, and record missing ones (exit 1 if any).
    case failed
    /// Record absent goldens (exit 1, naming them: a new golden is never a silent pass).
    case missing
    /// Write nothing; an absent golden is a failure.
    case never

    /// `never` on CI (the `CI` variable set to anything but empty, `0`, `false` or `no`),
    /// else `missing`.
    public static var `default`: RecordMode { isCI() ? .never : .missing }

    /// Whether `environment` looks like a CI job (the one rule the check and the snapshot
    /// library share).
    public static func isCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let ci = environment["CI"]?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
        return !["", "0", "false", "no"].contains(ci)
    }
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
public struct Checker: Sendable {
    public let renderer: Renderer
    public init(renderer: Renderer) { self.renderer = renderer }

    /// One image to check: a scene file on a device at a scale.
    struct Item {
        var path: String
        var name: String
        var scene: Scene
        var variant: String
        var id: String { "\(name)/default/\(variant)" }
    }

    /// The variant name of a scene as rendered: `iphone-14@3x`, or `390x844@1x` for a canvas.
    public static func variant(of scene: Scene) -> String {
        let base = scene.device.map { slug($0.name) } ?? "\(fmt(scene.canvas.width))x\(fmt(scene.canvas.height))"
        return "\(base)@\(fmt(scene.scale))x"
    }

    static func slug(_ s: String) -> String {
        String(s.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }

    /// Reads and lays out every scene (bad input throws before anything is written), expands
    /// devices, and keeps this shard's part.
    func items(_ scenePaths: [String], _ options: CheckOptions) throws -> [Item] {
        var items: [Item] = []
        for path in scenePaths {
            let base = try SceneDecoder().decode(file: path)
            let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            var scenes: [Scene] = options.devices.isEmpty ? [base] : options.devices.map { base.on($0) }
            if let scale = options.scale { scenes = scenes.map { var s = $0; s.scale = scale; return s } }
            for s in scenes {
                try s.validateSize()
                _ = try renderer.layout(s)
                items.append(Item(path: path, name: name, scene: s, variant: Self.variant(of: s)))
            }
        }
        var seen = Set<String>()
        for item in items where !seen.insert(item.id).inserted {
            throw ProofsheetError.usage("two scenes check the same image '\(item.id)'", hint: "give each scene file a distinct name")
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
        let result = CheckReport(entries: entries, threshold: options.diff.threshold, tolerance: options.tolerance,
                                 record: options.record.rawValue, shard: shard)
        try report?.write(result)
        return result
    }

    private func check(_ item: Item, _ options: CheckOptions, _ report: ReportFolder?) throws -> CheckEntry {
        let golden = "\(options.goldenDirectory)/\(item.name)/default/\(item.variant).png"
        var entry = CheckEntry(scene: item.name, state: "default", variant: item.variant, status: .passed, golden: golden)
        let actual: RGBAImage
        do {
            actual = try renderer.backend.renderRGBA(try renderer.layout(item.scene).displayList, scale: item.scene.scale)
        } catch let e as ProofsheetError {
            // Inputs were checked up front: what fails now is a failure of the renderer.
            entry.status = .error
            entry.message = e.message
            return entry
        }
        let actualPNG = try PNGCodec.encode(actual)
        let exists = FileManager.default.fileExists(atPath: golden)

        func record(_ message: String) throws {
            try writeAtomically(actualPNG, to: golden)
            entry.status = .recorded
            entry.message = message
        }

        if options.record == .all {
            try record(exists ? "golden rewritten (record mode all)" : "golden recorded (record mode all)")
            entry.actual = try report?.store(actualPNG, entry.id, "actual")
            return entry
        }
        guard exists else {
            if options.record == .never {
                entry.status = .missing
                entry.message = "no golden at \(golden); record it with --record missing, look at it, commit it"
            } else {
                try record("no golden: recorded \(golden); look at it and commit it")
            }
            entry.actual = try report?.store(actualPNG, entry.id, "actual")
            return entry
        }
        let expected: RGBAImage
        do { expected = try RGBAImage(contentsOfFile: golden) } catch {
            entry.status = .error
            entry.message = "golden unreadable: \(error.description)"
            entry.actual = try report?.store(actualPNG, entry.id, "actual")
            return entry
        }
        let outcome = try PixelDiff.compare(expected, actual, options: options.diff, diffImage: report != nil)
        let numbers = DiffReport(outcome: outcome, tolerance: options.tolerance)
        entry.result = numbers
        if numbers.passed { return entry }
        entry.status = .failed
        entry.message = numbers.reason
        if let report {
            entry.expected = try report.store(try PNGCodec.encode(expected), entry.id, "expected")
            entry.actual = try report.store(actualPNG, entry.id, "actual")
            if let d = outcome.result?.diffImage { entry.diff = try report.store(try PNGCodec.encode(d), entry.id, "diff") }
        }
        if options.record == .failed { try record("\(numbers.reason ?? "failed"); golden rewritten (record mode failed)") }
        return entry
    }
}

import Foundation
import ProofsheetCore
import ProofsheetScene

/// A project's check configuration, `proofsheet.json` at the repository root, so that local runs
/// and CI use one definition:
///
/// ```json
/// {
///   "scenes": ["Assets/Scenes/*.json"],
///   "golden": "Tests/Goldens",
///   "devices": ["iPhone 14", "iPhone SE"],
///   "scales": [1],
///   "assets": ["Assets/Images"],
///   "timelines": true,
///   "threshold": 0, "includeAA": true, "maxDiffPixels": 0, "maxDiffRatio": 0,
///   "ignore": [[0, 0, 390, 47]],
///   "masks": ["masks/clock.png"],
///   "overrides": {
///     "Assets/Scenes/travel-deck": {
///       "maxDiffPixels": 20,
///       "stills": {"dragging-right": {"ignore": [[0, 700, 390, 144]]}}
///     }
///   }
/// }
/// ```
///
/// Paths are relative to the file's folder, the project root; scene names in `overrides` are
/// scene paths below it without extension (as in golden paths). Every key is optional but
/// `scenes` and `golden`. It is validated like a scene file: errors name the file, line:column
/// and JSON path.
public struct ProjectConfig: Sendable {
    /// The file's name, looked for from the working directory upward.
    public static let fileName = "proofsheet.json"
    /// Largest configuration file read.
    public static let maxBytes = 4 << 20

    /// The folder of the configuration file: paths in it are relative to this folder.
    public var root: String
    /// The file itself.
    public var file: String
    /// Scene files matched by the globs, relative to the working directory (or absolute), sorted.
    public var scenes: [String] = []
    public var golden: String = ""
    /// Why ``golden`` may not be used unless `--golden` names a folder instead: it lies outside
    /// the configuration's folder (a configuration cannot send goldens, or `--prune`, elsewhere).
    public var goldenRefusal: ProofsheetError?
    public var devices: [Device] = []
    public var scales: [Double] = []
    /// `"chrome": true|false`: every image with the status bar and home indicator, or none
    /// (`--chrome` wins); nil leaves each scene's own choice.
    public var chrome: Bool?
    /// `"variants": {"colorScheme": ["light", "dark"], "dynamicType": ["large", "ax3"],
    /// "layoutDirection": ["ltr", "rtl"]}`: every
    /// image in every combination; each axis's values from the command line (`--color-scheme`,
    /// `--dynamic-type`, `--variant`) replace the configuration's. Axes not listed keep each
    /// scene's own.
    public var variants: [(Variant.Axis, [Variant])] = []
    /// `"timelines": true` checks every timeline at its key instants, a list of names those
    /// (`--timelines` and `--timeline` win).
    public var timelines: TimelineSelection = .none
    /// `"strict": true`: orphaned goldens fail the check, as `--strict` makes them.
    public var strict = false
    public var assets: [String] = []
    public var compare = CompareSettings()
    public var sceneCompare: [String: SceneCompareSettings] = [:]

    /// The configuration `--config` names, or the first `proofsheet.json` from `directory` upward,
    /// looking no higher than the repository root (the first folder holding `.git`, a folder or a
    /// worktree's file): a configuration in a folder above the project (a shared home, a CI
    /// workspace's parent) is never used. Outside a repository only `directory` itself is looked
    /// in: with no root to stop at, a search upward could reach any folder up to `/`. File
    /// ownership plays no part (CI containers run as root on a workspace another user owns).
    /// Nil when there is none.
    public static func find(explicit: String?, from directory: String) throws -> ProjectConfig? {
        if let explicit {
            guard FileOutput.isRegularFile(explicit) else {
                throw ProofsheetError.usage(
                    "--config '\(SafePaths.clip(explicit))' is not a file",
                    hint: "give the path of a \(fileName)")
            }
            return try load(explicit)
        }
        let start = URL(fileURLWithPath: directory).standardizedFileURL.path
        let folders = searchedFolders(from: start)
        for dir in folders {
            let candidate = (dir == "/" ? "" : dir) + "/" + fileName
            // Named as the user sees it: relative in the working directory itself.
            if FileOutput.exists(candidate) { return try load(dir == start ? fileName : candidate) }
        }
        return nil
    }

    /// The folders a configuration is looked for in, nearest first: `start` and the folders above
    /// it up to the repository root, or `start` alone outside a repository.
    static func searchedFolders(from start: String) -> [String] {
        var folders: [String] = []
        var dir = start
        while true {
            folders.append(dir)
            // The repository root ends the search (`.git` is a folder, or a file in a worktree).
            if FileOutput.exists(dir + "/.git") { return folders }
            guard dir != "/" else { return [start] }
            dir = FileOutput.parent(of: dir)
        }
    }

    /// Why no configuration was found from `directory`, for a usage error's hint.
    public static func searchHint(from directory: String) -> String {
        let start = URL(fileURLWithPath: directory).standardizedFileURL.path
        return searchedFolders(from: start).count == 1 && !FileOutput.exists(start + "/.git")
            ? "outside a git repository only the working directory's \(fileName) is used: run from the project's folder, or give --config FILE"
            : "a \(fileName) is looked for from the working directory up to the repository root (.git); --config FILE names another"
    }

    /// Reads and validates a configuration file.
    public static func load(_ path: String) throws -> ProjectConfig {
        guard FileOutput.isRegularFile(path) else {
            throw ProofsheetError.badInput("the configuration \(SafePaths.clip(path)) is not a regular file")
        }
        let bytes = try SafePaths.read(FileOutput.parent(of: path), (path as NSString).lastPathComponent, what: "the configuration", limit: maxBytes)
        let cwd = FileManager.default.currentDirectoryPath
        let folder = FileOutput.parent(of: path)
        let absolute = URL(fileURLWithPath: folder.hasPrefix("/") ? folder : cwd + "/" + folder).standardizedFileURL.path
        let root = absolute == URL(fileURLWithPath: cwd).standardizedFileURL.path ? "." : absolute
        return try parse(bytes, file: path, root: root)
    }

    /// Parses configuration bytes; `root` is the folder paths are relative to.
    public static func parse(_ bytes: [UInt8], file: String, root: String) throws -> ProjectConfig {
        let json = try JSONReader.parse(bytes, file: file)
        var config = ProjectConfig(root: root, file: file)
        try ConfigReader(file: file, root: root).read(json, into: &config)
        return config
    }

    /// A path from the file, as seen from the working directory.
    func resolve(_ relative: String) -> String {
        relative.hasPrefix("/") || root == "." ? relative : root + "/" + relative
    }
}

/// Validates a configuration's JSON and fills a ``ProjectConfig``.
struct ConfigReader {
    let file: String
    let root: String

    static let topKeys = [
        "scenes", "golden", "devices", "scales", "assets", "threshold", "includeAA", "maxDiffPixels", "maxDiffRatio", "ignore", "masks",
        "overrides", "chrome", "timelines", "variants", "strict"
    ]
    static let compareKeys = ["threshold", "includeAA", "maxDiffPixels", "maxDiffRatio", "ignore", "masks"]

    func fail(_ v: JSONValue, _ message: String, hint: String? = nil) -> ProofsheetError {
        .badInput(message, at: v.location, hint: hint)
    }

    func members(_ v: JSONValue, _ what: String, allowed: [String]) throws -> [(key: String, value: JSONValue)] {
        guard case .object(let members) = v.kind else { throw fail(v, "\(what) must be an object, not \(v.typeName)") }
        for (key, value) in members where !allowed.contains(key) {
            let close = closeNames(to: key, in: allowed)
            throw fail(
                value, "unknown key '\(SafePaths.clip(key))' in \(what)",
                hint: (close.isEmpty ? "" : "did you mean '\(close[0])'? ") + "the keys: \(allowed.joined(separator: ", "))")
        }
        return members
    }

    func string(_ v: JSONValue, _ what: String) throws -> String {
        guard case .string(let s) = v.kind else { throw fail(v, "\(what) must be a string, not \(v.typeName)") }
        guard !s.isEmpty, s.utf8.count <= 4096, !s.contains("\0") else { throw fail(v, "\(what) must be a non-empty path of at most 4096 bytes") }
        return s
    }

    func strings(_ v: JSONValue, _ what: String, max: Int = 1000) throws -> [(String, JSONValue)] {
        let list: [JSONValue]
        switch v.kind {
        case .array(let items): list = items
        case .string: list = [v]
        default: throw fail(v, "\(what) must be a string or an array of strings, not \(v.typeName)")
        }
        guard list.count <= max else { throw fail(v, "\(what) lists more than \(max) items") }
        return try list.map { (try string($0, what), $0) }
    }

    func number(_ v: JSONValue, _ what: String, in range: ClosedRange<Double>, whole: Bool = false) throws -> Double {
        guard case .number(let n) = v.kind else { throw fail(v, "\(what) must be a number, not \(v.typeName)") }
        guard n.isFinite, range.contains(n), !whole || n == n.rounded() else {
            throw fail(v, "\(what) \(fmt(n)) is not a \(whole ? "whole number" : "number") from \(fmt(range.lowerBound)) to \(fmt(range.upperBound))")
        }
        return n
    }

    func read(_ json: JSONValue, into config: inout ProjectConfig) throws {
        let top = try members(json, "the configuration", allowed: Self.topKeys)
        guard let scenes = json["scenes"] else {
            throw fail(json, "the configuration has no 'scenes'", hint: "\"scenes\": [\"Assets/Scenes/*.json\"] (globs relative to this file)")
        }
        guard let golden = json["golden"] else {
            throw fail(json, "the configuration has no 'golden'", hint: "\"golden\": \"Tests/Goldens\" (relative to this file)")
        }
        let goldenText = try string(golden, "golden")
        config.golden = config.resolve(goldenText)
        let goldenAbsolute = SafePaths.absolute(config.golden), rootAbsolute = SafePaths.absolute(root)
        if !goldenAbsolute.hasPrefix(rootAbsolute == "/" ? "/" : rootAbsolute + "/") && goldenAbsolute != rootAbsolute {
            config.goldenRefusal = fail(
                golden, "golden '\(SafePaths.clip(goldenText))' lies outside the configuration's folder",
                hint:
                    "keep the goldens inside the folder of \(ProjectConfig.fileName) (e.g. \"Tests/Goldens\"), or name a folder outside on the command line: --golden DIR"
            )
        }
        var found: [String] = []
        for (pattern, v) in try strings(scenes, "scenes") {
            let matches = try glob(pattern, at: v)
            guard !matches.isEmpty else {
                throw fail(
                    v, "'\(SafePaths.clip(pattern))' matches no file",
                    hint: "globs take *, ? and [...] within a folder, relative to \(SafePaths.clip(file))'s folder")
            }
            for m in matches where !found.contains(m) { found.append(m) }
        }
        config.scenes = found
        for (key, value) in top {
            switch key {
            case "devices":
                config.devices = try strings(value, "devices", max: 64).map { name, v in try Device.named(name, at: v.location) }
            case "scales":
                let list: [JSONValue]
                if case .array(let items) = value.kind { list = items } else { list = [value] }
                guard list.count <= 16 else { throw fail(value, "scales lists more than 16 scales") }
                config.scales = try list.map { try number($0, "a scale", in: Scene.Limits.scaleRange) }
            case "assets":
                config.assets = try strings(value, "assets", max: 64).map { config.resolve($0.0) }
            case "chrome":
                guard case .bool(let on) = value.kind else { throw fail(value, "chrome must be true or false, not \(value.typeName)") }
                config.chrome = on
            case "strict":
                guard case .bool(let on) = value.kind else { throw fail(value, "strict must be true or false, not \(value.typeName)") }
                config.strict = on
            case "variants":
                let axes = Variant.Axis.allCases.map(\.rawValue)
                for (name, list) in try members(value, "variants", allowed: axes) {
                    let axis = Variant.Axis(rawValue: name)!
                    var values: [Variant] = []
                    for (text, v) in try strings(list, "variants.\(name)", max: 64) {
                        guard let variant = Variant.none.setting(axis, to: text) else {
                            throw fail(v, "'\(excerpt(text))' is not a value of \(name): \(axis.spellings)")
                        }
                        guard !values.contains(variant) else { throw fail(v, "'\(excerpt(text))' is listed twice in \(name)") }
                        values.append(variant)
                    }
                    config.variants.append((axis, values))
                }
                config.variants.sort { a, b in axes.firstIndex(of: a.0.rawValue)! < axes.firstIndex(of: b.0.rawValue)! }
            case "timelines":
                if case .bool(let on) = value.kind {
                    config.timelines = on ? .all : .none
                    break
                }
                guard case .array = value.kind else {
                    throw fail(value, "timelines must be true, false or a list of timeline names, not \(value.typeName)")
                }
                config.timelines = .named(
                    try strings(value, "timelines", max: 1000).map { name, v in
                        guard Still.isValidName(name) else { throw fail(v, "'\(SafePaths.clip(name))' cannot name a timeline", hint: Still.nameRule) }
                        return name
                    })
            default: break
            }
        }
        config.compare = try compare(json, "the configuration")
        if let overrides = json["overrides"] {
            let names = Dictionary(try config.scenes.map { (try GoldenNames.scene($0, root: root), $0) }, uniquingKeysWith: { a, _ in a })
            guard case .object(let scenes) = overrides.kind else { throw fail(overrides, "overrides must be an object, not \(overrides.typeName)") }
            for (name, value) in scenes {
                guard names[name] != nil else {
                    let close = closeNames(to: name, in: names.keys.sorted())
                    throw fail(
                        value, "overrides names '\(SafePaths.clip(name))', which is none of the scenes",
                        hint: (close.isEmpty ? "" : "did you mean '\(close[0])'? ")
                            + "scenes are named by their path below the project root, without extension")
                }
                _ = try members(value, "the overrides of \(name)", allowed: Self.compareKeys + ["stills"])
                var settings = SceneCompareSettings(scene: try compare(value, "the overrides of \(name)"))
                if let stills = value["stills"] {
                    guard case .object(let list) = stills.kind else { throw fail(stills, "stills must be an object, not \(stills.typeName)") }
                    for (still, s) in list {
                        guard still == "default" || Still.isValidName(still) else {
                            throw fail(s, "'\(SafePaths.clip(still))' cannot name a still", hint: Still.nameRule)
                        }
                        _ = try members(s, "the overrides of \(name) still \(still)", allowed: Self.compareKeys)
                        settings.stills[still] = try compare(s, "the overrides of \(name) still \(still)")
                    }
                }
                config.sceneCompare[name] = settings
            }
        }
    }

    /// The comparison keys of an object.
    func compare(_ v: JSONValue, _ what: String) throws -> CompareSettings {
        var s = CompareSettings()
        if let t = v["threshold"] { s.threshold = try number(t, "threshold", in: 0...1) }
        if let a = v["includeAA"] {
            guard case .bool(let b) = a.kind else { throw fail(a, "includeAA must be true or false, not \(a.typeName)") }
            s.includeAA = b
        }
        if let p = v["maxDiffPixels"] { s.maxDiffPixels = Int(try number(p, "maxDiffPixels", in: 0...1e12, whole: true)) }
        if let r = v["maxDiffRatio"] { s.maxDiffRatio = try number(r, "maxDiffRatio", in: 0...1) }
        if let list = v["ignore"] {
            guard case .array(let rects) = list.kind else {
                throw fail(list, "ignore must be an array of [x, y, width, height] in points, not \(list.typeName)")
            }
            guard rects.count <= 1000 else { throw fail(list, "ignore lists more than 1000 rectangles") }
            for r in rects {
                guard case .array(let n) = r.kind, n.count == 4 else {
                    throw fail(r, "an ignore region must be [x, y, width, height] in points", hint: "e.g. [0, 0, 390, 47] for a status bar")
                }
                let x = try number(n[0], "x", in: -1e6...1e6), y = try number(n[1], "y", in: -1e6...1e6)
                let w = try number(n[2], "width", in: 0...1e6), h = try number(n[3], "height", in: 0...1e6)
                s.ignore.append(PointRect(x: x, y: y, width: w, height: h))
            }
        }
        if let masks = v["masks"] {
            for (path, at) in try strings(masks, "masks", max: 64) {
                let resolved = root == "." || path.hasPrefix("/") ? path : root + "/" + path
                guard FileOutput.isRegularFile(resolved) else { throw fail(at, "the mask '\(SafePaths.clip(path))' is not a file") }
                s.masks.append(resolved)
            }
        }
        return s
    }

    /// Files matching a glob relative to the root (`*`, `?`, `[...]` within a folder), sorted.
    func glob(_ pattern: String, at v: JSONValue) throws -> [String] {
        guard !pattern.contains("**") else {
            throw fail(v, "'**' is not supported in scene globs", hint: "list each folder: \"Scenes/*.json\", \"Scenes/*/*.json\"")
        }
        let full = pattern.hasPrefix("/") || root == "." ? pattern : root + "/" + pattern
        var g = glob_t()
        defer { globfree(&g) }
        let rc = Glibc.glob(full, 0, nil, &g)
        guard rc == 0 else { return [] }
        var out: [String] = []
        let realRoot = SafePaths.realFolder(root)
        for i in 0..<Int(g.gl_pathc) {
            guard let p = g.gl_pathv[i] else { continue }
            let path = String(cString: p)
            guard FileOutput.isRegularFile(path) else { continue }
            // A scene is read from inside the project: a link out of it is an error, not a scene.
            if let realRoot, let real = realpath(path, nil) {
                defer { free(real) }
                let r = String(cString: real)
                guard r.hasPrefix(realRoot == "/" ? "/" : realRoot + "/") else {
                    let what = FileOutput.isLink(path) ? "is a symbolic link out of the project" : "lies outside the project"
                    throw fail(
                        v, "'\(SafePaths.clip(path))' (matched by '\(SafePaths.clip(pattern))') \(what)",
                        hint: "scenes are read from inside the folder of \(ProjectConfig.fileName): copy the scene in, or move the configuration up")
                }
            }
            out.append(path)
        }
        return out.sorted()
    }
}

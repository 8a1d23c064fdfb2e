import Foundation
import ProofsheetCore
import ProofsheetScene
import ProofsheetImage

/// How golden files are named, and which files are goldens.
///
/// One place owns golden paths: ``path(scene:state:variant:)`` makes every still's path a check
/// records or compares (`<scene>/<still>/<variant>.png`), ``timelinePath(scene:timeline:variant:)``
/// a timeline's one file (`<scene>/<timeline>@timeline/<variant>.png`, ``TimelineGolden``), and
/// ``isGoldenPath(_:)`` tells whether a path could have come from them (or from golden format 1,
/// which stored each key instant as `<scene>/<timeline>@<t>ms/<variant>.png`). `check --prune` deletes only files that pass both that test and
/// ``isRecorded(_:)`` (they carry the environment chunk that recording writes): anything else
/// below a golden folder is never deleted.
public enum GoldenNames {
    /// The version of the golden format, written into every golden's `tEXt` chunk as
    /// `golden-format=N` (goldens recorded before the field count as format 1). It changes when
    /// the way goldens are named or stored changes; see CHANGELOG.md for what to do then.
    /// Format 2 stores a timeline's key instants in one file per variant (format 1: one file per
    /// instant); `proofsheet migrate` turns format 1 into format 2.
    public static let formatVersion = 2

    /// The golden of `state` (a still, `default`, or a key instant's folder) of a scene on a
    /// variant, below the golden root.
    public static func path(scene: String, state: String, variant: String) -> String {
        "\(scene)/\(state)/\(variant).png"
    }

    /// The one golden of a timeline on a variant: its key instants as frames of an animated PNG.
    public static func timelinePath(scene: String, timeline: String, variant: String) -> String {
        path(scene: scene, state: timelineFolder(timeline), variant: variant)
    }

    /// A key instant's name as a state, `<timeline>@<t>ms` (`swipe-right@350ms`): in reports, and
    /// in golden format 1 the folder of the instant's own golden.
    public static func instantFolder(timeline: String, milliseconds: Int) -> String { "\(timeline)@\(milliseconds)ms" }

    /// The timeline and milliseconds of a name made by ``instantFolder(timeline:milliseconds:)``.
    public static func instant(ofFolder folder: String) -> (timeline: String, milliseconds: Int)? {
        guard folder.hasSuffix("ms"), let at = folder.lastIndex(of: "@") else { return nil }
        let name = String(folder[..<at]), digits = folder[folder.index(after: at)...].dropLast(2)
        guard Still.isValidName(name), !digits.isEmpty, digits.count <= 7, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            digits == "0" || digits.first != "0", let ms = Int(digits)
        else { return nil }
        return (name, ms)
    }

    /// The folder of a timeline's goldens: `<timeline>@timeline`.
    public static func timelineFolder(_ timeline: String) -> String { "\(timeline)@timeline" }

    /// The timeline whose folder ``timelineFolder(_:)`` named `folder`, or nil.
    public static func timeline(ofFolder folder: String) -> String? {
        guard folder.hasSuffix("@timeline") else { return nil }
        let name = String(folder.dropLast("@timeline".count))
        return Still.isValidName(name) ? name : nil
    }

    /// The text of the `tEXt` chunk a golden recorded in `environment` carries.
    public static func chunkText(_ environment: EnvironmentFingerprint) -> String {
        environment.text + " golden-format=\(formatVersion)"
    }

    /// `png` as a golden of this Proofsheet: whatever environment chunks it carried replaced by
    /// one for `environment` in the current golden format (none when `environment` is nil).
    public static func stamped(_ png: [UInt8], environment: EnvironmentFingerprint?) -> [UInt8] {
        let bare = PNGText.removing(EnvironmentFingerprint.pngKeyword, from: png)
        guard let environment else { return bare }
        return PNGText.inserting(EnvironmentFingerprint.pngKeyword, chunkText(environment), into: bare)
    }

    /// The golden format the text of a golden's chunk declares: its `golden-format=N` field, 1
    /// when there is none (goldens recorded before the field); nil when the field is not a whole
    /// number from 1 to 999 or appears more than once.
    public static func format(ofChunk text: String) -> Int? {
        let fields = text.split(separator: " ").filter { $0.hasPrefix("golden-format=") }
        guard let field = fields.first else { return 1 }
        let value = field.dropFirst("golden-format=".count)
        guard fields.count == 1, (1...3).contains(value.count), value.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(value), n >= 1
        else { return nil }
        return n
    }

    /// Why this Proofsheet cannot take a golden whose chunk reads `text` as one of its own (to
    /// compare, migrate or prune), or nil when it can: a format newer than ``formatVersion``, or a
    /// format field that is not a number.
    public static func formatProblem(ofChunk text: String) -> String? {
        guard let n = format(ofChunk: text) else {
            return "its chunk's golden-format field is not a whole number from 1 to 999 (this Proofsheet writes golden-format=\(formatVersion))"
        }
        guard n <= formatVersion else {
            let by = EnvironmentFingerprint(text: text).map { " (proofsheet \($0.proofsheet))" } ?? ""
            return
                "it was recorded by a newer Proofsheet\(by) in golden format \(n); this one (\(ReleaseVersion.current)) reads formats 1 to \(formatVersion)"
        }
        return nil
    }

    /// Whether `relative` (below a golden root) is a path ``path(scene:state:variant:)`` could
    /// have made: scene folders and a state folder of plain names, and a variant file named as
    /// ``variant(of:)`` names them.
    public static func isGoldenPath(_ relative: String) -> Bool {
        guard let parts = SafePaths.plainComponents(relative), parts.count >= 3, parts.count <= ReportReader.maxSceneDepth + 2 else {
            return false
        }
        let state = parts[parts.count - 2]
        guard state == "default" || Still.isValidName(state) || timeline(ofFolder: state) != nil || TimelineInstant.parse(folder: state) != nil
        else { return false }
        let file = parts[parts.count - 1]
        guard file.hasSuffix(".png") else { return false }
        return isVariant(String(file.dropLast(4)))
    }

    /// Whether `name` is a variant as ``variant(of:)`` spells it: `<device slug>@<scale>x` or
    /// `<width>x<height>@<scale>x`, then the ``suffixes``, each at most once, in their order and
    /// at most one text size.
    static func isVariant(_ name: String) -> Bool {
        var parts = name.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        let base = parts.removeFirst()
        var next = 0
        for p in parts {
            guard let i = suffixes[next...].firstIndex(where: { $0(p) }) else { return false }
            next = i + 1
        }
        guard let at = base.lastIndex(of: "@"), base.hasSuffix("x") else { return false }
        let what = base[..<at], scale = base[base.index(after: at)...].dropLast()
        func isNumber(_ s: Substring) -> Bool {
            !s.isEmpty && s.count <= 16 && s.first != "." && s.last != "." && s.filter { $0 == "." }.count <= 1
                && s.allSatisfy { $0 == "." || ($0.isASCII && $0.isNumber) }
        }
        guard isNumber(scale) else { return false }
        let size = what.split(separator: "x", omittingEmptySubsequences: false)
        if size.count == 2 && isNumber(size[0]) && isNumber(size[1]) { return true }
        return !what.isEmpty && what.allSatisfy { ($0.isLetter && $0.isLowercase) || $0.isNumber || $0 == "-" }
    }

    /// Whether the file at `path` is a golden Proofsheet recorded: a regular file (not a link)
    /// whose PNG header carries a valid environment chunk of a golden format this Proofsheet
    /// knows (one of a newer format is left to the Proofsheet that wrote it). Reads at most the
    /// first 64 KiB.
    public static func isRecorded(_ path: String) -> Bool {
        guard let bytes = FileOutput.readRegularFile(path, limit: 64 << 10, prefix: true),
            let text = PNGText.read(EnvironmentFingerprint.pngKeyword, in: bytes)
        else { return false }
        return EnvironmentFingerprint(text: text) != nil && formatProblem(ofChunk: text) == nil
    }

    /// The name of a scene file in golden paths: its path below `root`, without extension.
    public static func scene(_ path: String, root: String) throws -> String {
        let file = SafePaths.absolute(path), base = SafePaths.absolute(root)
        let prefix = base == "/" ? "/" : base + "/"
        guard file.hasPrefix(prefix) else {
            throw ProofsheetError.badInput(
                "the scene \(SafePaths.clip(path)) is outside \(root == "." ? "the working directory" : "the project root \(SafePaths.clip(root))")",
                hint:
                    "goldens are named after the scene's path below the project root (the folder of proofsheet.json, or the working directory): run check from a folder above the scenes"
            )
        }
        var parts = String(file.dropFirst(prefix.count)).split(separator: "/").map(String.init)
        if let last = parts.last { parts[parts.count - 1] = (last as NSString).deletingPathExtension }
        guard !parts.isEmpty, parts.count <= ReportReader.maxSceneDepth, parts.allSatisfy(SafePaths.isPlainComponent) else {
            throw ProofsheetError.badInput(
                "the scene path '\(SafePaths.clip(parts.joined(separator: "/")))' cannot name a golden folder (\(SafePaths.clip(path)))",
                hint: "name scene files and their folders with letters, digits, '.', '-', '_' and '@', not starting with '.' or '-'")
        }
        return parts.joined(separator: "/")
    }

    /// The variant name of a scene as rendered: `iphone-14@3x`, or `390x844@1x` for a canvas;
    /// `+chrome` with the status bar and home indicator, `+frame` with the device frame, `+dark`
    /// in the dark colour scheme, `+rtl` right to left, the text size's short name at any size but the default
    /// (`+ax3`, `+xs`), the locale (`+de`, `+zh-hant`, `+pseudo`), and `+reduce-transparency`, `+reduce-motion`, `+bold-text`, `+increase-contrast` with those
    /// settings on, so that no two kinds of golden collide.
    public static func variant(of scene: Scene) -> String {
        let base = scene.device.map { slug($0.name) } ?? "\(fmt(scene.canvas.width))x\(fmt(scene.canvas.height))"
        var name = "\(base)@\(fmt(scene.scale))x"
        if scene.chrome.show { name += "+chrome" }
        if scene.chrome.deviceFrame { name += "+frame" }
        if scene.colorScheme == .dark { name += "+dark" }
        if scene.layoutDirection == .rightToLeft { name += "+rtl" }
        if scene.dynamicTypeSize != .large { name += "+" + scene.dynamicTypeSize.shortName }
        if let locale = scene.localization.locale { name += "+" + localeSuffix(locale) }
        if scene.accessibility.reduceTransparency { name += "+reduce-transparency" }
        if scene.accessibility.reduceMotion { name += "+reduce-motion" }
        if scene.accessibility.boldText { name += "+bold-text" }
        if scene.accessibility.increaseContrast { name += "+increase-contrast" }
        return name
    }

    /// The suffixes a variant name may have after its base, in order: each tells whether a part
    /// spells one setting, of which a name carries at most one.
    static let suffixes: [@Sendable (String) -> Bool] = [
        { $0 == "chrome" }, { $0 == "frame" }, { $0 == "dark" }, { $0 == "rtl" },
        { p in DynamicTypeSize.allCases.contains { $0 != .large && $0.shortName == p } },
        // A locale: a tag in lower case (no tag is spelt as another suffix, so `+ax3+xs` is no golden).
        { p in Localization.isValidTag(p) && p == p.lowercased() && !p.contains("_") },
        { $0 == "reduce-transparency" }, { $0 == "reduce-motion" }, { $0 == "bold-text" },
        { $0 == "increase-contrast" }
    ]

    /// The environment a variant name was rendered in: its settings' suffixes, the device, scale,
    /// `+chrome` and `+frame` left out (`iphone-14@3x+chrome+dark+ax3` → `dark+ax3`), or
    /// `standard` for a name with none — what the report groups images by.
    public static func environment(of variant: String) -> String {
        let parts = variant.split(separator: "+").dropFirst().filter { $0 != "chrome" && $0 != "frame" }
        return parts.isEmpty ? "standard" : parts.joined(separator: "+")
    }

    /// A locale as golden names carry it: lower case, `_` as `-` (`zh-hant`, `de`, `pseudo`).
    static func localeSuffix(_ tag: String) -> String { tag.lowercased().replacingOccurrences(of: "_", with: "-") }

    static func slug(_ s: String) -> String {
        String(s.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }
}

/// Where goldens may live. Recording, approving and pruning all go through ``check(_:base:scenes:assets:)``
/// first, so a golden folder can never be the project itself, hold the project's scenes or
/// assets, or be reached through a symbolic link below the project root.
public enum GoldenRoot {
    /// Checks the golden folder `golden` against the project root `base` (the configuration's
    /// folder, or the working directory).
    ///
    /// - The golden folder is not `base` itself, nor a folder above it.
    /// - It holds none of `scenes` and none of the `assets` folders.
    /// - Inside `base`, no folder on the way from `base` down to it is a symbolic link (nor is
    ///   the golden folder itself). A golden folder outside `base` is used only when the user
    ///   named it on the command line; the callers see to that.
    ///
    /// - Throws: a usage error saying which rule the folder breaks and what to give instead.
    public static func check(_ golden: String, base: String, scenes: [String] = [], assets: [String] = []) throws {
        let root = SafePaths.absolute(base), folder = SafePaths.absolute(golden)
        let shown = SafePaths.clip(golden)
        let hint = "give the goldens a folder of their own, e.g. \"golden\": \"Tests/Goldens\""
        if folder == root || root.hasPrefix(folder == "/" ? "/" : folder + "/") {
            throw ProofsheetError.usage("the golden folder '\(shown)' is the project folder or above it", hint: hint)
        }
        if let realFolder = SafePaths.realFolder(folder), let realRoot = SafePaths.realFolder(root),
            realFolder == realRoot || realRoot.hasPrefix(realFolder == "/" ? "/" : realFolder + "/")
        {
            throw ProofsheetError.usage("the golden folder '\(shown)' is the project folder or above it (through a link)", hint: hint)
        }
        func inside(_ path: String) -> Bool {
            let p = SafePaths.absolute(path)
            if p.hasPrefix(folder + "/") { return true }
            guard let real = realpath(p, nil) else { return false }
            defer { free(real) }
            let r = String(cString: real)
            return SafePaths.realFolder(folder).map { r.hasPrefix($0 + "/") } ?? false
        }
        if let scene = scenes.first(where: inside) {
            throw ProofsheetError.usage("the golden folder '\(shown)' holds the scene \(SafePaths.clip(scene))", hint: hint)
        }
        if let asset = assets.first(where: inside) {
            throw ProofsheetError.usage("the golden folder '\(shown)' holds the asset folder \(SafePaths.clip(asset))", hint: hint)
        }
        guard folder.hasPrefix(root == "/" ? "/" : root + "/") else { return }
        var path = root
        for part in folder.dropFirst(root == "/" ? 1 : root.count + 1).split(separator: "/") {
            path += "/" + part
            var st = stat()
            guard lstat(path, &st) == 0 else { return }
            if st.st_mode & S_IFMT == S_IFLNK {
                throw ProofsheetError.usage(
                    "the golden folder '\(shown)' lies through the symbolic link \(SafePaths.clip(path)); goldens are never written, approved or pruned through links",
                    hint: "give the real folder (inside the project) instead of the link")
            }
            guard st.st_mode & S_IFMT == S_IFDIR else {
                throw ProofsheetError.usage("the golden folder '\(shown)': \(SafePaths.clip(path)) is not a folder")
            }
        }
    }
}

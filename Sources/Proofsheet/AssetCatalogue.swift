import Foundation
import ProofsheetCore

/// Xcode's asset catalogues (`Assets.xcassets`) among the asset roots: an image set
/// `<name>.imageset` (at any depth of groups) gives the image of that name, its largest scale
/// (`3x` before `2x` before `1x`), drawn that many pixels a point, and its dark variant in dark
/// mode; a colour set `<name>.colorset` gives the colour of that name.
public enum AssetCatalogue {
    /// Deepest group looked into, and most entries a catalogue's folders may hold in all.
    static let maxDepth = 8
    static let maxEntries = 20_000
    /// Largest `Contents.json` read, in bytes.
    static let maxContentsBytes = 1 << 20

    /// The file and scale of the image set `name` in the catalogues among `roots` as drawn in
    /// `scheme`, nil when no catalogue has one.
    ///
    /// - Throws: a bad-input error for an image set whose `Contents.json` cannot be read, names
    ///   no image, or names a file outside its folder.
    static func image(named name: String, in roots: [String], scheme: ColorScheme = .light) throws -> (path: String, scale: Double)? {
        guard !name.isEmpty, !name.contains("/"), !name.contains("\0"), name != "..", name != "." else { return nil }
        for root in roots where root.hasSuffix(".xcassets") && FileOutput.isFolder(root) {
            guard let set = find(name + ".imageset", in: root) else { continue }
            return try file(of: set, in: scheme)
        }
        return nil
    }

    /// The folder `target` in `root` or its groups (links not followed).
    static func find(_ target: String, in root: String) -> String? {
        sets(ending: (target as NSString).pathExtension.isEmpty ? target : "." + (target as NSString).pathExtension, in: root).first {
            ($0 as NSString).lastPathComponent == target
        }
    }

    /// The appearance an entry of a set's `Contents.json` is for, by its `appearances`: none is
    /// Xcode's "Any", `luminosity` `light` or `dark` the others.
    enum Appearance: Hashable { case any, light, dark }

    /// The appearance of `entry`; nil for one not drawn (high contrast, or an unknown kind).
    static func appearance(of entry: [String: Any]) -> Appearance? {
        guard let list = entry["appearances"] else { return .any }
        guard let items = list as? [[String: Any]] else { return nil }
        var found = Appearance.any
        for item in items.prefix(8) {
            guard (item["appearance"] as? String) == "luminosity" else { return nil }
            switch item["value"] as? String {
            case "light": found = .light
            case "dark": found = .dark
            case "any": break
            default: return nil
            }
        }
        return found
    }

    /// The JSON object of the `Contents.json` at `path`, nil when it is not a regular file (a
    /// link is not followed), is larger than ``maxContentsBytes`` or is not a JSON object.
    static func contents(at path: String) -> [String: Any]? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size >= 0, st.st_size <= maxContentsBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(st.st_size))
        var got = 0
        while got < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + got, $0.count - got) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            got += n
        }
        return (try? JSONSerialization.jsonObject(with: Data(bytes.prefix(got)))) as? [String: Any]
    }

    /// What a `Contents.json` that cannot be read is refused with.
    static let unreadable = "a regular file (not a link) of at most 1 MiB holding a JSON object"

    /// The image of an image set in `scheme`: the file of its largest scale among the entries
    /// of that appearance (`luminosity` `dark` in dark, `light` in light), else among those for
    /// any appearance, else the other appearance's.
    static func file(of set: String, in scheme: ColorScheme = .light) throws -> (path: String, scale: Double) {
        let contents = set + "/Contents.json"
        guard let json = self.contents(at: contents) else {
            throw ProofsheetError.badInput("\(visible(contents)) cannot be read as an image set's Contents.json", hint: unreadable)
        }
        var best: [Appearance: (path: String, scale: Double)] = [:]
        for (i, entry) in (json["images"] as? [[String: Any]] ?? []).prefix(64).enumerated() {
            guard let file = entry["filename"] as? String else { continue }
            guard !file.contains("/"), !file.hasPrefix("."), FileOutput.isRegularFile(set + "/" + file), !FileOutput.isLink(set + "/" + file) else {
                throw ProofsheetError.badInput(
                    "\(visible(contents)): images[\(i)].filename names '\(excerpt(file))', which is not a file in its folder",
                    hint: "an image set names the files beside it")
            }
            guard let look = appearance(of: entry) else { continue }
            let scale = (entry["scale"] as? String).flatMap { Double($0.dropLast()) } ?? 1
            guard (1...3).contains(scale) else { continue }
            if best[look].map({ scale > $0.scale }) ?? true { best[look] = (set + "/" + file, scale) }
        }
        let order: [Appearance] = scheme == .dark ? [.dark, .any, .light] : [.light, .any, .dark]
        guard let chosen = order.lazy.compactMap({ best[$0] }).first else {
            throw ProofsheetError.badInput("the image set \(visible(set)) holds no image", hint: "add a PNG or JPEG to it in Xcode")
        }
        return chosen
    }

    // MARK: Colours

    /// Registers every colour set (`<name>.colorset`, at any depth of groups) of the catalogues
    /// among `roots` as an asset colour: what SwiftUI's `Color("Brand")` draws, its dark
    /// appearance in dark mode. Returns the names registered.
    ///
    /// - Throws: a bad-input error naming a colour set whose `Contents.json` cannot be read.
    @discardableResult
    public static func registerColors(in roots: [String]) throws -> [String] {
        var names: [String] = []
        for root in roots where root.hasSuffix(".xcassets") && FileOutput.isFolder(root) {
            for set in sets(ending: ".colorset", in: root) {
                let name = String((set as NSString).lastPathComponent.dropLast(".colorset".count))
                let (light, dark) = try colors(of: set)
                Color.registerAsset(name, light: light, dark: dark)
                names.append(name)
            }
        }
        return names
    }

    /// The folders ending in `suffix` in `root` and its groups (links not followed).
    static func sets(ending suffix: String, in root: String) -> [String] {
        var found: [String] = []
        var pending = [root]
        var seen = 0
        for _ in 0..<maxDepth {
            var next: [String] = []
            for folder in pending {
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
                seen += names.count
                if seen > maxEntries { return found }
                for n in names {
                    let path = folder + "/" + n
                    guard FileOutput.isFolder(path), !FileOutput.isLink(path) else { continue }
                    if n.hasSuffix(suffix) { found.append(path) } else if !n.contains(".") || n.hasSuffix(".group") { next.append(path) }
                }
            }
            pending = next
            if pending.isEmpty { break }
        }
        return found
    }

    /// A colour set's universal colour and its dark appearance.
    static func colors(of set: String) throws -> (light: Color, dark: Color?) {
        let contents = set + "/Contents.json"
        func bad(_ why: String) -> ProofsheetError {
            ProofsheetError.badInput(
                "\(visible(contents)): \(why)", hint: "a colour set as Xcode writes it: colors[].color.components red, green, blue, alpha")
        }
        guard FileOutput.isRegularFile(contents), let data = FileManager.default.contents(atPath: contents), data.count <= 1 << 20,
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { throw bad("cannot be read as a colour set's Contents.json") }
        var light: Color?
        var dark: Color?
        for entry in (json["colors"] as? [[String: Any]] ?? []).prefix(64) {
            guard let color = entry["color"] as? [String: Any], let parts = color["components"] as? [String: Any] else { continue }
            func component(_ key: String, alpha: Bool = false) throws -> Double {
                let raw = parts[key].map { "\($0)" } ?? (alpha ? "1" : "")
                let text = raw.trimmingCharacters(in: .whitespaces)
                if text.hasPrefix("0x") || text.hasPrefix("0X"), let v = UInt8(text.dropFirst(2), radix: 16) { return Double(v) / 255 }
                guard let v = Double(text), v.isFinite, v >= 0 else { throw bad("\(key) '\(excerpt(text))' is not a colour component") }
                // Xcode writes 0…1 with a decimal point, or whole numbers 0…255.
                if text.contains(".") || alpha { return min(v, 1) }
                return min(v, 255) / 255
            }
            let c = Color(
                red: try component("red"), green: try component("green"), blue: try component("blue"), alpha: try component("alpha", alpha: true))
            let appearances = entry["appearances"] as? [[String: Any]] ?? []
            if appearances.isEmpty {
                if light == nil { light = c }
            } else if appearances.contains(where: { ($0["appearance"] as? String) == "luminosity" && ($0["value"] as? String) == "dark" }) {
                if dark == nil { dark = c }
            }
        }
        guard let light else { throw bad("holds no colour for any appearance") }
        return (light, dark)
    }
}

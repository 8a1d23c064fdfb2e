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
        guard let bytes = FileOutput.readRegularFile(path, limit: maxContentsBytes) else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
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
    /// appearance in dark mode (the first catalogue's where two have the name). Returns the
    /// names registered.
    ///
    /// A colour set that cannot be read is registered as such: its error is the preview's when
    /// the preview uses it (see `Color.takeUsedBadAsset()`), and nothing when none does.
    @discardableResult
    public static func registerColors(in roots: [String]) -> [String] {
        var names: [String] = []
        var seen: Set<String> = []
        for root in roots where root.hasSuffix(".xcassets") && FileOutput.isFolder(root) {
            for set in sets(ending: ".colorset", in: root) {
                let name = String((set as NSString).lastPathComponent.dropLast(".colorset".count))
                guard seen.insert(name).inserted else { continue }
                do {
                    let (light, dark) = try colors(of: set)
                    Color.registerAsset(name, light: light, dark: dark)
                    names.append(name)
                } catch {
                    Color.registerBadAsset(name, error: error as? ProofsheetError ?? .badInput("\(visible(set)): \(error)"))
                }
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

    /// The colour spaces of Xcode's colour sets, as `color-space` names them.
    static let colorSpaces = ["srgb", "extended-srgb", "extended-linear-srgb", "display-p3", "gray-gamma-22", "extended-gray"]

    /// A colour set's colour in light appearance and in dark: the `luminosity` `light` entry's
    /// (else the one for any appearance) and the `dark` entry's (else the one for any
    /// appearance, whose dark value a system colour has of its own).
    static func colors(of set: String) throws -> (light: Color, dark: Color?) {
        let contents = set + "/Contents.json"
        func bad(_ why: String, hint: String) -> ProofsheetError { ProofsheetError.badInput("\(visible(contents)): \(why)", hint: hint) }
        guard let json = self.contents(at: contents) else {
            throw bad("cannot be read as a colour set's Contents.json", hint: unreadable)
        }
        var any: (light: Color, dark: Color)?
        var light: Color?
        var dark: Color?
        for (i, entry) in (json["colors"] as? [[String: Any]] ?? []).prefix(64).enumerated() {
            guard let look = appearance(of: entry), let color = entry["color"] as? [String: Any] else { continue }
            let value = try self.color(color, at: "colors[\(i)].color", bad: bad)
            switch look {
            case .any: any = any ?? value
            case .light: light = light ?? value.light
            case .dark: dark = dark ?? value.dark
            }
        }
        guard let base = light ?? any?.light ?? dark else {
            throw bad("holds no colour for any appearance", hint: "colors[].color with components, or a system colour's reference")
        }
        return (base, dark ?? any?.dark)
    }

    /// The light and dark values of a colour set entry's `color` (at `path` in its JSON): its
    /// `components` in its `color-space`, converted to sRGB, the same in both; or the system
    /// colour its `reference` names (`systemBlueColor`, `labelColor`), with its dark value.
    static func color(
        _ color: [String: Any], at path: String, bad: (String, String) -> ProofsheetError
    ) throws -> (light: Color, dark: Color) {
        if let reference = color["reference"] {
            let name = reference as? String ?? ""
            guard let entry = systemColor(name) else {
                throw bad(
                    "\(path).reference '\(excerpt(name.isEmpty ? "\(reference)" : name))' is not a system colour",
                    "a UIKit colour as Xcode names it: systemBlueColor, systemGray6Color, labelColor, systemBackgroundColor, separatorColor…")
            }
            func plain(_ c: Color) -> Color { Color(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha) }
            return (plain(entry.light), plain(entry.dark))
        }
        let space = color["color-space"].map { "\($0)" } ?? "srgb"
        guard colorSpaces.contains(space) else {
            throw bad(
                "\(path).color-space '\(excerpt(space))' is not one Xcode writes",
                "one of \(colorSpaces.joined(separator: ", "))")
        }
        let gray = space.hasSuffix("gray") || space.hasPrefix("gray")
        let keys = gray ? "white, alpha" : "red, green, blue, alpha"
        let hint = "components \(keys): 0…1 with a decimal point (\"0.502\"), whole numbers 0…255 (\"128\") or hexadecimal bytes (\"0x80\")"
        guard let parts = color["components"] as? [String: Any] else {
            throw bad("\(path) has neither components nor a reference", hint)
        }
        let extended = space.hasPrefix("extended-")
        func component(_ key: String, alpha: Bool = false) throws -> Double {
            guard let raw = parts[key] ?? (alpha ? "1" : nil) else { throw bad("\(path).components has no \(key)", hint) }
            let text = "\(raw)".trimmingCharacters(in: .whitespaces)
            func invalid() -> ProofsheetError { bad("\(path).components.\(key) '\(excerpt(text))' is not a colour component", hint) }
            if text.hasPrefix("0x") || text.hasPrefix("0X") {
                guard let v = UInt8(text.dropFirst(2), radix: 16) else { throw invalid() }
                return Double(v) / 255
            }
            guard text.utf8.count <= 32, let v = Double(text), v.isFinite else { throw invalid() }
            if alpha {
                guard v >= 0 else { throw invalid() }
                return min(v, 1)
            }
            // Xcode writes 0…1 with a decimal point (beyond it in the extended spaces), or whole
            // numbers 0…255.
            if text.contains(".") || text.contains("e") || text.contains("E") {
                guard extended || v >= 0 else { throw invalid() }
                return extended ? v : min(v, 1)
            }
            guard v >= 0 else { throw invalid() }
            return min(v, 255) / 255
        }
        let rgb: (Double, Double, Double)
        if gray {
            // Gray Gamma 2.2: the grey's light is its value to the power 2.2.
            let w = linearToSRGB(signedPower(try component("white"), 2.2))
            rgb = (w, w, w)
        } else {
            let r = try component("red"), g = try component("green"), b = try component("blue")
            switch space {
            case "extended-linear-srgb": rgb = (linearToSRGB(r), linearToSRGB(g), linearToSRGB(b))
            case "display-p3": rgb = displayP3ToSRGB(r, g, b)
            default: rgb = (r, g, b)
            }
        }
        func clamped(_ v: Double) -> Double { min(max(v, 0), 1) }
        let c = Color(red: clamped(rgb.0), green: clamped(rgb.1), blue: clamped(rgb.2), alpha: try component("alpha", alpha: true))
        return (c, c)
    }

    /// The catalogue colour a colour set's `reference` names: UIKit's name with or without its
    /// `Color` ending (`systemBlueColor`, `labelColor`, `tintColor`).
    static func systemColor(_ reference: String) -> NamedColor? {
        guard !reference.isEmpty, reference.utf8.count <= 64 else { return nil }
        if let entry = Color.catalogueByName[reference] { return entry }
        guard reference.hasSuffix("Color") else { return nil }
        return Color.catalogueByName[String(reference.dropLast("Color".count))]
    }

    /// `v` to the power `p`, its sign kept (the extended spaces' negative values).
    static func signedPower(_ v: Double, _ p: Double) -> Double { v < 0 ? -pow(-v, p) : pow(v, p) }

    /// An sRGB-encoded value from linear light (sign kept).
    static func linearToSRGB(_ v: Double) -> Double {
        let a = abs(v)
        let e = a <= 0.003_130_8 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055
        return v < 0 ? -e : e
    }

    /// Linear light from an sRGB-encoded value (sign kept): Display P3 has the same curve.
    static func srgbToLinear(_ v: Double) -> Double {
        let a = abs(v)
        let l = a <= 0.040_45 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
        return v < 0 ? -l : l
    }

    /// A Display P3 colour in sRGB (both D65): to linear light, through the primaries' matrix,
    /// back to sRGB's curve; out of sRGB's gamut where a value leaves 0…1 (clamped after).
    static func displayP3ToSRGB(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        let lr = srgbToLinear(r), lg = srgbToLinear(g), lb = srgbToLinear(b)
        let sr = 1.224_940_2 * lr - 0.224_940_4 * lg
        let sg = -0.042_056_9 * lr + 1.042_057_1 * lg
        let sb = -0.019_637_6 * lr - 0.078_636_1 * lg + 1.098_273_5 * lb
        return (linearToSRGB(sr), linearToSRGB(sg), linearToSRGB(sb))
    }
}

import Foundation
import ProofsheetCore

/// Xcode's asset catalogues (`Assets.xcassets`) among the asset roots: an image set
/// `<name>.imageset` (at any depth of groups) gives the image of that name, its largest scale
/// (`3x` before `2x` before `1x`), drawn that many pixels a point.
enum AssetCatalogue {
    /// Deepest group looked into, and most entries a catalogue's folders may hold in all.
    static let maxDepth = 8
    static let maxEntries = 20_000

    /// The file and scale of the image set `name` in the catalogues among `roots`, nil when no
    /// catalogue has one.
    ///
    /// - Throws: a bad-input error for an image set whose `Contents.json` cannot be read, names
    ///   no image, or names a file outside its folder.
    static func image(named name: String, in roots: [String]) throws -> (path: String, scale: Double)? {
        guard !name.isEmpty, !name.contains("/"), !name.contains("\0"), name != "..", name != "." else { return nil }
        for root in roots where root.hasSuffix(".xcassets") && FileOutput.isFolder(root) {
            guard let set = find(name + ".imageset", in: root) else { continue }
            return try file(of: set)
        }
        return nil
    }

    /// The folder `target` in `root` or its groups (links not followed).
    static func find(_ target: String, in root: String) -> String? {
        var pending = [root]
        var seen = 0
        for _ in 0..<maxDepth {
            var next: [String] = []
            for folder in pending {
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
                seen += names.count
                if seen > maxEntries { return nil }
                if names.contains(target), FileOutput.isFolder(folder + "/" + target), !FileOutput.isLink(folder + "/" + target) {
                    return folder + "/" + target
                }
                for n in names where !n.contains(".") || n.hasSuffix(".group") {
                    let path = folder + "/" + n
                    if FileOutput.isFolder(path), !FileOutput.isLink(path) { next.append(path) }
                }
            }
            pending = next
            if pending.isEmpty { break }
        }
        return nil
    }

    /// The image of an image set: the file of its largest scale.
    static func file(of set: String) throws -> (path: String, scale: Double) {
        let contents = set + "/Contents.json"
        guard FileOutput.isRegularFile(contents), let data = FileManager.default.contents(atPath: contents), data.count <= 1 << 20,
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            throw ProofsheetError.badInput("\(visible(contents)) cannot be read as an image set's Contents.json")
        }
        var best: (path: String, scale: Double)?
        for entry in (json["images"] as? [[String: Any]] ?? []).prefix(64) {
            guard let file = entry["filename"] as? String else { continue }
            guard !file.contains("/"), !file.hasPrefix("."), FileOutput.isRegularFile(set + "/" + file), !FileOutput.isLink(set + "/" + file) else {
                throw ProofsheetError.badInput(
                    "\(visible(contents)) names '\(excerpt(file))', which is not a file in its folder", hint: "an image set names the files beside it"
                )
            }
            if let appearances = entry["appearances"] as? [Any], !appearances.isEmpty { continue }
            let scale = (entry["scale"] as? String).flatMap { Double($0.dropLast()) } ?? 1
            guard (1...3).contains(scale) else { continue }
            if best == nil || scale > best!.scale { best = (set + "/" + file, scale) }
        }
        guard let best else {
            throw ProofsheetError.badInput("the image set \(visible(set)) holds no image", hint: "add a PNG or JPEG to it in Xcode")
        }
        return best
    }
}

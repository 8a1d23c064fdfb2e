import Foundation
import Synchronization
import ProofsheetImage
import ProofsheetCore
import ProofsheetLayout
import ProofsheetCairo

/// Finds image assets by name in asset roots: `name`, then `name` with .png, .jpg, .jpeg.
/// A name that would leave its root (`..`, an absolute path, a symlink out) is refused.
public struct FileAssets: AssetProvider {
    public let roots: [String]
    let images: ImageStore
    /// The images this scene has decoded, against ``ImageLimits/scenePixels``.
    private let decoded = SceneImages()
    public init(roots: [String], images: ImageStore) { self.roots = roots; self.images = images }

    public static let extensions = ["", ".png", ".jpg", ".jpeg", ".PNG", ".JPG", ".JPEG"]

    public func resolve(_ name: String) throws -> String {
        if let path = try find(name) { return path }
        throw ProofsheetError.badInput(
            "image '\(excerpt(name))' not found",
            hint: "looked for \(excerpt(name))[.png|.jpg|.jpeg] in \(roots.joined(separator: ", ")); add --assets DIR for another folder")
    }

    /// The file of the image `name` in the roots, nil when none has it.
    func find(_ name: String) throws -> String? {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains(".."), !name.contains("\0") else {
            throw ProofsheetError.badInput(
                "image name '\(excerpt(name))' may not be absolute or contain '..'",
                hint: "name an image inside an asset root")
        }
        let fm = FileManager.default
        for root in roots {
            let rootURL = URL(fileURLWithPath: root).resolvingSymlinksInPath().standardizedFileURL
            for ext in Self.extensions {
                let url = rootURL.appendingPathComponent(name + ext)
                var isDir: ObjCBool = false
                guard fm.fileExists(atPath: url.path, isDirectory: &isDir), !isDir.boolValue else { continue }
                let real = url.resolvingSymlinksInPath().standardizedFileURL.path
                guard real.hasPrefix(rootURL.path + "/") else {
                    throw ProofsheetError.badInput("image '\(excerpt(name))' resolves outside its asset root \(root)")
                }
                return real
            }
        }
        return nil
    }

    /// The file of the image `name` and its pixels a point: an asset catalogue's image set, a
    /// loose `name@3x` or `name@2x` file as UIKit finds them (the largest), else `name` (@1x).
    ///
    /// Where a name was found is kept in the image store for the layouts after this one (a drag
    /// lays the scene out 120 times a second), while that file is still a regular file and not a
    /// link. In dark appearance an image set's dark variant is taken, where it has one.
    func file(named name: String, in scheme: ColorScheme = .light) throws -> (path: String, scale: Double) {
        let key = roots.joined(separator: "\0") + (scheme == .dark ? "\0\0dark\0" : "\0\0") + name
        if let found = images.foundAsset(key), Self.isPlainFile(found.path) { return found }
        let found = try look(for: name, in: scheme)
        images.keepFoundAsset(key, found)
        return found
    }

    /// A regular file that is not a symbolic link (a file found is kept by its real path: one
    /// turned into a link since, maybe out of its root, is looked for again).
    static func isPlainFile(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
    }

    private func look(for name: String, in scheme: ColorScheme) throws -> (path: String, scale: Double) {
        if let set = try AssetCatalogue.image(named: name, in: roots, scheme: scheme) { return set }
        if !name.hasSuffix("@2x"), !name.hasSuffix("@3x") {
            for scale in [3, 2] { if let path = try find("\(name)@\(scale)x") { return (path, Double(scale)) } }
        }
        return (try resolve(name), 1)
    }

    public func image(named name: String) throws -> (path: String, size: Size) {
        let (path, scale) = try file(named: name)
        try decoded.count(path, name: name, known: images.decodedPixelSize(path: path).map { $0.width * $0.height })
        let px = try images.pixelSize(path: path)
        // NB: asset pixels are points (@1x), like an asset catalog image without @2x/@3x; an
        // @2x or @3x image is that many pixels a point.
        return (path, Size(width: Double(px.width) / scale, height: Double(px.height) / scale))
    }

    /// The file of an image set's dark variant, when it has one (counted against the scene's
    /// decoded pixels as the light one is).
    public func darkImage(named name: String) throws -> String? {
        let light = try file(named: name).path
        let dark = try file(named: name, in: .dark).path
        guard dark != light else { return nil }
        try decoded.count(dark, name: name, known: images.decodedPixelSize(path: dark).map { $0.width * $0.height })
        return dark
    }

    public func meanColor(ofImage path: String, in unit: Rect) -> Color? {
        images.meanColor(path: path, in: unit)
    }
}

/// The distinct images one scene decodes and their pixels, so that the scene's images together
/// stay within ``ImageLimits/scenePixels``: each is counted from its header before it is decoded.
final class SceneImages: Sendable {
    private let state = Mutex<(paths: Set<String>, pixels: Int)>(([], 0))

    /// Counts the image at `path` (once).
    ///
    /// - Throws: a bad-input error naming the image and the limit when the scene's images would
    ///   pass it (layout adds where the image is).
    /// `known`: its pixels when the image is decoded already (its header is not read again).
    func count(_ path: String, name: String, known: Int? = nil) throws {
        // Only a regular file is opened here (a FIFO would block); an image over the per-image
        // limit is left to the decoder, which refuses it in its own words.
        var pixels = known ?? (FileOutput.isRegularFile(path) ? ImageHeader.pixels(path: path) ?? 0 : 0)
        if pixels > ImageLimits.pixels.int { pixels = 0 }
        let limit = ImageLimits.scenePixels.int
        let total: Int? = state.withLock { s in
            if s.paths.contains(path) { return nil }
            let t = s.pixels.addingReportingOverflow(pixels)
            guard !t.overflow, t.partialValue <= limit else { return t.overflow ? Int.max : t.partialValue }
            s.paths.insert(path)
            s.pixels = t.partialValue
            return nil
        }
        if let total {
            throw ProofsheetError.badInput(
                "image '\(excerpt(name))' would take the scene's decoded images to \(total) pixels, past the limit of \(limit)",
                hint: "use fewer or smaller images in one scene, or raise the limit with --limit scene-image-pixels=N")
        }
    }
}

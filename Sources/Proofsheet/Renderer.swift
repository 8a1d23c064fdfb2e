import Foundation
@_exported import ProofsheetCore
@_exported import ProofsheetScene
@_exported import ProofsheetLayout
@_exported import ProofsheetCairo
@_exported import ProofsheetImage
@_exported import ProofsheetDiff

/// The whole pipeline: scene → layout → display list → PNG, SVG or PDF bytes.
public final class Renderer: Sendable {
    public let fonts: FontSystem
    public let images: ImageStore
    public let backend: CairoBackend
    /// Asset roots searched after a scene's own roots (built-in images last).
    public let extraAssetRoots: [String]

    /// A renderer with the pinned fonts and the built-in assets, plus `assetRoots`.
    public init(assetRoots: [String] = []) throws {
        fonts = try FontSystem(fontsConf: try Resources.fontsConf())
        images = ImageStore()
        backend = CairoBackend(fonts: fonts, images: images)
        extraAssetRoots = assetRoots + [try Resources.builtInImages()]
    }

    /// The Pango measurer that matches what the backend draws.
    public var measurer: PangoTextMeasurer { PangoTextMeasurer(fonts: fonts) }

    /// The layout engine for a scene (its asset roots, then the renderer's).
    public func engine(for scene: Scene) -> LayoutEngine {
        LayoutEngine(measurer: measurer, assets: FileAssets(roots: scene.assetRoots + extraAssetRoots, images: images))
    }

    /// Lays out a scene.
    public func layout(_ scene: Scene) throws -> LayoutResult {
        try scene.validateSize()
        return try engine(for: scene).layout(scene)
    }

    /// Renders a scene to bytes in `format`.
    public func render(_ scene: Scene, format: OutputFormat, png: PNGSettings = .fast) throws -> [UInt8] {
        try backend.render(layout(scene).displayList, format: format, scale: scene.scale, png: png)
    }
}

extension PangoTextMeasurer: TextMeasurer {}

/// Writes `bytes` to `path` atomically: a temporary file in the same folder, then a rename, so a
/// failure leaves no partial file and an existing one untouched.
public func writeAtomically(_ bytes: [UInt8], to path: String) throws {
    let url = URL(fileURLWithPath: path)
    let dir = url.deletingLastPathComponent()
    do {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    } catch {
        throw ProofsheetError.badInput("cannot create the folder \(dir.path): \(error.localizedDescription)")
    }
    let tmp = dir.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
    guard FileManager.default.createFile(atPath: tmp.path, contents: Data(bytes)) else {
        throw ProofsheetError.badInput("cannot write \(path)", hint: "check that the folder exists and is writable")
    }
    guard rename(tmp.path, url.path) == 0 else {
        let e = String(cString: strerror(errno))
        unlink(tmp.path)
        throw ProofsheetError.badInput("cannot write \(path): \(e)")
    }
}

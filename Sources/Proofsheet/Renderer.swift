import Foundation
import ProofsheetLayout
import ProofsheetCairo
import ProofsheetSVG

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

    /// The size a scene's root view chooses for `proposal` (nil axes: its ideal size).
    public func size(of scene: Scene, proposal: Proposal = .unspecified) throws -> Size {
        try engine(for: scene).size(of: scene, proposal: proposal)
    }

    /// Renders a scene to bytes in `format` (`svgText`: how an SVG carries its text).
    public func render(_ scene: Scene, format: OutputFormat, png: PNGCompression = .fastest, svgText: SVGTextMode = .text) throws -> [UInt8] {
        try backend.render(layout(scene).displayList, format: format, scale: scene.scale, png: png, svgText: svgText)
    }
}

extension PangoTextMeasurer: TextMeasurer {}

extension Renderer: CheckRendering {
    public func prepare(_ scene: Scene) throws -> LayoutResult { try layout(scene) }
    public func image(of prepared: LayoutResult, scene: Scene) throws -> RGBAImage {
        try backend.renderRGBA(prepared.displayList, scale: scene.scale)
    }
}

extension Renderer {
    /// The environment this renderer draws in: Proofsheet's version, the libraries' versions and
    /// a hash of the pinned font files (their names, sizes, and first and last 64 KiB).
    public func environment(version: String) -> EnvironmentFingerprint {
        var hash: UInt64 = EnvironmentFingerprint.fnv1a([UInt8]())
        for path in fonts.fontFiles() {
            let name = (path as NSString).lastPathComponent
            hash = EnvironmentFingerprint.fnv1a(Array(name.utf8) + [0], hash)
            guard let handle = FileHandle(forReadingAtPath: path) else { continue }
            defer { try? handle.close() }
            let size = (try? handle.seekToEnd()) ?? 0
            hash = EnvironmentFingerprint.fnv1a(Array(String(size).utf8) + [0], hash)
            let window: UInt64 = 64 << 10
            try? handle.seek(toOffset: 0)
            hash = EnvironmentFingerprint.fnv1a((try? handle.read(upToCount: Int(window))) ?? Data(), hash)
            if size > window {
                try? handle.seek(toOffset: max(window, size - window))
                hash = EnvironmentFingerprint.fnv1a((try? handle.read(upToCount: Int(window))) ?? Data(), hash)
            }
        }
        var hex = String(hash, radix: 16)
        while hex.count < 16 { hex = "0" + hex }
        return EnvironmentFingerprint(
            proofsheet: version, cairo: LibraryVersions.cairo, pango: LibraryVersions.pango, harfbuzz: LibraryVersions.harfbuzz,
            freetype: LibraryVersions.freetype, fontconfig: LibraryVersions.fontconfig, fonts: hex,
            architecture: EnvironmentFingerprint.currentArchitecture)
    }
}

extension Renderer {
    /// Starts decoding the images `scenes` show, on threads of their own, and returns at once:
    /// the layouts that follow find each one decoded, or wait for its decoding rather than start
    /// it again, so a scene's photos are decoded side by side (and beside the rest of the work)
    /// instead of one after another inside its layout. Only when it cannot change what a render
    /// does: at most 8 images, all of them together (by their headers) within an eighth of the
    /// image memory limit, so that no decoding a layout does ever finds less room than it would
    /// without this; otherwise nothing is decoded ahead. Whatever is missing or broken is the
    /// layout's to decode and report, as without this.
    public func prefetchImages(of scenes: [Scene]) {
        var wanted: [(roots: [String], name: String)] = []
        for scene in scenes where wanted.count <= 8 {
            for name in scene.root.imageNames(limit: 9 - wanted.count) where !wanted.contains(where: { $0 == (scene.assetRoots, name) }) {
                wanted.append((scene.assetRoots, name))
            }
        }
        guard !wanted.isEmpty, wanted.count <= 8 else { return }
        var paths: [String] = [], bytes = 0
        for w in wanted {
            let assets = FileAssets(roots: w.roots + extraAssetRoots, images: images)
            // Regular files only: opening anything else (a FIFO) may wait for ever.
            guard let (path, _) = try? assets.file(named: w.name), FileAssets.isPlainFile(path), let pixels = ImageHeader.pixels(path: path)
            else { continue }
            if !paths.contains(path) { paths.append(path); bytes += pixels.multipliedReportingOverflow(by: 4).partialValue }
        }
        guard !paths.isEmpty, bytes >= 0, bytes <= images.budgetLimit / 8 else { return }
        let store = images, chosen = paths
        Thread.detachNewThread {
            _ = try? parallelMap(chosen.count, jobs: min(chosen.count, defaultJobs)) { k in _ = try? store.pixelSize(path: chosen[k]) }
        }
    }
}

import Foundation
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout
import ProofsheetSheets

/// The devices a gallery shows when no `--device` is given: the smallest screen with a home
/// button, a notch phone and the largest Dynamic Island phone.
let galleryDefaultDevices = ["iPhone SE", "iPhone 14", "iPhone 15 Pro Max"]

/// `proofsheet gallery <scene>... [-o DIR]`: every still of every scene on every device, one
/// PNG each, and an overview sheet of them all captioned with scene, still and device.
func galleryCommand(_ args: inout Arguments) throws -> Int32 {
    let outDir = try args.value("-o", "--out-dir") ?? "Output/gallery"
    let overviewOption = try args.value("--overview")
    let deviceNames = try args.values("--device")
    let scaleText = try args.value("--scale")
    let thumbText = try args.value("--thumb-scale")
    let overviewScaleText = try args.value("--overview-scale")
    let columnsText = try args.value("--columns")
    let assetDirs = try args.values("--assets")
    let compression = try args.pngCompression()
    let quiet = args.flag("-q", "--quiet")
    let jobs = try jobsOption(&args)
    let chrome = try chromeOption(&args)
    // Several values of a setting: a gallery for each combination, its images and overview
    // named with it (`….dark.png`, `overview.dark.png`).
    let variants = try Variant.matrix(try variantValues(&args))
    let named = variants.count > 1
    let scenes = try args.positionals()
    guard !scenes.isEmpty else {
        throw ProofsheetError.usage("no scene file given", hint: "proofsheet gallery <scene.json>... [-o DIR]")
    }
    if FileOutput.exists(outDir) && !FileOutput.isFolder(outDir) && !FileOutput.isLink(outDir) {
        throw ProofsheetError.usage(
            "-o \(clipped(outDir)) is a file; the gallery is a folder of images", hint: "name a folder, e.g. -o Output/gallery")
    }
    // The gallery replaces its folder as a whole: only an earlier gallery, exactly as written.
    try FileOutput.checkReplaceableFolder(outDir, what: "galleries")
    var devices: [Device] = []
    for name in deviceNames.isEmpty ? galleryDefaultDevices : deviceNames {
        let d = try Device.named(name)
        guard !devices.contains(where: { $0.name == d.name }) else { throw ProofsheetError.usage("--device \(clipped(name)) is given twice") }
        devices.append(d)
    }
    let scale = try scaleText.map { try number($0, option: "--scale", in: Scene.Limits.scaleRange) } ?? 1
    let thumbScale = try thumbText.map { try number($0, option: "--thumb-scale", in: 0.01...4) } ?? 0.25
    let overviewScale = try overviewScaleText.map { try number($0, option: "--overview-scale", in: Scene.Limits.scaleRange) } ?? 1
    let overviewPath = overviewOption ?? "\(outDir)/overview.png"
    guard let overviewFormat = OutputFormat(path: overviewPath) else {
        throw ProofsheetError.usage("--overview \(clipped(overviewPath)): the extension must be .png, .svg or .pdf")
    }
    let columns = try columnsText.map { Int(try number($0, option: "--columns", in: 1...1000, whole: true)) } ?? 3 * devices.count
    for dir in assetDirs where !FileOutput.isFolder(dir) {
        throw ProofsheetError.usage("--assets '\(clipped(dir))' is not a folder")
    }

    // Read and check every scene, state and device before anything is rendered.
    struct Item {
        var scene: String
        var still: String?
        var device: Device
        var variant: Variant
        var value: Scene
        var target: String
    }
    var items: [Item] = []
    var targets: [String: String] = [:]
    var templates: [(path: String, template: SceneTemplate)] = []
    for path in scenes {
        let template = try SceneDecoder().template(file: path)
        printWarnings(template, quiet: quiet)
        templates.append((path, template))
    }
    for variant in variants {
        for (path, template) in templates {
            let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            let stills: [String?] = template.stills.isEmpty ? [nil] : template.stills.map(\.name)
            for still in stills {
                for device in devices {
                    var scene = try template.on(device).with(variant: variant).scene(still: still).on(device, scale: scale)
                    scene = scene.with(chrome: chrome)
                    scene = variant.apply(scene)
                    try scene.validateSize()
                    let suffix = named ? "." + variant.label : ""
                    let target = "\(outDir)/\(name).\(still ?? "default").\(gallerySlug(device.name))\(suffix).png"
                    if let other = targets[target] {
                        throw ProofsheetError.usage(
                            "\(other) and \(clipped(path)) would both be written to \(target)", hint: "give scenes of different file names")
                    }
                    targets[target] = path
                    items.append(Item(scene: name, still: still, device: device, variant: variant, value: scene, target: target))
                }
            }
        }
    }
    /// Each variant's overview: the path asked for (or the default), with the variant before its extension.
    func sheetPath(of variant: Variant) -> String {
        guard named else { return overviewPath }
        let ext = (overviewPath as NSString).pathExtension
        return (overviewPath as NSString).deletingPathExtension + "." + variant.label + "." + ext
    }
    for variant in variants where targets[sheetPath(of: variant)] != nil {
        throw ProofsheetError.usage("--overview \(clipped(overviewPath)) is the name of one of the gallery's images", hint: "name it otherwise")
    }
    let overviewFolder = FileOutput.parent(of: URL(fileURLWithPath: overviewPath).standardizedFileURL.path)
    let galleryFolder = URL(fileURLWithPath: outDir).standardizedFileURL.path
    if overviewFolder != galleryFolder && overviewFolder.hasPrefix(galleryFolder + "/") {
        throw ProofsheetError.usage(
            "--overview \(clipped(overviewPath)) is in a folder inside the gallery's, which is replaced as a whole",
            hint: "put the overview in the gallery's folder itself, or outside it")
    }

    // Lay out and draw every image (on every core); nothing is written until all are drawn.
    let renderer = try Renderer(assetRoots: assetDirs)
    let all = items.map(\.value)
    let progress = GalleryProgress(total: all.count, quiet: quiet)
    let drawn = try parallelMap(all.count, jobs: jobs) { k in
        let layout = try renderer.layout(all[k])
        let bytes = try renderer.backend.render(layout.displayList, format: .png, scale: all[k].scale, png: compression ?? .fastest)
        progress.step()
        return (list: layout.displayList, bytes: bytes)
    }

    // Each overview: a view of the images' display lists, shrunk until it keeps to the limits.
    var sheets: [(path: String, bytes: [UInt8], scene: Scene)] = []
    for variant in variants {
        let chosen = zip(items, drawn).filter { $0.0.variant == variant }
        let images = chosen.map { GalleryImage(scene: $0.0.scene, still: $0.0.still, device: $0.0.device.name, picture: $0.1.list) }
        let title =
            "Proofsheet gallery · \(scenes.count) scene\(scenes.count == 1 ? "" : "s"), \(images.count) images · "
            + devices.map(\.name).joined(separator: ", ") + (chrome == true ? " · chrome" : "") + (named ? " · " + variant.label : "")
        var thumb = thumbScale
        func overviewScene(_ thumb: Double) throws -> Scene {
            let sheet = GalleryOverview(title: title, images: images, columns: columns, thumbnailScale: thumb)
            var scene = Scene(canvas: Size(width: 1, height: 1), scale: overviewScale, background: sheet.style.background, root: sheet.node())
            let size = try renderer.size(of: scene)
            scene.canvas = Size(width: size.width.rounded(.up), height: size.height.rounded(.up))
            return scene
        }
        let overview = try fittingRasterLimits(&thumb, at: overviewScale, parts: "thumbnails", whole: "the overview", note: notes(quiet: quiet)) {
            try overviewScene($0)
        }
        try overview.validateSize()
        sheets.append((sheetPath(of: variant), try renderer.render(overview, format: overviewFormat, png: compression ?? .small), overview))
    }

    // Everything of the folder goes into a temporary folder beside it, which then takes its
    // place; an overview named elsewhere (--overview) is written on its own after.
    func isInFolder(_ path: String) -> Bool { FileOutput.parent(of: URL(fileURLWithPath: path).standardizedFileURL.path) == galleryFolder }
    let temp = try FileOutput.temporaryFolder(beside: outDir)
    do {
        func moved(_ path: String) -> String { temp + "/" + (path as NSString).lastPathComponent }
        try FileOutput.write(
            all: zip(items, drawn).map { ($0.1.bytes, moved($0.0.target)) } + sheets.filter { isInFolder($0.path) }.map { ($0.bytes, moved($0.path)) }
        )
        try FileOutput.replaceFolder(outDir, with: temp, what: "galleries")
    } catch {
        FileOutput.discardFolder(temp)
        throw error
    }
    try FileOutput.write(all: sheets.filter { !isInFolder($0.path) }.map { ($0.bytes, $0.path) })
    if !quiet {
        for sheet in sheets {
            let px = "\(Int((sheet.scene.canvas.width * overviewScale).rounded()))×\(Int((sheet.scene.canvas.height * overviewScale).rounded())) px"
            let what = sheets.count == 1 ? "wrote \(items.count) images into \(visible(outDir))/ and the overview" : "wrote the overview"
            FileHandle.standardError.write(Data("\(what) \(visible(sheet.path)) (\(px), \(sheet.bytes.count / 1024) KiB)\n".utf8))
        }
        if sheets.count > 1 { FileHandle.standardError.write(Data("wrote \(items.count) images into \(visible(outDir))/\n".utf8)) }
    }
    return 0
}

/// `iphone-15-pro-max`: a device name as part of a file name.
func gallerySlug(_ name: String) -> String {
    String(name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
}

/// Counts images as they are drawn and says so on standard error, a line each.
final class GalleryProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    let total: Int
    let quiet: Bool

    init(total: Int, quiet: Bool) { self.total = total; self.quiet = quiet }

    func step() {
        lock.lock()
        done += 1
        let n = done
        lock.unlock()
        guard !quiet, n == total || n % 10 == 0 else { return }
        FileHandle.standardError.write(Data("drawn \(n) of \(total) images\n".utf8))
    }
}

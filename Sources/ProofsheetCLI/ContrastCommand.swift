import Foundation
import Proofsheet

/// `proofsheet contrast`: every text of each scene's states against what is drawn under it,
/// by WCAG's contrast ratio; exit 1 when one is below the level's least.
func contrastCommand(_ args: inout Arguments) throws -> Int32 {
    let deviceName = try args.value("--device")
    let assetDirs = try args.values("--assets")
    let stillName = try args.value("--still")
    let allStills = args.flag("--all-stills")
    let sets = try args.values("--set")
    let quiet = args.flag("-q", "--quiet")
    let chrome = try chromeOption(&args)
    let variant = try variantOption(&args)
    let levelText = try args.value("--level")
    let scenes = try args.positionals()
    guard !scenes.isEmpty else { throw ProofsheetError.usage("no scene file given", hint: "proofsheet contrast <scene.json>...") }
    if allStills && stillName != nil { throw ProofsheetError.usage("--still and --all-stills cannot be used together") }
    let level =
        try levelText.map { text in
            guard let l = TextContrast.Level(rawValue: text.lowercased()) else {
                throw ProofsheetError.usage("--level '\(clipped(text))' is not aa or aaa", hint: "--level aaa asks 7:1 of text, 4.5:1 of large text")
            }
            return l
        } ?? .aa
    let device = try deviceName.map { try Device.named($0) }
    let renderer = try Renderer(assetRoots: assetDirs)
    var failing = 0, total = 0
    for path in scenes {
        let template = try SceneDecoder().template(file: path).on(device).with(variant: variant)
        let stills: [String?] = allStills ? (template.stills.isEmpty ? [nil] : template.stills.map(\.name)) : [stillName]
        for still in stills {
            var scene = try template.scene(still: still, sets: sets)
            if let device { scene = scene.on(device) }
            scene = variant.apply(scene.with(chrome: chrome))
            try checkChrome(scene, path: path)
            try scene.validateSize()
            let list = try renderer.layout(scene).displayList
            let found = try list.textContrasts(level: level) { renderer.images.meanColor(path: $0, in: $1) }
            let label = path + (still.map { " (\($0))" } ?? "")
            let below = found.filter { !$0.passes }
            failing += below.count
            total += found.count
            for c in found where !quiet || !c.passes { print("\(label): \(contrastLine(c))") }
            print(
                "\(label): \(found.count) texts, \(below.isEmpty ? "all" : "\(found.count - below.count)") at \(level.rawValue.uppercased()) or better"
            )
        }
    }
    if failing > 0 {
        FileHandle.standardError.write(
            Data("proofsheet: \(failing) of \(total) texts are below WCAG \(level.rawValue.uppercased())'s contrast\n".utf8))
        return 1
    }
    return 0
}

/// `FAIL 2.14:1 (needs 4.5) Text "Yosemite, USA" 17 pt #FFFFFF on #C9D2DA at 108,606`.
func contrastLine(_ c: TextContrast) -> String {
    let ratio = (c.ratio * 100).rounded(.down) / 100
    let text = c.text.count > 40 ? String(c.text.prefix(40)) + "…" : c.text
    return "\(c.passes ? "pass" : "FAIL") \(fmt(ratio)):1 (needs \(fmt(c.required))) Text \"\(visible(text))\" \(fmt(c.font.size)) pt"
        + "\(c.font.weight >= 700 ? " bold" : "") \(c.foreground.opaqueHex) on \(c.backdrop.opaqueHex) at \(fmt(c.frame.minX.rounded())),\(fmt(c.frame.minY.rounded()))"
}

extension Color {
    /// `#RRGGBB`, alpha left out (the colours compared are opaque).
    fileprivate var opaqueHex: String { String(hexString.prefix(7)) }
}

import Foundation
import Proofsheet
import ProofsheetTestSupport
import ProofsheetUI
import Testing

/// A preview program's asset catalogue: `Image("Hero")` draws the image set's dark variant in
/// dark mode, `Color("Brand")` its dark colour, through `UIImage(named:)` and the `bundle:`
/// initialisers as well; a colour set that cannot be read stops only a preview that uses it.
@Suite struct AssetCataloguePreviewTests {
    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    @MainActor @Test func previewsDrawTheCataloguesAppearances() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let catalogue = dir + "/App/Assets.xcassets"
        let set = catalogue + "/PrevHero.imageset"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        try RGBAImage(width: 10, height: 10, fill: RGBAColor(r: 220, g: 0, b: 0)).writePNG(to: set + "/hero.png")
        try RGBAImage(width: 10, height: 10, fill: RGBAColor(r: 0, g: 0, b: 220)).writePNG(to: set + "/hero-dark.png")
        try write(
            #"{"images": [{"filename": "hero.png", "idiom": "universal", "scale": "1x"}, {"filename": "hero-dark.png", "idiom": "universal", "scale": "1x", "appearances": [{"appearance": "luminosity", "value": "dark"}]}]}"#,
            to: set + "/Contents.json")
        try write(
            #"{"colors": [{"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "1.000", "green": "0.502", "blue": "0.000", "alpha": "1.000"}}}, {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}], "color": {"reference": "systemBlueColor"}}]}"#,
            to: catalogue + "/PrevBrand.colorset/Contents.json")
        try write(
            #"{"colors": [{"idiom": "universal", "color": {"color-space": "cmyk", "components": {"cyan": "1"}}}]}"#,
            to: catalogue + "/PrevBroken.colorset/Contents.json")
        let previews = [
            Preview("Hero") { Image("PrevHero") },
            Preview("HeroUIKit") { Image(uiImage: UIImage(named: "PrevHero")!) },
            Preview("Brand") { Color("PrevBrand", bundle: nil).frame(width: 10, height: 10) },
            Preview("Broken") { Color("PrevBroken").frame(width: 10, height: 10) }
        ]
        let good = ["--only", "Hero", "--only", "HeroUIKit", "--only", "Brand"]
        // The program writes only into the temporary folder `proofsheet swiftui` makes for it.
        let staged = try FileOutput.temporaryFolder(beside: dir + "/previews")
        for (scheme, hero, brand) in [
            ("light", RGBAColor(r: 220, g: 0, b: 0), RGBAColor(r: 255, g: 128, b: 0)),
            ("dark", RGBAColor(r: 0, g: 0, b: 220), RGBAColor(r: 0x0A, g: 0x84, b: 0xFF))
        ] {
            let out = staged + "/" + scheme
            let status = try PreviewRunner.run(
                ["--out", out, "--scale", "1", "--assets", catalogue] + good + (scheme == "dark" ? ["--dark"] : []), previews: previews
            ) { _ in }
            #expect(status == 0)
            for name in ["Hero", "HeroUIKit"] {
                #expect(try PNGCodec.decode(contentsOfFile: out + "/\(name).png")[x: 195, y: 428] == hero, "\(name) \(scheme)")
            }
            #expect(try PNGCodec.decode(contentsOfFile: out + "/Brand.png")[x: 195, y: 428] == brand, "\(scheme)")
        }
        // The preview that uses the set that cannot be read: bad input, naming the preview, the
        // file, where in it, and what is valid.
        do {
            _ = try PreviewRunner.run(["--out", staged + "/broken", "--scale", "1", "--assets", catalogue, "--only", "Broken"], previews: previews) {
                _ in
            }
            Issue.record("the broken colour set was drawn")
        } catch let e as ProofsheetError {
            #expect(e.exitCode == 2)
            let text = "\(e)"
            #expect(text.contains("preview 'Broken'"), "\(text)")
            #expect(text.contains("PrevBroken.colorset/Contents.json: colors[0].color.color-space 'cmyk' is not one Xcode writes"), "\(text)")
            #expect(text.contains("srgb, extended-srgb, extended-linear-srgb, display-p3, gray-gamma-22, extended-gray"), "\(text)")
        }
    }
}

import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet

/// Xcode's asset catalogues as Xcode writes them: image sets with light and dark variants,
/// colour sets in each of Xcode's colour spaces and component spellings, system colour
/// references, and a set that cannot be read kept for when it is used.
@Suite("Asset catalogues")
struct AssetCatalogueTests {
    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// A colour set entry: `color` (a JSON object) for `appearance` (nil: any).
    func entry(_ color: String, _ appearance: String? = nil) -> String {
        let look = appearance.map { #", "appearances": [{"appearance": "luminosity", "value": "\#($0)"}]"# } ?? ""
        return #"{"idiom": "universal"\#(look), "color": \#(color)}"#
    }

    func colorSet(_ entries: [String]) -> String { #"{"colors": [\#(entries.joined(separator: ", "))], "info": {"version": 1}}"# }

    func srgb(_ r: String, _ g: String, _ b: String, space: String = "srgb") -> String {
        #"{"color-space": "\#(space)", "components": {"red": "\#(r)", "green": "\#(g)", "blue": "\#(b)", "alpha": "1.000"}}"#
    }

    /// The drawn middle pixel of `Image(name)` filling a 20-point canvas in `scheme`.
    func drawn(_ name: String, in catalogue: String, scheme: String) throws -> RGBAColor {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let json =
            #"{"canvas": {"width": 20, "height": 20}, "colorScheme": "\#(scheme)", "root": {"type": "Image", "name": "\#(name)", "resizable": true}}"#
        try json.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        let scene = try SceneDecoder().decode(file: dir + "/s.json")
        let renderer = try Renderer(assetRoots: [catalogue])
        return try renderer.image(of: try renderer.prepare(scene), scene: scene)[x: 10, y: 10]
    }

    @Test func imageSetsDrawTheirDarkVariantInDarkMode() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let catalogue = dir + "/Assets.xcassets"
        let red = RGBAColor(r: 220, g: 0, b: 0), blue = RGBAColor(r: 0, g: 0, b: 220), green = RGBAColor(r: 0, g: 200, b: 0)
        for (set, files) in [("Hero", [("any", red), ("dark", blue)]), ("Tile", [("any", red), ("light", green), ("dark", blue)])] {
            var images: [String] = []
            for (look, color) in files {
                let file = "\(set.lowercased())-\(look)@2x.png"
                try FileManager.default.createDirectory(atPath: catalogue + "/Group/\(set).imageset", withIntermediateDirectories: true)
                try RGBAImage(width: 8, height: 8, fill: color).writePNG(to: catalogue + "/Group/\(set).imageset/" + file)
                let appearance = look == "any" ? "" : #", "appearances": [{"appearance": "luminosity", "value": "\#(look)"}]"#
                images.append(#"{"filename": "\#(file)", "idiom": "universal", "scale": "2x"\#(appearance)}"#)
            }
            // A dark entry at 1x without a file, as Xcode leaves an empty slot.
            images.append(#"{"idiom": "universal", "scale": "1x", "appearances": [{"appearance": "luminosity", "value": "dark"}]}"#)
            try write(#"{"images": [\#(images.joined(separator: ", "))]}"#, to: catalogue + "/Group/\(set).imageset/Contents.json")
        }
        // Any and Dark: the Any image in light mode, the dark one in dark mode.
        #expect(try drawn("Hero", in: catalogue, scheme: "light") == red)
        #expect(try drawn("Hero", in: catalogue, scheme: "dark") == blue)
        // Any, Light and Dark: the light image in light mode over the Any one.
        #expect(try drawn("Tile", in: catalogue, scheme: "light") == green)
        #expect(try drawn("Tile", in: catalogue, scheme: "dark") == blue)
    }

    @Test func colourSetsInXcodesColourSpacesAreConvertedToSRGB() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let catalogue = dir + "/Assets.xcassets"
        let sets: [String: [String]] = [
            // Gray Gamma 2.2: 0.5 is linear 0.5^2.2, sRGB 0.5039.
            "CatGray": [entry(#"{"color-space": "gray-gamma-22", "components": {"white": "0.500", "alpha": "0.800"}}"#)],
            // Display P3's orange is out of sRGB's gamut: green 0.4625, not 0.5.
            "CatP3": [entry(srgb("1.000", "0.500", "0.000", space: "display-p3"))],
            // Extended sRGB: values past 0…1, clamped.
            "CatExtended": [entry(srgb("1.200", "-0.100", "0.500", space: "extended-srgb"))],
            // Extended linear sRGB: linear 0.214 is sRGB 0.5, 1.5 clamps to 1.
            "CatLinear": [entry(srgb("0.214", "-0.500", "1.500", space: "extended-linear-srgb"))],
            // Hexadecimal bytes and whole numbers.
            "CatHex": [entry(srgb("0xFF", "0x80", "0x00")), entry(srgb("0", "128", "255"), "dark")],
            // System colours by reference, each with its own dark value.
            "CatBlue": [entry(#"{"platform": "ios", "reference": "systemBlueColor"}"#)],
            "CatLabel": [entry(#"{"platform": "ios", "reference": "labelColor"}"#), entry(#"{"reference": "systemBackgroundColor"}"#, "dark")],
            // Any, Light, Dark: the light entry in light mode.
            "CatThree": [
                entry(srgb("1.000", "0.000", "0.000")), entry(srgb("0.000", "1.000", "0.000"), "light"),
                entry(srgb("0.000", "0.000", "1.000"), "dark")
            ]
        ]
        for (name, entries) in sets { try write(colorSet(entries), to: catalogue + "/Colours/\(name).colorset/Contents.json") }
        let names = AssetCatalogue.registerColors(in: [catalogue])
        #expect(Set(names) == Set(sets.keys))
        func rgba(_ name: String, _ scheme: ColorScheme) throws -> [Double] {
            let c = try #require(Color.asset(named: name)).resolved(in: scheme)
            return [c.red, c.green, c.blue, c.alpha].map { ($0 * 10_000).rounded() / 10_000 }
        }
        #expect(try rgba("CatGray", .light) == [0.5039, 0.5039, 0.5039, 0.8])
        #expect(try rgba("CatP3", .light) == [1, 0.4625, 0, 1])
        #expect(try rgba("CatExtended", .light) == [1, 0, 0.5, 1])
        #expect(try rgba("CatLinear", .light) == [0.5, 0, 1, 1])
        #expect(try rgba("CatHex", .light) == [1, 0.502, 0, 1])
        #expect(try rgba("CatHex", .dark) == [0, 0.502, 1, 1])
        #expect(try rgba("CatBlue", .light) == [0, 0.4784, 1, 1])  // 0x007AFF
        #expect(try rgba("CatBlue", .dark) == [0.0392, 0.5176, 1, 1])  // 0x0A84FF
        #expect(try rgba("CatLabel", .light) == [0, 0, 0, 1])
        #expect(try rgba("CatLabel", .dark) == [0, 0, 0, 1])  // the dark entry: systemBackground's dark, black
        #expect(try rgba("CatThree", .light) == [0, 1, 0, 1])
        #expect(try rgba("CatThree", .dark) == [0, 0, 1, 1])
    }

    @Test func anUnreadableColourSetIsAnErrorOnlyWhenUsed() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let catalogue = dir + "/Assets.xcassets"
        try write(colorSet([entry(srgb("0.000", "0.500", "1.000"))]), to: catalogue + "/BadGood.colorset/Contents.json")
        try write(
            colorSet([entry(srgb("0.000", "0.500", "1.000")), entry(srgb("1", "0", "0", space: "cmyk"), "dark")]),
            to: catalogue + "/BadSpace.colorset/Contents.json")
        try write(colorSet([entry(#"{"reference": "systemBluish"}"#)]), to: catalogue + "/BadReference.colorset/Contents.json")
        try write(colorSet([entry(srgb("0.1", "zero", "0.3"))]), to: catalogue + "/BadComponent.colorset/Contents.json")
        // A Contents.json past the size limit is not read (nor allocated).
        try write(String(repeating: " ", count: (1 << 20) + 1) + "{}", to: catalogue + "/BadHuge.colorset/Contents.json")
        // One that is a link to a file outside the catalogue is not followed.
        try write(colorSet([entry(srgb("0.1", "0.2", "0.3"))]), to: dir + "/Outside.json")
        try FileManager.default.createDirectory(atPath: catalogue + "/BadLink.colorset", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: catalogue + "/BadLink.colorset/Contents.json", withDestinationPath: dir + "/Outside.json")

        #expect(AssetCatalogue.registerColors(in: [catalogue]) == ["BadGood"])
        _ = Color.takeUsedBadAsset()
        #expect(Color.asset(named: "BadGood")?.green == 0.5)
        #expect(Color.takeUsedBadAsset() == nil)
        func error(using name: String) -> String {
            #expect(Color.asset(named: name) == nil)
            return Color.takeUsedBadAsset().map { "\($0)" } ?? "no error"
        }
        let space = error(using: "BadSpace")
        #expect(space.contains("BadSpace.colorset/Contents.json: colors[1].color.color-space 'cmyk' is not one Xcode writes"), "\(space)")
        #expect(space.contains("srgb, extended-srgb, extended-linear-srgb, display-p3, gray-gamma-22"), "\(space)")
        let reference = error(using: "BadReference")
        #expect(
            reference.contains("BadReference.colorset/Contents.json: colors[0].color.reference 'systemBluish' is not a system colour"), "\(reference)"
        )
        let component = error(using: "BadComponent")
        #expect(component.contains("colors[0].color.components.green 'zero' is not a colour component"), "\(component)")
        #expect(error(using: "BadHuge").contains("BadHuge.colorset/Contents.json: cannot be read"))
        #expect(error(using: "BadLink").contains("BadLink.colorset/Contents.json: cannot be read"))
        // Asked again, nothing more was used.
        #expect(Color.takeUsedBadAsset() == nil)
    }
}

extension AssetCatalogueTests {
    /// The app's accent colour is its `AccentColor` colour set, with its dark appearance, and
    /// system blue without one (the set is registered under another name here, so that tests
    /// drawing the system accent at the same time are not changed).
    @Test func theAccentColourIsTheAccentColourSet() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let catalogue = dir + "/Assets.xcassets"
        try write(
            colorSet([entry(srgb("0", "200", "100")), entry(srgb("0xC8", "0x00", "0xC8"), "dark")]),
            to: catalogue + "/CatAccentColor.colorset/Contents.json")
        #expect(Color.accent(fromAsset: "CatNoSuchAccent") == Color.accent)
        AssetCatalogue.registerColors(in: [catalogue])
        let accent = Color.accent(fromAsset: "CatAccentColor")
        #expect([accent.red, accent.green, accent.blue] == [0, 200.0 / 255, 100.0 / 255])
        let dark = accent.resolved(in: .dark)
        #expect([dark.red, dark.green, dark.blue] == [200.0 / 255, 0, 200.0 / 255])
    }
}

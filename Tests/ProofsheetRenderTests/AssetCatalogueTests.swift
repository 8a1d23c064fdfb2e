import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet

/// Xcode's asset catalogues as Xcode writes them: image sets with light and dark variants.
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
}

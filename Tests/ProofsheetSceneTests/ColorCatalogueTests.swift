import Testing
import Proofsheet
import ProofsheetCore

/// The named colours: SwiftUI's `Color` statics and UIKit's system colours, each with a light and
/// a dark value, spelt in scene files and Swift code alike; close-name hints of the same family.
@Suite("Colour catalogue")
struct ColorCatalogueTests {
    /// SwiftUI's `Color` statics.
    static let swiftUINames = [
        "black", "blue", "brown", "clear", "cyan", "gray", "green", "indigo", "mint", "orange", "pink", "purple", "red",
        "teal", "white", "yellow", "primary", "secondary", "accentColor"
    ]
    /// UIKit's system, element and fixed colours.
    static let uiKitNames = [
        "systemRed", "systemOrange", "systemYellow", "systemGreen", "systemMint", "systemTeal", "systemCyan", "systemBlue",
        "systemIndigo", "systemPurple", "systemPink", "systemBrown", "systemGray", "systemGray2", "systemGray3", "systemGray4",
        "systemGray5", "systemGray6", "label", "secondaryLabel", "tertiaryLabel", "quaternaryLabel", "placeholderText", "link",
        "separator", "opaqueSeparator", "systemFill", "secondarySystemFill", "tertiarySystemFill", "quaternarySystemFill",
        "systemBackground", "secondarySystemBackground", "tertiarySystemBackground", "systemGroupedBackground",
        "secondarySystemGroupedBackground", "tertiarySystemGroupedBackground", "lightText", "darkText", "lightGray",
        "darkGray", "magenta", "tintColor"
    ]

    @Test func everyNameIsInTheCatalogueWithBothValues() throws {
        for name in Self.swiftUINames + Self.uiKitNames {
            let entry = try #require(Color.catalogueByName[name], "\(name) is missing")
            #expect(Color.parse(name) == entry.light)
            #expect(entry.light.semantic == name && entry.dark.semantic == name)
        }
        #expect(Set(Color.catalogue.map(\.name)) == Set(Self.swiftUINames + Self.uiKitNames))
        #expect(Color.catalogue.count == Set(Color.catalogue.map(\.name)).count, "a name twice")
    }

    /// The published values a scene most often leans on, light and dark.
    @Test func publishedValues() throws {
        func values(_ name: String) throws -> (String, String) {
            let e = try #require(Color.catalogueByName[name])
            return (e.light.hexString, e.dark.hexString)
        }
        #expect(try values("systemGroupedBackground") == ("#F2F2F7", "#000000"))
        #expect(try values("secondarySystemGroupedBackground") == ("#FFFFFF", "#1C1C1E"))
        #expect(try values("systemGray3") == ("#C7C7CC", "#48484A"))
        #expect(try values("secondaryLabel") == ("#3C3C4399", "#EBEBF599"))
        #expect(try values("systemFill") == ("#78788033", "#7878805C"))
        #expect(try values("separator") == ("#3C3C434A", "#54545899"))
        #expect(try values("lightGray") == ("#AAAAAA", "#AAAAAA"))
        #expect(try values("magenta") == ("#FF00FF", "#FF00FF"))
        #expect(try values("red") == ("#FF3B30", "#FF453A"))
    }

    /// The Swift statics are the catalogue's light values; `Color(.x)` and `Color(uiColor: .x)`
    /// read as in SwiftUI.
    @Test func swiftStaticsMatchTheCatalogue() {
        let statics: [(String, Color)] = [
            ("red", .red), ("gray", .gray), ("primary", .primary), ("secondary", .secondary), ("accentColor", .accentColor),
            ("systemGray6", .systemGray6), ("tertiarySystemGroupedBackground", .tertiarySystemGroupedBackground),
            ("quaternarySystemFill", .quaternarySystemFill), ("placeholderText", .placeholderText), ("lightGray", .lightGray),
            ("darkGray", .darkGray), ("magenta", .magenta), ("opaqueSeparator", .opaqueSeparator), ("label", .label)
        ]
        for (name, c) in statics { #expect(Color.named[name] == c, "\(name)") }
        #expect(Color(.systemGray6) == Color.systemGray6)
        #expect(Color(uiColor: .secondarySystemBackground) == Color.secondarySystemBackground)
        #expect(Color.accent == Color.accentColor)
    }

    /// Scene files write the names as the catalogue does, `grey` for `gray`, or with Swift's
    /// leading dot.
    @Test func sceneSpellings() {
        #expect(Color.parse("grey") == Color.gray)
        #expect(Color.parse(".systemGray6") == Color.systemGray6)
        #expect(Color.parse("systemGrey3") == nil)
        #expect(Color.parse("SystemGray3") == nil)
    }

    /// A named colour keeps its name, through `opacity` too; another scheme resolves it again,
    /// scaling the alpha as it was scaled; a literal stays what it is.
    @Test func namedColoursResolveInTheDarkScheme() {
        #expect(Color.systemGroupedBackground.resolved(in: .dark).hexString == "#000000")
        #expect(Color.systemGroupedBackground.resolved(in: .light) == Color.systemGroupedBackground)
        let faded = Color.secondaryLabel.opacity(0.5)
        #expect(faded.semantic == "secondaryLabel")
        let dark = faded.resolved(in: .dark)
        #expect(dark.hexString == "#EBEBF54D")
        #expect(abs(dark.alpha - 0.3) < 1e-9)
        let literal = Color(hex: 0x123456)
        #expect(literal.resolved(in: .dark) == literal)
        // A name is part of the value: the same light value under another name is another colour.
        #expect(Color.systemRed != Color.red && Color.systemRed.hexString == Color.red.hexString)
    }

    /// Increase Contrast: the hues and greys take the HIG's high-contrast values, light and
    /// dark; labels, fills and separators the same colours more opaque; the secondary backgrounds
    /// a shade further out; `label`, `systemBackground` and the fixed colours stay. A colour
    /// faded with `opacity` keeps its fading.
    @Test func increasedContrastValues() {
        func hc(_ c: Color, _ scheme: ColorScheme) -> String { c.resolved(in: scheme, contrast: .increased).hexString }
        #expect(hc(.systemBlue, .light) == "#0040DD" && hc(.systemBlue, .dark) == "#409CFF")
        #expect(hc(.systemRed, .light) == "#D70015" && hc(.systemRed, .dark) == "#FF6961")
        #expect(hc(.systemYellow, .light) == "#B25000" && hc(.systemTeal, .light) == "#008299")
        #expect(hc(.systemGray, .light) == "#6C6C70" && hc(.systemGray6, .dark) == "#242426")
        #expect(hc(.secondaryLabel, .light) == "#3C3C43AD" && hc(.separator, .dark) == "#545458AD")
        #expect(hc(.systemFill, .light) == "#78788047" && hc(.tertiarySystemFill, .dark) == "#76768051")
        #expect(hc(.secondarySystemBackground, .light) == "#EBEBF0" && hc(.secondarySystemGroupedBackground, .dark) == "#242426")
        for unchanged in [Color.label, .systemBackground, .white, .black, .opaqueSeparator, .link] {
            #expect(hc(unchanged, .light) == unchanged.resolved(in: .light).hexString, "\(unchanged.semantic ?? "")")
            #expect(hc(unchanged, .dark) == unchanged.resolved(in: .dark).hexString, "\(unchanged.semantic ?? "")")
        }
        #expect(abs(Color.secondaryLabel.opacity(0.5).resolved(in: .light, contrast: .increased).alpha - 173.0 / 255 / 2) < 1e-9)
        // Standard contrast is what it was; a literal stays.
        #expect(Color.systemBlue.resolved(in: .light, contrast: .standard) == Color.systemBlue)
        #expect(Color(hex: 0x007AFF).resolved(in: .light, contrast: .increased).hexString == "#007AFF")
        // Every hue and grey has a value of its own; the SwiftUI and UIKit names agree.
        for entry in Color.catalogue where entry.family == .standard || entry.family == .gray {
            #expect(entry.hasIncreasedContrast, "\(entry.name)")
        }
        for (swiftUI, uiKit) in [("blue", "systemBlue"), ("gray", "systemGray"), ("teal", "systemTeal"), ("secondary", "secondaryLabel")] {
            let a = Color.catalogueByName[swiftUI], b = Color.catalogueByName[uiKit]
            #expect(a?.increasedLight.hexString == b?.increasedLight.hexString && a?.increasedDark.hexString == b?.increasedDark.hexString)
        }
    }

    /// An unknown name gets close names, those of the family it asks for first.
    @Test func closeNamesPreferTheSameFamily() {
        #expect(Color.closeNames(to: "secondaryGroupedBackground").first == "secondarySystemGroupedBackground")
        #expect(Color.closeNames(to: "systemGrey3").first == "systemGray3")
        // By edit distance alone `secondaryLabel` (a label) comes before `secondarySystemFill`.
        let names = Color.catalogue.map(\.name)
        #expect(ProofsheetCore.closeNames(to: "secondaryFill", in: names, limit: 1) != ["secondarySystemFill"])
        #expect(Color.closeNames(to: "secondaryFill").first == "secondarySystemFill")
        #expect(Color.closeNames(to: "tertiaryBackground").first == "tertiarySystemBackground")
        #expect(Color.closeNames(to: "opaqueSeperator").first == "opaqueSeparator")
    }

    /// The scene decoder's error for an unknown colour carries that hint.
    @Test func decoderHintsTheSameFamily() throws {
        let text = #"{"canvas": {"width": 10, "height": 10}, "root": {"type": "Color", "color": "secondaryGroupedBackground"}}"#
        do {
            _ = try SceneDecoder().decode(bytes: Array(text.utf8), file: "t.json")
            Issue.record("decoded an unknown colour")
        } catch let e as ProofsheetError {
            #expect(e.message == "'secondaryGroupedBackground' is not a colour")
            #expect(e.hint?.hasPrefix("did you mean 'secondarySystemGroupedBackground'") == true, "\(e.hint ?? "")")
        }
    }
}

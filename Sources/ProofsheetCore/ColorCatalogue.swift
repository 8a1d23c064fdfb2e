/// Light or dark appearance: which of a named colour's two values applies.
public enum ColorScheme: String, Sendable, CaseIterable, Codable {
    case light, dark
}

/// One colour of the catalogue: a name scenes may use (SwiftUI's `Color` statics, UIKit's
/// `UIColor` system and element colours), the family it belongs to, and its value in each colour
/// scheme (sRGB, straight alpha).
public struct NamedColor: Sendable {
    /// The families of the catalogue; close-name hints prefer a name of the family the unknown
    /// name seems to ask for.
    public enum Family: String, Sendable, CaseIterable {
        /// SwiftUI's named colours and UIKit's `systemRed`…`systemBrown`.
        case standard
        /// `gray` and `systemGray`…`systemGray6`.
        case gray
        /// `primary`, `secondary`, `label`…`quaternaryLabel`, `placeholderText`, `link`.
        case label
        /// `systemFill`…`quaternarySystemFill`.
        case fill
        /// `systemBackground`, `secondarySystemBackground`, `tertiarySystemBackground`.
        case background
        /// `systemGroupedBackground` and its secondary and tertiary levels.
        case groupedBackground
        /// `separator`, `opaqueSeparator`.
        case separator
        /// Colours that do not change with the scheme: `black`, `white`, `clear`, UIKit's
        /// `lightGray`, `darkGray`, `magenta`, `lightText`, `darkText`.
        case fixed
    }

    public let name: String
    public let family: Family
    public let light: Color
    public let dark: Color
    /// True when no published figure was found and the value is an estimate.
    public let estimated: Bool

    init(_ name: String, _ family: Family, _ light: UInt32, _ dark: UInt32, alpha: Double = 1, darkAlpha: Double? = nil, estimated: Bool = false) {
        self.name = name
        self.family = family
        self.light = Color(hex: light, alpha: alpha, semantic: name)
        self.dark = Color(hex: dark, alpha: darkAlpha ?? alpha, semantic: name)
        self.estimated = estimated
    }

    /// The value in `scheme`.
    public func value(in scheme: ColorScheme) -> Color { scheme == .light ? light : dark }
}

extension Color {
    /// Every named colour, in catalogue order (families together).
    ///
    /// Values: light mode as Proofsheet has always drawn it (the long-standing published iOS
    /// values; iOS 15's hues for mint, teal, cyan, indigo and brown); dark values and the
    /// element colours' alphas from Apple's UIKit colour documentation as tabulated by Flutter's
    /// `CupertinoColors` (packages/flutter/lib/src/cupertino/colors.dart, each entry linked to its
    /// UIColor page) and Noah Gilmore's "Backwards compatibility for iOS 13 system colors"
    /// (noahgilmore.com, 2019). Alphas are rounded to the figure those tables give (0.29 for the
    /// separator is 73/255). UIKit's fixed colours are the values UIColor documents
    /// (`lightGray` white 2/3, `darkGray` white 1/3, `lightText` white at 60 %).
    /// Estimated: `quaternaryLabel` in dark mode (the tables give 0.16 and 0.18; 0.16 kept), and
    /// the dark values of `mint` (iOS 15 and 17 differ; iOS 17's kept) and `accentColor`.
    public static let catalogue: [NamedColor] = [
        // SwiftUI's Color statics and UIKit's matching system colours.
        NamedColor("red", .standard, 0xFF3B30, 0xFF453A), NamedColor("orange", .standard, 0xFF9500, 0xFF9F0A),
        NamedColor("yellow", .standard, 0xFFCC00, 0xFFD60A), NamedColor("green", .standard, 0x34C759, 0x30D158),
        NamedColor("mint", .standard, 0x00C7BE, 0x63E6E2, estimated: true), NamedColor("teal", .standard, 0x30B0C7, 0x40C8E0),
        NamedColor("cyan", .standard, 0x32ADE6, 0x64D2FF), NamedColor("blue", .standard, 0x007AFF, 0x0A84FF),
        NamedColor("indigo", .standard, 0x5856D6, 0x5E5CE6), NamedColor("purple", .standard, 0xAF52DE, 0xBF5AF2),
        NamedColor("pink", .standard, 0xFF2D55, 0xFF375F), NamedColor("brown", .standard, 0xA2845E, 0xAC8E68),
        NamedColor("accentColor", .standard, 0x007AFF, 0x0A84FF, estimated: true),
        NamedColor("tintColor", .standard, 0x007AFF, 0x0A84FF, estimated: true),
        NamedColor("systemRed", .standard, 0xFF3B30, 0xFF453A), NamedColor("systemOrange", .standard, 0xFF9500, 0xFF9F0A),
        NamedColor("systemYellow", .standard, 0xFFCC00, 0xFFD60A), NamedColor("systemGreen", .standard, 0x34C759, 0x30D158),
        NamedColor("systemMint", .standard, 0x00C7BE, 0x63E6E2, estimated: true),
        NamedColor("systemTeal", .standard, 0x30B0C7, 0x40C8E0), NamedColor("systemCyan", .standard, 0x32ADE6, 0x64D2FF),
        NamedColor("systemBlue", .standard, 0x007AFF, 0x0A84FF), NamedColor("systemIndigo", .standard, 0x5856D6, 0x5E5CE6),
        NamedColor("systemPurple", .standard, 0xAF52DE, 0xBF5AF2), NamedColor("systemPink", .standard, 0xFF2D55, 0xFF375F),
        NamedColor("systemBrown", .standard, 0xA2845E, 0xAC8E68),
        // Greys.
        NamedColor("gray", .gray, 0x8E8E93, 0x8E8E93), NamedColor("systemGray", .gray, 0x8E8E93, 0x8E8E93),
        NamedColor("systemGray2", .gray, 0xAEAEB2, 0x636366), NamedColor("systemGray3", .gray, 0xC7C7CC, 0x48484A),
        NamedColor("systemGray4", .gray, 0xD1D1D6, 0x3A3A3C), NamedColor("systemGray5", .gray, 0xE5E5EA, 0x2C2C2E),
        NamedColor("systemGray6", .gray, 0xF2F2F7, 0x1C1C1E),
        // Labels (SwiftUI's primary and secondary are UIKit's label and secondaryLabel).
        NamedColor("primary", .label, 0x000000, 0xFFFFFF), NamedColor("secondary", .label, 0x3C3C43, 0xEBEBF5, alpha: 0.6),
        NamedColor("label", .label, 0x000000, 0xFFFFFF), NamedColor("secondaryLabel", .label, 0x3C3C43, 0xEBEBF5, alpha: 0.6),
        NamedColor("tertiaryLabel", .label, 0x3C3C43, 0xEBEBF5, alpha: 0.3),
        NamedColor("quaternaryLabel", .label, 0x3C3C43, 0xEBEBF5, alpha: 0.18, darkAlpha: 0.16, estimated: true),
        NamedColor("placeholderText", .label, 0x3C3C43, 0xEBEBF5, alpha: 0.3), NamedColor("link", .label, 0x007AFF, 0x0984FF),
        // Fills.
        NamedColor("systemFill", .fill, 0x787880, 0x787880, alpha: 0.2, darkAlpha: 0.36),
        NamedColor("secondarySystemFill", .fill, 0x787880, 0x787880, alpha: 0.16, darkAlpha: 0.32),
        NamedColor("tertiarySystemFill", .fill, 0x767680, 0x767680, alpha: 0.12, darkAlpha: 0.24),
        NamedColor("quaternarySystemFill", .fill, 0x747480, 0x767680, alpha: 0.08, darkAlpha: 0.18),
        // Backgrounds.
        NamedColor("systemBackground", .background, 0xFFFFFF, 0x000000),
        NamedColor("secondarySystemBackground", .background, 0xF2F2F7, 0x1C1C1E),
        NamedColor("tertiarySystemBackground", .background, 0xFFFFFF, 0x2C2C2E),
        NamedColor("systemGroupedBackground", .groupedBackground, 0xF2F2F7, 0x000000),
        NamedColor("secondarySystemGroupedBackground", .groupedBackground, 0xFFFFFF, 0x1C1C1E),
        NamedColor("tertiarySystemGroupedBackground", .groupedBackground, 0xF2F2F7, 0x2C2C2E),
        // Separators.
        NamedColor("separator", .separator, 0x3C3C43, 0x545458, alpha: 0.29, darkAlpha: 0.6),
        NamedColor("opaqueSeparator", .separator, 0xC6C6C8, 0x38383A),
        // Fixed colours.
        NamedColor("black", .fixed, 0x000000, 0x000000), NamedColor("white", .fixed, 0xFFFFFF, 0xFFFFFF),
        NamedColor("clear", .fixed, 0x000000, 0x000000, alpha: 0), NamedColor("lightGray", .fixed, 0xAAAAAA, 0xAAAAAA),
        NamedColor("darkGray", .fixed, 0x555555, 0x555555), NamedColor("magenta", .fixed, 0xFF00FF, 0xFF00FF),
        NamedColor("lightText", .fixed, 0xFFFFFF, 0xFFFFFF, alpha: 0.6), NamedColor("darkText", .fixed, 0x000000, 0x000000)
    ]

    /// Other spellings scenes may use for a catalogue name.
    public static let aliases: [String: String] = ["grey": "gray"]

    /// The catalogue by name (aliases included).
    public static let catalogueByName: [String: NamedColor] = {
        var byName: [String: NamedColor] = [:]
        for entry in catalogue { byName[entry.name] = entry }
        for (alias, name) in aliases { byName[alias] = byName[name] }
        return byName
    }()

    /// The catalogue's light values by name (aliases included).
    public static let named: [String: Color] = catalogueByName.mapValues(\.light)

    /// The catalogue entry `text` names: a name or alias, with or without a leading `.`
    /// (`.systemGray6`, as Swift code writes it); nil if none.
    public static func catalogueEntry(_ text: String) -> NamedColor? {
        catalogueByName[text.hasPrefix(".") ? String(text.dropFirst()) : text]
    }

    /// This colour in `scheme`: a named colour (or one made from it with `opacity`) takes the
    /// catalogue's value for that scheme, its alpha scaled as this one's was; a literal colour is
    /// the same in both.
    public func resolved(in scheme: ColorScheme) -> Color {
        guard let semantic, let entry = Color.catalogueByName[semantic] else { return self }
        let base = entry.value(in: scheme)
        let factor = entry.light.alpha > 0 ? alpha / entry.light.alpha : 1
        return Color(red: base.red, green: base.green, blue: base.blue, alpha: base.alpha * factor, semantic: semantic)
    }

    /// Catalogue names close to `name`, those of the family `name` seems to ask for first
    /// (`secondaryFill` suggests `secondarySystemFill` before `secondaryLabel`).
    package static func closeNames(to name: String, limit: Int = 3) -> [String] {
        let names = catalogue.map(\.name) + aliases.keys.sorted()
        let close = ProofsheetCore.closeNames(to: name, in: names, limit: names.count)
        guard let family = family(suggestedBy: name) else { return Array(close.prefix(limit)) }
        let same = close.filter { catalogueByName[$0]?.family == family }
        return Array((same + close.filter { catalogueByName[$0]?.family != family }).prefix(limit))
    }

    /// The family a (possibly misspelt) name's words point to, if any.
    static func family(suggestedBy name: String) -> NamedColor.Family? {
        let n = name.lowercased()
        if n.contains("grouped") || n.contains("group") { return .groupedBackground }
        if n.contains("background") || n.contains("backgound") || n.contains("bg") { return .background }
        if n.contains("fill") { return .fill }
        if n.contains("separator") || n.contains("seperator") || n.contains("divider") { return .separator }
        if n.contains("label") || n.contains("text") || n.contains("placeholder") { return .label }
        if n.contains("gray") || n.contains("grey") { return .gray }
        return nil
    }
}

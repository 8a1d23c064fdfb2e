import Synchronization
/// Light or dark appearance: which of a named colour's two values applies.
public enum ColorScheme: String, Sendable, CaseIterable, Codable {
    case light, dark
}

/// Standard contrast, or the increased contrast of iOS's Increase Contrast setting (SwiftUI's
/// `ColorSchemeContrast`): the named colours that Apple publishes a high-contrast value for take it.
public enum ColorSchemeContrast: String, Sendable, CaseIterable, Codable {
    case standard, increased
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
    /// The values with Increase Contrast on, light and dark: the same as ``light`` and ``dark``
    /// where the colour has no high-contrast value of its own.
    public let increasedLight: Color, increasedDark: Color
    /// True when no published figure was found and the value is an estimate.
    public let estimated: Bool

    /// A colour by its values: `light` and `dark` at `alpha` (`darkAlpha` in dark); with
    /// `increased`, its high-contrast light and dark values, at `increasedAlpha` (light, dark;
    /// by default the standard alphas). `increasedAlpha` alone: the same colours more opaque,
    /// as UIKit's labels, fills and separators are.
    init(
        _ name: String, _ family: Family, _ light: UInt32, _ dark: UInt32, alpha: Double = 1, darkAlpha: Double? = nil,
        increased: (light: UInt32, dark: UInt32)? = nil, increasedAlpha: (light: Double, dark: Double)? = nil, estimated: Bool = false
    ) {
        self.name = name
        self.family = family
        self.light = Color(hex: light, alpha: alpha, semantic: name)
        self.dark = Color(hex: dark, alpha: darkAlpha ?? alpha, semantic: name)
        let hc = increased ?? (light, dark), hcAlpha = increasedAlpha ?? (alpha, darkAlpha ?? alpha)
        self.increasedLight = Color(hex: hc.light, alpha: hcAlpha.light, semantic: name)
        self.increasedDark = Color(hex: hc.dark, alpha: hcAlpha.dark, semantic: name)
        self.estimated = estimated
    }

    /// The value in `scheme`, at `contrast`.
    public func value(in scheme: ColorScheme, contrast: ColorSchemeContrast = .standard) -> Color {
        switch (scheme, contrast) {
        case (.light, .standard): light
        case (.dark, .standard): dark
        case (.light, .increased): increasedLight
        case (.dark, .increased): increasedDark
        }
    }

    /// Whether Increase Contrast changes the colour.
    public var hasIncreasedContrast: Bool { increasedLight != light || increasedDark != dark }
}

/// An alpha of a byte's value: UIKit's high-contrast alphas are tabulated as bytes (173 of 255).
private func byte(_ n: Double) -> Double { n / 255 }

extension Color {
    /// SwiftUI's named hues (`Color.red` … `Color.brown`), each with its light, dark and
    /// high-contrast (light, dark) values; UIKit's `systemRed` … `systemBrown` are the same.
    private static let hues: [(name: String, light: UInt32, dark: UInt32, increased: (light: UInt32, dark: UInt32), estimated: Bool)] = [
        ("red", 0xFF3B30, 0xFF453A, (0xD70015, 0xFF6961), false), ("orange", 0xFF9500, 0xFF9F0A, (0xC93400, 0xFFB340), false),
        ("yellow", 0xFFCC00, 0xFFD60A, (0xB25000, 0xFFD426), false), ("green", 0x34C759, 0x30D158, (0x248A3D, 0x30DB5B), false),
        ("mint", 0x00C7BE, 0x63E6E2, (0x0C817B, 0x66D4CF), true), ("teal", 0x30B0C7, 0x40C8E0, (0x008299, 0x5DE6FF), false),
        ("cyan", 0x32ADE6, 0x64D2FF, (0x0071A4, 0x70D7FF), false), ("blue", 0x007AFF, 0x0A84FF, (0x0040DD, 0x409CFF), false),
        ("indigo", 0x5856D6, 0x5E5CE6, (0x3634A3, 0x7D7AFF), false), ("purple", 0xAF52DE, 0xBF5AF2, (0x8944AB, 0xDA8FFF), false),
        ("pink", 0xFF2D55, 0xFF375F, (0xD30F45, 0xFF6482), false), ("brown", 0xA2845E, 0xAC8E68, (0x7F6545, 0xB59469), false)
    ]

    /// The colours of a team's asset catalogues (`Color("Brand")`), by their semantic name:
    /// each a light and a dark value.
    static let assetColors = Mutex<[String: (light: Color, dark: Color)]>([:])
    /// What an asset colour's semantic name starts with (never a catalogue name).
    static let assetPrefix = "asset:"

    /// Colour sets that could not be read, by name: the error each gives when it is used, and
    /// the first such error since ``takeUsedBadAsset()`` was last asked.
    static let badAssets = Mutex<(errors: [String: ProofsheetError], used: ProofsheetError?)>(([:], nil))

    /// Makes `name` an asset colour with its light and dark values (the light one again when
    /// the asset has no dark appearance).
    public static func registerAsset(_ name: String, light: Color, dark: Color?) {
        assetColors.withLock { $0[assetPrefix + name] = (light, dark ?? light) }
        badAssets.withLock { _ = $0.errors.removeValue(forKey: name) }
    }

    /// Makes `name` a colour set that could not be read: using it (``asset(named:)``) keeps
    /// `error` for ``takeUsedBadAsset()``, and draws no asset colour.
    public static func registerBadAsset(_ name: String, error: ProofsheetError) {
        _ = assetColors.withLock { $0.removeValue(forKey: assetPrefix + name) }
        badAssets.withLock { $0.errors[name] = error }
    }

    /// The error of the first unreadable colour set used since the last call, nil when none was;
    /// forgotten once returned.
    public static func takeUsedBadAsset() -> ProofsheetError? {
        badAssets.withLock { s in
            defer { s.used = nil }
            return s.used
        }
    }

    /// The asset colour `name` as drawn in light appearance (dark resolves later), nil when no
    /// catalogue has it (or its colour set could not be read: see ``takeUsedBadAsset()``).
    public static func asset(named name: String) -> Color? {
        guard let pair = assetColors.withLock({ $0[assetPrefix + name] }) else {
            badAssets.withLock { s in
                if s.used == nil, let e = s.errors[name] { s.used = e }
            }
            return nil
        }
        var c = pair.light
        c.semantic = assetPrefix + name
        return c
    }

    /// The app's accent colour: the asset catalogue's `AccentColor` colour set (the one Xcode
    /// makes for every app) when it has one, else the system's (``accent``). Every view's tint
    /// starts as it, so an unreadable `AccentColor` set is not an error here: the system's is
    /// drawn.
    public static var appAccent: Color { accent(fromAsset: "AccentColor") }

    /// The asset colour `name` (light value, dark resolving later), else the system's accent.
    package static func accent(fromAsset name: String) -> Color {
        guard let pair = assetColors.withLock({ $0[assetPrefix + name] }) else { return accent }
        var c = pair.light
        c.semantic = assetPrefix + name
        return c
    }

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
    ///
    /// Increase Contrast: the standard and grey colours take the "increased contrast" light and
    /// dark values of the Human Interface Guidelines' iOS system-colour table (Color, "System
    /// colors"; the same values as Flutter's `CupertinoColors.highContrastColor` and
    /// `darkHighContrastColor` for every hue both have — Flutter keeps iOS 13's teal and yellow);
    /// labels, fills, separators and backgrounds take UIKit's high-contrast values as Flutter
    /// tabulates them (the same colours more opaque, and a shade further from white or black
    /// for the secondary and tertiary backgrounds). `label`, `link`, `systemBackground`,
    /// `opaqueSeparator` and the fixed colours do not change.
    public static let catalogue: [NamedColor] =
        hues.map { NamedColor($0.name, .standard, $0.light, $0.dark, increased: $0.increased, estimated: $0.estimated) }
        + [
            NamedColor("accentColor", .standard, 0x007AFF, 0x0A84FF, increased: (0x0040DD, 0x409CFF), estimated: true),
            NamedColor("tintColor", .standard, 0x007AFF, 0x0A84FF, increased: (0x0040DD, 0x409CFF), estimated: true)
        ]
        // UIKit's matching system colours, of the same values: `systemRed` … `systemBrown`.
        + hues.map {
            NamedColor(
                "system" + $0.name.prefix(1).uppercased() + $0.name.dropFirst(), .standard, $0.light, $0.dark, increased: $0.increased,
                estimated: $0.estimated)
        } + [
            // Greys.
            NamedColor("gray", .gray, 0x8E8E93, 0x8E8E93, increased: (0x6C6C70, 0xAEAEB2)),
            NamedColor("systemGray", .gray, 0x8E8E93, 0x8E8E93, increased: (0x6C6C70, 0xAEAEB2)),
            NamedColor("systemGray2", .gray, 0xAEAEB2, 0x636366, increased: (0x8E8E93, 0x7C7C80)),
            NamedColor("systemGray3", .gray, 0xC7C7CC, 0x48484A, increased: (0xAEAEB2, 0x545456)),
            NamedColor("systemGray4", .gray, 0xD1D1D6, 0x3A3A3C, increased: (0xBCBCC0, 0x444446)),
            NamedColor("systemGray5", .gray, 0xE5E5EA, 0x2C2C2E, increased: (0xD8D8DC, 0x363638)),
            NamedColor("systemGray6", .gray, 0xF2F2F7, 0x1C1C1E, increased: (0xEBEBF0, 0x242426)),
            // Labels (SwiftUI's primary and secondary are UIKit's label and secondaryLabel).
            NamedColor("primary", .label, 0x000000, 0xFFFFFF),
            NamedColor("secondary", .label, 0x3C3C43, 0xEBEBF5, alpha: 0.6, increasedAlpha: (byte(173), byte(173))),
            NamedColor("label", .label, 0x000000, 0xFFFFFF),
            NamedColor("secondaryLabel", .label, 0x3C3C43, 0xEBEBF5, alpha: 0.6, increasedAlpha: (byte(173), byte(173))),
            NamedColor("tertiaryLabel", .label, 0x3C3C43, 0xEBEBF5, alpha: 0.3, increasedAlpha: (byte(96), byte(96))),
            NamedColor(
                "quaternaryLabel", .label, 0x3C3C43, 0xEBEBF5, alpha: 0.18, darkAlpha: 0.16, increasedAlpha: (byte(66), byte(61)), estimated: true),
            NamedColor("placeholderText", .label, 0x3C3C43, 0xEBEBF5, alpha: 0.3, increasedAlpha: (byte(96), byte(96))),
            NamedColor("link", .label, 0x007AFF, 0x0984FF),
            // Fills.
            NamedColor("systemFill", .fill, 0x787880, 0x787880, alpha: 0.2, darkAlpha: 0.36, increasedAlpha: (byte(71), byte(112))),
            NamedColor("secondarySystemFill", .fill, 0x787880, 0x787880, alpha: 0.16, darkAlpha: 0.32, increasedAlpha: (byte(61), byte(102))),
            NamedColor("tertiarySystemFill", .fill, 0x767680, 0x767680, alpha: 0.12, darkAlpha: 0.24, increasedAlpha: (byte(51), byte(81))),
            NamedColor("quaternarySystemFill", .fill, 0x747480, 0x767680, alpha: 0.08, darkAlpha: 0.18, increasedAlpha: (byte(40), byte(66))),
            // Backgrounds.
            NamedColor("systemBackground", .background, 0xFFFFFF, 0x000000),
            NamedColor("secondarySystemBackground", .background, 0xF2F2F7, 0x1C1C1E, increased: (0xEBEBF0, 0x242426)),
            NamedColor("tertiarySystemBackground", .background, 0xFFFFFF, 0x2C2C2E, increased: (0xFFFFFF, 0x363638)),
            NamedColor("systemGroupedBackground", .groupedBackground, 0xF2F2F7, 0x000000, increased: (0xEBEBF0, 0x000000)),
            NamedColor("secondarySystemGroupedBackground", .groupedBackground, 0xFFFFFF, 0x1C1C1E, increased: (0xFFFFFF, 0x242426)),
            NamedColor("tertiarySystemGroupedBackground", .groupedBackground, 0xF2F2F7, 0x2C2C2E, increased: (0xEBEBF0, 0x363638)),
            // Separators.
            NamedColor("separator", .separator, 0x3C3C43, 0x545458, alpha: 0.29, darkAlpha: 0.6, increasedAlpha: (byte(94), byte(173))),
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

    /// This colour in `scheme` at `contrast`: a named colour (or one made from it with
    /// `opacity`) takes the catalogue's value for that scheme and contrast, its alpha scaled as
    /// this one's was; a literal colour is the same in all.
    public func resolved(in scheme: ColorScheme, contrast: ColorSchemeContrast = .standard) -> Color {
        guard let semantic else { return self }
        if semantic.hasPrefix(Color.assetPrefix) {
            guard let pair = Color.assetColors.withLock({ $0[semantic] }) else { return self }
            let base = scheme == .dark ? pair.dark : pair.light
            let factor = pair.light.alpha > 0 ? alpha / pair.light.alpha : 1
            return Color(red: base.red, green: base.green, blue: base.blue, alpha: base.alpha * factor, semantic: semantic)
        }
        guard let entry = Color.catalogueByName[semantic] else { return self }
        let base = entry.value(in: scheme, contrast: contrast)
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

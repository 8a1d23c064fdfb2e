import ProofsheetCore

/// The environment a scene is judged in when it is set from outside: `--color-scheme`,
/// `--dynamic-type`, `--variant NAME=VALUE`, a configuration's `"variants"` matrix. Each setting
/// left nil keeps the scene's own. Scenes made through a template with a variant
/// (``SceneTemplate/with(variant:)``) take it, and `$env` says it in their expressions.
public struct Variant: Sendable, Hashable {
    /// Light or dark (`colorScheme=dark`).
    public var colorScheme: ColorScheme?
    /// The text size (`dynamicType=accessibility3`).
    public var dynamicTypeSize: DynamicTypeSize?
    /// Which way the language runs (`layoutDirection=rtl`).
    public var layoutDirection: LayoutDirection?
    /// The accessibility settings (`reduceTransparency=on`, `reduceMotion=on`, `boldText=on`,
    /// `increaseContrast=on`).
    public var reduceTransparency: Bool?, reduceMotion: Bool?, boldText: Bool?, increaseContrast: Bool?
    /// How the device is held (`orientation=landscape`): a scene on a device is shown on it
    /// turned; a canvas of its own size is left as it is.
    public var orientation: Device.Orientation?
    /// The locale (`locale=de`, `locale=pseudo`): the scene's strings for it, its glyph forms.
    public var locale: String?

    public init(
        colorScheme: ColorScheme? = nil, dynamicTypeSize: DynamicTypeSize? = nil, layoutDirection: LayoutDirection? = nil,
        reduceTransparency: Bool? = nil, reduceMotion: Bool? = nil, boldText: Bool? = nil, orientation: Device.Orientation? = nil,
        locale: String? = nil, increaseContrast: Bool? = nil
    ) {
        self.orientation = orientation; self.locale = locale
        self.colorScheme = colorScheme; self.dynamicTypeSize = dynamicTypeSize; self.layoutDirection = layoutDirection
        self.reduceTransparency = reduceTransparency; self.reduceMotion = reduceMotion; self.boldText = boldText
        self.increaseContrast = increaseContrast
    }

    /// The scene's own environment.
    public static let none = Variant()

    /// The settings a variant has, by the names `--variant` and `"variants"` give them.
    public enum Axis: String, Sendable, CaseIterable {
        case colorScheme, dynamicType, layoutDirection, locale, reduceTransparency, reduceMotion, boldText, increaseContrast, orientation

        /// What a value may be, for messages.
        public var spellings: String {
            switch self {
            case .colorScheme: "light or dark"
            case .dynamicType: DynamicTypeSize.spellings
            case .layoutDirection: LayoutDirection.spellings
            case .reduceTransparency, .reduceMotion, .boldText, .increaseContrast: "on or off"
            case .orientation: "portrait or landscape"
            case .locale: "a BCP 47 tag such as de, zh-Hant, ja, he or ar, or pseudo"
            }
        }
    }

    /// `self` with `axis` set to the value named `text`; nil when `text` names no value of it.
    public func setting(_ axis: Axis, to text: String) -> Variant? {
        var v = self
        switch axis {
        case .colorScheme:
            guard let c = ColorScheme(rawValue: text.hasPrefix(".") ? String(text.dropFirst()) : text) else { return nil }
            v.colorScheme = c
        case .dynamicType:
            guard let d = DynamicTypeSize.named(text) else { return nil }
            v.dynamicTypeSize = d
        case .layoutDirection:
            guard let d = LayoutDirection.named(text) else { return nil }
            v.layoutDirection = d
        case .locale:
            guard Localization.isValidTag(text) else { return nil }
            v.locale = text
        case .orientation:
            guard let o = Device.Orientation(rawValue: text.lowercased()) else { return nil }
            v.orientation = o
        case .reduceTransparency, .reduceMotion, .boldText, .increaseContrast:
            let on: Bool
            switch text.lowercased() {
            case "on", "true", "yes": on = true
            case "off", "false", "no": on = false
            default: return nil
            }
            switch axis {
            case .reduceTransparency: v.reduceTransparency = on
            case .reduceMotion: v.reduceMotion = on
            case .boldText: v.boldText = on
            default: v.increaseContrast = on
            }
        }
        return v
    }

    /// The variant whose settings are `self`'s, with `other`'s where it has them.
    public func overridden(by other: Variant) -> Variant {
        Variant(
            colorScheme: other.colorScheme ?? colorScheme, dynamicTypeSize: other.dynamicTypeSize ?? dynamicTypeSize,
            layoutDirection: other.layoutDirection ?? layoutDirection, reduceTransparency: other.reduceTransparency ?? reduceTransparency,
            reduceMotion: other.reduceMotion ?? reduceMotion, boldText: other.boldText ?? boldText, orientation: other.orientation ?? orientation,
            locale: other.locale ?? locale, increaseContrast: other.increaseContrast ?? increaseContrast)
    }

    /// The settings it sets, in a few words for file names and captions: `dark+rtl+ax3+de`
    /// (`light`, `ltr`, `large`, `portrait` and `no-…` for settings set to their defaults); empty
    /// when it sets none.
    public var label: String {
        var parts: [String] = []
        if let colorScheme { parts.append(colorScheme.rawValue) }
        if let layoutDirection { parts.append(layoutDirection.shortName) }
        if let dynamicTypeSize { parts.append(dynamicTypeSize.shortName == "l" ? "large" : dynamicTypeSize.shortName) }
        if let locale { parts.append(locale.lowercased().replacingOccurrences(of: "_", with: "-")) }
        for (name, on) in [
            ("reduce-transparency", reduceTransparency), ("reduce-motion", reduceMotion), ("bold-text", boldText),
            ("increase-contrast", increaseContrast)
        ] {
            if let on { parts.append(on ? name : "no-" + name) }
        }
        if let orientation { parts.append(orientation.rawValue) }
        return parts.joined(separator: "+")
    }

    /// `settings` with this variant's accessibility settings over them.
    public func apply(_ settings: AccessibilitySettings) -> AccessibilitySettings {
        var s = settings
        if let reduceTransparency { s.reduceTransparency = reduceTransparency }
        if let reduceMotion { s.reduceMotion = reduceMotion }
        if let boldText { s.boldText = boldText }
        if let increaseContrast { s.increaseContrast = increaseContrast }
        return s
    }

    /// `scene` in this variant.
    public func apply(_ scene: Scene) -> Scene {
        var s = scene
        if let colorScheme { s.colorScheme = colorScheme }
        if let dynamicTypeSize { s.dynamicTypeSize = dynamicTypeSize }
        if let layoutDirection { s.layoutDirection = layoutDirection }
        s.accessibility = apply(s.accessibility)
        if let locale { s.localization.locale = locale }
        if let orientation, let device = s.device, device.orientation != orientation { s = s.on(device.held(orientation), scale: s.scale) }
        return s
    }

    /// The most combinations one matrix may hold: each is a whole set of images.
    public static let maxCombinations = 1024

    /// Every combination of the values of each axis, the first axis varying slowest: the matrix
    /// `--variant` and `"variants"` ask for (one variant with nothing set when they ask for none).
    /// More than ``maxCombinations`` is a usage error, found before any is made.
    public static func matrix(_ values: [(Axis, [Variant])]) throws -> [Variant] {
        let count = values.reduce(1.0) { $0 * Double(max(1, $1.1.count)) }
        guard count <= Double(maxCombinations) else {
            throw ProofsheetError.usage(
                "the variants ask for \(fmt(count)) combinations (" + values.map { "\($0.1.count) \($0.0.rawValue)" }.joined(separator: " × ")
                    + "), more than \(maxCombinations)",
                hint: "check fewer values of each setting at once")
        }
        var out: [Variant] = [.none]
        for (_, options) in values where !options.isEmpty {
            out = out.flatMap { base in options.map { base.overridden(by: $0) } }
        }
        return out
    }
}

extension Device {
    /// The device as `variant` holds it.
    public func held(by variant: Variant) -> Device { variant.orientation.map { held($0) } ?? self }
}

extension SceneTemplate {
    /// The template shown in `variant` (nil settings: the scene's own): `$env` says its settings
    /// in every expression, and the scenes it makes are drawn in it.
    public func with(variant: Variant) -> SceneTemplate {
        var t = self
        t.variant = t.variant.overridden(by: variant)
        return t
    }
}

import ProofsheetCore

/// The language a scene is shown in: a locale (a BCP 47 tag such as `de`, `zh-Hant`, `ja`,
/// `he`, `ar`), the scene's strings for it, and the pseudo-locale that finds truncation.
///
/// A text whose words are a key of the locale's table is shown as the table's value — SwiftUI's
/// `Text("Book it now")` looking up `"Book it now"` in `Localizable.strings` — with the less
/// specific tables as fallbacks (`de-CH`, then `de`). The locale's language also chooses the
/// glyph forms of text (Pango's language: Japanese, Traditional and Simplified Chinese forms
/// of the same characters differ).
public struct Localization: Sendable, Hashable {
    /// The locale's tag, nil for the scene's own texts in no particular language.
    public var locale: String?
    /// The scene's string tables (`"strings"`): for each tag, the texts to show instead, by the
    /// text written.
    public var tables: [String: [String: String]] = [:]

    public init(locale: String? = nil, tables: [String: [String: String]] = [:]) { self.locale = locale; self.tables = tables }

    /// The pseudo-locale's tag: every text longer by 40 % and accented (``pseudoLocalized(_:)``).
    public static let pseudo = "pseudo"
    public var isPseudo: Bool { locale == Self.pseudo }

    /// The language text is set in (Pango's): the locale's, none for the pseudo-locale.
    public var language: String? { isPseudo ? nil : locale }

    /// `text` as shown: the table's value for it, pseudo-localized in the pseudo-locale.
    public func localized(_ text: String) -> String {
        guard let locale else { return text }
        if isPseudo { return Self.pseudoLocalized(tables[Self.pseudo]?[text] ?? text) }
        for tag in Self.fallbacks(of: locale).reversed() {
            if let t = tables[tag]?[text] { return t }
        }
        return text
    }

    /// A text 40 % longer, its letters accented, in brackets: `Book it now` becomes
    /// `[Ɓööķ îţ ñöŵ ~~]`, so a layout that holds it holds most translations (German and
    /// Finnish run about that much longer than English), and a text left untranslated shows.
    public static func pseudoLocalized(_ text: String) -> String {
        guard !text.isEmpty else { return text }
        let accented = String(String.UnicodeScalarView(text.unicodeScalars.map { accents[$0] ?? $0 }))
        let length = text.count
        let target = Int((Double(length) * 1.4).rounded(.up))
        let padding = max(0, target - length - 2)
        return "[" + accented + (padding > 1 ? " " + String(repeating: "~", count: padding - 1) : "") + "]"
    }

    private static let accents: [Unicode.Scalar: Unicode.Scalar] = {
        let plain = Array("AaBbCcDdEeGgHhIiJjKkLlNnOoRrSsTtUuWwYyZz".unicodeScalars)
        let marked = Array("ÅåƁƀÇçĐđÉéĜĝĤĥÎîĴĵĶķĻļÑñÖöŔŕŠšŢţÛûŴŵÝýŽž".unicodeScalars)
        return Dictionary(uniqueKeysWithValues: zip(plain, marked))
    }()

    /// Whether `tag` may name a locale: the pseudo-locale, or letters and digits in parts of
    /// one to eight joined by `-` (or `_`), the first of two or three letters; 35 characters at
    /// most; not spelt as another setting's short name (`xs`, `xl`, `xxl`, `rtl`, `ltr`: no
    /// language is, and golden names could not tell them apart).
    public static func isValidTag(_ tag: String) -> Bool {
        if tag == pseudo { return true }
        guard !tag.isEmpty, tag.utf8.count <= 35, !reserved.contains(tag.lowercased()) else { return false }
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    static let reserved = Set(DynamicTypeSize.allCases.map(\.shortName) + LayoutDirection.allCases.map(\.shortName))

    /// The tables a tag reads, least specific first: `zh-Hant-TW` reads `zh`, `zh-Hant`, `zh-Hant-TW`.
    public static func fallbacks(of tag: String) -> [String] {
        let parts = tag.split(separator: "-").map(String.init)
        return (1...max(1, parts.count)).map { parts.prefix($0).joined(separator: "-") }
    }
}

import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetCheck
import ProofsheetLayout

/// Locales: the scene's string tables with their fallbacks, the pseudo-locale's 40 %, the
/// language's glyph forms, `$env.locale`, bad tags refused where they are written, golden names.
@Suite("Locales and strings")
struct LocalizationTests {
    static let json = #"""
        {"canvas": {"width": 200, "height": 60}, "scale": 1,
         "strings": {"de": {"Book it now": "Jetzt buchen", "Trips": "Reisen"}, "de-CH": {"Trips": "Reisli"}},
         "root": {"type": "VStack", "children": [
           {"type": "Text", "text": "Book it now", "modifiers": [{"id": "a"}]},
           {"type": "Text", "text": "Trips", "modifiers": [{"id": "b"}]},
           {"type": "Text", "text": "${$env.locale ?? 'none'}", "modifiers": [{"id": "c"}]}]}}
        """#

    func texts(_ json: String = Self.json, locale: String?) throws -> [String] {
        let template = try SceneDecoder().template(bytes: Array(json.utf8), file: "s.json").with(variant: Variant(locale: locale))
        let tree = try sharedRenderer.layout(try template.scene()).tree
        return ["a", "b", "c"].map { id in
            if case .text(let t)? = tree.find(id)?.content { return t.text }
            return "?"
        }
    }

    @Test func tablesAndFallbacks() throws {
        #expect(try texts(locale: nil) == ["Book it now", "Trips", "none"])
        #expect(try texts(locale: "de") == ["Jetzt buchen", "Reisen", "de"])
        // The more specific table first, then the language's.
        #expect(try texts(locale: "de-CH") == ["Jetzt buchen", "Reisli", "de-CH"])
        // A locale with no table shows the texts as written.
        #expect(try texts(locale: "fr") == ["Book it now", "Trips", "fr"])
        // The scene's own locale, and one from outside over it.
        let own = Self.json.replacingOccurrences(of: #""scale": 1,"#, with: #""scale": 1, "locale": "de","#)
        #expect(try texts(own, locale: nil)[1] == "Reisen" && texts(own, locale: "de-CH")[1] == "Reisli")
        #expect(Localization.fallbacks(of: "zh-Hant-TW") == ["zh", "zh-Hant", "zh-Hant-TW"])
    }

    /// The pseudo-locale: every text at least 40 % longer, accented, bracketed.
    @Test func thePseudoLocaleLengthens() throws {
        let shown = try texts(locale: "pseudo")
        #expect(shown[0] == "[Ɓööķ îţ ñöŵ ~~]" && shown[1] == "[Ţŕîpš]", "\(shown)")
        for s in ["a", "Book it now", "A much longer sentence that a button might hold"] {
            let p = Localization.pseudoLocalized(s)
            #expect(p.count >= Int((Double(s.count) * 1.4).rounded(.up)) && p.hasPrefix("[") && p.hasSuffix("]"), "\(p)")
        }
        #expect(Localization.pseudoLocalized("") == "")
    }

    /// The language chooses glyph forms: 直 in Japanese and in Traditional Chinese differ.
    @Test func theLanguageChoosesGlyphForms() throws {
        let json =
            #"{"canvas": {"width": 40, "height": 40}, "scale": 1, "root": {"type": "Text", "text": "直", "modifiers": [{"font": {"size": 30}}, {"id": "t"}]}}"#
        func image(_ locale: String) throws -> RGBAImage {
            let scene = try SceneDecoder().template(bytes: Array(json.utf8), file: "s.json").with(variant: Variant(locale: locale)).scene()
            let layout = try sharedRenderer.layout(scene)
            if case .text(let t)? = layout.tree.find("t")?.content { #expect(t.font.language == locale) }
            return try sharedRenderer.image(of: layout, scene: scene)
        }
        let ja = try image("ja"), tc = try image("zh-Hant"), tc2 = try image("zh-Hant")
        #expect(ja != tc && tc == tc2)
    }

    /// Bad tags and tables are refused at the key; golden names carry the locale in lower case.
    @Test func badInputAndGoldenNames() throws {
        for bad in [#""locale": "x y","#, #""locale": 5,"#, #""strings": {"de de": {}},"#, #""strings": {"de": {"a": 1}},"#, #""strings": []"#] {
            let json = Self.json.replacingOccurrences(of: #""scale": 1,"#, with: #""scale": 1, \#(bad)"#)
            #expect(throws: ProofsheetError.self, "\(bad)") { try SceneDecoder().template(bytes: Array(json.utf8), file: "s.json") }
        }
        for tag in ["de", "zh-Hant", "pt_BR", "pseudo", "sr-Latn-RS"] { #expect(Localization.isValidTag(tag), "\(tag)") }
        for tag in ["", "d", "deutsch", "de-", "1de", "de/ch", "xs", "XL", "rtl", String(repeating: "a-", count: 20) + "a"] {
            #expect(!Localization.isValidTag(tag), "\(tag)")
        }
        var s = Scene(device: try Device.named("iPhone 14")) { EmptyView().node }
        s.localization.locale = "zh-Hant"
        s.dynamicTypeSize = .accessibility3
        s.accessibility.boldText = true
        #expect(GoldenNames.variant(of: s) == "iphone-14@3x+ax3+zh-hant+bold-text")
        #expect(GoldenNames.isGoldenPath("s/default/iphone-14@3x+dark+de.png") && GoldenNames.isGoldenPath("s/default/iphone-14@3x+xl.png"))
        #expect(!GoldenNames.isGoldenPath("s/default/iphone-14@3x+de+ax3.png") && !GoldenNames.isGoldenPath("s/default/iphone-14@3x+de+fr.png"))
    }
}

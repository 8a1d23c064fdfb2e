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
    /// Tables from the files an app ships: a locale's `Localizable.strings` (comments, escapes,
    /// bare keys, UTF-16 with its mark) and a String Catalog of every locale (the source language
    /// left out, a plural's `other` form, untranslatable strings skipped); bad files are located
    /// in the file itself, and paths keep to the scene's folder.
    @Test func stringsFilesAndCatalogs() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/de.lproj", withIntermediateDirectories: true)
        func write(_ name: String, _ text: String, _ encoding: String.Encoding = .utf8) throws {
            try text.write(toFile: dir + "/" + name, atomically: true, encoding: encoding)
        }
        func scene(strings: String, locale: String) throws -> [String] {
            try write(
                "s.json",
                Self.json.replacingOccurrences(
                    of: #"{"de": {"Book it now": "Jetzt buchen", "Trips": "Reisen"}, "de-CH": {"Trips": "Reisli"}}"#, with: strings))
            let template = try SceneDecoder().template(file: dir + "/s.json").with(variant: Variant(locale: locale))
            let tree = try sharedRenderer.layout(try template.scene()).tree
            return ["a", "b"].map { id in
                if case .text(let t)? = tree.find(id)?.content { return t.text }
                return "?"
            }
        }
        try write(
            "de.lproj/Localizable.strings",
            #"""
            /* The booking button. */
            "Book it now" = "Jetzt \"buchen\"\U00E9";
            // The tab.
            Trips = "Reisen";
            """#)
        #expect(try scene(strings: #"{"de": "de.lproj/Localizable.strings"}"#, locale: "de") == ["Jetzt \"buchen\"é", "Reisen"])
        try write("fr.strings", "\"Trips\" = \"Voyages\";", .utf16)
        #expect(try scene(strings: #"{"fr": "fr.strings", "de": {"Trips": "Touren"}}"#, locale: "fr") == ["Book it now", "Voyages"])
        try write(
            "Localizable.xcstrings",
            #"""
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "Book it now": {"localizations": {
                "en": {"stringUnit": {"state": "translated", "value": "Book now!"}},
                "ja": {"stringUnit": {"state": "translated", "value": "今すぐ予約"}}}},
              "Trips": {"localizations": {"ja": {"variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "旅"}},
                "other": {"stringUnit": {"state": "translated", "value": "旅行"}}}}}}},
              "%lld": {"shouldTranslate": false}}}
            """#)
        #expect(try scene(strings: #""Localizable.xcstrings""#, locale: "ja") == ["今すぐ予約", "旅行"])
        #expect(try scene(strings: #""Localizable.xcstrings""#, locale: "en") == ["Book it now", "Trips"])

        func error(_ strings: String) throws -> ProofsheetError {
            do { _ = try scene(strings: strings, locale: "de") } catch let e as ProofsheetError { return e }
            throw ProofsheetError.internal("no error")
        }
        try write("bad.strings", "\"Trips\" = \"Reisen\"\n\"Book it now\" = \"x\";")
        let missingSemicolon = try error(#"{"de": "bad.strings"}"#)
        #expect(missingSemicolon.location?.file == dir + "/bad.strings" && missingSemicolon.location?.line == 2, "\(missingSemicolon)")
        #expect(missingSemicolon.message.contains("expected ';' after the value"))
        try write("open.strings", "\"Trips\" = \"Reisen;\n")
        #expect(try error(#"{"de": "open.strings"}"#).message.contains("a string is not closed"))
        #expect(try error(#"{"de": "../x.strings"}"#).message.contains("may not be absolute or contain '..'"))
        #expect(try error(#"{"de": "de.lproj/none.strings"}"#).message.hasPrefix("cannot read the strings file 'de.lproj/none.strings'"))
        #expect(try error(#"{"de": "Localizable.xcstrings"}"#).message.contains("is not a .strings file"))
        try FileManager.default.createDirectory(atPath: dir + "/folder.strings", withIntermediateDirectories: true)
        let folder = try error(#"{"de": "folder.strings"}"#)
        #expect(
            folder.message.hasSuffix("/folder.strings' is a folder") && folder.hint == "name a file in the scene's folder or below it", "\(folder)")
        try write("cut.strings", #""Trips" = "Rei"#)
        #expect(try error(#"{"de": "cut.strings"}"#).message.contains("a string is not closed"))
        try Data([0x22, 0x61, 0x22, 0x3D, 0x22, 0xC3, 0x28, 0x22, 0x3B]).write(to: URL(fileURLWithPath: dir + "/latin1.strings"))
        #expect(try error(#"{"de": "latin1.strings"}"#).message.contains("is not valid UTF-8"))
        try write("escape.strings", #""a" = "\UZZZZ";"#)
        let escape = try error(#"{"de": "escape.strings"}"#)
        #expect(escape.message.contains("\\U takes 4 hex digits") && escape.location?.column == 10, "\(escape)")
        try write("catalog.xcstrings", #"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"x y": {}}}}}"#)
        #expect(try error(#""catalog.xcstrings""#).message.contains("'x y' is not a locale"))
        let outside = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try "\"Trips\" = \"x\";".write(toFile: outside + "/x.strings", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/linked.strings", withDestinationPath: outside + "/x.strings")
        #expect(try error(#"{"de": "linked.strings"}"#).message.contains("resolves outside the scene's folder"))
    }

    /// Numbers, amounts and dates in the scene's locale (US English without one), as SwiftUI's
    /// `Text(value, format:)` writes them (ICU's no-break spaces, U+00A0 and U+202F, read as
    /// spaces here); bad arguments say what is valid.
    @Test func numbersAndDatesByLocale() throws {
        let json = #"""
            {"canvas": {"width": 300, "height": 60}, "scale": 1, "root": {"type": "VStack", "children": [
              {"type": "Text", "text": "${number(1234.5)}|${percent(0.25)}|${currency(12.5, 'EUR')}", "modifiers": [{"id": "a"}]},
              {"type": "Text", "text": "${date('2026-12-06T14:30:00Z')}|${date('2026-12-06T14:30:00Z', 'time')}", "modifiers": [{"id": "b"}]}]}}
            """#
        func texts(_ locale: String?) throws -> [String] {
            let template = try SceneDecoder().template(bytes: Array(json.utf8), file: "s.json").with(variant: Variant(locale: locale))
            let tree = try sharedRenderer.layout(try template.scene()).tree
            return ["a", "b"].map { id in
                if case .text(let t)? = tree.find(id)?.content {
                    return t.text.replacingOccurrences(of: "\u{A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
                }
                return "?"
            }
        }
        #expect(try texts(nil) == ["1,234.5|25%|€12.50", "December 6, 2026|2:30 PM"])
        #expect(try texts("de") == ["1.234,5|25 %|12,50 €", "6. Dezember 2026|14:30"])
        #expect(try texts("fr")[0] == "1 234,5|25 %|12,50 €")
        #expect(try texts("ja") == ["1,234.5|25%|€12.50", "2026年12月6日|14:30"])
        #expect(try texts("pseudo") == texts(nil).map(Localization.pseudoLocalized))
        func error(_ expression: String) -> String {
            do { _ = try Expression.evaluate(expression, vars: ["env": .object([:])]) } catch { return error.message }
            return "no error"
        }
        #expect(error("currency(3, 'eur')").contains("ISO 4217"))
        #expect(error("date('2026-02-30')").contains("not an ISO 8601 date"))
        #expect(error("date('2026-12-06', 'long')").contains("'date', 'time', 'dateTime'"))
        #expect(error("number(1000000 * 1000000 * 1000000 * 1000000)").contains("below 10²¹"))
        #expect(error("number('12')").contains("formats a number, got a string"))
    }

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

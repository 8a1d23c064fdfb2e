import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetCheck
import ProofsheetLayout

/// Dynamic Type: text styles at every size category by Apple's table, fixed and relative sizes,
/// the `dynamicTypeSize` modifier and environment value, scaled metrics, `$env`, the bars that
/// keep their size, and golden names. Layout by numbers at scale 1.
@Suite("Dynamic Type")
struct DynamicTypeTests {
    func layout(_ root: String, size: String? = nil, from outside: DynamicTypeSize? = nil, canvas: String = #"{"width": 390, "height": 400}"#)
        throws -> ResolvedView
    {
        let json = #"{"canvas": \#(canvas), "scale": 1, \#(size.map { #""dynamicTypeSize": "\#($0)","# } ?? "") "root": \#(root)}"#
        let template = try SceneDecoder().template(bytes: Array(json.utf8), file: "s.json").with(variant: Variant(dynamicTypeSize: outside))
        return try sharedRenderer.layout(try template.scene()).tree
    }

    func text(_ font: String) -> String { #"{"type": "Text", "text": "Hello", "modifiers": [{"font": \#(font)}, {"id": "t"}]}"# }

    /// One line of the system font at `size` points at scale 1: SF Pro's line, rounded up to the
    /// pixel grid.
    func line(_ size: Double) -> Double { FontSpec.systemLineHeight(size: size).rounded(.up) }

    /// The table: spot values against Apple's published sizes, every style growing (never
    /// shrinking) from xSmall to AX5, and the default size the style's font has.
    @Test func theTableIsApples() {
        #expect(TextStyle.body.sizes == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        #expect(TextStyle.largeTitle.pointSize(at: .xSmall) == 31 && TextStyle.largeTitle.pointSize(at: .accessibility5) == 60)
        #expect(TextStyle.footnote.sizes.prefix(3) == [12, 12, 12] && TextStyle.caption2.pointSize(at: .large) == 11)
        #expect(TextStyle.title3.pointSize(at: .accessibility1) == 31 && TextStyle.subheadline.pointSize(at: .accessibility3) == 36)
        #expect(TextStyle.caption2.sizes == [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40])
        #expect(TextStyle.caption.sizes.last == 43 && TextStyle.footnote.sizes.last == 44 && TextStyle.title.sizes.last == 58)
        for style in TextStyle.allCases {
            #expect(style.sizes.count == DynamicTypeSize.allCases.count)
            #expect(zip(style.sizes, style.sizes.dropFirst()).allSatisfy { $0 <= $1 }, "\(style)")
            let font = FontSpec.style(style)
            #expect(font.size == style.defaultSize && font.weight == style.weight && font.textStyle == style)
        }
        #expect(
            FontSpec.style(.headline).weight == 600 && DynamicTypeSize.accessibility1.isAccessibilitySize
                && !DynamicTypeSize.xxxLarge.isAccessibilitySize)
    }

    /// A text style's text is one line of the style's size at every category, set by the scene
    /// or from outside (which wins); a fixed size stays; a size relative to a style scales as
    /// the style does.
    @Test func textHeightsPerCategory() throws {
        for size in DynamicTypeSize.allCases {
            for style in [TextStyle.body, .largeTitle, .caption2] {
                let t = try #require(try layout(text(#""\#(style.rawValue)""#), size: size.rawValue).find("t"))
                #expect(t.frame.height == line(style.pointSize(at: size)), "\(style) at \(size)")
            }
            // From outside, over the scene's own.
            let outside = try #require(try layout(text(#""body""#), size: "xSmall", from: size).find("t"))
            #expect(outside.frame.height == line(TextStyle.body.pointSize(at: size)), "\(size) from outside")
            let fixed = try #require(try layout(text(#"{"size": 17}"#), size: size.shortName).find("t"))
            #expect(fixed.frame.height == line(17), "a fixed size at \(size)")
            let relative = try #require(try layout(text(#"{"size": 30, "relativeTo": "title"}"#), size: size.rawValue).find("t"))
            #expect(relative.frame.height == line(30 * TextStyle.title.pointSize(at: size) / 28), "relative at \(size)")
        }
        // A weight or design over a style keeps it following the style.
        let bold = try #require(try layout(text(#"{"style": "body", "weight": "bold", "design": "rounded"}"#), size: "ax2").find("t"))
        #expect(bold.frame.height == line(33))
        // A style and relativeTo together are refused, at the key.
        #expect(throws: ProofsheetError.self) { try layout(text(#"{"style": "body", "relativeTo": "title"}"#)) }
        #expect(throws: ProofsheetError.self) { try layout(text(#""body""#), size: "huge") }
    }

    /// `.dynamicTypeSize(_:)` sets the size inside, or clamps it to a range;
    /// `.environment(\.dynamicTypeSize, …)` sets it; a symbol grows with its text.
    @Test func theModifierSetsAndClamps() throws {
        func height(_ modifier: String, at size: String) throws -> Double {
            let root = #"{"type": "VStack", "children": [\#(text(#""body""#))], "modifiers": [\#(modifier)]}"#
            return try #require(try layout(root, size: size).find("t")).frame.height
        }
        #expect(try height(#"{"dynamicTypeSize": "xxxLarge"}"#, at: "large") == line(23))
        #expect(try height(#"{"dynamicTypeSize": {"max": "xxLarge"}}"#, at: "ax3") == line(21))
        #expect(try height(#"{"dynamicTypeSize": {"max": "xxLarge"}}"#, at: "small") == line(15))
        #expect(try height(#"{"dynamicTypeSize": {"min": "large", "max": "ax1"}}"#, at: "xSmall") == line(17))
        #expect(try height(#"{"environment": {"dynamicTypeSize": "xSmall"}}"#, at: "ax5") == line(14))
        // The innermost modifier wins, as SwiftUI's environment does.
        let nested = #"{"type": "VStack", "children": [\#(text(#""body""#))], "modifiers": [{"dynamicTypeSize": "ax1"}]}"#
        let outer = #"{"type": "VStack", "children": [\#(nested)], "modifiers": [{"dynamicTypeSize": "xSmall"}]}"#
        #expect(try #require(try layout(outer).find("t")).frame.height == line(28))
        for bad in [#"{"dynamicTypeSize": {"min": "ax1", "max": "large"}}"#, #"{"dynamicTypeSize": {}}"#, #"{"dynamicTypeSize": "big"}"#] {
            #expect(throws: ProofsheetError.self, "\(bad)") { try height(bad, at: "large") }
        }
        // A symbol is as large as its font's point size.
        let symbol = #"{"type": "Image", "systemName": "heart.fill", "modifiers": [{"font": "body"}, {"id": "s"}]}"#
        let small = try #require(try layout(symbol).find("s")), large = try #require(try layout(symbol, size: "ax1").find("s"))
        #expect(abs(large.frame.width / small.frame.width - 28.0 / 17) < 0.02, "\(small.frame) \(large.frame)")
    }

    /// `{"scaledMetric": n}`: a length scaled as body text is (or the style it is relative to),
    /// at the scene's size; `$env.dynamicTypeSize` and `$env.isAccessibilitySize` say it.
    @Test func scaledMetricsAndTheEnvironment() throws {
        func width(_ metric: String, at size: String) throws -> Double {
            let root = #"{"type": "Color", "color": "red", "modifiers": [{"frame": {"width": \#(metric), "height": 10}}, {"id": "c"}]}"#
            return try #require(try layout(root, size: size).find("c")).frame.width
        }
        #expect(try width(#"{"scaledMetric": 44}"#, at: "large") == 44)
        #expect(try width(#"{"scaledMetric": 34}"#, at: "ax3") == 80)
        #expect(try width(#"{"scaledMetric": 56, "relativeTo": "title"}"#, at: "xSmall") == 50)
        #expect(throws: ProofsheetError.self) { try width(#"{"scaledMetric": 44, "relativeTo": "huge"}"#, at: "large") }
        #expect(throws: ProofsheetError.self) { try width(#"{"scaledMetric": 44, "scale": 2}"#, at: "large") }
        let root = #"{"type": "Text", "text": "${$env.dynamicTypeSize} ${$env.isAccessibilitySize ? 'ax' : 'standard'}", "modifiers": [{"id": "t"}]}"#
        func said(_ size: String?, outside: DynamicTypeSize? = nil) throws -> String? {
            guard case .text(let t)? = try layout(root, size: size, from: outside).find("t")?.content else { return nil }
            return t.text
        }
        #expect(try said(nil) == "large standard")
        #expect(try said("ax2") == "accessibility2 ax")
        #expect(try said("ax2", outside: .xxxLarge) == "xxxLarge standard")
    }

    /// The navigation bar's items and inline title keep their size at the largest sizes; the
    /// large title grows, and its area with it.
    @Test func barsKeepTheirSizeTheLargeTitleGrows() throws {
        let root = #"""
            {"type": "NavigationStack", "title": "Settings", "content": {"type": "Text", "text": "Body"},
             "toolbar": [{"placement": "topBarTrailing", "content": {"type": "Text", "text": "Edit", "modifiers": [{"id": "edit"}]}}]}
            """#
        let base = try layout(root, canvas: #""iPhone 14""#), big = try layout(root, size: "ax5", canvas: #""iPhone 14""#)
        let edit = try #require(base.find("edit")), bigEdit = try #require(big.find("edit"))
        #expect(edit.frame == bigEdit.frame)
        let title = try #require(base.find("navigationTitle")), bigTitle = try #require(big.find("navigationTitle"))
        #expect(title.frame.height == 52)
        #expect(bigTitle.frame.height == (line(60) + 8).rounded(.up), "\(bigTitle.frame)")
    }

    /// Goldens at any size but the default carry its short name, after the other suffixes;
    /// names that could not have been made are not goldens.
    @Test func goldenNamesCarryTheSize() throws {
        var s = Scene(device: try Device.named("iPhone 14")) { EmptyView().node }
        s.dynamicTypeSize = .accessibility3
        #expect(GoldenNames.variant(of: s) == "iphone-14@3x+ax3")
        s.colorScheme = .dark
        #expect(GoldenNames.variant(of: s.with(chrome: true)) == "iphone-14@3x+chrome+dark+ax3")
        s.dynamicTypeSize = .xSmall
        #expect(GoldenNames.variant(of: s) == "iphone-14@3x+dark+xs")
        #expect(GoldenNames.isGoldenPath("deck/default/iphone-14@3x+dark+ax3.png"))
        #expect(GoldenNames.isGoldenPath("deck/default/iphone-14@3x+xxxl.png"))
        for name in ["iphone-14@3x+ax3+dark", "iphone-14@3x+l", "iphone-14@3x+ax3+xs", "iphone-14@3x+ax6"] {
            #expect(!GoldenNames.isGoldenPath("deck/default/\(name).png"), "\(name)")
        }
    }

    /// The matrix: every combination, the first axis varying slowest; none asked, the scene's own.
    @Test func variantMatrix() throws {
        let dark = Variant(colorScheme: .dark), light = Variant(colorScheme: .light)
        let ax3 = Variant(dynamicTypeSize: .accessibility3), xs = Variant(dynamicTypeSize: .xSmall)
        #expect(try Variant.matrix([]) == [.none])
        #expect(
            try Variant.matrix([(.colorScheme, [light, dark]), (.dynamicType, [xs, ax3])]) == [
                Variant(colorScheme: .light, dynamicTypeSize: .xSmall), Variant(colorScheme: .light, dynamicTypeSize: .accessibility3),
                Variant(colorScheme: .dark, dynamicTypeSize: .xSmall), Variant(colorScheme: .dark, dynamicTypeSize: .accessibility3)
            ])
        // 64 locales × 12 sizes × 2 schemes is more than a run should make: refused unmade.
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let locales = (0..<64).map { Variant(locale: "a\(letters[$0 / 26])\(letters[$0 % 26])") }
        let sizes = DynamicTypeSize.allCases.map { Variant(dynamicTypeSize: $0) }
        #expect(throws: ProofsheetError.self) { try Variant.matrix([(.colorScheme, [light, dark]), (.dynamicType, sizes), (.locale, locales)]) }
        #expect(try Variant.matrix([(.dynamicType, sizes), (.locale, locales)]).count == 768)
        #expect(Variant.none.setting(.dynamicType, to: "ax3") == ax3 && Variant.none.setting(.dynamicType, to: "accessibility6") == nil)
        #expect(Variant.none.setting(.colorScheme, to: ".dark") == dark && Variant.none.setting(.colorScheme, to: "sepia") == nil)
    }
}

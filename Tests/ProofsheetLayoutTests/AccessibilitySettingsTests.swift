import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetCheck
import ProofsheetLayout
import ProofsheetMotion

/// Reduce Transparency, Reduce Motion, Bold Text and Increase Contrast: materials solid, moving
/// transitions fading, text a weight heavier, named colours at high contrast; `$env`, the
/// scene's key, variants and golden names.
@Suite("Accessibility settings")
struct AccessibilitySettingsTests {
    func scene(_ root: String, settings: String = "", variant: Variant = .none) throws -> Scene {
        let json = #"{"canvas": {"width": 100, "height": 100}, "scale": 1, \#(settings) "root": \#(root)}"#
        return try SceneDecoder().template(bytes: Array(json.utf8), file: "s.json").with(variant: variant).scene()
    }

    /// Bold Text: regular becomes semibold, semibold bold, black stays black; fixed fonts too.
    @Test func boldTextIsAWeightHeavier() throws {
        #expect([100, 400, 500, 600, 700, 900].map(FontSpec.boldTextWeight) == [300, 600, 700, 700, 800, 900])
        func weight(_ font: String, _ variant: Variant) throws -> Int? {
            let s = try scene(#"{"type": "Text", "text": "Hi", "modifiers": [{"font": \#(font)}, {"id": "t"}]}"#, variant: variant)
            guard case .text(let t)? = try sharedRenderer.layout(s).tree.find("t")?.content else { return nil }
            return t.font.weight
        }
        #expect(try weight(#""body""#, .none) == 400 && weight(#""body""#, Variant(boldText: true)) == 600)
        #expect(try weight(#""headline""#, Variant(boldText: true)) == 700)
        #expect(try weight(#"{"size": 20, "weight": "black"}"#, Variant(boldText: true)) == 900)
    }

    /// Reduce Motion: what moves, slides or scales fades instead, inside combinations and
    /// asymmetric transitions; opacity stays; a laid-out view's transition is the faded one.
    @Test func reduceMotionFades() throws {
        #expect(Transition.move(.leading).reducingMotion == .opacity && Transition.slide.reducingMotion == .opacity)
        #expect(Transition.combined(.move(.bottom), .opacity).reducingMotion == .opacity)
        #expect(
            Transition.asymmetric(insertion: .scale(0.5, anchor: .center), removal: .identity).reducingMotion
                == .asymmetric(insertion: .opacity, removal: .identity))
        let root = #"{"type": "Color", "color": "red", "modifiers": [{"transition": "move(edge: .leading)"}, {"id": "c"}]}"#
        func transition(_ variant: Variant) throws -> Transition? {
            func find(_ v: ResolvedView) -> Transition? { v.traits.transition ?? v.children.lazy.compactMap(find).first }
            return find(try sharedRenderer.layout(try scene(root, variant: variant)).tree)
        }
        #expect(try transition(.none) == .move(.leading))
        #expect(try transition(Variant(reduceMotion: true)) == .opacity)
        #expect(try transition(.none) == transition(Variant(reduceMotion: false)))
    }

    /// Reduce Transparency: a material is its solid fallback (#F2F2F7 light, #1C1C1E dark) in
    /// its shape; the scene's own key, or from outside.
    @Test func reduceTransparencyIsSolid() throws {
        let root = #"{"type": "Color", "color": "red", "modifiers": [{"overlay": "thinMaterial"}]}"#
        func materials(_ s: Scene) throws -> (materials: Int, fills: [String]) {
            var m = 0, fills: [String] = []
            func walk(_ items: [DisplayItem]) {
                for i in items {
                    switch i {
                    case .material: m += 1
                    case .fill(_, .color(let c)): fills.append(c.hexString)
                    case .group(let g): walk(g.children)
                    default: break
                    }
                }
            }
            walk(try sharedRenderer.layout(s).displayList.items)
            return (m, fills)
        }
        #expect(try materials(try scene(root)).materials == 1)
        let solid = try materials(try scene(root, settings: #""accessibility": {"reduceTransparency": true},"#))
        #expect(solid.materials == 0 && solid.fills.contains("#F2F2F7"), "\(solid)")
        let dark = try materials(try scene(root, variant: Variant(colorScheme: .dark, reduceTransparency: true)))
        #expect(dark.materials == 0 && dark.fills.contains("#1C1C1E"), "\(dark)")
        #expect(throws: ProofsheetError.self) { try scene(root, settings: #""accessibility": {"reduceTranslucency": true},"#) }
    }

    /// Increase Contrast: the painted list's named colours take their high-contrast values in
    /// the scene's scheme (text, fills, the background), literal ones stay; layout is the same.
    /// The scene's key or a variant turns it on; a solid material takes its high-contrast fallback.
    @Test func increaseContrastPaintsHighContrastColours() throws {
        let root = #"""
            {"type": "VStack", "children": [
              {"type": "Text", "text": "Book", "modifiers": [{"foregroundColor": "blue"}, {"id": "t"}]},
              {"type": "Color", "color": "secondarySystemFill", "modifiers": [{"frame": {"height": 20}}]},
              {"type": "Color", "color": "#007AFF", "modifiers": [{"frame": {"height": 20}}, {"overlay": "thinMaterial"}]}
            ]}
            """#
        func colours(_ s: Scene) throws -> (texts: [String], fills: [String], background: String?) {
            var texts: [String] = [], fills: [String] = []
            func walk(_ items: [DisplayItem]) {
                for i in items {
                    switch i {
                    case .text(let t): if case .color(let c) = t.paint { texts.append(c.hexString) }
                    case .fill(_, .color(let c)): fills.append(c.hexString)
                    case .group(let g): walk(g.children)
                    default: break
                    }
                }
            }
            let list = try sharedRenderer.layout(s).displayList
            walk(list.items)
            return (texts, fills, list.background?.hexString)
        }
        let settings = #""background": "secondarySystemBackground","#
        let standard = try colours(try scene(root, settings: settings))
        #expect(standard.texts == ["#007AFF"] && standard.fills == ["#78788029", "#007AFF"] && standard.background == "#F2F2F7", "\(standard)")
        let high = try colours(try scene(root, settings: settings + #" "accessibility": {"increaseContrast": true},"#))
        #expect(high.texts == ["#0040DD"] && high.fills == ["#7878803D", "#007AFF"] && high.background == "#EBEBF0", "\(high)")
        let darkHigh = try colours(try scene(root, settings: settings, variant: Variant(colorScheme: .dark, increaseContrast: true)))
        #expect(darkHigh.texts == ["#409CFF"] && darkHigh.background == "#242426", "\(darkHigh)")
        let solid = try colours(try scene(root, settings: settings, variant: Variant(reduceTransparency: true, increaseContrast: true)))
        #expect(solid.fills.last == "#EBEBF0", "\(solid)")
        #expect(
            try sharedRenderer.layout(try scene(root)).tree.find("t")?.frame
                == sharedRenderer.layout(try scene(root, variant: Variant(increaseContrast: true))).tree.find("t")?.frame)
    }

    /// `$env` says the settings in SwiftUI's names; variants parse on and off; golden names
    /// carry each setting that is on, last.
    @Test func environmentVariantsAndNames() throws {
        let root =
            #"{"type": "Text", "text": "${$env.accessibilityReduceMotion} ${$env.accessibilityReduceTransparency} ${$env.legibilityWeight} ${$env.colorSchemeContrast}", "modifiers": [{"id": "t"}]}"#
        func said(_ settings: String, _ variant: Variant = .none) throws -> String? {
            guard case .text(let t)? = try sharedRenderer.layout(try scene(root, settings: settings, variant: variant)).tree.find("t")?.content else {
                return nil
            }
            return t.text
        }
        #expect(try said("") == "false false regular standard")
        #expect(try said(#""accessibility": {"reduceMotion": true, "boldText": true},"#) == "true false bold standard")
        #expect(
            try said(#""accessibility": {"reduceMotion": true},"#, Variant(reduceTransparency: true, reduceMotion: false))
                == "false true regular standard")
        #expect(try said(#""accessibility": {"increaseContrast": true},"#) == "false false regular increased")
        #expect(try said(#""accessibility": {"increaseContrast": true},"#, Variant(increaseContrast: false)) == "false false regular standard")
        #expect(Variant.none.setting(.increaseContrast, to: "on") == Variant(increaseContrast: true))
        #expect(
            Variant.none.setting(.boldText, to: "on") == Variant(boldText: true)
                && Variant.none.setting(.reduceMotion, to: "off") == Variant(reduceMotion: false))
        #expect(Variant.none.setting(.boldText, to: "maybe") == nil)
        var s = Scene(device: try Device.named("iPhone 14")) { EmptyView().node }
        s.accessibility = AccessibilitySettings(reduceTransparency: true, reduceMotion: true, boldText: true)
        s.dynamicTypeSize = .accessibility1
        #expect(GoldenNames.variant(of: s) == "iphone-14@3x+ax1+reduce-transparency+reduce-motion+bold-text")
        s.accessibility = AccessibilitySettings(boldText: true, increaseContrast: true)
        #expect(GoldenNames.variant(of: s) == "iphone-14@3x+ax1+bold-text+increase-contrast")
        #expect(Variant(boldText: true, increaseContrast: false).label == "bold-text+no-increase-contrast")
        #expect(GoldenNames.isGoldenPath("s/default/iphone-14@3x+dark+increase-contrast.png"))
        #expect(!GoldenNames.isGoldenPath("s/default/iphone-14@3x+increase-contrast+bold-text.png"))
        #expect(GoldenNames.isGoldenPath("s/default/iphone-14@3x+dark+bold-text.png"))
        #expect(!GoldenNames.isGoldenPath("s/default/iphone-14@3x+bold-text+dark.png"))
    }
}

import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetCheck
import ProofsheetLayout
import ProofsheetMotion

/// Reduce Transparency, Reduce Motion and Bold Text: materials solid, moving transitions
/// fading, text a weight heavier; `$env`, the scene's key, variants and golden names.
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

    /// `$env` says the settings in SwiftUI's names; variants parse on and off; golden names
    /// carry each setting that is on, last.
    @Test func environmentVariantsAndNames() throws {
        let root =
            #"{"type": "Text", "text": "${$env.accessibilityReduceMotion} ${$env.accessibilityReduceTransparency} ${$env.legibilityWeight}", "modifiers": [{"id": "t"}]}"#
        func said(_ settings: String, _ variant: Variant = .none) throws -> String? {
            guard case .text(let t)? = try sharedRenderer.layout(try scene(root, settings: settings, variant: variant)).tree.find("t")?.content else {
                return nil
            }
            return t.text
        }
        #expect(try said("") == "false false regular")
        #expect(try said(#""accessibility": {"reduceMotion": true, "boldText": true},"#) == "true false bold")
        #expect(
            try said(#""accessibility": {"reduceMotion": true},"#, Variant(reduceTransparency: true, reduceMotion: false)) == "false true regular")
        #expect(
            Variant.none.setting(.boldText, to: "on") == Variant(boldText: true)
                && Variant.none.setting(.reduceMotion, to: "off") == Variant(reduceMotion: false))
        #expect(Variant.none.setting(.boldText, to: "maybe") == nil)
        var s = Scene(device: try Device.named("iPhone 14")) { EmptyView().node }
        s.accessibility = AccessibilitySettings(reduceTransparency: true, reduceMotion: true, boldText: true)
        s.dynamicTypeSize = .accessibility1
        #expect(GoldenNames.variant(of: s) == "iphone-14@3x+ax1+reduce-transparency+reduce-motion+bold-text")
        #expect(GoldenNames.isGoldenPath("s/default/iphone-14@3x+dark+bold-text.png"))
        #expect(!GoldenNames.isGoldenPath("s/default/iphone-14@3x+bold-text+dark.png"))
    }
}

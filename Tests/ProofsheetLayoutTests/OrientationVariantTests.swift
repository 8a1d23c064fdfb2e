import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetCheck

/// `--orientation` / `orientation=landscape`: a scene on a device is shown on it turned (and
/// back), `$device` says so, a canvas of its own size is left alone, goldens are named by the
/// turned device.
@Suite("Orientation variant")
struct OrientationVariantTests {
    @Test func aVariantTurnsTheDevice() throws {
        let json =
            #"{"canvas": "iPhone 14", "root": {"type": "Text", "text": "${$device.width}x${$device.height} ${$env.verticalSizeClass}", "modifiers": [{"id": "t"}]}}"#
        let template = try SceneDecoder().template(bytes: Array(json.utf8), file: "s.json")
        let turned = try template.with(variant: Variant(orientation: .landscape)).scene()
        #expect(turned.canvas == Size(width: 844, height: 390) && turned.device?.name == "iPhone 14 landscape")
        #expect(turned.safeArea == EdgeInsets(top: 0, leading: 47, bottom: 21, trailing: 47))
        guard case .text(let t)? = try sharedRenderer.layout(turned.on(turned.device!, scale: 1)).tree.find("t")?.content else {
            Issue.record("no text")
            return
        }
        #expect(t.text == "844x390 compact")
        #expect(GoldenNames.variant(of: turned) == "iphone-14-landscape@3x")
        // Back upright, and a canvas of its own size as it is.
        let upright = Variant(orientation: .portrait).apply(turned)
        #expect(upright.canvas == Size(width: 390, height: 844) && upright.device?.name == "iPhone 14" && upright.safeArea.top == 47)
        let canvas = Scene(canvas: Size(width: 300, height: 200)) { EmptyView().node }
        #expect(Variant(orientation: .landscape).apply(canvas).canvas == Size(width: 300, height: 200))
        #expect(try Device.named("iPad mini landscape").portrait.name == "iPad mini")
        #expect(
            Variant.none.setting(.orientation, to: "Landscape") == Variant(orientation: .landscape)
                && Variant.none.setting(.orientation, to: "sideways") == nil)
    }
}

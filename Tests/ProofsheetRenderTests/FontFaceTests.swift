import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetTesting
import ProofsheetCairo
import ProofsheetLayout

/// Which face text is drawn in: SF Pro switches to its Display design at 20 pt, so the default
/// design is Inter below 20 pt and Inter Display from 20 pt; the other designs do not switch.
@Suite("Font faces")
struct FontFaceTests {
    let measurer = sharedRenderer.measurer
    static let text = "Hamburgefonstiv 0123"

    /// The text's width per em: the same at every size within one face (no hinting, no
    /// rounding), so a change of face shows as a change of this number.
    func widthPerEm(_ size: Double, design: FontSpec.Design = .default) -> Double {
        measurer.measure(Self.text, font: FontSpec(design: design, size: size), maxWidth: nil, lineLimit: nil).width / size
    }

    @Test func defaultDesignSwitchesToDisplayAtTwentyPoints() {
        let text = [12, 17, 19.5].map { widthPerEm($0) }
        let display = [20, 28, 34].map { widthPerEm($0) }
        // One face on each side of 20 pt…
        for w in text { #expect(abs(w - text[0]) < 1e-3, "\(text)") }
        for w in display { #expect(abs(w - display[0]) < 1e-3, "\(display)") }
        // …and Inter Display is set tighter than Inter, as SF Pro Display is than SF Pro Text:
        // 9.59 em against 10.73 for this text, 10.7 % narrower.
        #expect(abs(display[0] / text[0] - 0.893) < 0.005, "Display \(display[0]) em, Text \(text[0]) em")
    }

    @Test func otherDesignsDoNotSwitch() {
        for design in [FontSpec.Design.rounded, .monospaced, .serif] {
            #expect(abs(widthPerEm(19.5, design: design) - widthPerEm(28, design: design)) < 1e-3, "\(design)")
        }
    }

    /// Layout by numbers: a 28 pt `Text` is as wide as the text in Inter Display at 28 pt, that
    /// is 28/20 of its width at 20 pt (the display face at both), not 28/19.5 of its width at
    /// 19.5 pt (the text face).
    @Test func a28PointTextIsLaidOutInTheDisplayFace() throws {
        let scene = Scene(canvas: Size(width: 600, height: 100)) { Text(Self.text).font(.system(size: 28)).id("t") }
        let laid = try sharedRenderer.layout(scene)
        let frame = try exactFrame(laid, "t")
        let at20 = measurer.measure(Self.text, font: FontSpec(size: 20), maxWidth: nil, lineLimit: nil).width
        let at19 = measurer.measure(Self.text, font: FontSpec(size: 19.5), maxWidth: nil, lineLimit: nil).width
        #expect(abs(frame.width - at20 * 28 / 20) < 0.01, "\(frame.width) against \(at20 * 28 / 20)")
        #expect(abs(frame.width - at19 * 28 / 19.5) > 5, "\(frame.width) against \(at19 * 28 / 19.5)")
    }
}

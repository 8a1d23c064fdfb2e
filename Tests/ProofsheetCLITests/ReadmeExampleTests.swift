import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout

/// The README's Swift example, kept compiling and working.
@Suite("README example")
struct ReadmeExampleTests {
    @Test func swiftExampleRenders() throws {
        let scene = Scene(device: try Device.named("iPhone 14"), scale: 1) {
            VStack {
                Image("yosemite-usa").resizable().scaledToFill()
                    .frame(minWidth: 0, maxWidth: .infinity)
                    .cornerRadius(10)
                    .padding(.horizontal, 15)
                Spacer(minLength: 20)
                Text("BOOK IT NOW").font(.system(.subheadline, design: .rounded)).fontWeight(FontSpec.bold)
                    .foregroundColor(.white).padding(.horizontal, 35).padding(.vertical, 15)
                    .background(Color.black).cornerRadius(10)
            }
        }
        let renderer = sharedRenderer
        let png = try renderer.render(scene, format: .png)
        let image = try RGBAImage(decoding: png, source: "readme")
        #expect(image.width == 390 && image.height == 844)
        let frames = try renderer.layout(scene).root
        #expect(frames.frame == Rect(x: 0, y: 47, width: 390, height: 763))
    }
}

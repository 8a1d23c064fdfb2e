import Foundation
import Proofsheet
import ProofsheetTestSupport
import ProofsheetUI
@testable import SampleDragCard
@testable import SampleFloatingActionButton
@testable import SampleSolidCircles
@testable import SampleToggleButton
import Testing

/// SwiftUI files written elsewhere (`Tests/Samples`), compiled as their authors wrote them,
/// drawn, and their gestures run.
@Suite struct SampleTests {
    static let renderer = try! Renderer()

    func still(_ screen: SwiftUIScene) throws -> RGBAImage {
        var scene = try screen.instantiate(try screen.state(still: nil))
        scene.scale = 1
        return try Self.renderer.backend.renderRGBA(try Self.renderer.layout(scene).displayList, scale: 1)
    }

    func frames(_ screen: SwiftUIScene, _ timeline: String, fps: Double = 10) throws -> [RGBAImage] {
        let run = try Self.renderer.run(of: screen, timeline: timeline, framing: TimelineFraming(scale: 1))
        var out: [RGBAImage] = []
        try FrameSampler(fps: fps, span: .auto).run(run) { frames in
            for f in frames { out.append(try Self.renderer.backend.renderRGBA(try run.displayList(f.tree), scale: 1)) }
        }
        return out
    }

    /// The colour at a point, 0–255 each.
    func rgb(_ image: RGBAImage, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let i = (y * image.width + x) * 4
        return (Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
    }

    /// The drag card: a yellow-to-orange square of 200 pt in the middle. Its old-style
    /// `.animation(.interpolatingSpring(stiffness: 20, damping: 1))` animates every change, the
    /// drag's too: the square trails the finger on a slow, bouncy spring, and when the finger
    /// lifts the same spring brings it back to the middle.
    @Test func theDragCardFollowsTheFingerAndSpringsBack() throws {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) { SampleDragCard.ContentView() }
            .timeline("fling", "drag 195,428 -> 100,-150 in 0.3s; release")
        let rest = try still(screen)
        let centre = rgb(rest, 195, 428), corner = rgb(rest, 120, 350), outside = rgb(rest, 80, 428)
        #expect(centre.r > 240 && centre.g > 150 && centre.g < 220 && centre.b < 40, "between yellow and orange: \(centre)")
        #expect(corner.r > 240 && corner.g > 190 && corner.b < 60, "yellow at the top-leading corner: \(corner)")
        #expect(outside.r == 255 && outside.g == 255 && outside.b == 255, "white around it: \(outside)")
        let run = try frames(screen, "fling")
        if ProcessInfo.processInfo.environment["PROOFSHEET_LOOK"] != nil {
            for (k, image) in [rest, run[3], run[6], run.last!].enumerated() {
                try FileOutput.write(try PNGCodec.encode(image), to: Paths.artifacts + "/sample-drag-\(k).png")
            }
            try FileOutput.write(
                try PNGCodec.encode(try still(try SwiftUIScene(device: "iPhone 14", scale: 1) { ToggleButton_Previews.previews })),
                to: Paths.artifacts + "/sample-toggle.png")
        }
        // 0.3 s in, the square is on its way up and to the right, behind the finger: its
        // top-leading corner has left where it was, and its bottom-trailing corner is still
        // short of where the finger took it (100 pt right, 150 pt up).
        let dragged = run[3]
        #expect(dragged != rest)
        #expect(rgb(dragged, 100, 520) == (255, 255, 255), "the bottom-leading corner has moved off: \(rgb(dragged, 100, 520))")
        #expect(rgb(dragged, 390 - 5, 378 - 150) == (255, 255, 255), "not yet under the finger")
        // Then it springs back and settles where it started.
        #expect(run.count > 10)
        #expect(run.last! == rest)
    }

    /// The floating action button: a tap on the green circle fans out three more, with
    /// `withAnimation(.default)`.
    @Test func theFloatingButtonFansOutOnATap() throws {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) { FloatingActionButtonExampleView() }
            .timeline("open", "tap 195,428")
        let rest = try still(screen)
        let green = rgb(rest, 195, 428)
        #expect(green.g > 150 && green.r < 100 && green.b < 120, "the green circle: \(green)")
        #expect(rgb(rest, 195, 338) == (255, 255, 255), "nothing above it at rest")
        let run = try frames(screen, "open")
        let open = run.last!
        let above = rgb(open, 195, 338), left = rgb(open, 105, 428)
        #expect(above.g > 150 && above.r < 100, "a circle 90 pt above: \(above)")
        #expect(left.g > 150 && left.r < 100, "a circle 90 pt to the left: \(left)")
        // Between the tap and the end the circles were on their way, half faded.
        #expect(run.contains { $0 != rest && $0 != open })
    }

    /// The toggle button's previews (a `PreviewProvider` with `.constant` bindings): off is an
    /// outlined circle, on a green check mark.
    @Test func theToggleButtonPreviewsDraw() throws {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) { ToggleButton_Previews.previews }
        let image = try still(screen)
        var greens = 0, greys = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let c = rgb(image, x, y)
                if c.g > 150 && c.r < 120 && c.b < 120 { greens += 1 }
                if abs(c.r - c.g) < 8 && abs(c.g - c.b) < 8 && c.r < 200 && c.r > 100 { greys += 1 }
            }
        }
        // The filled check mark circle is green (at the symbol's own size: resizable symbols
        // are not stretched yet); the off circle's outline (35 pt) is grey.
        #expect(greens > 150, "green pixels: \(greens)")
        #expect(greys > 60, "grey outline pixels: \(greys)")
    }

    /// Solid circles: a black screen until a finger comes down (its circles come from a timer
    /// in real time, which a timeline does not run).
    @Test func solidCirclesDrawsItsBlackScreen() throws {
        let image = try still(try SwiftUIScene(device: "iPhone 14", scale: 1) { SampleSolidCircles.ContentView() })
        #expect(rgb(image, 195, 422) == (0, 0, 0))
        #expect(rgb(image, 5, 5) == (0, 0, 0), "black into the safe area")
    }
}

import Foundation
import Proofsheet
import ProofsheetTestSupport
import ProofsheetUI
import Testing

/// SwiftUI idioms the seeds' own code uses, each at its cheapest level: layout by numbers, the
/// scene tree's texts, the display list as text, frames' touches.
@Suite struct SeedIdiomTests {
    static let renderer = try! Renderer()

    /// The layout of the still of `view` on an iPhone 14 at scale 1.
    func layout<V: ProofsheetUI.View>(_ view: @escaping @MainActor () -> V) throws -> LayoutResult {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1, view)
        return try Self.renderer.layout(try screen.instantiate(try screen.appeared(try screen.state(still: nil))))
    }

    /// The run of `timeline` on `screen` and its frames at 20 fps.
    func play(_ screen: SwiftUIScene, _ timeline: String) throws -> (run: TimelineRun, frames: [Frame]) {
        let run = try Self.renderer.run(of: screen, timeline: timeline, framing: TimelineFraming(scale: 1))
        var frames: [Frame] = []
        try FrameSampler(fps: 20, span: .auto).run(run) { frames += $0 }
        return (run, frames)
    }

    /// `.buttonBorderShape(_:)` and `.controlSize(_:)` are the environment's, as SwiftUI's are:
    /// a large button is 7 pt taller on each side than a regular one, and its shape has the
    /// radius asked for.
    @Test func aButtonsShapeAndSizeComeFromTheEnvironment() throws {
        let result = try layout { SizedButtons() }
        let large = try frame(result, "large"), regular = try frame(result, "regular")
        #expect(large.height == regular.height + 14)
        let dump = try Self.renderer.layout(
            try SwiftUIScene(device: "iPhone 14", scale: 1) { SizedButtons() }.instantiate(
                try SwiftUIScene(device: "iPhone 14", scale: 1) { SizedButtons() }.state(still: nil))
        ).displayList.dump()
        #expect(dump.contains("r25"), "\(dump)")
    }

    /// Content of a navigation stack that ignores the top safe area lies under the bar, also
    /// when modifiers that only draw (an overlay, as the review seed puts on its detail screen)
    /// are outside `ignoresSafeArea`.
    @Test func contentUnderTheBarKeepsItsPlaceUnderAnOverlay() throws {
        for overlaid in [false, true] {
            let result = try layout { HeaderUnderBar(overlaid: overlaid) }
            #expect(try frame(result, "header").minY == 0, "overlaid: \(overlaid)")
        }
    }

    /// `.labelsHidden()`: a toggle is its switch alone, at the switch's size; without it, the
    /// label and the switch fill the width.
    @Test func aToggleWithItsLabelHiddenIsItsSwitch() throws {
        let result = try layout { HiddenLabels() }
        #expect(try frame(result, "hidden").size == Size(width: 51, height: 31))
        #expect(try frame(result, "shown").width == 390)
    }

    /// A destructive button is red; a label's icon in a list takes the accent colour (outside
    /// one, the text's); a colour stands where any style may (`.background(.white, in:)`).
    @Test func rolesListsAndStylesDrawTheirColours() throws {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) { Coloured() }
        let dump = try Self.renderer.layout(try screen.instantiate(try screen.state(still: nil))).displayList.dump()
        let lines = dump.split(separator: "\n").map(String.init)
        func line(_ text: String) -> String { lines.first { $0.contains(text) } ?? "" }
        #expect(line("text \"Delete\"").contains("#FF3B30"), "\(line("text \"Delete\""))")
        #expect(line("text \"Keep\"").contains("#007AFF"), "\(line("text \"Keep\""))")
        let symbols = lines.filter { $0.contains("symbol bell") }
        #expect(symbols.count == 2)
        #expect(symbols.first?.contains("#007AFF") == true && symbols.last?.contains("#000000") == true, "\(symbols)")
        #expect(dump.contains("#FFFFFF"))
    }

    /// An optional view (`.overlay(shown ? view : nil)`) is the view or nothing.
    @Test func anOptionalViewIsTheViewOrNothing() throws {
        for shown in [false, true] {
            let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) { OptionalOverlay(shown: shown) }
            let texts = StateTests().texts(try screen.instantiate(try screen.state(still: nil)).root)
            #expect(texts == (shown ? ["Base", "Over"] : ["Base"]))
        }
    }

    /// `Color(.systemRed)` is UIKit's system colour (SwiftUI's `Color("systemRed")`); UIKit's
    /// `.red` is pure red, not SwiftUI's `Color.red`.
    @Test func uiKitsColoursAreUIKits() {
        typealias Color = ProofsheetUI.Color
        #expect(Color(.systemRed) == Color("systemRed"))
        #expect(Color(uiColor: .systemGray) == Color("systemGray"))
        #expect(Color(.red) == Color(red: 1, green: 0, blue: 0))
        #expect(Color(.red) != Color.red)
        #expect(Color(.black) == Color(red: 0, green: 0, blue: 0))
    }

    /// An alert whose view leaves in the change its button makes (the swipe-to-delete seed's
    /// card asks, and confirming deletes the card) is dismissed as any alert is: it fades out
    /// over the frames after the tap, it does not vanish at once.
    @Test func anAlertWhoseViewLeavesFadesOutWithIt() throws {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) { RowsThatAsk() }
            .timeline("delete", "tap #One; wait 0.6s; tap #Delete; wait 0.6s")
        let (run, frames) = try play(screen, "delete")
        let tapped = try #require(frames.firstIndex { $0.events.contains("tap") && $0.time > 0.5 })
        func shows(_ f: Frame) throws -> Bool { try run.displayList(f.tree).dump().contains("text \"Delete One?\"") }
        #expect(try shows(frames[tapped - 1]))
        #expect(try shows(frames[tapped + 1]), "the alert is gone the frame after the tap")
        #expect(try !shows(frames.last!))
        #expect(StateTests().texts(try screen.instantiate(frames.last!.state).root) == ["Two"])
    }

    /// A row added to a list with `withAnimation` comes in; the row that was last stays where
    /// it is, drawn in every frame (it gains its separator; it is not a new view).
    @Test func aRowAddedAfterTheLastLeavesTheLastInPlace() throws {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) { GrowingList() }
            .timeline("add", "tap #add; wait 0.6s")
        let (run, frames) = try play(screen, "add")
        let lines = try frames.map { f in
            try run.displayList(f.tree).dump().split(separator: "\n").first { $0.contains("text \"Two\"") }.map(String.init)
        }
        #expect(frames.count > 8)
        #expect(lines.allSatisfy { $0 != nil && $0 == lines[0] }, "\(lines)")
        #expect(try run.displayList(frames.last!.tree).dump().contains("text \"Three\""))
    }

    /// Steps of a touch script add up to the times written: a tap at 0.1 s held 0.05 s, then
    /// 1.05 s on, the next touch is down at the frame of 1.2 s (not a hair after it).
    @Test func touchStepsAddUpToTheTimesWritten() throws {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) { RowsThatAsk() }
            .timeline("taps", at: 0.1, "tap 10,10; wait 1.05s; down 20,20; wait 0.1s; up")
        let frames = try play(screen, "taps").frames
        let at = try #require(frames.first { abs($0.time - 1.2) < 1e-9 })
        #expect(at.touches == [Point(x: 20, y: 20)])
    }
}

import Foundation
import Proofsheet
import ProofsheetMotion
import ProofsheetTimeline
import Testing

/// The instants `check --timelines` compares with goldens, by numbers.
@Suite("Key instants")
struct KeyInstantsTests {
    static func square(_ modifiers: String, timeline: String) -> String {
        """
        {"canvas": {"width": 200, "height": 100}, "state": {"x": 0},
         "timelines": {"t": \(timeline)},
         "root": {"type": "ZStack", "alignment": "topLeading", "children": [
           {"type": "Rectangle", "fill": "red", "modifiers": [{"frame": {"width": 20, "height": 20}}, \(modifiers)]}]}}
        """
    }

    /// Half a millisecond rounds up; binary fractions just under a millisecond do not fall short.
    @Test func timesRoundHalfUpToWholeMilliseconds() {
        #expect(KeyInstant.milliseconds(0.0125) == 13)
        #expect(KeyInstant.milliseconds(0.0124) == 12)
        #expect(KeyInstant.milliseconds(0.35) == 350)
        #expect(KeyInstant.milliseconds(0.1 + 0.2) == 300)
        #expect(KeyInstant.milliseconds(0.0005) == 1)
        #expect(KeyInstant.milliseconds(0) == 0)
    }

    /// An easeInOut of 0.5 s started at 0.1 s: the start, just after the change, a quarter, half
    /// and three quarters of the way, the end (the first 60 fps frame with nothing moving).
    @Test func anAnimationGivesItsQuarters() throws {
        let s = try session(
            Self.square(
                #"{"offset": {"x": "=$x"}}"#,
                timeline:
                    #"[{"at": 0.1, "withAnimation": "easeInOut(duration: 0.5)", "set": {"x": 100}}, {"at": 0.1, "do": [{"haptic": "success"}]}]"#),
            "t")
        let instants = try KeyInstant.of(s)
        #expect(instants.map(\.milliseconds) == [0, 101, 225, 350, 475, 600])
        #expect(instants[0].reasons == ["start"])
        #expect(instants[1].reasons == ["after haptic success"])
        #expect(instants[1].events == ["haptic success"])
        #expect(instants[3].reasons == ["50 % of the animation 1 (0.1–0.6 s)"])
        #expect(instants.last!.reasons == ["end"])
    }

    /// Another spring moves the instants: a changed animation names other goldens.
    @Test func anotherSpringMovesTheInstants() throws {
        func instants(_ spring: String) throws -> [Int] {
            try KeyInstant.of(
                try session(
                    Self.square(#"{"offset": {"x": "=$x"}}, {"animation": "\#(spring)"}"#, timeline: #"[{"at": 0, "set": {"x": 150}}]"#), "t")
            ).map(\.milliseconds)
        }
        let stiff = try instants("interpolatingSpring(stiffness: 180, damping: 100)")
        let soft = try instants("interpolatingSpring(stiffness: 100, damping: 10)")
        #expect(stiff.count == 5 && soft.count == 5)
        #expect(stiff != soft)
        #expect(stiff.first == 0 && soft.first == 0)
    }

    /// The travel deck's swipe to the right: the touch going down, the threshold marker, the
    /// release (which removes the card), and the quarters of what the release set moving. The
    /// drag's own moves follow the finger and add no instants.
    @Test func travelDeckSwipeRight() throws {
        let deck = try SceneDecoder().template(file: Paths.root + "/Assets/Scenes/travel-deck.json")
        let s = try sharedRenderer.session(of: deck, timeline: "swipe-right")
        let instants = try KeyInstant.of(s)
        #expect(instants.map(\.milliseconds) == [0, 101, 276, 401, 625, 850, 1075, 1300])
        #expect(instants[1].events == ["touch down"])
        #expect(instants[2].events == ["threshold crossed"])
        // The views that went and came are the views by identity: Yosemite's card leaves (Venice's,
        // behind it, is named card-0 now: no event), Hong Kong's comes in at the back.
        #expect(instants[3].events == ["release", "removed #card-0[Yosemite, USA]", "appeared #card-1[Hong Kong]", "card removed"])
        #expect(instants[3].reasons == instants[3].events.map { "after " + $0 })
        #expect(instants[5].reasons == ["50 % of the animation 1 (0.4–1.3 s)"])
    }
}

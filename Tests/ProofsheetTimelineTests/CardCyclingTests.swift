import Foundation
import Testing
import Proofsheet
import ProofsheetLayout
import ProofsheetTimeline

/// The travel deck keeps two cards and cycles through the 15 trips for ever: after N cards are
/// thrown away the cards show trips N % 15 and (N + 1) % 15 (SPEC A1, `trips[lastIndex % 15]`).
@Suite("Card cycling")
struct CardCyclingTests {
    /// SPEC A1's trips, in order.
    static let trips = [
        "Yosemite, USA", "Venice, Italy", "Hong Kong", "Barcelona, Spain", "Braies, Italy", "Kanangra, Australia", "Mount Currie, Canada",
        "Ohrid, Macedonia", "Oia, Greece", "Palawan, Philippines", "Salerno, Italy", "Tokyo, Japan", "West Vancouver, Canada", "Singapore",
        "Perhentian Islands, Malaysia"
    ]

    static func destinations(_ values: [String: ScriptValue]) -> [String] {
        guard case .array(let cards)? = values["cards"] else { return [] }
        return cards.map { card in
            if case .object(let m) = card, case .string(let d)? = m["destination"] { return d }
            return ""
        }
    }

    /// The `cycle` timeline throws 15 cards, right and left in turn, 0.4 s apart: after each
    /// release the deck holds the next two trips, and after the 15th it is back at Yosemite.
    @Test func fifteenSwipesCycleBackToTheFirstTrip() throws {
        let template = try SceneDecoder().template(file: Paths.root + "/Assets/Scenes/travel-deck.json")
        let s = try MotionSession(template: template, timeline: try template.timeline(named: "cycle")) { try sharedRenderer.layout($0).tree }
        #expect(Self.destinations(s.state.values) == Array(Self.trips[0...1]))
        for removed in 1...15 {
            // Swipe k (from 1) goes down at 0.1 + 0.4 (k - 1) and is released 0.12 s later.
            _ = try s.advance(to: 0.1 + 0.4 * Double(removed - 1) + 0.15)
            #expect(
                Self.destinations(s.state.values) == [Self.trips[removed % 15], Self.trips[(removed + 1) % 15]], "after \(removed) removals")
            #expect(s.state.values["lastIndex"] == .number(Double(removed + 1)), "after \(removed) removals")
            if removed == 14 {
                // The `cycled` still is this state: the last trip on top, the first behind it.
                let still = try template.state(still: "cycled").values
                #expect(Self.destinations(still) == Self.destinations(s.state.values))
                #expect(still["lastIndex"] == s.state.values["lastIndex"])
            }
        }
        // Settled: the top card is Yosemite's again, at rest.
        _ = try s.advance(to: 8)
        let shown = s.presented(at: 8)
        #expect(try #require(shown.find("card-0")).effects.offset == .zero)
        #expect(shown.find("titlePill-0") != nil)
    }
}

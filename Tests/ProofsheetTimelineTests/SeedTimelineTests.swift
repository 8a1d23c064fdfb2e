import Foundation
import Testing
import Proofsheet
import ProofsheetLayout
import ProofsheetMotion
import ProofsheetTimeline

/// The named timelines of the example scenes: their key moments, by the resolved tree and the
/// state.
@Suite("Seed timelines")
struct SeedTimelineTests {
    func run(_ scene: String, _ timeline: String) throws -> MotionSession {
        let t = try SceneDecoder().template(file: Paths.root + "/Assets/Scenes/\(scene).json")
        return try MotionSession(template: t, timeline: try t.timeline(named: timeline)) { try sharedRenderer.layout($0).tree }
    }

    func events(_ s: MotionSession, until t: Double) throws -> [String] { try s.advance(to: t).map(\.name) }

    /// The scale and rotation down the chain of modifiers of the view named `id`.
    /// (Views on their way out are skipped.)
    func chainEffects(_ tree: ResolvedView, _ id: String) throws -> (scale: Double, degrees: Double) {
        func find(_ v: ResolvedView) -> ResolvedView? {
            if v.identity.path.hasSuffix("#transition") { return nil }
            if v.id == id { return v }
            for c in v.children { if let f = find(c) { return f } }
            return nil
        }
        var v = try #require(find(tree))
        var scale = 1.0, degrees = 0.0
        while true {
            scale *= v.effects.scale.x
            degrees += v.effects.rotation.degrees
            guard case .children = v.content, v.children.count == 1 else { break }
            v = v.children[0]
        }
        return (scale, degrees)
    }

    /// The review's rows slide in staggered: each row starts 0.05 s after the one above it.
    @Test func reviewRowsSlideInStaggered() throws {
        let s = try run("review", "appear")
        let e = try events(s, until: 0.16)
        #expect(e.contains("tap") && e.contains("appeared #review"))
        let start = 0.15  // the tap's release
        let t = start + 0.12
        try s.advance(to: t)
        let shown = s.presented(at: t)
        let curve = Animation.curve(.easeOut, duration: 0.35)
        for k in 0..<5 {
            let x = try #require(shown.find("rating-\(k)")).effects.offset.x
            let want = 1000 * (1 - curve.progress(at: t - start - Double(k) * 0.05))
            #expect(abs(x - want) < 1e-6, "row \(k): \(x) vs \(want)")
        }
        let xs = try (0..<5).map { try #require(shown.find("rating-\($0)")).effects.offset.x }
        #expect(xs == xs.sorted() && xs[0] < xs[4])
    }

    /// Closing fades the overlay out with easeOut over 0.3 s; the back button comes back.
    @Test func reviewCloseFades() throws {
        let s = try run("review", "close")
        try s.advance(to: 0.3)
        #expect(s.state.values["overlay"] == .bool(false))
        var fading: ResolvedView? = nil
        func walk(_ v: ResolvedView) {
            if v.identity.path.hasSuffix("#transition"), v.find("review") != nil { fading = v }
            v.children.forEach(walk)
        }
        walk(s.presented(at: 0.3))
        let opacity = try #require(fading).effects.opacity
        #expect(abs(opacity - (1 - Animation.curve(.easeOut, duration: 0.3).progress(at: 0.15))) < 1e-6)
        try s.advance(to: 1)
        #expect(s.presented(at: 1).find("review") == nil)
        #expect(s.presented(at: 1).find("backButton") != nil)
    }

    /// Past half the card's width the top card is removed (fading out) and Liz Garret appears at
    /// the back; the depth frame and offset of the others jump (they are outside the seed's
    /// `.animation(_:value:)`).
    @Test func gradientStackRemove() throws {
        let s = try run("gradient-stack", "remove")
        let e = try events(s, until: 0.46)
        #expect(e.contains("card removed") && e.contains("removed #card-8") && e.contains("appeared #card-4"))
        let shown = s.presented(at: 0.46)
        #expect(try #require(shown.find("card-7")).effects.offset.y == 0)
    }

    @Test func gradientStackSnapsBackWithoutAnimation() throws {
        let s = try run("gradient-stack", "snap-back")
        let e = try events(s, until: 0.41)
        #expect(e.contains("release") && !e.contains("card removed"))
        #expect(s.state.values["drag"] == .null)
        #expect(!s.animator.isAnimating(at: 0.41))
    }

    /// A throw: the card flies off and is removed after 0.3 s; the stack moves up on the spring.
    @Test func swipeStackThrowsAndTheStackMovesUp() throws {
        let s = try run("swipe-stack", "throw-right")
        var e = try events(s, until: 0.41)
        #expect(e.contains("release"))
        e = try events(s, until: 0.71)
        #expect(e.contains("card thrown"))
        #expect(try chainEffects(s.presented(at: 0.72), "card-0").scale < 1, "the new top card grows on the spring")
        try s.advance(to: 3)
        #expect(try chainEffects(s.presented(at: 3), "card-0").scale == 1)
    }

    @Test func swipeStackSnapBackKeepsTheCard() throws {
        let s = try run("swipe-stack", "snap-back")
        try s.advance(to: 0.45)
        #expect(s.state.values["drag"] == .null)
        #expect(try chainEffects(s.presented(at: 0.45), "card-0").degrees > 0, "springs back, not a jump")
        try s.advance(to: 3)
        guard case .array(let items)? = s.state.values["items"] else { Issue.record("no items"); return }
        #expect(items.count == 10)
    }

    /// Release past −75: the alert and a warning haptic; 確認 deletes the card, 取消 keeps it.
    @Test(arguments: [("delete", 3), ("cancel", 4)])
    func swipeToDelete(timeline: String, cardsLeft: Int) throws {
        let s = try run("swipe-to-delete", timeline)
        var e = try events(s, until: 0.41)
        #expect(e.contains("ready to delete") && e.contains("haptic warning") && e.contains("appeared #alert"))
        e = try events(s, until: 1.1)
        #expect(e.contains("tap") && e.contains("removed #alert"))
        guard case .array(let cards)? = s.state.values["cards"] else { Issue.record("no cards"); return }
        #expect(cards.count == cardsLeft)
    }
}

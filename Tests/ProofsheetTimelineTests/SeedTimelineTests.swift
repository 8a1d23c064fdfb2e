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
        // Views are named by their id and the key of their ForEach element.
        #expect(e == ["touch down", "release", "removed #card-8[8]", "appeared #card-4[4]", "card removed"])
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

    /// The alert comes and goes as UIKit's does, though the seed sets its bool without
    /// `withAnimation`: the dimming fades in and the box grows in from 1.2 × over 0.4 s (a spring
    /// without bounce); both fade out over 0.25 s when a button dismisses it.
    @Test func theAlertAnimatesInAndOut() throws {
        let s = try run("swipe-to-delete", "delete")
        // The wrappers the transitions put around the dimming and the box.
        func wrappers(at t: Double) -> (dim: ResolvedView.Effects?, box: ResolvedView.Effects?) {
            var dim: ResolvedView.Effects?, box: ResolvedView.Effects?
            func walk(_ v: ResolvedView) {
                if v.identity.path.hasSuffix("#transition") {
                    // The box is the named alert, the dimming the other layer of the alert.
                    if v.find("alert") != nil { box = v.effects } else if v.identity.path.contains("overlay") { dim = v.effects }
                }
                v.children.forEach(walk)
            }
            walk(s.presented(at: t))
            return (dim, box)
        }
        _ = try s.advance(to: 0.5)
        // Presented at the release, 0.4 s.
        let p = AlertSpec.presentation.progress(at: 0.1)
        #expect(p > 0.2 && p < 0.95)
        let shown = wrappers(at: 0.5)
        let box = try #require(shown.box), dim = try #require(shown.dim)
        #expect(abs(box.scale.x - (1.2 - 0.2 * p)) < 1e-6 && abs(box.opacity - p) < 1e-6)
        #expect(abs(dim.opacity - p) < 1e-6 && dim.scale.x == 1)
        _ = try s.advance(to: 1)
        let settled = wrappers(at: 0.81)
        #expect(settled.box == nil && settled.dim == nil)
        // Dismissed by the tap's release at 1.05: both fade.
        _ = try s.advance(to: 1.15)
        let fading = wrappers(at: 1.15)
        let q = 1 - AlertSpec.dismissal.progress(at: 0.1)
        let fadingBox = try #require(fading.box), fadingDim = try #require(fading.dim)
        #expect(abs(fadingBox.opacity - q) < 1e-6 && abs(fadingDim.opacity - q) < 1e-6 && fadingBox.scale.x == 1)
        _ = try s.advance(to: 1.4)
        #expect(wrappers(at: 1.31).box == nil && s.presented(at: 1.31).find("alert") == nil)
    }
}

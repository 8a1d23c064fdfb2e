import Testing
@testable import ProofsheetMotion

/// Animations of one property combined as SwiftUI combines them: timing curves add up, springs
/// merge keeping their velocity.
@Suite("Property tracks")
struct PropertyTrackTests {
    @Test func oneAnimationFollowsItsCurve() {
        var t = PropertyTrack(value: [0])
        let a = Animation.curve(.easeInOut, duration: 1)
        t.retarget(to: [100], at: 2, animation: a)
        for time in stride(from: 2.0, through: 3.2, by: 0.1) {
            #expect(abs(t.value(at: time)[0] - 100 * a.progress(at: time - 2)) < 1e-9)
        }
        #expect(t.settledAt == 3)
        #expect(t.isAnimating(at: 2.5) && !t.isAnimating(at: 3))
        var jump = t
        jump.retarget(to: [7], at: 2.5, animation: nil)
        #expect(jump.value(at: 2.5) == [7] && !jump.isAnimating(at: 2.5))
    }

    /// An easeInOut interrupted mid-flight: the old animation keeps running toward its value
    /// and the new one adds its change: continuous position, SwiftUI's additive sum.
    @Test func interruptedCurvesAddUp() {
        var t = PropertyTrack(value: [0])
        let a = Animation.curve(.easeInOut, duration: 1)
        t.retarget(to: [100], at: 0, animation: a)
        let before = t.value(at: 0.5)[0]
        t.retarget(to: [-50], at: 0.5, animation: a)
        #expect(abs(t.value(at: 0.5)[0] - before) < 1e-9)
        for time in [0.6, 0.9, 1.2, 1.4] {
            let want = -50 + 100 * (a.progress(at: time) - 1) + (-150) * (a.progress(at: time - 0.5) - 1)
            #expect(abs(t.value(at: time)[0] - want) < 1e-9)
        }
        #expect(t.value(at: 1.5) == [-50])
        #expect(t.settledAt == 1.5)
    }

    /// A spring retargeted mid-flight starts from where it is shown, at the speed it has.
    @Test func retargetedSpringKeepsPositionAndVelocity() throws {
        var t = PropertyTrack(value: [0, 0])
        let s = Animation.spring(Spring(response: 0.5, dampingFraction: 0.7))
        t.retarget(to: [200, 10], at: 0, animation: s)
        let p = t.value(at: 0.12), v = t.velocity(at: 0.12)
        #expect(v[0] > 100)
        t.retarget(to: [-80, 10], at: 0.12, animation: s)
        let p2 = t.value(at: 0.12), v2 = t.velocity(at: 0.12)
        for k in 0..<2 {
            #expect(abs(p2[k] - p[k]) < 1e-9)
            #expect(abs(v2[k] - v[k]) < 1e-6)
        }
        // Still moving right for a moment (it keeps its velocity), then to the new target.
        #expect(t.value(at: 0.14)[0] > p[0])
        let end = try #require(t.settledAt)
        #expect(abs(t.value(at: end + 0.5)[0] + 80) < 0.28)
        t.prune(at: end + 0.01)
        #expect(t.value(at: end + 0.01) == [-80, 10])
    }

    /// A curve then a spring: the spring takes over from the curve's position and velocity.
    @Test func springTakesOverFromACurve() {
        var t = PropertyTrack(value: [0])
        t.retarget(to: [100], at: 0, animation: .curve(.linear, duration: 1))
        t.retarget(to: [100], at: 0.5, animation: .spring(Spring(response: 0.4, dampingFraction: 1)))
        #expect(abs(t.value(at: 0.5)[0] - 50) < 1e-9)
        #expect(abs(t.velocity(at: 0.5)[0] - 100) < 1e-6)
    }
}

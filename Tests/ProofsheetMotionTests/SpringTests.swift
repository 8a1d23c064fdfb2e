import Foundation
import Testing
import ProofsheetTestSupport
@testable import ProofsheetMotion

/// Springs: SwiftUI's parameters, the closed forms against a fine numerical integration of the
/// same equation, convergence, overshoot and settling.
@Suite("Springs")
struct SpringTests {
    /// m·x″ + c·x′ + k·x = 0 integrated with classical Runge–Kutta in steps of `h`.
    func integrate(_ s: Spring, x0: Double, v0: Double, until t: Double, h: Double = 1e-5) -> (Double, Double) {
        var x = x0, v = v0
        let n = Int((t / h).rounded())
        func acc(_ x: Double, _ v: Double) -> Double { -(s.damping * v + s.stiffness * x) / s.mass }
        for _ in 0..<n {
            let k1x = v, k1v = acc(x, v)
            let k2x = v + h / 2 * k1v, k2v = acc(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = acc(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = acc(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return (x, v)
    }

    @Test func parametersFromResponseAndBounce() {
        let s = Spring(response: 0.5, dampingFraction: 1)
        #expect(abs(s.stiffness - pow(2 * .pi / 0.5, 2)) < 1e-9)
        #expect(abs(s.damping - 4 * .pi / 0.5) < 1e-9)
        #expect(abs(s.dampingFraction - 1) < 1e-12)
        #expect(abs(Spring(duration: 0.5, bounce: 0.3).dampingFraction - 0.7) < 1e-12)
        #expect(abs(Spring(duration: 0.5, bounce: -0.5).dampingFraction - 2) < 1e-12)
        let deck = Spring(stiffness: 180, damping: 100)
        #expect(abs(deck.omega0 - 180.0.squareRoot()) < 1e-12)
        #expect(abs(deck.dampingFraction - 100 / (2 * 180.0.squareRoot())) < 1e-12)
    }

    /// SPEC's closed forms: underdamped p = 1 − e^(−ζω₀t)(cos ω_d t + A sin ω_d t); ζ ≥ 1
    /// p = 1 − (1 + (ω₀ − v₀)t)e^(−ω₀t).
    @Test func closedFormsAsWritten() {
        let s = Spring(response: 0.55, dampingFraction: 0.825)
        let w0 = s.omega0, z = s.dampingFraction, wd = w0 * (1 - z * z).squareRoot()
        let a = z * w0 / wd
        for t in [0.05, 0.1, 0.3, 0.7] {
            let want = 1 - exp(-z * w0 * t) * (cos(wd * t) + a * sin(wd * t))
            #expect(abs(s.progress(at: t) - want) < 1e-12)
        }
        let deck = Spring(stiffness: 180, damping: 100, initialVelocity: 2)
        for t in [0.05, 0.1, 0.3] {
            let w = 180.0.squareRoot()
            #expect(abs(deck.progress(at: t) - (1 - (1 + (w - 2) * t) * exp(-w * t))) < 1e-12)
        }
    }

    /// Seeded property test: for ζ ≤ 1 the closed form is the exact solution of the spring's
    /// equation (checked against Runge–Kutta); so is the overdamped form for ζ > 1.
    @Test func closedFormAgreesWithIntegration() {
        var rng = SeededRandom(seed: 0x5EED_0009)
        for k in 0..<24 {
            let exact = k % 3 == 2
            let zeta = exact ? rng.double(in: 1.05...4) : rng.double(in: 0.05...1)
            let response = rng.double(in: 0.15...1.2)
            var s = Spring(response: response, dampingFraction: zeta, initialVelocity: rng.double(in: -5...5))
            s.allowsOverdamping = exact
            let x0 = rng.double(in: -2...2), v0 = rng.double(in: -20...20)
            for t in [0.05, 0.2, 0.45] {
                let (x, v) = integrate(s, x0: x0, v0: v0, until: t)
                let closed = s.displacement(x0: x0, v0: v0, at: t)
                #expect(abs(closed.x - x) < 1e-6, "ζ \(zeta) t \(t): \(closed.x) vs \(x)")
                #expect(abs(closed.v - v) < 1e-4, "ζ \(zeta) t \(t): v \(closed.v) vs \(v)")
            }
        }
    }

    /// SwiftUI's critical form for ζ > 1 is *not* the physics: the deck's overdamped spring
    /// moves faster than the equation would.
    @Test func swiftUIFormIsFasterThanPhysicsWhenOverdamped() {
        let physical = Spring(stiffness: 180, damping: 100, allowsOverdamping: true)
        let swiftUI = Spring(stiffness: 180, damping: 100)
        #expect(swiftUI.progress(at: 0.2) > 0.7)
        #expect(physical.progress(at: 0.2) < 0.35)
        #expect(swiftUI.settlingTime! < 1)
        #expect(physical.settlingTime! > 3)
    }

    /// A negative bounce overdamps (SwiftUI's `Spring(duration:bounce:)` and the `spring`
    /// animations): slower than a critical spring of the same duration, and the exact solution
    /// of its equation; `interpolatingSpring(duration:bounce:)`, made of a stiffness and a
    /// damping, moves critically instead.
    @Test func negativeBounceOverdamps() throws {
        let critical = Spring(duration: 0.5, bounce: 0), over = Spring(duration: 0.5, bounce: -0.2)
        #expect(over.allowsOverdamping && abs(over.dampingFraction - 1.25) < 1e-12)
        let w0 = over.omega0, z = over.dampingFraction, root = (z * z - 1).squareRoot()
        let r1 = -w0 * (z - root), r2 = -w0 * (z + root)
        for t in [0.05, 0.1, 0.2, 0.4] {
            // x = (r2·e^(r1·t) − r1·e^(r2·t)) / (r2 − r1) from rest at 1.
            let x = (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r2 - r1)
            #expect(abs(over.progress(at: t) - (1 - x)) < 1e-12, "t \(t)")
            #expect(over.progress(at: t) < critical.progress(at: t) - 0.01, "t \(t)")
        }
        #expect(try #require(over.settlingTime) > critical.settlingTime! + 0.1)
        for spelling in ["spring(duration: 0.5, bounce: -0.2)", "smooth(extraBounce: -0.2)", "spring(response: 0.5, dampingFraction: 1.25)"] {
            #expect(try Animation(spelling: spelling).plainSpring?.allowsOverdamping == true, "\(spelling)")
            #expect(abs(try Animation(spelling: spelling).progress(at: 0.2) - over.progress(at: 0.2)) < 1e-9, "\(spelling)")
        }
        let interpolating = try #require(try Animation(spelling: "interpolatingSpring(duration: 0.5, bounce: -0.2)").plainSpring)
        #expect(!interpolating.allowsOverdamping)
        let w = interpolating.omega0
        #expect(abs(interpolating.progress(at: 0.2) - (1 - (1 + w * 0.2) * exp(-w * 0.2))) < 1e-12)
    }

    /// SwiftUI's `Spring.settlingDuration` (its own estimate, not the exact crossing): the
    /// envelope's bound for an oscillating spring, with no floor; for one that does not
    /// oscillate, the first instant of a 0.1 s grid (summed step by step) after which it stays
    /// within 10⁻³ for over a second.
    @Test func settlingIsSwiftUIsEstimate() throws {
        // Spring(): critical, ω₀ = 4π: 10⁻³ is crossed at 0.735 s, between grid instants 0.7 and 0.8.
        let plain = Spring(duration: 0.5, bounce: 0)
        let crossing = try #require(plain.settleTime(x0: 1, v0: 0))
        #expect(abs(crossing - 0.7348) < 1e-3)
        var eighth = 0.0
        for _ in 0..<8 { eighth += 0.1 }
        #expect(plain.settlingTime == eighth)
        #expect(try Animation(spelling: ".spring()").settlingTime == eighth)
        // .bouncy: ζ = 0.7, decay ζω₀ = 0.7·4π: −ln(10⁻³ / (decay + 1)) / decay ≈ 1.0448 s.
        let bouncy = try #require(try Animation(spelling: "bouncy").settlingTime)
        let decay = 0.7 * 4 * Double.pi
        #expect(abs(bouncy - log((decay + 1) / 1e-3) / decay) < 1e-12)
        #expect(abs(bouncy - 1.0448) < 1e-3)
        // A quick bouncy spring settles before a second: no floor.
        let quick = try #require(Spring(duration: 0.2, bounce: 0.3).settlingTime)
        #expect(quick < 0.5)
        // Its velocity counts: |ζω₀ − v₀| + 1.
        let pushed = Spring(duration: 0.5, bounce: 0.3, initialVelocity: 30)
        #expect(abs(pushed.settlingTime! - log((abs(decay - 30) + 1) / 1e-3) / decay) < 1e-12)
        // The deck's spring in the critical form, ω₀ = √180: the grid instant after its crossing.
        let deck = Spring(stiffness: 180, damping: 100)
        let deckCrossing = try #require(deck.settleTime(x0: 1, v0: 0))
        let deckSettle = try #require(deck.settlingTime)
        #expect(deckSettle > deckCrossing && deckSettle < deckCrossing + 0.1 + 1e-9)
        #expect(abs(deckSettle * 10 - (deckSettle * 10).rounded()) < 1e-9)
    }

    /// Seeded property test: every damped spring converges and stays within 10⁻³ once settled
    /// (SwiftUI's estimate is never early); ζ ≥ 1 with v₀ ≤ ω₀ never overshoots.
    @Test func convergesSettlesAndNeverOvershootsWhenDamped() throws {
        var rng = SeededRandom(seed: 0xC0FFEE)
        for n in 0..<60 {
            let zeta = rng.double(in: 0.1...3)
            var s = Spring(response: rng.double(in: 0.1...1.5), dampingFraction: zeta)
            s.allowsOverdamping = n % 2 == 0
            s.initialVelocity = rng.double(in: -1...1) * s.omega0
            let settle = try #require(s.settlingTime)
            for k in 0...200 {
                let t = settle + Double(k) * 0.01
                #expect(abs(s.progress(at: t) - 1) <= 1e-3 + 1e-12, "not held at \(t)")
            }
            // Never early, and for ζ ≥ 1 at most a grid step late.
            let crossing = try #require(s.settleTime(x0: 1, v0: -s.initialVelocity))
            #expect(settle >= crossing - 1e-9)
            if zeta >= 1 {
                #expect(settle < crossing + 0.1 + 1e-9)
                for k in 0...400 {
                    #expect(s.progress(at: Double(k) * settle / 200) <= 1 + 1e-12, "overshoot, ζ \(zeta)")
                }
            }
        }
    }

    /// A spring's facts, by numbers: `.bouncy` (ζ 0.7, response 0.5 s) overshoots by
    /// e^(−ζπ/√(1−ζ²)) at π/ω_d; the deck's spring moves critically and reads back as ratio 1
    /// with damping 2√k; a negative bounce overdamps and reads back its bounce.
    @Test func factsOfASpring() throws {
        let bouncy = Spring(duration: 0.5, bounce: 0.3).facts
        let w0 = 4 * Double.pi, z = 0.7, wd = w0 * (1 - z * z).squareRoot()
        #expect(bouncy.form == .underdamped && abs(bouncy.dampingRatio - 0.7) < 1e-12 && abs(bouncy.bounce - 0.3) < 1e-12)
        #expect(abs(bouncy.response - 0.5) < 1e-12 && abs(bouncy.stiffness - w0 * w0) < 1e-9 && abs(bouncy.damping - 2 * z * w0) < 1e-9)
        #expect(abs(bouncy.overshoot - exp(-z * Double.pi / (1 - z * z).squareRoot())) < 1e-9)
        #expect(abs(try #require(bouncy.overshootTime) - Double.pi / wd) < 1e-9)
        #expect(bouncy.settlingDuration == Spring(duration: 0.5, bounce: 0.3).settlingTime)
        let deck = Spring(stiffness: 180, damping: 100).facts
        #expect(deck.form == .critical && deck.dampingRatio == 1 && abs(deck.damping - 2 * 180.0.squareRoot()) < 1e-9)
        #expect(deck.overshoot == 0 && deck.overshootTime == nil && deck.bounce == 0)
        let over = Spring(duration: 0.5, bounce: -0.2).facts
        #expect(over.form == .overdamped && abs(over.bounce + 0.2) < 1e-12 && abs(over.dampingRatio - 1.25) < 1e-12)
        // Thrown past the target: a critical spring with a strong start overshoots once.
        let thrown = Spring(response: 0.5, dampingFraction: 1, initialVelocity: 40).facts
        #expect(thrown.overshoot > 0.1 && thrown.overshootTime != nil)
    }

    @Test func undampedNeverSettles() {
        #expect(Spring(stiffness: 100, damping: 0).settlingTime == nil)
        #expect(Animation.spring(Spring(stiffness: 100, damping: 0)).settlingTime == nil)
    }

    @Test func velocityIsTheDerivative() {
        for s in [Spring(response: 0.5, dampingFraction: 0.6), Spring(stiffness: 180, damping: 100), Spring(response: 0.3, dampingFraction: 1)] {
            for t in [0.02, 0.1, 0.3] {
                let h = 1e-6
                let numeric = (s.progress(at: t + h) - s.progress(at: t - h)) / (2 * h)
                #expect(abs(s.velocity(at: t) - numeric) < 1e-4)
            }
        }
    }
}

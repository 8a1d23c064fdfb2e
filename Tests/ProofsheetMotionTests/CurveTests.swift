import Testing
import ProofsheetTestSupport
@testable import ProofsheetMotion

/// Timing curves: the reference values, exact endpoints, monotone curves, delays, speed and
/// repeats.
@Suite("Timing curves")
struct CurveTests {
    /// Reference values at progress 0.1, 0.25, 0.5, 0.75, 0.9.
    @Test(arguments: [
        (UnitCurve.easeInOut, [0.0197, 0.1292, 0.5, 0.8708, 0.9803]),
        (UnitCurve.easeIn, [0.0170, 0.0935, 0.3154, 0.6219, 0.8394]),
        (UnitCurve.easeOut, [0.1606, 0.3781, 0.6846, 0.9065, 0.9830])
    ])
    func referenceValues(curve: UnitCurve, expected: [Double]) {
        for (x, want) in zip([0.1, 0.25, 0.5, 0.75, 0.9], expected) {
            #expect(abs(curve.value(at: x) - want) < 1e-4, "\(curve) at \(x): \(curve.value(at: x)) vs \(want)")
        }
    }

    @Test func endpointsAreExactAndLinearIsIdentity() {
        for c in [UnitCurve.easeInOut, .easeIn, .easeOut, .linear, UnitCurve(0.9, -0.5, 0.1, 1.5)] {
            #expect(c.value(at: 0) == 0)
            #expect(c.value(at: 1) == 1)
        }
        #expect(UnitCurve.linear.value(at: 0.37) == 0.37)
        let a = Animation.curve(.easeInOut, duration: 0.35)
        #expect(a.progress(at: 0) == 0)
        #expect(a.progress(at: 0.35) == 1)
        #expect(a.progress(at: 10) == 1)
        #expect(a.settlingTime == 0.35)
    }

    /// Seeded property test: with control y values in [0, 1] the curve never goes backwards;
    /// x(u) solved by Newton matches the curve to the solver's precision.
    @Test func monotoneBeziers() {
        var rng = SeededRandom(seed: 0xB3_2171)
        for _ in 0..<200 {
            let c = UnitCurve(rng.double(in: 0...1), rng.double(in: 0...1), rng.double(in: 0...1), rng.double(in: 0...1))
            var last = 0.0
            for k in 0...200 {
                let x = Double(k) / 200
                let y = c.value(at: x)
                #expect(y >= last - 1e-6, "\(c) goes back at \(x)")
                last = y
                let u = c.solve(x)
                #expect(abs(UnitCurve.component(u, c.c1x, c.c2x) - x) < 1e-5)
            }
        }
    }

    @Test func slopeMatchesFiniteDifferences() {
        for c in [UnitCurve.easeInOut, .easeIn, .easeOut] {
            for x in stride(from: 0.05, through: 0.95, by: 0.05) {
                let h = 1e-5
                let numeric = (c.value(at: x + h) - c.value(at: x - h)) / (2 * h)
                #expect(abs(c.slope(at: x) - numeric) < 1e-3, "\(c) at \(x)")
            }
        }
    }

    @Test func delaySpeedAndRepeat() throws {
        let base = Animation.curve(.easeOut, duration: 0.35)
        let delayed = Animation.delay(base, seconds: 0.05)
        #expect(delayed.progress(at: 0.05) == 0)
        #expect(abs(delayed.progress(at: 0.2) - base.progress(at: 0.15)) < 1e-12)
        #expect(abs(delayed.settlingTime! - 0.4) < 1e-12)
        let fast = Animation.speed(base, factor: 2)
        #expect(fast.progress(at: 0.1) == base.progress(at: 0.2))
        #expect(fast.settlingTime == 0.175)
        // Speed applies to a delay it wraps.
        #expect(abs(Animation.speed(delayed, factor: 2).settlingTime! - 0.2) < 1e-12)
        // Three plays, autoreversing: forward, back, forward; ends at the new value.
        let rep = Animation.repeating(.curve(.linear, duration: 1), count: 3, autoreverses: true)
        #expect(abs(rep.progress(at: 0.25) - 0.25) < 1e-12)
        #expect(abs(rep.progress(at: 1.25) - 0.75) < 1e-12)
        #expect(abs(rep.progress(at: 2.25) - 0.25) < 1e-12)
        #expect(rep.progress(at: 3.5) == 1)
        #expect(rep.settlingTime == 3)
        #expect(rep.velocity(at: 1.5) == -1)
        let forever = Animation.repeating(.curve(.linear, duration: 1), count: nil, autoreverses: false)
        #expect(forever.settlingTime == nil)
        #expect(abs(forever.progress(at: 1000.5) - 0.5) < 1e-9)
    }
}

import Foundation

/// A damped spring of mass `mass`, as SwiftUI's springs are: stiffness k, damping c.
///
/// The motion is the closed-form solution of m·x″ + c·x′ + k·x = 0, with x the distance still to
/// go. Underdamped springs (ζ < 1) oscillate. An overdamped one (ζ > 1) moves as SwiftUI moves
/// it, which depends on how it was made: a spring of a response and damping fraction, or of a
/// duration and a negative bounce (`spring(duration: 0.5, bounce: -0.2)`, `.spring(response:
/// dampingFraction: 1.5)`), overdamps — the two real roots of the equation, slower than a
/// critical spring; a spring of stiffness and damping (`interpolatingSpring(stiffness: 180,
/// damping: 100)`) moves in the critically damped form with ω₀ = √(k/m) whatever its damping, as
/// SwiftUI's `Spring(mass:stiffness:damping:allowOverDamping: false)` does, so the deck's spring is
/// as fast as a critical one. ``allowsOverdamping`` says which.
public struct Spring: Hashable, Sendable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    /// The starting velocity, in units of the change per second.
    public var initialVelocity: Double
    /// ζ > 1 moves by the two real roots of the equation; false: SwiftUI's critical form with
    /// ω₀ (see the type's documentation).
    public var allowsOverdamping: Bool

    /// The spring of `mass`, `stiffness` and `damping`; overdamped only when
    /// `allowsOverdamping` (SwiftUI's `allowOverDamping`), critically damped in its place
    /// otherwise.
    public init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0, allowsOverdamping: Bool = false) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping
        self.initialVelocity = initialVelocity; self.allowsOverdamping = allowsOverdamping
    }

    /// The spring of a response (seconds per undamped oscillation) and damping fraction ζ:
    /// k = (2π / response)², c = 4π·ζ / response, mass 1; ζ > 1 overdamps.
    public init(response: Double, dampingFraction: Double, initialVelocity: Double = 0) {
        let w = 2 * Double.pi / response
        self.init(
            stiffness: w * w, damping: 4 * Double.pi * dampingFraction / response, initialVelocity: initialVelocity, allowsOverdamping: true)
    }

    /// The spring of a perceptual duration and bounce (iOS 17): response = duration,
    /// ζ = 1 − bounce for bounce ≥ 0, 1 / (1 + bounce) below (overdamped).
    public init(duration: Double, bounce: Double, initialVelocity: Double = 0) {
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        self.init(response: duration, dampingFraction: zeta, initialVelocity: initialVelocity)
    }

    /// SwiftUI's `Spring(settlingDuration:dampingRatio:epsilon:)`: the spring of damping ratio ζ
    /// (held to (0, 1]) whose natural frequency ω makes it settle in `settlingDuration` (held to
    /// 0.01…10 s) — the root SwiftUI's iteration converges to: for ζ < 1 the envelope
    /// ζ/√(1 − ζ²)·e^(−ζωT) at ε, ω = ln(ζ / (√(1 − ζ²)·ε)) / ζT; for ζ = 1, (1 + ωT)·e^(−ωT) = ε.
    public init(settlingDuration: Double, dampingRatio: Double, epsilon: Double = settleTolerance) {
        let zeta = min(max(dampingRatio, .ulpOfOne), 1), t = min(max(settlingDuration, 0.01), 10)
        var omega: Double
        if zeta < 1 {
            omega = log(zeta / ((1 - zeta * zeta).squareRoot() * epsilon)) / (zeta * t)
        } else {
            // Newton's method on f(u) = (1 + u)·e^(−u) − ε, u = ωT, from beyond the root.
            var u = 10.0
            for _ in 0..<50 {
                let f = (1 + u) * exp(-u) - epsilon, d = -u * exp(-u)
                let next = u - f / d
                guard next.isFinite, next > 0 else { break }
                if abs(next - u) < 1e-12 { u = next; break }
                u = next
            }
            omega = u / t
        }
        if !(omega.isFinite && omega > 0) { omega = 2 * Double.pi / t }
        self.init(response: 2 * Double.pi / omega, dampingFraction: zeta)
    }

    /// As an argument of `.spring(_:blendDuration:)`: a spring animation of this spring's
    /// response and damping ratio (SwiftUI reads them back from the spring: one made of a
    /// stiffness and damping that does not overdamp has ratio 1).
    public var asSpringAnimation: Spring {
        if allowsOverdamping && mass == 1 && initialVelocity == 0 { return self }
        return Spring(response: 2 * Double.pi / omega0, dampingFraction: allowsOverdamping ? dampingFraction : min(1, dampingFraction))
    }

    /// As an argument of `.interpolatingSpring(_:initialVelocity:)`: the stiffness and damping
    /// SwiftUI reads back from the spring (an overdamped one's stiffness is (2ζ² − 1)·k, as
    /// SwiftUI computes it from its decay and frequency), moving in the critical form when it
    /// does not oscillate.
    public var asInterpolatingSpring: Spring {
        let zeta = allowsOverdamping ? dampingFraction : min(1, dampingFraction)
        let k = zeta > 1 ? (2 * zeta * zeta - 1) * stiffness : stiffness
        return Spring(mass: mass, stiffness: k, damping: 2 * mass * zeta * omega0, initialVelocity: initialVelocity)
    }

    /// ω₀ = √(k/m), the undamped angular frequency.
    public var omega0: Double { (stiffness / mass).squareRoot() }
    /// ζ = c / (2√(k·m)), the damping fraction.
    public var dampingFraction: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The distance still to go and its rate of change after `t` seconds, starting `x0` away
    /// from the target moving at `v0` (both in the same units; one spring moves any number of
    /// components).
    public func displacement(x0: Double, v0: Double, at t: Double) -> (x: Double, v: Double) {
        let w0 = omega0, zeta = dampingFraction
        if zeta < 1 {
            let a = zeta * w0, wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (v0 + a * x0) / wd
            let e = exp(-a * t), c = cos(wd * t), s = sin(wd * t)
            return (e * (x0 * c + b * s), e * ((b * wd - a * x0) * c - (a * b + x0 * wd) * s))
        }
        if allowsOverdamping && zeta > 1 {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
            let c1 = (v0 - r2 * x0) / (r1 - r2), c2 = x0 - c1
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            return (c1 * e1 + c2 * e2, r1 * c1 * e1 + r2 * c2 * e2)
        }
        let b = v0 + w0 * x0, e = exp(-w0 * t)
        return ((x0 + b * t) * e, (v0 - w0 * b * t) * e)
    }

    /// The fraction of the change done after `t` seconds (may pass 1 when it bounces).
    public func progress(at t: Double) -> Double {
        1 - displacement(x0: 1, v0: -initialVelocity, at: t).x
    }

    /// The rate of change of ``progress(at:)``.
    public func velocity(at t: Double) -> Double {
        -displacement(x0: 1, v0: -initialVelocity, at: t).v
    }

    /// The tolerance that counts as settled: within 10⁻³ of the change.
    public static let settleTolerance = 1e-3
    /// The longest a spring may take to settle; past it the spring counts as never settling.
    public static let longestSettle = 3600.0
    /// The step and the number of steps of SwiftUI's scan for springs that do not oscillate.
    static let settleScanStep = 0.1, settleScanSteps = 1024

    /// SwiftUI's `Spring.settlingDuration`: when a unit change from rest (at ``initialVelocity``)
    /// counts as at rest, by SwiftUI's own estimate (see ``settlingDuration(x0:v0:epsilon:)``);
    /// nil for a spring without damping, or one that takes longer than an hour. This is when an
    /// animation by this spring ends, and what key instants and `curve` report.
    public var settlingTime: Double? { settlingDuration(x0: 1, v0: -initialVelocity) }

    /// SwiftUI's estimate of when the spring, `x0` from its target and moving at `v0`, is at
    /// rest (`Spring.settlingDuration(target:initialVelocity:epsilon:)`, as the reconstruction
    /// checked against SwiftUI computes it):
    /// - oscillating (ζ < 1): the envelope's bound, −ln(ε / (|x0·ζω₀ + v0| + |x0|)) / ζω₀ (no
    ///   floor: `Spring(duration: 0.5, bounce: 0.3)` settles in 1.045 s);
    /// - not oscillating (ζ ≥ 1, in the form the spring moves by): the first instant on a grid
    ///   of 0.1 s (the steps summed as SwiftUI sums them) from which |x| stays below ε for more
    ///   than a second — `Spring()` settles in 0.8 s where it crosses 10⁻³ at 0.735 s. A spring
    ///   slower than the grid's 102.4 s settles at its exact crossing (``settleTime(x0:v0:tolerance:)``).
    public func settlingDuration(x0: Double, v0: Double, epsilon: Double = settleTolerance) -> Double? {
        guard stiffness > 0, mass > 0, damping >= 0, omega0.isFinite, epsilon > 0 else { return nil }
        let w0 = omega0, zeta = dampingFraction
        if x0 == 0 && v0 == 0 { return 0 }
        guard zeta > 0 else { return nil }
        if zeta < 1 {
            let decay = zeta * w0
            let t = -log(epsilon / (abs(x0 * decay + v0) + abs(x0))) / decay
            guard t.isFinite else { return nil }
            return t <= Self.longestSettle ? max(0, t) : nil
        }
        var time = 0.0, best = -1.0, bestDistance = Double.infinity
        for _ in 0..<Self.settleScanSteps {
            let distance = abs(displacement(x0: x0, v0: v0, at: time).x)
            guard distance.isFinite else { break }
            if bestDistance >= epsilon {
                if distance < bestDistance { best = time; bestDistance = distance }
            } else if distance >= epsilon {
                bestDistance = .infinity
            } else if time - best > 1 {
                return best
            }
            time += Self.settleScanStep
        }
        return settleTime(x0: x0, v0: v0, tolerance: epsilon)
    }

    /// The exact first time after which |x| stays within 10⁻³ (of a unit change), starting from
    /// (x0, v0): bounded above by the decay envelope, found by a backward scan and bisection.
    /// (SwiftUI's own estimate, ``settlingDuration(x0:v0:epsilon:)``, is what animations use.)
    public func settleTime(x0: Double, v0: Double, tolerance: Double = settleTolerance) -> Double? {
        guard stiffness > 0, mass > 0, damping >= 0, omega0.isFinite else { return nil }
        let w0 = omega0, zeta = dampingFraction
        guard zeta > 0 else { return abs(x0) <= tolerance && v0 == 0 ? 0 : nil }
        // An upper bound U past which the envelope is within the tolerance.
        var upper: Double
        if zeta < 1 {
            let a = zeta * w0, wd = w0 * (1 - zeta * zeta).squareRoot()
            let amp = (x0 * x0 + ((v0 + a * x0) / wd) * ((v0 + a * x0) / wd)).squareRoot()
            upper = amp <= tolerance ? 0 : log(amp / tolerance) / a
        } else {
            let rate = allowsOverdamping && zeta > 1 ? w0 * (zeta - (zeta * zeta - 1).squareRoot()) : w0
            let p = abs(x0), q = abs(v0) + 2 * w0 * zeta * abs(x0) + w0 * abs(x0)
            // (p + q·t)·e^(−rate·t) bounds |x| (for the exact overdamped form too, loosely);
            // it decreases once t > 1/rate.
            upper = 1 / rate
            while (p + q * upper) * exp(-rate * upper) > tolerance {
                upper *= 2
                if upper > Self.longestSettle * 4 { break }
            }
        }
        guard upper.isFinite, upper <= Self.longestSettle else { return nil }
        if upper == 0 { return 0 }
        // Scan back from U for the last time |x| is above the tolerance, then bisect.
        let steps = 4096
        let h = upper / Double(steps)
        var k = steps
        while k > 0 && abs(displacement(x0: x0, v0: v0, at: Double(k) * h).x) <= tolerance { k -= 1 }
        if k == steps { return upper }
        if k == 0 && abs(x0) <= tolerance { return 0 }
        var lo = Double(k) * h, hi = Double(k + 1) * h
        for _ in 0..<50 {
            let mid = (lo + hi) / 2
            if abs(displacement(x0: x0, v0: v0, at: mid).x) > tolerance { lo = mid } else { hi = mid }
        }
        return hi
    }
}

/// What a designer asks of a spring, and what a hand-off to another platform needs: its
/// physical parameters as it moves, SwiftUI's perceptual ones, its overshoot and when it
/// settles (see ``Spring/facts``).
public struct SpringFacts: Hashable, Sendable {
    /// How the spring moves: it oscillates, it is critically damped (SwiftUI's form for a spring
    /// of stiffness and damping that may not overdamp, whatever its damping), or it overdamps.
    public enum Form: String, Hashable, Sendable { case underdamped, critical, overdamped }
    public var form: Form
    /// The parameters of the motion, as SwiftUI's `Spring` reads them back (a spring that moves
    /// critically has damping 2√(k·m) and ratio 1, whatever damping it was given).
    public var mass: Double, stiffness: Double, damping: Double, dampingRatio: Double
    /// SwiftUI's response (2π / ω₀), which is also its perceptual duration.
    public var response: Double
    /// SwiftUI's bounce: 1 − ζ, or 1/ζ − 1 when overdamped (negative).
    public var bounce: Double
    /// How far past the target it swings at most (a fraction of the change; 0 when it never
    /// passes it), and when (nil when it never does).
    public var overshoot: Double, overshootTime: Double?
    /// SwiftUI's `settlingDuration` (nil: never).
    public var settlingDuration: Double?
}

extension Spring {
    /// The spring's facts for a unit change from its ``initialVelocity``.
    public var facts: SpringFacts {
        let w0 = omega0, zeta = dampingFraction
        let form: SpringFacts.Form = zeta < 1 ? .underdamped : (zeta > 1 && allowsOverdamping ? .overdamped : .critical)
        let ratio = form == .critical ? 1 : zeta
        // The largest swing past the target: at a zero of the velocity, found on a fine scan of
        // the motion up to when it settles, then bisected.
        let settle = settlingTime
        var overshoot = 0.0, when: Double? = nil
        let span = min(settle ?? 10 * 2 * Double.pi / w0, Self.longestSettle)
        let steps = 4096
        var previous = velocity(at: 0)
        for k in 1...steps {
            let t = span * Double(k) / Double(steps)
            let v = velocity(at: t)
            if previous > 0, v <= 0 {
                var lo = span * Double(k - 1) / Double(steps), hi = t
                for _ in 0..<60 {
                    let mid = (lo + hi) / 2
                    if velocity(at: mid) > 0 { lo = mid } else { hi = mid }
                }
                let past = progress(at: hi) - 1
                if past > overshoot { overshoot = past; when = hi }
            }
            previous = v
        }
        return SpringFacts(
            form: form, mass: mass, stiffness: stiffness, damping: 2 * ratio * (stiffness * mass).squareRoot(), dampingRatio: ratio,
            response: 2 * Double.pi / w0, bounce: ratio <= 1 ? 1 - ratio : 1 / ratio - 1, overshoot: overshoot, overshootTime: when,
            settlingDuration: settle)
    }
}

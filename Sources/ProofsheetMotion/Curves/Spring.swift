import Foundation

/// A damped spring of mass `mass`, as SwiftUI's springs are: stiffness k, damping c.
///
/// The motion is the closed-form solution of m·x″ + c·x′ + k·x = 0, with x the distance still to
/// go. Underdamped springs (ζ < 1) oscillate. For ζ ≥ 1 SwiftUI uses the critically damped form
/// with ω₀ = √(k/m) whatever the damping (so an overdamped spring such as stiffness 180,
/// damping 100 moves as fast as a critical one); that is the default here too, because it is
/// what the screens being mocked up do. `physical` solves the overdamped case exactly instead.
public struct Spring: Hashable, Sendable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    /// The starting velocity, in units of the change per second.
    public var initialVelocity: Double
    /// Solve ζ > 1 with the two real roots of the equation instead of SwiftUI's critical form.
    public var physical: Bool

    public init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0, physical: Bool = false) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping
        self.initialVelocity = initialVelocity; self.physical = physical
    }

    /// The spring of a response (seconds per undamped oscillation) and damping fraction ζ:
    /// k = (2π / response)², c = 4π·ζ / response, mass 1.
    public init(response: Double, dampingFraction: Double, initialVelocity: Double = 0) {
        let w = 2 * Double.pi / response
        self.init(stiffness: w * w, damping: 4 * Double.pi * dampingFraction / response, initialVelocity: initialVelocity)
    }

    /// The spring of a perceptual duration and bounce (iOS 17): response = duration,
    /// ζ = 1 − bounce for bounce ≥ 0, 1 / (1 + bounce) below.
    public init(duration: Double, bounce: Double, initialVelocity: Double = 0) {
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        self.init(response: duration, dampingFraction: zeta, initialVelocity: initialVelocity)
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
        if physical && zeta > 1 {
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
    /// Underdamped springs run at least this long (SwiftUI keeps them going a second).
    public static let minimumUnderdampedRun = 1.0
    /// The longest a spring may take to settle; past it the spring counts as never settling.
    public static let longestSettle = 3600.0

    /// Seconds until the spring is within 10⁻³ of its target for good (see
    /// ``settleTime(x0:v0:)``); nil for one that takes longer than an hour or never settles.
    public var settlingTime: Double? {
        guard let t = settleTime(x0: 1, v0: -initialVelocity) else { return nil }
        return dampingFraction < 1 ? max(t, Self.minimumUnderdampedRun) : t
    }

    /// The first time after which |x| stays within 10⁻³ (of a unit change), starting from
    /// (x0, v0): bounded above by the decay envelope, found by a backward scan and bisection.
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
            let rate = physical && zeta > 1 ? w0 * (zeta - (zeta * zeta - 1).squareRoot()) : w0
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

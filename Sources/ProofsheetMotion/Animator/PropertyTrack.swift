/// One animatable property's motion: its target (the model value) and the animations still
/// running toward it, as SwiftUI combines them.
///
/// - Timing curves (and anything that is not a plain spring) are **additive**: a change from
///   a to b adds (b − a)·(p(t) − 1) to the target, so an interrupted animation keeps running
///   toward its own value while the new one adds its change (position stays continuous; the
///   velocity may jump, as in SwiftUI).
/// - A plain spring **merges**: it starts from where the property is shown, with the velocity
///   it has, and replaces what was running (position and velocity stay continuous).
///
/// Values are vectors (a frame is x, y, width, height); every component moves on the same
/// curve.
public struct PropertyTrack: Hashable, Sendable {
    /// The model value: where the property ends.
    public private(set) var target: [Double]
    private var runs: [Run] = []
    private var spring: SpringRun?

    struct Run: Hashable, Sendable {
        var animation: Animation
        var start: Double
        var delta: [Double]
        var end: Double?
    }

    struct SpringRun: Hashable, Sendable {
        var spring: Spring
        var start: Double
        /// The displacement from the target and its velocity when it started.
        var x0: [Double]
        var v0: [Double]
        var end: Double?
    }

    public init(value: [Double]) { target = value }

    /// The value shown at `t`.
    public func value(at t: Double) -> [Double] {
        var v = target
        for r in runs {
            let p = r.animation.progress(at: t - r.start) - 1
            if p != 0 { for k in v.indices { v[k] += r.delta[k] * p } }
        }
        if let s = spring {
            for k in v.indices where s.x0[k] != 0 || s.v0[k] != 0 {
                v[k] += s.spring.displacement(x0: s.x0[k], v0: s.v0[k], at: max(0, t - s.start)).x
            }
        }
        return v
    }

    /// The rate of change of ``value(at:)`` at `t` (per second).
    public func velocity(at t: Double) -> [Double] {
        var v = [Double](repeating: 0, count: target.count)
        for r in runs {
            let d = r.animation.velocity(at: t - r.start)
            if d != 0 { for k in v.indices { v[k] += r.delta[k] * d } }
        }
        if let s = spring {
            for k in v.indices where s.x0[k] != 0 || s.v0[k] != 0 {
                v[k] += s.spring.displacement(x0: s.x0[k], v0: s.v0[k], at: max(0, t - s.start)).v
            }
        }
        return v
    }

    /// Whether anything is still moving at `t`.
    public func isAnimating(at t: Double) -> Bool {
        runs.contains { t < $0.start + ($0.end ?? .infinity) } || (spring.map { t < $0.start + ($0.end ?? .infinity) } ?? false)
    }

    /// The time after which nothing moves any more (nil: something runs forever).
    public var settledAt: Double? {
        var last = -Double.infinity
        for r in runs {
            guard let e = r.end else { return nil }
            last = max(last, r.start + e)
        }
        if let s = spring {
            guard let e = s.end else { return nil }
            last = max(last, s.start + e)
        }
        return last
    }

    /// Changes the target to `value` at time `t`, animated by `animation` (nil: at once).
    public mutating func retarget(to value: [Double], at t: Double, animation: Animation?) {
        guard value.count == target.count else {
            self = PropertyTrack(value: value)
            return
        }
        prune(at: t)
        guard let animation else {
            target = value; runs = []; spring = nil
            return
        }
        if let s = animation.plainSpring {
            let shown = self.value(at: t), speed = velocity(at: t)
            let x0 = zip(shown, value).map { $0 - $1 }
            runs = []
            target = value
            if x0.allSatisfy({ $0 == 0 }) && speed.allSatisfy({ $0 == 0 }) { spring = nil; return }
            spring = SpringRun(spring: s, start: t, x0: x0, v0: speed, end: Self.settleTime(s, x0: x0, v0: speed))
            return
        }
        let delta = zip(value, target).map { $0 - $1 }
        target = value
        if delta.allSatisfy({ $0 == 0 }) { return }
        runs.append(Run(animation: animation, start: t, delta: delta, end: animation.settlingTime))
    }

    /// Drops the animations that have ended by `t` (their contribution is zero from then on).
    public mutating func prune(at t: Double) {
        runs.removeAll { r in r.end.map { t >= r.start + $0 } ?? false }
        if let s = spring, let e = s.end, t >= s.start + e { spring = nil }
    }

    /// When a merged spring from (x0, v0) settles: SwiftUI's estimate
    /// (``Spring/settlingDuration(x0:v0:epsilon:)``) for 10⁻³ of the larger of its distance and
    /// its velocity's reach (v0 / ω₀), per component, the latest of them.
    static func settleTime(_ s: Spring, x0: [Double], v0: [Double]) -> Double? {
        var end = 0.0
        for k in x0.indices where x0[k] != 0 || v0[k] != 0 {
            let scale = max(abs(x0[k]), abs(v0[k]) / max(s.omega0, 1e-9))
            guard let t = s.settlingDuration(x0: x0[k] / scale, v0: v0[k] / scale) else { return nil }
            end = max(end, t)
        }
        return end
    }
}

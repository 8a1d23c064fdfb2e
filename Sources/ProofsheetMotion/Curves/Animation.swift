/// An animation as SwiftUI spells it: a timing curve or a spring, possibly delayed, sped up or
/// repeated. A pure function of time: `progress(at:)` goes from 0 (the old value) to 1 (the new
/// value; springs may overshoot), `velocity(at:)` is its derivative, `settlingTime` is when it
/// has ended.
public indirect enum Animation: Hashable, Sendable {
    /// A cubic Bézier timing curve run over `duration` seconds.
    case curve(UnitCurve, duration: Double)
    /// A spring (see ``Spring``); it ends when it has settled.
    case spring(Spring)
    /// The animation started `seconds` later.
    case delay(Animation, seconds: Double)
    /// The animation run `factor` times as fast (delays included).
    case speed(Animation, factor: Double)
    /// The animation played `count` times (nil: forever); with `autoreverses` every other play
    /// runs backwards.
    case repeating(Animation, count: Int?, autoreverses: Bool)

    /// The fraction of the change shown `t` seconds after the animation began (0 before it).
    public func progress(at t: Double) -> Double {
        switch self {
        case .curve(let c, let d):
            if t <= 0 { return 0 }
            if d <= 0 || t >= d { return 1 }
            return c.value(at: t / d)
        case .spring(let s): return t <= 0 ? 0 : s.progress(at: t)
        case .delay(let a, let s): return a.progress(at: t - s)
        case .speed(let a, let f): return a.progress(at: t * f)
        case .repeating(let a, let count, let autoreverses):
            guard let (play, local, d) = play(of: a, count: count, at: t) else { return t <= 0 ? 0 : 1 }
            let backwards = autoreverses && play % 2 == 1
            return backwards ? a.progress(at: d - local) : a.progress(at: local)
        }
    }

    /// The rate of change of ``progress(at:)`` (per second) at `t`.
    public func velocity(at t: Double) -> Double {
        switch self {
        case .curve(let c, let d):
            if t <= 0 || d <= 0 || t >= d { return 0 }
            return c.slope(at: t / d) / d
        case .spring(let s): return t <= 0 ? 0 : s.velocity(at: t)
        case .delay(let a, let s): return a.velocity(at: t - s)
        case .speed(let a, let f): return f * a.velocity(at: t * f)
        case .repeating(let a, let count, let autoreverses):
            guard let (play, local, d) = play(of: a, count: count, at: t) else { return 0 }
            let backwards = autoreverses && play % 2 == 1
            return backwards ? -a.velocity(at: d - local) : a.velocity(at: local)
        }
    }

    /// Seconds until the animation has ended: a curve's duration, a spring's settling time
    /// (SwiftUI's `settlingDuration` for 10⁻³ of the change, ``Spring/settlingTime``), delays and
    /// repeats included. Nil when it never ends (`repeatForever`, an undamped spring).
    public var settlingTime: Double? {
        switch self {
        case .curve(_, let d): return max(0, d)
        case .spring(let s): return s.settlingTime
        case .delay(let a, let s): return a.settlingTime.map { max(0, $0 + s) }
        case .speed(let a, let f): return a.settlingTime.map { $0 / f }
        case .repeating(let a, let count, _):
            guard let count, let d = a.settlingTime else { return nil }
            return d * Double(count)
        }
    }

    /// The spring at the heart of this animation when it is a plain spring (no delay, speed or
    /// repeat): such animations merge when they overlap (see ``PropertyAnimator``).
    public var plainSpring: Spring? {
        if case .spring(let s) = self { return s }
        return nil
    }

    /// The spring this animation runs, through its delays, speeds and repeats (nil for a
    /// timing curve).
    public var baseSpring: Spring? {
        switch self {
        case .spring(let s): return s
        case .curve: return nil
        case .delay(let a, _), .speed(let a, _), .repeating(let a, _, _): return a.baseSpring
        }
    }

    /// Which play of a repeated animation is running at `t`, the time into it, and one play's
    /// length; nil once every play is over (or before the first, for t ≤ 0).
    private func play(of a: Animation, count: Int?, at t: Double) -> (Int, Double, Double)? {
        guard t > 0, let d = a.settlingTime, d > 0 else { return nil }
        let index = (t / d).rounded(.down)
        if let count, index >= Double(count) { return nil }
        // NB: a play index past Int's range only happens for repeatForever at absurd times.
        let play = index < 1e15 ? Int(index) : 0
        return (play, t - index * d, d)
    }
}

/// Which SwiftUI generation a scene follows: it decides what `.spring()` and `.default` mean.
public enum AnimationSDK: String, Hashable, Sendable, CaseIterable {
    /// iOS 17 and later: `.spring()` is response 0.5, damping fraction 1; `.default` is a spring
    /// of response 0.55, damping fraction 1.
    case ios17
    /// iOS 13–16: `.spring()` is response 0.55, damping fraction 0.825; `.default` is
    /// easeInOut over 0.35 s.
    case ios13

    /// `Animation.default` in this generation.
    public var defaultAnimation: Animation {
        switch self {
        case .ios17: return .spring(Spring(response: 0.55, dampingFraction: 1))
        case .ios13: return .curve(.easeInOut, duration: 0.35)
        }
    }

    /// A bare `.spring()` in this generation.
    public var defaultSpring: Spring {
        switch self {
        case .ios17: return Spring(response: 0.5, dampingFraction: 1)
        case .ios13: return Spring(response: 0.55, dampingFraction: 0.825)
        }
    }
}

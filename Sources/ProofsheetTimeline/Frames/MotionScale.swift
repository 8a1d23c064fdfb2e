import ProofsheetCore
import ProofsheetLayout
import ProofsheetScene

/// Where motion happens in a run: a scale along the timeline that grows with how far the
/// fastest-moving view on the screen travels (its drawn centre, in points, while it is on the
/// screen; a change of opacity counts 100 pt for a whole fade), with a tenth of its length
/// spread evenly over time so that still spans keep a little room. Panels spread evenly along
/// it fall where things move in sight.
public struct MotionScale: Sendable {
    /// The instants sampled, ascending, and the scale at each (from 0 to 1, non-decreasing).
    public let times: [Double]
    public let positions: [Double]

    /// The scale of `run` from 0 to `end`, sampled at the touch rate.
    public init(_ run: TimelineRun, through end: Double) throws {
        let n = max(1, Int((end * MotionSession.touchRate).rounded(.up)))
        var times: [Double] = [], motion: [Double] = [0]
        var previous: [ViewID: (centre: Point, opacity: Double)] = [:]
        let screen = run.first.map { Rect(origin: .zero, size: $0.canvas) }
        for k in 0...n {
            let t = min(end, Double(k) / MotionSession.touchRate)
            let tree = try run.presented(at: t)
            let now = Self.placements(tree)
            if k > 0 {
                var fastest = 0.0
                for (id, v) in now {
                    let sight = screen ?? tree.frame
                    guard let before = previous[id], sight.contains(v.centre) || sight.contains(before.centre) else { continue }
                    let dx = v.centre.x - before.centre.x, dy = v.centre.y - before.centre.y
                    fastest = max(fastest, (dx * dx + dy * dy).squareRoot() + 100 * abs(v.opacity - before.opacity))
                }
                motion.append(motion[motion.count - 1] + fastest)
            }
            times.append(t)
            previous = now
        }
        self.init(times: times, motion: motion)
    }

    /// A scale from cumulative `motion` at `times` (ascending, of equal counts).
    public init(times: [Double], motion: [Double]) {
        let total = motion.last ?? 0, span = max(times.last ?? 0, 1e-9) - (times.first ?? 0)
        self.times = times
        positions = zip(times, motion).map { t, m in
            let byTime = (t - (times.first ?? 0)) / span
            return total > 0 ? 0.9 * m / total + 0.1 * byTime : byTime
        }
    }

    /// Each view's drawn centre (its effects and its ancestors' applied) and opacity.
    static func placements(_ tree: ResolvedView) -> [ViewID: (centre: Point, opacity: Double)] {
        var out: [ViewID: (centre: Point, opacity: Double)] = [:]
        func walk(_ v: ResolvedView, _ outer: Transform, _ opacity: Double) {
            let t = HitTesting.transform(of: v).concatenating(outer)
            let o = opacity * (v.effects.hidden ? 0 : v.effects.opacity)
            out[v.identity] = (t.apply(Point(x: v.frame.minX + v.frame.width / 2, y: v.frame.minY + v.frame.height / 2)), o)
            for c in v.children { walk(c, t, o) }
        }
        walk(tree, .identity, 1)
        return out
    }

    /// The scale at `t` (linear between samples; the ends beyond them).
    public func position(at t: Double) -> Double {
        guard let first = times.first, let last = times.last else { return t }
        if t <= first { return positions[0] }
        if t >= last { return positions[positions.count - 1] }
        var lo = 0, hi = times.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if times[mid] <= t { lo = mid } else { hi = mid }
        }
        let f = times[hi] > times[lo] ? (t - times[lo]) / (times[hi] - times[lo]) : 0
        return positions[lo] + (positions[hi] - positions[lo]) * f
    }

    /// The instant the scale reaches `p` (the first, where it is flat).
    public func time(at p: Double) -> Double {
        guard let first = times.first else { return p }
        if p <= positions[0] { return first }
        for k in 1..<positions.count where positions[k] >= p {
            let a = positions[k - 1], b = positions[k]
            let f = b > a ? (p - a) / (b - a) : 0
            return times[k - 1] + (times[k] - times[k - 1]) * f
        }
        return times[times.count - 1]
    }
}

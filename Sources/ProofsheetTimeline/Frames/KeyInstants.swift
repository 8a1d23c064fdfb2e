import ProofsheetCore
import ProofsheetMotion

/// An instant of a timeline worth a golden: the start, just after an event, a quarter, half and
/// three quarters of an animation, the end. Times are whole milliseconds.
public struct KeyInstant: Hashable, Sendable {
    /// The instant, in whole milliseconds from the timeline's start.
    public var milliseconds: Int
    /// Why the instant is key, e.g. `start`, `after release`, `50 % of the animation 0.4–0.9 s`,
    /// `end` (several reasons when they round to the same millisecond).
    public var reasons: [String]
    /// What happened since the previous key instant (for the first: at time 0).
    public var events: [String]

    public init(milliseconds: Int, reasons: [String], events: [String]) {
        self.milliseconds = milliseconds; self.reasons = reasons; self.events = events
    }

    /// The instant in seconds.
    public var time: Double { Double(milliseconds) / 1000 }
}

extension KeyInstant {
    /// The most key instants one timeline may have.
    public static let most = 1_000

    /// `t` seconds in whole milliseconds, rounded half up (0.0125 s is 13 ms).
    public static func milliseconds(_ t: Double) -> Int {
        // Snap to a microsecond first, so 0.35 s (349.99999… ms in binary) is 350 ms.
        let micro = (t * 1_000_000).rounded()
        return Int((micro / 1000 + 0.5).rounded(.down))
    }

    /// The key instants of the timeline `session` runs, which must be fresh (at time 0): the
    /// session is run to its end (see ``FrameSampler/settledEnd(of:)``). In order, at most one
    /// per millisecond:
    ///
    /// - 0, the start;
    /// - just after each event (a touch going down, a release, a tap, a view removed or
    ///   appearing, a marker turning true, an annotation): the event's time + 1 ms, the first
    ///   millisecond at which its effect shows;
    /// - 25 %, 50 % and 75 % of each animation a change of state started, from the change until
    ///   everything it set moving has settled (a spring: until it is within 10⁻³ of rest), but
    ///   not the animations that follow a moving finger (a drag's changes: the instants after
    ///   its touch down and release show it);
    /// - the end: when the timeline is over and everything has settled.
    public static func of(_ session: MotionSession) throws -> [KeyInstant] {
        let end = try FrameSampler.settledEnd(of: session)
        var reasons: [Int: [String]] = [0: ["start"]]
        func add(_ t: Double, _ why: String) {
            let ms = min(milliseconds(t), milliseconds(end))
            if !(reasons[ms]?.contains(why) ?? false) { reasons[ms, default: []].append(why) }
        }
        for e in session.history {
            add(Double(milliseconds(e.time) + 1) / 1000, "after \(e.name)")
        }
        for (k, span) in session.startedAnimations.enumerated() {
            guard let stop = span.end, stop > span.start else { continue }
            let label = "the animation \(k + 1) (\(format(span.start, digits: 3))–\(format(stop, digits: 3)) s)"
            for q in [25, 50, 75] { add(span.start + (stop - span.start) * Double(q) / 100, "\(q) % of \(label)") }
        }
        add(end, "end")
        guard reasons.count <= most else {
            throw ProofsheetError.badInput(
                "the timeline '\(session.timeline.name)' has \(reasons.count) key instants, more than \(most)", at: session.timeline.location,
                hint: "fewer events and animations per timeline: split it in two")
        }
        let times = reasons.keys.sorted()
        var out: [KeyInstant] = []
        var previous = -1
        for ms in times {
            // Events after the previous instant, up to and including this one.
            let events = session.history.filter { milliseconds($0.time) > previous && milliseconds($0.time) <= ms }.map(\.name)
            out.append(KeyInstant(milliseconds: ms, reasons: reasons[ms]!, events: events))
            previous = ms
        }
        return out
    }
}

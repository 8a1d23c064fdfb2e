import ProofsheetCore
import ProofsheetMotion
import ProofsheetScene

/// An instant of a timeline worth a picture of its own: the start, an event, a quarter, half
/// and three quarters of an animation, the end. Which instants are key, and how exactly they
/// are placed, is a ``Rule``: goldens (`check --timelines`, timeline snapshots) take whole
/// milliseconds just after each event and the quarters of animations; a storyboard takes each
/// event's own instant.
public struct KeyInstant: Hashable, Sendable {
    /// What an instant is for (an instant for several reasons is the first of these that applies).
    public enum Kind: String, Hashable, Sendable {
        /// The timeline's start.
        case start
        /// The end, once everything has settled.
        case end
        /// Something happened (a touch, a release, a tap, a view removed or appearing, a marker
        /// turning true, an annotation).
        case event
        /// A quarter, half or three quarters of an animation.
        case animation
        /// Just before a finger lifts: the drag as it is at its furthest, before the release's
        /// changes.
        case beforeRelease
    }

    /// The instant, in seconds from the timeline's start.
    public var time: Double
    public var kind: Kind
    /// Why the instant is key, e.g. `start`, `after release`, `50 % of the animation 0.4–0.9 s`,
    /// `end` (several reasons when they fall on the same instant).
    public var reasons: [String]
    /// What happened since the previous key instant (for the first: by its instant).
    public var events: [String]

    public init(time: Double, kind: Kind, reasons: [String], events: [String]) {
        self.time = time; self.kind = kind; self.reasons = reasons; self.events = events
    }

    /// The instant in whole milliseconds (see ``milliseconds(_:)``).
    public var milliseconds: Int { Self.milliseconds(time) }
}

extension KeyInstant {
    /// The most key instants one timeline may have under the goldens' rule.
    public static let most = 1_000

    /// `t` seconds in whole milliseconds, rounded half up (0.0125 s is 13 ms).
    public static func milliseconds(_ t: Double) -> Int {
        // Snap to a microsecond first, so 0.35 s (349.99999… ms in binary) is 350 ms.
        let micro = (t * 1_000_000).rounded()
        return Int((micro / 1000 + 0.5).rounded(.down))
    }

    /// Which instants of a run are key, and where they fall. The two rules in use differ on
    /// purpose: a golden is named by its millisecond and shows an event's effect, a storyboard
    /// panel is drawn at the instant of the event its caption names.
    public struct Rule: Hashable, Sendable {
        /// Instants in whole milliseconds (``KeyInstant/milliseconds(_:)``), else as they are.
        public var wholeMilliseconds: Bool
        /// Each event's instant is the whole millisecond after it, the first at which its effect
        /// shows (else the event's own instant, the start's when it is at 0).
        public var afterEvents: Bool
        /// The points (in % of each animation a change of state started) that are key: 25, 50
        /// and 75 for goldens, the middle for a storyboard.
        public var animationPoints: [Int]
        /// The last touch sample before each release is key too (a storyboard shows the drag).
        public var beforeReleases: Bool
        /// The animation points are placed by motion (``MotionScale``: halfway is where half the
        /// animation's movement is done), not by time.
        public var animationPointsByMotion: Bool
        /// More key instants than this are an error (nil: no limit).
        public var most: Int?

        public init(
            wholeMilliseconds: Bool, afterEvents: Bool, animationPoints: [Int], beforeReleases: Bool = false, animationPointsByMotion: Bool = false,
            most: Int?
        ) {
            self.wholeMilliseconds = wholeMilliseconds; self.afterEvents = afterEvents
            self.animationPoints = animationPoints; self.beforeReleases = beforeReleases
            self.animationPointsByMotion = animationPointsByMotion; self.most = most
        }

        /// The instants `check --timelines` compares with goldens, in whole milliseconds:
        ///
        /// - 0, the start;
        /// - just after each event: the event's time + 1 ms, the first millisecond at which its
        ///   effect shows;
        /// - 25 %, 50 % and 75 % of each animation a change of state started, from the change
        ///   until everything it set moving has settled (a spring: until it is within 10⁻³ of
        ///   rest), but not the animations that follow a moving finger (a drag's changes: the
        ///   instants after its touch down and release show it);
        /// - the end: when the timeline is over and everything has settled.
        ///
        /// At most one per millisecond, and at most ``KeyInstant/most``.
        public static let goldens = Rule(wholeMilliseconds: true, afterEvents: true, animationPoints: [25, 50, 75], most: KeyInstant.most)

        /// A storyboard's key frames: the start, each instant something happens (exactly), the
        /// last touch sample before each release (the drag at its furthest), the middle of each
        /// animation a change of state started by motion (when half its movement is done, in
        /// whole milliseconds: a spring's long tail does not pull it late), and the end, when
        /// everything has settled.
        public static let storyboard = Rule(
            wholeMilliseconds: false, afterEvents: false, animationPoints: [50], beforeReleases: true, animationPointsByMotion: true, most: nil)
    }

    /// The key instants of the timeline `session` runs, which must be fresh (at time 0), by the
    /// goldens' rule: the session is run to its end (see ``TimelineRun/keyInstants(_:)``).
    public static func of(_ session: MotionSession) throws -> [KeyInstant] {
        try TimelineRun(session).keyInstants(.goldens)
    }

    /// The key instants of a run whose `events` and started `animations` are those by its
    /// settled `end`, in order.
    /// `motion` places the animation points when the rule says so.
    static func find(
        in events: [MotionEvent], animations: [TreeAnimator.AnimationSpan], end: Double, rule: Rule, timeline: Timeline,
        motion: MotionScale? = nil
    ) throws -> [KeyInstant] {
        /// Where an instant `t` falls (nothing falls after the end).
        func place(_ t: Double) -> Double {
            rule.wholeMilliseconds ? Double(min(milliseconds(t), milliseconds(end))) / 1000 : min(t, end)
        }
        var found: [Double: (kinds: Set<Kind>, reasons: [String])] = [0: ([.start], ["start"])]
        func add(_ t: Double, _ kind: Kind, _ why: String) {
            let at = place(t)
            found[at, default: ([], [])].kinds.insert(kind)
            if !found[at]!.reasons.contains(why) { found[at]!.reasons.append(why) }
        }
        for e in events {
            if rule.afterEvents {
                add(Double(milliseconds(e.time) + 1) / 1000, .event, "after \(e.name)")
            } else {
                add(e.time, .event, e.name)
            }
            // The touch sample before a release, unless another instant is as close.
            if rule.beforeReleases, e.name == "release" {
                let before = e.time - 1 / MotionSession.touchRate
                if before > 0, !found.keys.contains(where: { $0 >= before - 1e-9 && $0 < e.time }) {
                    add(before, .beforeRelease, "before release")
                }
            }
        }
        for (k, span) in animations.enumerated() where !rule.animationPoints.isEmpty {
            guard let stop = span.end, stop > span.start else { continue }
            let label = "the animation \(k + 1) (\(format(span.start, digits: 3))–\(format(stop, digits: 3)) s)"
            for q in rule.animationPoints {
                var t = span.start + (stop - span.start) * Double(q) / 100
                if rule.animationPointsByMotion, let motion {
                    let a = motion.position(at: span.start), b = motion.position(at: stop)
                    t = min(stop, max(span.start, motion.time(at: a + (b - a) * Double(q) / 100)))
                }
                // Whole milliseconds either way: `place` rounds under the goldens' rule; a
                // storyboard keeps events' own instants but names an animation point by its
                // millisecond, as the caption says it.
                add(rule.wholeMilliseconds ? t : Double(milliseconds(t)) / 1000, .animation, "\(q) % of \(label)")
            }
        }
        add(end, .end, "end")
        if let most = rule.most, found.count > most {
            throw ProofsheetError.badInput(
                "the timeline '\(timeline.name)' has \(found.count) key instants, more than \(most)", at: timeline.location,
                hint: "fewer events and animations per timeline: split it in two")
        }
        var out: [KeyInstant] = []
        var previous = -Double.infinity
        for t in found.keys.sorted() {
            let (kinds, reasons) = found[t]!
            let kind: Kind = [.start, .end, .event, .beforeRelease, .animation].first { kinds.contains($0) }!
            // Events after the previous instant, up to and including this one.
            let since = events.filter { place($0.time) > previous && place($0.time) <= t }.map(\.name)
            out.append(KeyInstant(time: t, kind: kind, reasons: reasons, events: since))
            previous = t
        }
        return out
    }
}

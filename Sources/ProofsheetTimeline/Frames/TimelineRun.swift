import ProofsheetCore
import ProofsheetLayout
import ProofsheetMotion
import ProofsheetScene

/// A timeline run once and recorded: its states, events, transactions and touches as they
/// happened, its settle time and key instants. Frames, strips, plots, storyboards, animated
/// previews and `check --timelines` all read one run.
///
/// The run is seekable: ``frame(at:index:eventsAfter:)`` gives any instant from what was
/// recorded (the moment just after the last thing that happened by then, its animations
/// evaluated at the instant), and runs the timeline on only as far as the latest instant asked
/// for, never again from the start. What an instant shows does not depend on which instants
/// were asked for before: a frame seen here is the frame a session advanced straight to it
/// shows.
public final class TimelineRun {
    /// What is kept of the run.
    public enum Retention: Sendable {
        /// Every moment: any instant can be seen, in any order.
        case everything
        /// Only what the latest instant asked for needs: instants are asked for in order, and a
        /// long timeline is never held whole (`proofsheet frames`, `animate`).
        case latest
    }

    /// The session running the timeline: it is ahead of every instant seen so far.
    public let session: MotionSession
    /// The scene at the timeline's start, as its frames are drawn (its canvas, scale and
    /// background hold for every frame); nil for a run of a session made elsewhere.
    public let first: Scene?
    public let retention: Retention
    /// The session before anything happened.
    private var initial: MotionSession.Moment
    /// The instant the session has been advanced to (everything due by then has happened).
    private var advancedTo = -Double.infinity
    /// The earliest instant that may still be seen (``Retention/latest`` forgets what is before).
    private var horizon = -Double.infinity
    private var settledEndFound: Double?
    private var motionScaleFound: MotionScale?

    /// Records `session`, which must be fresh (at time 0, nothing happened yet).
    public init(_ session: MotionSession, first: Scene? = nil, retention: Retention = .everything) {
        self.session = session; self.first = first; self.retention = retention
        session.recordsMoments = true
        initial = session.moment(at: -.infinity)
    }

    /// A run of the timeline `name` of `program` from `start` (nil: the timeline's own start),
    /// every scene it shows framed by `framing` and laid out by `layout`. The first scene is
    /// checked against the size limits before anything runs.
    public convenience init(
        of program: some SceneProgram, timeline name: String, framing: TimelineFraming, retention: Retention = .everything,
        start: SceneState? = nil, layout: @escaping (Scene) throws -> ResolvedView
    ) throws {
        let timeline = try program.timeline(named: name)
        let state = try start ?? program.state(still: timeline.from)
        let first = framing.apply(try program.instantiate(state))
        try first.validateSize()
        let session = try MotionSession(template: program, timeline: timeline, start: state) { scene in try layout(framing.apply(scene)) }
        self.init(session, first: first, retention: retention)
    }

    public var timeline: Timeline { session.timeline }

    /// Everything that happened up to the latest instant seen, in time order.
    public var history: [MotionEvent] { session.history }

    /// The drawing of a frame's tree on the first scene's canvas, scale and background.
    public func displayList(_ tree: ResolvedView) throws -> DisplayList {
        guard let first else { throw ProofsheetError.internal("a run of a session has no first scene to draw on") }
        return DisplayList(painting: tree, of: first)
    }

    // MARK: - Moments

    /// Runs the session on to `t` if it is not there yet.
    private func reach(_ t: Double) throws {
        guard t > advancedTo else { return }
        try session.advance(to: t)
        advancedTo = t
    }

    /// The moment an instant `t` shows: the last at or before it.
    private func moment(at t: Double) throws -> MotionSession.Moment {
        guard t >= horizon else {
            throw ProofsheetError.internal("the instant \(fmt(t)) s was asked for after \(fmt(horizon)) s, and the run keeps only the latest")
        }
        try reach(t)
        let moments = session.moments
        var lo = 0, hi = moments.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if moments[mid].time <= t { lo = mid + 1 } else { hi = mid }
        }
        let found = lo == 0 ? initial : moments[lo - 1]
        if retention == .latest {
            horizon = t
            if lo > 1 { session.moments.removeFirst(lo - 1) }
        }
        return found
    }

    /// The animator as it is at `t`: animations that ended by then forgotten, as a session
    /// advanced to `t` has them.
    private func animator(at t: Double) throws -> TreeAnimator {
        var a = try moment(at: t).animator
        a.prune(at: t)
        return a
    }

    /// The tree shown at `t`.
    public func presented(at t: Double) throws -> ResolvedView { try animator(at: t).presented(at: t) }

    /// The state at `t`.
    public func state(at t: Double) throws -> SceneState { try moment(at: t).state }

    /// Where each finger on the screen is at `t`, by touch.
    public func touchPoints(at t: Double) throws -> [Int: Point] { try moment(at: t).touchPoints }

    /// Where each finger that lifted by `t` was when it lifted, by touch.
    public func liftPoints(at t: Double) throws -> [Int: Point] { try moment(at: t).liftPoints }

    /// Whether anything moves at `t`.
    public func isAnimating(at t: Double) throws -> Bool { try moment(at: t).animator.isAnimating(at: t) }

    /// Whether something is still to happen after `t` (events, scheduled actions, touches).
    public func hasPending(after t: Double) throws -> Bool {
        try reach(t)
        return session.moments.last.map { $0.time > t } ?? false || session.hasPending
    }

    /// When everything that moves at `t` settles (nil: something runs forever).
    public func settledAt(_ t: Double) throws -> Double? { try moment(at: t).animator.settledAt }

    /// What happened after `since` and by `t`, in time order.
    public func events(after since: Double, through t: Double) throws -> [MotionEvent] {
        try reach(t)
        return session.history.filter { $0.time > since && $0.time <= t }
    }

    /// The frame at `t`, numbered `index`; its events are those after `since`.
    public func frame(at t: Double, index: Int = 0, eventsAfter since: Double = -.infinity) throws -> Frame {
        let m = try moment(at: t)
        var a = m.animator
        a.prune(at: t)
        return Frame(
            index: index, time: t, events: try events(after: since, through: t).map(\.name), state: m.state, animating: a.isAnimating(at: t),
            tree: a.presented(at: t), touches: m.touchPoints.sorted { $0.key < $1.key }.map(\.value))
    }

    /// The frames at `times` (ascending), in order: frame k is numbered k, and its events are
    /// those since the frame before (for the first: by its instant).
    public func frames(at times: [Double], _ body: (Frame) throws -> Void) throws {
        guard times.count <= FrameSampler.mostFrames else {
            throw ProofsheetError.usage("more than \(FrameSampler.mostFrames) frames", hint: "ask for fewer instants")
        }
        var previous = -Double.infinity
        for (index, t) in times.enumerated() {
            guard t >= previous else { throw ProofsheetError.usage("instants must be in order, got \(fmt(t)) after \(fmt(previous))") }
            try body(try frame(at: t, index: index, eventsAfter: previous))
            previous = t
        }
    }

    // MARK: - The end

    /// When the timeline is over and everything has settled, as `--duration auto` finds it at
    /// 60 fps (at most ``FrameSampler/autoCap``): the first 60 fps frame after the timeline's
    /// length, with nothing left to happen, at which nothing moves.
    public func settledEnd() throws -> Double {
        if let settledEndFound { return settledEndFound }
        var end = 0.0
        try FrameSampler(fps: 60, span: .auto).run(self, batch: 64) { frames in end = frames.last?.time ?? end }
        settledEndFound = end
        return end
    }

    /// The animations started by the settled end (see ``MotionSession/startedAnimations``).
    public func startedAnimations() throws -> [TreeAnimator.AnimationSpan] {
        let end = try settledEnd()
        return session.startedAnimations.filter { $0.start <= end }
    }

    /// The key instants of the run by `rule` (see ``KeyInstant/Rule``); the run goes on to its
    /// settled end.
    public func keyInstants(_ rule: KeyInstant.Rule) throws -> [KeyInstant] {
        let end = try settledEnd()
        return try KeyInstant.find(
            in: try events(after: -.infinity, through: end), animations: try startedAnimations(), end: end, rule: rule, timeline: timeline,
            motion: rule.animationPointsByMotion ? try motionScale() : nil)
    }

    /// Where motion happens from the start to the settled end (see ``MotionScale``), measured
    /// once.
    public func motionScale() throws -> MotionScale {
        if let motionScaleFound { return motionScaleFound }
        let scale = try MotionScale(self, through: try settledEnd())
        motionScaleFound = scale
        return scale
    }
}

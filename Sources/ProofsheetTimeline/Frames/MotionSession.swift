import ProofsheetCore
import ProofsheetLayout
import ProofsheetMotion
import ProofsheetScene

/// Something that happened in a timeline, for a frame's `events`.
public struct MotionEvent: Hashable, Sendable {
    public var time: Double
    public var name: String
    public init(time: Double, name: String) { self.time = time; self.name = name }
}

/// A scene running a timeline: its state, what is shown, the touches and gestures in flight.
///
/// Time only moves forward (`advance(to:)`). Everything due by then happens in time order:
/// the timeline's events, actions scheduled with `after`, touch samples (every 1/120 s of a
/// touch, whatever the frame rate), long presses succeeding. Each change of state is laid out
/// once and handed to the ``TreeAnimator``; frames only interpolate.
public final class MotionSession {
    /// What runs: a scene file's template or a Swift scene.
    public let template: any SceneProgram
    public let timeline: Timeline
    public private(set) var state: SceneState
    public private(set) var animator: TreeAnimator
    /// The time everything up to which has happened.
    public private(set) var now: Double = 0
    /// Everything that has happened so far, in time order.
    public private(set) var history: [MotionEvent] = []
    /// The animations started so far by timeline events, taps, releases and scheduled actions,
    /// in order: not those a gesture's changes start as a finger moves (they follow the finger).
    public private(set) var startedAnimations: [TreeAnimator.AnimationSpan] = []
    /// Whether the change being made follows a moving finger (a gesture's `onChanged`).
    private var tracking = false
    private let layout: (Scene) throws -> ResolvedView
    private var queue: [(time: Double, order: Int, item: Item)] = []
    private var order = 0
    private var touchBase: [Int: Point] = [:]
    /// Where each finger on the screen is now, by touch (for drawing touches on frames).
    public private(set) var touchPoints: [Int: Point] = [:]
    /// Where each finger that lifted was when it lifted, by touch (for drawing drags).
    public private(set) var liftPoints: [Int: Point] = [:]
    private var trackers: [Int: GestureTracker] = [:]
    /// The button each finger is down on (drawn in its pressed look until the finger lifts).
    private var pressedButtons: [Int: ViewID] = [:]
    private var markers: Set<String> = []
    private var markerEvaluations = 0
    private var changes = 0
    /// Whether ``moments`` are kept (a ``TimelineRun`` records its session).
    var recordsMoments = false
    /// What the session was after each instant at which something happened, in time order
    /// (while ``recordsMoments``).
    var moments: [Moment] = []

    /// The session just after everything due at `time` happened: what any instant from then
    /// until the next moment shows (the animator pruned to that instant first).
    struct Moment: Sendable {
        var time: Double
        var state: SceneState
        var animator: TreeAnimator
        var touchPoints: [Int: Point]
        var liftPoints: [Int: Point]
    }

    /// The session as it is now, as a moment at `time`.
    func moment(at time: Double) -> Moment {
        Moment(time: time, state: state, animator: animator, touchPoints: touchPoints, liftPoints: liftPoints)
    }

    /// Touches are sampled this often (per second), whatever the output frame rate.
    public static let touchRate = 120.0
    /// The most state changes one run may make.
    public static let mostChanges = 20_000
    /// The most things that may happen at one instant (actions scheduling themselves with
    /// `after: 0` would otherwise never let time move on).
    public static let mostAtOneInstant = 1_000

    enum Item {
        case actions([SceneAction], Transaction, extra: [String: ScriptValue])
        case down(touch: Int, view: String?, offset: Point)
        case move(touch: Int, offset: Point)
        case up(touch: Int, offset: Point)
        case deadline(touch: Int)
    }

    /// The session of `timeline` from `start` (nil: the timeline's own start, its `from` still
    /// or the defaults).
    public init(
        template: any SceneProgram, timeline: Timeline, start: SceneState? = nil, layout: @escaping (Scene) throws -> ResolvedView
    ) throws {
        self.template = template; self.timeline = timeline; self.layout = layout
        state = try start ?? template.state(still: timeline.from)
        animator = TreeAnimator(tree: try layout(try template.instantiate(state)))
        markers = try template.markers(in: state)
        var touch = 0
        for e in timeline.events {
            switch e.kind {
            case .actions(let a): enqueue(e.at, .actions(a, Transaction(), extra: [:]))
            case .touch(let script):
                var t = e.at
                var position = Point.zero
                for step in script.steps {
                    switch step {
                    case .down(let view, let offset):
                        touch += 1
                        position = .zero
                        enqueue(t, .down(touch: touch, view: view, offset: offset))
                    case .move(let to, let d):
                        let from = position
                        let n = max(1, Int((d * Self.touchRate).rounded(.up)))
                        for k in 1...n {
                            let f = Double(k) / Double(n)
                            enqueue(
                                t + d * f, .move(touch: touch, offset: Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)))
                        }
                        position = to
                        t = Self.step(t, d)
                    case .hold(let d):
                        let n = Int((d * Self.touchRate).rounded(.down))
                        if n > 0 { for k in 1...n { enqueue(t + Double(k) / Self.touchRate, .move(touch: touch, offset: position)) } }
                        t = Self.step(t, d)
                    case .up:
                        enqueue(t, .up(touch: touch, offset: position))
                    }
                }
            }
        }
    }

    /// The time `d` seconds after `t`, to the nanosecond: steps of a script add up to the times
    /// written (a tap at 0.1 s, held 0.05 s, then 1.05 s: the next touch at 1.2 s, not a hair
    /// after the frame of 1.2 s).
    static func step(_ t: Double, _ d: Double) -> Double { ((t + d) * 1e9).rounded() / 1e9 }

    private func enqueue(_ t: Double, _ item: Item) {
        order += 1
        let entry = (time: t, order: order, item: item)
        // Keep the queue sorted by time, then by the order things were asked for.
        var lo = 0, hi = queue.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if queue[mid].time < t || (queue[mid].time == t && queue[mid].order < order) { lo = mid + 1 } else { hi = mid }
        }
        queue.insert(entry, at: lo)
    }

    /// Whether anything is still to happen (events, scheduled actions, touches).
    public var hasPending: Bool { !queue.isEmpty }

    /// Makes everything due by `t` happen; returns what happened.
    @discardableResult
    public func advance(to t: Double) throws -> [MotionEvent] {
        var events: [MotionEvent] = []
        var sameInstant = 0
        var instant = -Double.infinity
        while let first = queue.first, first.time <= t {
            queue.removeFirst()
            if first.time == instant {
                sameInstant += 1
                guard sameInstant <= Self.mostAtOneInstant else {
                    throw ProofsheetError.badInput(
                        "the timeline '\(timeline.name)' does more than \(Self.mostAtOneInstant) things at \(format(first.time, digits: 3)) s",
                        at: timeline.location, hint: "an action that schedules itself with \"after\": 0 never lets time move on; give it a delay")
                }
            } else {
                instant = first.time
                sameInstant = 0
            }
            now = max(now, first.time)
            try handle(first.item, at: first.time, events: &events)
            if recordsMoments, queue.first.map({ $0.time != first.time || $0.time > t }) ?? true { moments.append(moment(at: first.time)) }
        }
        now = max(now, t)
        animator.prune(at: now)
        history += events
        return events
    }

    /// The tree shown at `t` (at or after `now`).
    public func presented(at t: Double) -> ResolvedView { animator.presented(at: t) }

    // MARK: - Items

    private func handle(_ item: Item, at t: Double, events: inout [MotionEvent]) throws {
        switch item {
        case .actions(let actions, let tx, let extra):
            try run(actions, tx, extra: extra, at: t, events: &events)
        case .down(let touch, let view, let offset):
            let shown = presented(at: t)
            var base = offset
            if let view {
                guard let centre = HitTesting.drawnCentre(of: view, in: shown) else {
                    throw ProofsheetError.badInput(
                        "the touch at \(format(t, digits: 3)) s starts on #\(excerpt(view)), but no view has that id then",
                        at: timeline.location, hint: "give the view {\"id\": \"\(excerpt(view))\"} or start the touch at a screen point")
                }
                base = Point(x: centre.x + offset.x, y: centre.y + offset.y)
            }
            touchBase[touch] = base
            touchPoints[touch] = base
            events.append(MotionEvent(time: t, name: "touch down"))
            let chain = HitTesting.hit(shown, at: base)
            guard let owner = chain.last(where: { $0.traits.gesture != nil }), let spec = owner.traits.gesture else { return }
            if case .tap = spec.kind, let button = Self.button(in: owner), let opacity = button.traits.pressedOpacity {
                animator.press(button.identity, opacity: opacity, highlight: button.traits.pressedHighlight)
                pressedButtons[touch] = button.identity
            }
            var tracker = GestureTracker(spec: spec, owner: owner.identity, at: t, point: base)
            let out = tracker.down()
            if let d = tracker.deadline { enqueue(d, .deadline(touch: touch)) }
            trackers[touch] = tracker
            try apply(out, tracker, at: t, events: &events)
        case .move(let touch, let offset):
            guard let base = touchBase[touch] else { return }
            touchPoints[touch] = Point(x: base.x + offset.x, y: base.y + offset.y)
            guard var tracker = trackers[touch] else { return }
            let out = tracker.move(to: Point(x: base.x + offset.x, y: base.y + offset.y), at: t)
            trackers[touch] = tracker
            try apply(out, tracker, at: t, events: &events)
        case .deadline(let touch):
            guard var tracker = trackers[touch] else { return }
            let out = tracker.tick(at: t)
            if let d = tracker.deadline { enqueue(d, .deadline(touch: touch)) }
            trackers[touch] = tracker
            try apply(out, tracker, at: t, events: &events)
        case .up(let touch, let offset):
            guard let base = touchBase[touch] else { return }
            events.append(MotionEvent(time: t, name: "release"))
            liftPoints[touch] = Point(x: base.x + offset.x, y: base.y + offset.y)
            touchBase[touch] = nil
            touchPoints[touch] = nil
            if let button = pressedButtons.removeValue(forKey: touch) {
                animator.release(button, at: t, animation: ButtonLook.releaseAnimation)
            }
            guard var tracker = trackers[touch] else { return }
            let out = tracker.up(at: t, point: Point(x: base.x + offset.x, y: base.y + offset.y))
            trackers[touch] = nil
            try apply(out, tracker, at: t, events: &events)
        }
    }

    /// The button a tap's view is or holds (its first view with a pressed look, in the chain of
    /// wrappers from the view down).
    static func button(in v: ResolvedView) -> ResolvedView? {
        var node = v
        while true {
            if node.traits.pressedOpacity != nil { return node }
            guard node.children.count == 1 || node.content == .layer(overlay: false) || node.content == .layer(overlay: true),
                let first = node.children.first
            else { return nil }
            node = first
        }
    }

    /// Runs a gesture's handlers for its changes: gesture state and `onChanged` as one change,
    /// and at the end the gesture state back to its defaults with `onEnded` as one change.
    private func apply(_ outputs: [GestureTracker.Output], _ tracker: GestureTracker, at t: Double, events: inout [MotionEvent]) throws {
        let spec = tracker.spec
        for o in outputs {
            switch o {
            case .changed(let value):
                let updates: [SceneAction] = spec.updating.isEmpty ? [] : [.set(spec.updating)]
                tracking = true
                defer { tracking = false }
                try run(
                    updates + spec.onChanged, Transaction(), extra: spec.captures.merging(["gesture": value.script]) { $1 }, at: t, events: &events)
            case .ended(let value):
                if case .tap = spec.kind { events.append(MotionEvent(time: t, name: "tap")) }
                try run(
                    resetting(spec) + spec.onEnded, Transaction(), extra: spec.captures.merging(["gesture": value.script]) { $1 }, at: t,
                    events: &events)
            case .failed:
                try run(resetting(spec), Transaction(), extra: [:], at: t, events: &events)
            }
        }
    }

    /// Sets the gesture state a gesture updates back to its defaults.
    private func resetting(_ spec: GestureSpec) -> [SceneAction] {
        var names: [String] = []
        for a in spec.updating where !names.contains(a.path[0]) { names.append(a.path[0]) }
        return (names.isEmpty ? [] : [.resetToDefaults(names)]) + spec.onReset
    }

    private func run(_ actions: [SceneAction], _ tx: Transaction, extra: [String: ScriptValue], at t: Double, events: inout [MotionEvent]) throws {
        guard !actions.isEmpty else { return }
        let result = try template.run(actions, on: state, extra: extra, transaction: tx)
        for step in result.steps {
            switch step {
            case .commit(let new, let tx): try commit(new, tx, at: t, events: &events)
            case .schedule(let delay, let body, let tx): enqueue(t + delay, .actions(body, tx, extra: extra))
            case .annotate(let text): events.append(MotionEvent(time: t, name: text))
            }
        }
    }

    /// A new state: laid out once and animated to.
    private func commit(_ new: SceneState, _ tx: Transaction, at t: Double, events: inout [MotionEvent]) throws {
        changes += 1
        guard changes <= Self.mostChanges else {
            throw ProofsheetError.badInput(
                "the timeline '\(timeline.name)' makes more than \(Self.mostChanges) changes of state", at: timeline.location)
        }
        let before = animator.model
        let old = state
        state = new
        let tree = try layout(try template.instantiate(new))
        animator.update(to: tree, transaction: tx, at: t)
        if !tracking, let span = animator.lastStarted { startedAnimations.append(span) }
        // Named views that came or went (by identity: a view renamed as others go is neither),
        // and markers that turned true.
        let was = Self.named(before), now = Self.named(tree)
        for v in Self.outermost(was, minus: now) { events.append(MotionEvent(time: t, name: "removed \(v.label)")) }
        for v in Self.outermost(now, minus: was) { events.append(MotionEvent(time: t, name: "appeared \(v.label)")) }
        for m in try template.updateMarkers(&markers, from: old, to: new, evaluations: &markerEvaluations) {
            events.append(MotionEvent(time: t, name: m))
        }
    }

    /// A named view for events: how it is labelled, and the named views around it.
    struct Named {
        /// `#id`, with the key of the `ForEach` element it belongs to: `#card-1[facebook]`.
        var label: String
        var outer: [ViewID]
    }

    /// The named views of a tree by identity.
    static func named(_ v: ResolvedView) -> [ViewID: Named] {
        var out: [ViewID: Named] = [:]
        func walk(_ v: ResolvedView, _ outer: [ViewID]) {
            var outer = outer
            if let id = v.id {
                out[v.identity] = Named(label: "#" + id + (v.identity.lastKey.map { "[\(excerpt($0))]" } ?? ""), outer: outer)
                outer.append(v.identity)
            }
            for c in v.children { walk(c, outer) }
        }
        walk(v, [])
        return out
    }

    /// The views in `a` and not in `b` whose surrounding named views are all still in `b`: the
    /// outermost named views that came or went, by label.
    static func outermost(_ a: [ViewID: Named], minus b: [ViewID: Named]) -> [Named] {
        a.filter { b[$0.key] == nil && $0.value.outer.allSatisfy { b[$0] != nil } }.values.sorted { $0.label < $1.label }
    }
}

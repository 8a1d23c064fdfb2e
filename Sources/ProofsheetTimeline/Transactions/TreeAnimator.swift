import ProofsheetCore
import ProofsheetLayout
import ProofsheetMotion
import ProofsheetScene

/// Animates between laid-out trees: each state change gives a new model tree (layout runs
/// once per change, never per frame), and the tree shown at any time is the model with every
/// animatable property of every view (matched by identity) where its animations put it.
///
/// Which animation moves a property follows SwiftUI's scoping: the innermost `.animation`
/// around the view (the view itself included) whose watched value changed in this transaction
/// (or that watches nothing), else the transaction's `withAnimation`, else none; a transaction
/// with animations disabled animates nothing. Modifiers applied outside an `.animation` are
/// not in its scope, so they jump.
///
/// Views that appear or disappear run their transition (`.transition`, or `.opacity` when none
/// is given) when an animation covers them or the transition has an animation of its own: a
/// removed view keeps being drawn until its removal transition ends, as it was last laid out,
/// and what was animating inside it goes on animating. A removal outside any animation is
/// immediate.
public struct TreeAnimator: Sendable {
    /// The tree of the current state, as layout made it.
    public private(set) var model: ResolvedView
    private var tracks: [TrackKey: PropertyTrack] = [:]
    private var departing: [Departure] = []
    private var arriving: [ViewID: Arrival] = [:]
    /// What the latest change started: when, and when what it set moving settles (nil when it
    /// animated nothing).
    public private(set) var lastStarted: AnimationSpan?
    /// The settle times of the tracks the change being made starts (nil: runs forever).
    private var startedEnds: [Double?] = []
    /// Buttons a finger is down on, or coming back after it lifted: how opaque each is drawn.
    private var presses: [ViewID: Press] = [:]

    /// The animations one change started: from `start` until everything it set moving has
    /// settled (`end`; nil when something runs forever).
    public struct AnimationSpan: Hashable, Sendable {
        public var start: Double
        public var end: Double?
    }

    /// A removed view still on its way out: the view as it was last laid out, with the
    /// animations that were running inside it, which keep running while it leaves.
    struct Departure: Sendable {
        var view: ResolvedView
        var parent: ViewID
        /// The sibling it followed in its parent (nil: it was first).
        var after: ViewID?
        /// Its parent's origin in the layout it left (it moves with its parent from there).
        var parentOrigin: Point
        var transition: TransitionState
        var track: PropertyTrack
        /// The animations of the views inside it (itself included), and their arrivals.
        var tracks: [TrackKey: PropertyTrack]
        var arriving: [ViewID: Arrival]
    }

    /// An inserted view on its way in.
    struct Arrival: Sendable {
        var transition: TransitionState
        var track: PropertyTrack
    }

    public init(tree: ResolvedView) { model = tree }

    // MARK: - Presses

    /// A pressed button's look: how far pressed it is (1 while the finger is down, going to 0
    /// after it lifts), drawn at `opacity` when fully pressed, over `highlight` if it has one.
    struct Press: Sendable {
        var track: PropertyTrack
        var opacity: Double
        var highlight: Color?
        func amount(at t: Double) -> Double { min(1, max(0, track.value(at: t)[0])) }
    }

    /// A finger went down on the button `id`: it is drawn at `opacity`, over `highlight` when
    /// it has one (its pressed look), at once.
    public mutating func press(_ id: ViewID, opacity: Double, highlight: Color? = nil) {
        presses[id] = Press(track: PropertyTrack(value: [1]), opacity: min(1, max(0, opacity)), highlight: highlight)
    }

    /// The finger on the button `id` lifted at `t`: its look comes back with `animation`.
    public mutating func release(_ id: ViewID, at t: Double, animation: Animation) {
        guard var press = presses[id] else { return }
        press.track.retarget(to: [0], at: t, animation: animation)
        presses[id] = press
    }

    // MARK: - Changes

    /// Moves to `tree` at time `t` in `transaction`.
    public mutating func update(to tree: ResolvedView, transaction: Transaction, at t: Double) {
        var oldViews: [ViewID: (view: ResolvedView, parentOrigin: Point)] = [:]
        index(model, parentOrigin: .zero, into: &oldViews)
        var newViews: [ViewID: (view: ResolvedView, parentOrigin: Point)] = [:]
        index(tree, parentOrigin: .zero, into: &newViews)
        var seen = Set<ViewID>()
        walk(tree, parentOrigin: .zero, scopes: [], old: oldViews, transaction: transaction, at: t, seen: &seen)
        // Views that left: their transition, or gone at once.
        collectRemovals(oldParent: model, new: newViews, scopes: [], old: oldViews, transaction: transaction, at: t)
        tracks = tracks.filter { seen.contains($0.key.view) }
        arriving = arriving.filter { seen.contains($0.key) }
        // A pressed button on its way out (an alert's, as the alert goes) keeps its look.
        if presses.keys.contains(where: { !seen.contains($0) }) {
            var leaving = Set<ViewID>()
            for d in departing { Self.identities(of: d.view, into: &leaving) }
            presses = presses.filter { seen.contains($0.key) || leaving.contains($0.key) }
        }
        model = tree
        prune(at: t)
        lastStarted = nil
        if !startedEnds.isEmpty {
            let end: Double? = startedEnds.contains { $0 == nil } ? nil : startedEnds.compactMap { $0 }.max()
            lastStarted = AnimationSpan(start: t, end: end)
            startedEnds = []
        }
    }

    /// Records every view of a tree by identity, with its parent's origin.
    private func index(_ v: ResolvedView, parentOrigin: Point, into out: inout [ViewID: (view: ResolvedView, parentOrigin: Point)]) {
        out[v.identity] = (v, parentOrigin)
        let origin = Point(x: v.frame.minX, y: v.frame.minY)
        for c in v.children { index(c, parentOrigin: origin, into: &out) }
    }

    /// An `.animation` scope on the way down: its animation, and whether it applies in this
    /// transaction (it watches nothing, or its value changed).
    struct Scope {
        var animation: Animation?
        var applies: Bool
    }

    private func scope(of v: ResolvedView, old: [ViewID: (view: ResolvedView, parentOrigin: Point)]) -> Scope? {
        guard let a = v.traits.animation else { return nil }
        guard let watched = a.value else { return Scope(animation: a.animation, applies: true) }
        let before = old[v.identity]?.view.traits.animation?.value
        return Scope(animation: a.animation, applies: before != watched)
    }

    /// The animation for a change under `scopes` (outermost first) in `transaction`.
    static func animation(_ scopes: [Scope], _ transaction: Transaction) -> Animation? {
        if transaction.disablesAnimations { return nil }
        for s in scopes.reversed() where s.applies { return s.animation }
        return transaction.animation
    }

    /// The animation of a view's insertion or removal: its transition's own
    /// (`.transition(.opacity.animation(…))`) before the scopes' and the transaction's.
    static func animation(_ scopes: [Scope], _ transaction: Transaction, transition: Transition?, insertion: Bool) -> Animation? {
        if transaction.disablesAnimations { return nil }
        return transition?.ownAnimation(insertion: insertion) ?? animation(scopes, transaction)
    }

    private mutating func walk(
        _ v: ResolvedView, parentOrigin: Point, scopes: [Scope], old: [ViewID: (view: ResolvedView, parentOrigin: Point)],
        transaction: Transaction, at t: Double, seen: inout Set<ViewID>
    ) {
        seen.insert(v.identity)
        var scopes = scopes
        if let s = scope(of: v, old: old) { scopes.append(s) }
        let animation = Self.animation(scopes, transaction)
        if let (before, beforeParent) = old[v.identity] {
            if v.interpolates(with: before) {
                for p in AnimatableProperty.allCases {
                    let key = TrackKey(view: v.identity, property: p)
                    guard let new = v.animatableValue(p, parentOrigin: parentOrigin) else { tracks[key] = nil; continue }
                    guard let was = before.animatableValue(p, parentOrigin: beforeParent), was.count == new.count else {
                        tracks[key] = nil
                        continue
                    }
                    if was == new { continue }
                    var track = tracks[key] ?? PropertyTrack(value: was)
                    track.retarget(to: new, at: t, animation: animation)
                    let settled = track.settledAt.map { $0 <= t } ?? false
                    tracks[key] = settled ? nil : track
                    if animation != nil && !settled { startedEnds.append(track.settledAt) }
                }
            } else {
                for p in AnimatableProperty.allCases { tracks[TrackKey(view: v.identity, property: p)] = nil }
            }
        }
        let origin = Point(x: v.frame.minX, y: v.frame.minY)
        for c in v.children {
            if old[c.identity] == nil, old[v.identity] != nil {
                insert(c, scopes: scopes, transaction: transaction, at: t)
            }
            walk(c, parentOrigin: origin, scopes: scopes, old: old, transaction: transaction, at: t, seen: &seen)
        }
    }

    /// A view inserted under an existing parent: its insertion transition, when animated.
    private mutating func insert(_ v: ResolvedView, scopes: [Scope], transaction: Transaction, at t: Double) {
        let (chainScopes, transition) = Self.chain(of: v)
        guard let animation = Self.animation(scopes + chainScopes, transaction, transition: transition, insertion: true) else { return }
        let away = (transition ?? .default).away(size: v.frame.size, insertion: true, in: v.traits.layoutDirection)
        if away == TransitionState() { return }
        var track = PropertyTrack(value: away.vector)
        track.retarget(to: TransitionState().vector, at: t, animation: animation)
        arriving[v.identity] = Arrival(transition: away, track: track)
        startedEnds.append(track.settledAt)
    }

    /// The `.animation` scopes (outermost first) and the transition found down a view's chain
    /// of modifiers.
    static func chain(of v: ResolvedView) -> ([Scope], Transition?) {
        var scopes: [Scope] = []
        var transition: Transition?
        var node = v
        while true {
            if let a = node.traits.animation { scopes.append(Scope(animation: a.animation, applies: true)) }
            if transition == nil, let tr = node.traits.transition { transition = tr }
            guard case .children = node.content, node.children.count == 1 else { break }
            node = node.children[0]
        }
        return (scopes, transition)
    }

    /// Finds the views of the old tree whose identity is gone, under parents that stay, and
    /// starts their removal transitions.
    private mutating func collectRemovals(
        oldParent: ResolvedView, new: [ViewID: (view: ResolvedView, parentOrigin: Point)],
        scopes: [Scope], old: [ViewID: (view: ResolvedView, parentOrigin: Point)], transaction: Transaction, at t: Double
    ) {
        guard let stays = new[oldParent.identity]?.view else { return }
        var scopes = scopes
        if let s = scope(of: stays, old: old) { scopes.append(s) }
        var previous: ViewID? = nil
        for c in oldParent.children {
            defer { previous = c.identity }
            if new[c.identity] != nil {
                collectRemovals(oldParent: c, new: new, scopes: scopes, old: old, transaction: transaction, at: t)
                continue
            }
            let (chainScopes, transition) = Self.chain(of: c)
            guard let animation = Self.animation(scopes + chainScopes, transaction, transition: transition, insertion: false) else { continue }
            guard let parentOrigin = old[c.identity]?.parentOrigin else { continue }
            let away = (transition ?? .default).away(size: c.frame.size, insertion: false, in: c.traits.layoutDirection)
            var track = PropertyTrack(value: TransitionState().vector)
            track.retarget(to: away.vector, at: t, animation: animation)
            startedEnds.append(track.settledAt)
            // What moves inside it goes on moving as it leaves (a heart still fading in while
            // its card flies off), as in SwiftUI.
            var inside = Set<ViewID>()
            Self.identities(of: c, into: &inside)
            departing.append(
                Departure(
                    view: c, parent: oldParent.identity, after: previous, parentOrigin: parentOrigin, transition: away, track: track,
                    tracks: tracks.filter { inside.contains($0.key.view) }, arriving: arriving.filter { inside.contains($0.key) }))
        }
    }

    /// The identities of a view and everything inside it.
    static func identities(of v: ResolvedView, into out: inout Set<ViewID>) {
        out.insert(v.identity)
        for c in v.children { identities(of: c, into: &out) }
    }

    /// Forgets animations that have ended by `t`.
    public mutating func prune(at t: Double) {
        for (k, var track) in tracks {
            if let end = track.settledAt, end <= t { tracks[k] = nil } else { track.prune(at: t); tracks[k] = track }
        }
        arriving = arriving.filter { !($0.value.track.settledAt.map { $0 <= t } ?? false) }
        presses = presses.filter { $0.value.track.target != [0] || $0.value.track.isAnimating(at: t) }
        departing.removeAll { $0.track.settledAt.map { $0 <= t } ?? false }
    }

    // MARK: - What is shown

    /// The tree shown at `t` (at or after the last change).
    public func presented(at t: Double) -> ResolvedView {
        present(model, parentModel: .zero, parentShown: .zero, at: t, tracks: tracks, arriving: arriving)
    }

    /// `v` as shown at `t` under a parent laid out at `parentModel` and shown at `parentShown`,
    /// moved by `tracks` and `arriving` (the tree's own, or a departing view's).
    private func present(
        _ v: ResolvedView, parentModel: Point, parentShown: Point, at t: Double, tracks: [TrackKey: PropertyTrack], arriving: [ViewID: Arrival]
    ) -> ResolvedView {
        var out = v
        for p in AnimatableProperty.allCases {
            if let track = tracks[TrackKey(view: v.identity, property: p)], track.isAnimating(at: t) {
                out.setAnimatable(p, track.value(at: t), parentOrigin: parentShown)
            } else if p == .frame {
                out.frame = v.frame.offsetBy(dx: parentShown.x - parentModel.x, dy: parentShown.y - parentModel.y)
            }
        }
        let press = presses[v.identity]
        if let press { out.effects.opacity *= 1 - press.amount(at: t) * (1 - press.opacity) }
        let modelOrigin = Point(x: v.frame.minX, y: v.frame.minY)
        let shownOrigin = Point(x: out.frame.minX, y: out.frame.minY)
        var kids: [ResolvedView] = []
        for c in v.children {
            var shown = present(c, parentModel: modelOrigin, parentShown: shownOrigin, at: t, tracks: tracks, arriving: arriving)
            if let arrival = arriving[c.identity], arrival.track.isAnimating(at: t) {
                shown = Self.wrap(shown, arrival.transition.with(arrival.track.value(at: t)))
            }
            kids.append(shown)
        }
        // Views on their way out, back where they were among their siblings.
        for d in departing where d.parent == v.identity {
            var leaving = present(d.view, parentModel: d.parentOrigin, parentShown: shownOrigin, at: t, tracks: d.tracks, arriving: d.arriving)
            if let arrival = d.arriving[d.view.identity], arrival.track.isAnimating(at: t) {
                leaving = Self.wrap(leaving, arrival.transition.with(arrival.track.value(at: t)))
            }
            let view = Self.wrap(leaving, d.transition.with(d.track.value(at: t)))
            if let after = d.after, let k = kids.firstIndex(where: { $0.identity == after || $0.identity.path == after.path + "#transition" }) {
                kids.insert(view, at: k + 1)
            } else if d.after == nil {
                kids.insert(view, at: 0)
            } else {
                kids.append(view)
            }
        }
        out.children = kids
        if let press, let highlight = press.highlight, press.amount(at: t) > 0 {
            // The highlight behind the pressed button, over its frame; the button's effects
            // move and fade both.
            var fill = ResolvedView(
                identity: ViewID(path: v.identity.path + "#highlight"), name: "highlight", frame: out.frame,
                content: .shape(.init(kind: .rectangle, paint: .color(highlight))))
            fill.effects.opacity = press.amount(at: t)
            var layered = ResolvedView(
                identity: ViewID(path: v.identity.path + "#pressed"), name: "pressed", frame: out.frame, zIndex: out.zIndex, effects: out.effects,
                content: .layer(overlay: false), children: [])
            out.effects = ResolvedView.Effects()
            layered.children = [out, fill]
            return layered
        }
        return out
    }

    /// A view inside a wrapper that applies a transition's state.
    static func wrap(_ v: ResolvedView, _ s: TransitionState) -> ResolvedView {
        var e = ResolvedView.Effects()
        e.offset = s.offset
        e.scale = .init(x: s.scale, y: s.scale, anchor: s.anchor)
        e.opacity = min(1, max(0, s.opacity))
        return ResolvedView(
            identity: ViewID(path: v.identity.path + "#transition"), name: "transitioning", frame: v.frame, zIndex: v.zIndex, effects: e,
            content: .children, children: [v])
    }

    // MARK: - Time

    /// The time when everything has settled (nil: something runs forever).
    public var settledAt: Double? {
        var end = -Double.infinity
        for track in tracks.values {
            guard let e = track.settledAt else { return nil }
            end = max(end, e)
        }
        for a in arriving.values {
            guard let e = a.track.settledAt else { return nil }
            end = max(end, e)
        }
        for d in departing {
            guard let e = d.track.settledAt else { return nil }
            end = max(end, e)
        }
        for p in presses.values { end = max(end, p.track.settledAt ?? end) }
        return end
    }

    /// Whether anything moves at `t`.
    public func isAnimating(at t: Double) -> Bool {
        tracks.values.contains { $0.isAnimating(at: t) } || arriving.values.contains { $0.track.isAnimating(at: t) }
            || departing.contains { $0.track.isAnimating(at: t) } || presses.values.contains { $0.track.isAnimating(at: t) }
    }
}

import ProofsheetCore
import ProofsheetLayout
import ProofsheetScene
import ProofsheetTimeline

/// A finger on a storyboard panel: where it went down and the path it took to where it is at
/// the panel's instant (screen points), and whether it is still down then (false: it lifted
/// since the panel before, at the path's end).
public struct TouchTrace: Hashable, Sendable {
    public var path: [Point]
    public var isDown: Bool
    public init(path: [Point], isDown: Bool) { self.path = path; self.isDown = isDown }

    /// The drag: from where the finger went down to where it is (or lifted).
    public var vector: (from: Point, to: Point)? {
        guard let first = path.first, let last = path.last else { return nil }
        return (first, last)
    }
}

/// One panel of a storyboard: its instant, why it is there, what happened since the panel before,
/// the frame's drawing and the fingers on the screen.
public struct StoryboardPanel: Sendable {
    /// Why the instant is on the board.
    public enum Kind: String, Hashable, Sendable {
        /// The timeline's start.
        case start
        /// Something happened then (a touch, a tap, a change, a marker, a note).
        case event
        /// The end, once everything has settled.
        case settled
        /// An instant between two key frames, asked for with a panel count.
        case between
        /// Just before a finger lifts (the drag at its furthest).
        case beforeRelease
        /// Halfway through an animation a change of state started.
        case midAnimation
    }

    public var time: Double
    public var kind: Kind
    /// What happened since the panel before, each with its instant.
    public var events: [MotionEvent]
    public var picture: DisplayList
    public var touches: [TouchTrace]

    public init(time: Double, kind: Kind, events: [MotionEvent], picture: DisplayList, touches: [TouchTrace]) {
        self.time = time; self.kind = kind; self.events = events; self.picture = picture; self.touches = touches
    }
}

/// The instants of a storyboard and its panels, run from a timeline's motion session.
public enum StoryboardFrames {
    /// The most panels a board takes.
    public static let mostPanels = 48

    /// The key instants of a run by the storyboard's rule (``KeyInstant/Rule/storyboard``): its
    /// start, each instant something happens, just before each release (the drag at its
    /// furthest), halfway through each animation a change started, and its settled end.
    public static func keyInstants(of run: TimelineRun) throws -> [(time: Double, kind: StoryboardPanel.Kind)] {
        try run.keyInstants(.storyboard).map { key in
            let kind: StoryboardPanel.Kind
            switch key.kind {
            case .start: kind = .start
            case .end: kind = .settled
            case .event: kind = .event
            case .beforeRelease: kind = .beforeRelease
            case .animation: kind = .midAnimation
            }
            return (key.time, kind)
        }
    }

    /// `count` of `keys` (ascending): the first and the last always, and in between those that
    /// keep the instants most evenly spread along `scale` (time when nil; see ``MotionScale``):
    /// the instant whose neighbours are closest goes first; of equals, the later. With fewer keys
    /// than `count`, instants between them are added where the gaps are longest (a gap's panels
    /// spread evenly along the scale in it), so that `count` are shown.
    public static func choose(
        _ keys: [(time: Double, kind: StoryboardPanel.Kind)], count: Int, fill: Bool, by scale: MotionScale? = nil
    ) -> [(time: Double, kind: StoryboardPanel.Kind)] {
        func at(_ t: Double) -> Double { scale?.position(at: t) ?? t }
        var kept = keys
        let count = max(1, count)
        while kept.count > count {
            guard kept.count > 2 else {
                kept.removeLast()
                continue
            }
            var drop = 1, narrowest = Double.infinity
            for i in 1..<(kept.count - 1) {
                let span = at(kept[i + 1].time) - at(kept[i - 1].time)
                if span <= narrowest { narrowest = span; drop = i }
            }
            kept.remove(at: drop)
        }
        guard fill, kept.count < count, kept.count >= 2 else { return kept }
        // Panels added to each gap: each goes where the gap per panel is longest (of equals, the
        // earlier gap); a gap shorter than a touch sample takes none.
        var added = [Int](repeating: 0, count: kept.count - 1)
        for _ in 0..<(count - kept.count) {
            var best = -1, longest = -1.0
            for g in added.indices where kept[g + 1].time - kept[g].time > Double(added[g] + 1) / MotionSession.touchRate {
                let per = (at(kept[g + 1].time) - at(kept[g].time)) / Double(added[g] + 1)
                if per > longest { longest = per; best = g }
            }
            guard best >= 0 else { break }
            added[best] += 1
        }
        var out: [(time: Double, kind: StoryboardPanel.Kind)] = []
        for g in added.indices {
            out.append(kept[g])
            let a = at(kept[g].time), b = at(kept[g + 1].time)
            for k in 0..<added[g] {
                let p = a + (b - a) * Double(k + 1) / Double(added[g] + 1)
                // Whole milliseconds, so that captions and the ruler say the instant exactly.
                let t = ((scale?.time(at: p) ?? p) * 1000).rounded() / 1000
                if t > out[out.count - 1].time && t < kept[g + 1].time { out.append((t, .between)) }
            }
        }
        out.append(kept[kept.count - 1])
        return out
    }

    /// The panels at `instants` (ascending) of `run`: the frame drawn by `picture`, the events
    /// since the panel before, and each finger's path from where it went down (sampled at the
    /// session's touch rate); and when each finger was on the screen.
    public static func panels(
        _ run: TimelineRun, at instants: [(time: Double, kind: StoryboardPanel.Kind)], picture: (ResolvedView) throws -> DisplayList
    ) throws -> (panels: [StoryboardPanel], touchSpans: [ClosedRange<Double>]) {
        guard let last = instants.last?.time else { return ([], []) }
        // The touch samples' instants and the panels', in order (a panel's own instant last).
        let step = 1 / MotionSession.touchRate
        var samples: [(time: Double, panel: Int?)] = (0...Int((last / step).rounded(.down))).map { (Double($0) / MotionSession.touchRate, nil) }
        samples += instants.enumerated().map { ($0.element.time, $0.offset) }
        samples.sort { $0.time != $1.time ? $0.time < $1.time : ($0.panel ?? -1) < ($1.panel ?? -1) }

        var out: [StoryboardPanel] = []
        var events: [MotionEvent] = []
        var paths: [Int: [Point]] = [:]
        var lifted: [(id: Int, path: [Point])] = []
        var downAt: [Int: Double] = [:]
        var spans: [ClosedRange<Double>] = []
        var previous = -Double.infinity
        for (t, panel) in samples {
            events += try run.events(after: previous, through: t)
            previous = t
            let now = try run.touchPoints(at: t)
            for id in paths.keys.sorted() where now[id] == nil {
                var path = paths[id]!
                if let up = try run.liftPoints(at: t)[id], up != path.last { path.append(up) }
                lifted.append((id, path))
                paths[id] = nil
                spans.append(downAt[id, default: t]...t)
                downAt[id] = nil
            }
            for (id, p) in now where paths[id]?.last != p {
                paths[id, default: []].append(p)
                if downAt[id] == nil { downAt[id] = t }
            }
            guard let panel else { continue }
            var touches = lifted.map { TouchTrace(path: $0.path, isDown: false) }
            touches += paths.keys.sorted().map { TouchTrace(path: paths[$0]!, isDown: true) }
            out.append(
                StoryboardPanel(
                    time: t, kind: instants[panel].kind, events: events, picture: try picture(try run.presented(at: t)), touches: touches))
            events = []
            lifted = []
        }
        // Fingers still down at the end.
        spans += downAt.keys.sorted().map { downAt[$0]!...last }
        return (out, spans)
    }
}

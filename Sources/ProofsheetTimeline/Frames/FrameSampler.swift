import ProofsheetCore
import ProofsheetLayout
import ProofsheetMotion
import ProofsheetScene

/// One frame of a timeline: its time, what happened since the previous frame, the state and
/// the tree shown.
public struct Frame: Sendable {
    public var index: Int
    public var time: Double
    public var events: [String]
    public var state: SceneState
    /// Whether anything was still moving at this frame.
    public var animating: Bool
    public var tree: ResolvedView
    /// Where fingers touch the screen at this frame.
    public var touches: [Point] = []
}

/// How long to sample a timeline.
public enum FrameSpan: Hashable, Sendable {
    /// Until the timeline is over and everything has settled (at most ``FrameSampler/autoCap``).
    case auto
    case seconds(Double)
}

/// Samples a running timeline at a frame rate, in order, a batch at a time.
public struct FrameSampler {
    /// The longest an `auto` span runs before it gives up, in seconds.
    public static let autoCap = 60.0
    /// The most frames one run may have.
    public static let mostFrames = 36_000

    public let fps: Double
    public let span: FrameSpan

    public init(fps: Double, span: FrameSpan) { self.fps = fps; self.span = span }

    /// Runs `session` (fresh) and hands frames to `body` in batches of at most `batch` (so a
    /// long timeline is never held whole). Frame k is at k / fps seconds.
    public func run(_ session: MotionSession, batch: Int = 16, _ body: ([Frame]) throws -> Void) throws {
        try run(TimelineRun(session, retention: .latest), batch: batch, body)
    }

    /// Hands the frames of `run` to `body` in batches of at most `batch`. Frame k is at k / fps
    /// seconds; an `auto` span ends at the first frame after the timeline's length with nothing
    /// left to happen and nothing moving.
    public func run(_ run: TimelineRun, batch: Int = 16, _ body: ([Frame]) throws -> Void) throws {
        var pending: [Frame] = []
        var index = 0
        var previous = -Double.infinity
        let length = run.timeline.length
        while true {
            let t = Double(index) / fps
            if case .seconds(let d) = span, t > d + 1e-9 { break }
            guard index < Self.mostFrames else {
                throw ProofsheetError.usage(
                    "more than \(Self.mostFrames) frames", hint: "lower --fps or --duration")
            }
            if case .auto = span, t > Self.autoCap + 1e-9 {
                throw ProofsheetError.badInput(
                    "the timeline '\(run.timeline.name)' has not settled after \(Int(Self.autoCap)) s", at: run.timeline.location,
                    hint: "give --duration SECONDS (an animation that repeats forever never settles)")
            }
            let frame = try run.frame(at: t, index: index, eventsAfter: previous)
            previous = t
            pending.append(frame)
            if pending.count >= batch { try body(pending); pending = [] }
            index += 1
            if case .auto = span, t >= length, !(try run.hasPending(after: t)) {
                guard try run.settledAt(t) != nil else {
                    throw ProofsheetError.badInput(
                        "the timeline '\(run.timeline.name)' never settles", at: run.timeline.location,
                        hint: "give --duration SECONDS (an animation that repeats forever never settles)")
                }
                if !frame.animating { break }
            }
        }
        if !pending.isEmpty { try body(pending) }
    }
}

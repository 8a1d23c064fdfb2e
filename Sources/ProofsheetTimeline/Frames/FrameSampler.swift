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

    /// Runs `session` and hands frames to `body` in batches of at most `batch` (so a long
    /// timeline is never held whole). Frame k is at k / fps seconds.
    public func run(_ session: MotionSession, batch: Int = 16, _ body: ([Frame]) throws -> Void) throws {
        var pending: [Frame] = []
        var index = 0
        var eventsSince: [String] = []
        let length = session.timeline.length
        while true {
            let t = Double(index) / fps
            if case .seconds(let d) = span, t > d + 1e-9 { break }
            guard index < Self.mostFrames else {
                throw ProofsheetError.usage(
                    "more than \(Self.mostFrames) frames", hint: "lower --fps or --duration")
            }
            if case .auto = span, t > Self.autoCap + 1e-9 {
                throw ProofsheetError.badInput(
                    "the timeline '\(session.timeline.name)' has not settled after \(Int(Self.autoCap)) s", at: session.timeline.location,
                    hint: "give --duration SECONDS (an animation that repeats forever never settles)")
            }
            eventsSince += try session.advance(to: t).map(\.name)
            let animating = session.animator.isAnimating(at: t)
            pending.append(
                Frame(
                    index: index, time: t, events: eventsSince, state: session.state, animating: animating, tree: session.presented(at: t),
                    touches: session.touchPoints.sorted { $0.key < $1.key }.map(\.value)))
            eventsSince = []
            if pending.count >= batch { try body(pending); pending = [] }
            index += 1
            if case .auto = span, t >= length, !session.hasPending {
                guard session.animator.settledAt != nil else {
                    throw ProofsheetError.badInput(
                        "the timeline '\(session.timeline.name)' never settles", at: session.timeline.location,
                        hint: "give --duration SECONDS (an animation that repeats forever never settles)")
                }
                if !animating { break }
            }
        }
        if !pending.isEmpty { try body(pending) }
    }
}

import ProofsheetCore
import ProofsheetLayout

extension FrameSampler {
    /// Runs `session` and hands `body` the frame at each of `times` (ascending, within
    /// 0…``Timeline/latest``), in order: each frame's events are those since the previous one.
    /// Frame k is numbered k.
    public static func run(_ session: MotionSession, at times: [Double], _ body: (Frame) throws -> Void) throws {
        guard times.count <= mostFrames else {
            throw ProofsheetError.usage("more than \(mostFrames) frames", hint: "ask for fewer instants")
        }
        var previous = -Double.infinity
        for (index, t) in times.enumerated() {
            guard t >= previous else { throw ProofsheetError.usage("instants must be in order, got \(fmt(t)) after \(fmt(previous))") }
            previous = t
            let events = try session.advance(to: t).map(\.name)
            let animating = session.animator.isAnimating(at: t)
            try body(
                Frame(
                    index: index, time: t, events: events, state: session.state, animating: animating, tree: session.presented(at: t),
                    touches: session.touchPoints.sorted { $0.key < $1.key }.map(\.value)))
        }
    }

    /// When the timeline of `session` is over and everything has settled (as `--duration auto`
    /// finds it at 60 fps, at most ``autoCap``): the session is run to that point.
    public static func settledEnd(of session: MotionSession) throws -> Double {
        var end = 0.0
        try FrameSampler(fps: 60, span: .auto).run(session, batch: 64) { frames in end = frames.last?.time ?? end }
        return end
    }
}

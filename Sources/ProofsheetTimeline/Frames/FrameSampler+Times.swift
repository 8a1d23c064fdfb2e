import ProofsheetCore
import ProofsheetLayout

extension FrameSampler {
    /// Runs `session` (fresh) and hands `body` the frame at each of `times` (ascending, within
    /// 0…``Timeline/latest``), in order: each frame's events are those since the previous one.
    /// Frame k is numbered k (see ``TimelineRun/frames(at:_:)``).
    public static func run(_ session: MotionSession, at times: [Double], _ body: (Frame) throws -> Void) throws {
        try TimelineRun(session, retention: .latest).frames(at: times, body)
    }

    /// When the timeline of `session` (fresh) is over and everything has settled (see
    /// ``TimelineRun/settledEnd()``): the session is run to that point.
    public static func settledEnd(of session: MotionSession) throws -> Double {
        try TimelineRun(session, retention: .latest).settledEnd()
    }
}

import ProofsheetCairo
import ProofsheetLayout
import ProofsheetTimeline

extension Renderer: TimelineRendering {
    /// A fresh run of the timeline `name` of `program`, every scene moved by `scene`.
    private func session(of program: any SceneProgram, timeline name: String, scene: @escaping @Sendable (Scene) -> Scene) throws
        -> MotionSession
    {
        try MotionSession(template: program, timeline: try program.timeline(named: name)) { s in try self.layout(scene(s)).tree }
    }

    public func keyInstants(of program: any SceneProgram, timeline name: String, scene: @escaping @Sendable (Scene) -> Scene) throws
        -> [TimelineInstant]
    {
        try KeyInstant.of(try session(of: program, timeline: name, scene: scene)).map {
            TimelineInstant(milliseconds: $0.milliseconds, reasons: $0.reasons, events: $0.events)
        }
    }

    public func images(
        of program: any SceneProgram, timeline name: String, scene: @escaping @Sendable (Scene) -> Scene, at milliseconds: [Int]
    ) throws -> [RGBAImage] {
        let first = scene(try program.instantiate(try program.state(still: try program.timeline(named: name).from)))
        try first.validateSize()
        var out: [RGBAImage] = []
        try FrameSampler.run(try session(of: program, timeline: name, scene: scene), at: milliseconds.map { Double($0) / 1000 }) { frame in
            out.append(try backend.renderRGBA(DisplayList(painting: frame.tree, of: first), scale: first.scale))
        }
        return out
    }
}

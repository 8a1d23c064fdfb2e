import ProofsheetCairo
import ProofsheetLayout
import ProofsheetTimeline

extension Renderer {
    /// A running timeline of `program` (a scene file's template or a ``SwiftScene``), laid out
    /// by this renderer, every scene framed by `framing` (see ``TimelineFraming``).
    public func session(of program: some SceneProgram, timeline name: String, framing: TimelineFraming = TimelineFraming()) throws
        -> MotionSession
    {
        try MotionSession(template: program, timeline: try program.timeline(named: name)) { scene in try self.layout(framing.apply(scene)).tree }
    }

    /// The timeline `name` of `program` run once and recorded (see ``TimelineRun``) from `start`
    /// (nil: the timeline's own start), laid out by this renderer, every scene framed by
    /// `framing`: what `proofsheet frames`, `strip`, `storyboard`, `animate` and
    /// `check --timelines` run.
    public func run(
        of program: some SceneProgram, timeline name: String, framing: TimelineFraming = TimelineFraming(),
        retention: TimelineRun.Retention = .everything, start: SceneState? = nil
    ) throws -> TimelineRun {
        try TimelineRun(of: program, timeline: name, framing: framing, retention: retention, start: start) { scene in try self.layout(scene).tree }
    }

    /// Renders the frames of the timeline `name` of `program` at `fps`, in order, handing each
    /// frame and its bytes in `format` to `body` (frames are never all held). What
    /// `proofsheet frames` does for a scene file, for a Swift scene in a user's own code:
    ///
    ///     try renderer.frames(of: deck, timeline: "swipe", fps: 30) { frame, png in
    ///         try FileOutput.write(png, to: "Output/swipe/frame-\(frame.index).png")
    ///     }
    public func frames(
        of program: some SceneProgram, timeline name: String, fps: Double = 60, span: FrameSpan = .auto, framing: TimelineFraming = TimelineFraming(),
        format: OutputFormat = .png, png: PNGCompression = .fastest, _ body: (Frame, [UInt8]) throws -> Void
    ) throws {
        let run = try run(of: program, timeline: name, framing: framing, retention: .latest)
        try FrameSampler(fps: fps, span: span).run(run) { frames in
            for f in frames {
                try body(f, try backend.render(try run.displayList(f.tree), format: format, scale: run.first?.scale ?? 1, png: png))
            }
        }
    }
}

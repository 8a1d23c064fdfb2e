import ProofsheetCairo
import ProofsheetLayout
import ProofsheetTimeline

extension Renderer {
    /// A running timeline of `program` (a scene file's template or a ``SwiftScene``), laid out
    /// by this renderer.
    public func session(of program: some SceneProgram, timeline name: String) throws -> MotionSession {
        try MotionSession(template: program, timeline: try program.timeline(named: name)) { scene in try self.layout(scene).tree }
    }

    /// Renders the frames of the timeline `name` of `program` at `fps`, in order, handing each
    /// frame and its bytes in `format` to `body` (frames are never all held). What
    /// `proofsheet frames` does for a scene file, for a Swift scene in a user's own code:
    ///
    ///     try renderer.frames(of: deck, timeline: "swipe", fps: 30) { frame, png in
    ///         try FileOutput.write(png, to: "Output/swipe/frame-\(frame.index).png")
    ///     }
    public func frames(
        of program: some SceneProgram, timeline name: String, fps: Double = 60, span: FrameSpan = .auto, format: OutputFormat = .png,
        png: PNGCompression = .fastest, _ body: (Frame, [UInt8]) throws -> Void
    ) throws {
        let first = try program.instantiate(try program.state(still: try program.timeline(named: name).from))
        try first.validateSize()
        try FrameSampler(fps: fps, span: span).run(try session(of: program, timeline: name)) { frames in
            for f in frames {
                let list = DisplayList(painting: f.tree, size: first.canvas, background: first.background, scale: first.scale)
                try body(f, try backend.render(list, format: format, scale: first.scale, png: png))
            }
        }
    }
}

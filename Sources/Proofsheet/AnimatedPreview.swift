import Foundation
import ProofsheetAnimation
import ProofsheetCairo
import ProofsheetTimeline

/// An animated preview written by ``Renderer/writeAnimatedPreview(of:format:fps:span:to:loops:slow:hold:touches:jobs:progress:)``:
/// what `proofsheet animate` reports of it.
public struct AnimatedPreview: Sendable, Hashable {
    /// The frames drawn (a frame identical to the one before is stored as a longer one).
    public var frames: Int
    /// The frames' size in pixels.
    public var width: Int
    public var height: Int
    /// How long the preview plays once, in seconds (the timeline's span, `slow` times as long,
    /// and the hold on its last frame).
    public var duration: Double
    /// The file's size in bytes.
    public var bytes: Int

    /// How long the last frame is held by default, in seconds.
    public static let defaultHold = 1.0
    /// The longest hold.
    public static let longestHold = 60.0
}

extension Renderer {
    /// Writes an animated preview of `run` into the file `path` in `format`: the frames at `fps`
    /// over `span`, each shown from its instant `slow` times later, the last held `hold` seconds
    /// more (so the settled end is seen before the preview starts again), played `loops` times
    /// (0: for ever), the fingers drawn on the frames when `touches`. What `proofsheet animate`
    /// writes.
    ///
    /// Frames are drawn a batch at a time on `jobs` threads (all the processors when nil) and
    /// handed to the format's ``AnimatedPreviewWriter`` in order, which takes the first frame's
    /// size; the bytes do not depend on `jobs`. `progress`, when given, hears the number of frames
    /// drawn and the latest one's instant after each batch, then `nil` once every frame is drawn
    /// (before the file is finished). The last frame lasts one frame's time, and `hold`. With
    /// `poster`, the first frame is written there too, as a PNG (what a page shows before a
    /// video plays: `<video poster>`): first, so that a poster that cannot be written leaves no
    /// preview behind; a poster this call made is removed again when the preview then fails.
    @discardableResult
    public func writeAnimatedPreview(
        of run: TimelineRun, format: AnimatedPreviewFormat, fps: Double? = nil, span: FrameSpan = .auto, to path: String, loops: Int = 0,
        slow: Double = 1, hold: Double = AnimatedPreview.defaultHold, touches: Bool = false, jobs: Int? = nil, poster: String? = nil,
        progress: ((_ frames: Int, _ time: Double?) -> Void)? = nil
    ) throws -> AnimatedPreview {
        var posterMade = false
        var succeeded = false
        defer { if posterMade && !succeeded, let poster { unlink(poster) } }
        let fps = fps ?? format.defaultFPS
        let jobs = jobs ?? defaultJobs
        let scale = run.first?.scale ?? 1
        var writer: (any AnimatedPreviewWriter)? = nil
        var count = 0
        var last = 0.0
        try FrameSampler(fps: fps, span: span).run(run, batch: max(4, jobs * 4)) { frames in
            let lists = try frames.map { f -> DisplayList in
                var list = try run.displayList(f.tree)
                if touches { list.items += f.touches.flatMap(TouchMarks.finger) }
                return list
            }
            // Frames are drawn on every core, then stored in order (each against the one before).
            let images = try parallelMap(lists.count, jobs: jobs) { k in try self.backend.renderRGBA(lists[k], scale: scale) }
            for (f, image) in zip(frames, images) {
                // The writer takes the frames' own size.
                if writer == nil {
                    writer = try format.begin(width: image.width, height: image.height, loops: loops, writingTo: path)
                    if let poster {
                        posterMade = !FileOutput.exists(poster)
                        try FileOutput.write(try PNGCodec.encode(image, compression: .small), to: poster)
                    }
                }
                try writer!.append(image, shownFrom: f.time * slow)
                count += 1
                last = f.time
            }
            progress?(count, last)
        }
        progress?(count, nil)
        guard var writer else { throw ProofsheetError.internal("an animation needs at least one frame") }
        let end = (last + 1 / fps) * slow + max(0, hold)
        let bytes = try writer.finish(endingAt: end)
        succeeded = true
        return AnimatedPreview(frames: count, width: writer.width, height: writer.height, duration: end, bytes: bytes)
    }
}

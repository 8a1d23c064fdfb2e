import Foundation
import ProofsheetCairo
import ProofsheetLayout
import ProofsheetTimeline

extension Renderer: TimelineRendering {
    public func record(_ program: any SceneProgram, timeline name: String, framing: TimelineFraming) throws -> any TimelineRecording {
        try RecordedTimeline(run: try run(of: program, timeline: name, framing: framing), renderer: self)
    }
}

/// A check's timeline: run once by the renderer, its key instants found by the goldens' rule,
/// its images drawn from the same run.
///
/// A check hands it from the worker that ran it to the one that draws its images, never to two
/// at once; the lock keeps that so.
private final class RecordedTimeline: TimelineRecording, @unchecked Sendable {
    private let run: TimelineRun
    private let renderer: Renderer
    private let lock = NSLock()
    let keyInstants: [TimelineInstant]

    init(run: TimelineRun, renderer: Renderer) throws {
        self.run = run; self.renderer = renderer
        keyInstants = try run.keyInstants(.goldens).map {
            TimelineInstant(milliseconds: $0.milliseconds, reasons: $0.reasons, events: $0.events)
        }
    }

    func images(at milliseconds: [Int], _ body: (Int, RGBAImage) throws -> Void) throws {
        try lock.withLock {
            let scale = run.first?.scale ?? 1
            var index = 0
            try run.frames(at: milliseconds.map { Double($0) / 1000 }) { frame in
                try body(index, try renderer.backend.renderRGBA(try run.displayList(frame.tree), scale: scale))
                index += 1
            }
        }
    }
}

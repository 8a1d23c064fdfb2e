import Foundation
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout
import ProofsheetTimeline
import Synchronization

/// The motion benchmark: `travel-deck` `swipe-right` at 60 fps, one PNG per frame, at scale 2
/// and 3: frames per second of `proofsheet frames` (wall clock of the whole process) on one core
/// and on all cores, and where a frame's time goes (layout, interpolation, raster, encode),
/// measured in process on one thread.
func motionBenchmark(scenePath: String) throws {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    print("")
    print("Motion: travel-deck swipe-right at 60 fps, one PNG per frame (iPhone 14)")
    if let cli = releaseCLI() {
        let out = NSTemporaryDirectory() + "proofsheet-bench-frames"
        for scale in [2, 3] {
            var line = "\(scale)x     proofsheet frames:"
            for jobs in Array(Set([1, cores])).sorted() {
                try? FileManager.default.removeItem(atPath: out)
                let args = ["frames", scenePath, "--timeline", "swipe-right", "--scale", "\(scale)", "--jobs", "\(jobs)", "-o", out, "-q"]
                // One core means one core: the process is pinned to CPU 0 (the timeline is worked
                // out on a thread beside the drawing, which would otherwise take a second core).
                let taskset = "/usr/bin/taskset"
                let pinned = jobs == 1 && FileManager.default.isExecutableFile(atPath: taskset)
                let seconds = try timeProcess(pinned ? taskset : cli, pinned ? ["-c", "0", cli] + args : args, times: 3)
                let count = (try? FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".png") }.count) ?? 0
                line += String(
                    format: "  %d frames, %.2f s on %d core%@ = %.1f fps", count, seconds, jobs, jobs == 1 ? "" : "s", Double(count) / seconds)
            }
            print(line)
        }
    } else {
        print("(the release proofsheet binary is not built: no process figures)")
    }
    // Where the time goes, in process, on one thread.
    let renderer = try Renderer()
    let template = try SceneDecoder().template(file: scenePath)
    let timeline = try template.timeline(named: "swipe-right")
    for scale in [2.0, 3.0] {
        let layoutTime = Mutex(0.0)
        let session = try MotionSession(template: template, timeline: timeline) { scene in
            let t0 = monotonicSeconds()
            let tree = try renderer.layout(scene.on(try Device.named("iPhone 14"), scale: scale)).tree
            layoutTime.withLock { $0 += monotonicSeconds() - t0 }
            return tree
        }
        let first = try template.scene(still: timeline.from).on(try Device.named("iPhone 14"), scale: scale)
        var events = 0.0, interpolation = 0.0, paint = 0.0, raster = 0.0, encode = 0.0
        var count = 0
        layoutTime.withLock { $0 = 0 }
        try FrameSampler(fps: 60, span: .auto).run(session, batch: 1) { _ in }
        // The sampler above ran the timeline once (warming caches); run it again, timed.
        let timed = try MotionSession(template: template, timeline: timeline) { scene in
            let t0 = monotonicSeconds()
            let tree = try renderer.layout(scene.on(try Device.named("iPhone 14"), scale: scale)).tree
            layoutTime.withLock { $0 += monotonicSeconds() - t0 }
            return tree
        }
        layoutTime.withLock { $0 = 0 }
        var index = 0
        while true {
            let t = Double(index) / 60
            var t0 = monotonicSeconds()
            try timed.advance(to: t)
            events += monotonicSeconds() - t0
            t0 = monotonicSeconds()
            let tree = timed.presented(at: t)
            interpolation += monotonicSeconds() - t0
            t0 = monotonicSeconds()
            let list = DisplayList(painting: tree, of: first)
            paint += monotonicSeconds() - t0
            let r = try renderer.backend.renderPNG(list, scale: scale)
            raster += r.timing.raster
            encode += r.timing.encode
            count += 1
            index += 1
            if t >= timeline.length && !timed.hasPending && !timed.animator.isAnimating(at: t) { break }
        }
        let layout = layoutTime.withLock { $0 }
        let total = events + interpolation + paint + raster + encode
        func share(_ x: Double) -> String { String(format: "%4.1f ms (%2.0f%%)", x / Double(count) * 1000, x / total * 100) }
        print(
            "\(Int(scale))x     per frame over \(count) frames: layout \(share(layout)), other event work \(share(events - layout)), "
                + "interpolation \(share(interpolation)), paint \(share(paint)), raster \(share(raster)), encode \(share(encode)); "
                + String(format: "%.1f fps on one thread", Double(count) / total))
    }
}

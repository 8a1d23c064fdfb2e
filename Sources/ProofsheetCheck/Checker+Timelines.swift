import ProofsheetCore
import ProofsheetImage
import ProofsheetScene

extension Checker {
    /// Runs every timeline item once and finds its key instants (on every shard: they name the
    /// goldens the run produces); the images come from the same run. A timeline that cannot run
    /// is an error of its scene, and has no images.
    func findKeyInstants(_ items: inout [Item], _ errors: inout [SceneError], _ options: CheckOptions) throws {
        let indices = items.indices.filter { items[$0].timeline != nil }
        guard !indices.isEmpty else { return }
        guard let timelines else {
            throw ProofsheetError.internal("this renderer cannot run timelines")
        }
        let all = items
        let found: [Result<any TimelineRecording, ProofsheetError>] = try parallelMap(indices.count, jobs: options.jobs) { k in
            let item = all[indices[k]], t = item.timeline!
            do {
                return .success(try timelines.record(t.program, timeline: item.state, framing: t.variant))
            } catch let e as ProofsheetError where e.kind != .internal {
                return .failure(e)
            }
        }
        var failed = Set<Int>()
        for (k, result) in found.enumerated() {
            switch result {
            case .success(let recording): items[indices[k]].timeline!.recording = recording
            case .failure(let e):
                let item = items[indices[k]]
                failed.insert(indices[k])
                let message = "timeline '\(item.state)' on \(item.variant): \(e.description)"
                if !errors.contains(where: { $0.scene == item.name && $0.message == message }) {
                    errors.append(SceneError(scene: item.name, file: item.path, message: message))
                }
            }
        }
        items = items.enumerated().filter { !failed.contains($0.offset) }.map(\.element)
    }

    /// Checks a timeline at its key instants: one entry per instant, in time order.
    func checkTimeline(
        _ item: Item, _ options: CheckOptions, _ report: ReportFolder?, _ shared: RunShared
    ) throws -> [(entry: CheckEntry, environment: [String]?)] {
        let t = item.timeline!
        let entries = t.instants.map { instant in
            var e = CheckEntry(
                scene: item.name, state: TimelineInstant.folder(timeline: item.state, milliseconds: instant.milliseconds), variant: item.variant,
                status: .passed, golden: "")
            e.golden = options.goldenDirectory + "/" + e.goldenPath
            e.timeline = item.state
            e.at = instant.milliseconds
            e.events = instant.events
            e.reasons = instant.reasons
            return e
        }
        let images: [RGBAImage]
        do {
            guard let recording = t.recording else { throw ProofsheetError.internal("the timeline '\(item.state)' was not run") }
            images = try recording.images(at: t.instants.map(\.milliseconds))
            guard images.count == entries.count else {
                throw ProofsheetError.internal("the timeline gave \(images.count) images for \(entries.count) instants")
            }
        } catch let e as ProofsheetError {
            return entries.map { entry in
                var entry = entry
                entry.status = .error
                entry.message = e.description
                entry.inputError = e.kind != .internal
                return (entry, nil)
            }
        }
        let settings = options.settings(scene: item.name, still: item.state)
        return try zip(entries, images).map { entry, image in try compare(entry, image, item.scene, settings, options, report, shared) }
    }
}

import Foundation
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

    /// Checks a timeline at its key instants: one entry per instant, in time order, each compared
    /// with its frame in the timeline's golden file; the file is written again, once, when an
    /// instant is recorded (or `--prune` drops instants that are no longer key).
    func checkTimeline(
        _ item: Item, _ options: CheckOptions, _ report: ReportFolder?, _ shared: RunShared
    ) throws -> (results: [(entry: CheckEntry, environment: [String]?)], stale: StaleInstants?) {
        let t = item.timeline!
        let entries = t.instants.map { instant in
            var e = CheckEntry(
                scene: item.name, state: TimelineInstant.folder(timeline: item.state, milliseconds: instant.milliseconds), variant: item.variant,
                status: .passed, golden: "")
            e.timeline = item.state
            e.at = instant.milliseconds
            e.golden = options.goldenDirectory + "/" + e.goldenPath
            e.events = instant.events
            e.reasons = instant.reasons
            return e
        }
        func failAll(_ e: ProofsheetError) -> [(entry: CheckEntry, environment: [String]?)] {
            entries.map { entry in
                var entry = entry
                entry.status = .error
                entry.message = e.kind == .internal ? e.message : e.description
                entry.inputError = e.kind != .internal
                return (entry, nil)
            }
        }
        guard let recording = t.recording else { return (failAll(ProofsheetError.internal("the timeline '\(item.state)' was not run")), nil) }
        guard let first = entries.first else { return ([], nil) }
        // The timeline's file: read whole once to check it (keeping no image), then its frames
        // again one at a time as the instants are drawn, each kept only while a later instant
        // shows it.
        let file: String
        var golden: TimelineGolden?
        var bytes: [UInt8] = []
        do {
            file = try goldenFile(first, options)
            if FileOutput.exists(file) {
                do {
                    bytes = try TimelineGolden.bytes(file: file)
                    golden = try TimelineGolden.read(bytes, source: file, keeping: { _ in false })
                } catch let e as ImageError {
                    // Unreadable: rewritten whole in mode all; otherwise each instant says so.
                    guard options.record == .all else {
                        let error = ProofsheetError.badInput(
                            "the golden cannot be read: \(e.description); fix it, delete it, or approve the actual images")
                        return (failAll(error), nil)
                    }
                }
            } else if let legacy = LegacyTimelineGoldens.first(
                root: options.goldenDirectory, scene: item.name, timeline: item.state, variant: item.variant)
            {
                // Goldens of format 1 are never recorded over: they are migrated.
                return (
                    failAll(
                        ProofsheetError.badInput(
                            "this timeline's goldens are in golden format 1 (\(options.goldenDirectory)/\(legacy)); format 2 keeps them in one file, \(first.golden)",
                            hint: "run `proofsheet migrate` once, check the result, and commit it (CHANGELOG.md, golden format 2)")),
                    nil
                )
            }
        } catch let e as ProofsheetError {
            return (failAll(e), nil)
        }
        let settings = options.settings(scene: item.name, still: item.state)
        var results: [(entry: CheckEntry, environment: [String]?)] = []
        var recorded: [(milliseconds: Int, image: RGBAImage)] = []
        // Each instant drawn, compared and let go before the next is drawn.
        var comparing: Error?
        do {
            var stream = try golden.map { try TimelineGolden.Stream(bytes, source: file, frames: $0.frames, asking: entries.map { $0.at! }) }
            try recording.images(at: entries.map { $0.at! }) { k, image in
                do {
                    guard k < entries.count else {
                        throw ProofsheetError.internal("the timeline gave more images than its \(entries.count) instants")
                    }
                    let entry = entries[k]
                    let source = GoldenSource.frame(try stream?.image(at: entry.at!), environment: golden?.environment)
                    let result = try compare(entry, image, source, item.scene, settings, options, report, shared)
                    if result.entry.status == .recorded { recorded.append((entry.at!, image)) }
                    results.append(result)
                } catch {
                    comparing = error
                    throw error
                }
            }
            guard results.count == entries.count else {
                throw ProofsheetError.internal("the timeline gave \(results.count) images for \(entries.count) instants")
            }
        } catch {
            if let comparing { throw comparing }
            guard let e = error as? ProofsheetError else { throw error }
            return (failAll(e), nil)
        }
        // Instants of the file that are no longer key: kept, unless --prune drops them.
        let key = Set(entries.compactMap(\.at))
        let stale = (golden?.instants ?? []).filter { !key.contains($0) }
        // Dropped only from a file this Proofsheet recorded (a valid chunk of a format it reads).
        let ours = golden?.environment.map { EnvironmentFingerprint(text: $0) != nil && GoldenNames.formatProblem(ofChunk: $0) == nil } ?? false
        let dropped = options.prune && ours ? stale : []
        let staleInstants = stale.isEmpty ? nil : StaleInstants(golden: first.goldenPath, instants: stale, dropped: !dropped.isEmpty)
        guard !recorded.isEmpty || !dropped.isEmpty else { return (results, staleInstants) }
        var instants = recorded
        let rewritten = Set(recorded.map(\.milliseconds)).union(dropped)
        do {
            // The file is written again: the instants it keeps, read whole this once.
            let kept = (golden?.instants ?? []).filter { !rewritten.contains($0) }
            if !kept.isEmpty {
                let old = try TimelineGolden.read(bytes, source: file)
                for ms in kept { if let image = old.image(at: ms) { instants.append((ms, image)) } }
            }
            if instants.isEmpty {
                // Every instant dropped: nothing of the timeline is left to keep.
                guard unlink(file) == 0 else {
                    throw ProofsheetError.badInput("cannot delete \(SafePaths.clip(file)): \(String(cString: strerror(errno)))")
                }
            } else {
                let bytes = try TimelineGolden.encode(
                    instants, environment: options.environment.map(GoldenNames.chunkText), compression: options.pngCompression)
                try FileOutput.write(bytes, to: file)
            }
        } catch let e as ProofsheetError {
            return (failAll(e), nil)
        } catch let e as ImageError {
            return (failAll(ProofsheetError.badInput("the golden cannot be read: \(e.description)")), nil)
        }
        return (results, staleInstants)
    }
}

/// Instants a timeline's golden file holds that are no longer key instants of the timeline.
struct StaleInstants: Sendable {
    /// The file, below the golden root.
    var golden: String
    /// Their times, ascending.
    var instants: [Int]
    /// Whether `--prune` dropped them from the file.
    var dropped: Bool

    var text: String { "\(golden) at \(instants.map { "\($0) ms" }.joined(separator: ", "))" }
}

/// Goldens of format 1, where each key instant of a timeline was its own file
/// (`<scene>/<timeline>@<t>ms/<variant>.png`): found so that a check never records over them
/// and `proofsheet migrate` moves them into format 2.
public enum LegacyTimelineGoldens {
    /// One format-1 golden of `timeline` on `variant` below `root` (relative to it), or nil.
    static func first(root: String, scene: String, timeline: String, variant: String) -> String? {
        let folder = root + "/" + scene
        guard !FileOutput.isLink(folder), let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        for name in names.sorted() {
            guard let (t, _) = GoldenNames.instant(ofFolder: name), t == timeline else { continue }
            let rel = GoldenNames.path(scene: scene, state: name, variant: variant)
            if FileOutput.exists(root + "/" + rel) { return rel }
        }
        return nil
    }
}

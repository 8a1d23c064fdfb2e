import Foundation
import ProofsheetCairo
import ProofsheetLayout
import ProofsheetSheets
import ProofsheetTimeline

/// The folder of a timeline's frames that `proofsheet frames` writes: one PNG a frame
/// (`frame-00000.png`, `frame-00001.png`, …) and `manifest.json`, which holds the state once, as
/// it is at the start, and for each frame its instant, its events, what changed in the state and
/// every named view's animated values.
///
/// The folder is written whole or not at all, by the rule of every whole folder Proofsheet
/// writes (see ``FileOutput/checkReplaceableFolder(_:what:option:)``): the frames go to a
/// temporary folder beside the target, which then takes its place, and a folder already there
/// is replaced only when it holds exactly what Proofsheet wrote into it.
public enum FramesFolder {
    /// The version of `manifest.json`'s format: 2 since frames carry the state's changes, not
    /// the whole state (which the manifest holds once, as it is at the start); 3 since each
    /// frame carries every named view's values (a view not in a frame is not on screen then).
    public static let manifestVersion = 3

    /// The name of frame `index`'s file in the folder.
    public static func fileName(_ index: Int) -> String { String(format: "frame-%05d.png", index) }

    /// One frame's line of `manifest.json`: its `changes` are the state variables whose values
    /// differ from `shown` (the state as of the previous frame), which it then brings up to date,
    /// and its `views` every named view on screen with its animated values. A long string in the
    /// state is written once, not once a frame.
    static func manifestRow(_ f: Frame, file: String, since shown: inout [String: ScriptValue]) -> String {
        let events = "[" + f.events.map(jsonString).joined(separator: ", ") + "]"
        var changes: [String: ScriptValue] = [:]
        for (name, value) in f.state.values where shown[name] != value { changes[name] = value }
        for name in shown.keys where f.state.values[name] == nil { changes[name] = .null }
        shown = f.state.values
        let views = ViewTrack.namedValues(in: f.tree).map { id, values in
            jsonString(id) + ": {" + zip(PlottedProperty.names, values).map { jsonString($0) + ": " + jsonNumber($1) }.joined(separator: ", ") + "}"
        }
        return "{\"index\": \(f.index), \"t\": \(jsonNumber((f.time * 1e9).rounded() / 1e9)), \"file\": \(jsonString(file)), "
            + "\"events\": \(events), \"changes\": \(stateJSON(changes)), \"views\": {\(views.joined(separator: ", "))}, \"animating\": \(f.animating)}"
    }

    /// State values as a JSON object, names sorted.
    static func stateJSON(_ values: [String: ScriptValue]) -> String {
        "{" + values.keys.sorted().map { jsonString($0) + ": " + scriptJSON(values[$0]!) }.joined(separator: ", ") + "}"
    }

    /// A state value as JSON.
    static func scriptJSON(_ v: ScriptValue) -> String {
        switch v {
        case .number(let n): return jsonNumber(n)
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return jsonString(s)
        case .null, .unknown: return "null"
        case .array(let a): return "[" + a.map(scriptJSON).joined(separator: ", ") + "]"
        case .object(let m): return "{" + m.keys.sorted().map { jsonString($0) + ": " + scriptJSON(m[$0]!) }.joined(separator: ", ") + "}"
        }
    }
}

extension Renderer {
    /// Writes the frames of `run` at `fps` over `span` into the folder `folder`, with its
    /// `manifest.json` (see ``FramesFolder``), and returns the number of frames: what
    /// `proofsheet frames` writes. `scene` is what the manifest names as the scene (a scene
    /// file's path as given).
    ///
    /// While one batch of frames is drawn and encoded on `jobs` threads (all the processors when
    /// nil), the next batch's events and trees are worked out; the bytes do not depend on
    /// `jobs`. `progress`, when given, hears the number of frames written and the latest one's
    /// instant after each batch, then `nil` once every frame is written (before the manifest).
    ///
    /// - Throws: a usage error when `folder` is there and not Proofsheet's to replace (before
    ///   anything is drawn); any error of the run or of writing, leaving `folder` as it was.
    @discardableResult
    public func writeFrames(
        of run: TimelineRun, scene: String, fps: Double = 60, span: FrameSpan = .auto, to folder: String, png: PNGCompression = .fastest,
        jobs: Int? = nil, progress: ((_ frames: Int, _ time: Double?) -> Void)? = nil
    ) throws -> Int {
        let jobs = jobs ?? defaultJobs
        try FileOutput.checkReplaceableFolder(folder, what: "frames")
        let scale = run.first?.scale ?? 1
        // The manifest holds the state once, at the start; each frame, what changed since the
        // previous one.
        let start = try run.state(at: -.infinity).values
        var shown = start
        let temp = try FileOutput.temporaryFolder(beside: folder)
        var rows: [String] = []
        do {
            // While one batch of frames is drawn and encoded on every core, the next batch's
            // events and trees are worked out: the drawing never waits for the timeline.
            var drawing: BackgroundJob<[(frame: Frame, bytes: [UInt8])]>? = nil
            func finish(_ job: BackgroundJob<[(frame: Frame, bytes: [UInt8])]>) throws {
                let done = try job.wait()
                for (f, b) in done {
                    let name = FramesFolder.fileName(f.index)
                    try FileOutput.write(b, to: temp + "/" + name, createFolders: false, sync: false)
                    rows.append(FramesFolder.manifestRow(f, file: name, since: &shown))
                }
                if let progress, let last = done.last { progress(rows.count, last.frame.time) }
            }
            try FrameSampler(fps: fps, span: span).run(run, batch: max(4, jobs * 4)) { frames in
                let lists = try frames.map { try run.displayList($0.tree) }
                let next = BackgroundJob {
                    let bytes = try parallelMap(lists.count, jobs: jobs) { k in
                        try self.backend.render(lists[k], format: .png, scale: scale, png: png)
                    }
                    return Array(zip(frames, bytes)).map { (frame: $0.0, bytes: $0.1) }
                }
                if let previous = drawing { try finish(previous) }
                drawing = next
            }
            if let last = drawing { try finish(last) }
            progress?(rows.count, nil)
            let manifest =
                "{\n  \"version\": \(FramesFolder.manifestVersion),\n  \"scene\": \(jsonString(scene)),\n"
                + "  \"timeline\": \(jsonString(run.timeline.name)),\n"
                + "  \"fps\": \(jsonNumber(fps)),\n  \"scale\": \(jsonNumber(scale)),\n"
                + "  \"device\": \(run.first?.device.map { jsonString($0.name) } ?? "null"),\n  \"state\": \(FramesFolder.stateJSON(start)),\n"
                + "  \"frames\": [\n" + rows.map { "    " + $0 }.joined(separator: ",\n") + "\n  ]\n}\n"
            try FileOutput.write(Array(manifest.utf8), to: temp + "/manifest.json", createFolders: false)
            try FileOutput.replaceFolder(folder, with: temp, what: "frames")
        } catch {
            FileOutput.discardFolder(temp)
            throw error
        }
        return rows.count
    }

    /// Writes the frames of the timeline `name` of `program` into `folder`, as
    /// ``writeFrames(of:scene:fps:span:to:png:jobs:progress:)`` does for a run: the timeline
    /// run once, keeping only its latest instant, every scene framed by `framing`.
    @discardableResult
    public func writeFrames(
        of program: some SceneProgram, timeline name: String, scene: String, fps: Double = 60, span: FrameSpan = .auto,
        framing: TimelineFraming = TimelineFraming(), to folder: String, png: PNGCompression = .fastest, jobs: Int? = nil
    ) throws -> Int {
        try writeFrames(
            of: try run(of: program, timeline: name, framing: framing, retention: .latest), scene: scene, fps: fps, span: span, to: folder,
            png: png, jobs: jobs)
    }
}

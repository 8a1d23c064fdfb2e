import Foundation
import ProofsheetCore
import ProofsheetImage

/// `proofsheet migrate`: goldens of an older format rewritten in the current one, pixels
/// unchanged.
///
/// Format 1 → 2: each timeline's key instants, one file per instant
/// (`<scene>/<timeline>@<t>ms/<variant>.png`), become one file per timeline and variant
/// (``TimelineGolden``). Only goldens Proofsheet recorded (they carry its environment chunk)
/// are moved. Timeline by timeline, every golden is read before its new file is written (in one
/// rename), and only then are the files it replaces deleted: a migration stopped half way (a
/// golden that cannot be read) loses nothing, leaves each timeline in one format or the other,
/// and can be run again. Nothing is followed through a link.
public enum GoldenMigration {
    /// One timeline file to write from format-1 goldens.
    public struct Step: Sendable {
        /// The new file, below the golden root.
        public var golden: String
        /// The format-1 goldens it replaces, below the golden root, by instant.
        public var instants: [(milliseconds: Int, path: String)]
        /// Whether a format-2 file was already there (its instants are kept; theirs win).
        public var merges: Bool
    }

    /// What a migration of `root` would do: the format-1 goldens Proofsheet recorded, by the
    /// file they become; and the format-1 PNGs it leaves alone (no Proofsheet chunk).
    public static func plan(root: String) throws -> (steps: [Step], skipped: [String]) {
        guard FileOutput.isFolder(root), !FileOutput.isLink(root) else {
            throw ProofsheetError.usage(
                "the golden folder \(SafePaths.clip(root)) does not exist", hint: "pass --golden DIR, or run from the project's folder")
        }
        var groups: [String: [(Int, String)]] = [:]
        var skipped: [String] = []
        var seen = 0
        func walk(_ relative: String, depth: Int) throws {
            guard depth <= ReportReader.maxSceneDepth + 2 else { return }
            let dir = relative.isEmpty ? root : root + "/" + relative
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
            for name in names.sorted() where SafePaths.isPlainComponent(name) {
                let rel = relative.isEmpty ? name : relative + "/" + name
                let path = root + "/" + rel
                if FileOutput.isLink(path) { continue }
                if FileOutput.isFolder(path) {
                    try walk(rel, depth: depth + 1)
                    continue
                }
                let parts = rel.split(separator: "/").map(String.init)
                guard parts.count >= 3, name.hasSuffix(".png"), GoldenNames.isGoldenPath(rel),
                    let (timeline, ms) = TimelineInstant.parse(folder: parts[parts.count - 2])
                else { continue }
                seen += 1
                guard seen <= ReportFolder.maxEntries else {
                    throw ProofsheetError.badInput(
                        "more than \(ReportFolder.maxEntries) format-1 goldens below \(SafePaths.clip(root))",
                        hint: "migrate part of the tree: pass --golden with a folder below it")
                }
                guard GoldenNames.isRecorded(path) else {
                    skipped.append(rel)
                    continue
                }
                let scene = parts.dropLast(2).joined(separator: "/")
                let target = GoldenNames.timelinePath(scene: scene, timeline: timeline, variant: String(name.dropLast(4)))
                groups[target, default: []].append((ms, rel))
            }
        }
        try walk("", depth: 0)
        let steps = groups.keys.sorted().map { target in
            Step(
                golden: target, instants: groups[target]!.sorted { $0.0 < $1.0 }.map { (milliseconds: $0.0, path: $0.1) },
                merges: FileOutput.exists(root + "/" + target))
        }
        return (steps, skipped)
    }

    /// Carries out `steps` below `root`: reads every format-1 golden of a step (and the
    /// format-2 file it merges with), writes the new file, then deletes the old ones and the
    /// folders they leave empty. `progress` is told each file written.
    public static func apply(
        _ steps: [Step], root: String, compression: PNGCompression = .small, progress: (Step) -> Void = { _ in }
    ) throws {
        for step in steps {
            var instants: [(milliseconds: Int, image: RGBAImage)] = []
            var environment: String?
            for (ms, rel) in step.instants {
                let path = try SafePaths.inside(root, rel, what: "the golden \(rel)")
                let bytes = try ImageFileIO.read(path)
                if GitLFS.isPointer(bytes) {
                    throw ProofsheetError.badInput("\(SafePaths.clip(path)) is a Git LFS pointer, not an image: run `git lfs pull` first")
                }
                do { instants.append((ms, try RGBAImage(decoding: bytes, source: path))) } catch {
                    throw ProofsheetError.badInput("the golden cannot be read: \(error.description)", hint: "fix it or delete it, then migrate again")
                }
                if environment == nil {
                    environment = PNGText.read(EnvironmentFingerprint.pngKeyword, in: bytes).flatMap(EnvironmentFingerprint.init(text:)).map(
                        GoldenNames.chunkText)
                }
            }
            guard Set(instants.map(\.image.size)).count == 1 else {
                throw ProofsheetError.badInput(
                    "the format-1 goldens of \(SafePaths.clip(root + "/" + step.golden)) differ in size",
                    hint: "delete the ones of the wrong size (or all, and record them again)")
            }
            let target = try SafePaths.inside(root, step.golden, what: "the golden \(step.golden)")
            if FileOutput.exists(target) {
                // A format-2 file already there (recorded or approved since): its instants win.
                let old: TimelineGolden
                do { old = try TimelineGolden.read(file: target) } catch let e as ImageError {
                    throw ProofsheetError.badInput("the golden cannot be read: \(e.description)", hint: "delete it, then migrate again")
                }
                if let text = old.environment, let problem = GoldenNames.formatProblem(ofChunk: text) {
                    throw ProofsheetError.badInput(
                        "\(SafePaths.clip(target)) is not this Proofsheet's to merge into: \(problem)",
                        hint: "migrate with the Proofsheet that recorded it, or delete it and record it again")
                }
                let kept = Set(old.instants)
                instants.removeAll { kept.contains($0.milliseconds) }
                for ms in old.instants { if let image = old.image(at: ms) { instants.append((ms, image)) } }
                guard Set(instants.map(\.image.size)).count == 1 else {
                    throw ProofsheetError.badInput(
                        "\(SafePaths.clip(target)) and the format-1 goldens of its timeline differ in size",
                        hint: "delete the format-1 goldens of \(step.golden) that are out of date")
                }
                environment = old.environment.flatMap(EnvironmentFingerprint.init(text:)).map(GoldenNames.chunkText) ?? environment
            }
            try FileOutput.write(
                try TimelineGolden.encode(instants, environment: environment, compression: compression), to: target)
            for (_, rel) in step.instants {
                let path = try SafePaths.inside(root, rel, what: "the golden \(rel)")
                guard unlink(path) == 0 else {
                    throw ProofsheetError.badInput("cannot delete \(SafePaths.clip(path)): \(String(cString: strerror(errno)))")
                }
                // The instant's folder, when nothing else is in it.
                _ = rmdir(try SafePaths.inside(root, String(rel[..<rel.lastIndex(of: "/")!]), what: "a golden folder", folder: true))
            }
            progress(step)
        }
    }
}

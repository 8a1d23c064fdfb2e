import Foundation
import Proofsheet
import ProofsheetLayout
import ProofsheetCheck
import Synchronization

/// What `render` and `check` do when layout puts a view past its frame or past the screen
/// (`--overflow`).
enum OverflowMode: String, CaseIterable {
    /// Print a warning for each overflow (the default).
    case warn
    /// Print each as an error; the command fails with exit code 1 (a failed check: the scene
    /// read fine, its layout did not pass) and `render` writes nothing.
    case error
    /// Say nothing.
    case ignore
}

/// `--overflow warn|error|ignore`; nil when not given (warn).
func overflowOption(_ args: inout Arguments) throws -> OverflowMode? {
    guard let text = try args.value("--overflow") else { return nil }
    guard let mode = OverflowMode(rawValue: text) else {
        throw ProofsheetError.usage("--overflow '\(clipped(text))' is not warn, error or ignore", hint: "--overflow error fails on any overflow")
    }
    return mode
}

/// Prints the overflows of one laid-out scene (labelled `label`) as `mode` says; their count.
@discardableResult
func reportOverflows(_ tree: ResolvedView, screen: Size, label: String, mode: OverflowMode, quiet: Bool) -> Int {
    guard mode != .ignore else { return 0 }
    let found = tree.overflows(screen: screen)
    if mode == .error || !quiet {
        let level = mode == .error ? "error" : "warning"
        for o in found { FileHandle.standardError.write(Data("proofsheet: \(level): \(label): \(visible(o.message))\n".utf8)) }
    }
    return found.count
}

/// A check's renderer that also collects each laid-out scene's overflows (`check --overflow`).
final class OverflowWatch: CheckRendering, Sendable {
    let renderer: Renderer
    let mode: OverflowMode
    private let found = Mutex<Set<String>>([])
    /// Texts with characters no pinned font draws: warnings whatever the mode.
    private let boxes = Mutex<Set<String>>([])

    init(_ renderer: Renderer, mode: OverflowMode) { self.renderer = renderer; self.mode = mode }

    func prepare(_ scene: Scene) throws -> LayoutResult {
        let layout = try renderer.prepare(scene)
        let label = "\(scene.file ?? "scene")" + (scene.device.map { " on \($0.name)" } ?? "") + " @\(fmt(scene.scale))x"
        if mode != .ignore {
            let lines = layout.tree.overflows(screen: scene.drawingSize).map { "\(label): \(visible($0.message))" }
            found.withLock { $0.formUnion(lines) }
        }
        let missing = renderer.missingGlyphWarnings(in: layout.tree).map { "\(scene.file ?? "scene"): \(visible($0))" }
        if !missing.isEmpty { boxes.withLock { $0.formUnion(missing) } }
        return layout
    }

    func image(of prepared: LayoutResult, scene: Scene) throws -> RGBAImage { try renderer.image(of: prepared, scene: scene) }

    /// Prints what was found (sorted: the same at any thread count); whether the check fails for it.
    func report(quiet: Bool) -> Bool {
        let lines = found.withLock { $0 }.sorted()
        if !quiet {
            for l in boxes.withLock({ $0 }).sorted() { FileHandle.standardError.write(Data("proofsheet: warning: \(l)\n".utf8)) }
        }
        if mode == .error || !quiet {
            let level = mode == .error ? "error" : "warning"
            for l in lines { FileHandle.standardError.write(Data("proofsheet: \(level): \(l)\n".utf8)) }
        }
        return mode == .error && !lines.isEmpty
    }
}

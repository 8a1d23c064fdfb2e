import Foundation
import Proofsheet
import ProofsheetLayout
import ProofsheetTimeline

/// One renderer for the suite (fonts and images are loaded once).
let sharedRenderer: Renderer = try! Renderer()

/// A template from scene JSON.
func template(_ json: String) throws -> SceneTemplate { try SceneDecoder().template(bytes: Array(json.utf8), file: "t.json") }

/// A session running `timeline` of a scene, laid out by the real engine.
func session(_ json: String, _ timeline: String) throws -> MotionSession {
    let t = try template(json)
    return try MotionSession(template: t, timeline: try t.timeline(named: timeline)) { try sharedRenderer.layout($0).tree }
}

extension ResolvedView {
    /// The view with `.id(name)`, as shown.
    func named(_ name: String) -> ResolvedView? { find(name) }
    /// The summed offset of the views from the root down to the one named `name`.
    func totalOffset(of name: String) -> Point? {
        if id == name { return effects.offset }
        for c in children {
            if let p = c.totalOffset(of: name) { return Point(x: p.x + effects.offset.x, y: p.y + effects.offset.y) }
        }
        return nil
    }
}

/// Paths inside the package.
enum Paths {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
}

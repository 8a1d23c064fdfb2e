import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout
import ProofsheetSheets
import ProofsheetTimeline

/// Storyboards: the key instants of a timeline, which are kept when there are too many, the
/// fingers' paths, and the board laid out by numbers (panels in a grid, the ruler's marks where
/// the panels' instants fall).
@Suite("Storyboards")
struct StoryboardTests {
    static let stackPath = Paths.root + "/Assets/Scenes/swipe-stack.json"

    /// A session of the swipe stack's `timeline` on a 1x iPhone SE.
    func stackSession(_ timeline: String = "throw-right") throws -> (MotionSession, Scene) {
        let template = try SceneDecoder().template(file: Self.stackPath)
        let se = try Device.named("iPhone SE")
        let first = try template.scene().on(se, scale: 1)
        let session = try MotionSession(template: template, timeline: try template.timeline(named: timeline)) {
            try sharedRenderer.layout($0.on(se, scale: 1)).tree
        }
        return (session, first)
    }

    func board(panelScale: Double = 0.25) throws -> (Storyboard, [(time: Double, kind: StoryboardPanel.Kind)]) {
        let (session, first) = try stackSession()
        let run = TimelineRun(session, first: first)
        let end = try run.settledEnd()
        let keys = try StoryboardFrames.keyInstants(of: run)
        let made = try StoryboardFrames.panels(run, at: keys) { try run.displayList($0) }
        let board = Storyboard(
            title: "stack", subtitle: "", panels: made.panels, end: end, touchSpans: made.touchSpans, columns: 3, panelScale: panelScale)
        return (board, keys)
    }

    /// The start, each instant something happens, the last touch sample before the release,
    /// the middle of each animation by motion, and the settled end: the throw's touch goes down
    /// at 0.1 s and lifts at 0.4 s (the board shows the card dragged just before), the card
    /// flies (halfway there at 463 ms), is thrown at 0.7 s, the next moves up (halfway at
    /// 853 ms), and all settles later.
    @Test func keyInstantsAreStartEventsAndSettledEnd() throws {
        let (board, keys) = try board()
        #expect(keys.map(\.kind) == [.start, .event, .beforeRelease, .event, .midAnimation, .event, .midAnimation, .settled])
        #expect(keys[0].time == 0 && abs(keys[1].time - 0.1) < 1e-9 && abs(keys[3].time - 0.4) < 1e-9 && abs(keys[5].time - 0.7) < 1e-9)
        #expect(abs(keys[2].time - (0.4 - 1 / MotionSession.touchRate)) < 1e-9)
        #expect(keys.map { KeyInstant.milliseconds($0.time) } == [0, 100, 392, 400, 463, 700, 853, 1500])
        #expect(keys[7].time <= FrameSampler.autoCap)
        let p = board.panels
        #expect(p.map(\.time) == keys.map(\.time))
        #expect(p[1].events.map(\.name) == ["touch down"])
        #expect(p[2].events.isEmpty && board.caption(p[2]) == "before release")
        #expect(p[3].events.map(\.name).contains("release"))
        #expect(p[4].events.isEmpty && board.caption(p[4]) == "mid-animation")
        #expect(p[7].events.isEmpty)
        // What the panel shows is the frame at its instant: dragged, then moved by the release.
        #expect(p[2].picture != p[1].picture && p[3].picture != p[2].picture)
        // Just before the release the finger is still down, at its furthest.
        let dragging = try #require(p[2].touches.first)
        #expect(dragging.isDown)
        let v = try #require(dragging.vector)
        #expect(v.to.x - v.from.x > 150 && v.to.x - v.from.x < 160)
    }

    /// Fingers: down at the touch-down panel (a path of one point); at the release panel lifted,
    /// its path the drag's 120 Hz samples from where it went down, 160 pt right and 10 down.
    @Test func fingersCarryTheirPathAndDrag() throws {
        let (board, _) = try board()
        let p = board.panels
        #expect(p[0].touches.isEmpty && p[5].touches.isEmpty)
        let down = try #require(p[1].touches.first)
        #expect(down.isDown && down.path.count == 1)
        let lifted = try #require(p[3].touches.first)
        #expect(!lifted.isDown)
        let v = try #require(lifted.vector)
        #expect(abs(v.to.x - v.from.x - 160) < 0.5 && abs(v.to.y - v.from.y - 10) < 0.5)
        #expect(lifted.path.count >= 30, "the drag's samples over 0.3 s")
        #expect(board.touchSpans.count == 1)
        #expect(abs(board.touchSpans[0].lowerBound - 0.1) < 1e-9 && abs(board.touchSpans[0].upperBound - 0.4) < 1e-9)
        #expect(board.dragCaption(p[3]) == "drag +160, +10 pt")
        #expect(board.dragCaption(p[1]) == nil)
        // Drawn on the panel: the path, the arrow and the ring where the finger lifted.
        let items = board.touchItems(p[3].touches)
        #expect(
            items.contains {
                if case .stroke(.polyline(let pts, closed: false), _, _) = $0 { return pts.count == lifted.path.count }; return false
            })
        #expect(
            items.contains {
                if case .fill(.polyline(let pts, closed: true), _) = $0 { return pts.count == 3 && pts[0] == v.to }; return false
            })
    }

    /// Too many key instants: the first and last stay, and those that keep the rest most evenly
    /// spread; with --panels beyond the key instants, frames between them go where the gaps
    /// are longest, at whole milliseconds.
    @Test func choosingPanels() {
        let keys: [(time: Double, kind: StoryboardPanel.Kind)] = [(0, .start), (0.1, .event), (0.12, .event), (0.5, .event), (1, .settled)]
        #expect(StoryboardFrames.choose(keys, count: 4, fill: false).map(\.time) == [0, 0.12, 0.5, 1])
        #expect(StoryboardFrames.choose(keys, count: 3, fill: false).map(\.time) == [0, 0.5, 1])
        #expect(StoryboardFrames.choose(keys, count: 2, fill: false).map(\.time) == [0, 1])
        #expect(StoryboardFrames.choose(keys, count: 12, fill: false).count == 5)
        let filled = StoryboardFrames.choose(keys, count: 7, fill: true)
        #expect(filled.map(\.time) == [0, 0.1, 0.12, 0.31, 0.5, 0.75, 1])
        #expect(filled.map(\.kind) == [.start, .event, .event, .between, .event, .between, .settled])
        // Cut and filled at once never happens: asking fewer than the keys cuts them.
        #expect(StoryboardFrames.choose(keys, count: 3, fill: true).map(\.time) == [0, 0.5, 1])
    }

    /// By motion (`--panels`): with everything moving in the second half, the panels between
    /// go there, and of too many keys those in the motion are kept. The scale is nine tenths
    /// motion, one tenth time, and turns back into instants exactly.
    @Test func choosingPanelsByMotion() {
        let scale = MotionScale(times: [0, 0.25, 0.5, 0.75, 1], motion: [0, 0, 0, 50, 100])
        #expect(scale.positions.map { ($0 * 1000).rounded() / 1000 } == [0, 0.025, 0.05, 0.525, 1])
        for t in [0.0, 0.1, 0.6, 0.8, 1] { #expect(abs(scale.time(at: scale.position(at: t)) - t) < 1e-12) }
        let ends: [(time: Double, kind: StoryboardPanel.Kind)] = [(0, .start), (1, .settled)]
        #expect(StoryboardFrames.choose(ends, count: 4, fill: true).map(\.time) == [0, 0.333, 0.667, 1])
        #expect(StoryboardFrames.choose(ends, count: 4, fill: true, by: scale).map(\.time) == [0, 0.649, 0.825, 1])
        let keys: [(time: Double, kind: StoryboardPanel.Kind)] = [(0, .start), (0.2, .event), (0.4, .event), (0.8, .event), (1, .settled)]
        #expect(StoryboardFrames.choose(keys, count: 3, fill: false).map(\.time) == [0, 0.4, 1])
        #expect(StoryboardFrames.choose(keys, count: 3, fill: false, by: scale).map(\.time) == [0, 0.8, 1])
        // No motion at all: the scale is time.
        let still = MotionScale(times: [0, 0.5, 1], motion: [0, 0, 0])
        #expect(StoryboardFrames.choose(ends, count: 4, fill: true, by: still).map(\.time) == [0, 0.333, 0.667, 1])
    }

    /// Laid out: the panels in a grid at the panel scale, captions that say the instant, the
    /// events and the drag, and the ruler's marks where the instants fall on its axis.
    @Test func boardByNumbers() throws {
        let (board, _) = try board()
        var scene = Scene(canvas: Size(width: 1, height: 1), scale: 1, background: board.style.background, root: board.node())
        scene.canvas = try sharedRenderer.size(of: scene)
        let tree = try sharedRenderer.layout(scene).tree
        let panels = try (1...6).map { try #require(tree.find("panel-\($0)")).frame }
        for f in panels { #expect(f.width == 375 * 0.25 && f.height == 667 * 0.25) }
        // Each number leads its caption, under its panel at its leading edge: it covers nothing
        // of the picture (the status bar's time is at the panel's top-leading corner).
        for (k, f) in panels.enumerated() {
            let b = try #require(tree.find("badge-\(k + 1)")).frame
            #expect(b.minX == f.minX && b.minY >= f.maxY + 6 && b.minY < f.maxY + 12, "badge \(k + 1): \(b) under \(f)")
        }
        #expect(panels[1].minX - panels[0].maxX == board.style.spacing && panels[3].minX == panels[0].minX && panels[3].minY > panels[0].maxY)
        let ruler = try #require(tree.find("ruler")).frame
        #expect(ruler.minY > panels[5].maxY && ruler.width == panels[2].maxX - panels[0].minX)
        let marks = try (1...6).map { try #require(tree.find("mark-\($0)")).frame }
        let xs = marks.map { $0.minX + $0.width / 2 - ruler.minX }
        let times = board.panels.map(\.time)
        // Positions proportional to time between the first and last mark.
        for k in 1..<5 {
            let expected = xs[0] + (xs[5] - xs[0]) * times[k] / times[5]
            #expect(abs(xs[k] - expected) < 0.01, "mark \(k + 1)")
        }
        var texts: [String] = []
        func walk(_ v: ResolvedView) {
            if case .text(let t) = v.content { texts.append(t.text) }
            v.children.forEach(walk)
        }
        walk(tree)
        for s in [
            "0 ms", "100 ms", "392 ms", "400 ms", "start", "touch down", "before release", "settled", "drag +160, +10 pt", "mid-animation", "+292 ms",
            "+647 ms"
        ] {
            #expect(texts.contains(s), "no caption '\(s)'")
        }
        #expect(texts.contains { $0.hasPrefix("release") })
    }
}

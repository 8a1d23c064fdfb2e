import Foundation
import Proofsheet
import ProofsheetLayout
import ProofsheetSheets
import ProofsheetTimeline
import Testing

/// A timeline run once and recorded: any instant seen from the record is the instant a session
/// advanced straight to it shows, in whatever order instants are asked for.
@Suite("Timeline runs")
struct TimelineRunTests {
    /// The travel deck's swipe to the right on a 1x iPhone SE, as `strip` and `storyboard` run it.
    static func deckRun(_ retention: TimelineRun.Retention = .everything) throws -> TimelineRun {
        let deck = try SceneDecoder().template(file: Paths.root + "/Assets/Scenes/travel-deck.json")
        let se = try Device.named("iPhone SE")
        return try sharedRenderer.run(of: deck.on(se), timeline: "swipe-right", framing: TimelineFraming(device: se, scale: 1), retention: retention)
    }

    /// A fresh session of the same timeline advanced straight to `t`: its tree, state, touches
    /// and everything that happened by then.
    static func straight(to t: Double) throws -> (tree: ResolvedView, state: SceneState, touches: [Int: Point], events: [String]) {
        let deck = try SceneDecoder().template(file: Paths.root + "/Assets/Scenes/travel-deck.json")
        let se = try Device.named("iPhone SE")
        let framing = TimelineFraming(device: se, scale: 1)
        let program = deck.on(se)
        let session = try MotionSession(template: program, timeline: try program.timeline(named: "swipe-right")) {
            try sharedRenderer.layout(framing.apply($0)).tree
        }
        let events = try session.advance(to: t).map(\.name)
        return (session.presented(at: t), session.state, session.touchPoints, events)
    }

    /// Run to its settled end first (at 60 fps), then seen at instants off that grid, out of
    /// order: each is what a session advanced straight there shows.
    @Test func anInstantFromTheRecordIsTheInstantItself() throws {
        let run = try Self.deckRun()
        let end = try run.settledEnd()
        #expect(end > 1 && end < 2)
        let happened = run.session.history.count
        for t in [0.9, 0.25, 0.4, 0.4001, 0.137, 0, end] {
            let frame = try run.frame(at: t)
            let direct = try Self.straight(to: t)
            #expect(frame.tree == direct.tree, "tree at \(t) s")
            #expect(frame.state == direct.state, "state at \(t) s")
            #expect(frame.touches == direct.touches.sorted { $0.key < $1.key }.map(\.value), "touches at \(t) s")
            #expect(frame.events == direct.events, "events by \(t) s")
        }
        // Seeing earlier instants ran nothing again.
        #expect(run.session.history.count == happened && run.session.now == end)
    }

    /// N frames at a rate from the run are the sampler's N frames, and the key instants by the
    /// goldens' rule are those of a fresh session.
    @Test func framesAndKeyInstantsOfOneRun() throws {
        let run = try Self.deckRun()
        let keys = try run.keyInstants(.goldens)
        #expect(keys.map(\.milliseconds) == [0, 101, 276, 401, 625, 850, 1075, 1300])
        var sampled: [Frame] = []
        try FrameSampler(fps: 10, span: .seconds(0.5)).run(try Self.deckRun(.latest)) { sampled += $0 }
        #expect(sampled.count == 6)
        var seen: [Frame] = []
        try run.frames(at: sampled.map(\.time)) { seen.append($0) }
        #expect(seen.map(\.tree) == sampled.map(\.tree))
        #expect(seen.map(\.events) == sampled.map(\.events))
        #expect(seen.map(\.index) == Array(0..<6))
    }

    /// One model, two rules: a storyboard's instants are the events' own (the start's at 0),
    /// a golden's the millisecond after each, with the animations' quarters.
    @Test func theStoryboardRuleAndTheGoldensRule() throws {
        let run = try Self.deckRun()
        let board = try run.keyInstants(.storyboard)
        let goldens = try run.keyInstants(.goldens)
        #expect(board.first?.kind == .start && board.last?.kind == .end)
        #expect(board.dropFirst().dropLast().allSatisfy { [.event, .beforeRelease, .animation].contains($0.kind) })
        // The middle of each animation by motion: inside it, where the motion scale is halfway
        // (to the millisecond it is rounded to), and before its middle by time (a spring's tail
        // moves little).
        let motion = try run.motionScale()
        let spans = try run.startedAnimations().compactMap { s in s.end.map { (s.start, $0) } }.filter { $0.1 > $0.0 }
        let middles = board.filter { $0.kind == .animation }
        #expect(!middles.isEmpty && middles.count <= spans.count)
        for key in middles {
            let span = try #require(spans.first { $0.0 < key.time && key.time < $0.1 }, "\(key.time) in no animation")
            let half = (motion.position(at: span.0) + motion.position(at: span.1)) / 2
            #expect(abs(motion.position(at: key.time) - half) < motion.position(at: key.time + 0.001) - motion.position(at: key.time - 0.001) + 1e-9)
            #expect(key.time < (span.0 + span.1) / 2)
        }
        // The touch sample before the release: the drag at its furthest (no golden of its own).
        let before = try #require(board.first { $0.kind == .beforeRelease })
        #expect(before.reasons == ["before release"] && abs(before.time - (0.4 - 1 / MotionSession.touchRate)) < 1e-9)
        #expect(board.last.map { KeyInstant.milliseconds($0.time) } == goldens.last?.milliseconds)
        // Every event after the start: a storyboard instant at it, a golden 1 ms after it.
        for key in board.dropFirst().dropLast() where key.kind == .event {
            #expect(goldens.contains { $0.milliseconds == KeyInstant.milliseconds(key.time) + 1 })
        }
        #expect(goldens.contains { $0.kind == .animation })
        #expect(try StoryboardFrames.keyInstants(of: run).map(\.time) == board.map(\.time))
    }

    /// The motion scale counts what moves in sight: a box sliding in linearly from 400 pt off
    /// a 200 pt screen over 1 s is on the screen (its centre within it) only for the last
    /// two fifths, so the scale rises there (bar the tenth spread over time).
    @Test func motionIsMeasuredOnTheScreen() throws {
        let json = """
            {"canvas": {"width": 200, "height": 100}, "state": {"x": 400},
             "timelines": {"t": [{"at": 0, "withAnimation": "linear(duration: 1)", "set": {"x": 0}}]},
             "root": {"type": "Rectangle", "fill": "red", "modifiers": [{"frame": {"width": 20, "height": 20}}, {"offset": {"x": "$x"}}, {"id": "box"}]}}
            """
        let template = try SceneDecoder().template(bytes: Array(json.utf8), file: "m.json")
        let run = try sharedRenderer.run(of: template, timeline: "t", framing: TimelineFraming(device: nil, scale: 1))
        let scale = try run.motionScale()
        // Off the screen until the centre (100 + x) is within 200: x ≤ 100, from 0.75 s.
        #expect(abs(scale.position(at: 0.7) - 0.1 * 0.7 / (scale.times.last ?? 1)) < 0.02, "\(scale.position(at: 0.7))")
        #expect(scale.position(at: 1) > 0.95)
        #expect(abs(scale.time(at: 0.55) - 0.875) < 0.03, "\(scale.time(at: 0.55))")
    }

    /// A run that keeps only the latest instant refuses to go back.
    @Test func aRunKeepingTheLatestGoesForwardOnly() throws {
        let run = try Self.deckRun(.latest)
        _ = try run.frame(at: 0.5)
        _ = try run.frame(at: 0.5)
        #expect(throws: ProofsheetError.self) { try run.frame(at: 0.2) }
    }

    /// A scene that asks for the device frame: `Renderer.frames(of:)` draws its timeline without
    /// it, at the screen's own size, as `proofsheet frames` does (a still keeps it).
    @Test func libraryFramesAreDrawnWithoutTheDeviceFrame() throws {
        let framed = try template(
            """
            {"canvas": "iPhone SE", "chrome": {"deviceFrame": true}, "state": {"x": 0},
             "timelines": {"t": [{"at": 0.1, "set": {"x": 10}}]},
             "root": {"type": "Rectangle", "fill": "red", "modifiers": [{"offset": {"x": "=$x"}}]}}
            """)
        var sizes: [[Int]] = []
        try sharedRenderer.frames(of: framed, timeline: "t", fps: 10, span: .seconds(0.2), framing: TimelineFraming(scale: 1)) { _, png in
            let image = try PNGCodec.decode(png)
            sizes.append([image.width, image.height])
        }
        #expect(sizes == [[375, 667], [375, 667], [375, 667]])
        var still = try framed.scene()
        still.scale = 1
        let png = try PNGCodec.decode(try sharedRenderer.render(still, format: .png))
        #expect(png.width > 375)
    }
}

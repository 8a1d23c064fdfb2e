import Foundation
import Testing
import Proofsheet
import ProofsheetLayout
import ProofsheetMotion
import ProofsheetTimeline

/// State changes in transactions, interpolated frame by frame: frame-exact curves, SwiftUI's
/// implicit-animation scope, interruption, transitions.
@Suite("Transactions")
struct TransactionTests {
    /// A 20-pt square whose offset follows `$x`; modifiers given in `modifiers`.
    func square(_ modifiers: String, timeline: String) -> String {
        """
        {"canvas": {"width": 200, "height": 100}, "state": {"x": 0, "y": 0, "on": true},
         "timelines": {"t": \(timeline)},
         "root": {"type": "ZStack", "alignment": "topLeading", "children": [
           {"type": "Rectangle", "fill": "red", "modifiers": [{"frame": {"width": 20, "height": 20}}, \(modifiers)]}]}}
        """
    }

    /// `withAnimation` of an animation held in a value — a constant, a state variable, an
    /// expression — animates with it, read when the action runs (it used to load and then not
    /// animate); a value that is no spelling is a located error.
    @Test func anAnimationHeldInAValueAnimates() throws {
        let curve = Animation.curve(.easeOut, duration: 0.5)
        for spelled in [#""$snap""#, #""$anim""#, #""='easeOut(duration: ' + $half + ')'""#] {
            let json = """
                {"canvas": {"width": 200, "height": 100}, "vars": {"snap": "easeOut(duration: 0.5)", "half": 0.5},
                 "state": {"x": 0, "anim": "easeOut(duration: 0.5)"},
                 "timelines": {"t": [{"at": 0.1, "do": [{"withAnimation": \(spelled), "do": [{"set": {"x": 100}}]}]}],
                               "step": [{"at": 0.1, "withAnimation": \(spelled), "set": {"x": 100}}]},
                 "root": {"type": "Rectangle", "fill": "red", "modifiers": [{"frame": {"width": 20, "height": 20}}, {"offset": {"x": "$x"}}, {"id": "sq"}]}}
                """
            for timeline in ["t", "step"] {
                var frames: [Frame] = []
                try FrameSampler(fps: 10, span: .seconds(0.6)).run(try session(json, timeline)) { frames += $0 }
                for f in frames where f.time > 0.1 {
                    let x = try #require(f.tree.totalOffset(of: "sq")).x
                    #expect(abs(x - 100 * curve.progress(at: f.time - 0.1)) < 0.5, "\(spelled) \(timeline) at \(f.time): \(x)")
                }
                #expect(frames.contains { $0.time > 0.15 && $0.time < 0.55 && abs($0.tree.totalOffset(of: "sq")!.x - 100) > 5 })
            }
        }
        // A value that is no spelling is refused where it is used, when the action runs.
        let bad = """
            {"canvas": {"width": 200, "height": 100}, "vars": {"snap": 3}, "state": {"x": 0},
             "timelines": {"t": [{"at": 0.1, "do": [{"withAnimation": "$snap", "do": [{"set": {"x": 100}}]}]}]},
             "root": {"type": "EmptyView"}}
            """
        #expect {
            try FrameSampler(fps: 10, span: .seconds(0.3)).run(try session(bad, "t")) { _ in }
        } throws: { e in
            let p = e as? ProofsheetError
            return p?.message.contains("an animation is spelled in a string") == true && p?.location?.path == "$.timelines.t[0].do[0].withAnimation"
        }
    }

    /// A square moved with easeInOut lands, in every frame, where the curve says.
    @Test func framesFollowTheCurveExactly() throws {
        let s = try session(
            square(
                #"{"offset": {"x": "=$x"}}, {"id": "sq"}"#,
                timeline: #"[{"at": 0.1, "withAnimation": "easeInOut(duration: 0.5)", "set": {"x": 100}}]"#), "t")
        let curve = Animation.curve(.easeInOut, duration: 0.5)
        var frames: [Frame] = []
        try FrameSampler(fps: 60, span: .auto).run(s) { frames += $0 }
        #expect(frames.count == 37)  // 0 … 0.6 s
        for f in frames {
            let x = try #require(f.tree.totalOffset(of: "sq")).x
            let want = 100 * curve.progress(at: f.time - 0.1)
            #expect(abs(x - want) < 0.5 / 3, "frame \(f.index) at \(f.time): \(x) vs \(want)")
        }
        #expect(frames.last!.animating == false)
        #expect(frames[12].animating)
    }

    /// A spring-animated offset follows the spring's closed form.
    @Test func springOffsetFollowsTheSpring() throws {
        let s = try session(
            square(
                #"{"offset": {"x": "=$x"}}, {"id": "sq"}, {"animation": "interpolatingSpring(stiffness: 180, damping: 100)"}"#,
                timeline: #"[{"at": 0, "set": {"x": 150}}]"#), "t")
        let spring = Spring(stiffness: 180, damping: 100)
        var frames: [Frame] = []
        try FrameSampler(fps: 60, span: .seconds(0.5)).run(s) { frames += $0 }
        for f in frames {
            let x = try #require(f.tree.totalOffset(of: "sq")).x
            #expect(abs(x - 150 * spring.progress(at: f.time)) < 0.5 / 3, "at \(f.time)")
        }
    }

    /// `.animation` animates what it wraps; a modifier applied outside it jumps.
    @Test func implicitAnimationScope() throws {
        let s = try session(
            square(
                #"{"offset": {"x": "=$x"}}, {"id": "inner"}, {"animation": {"curve": "linear(duration: 1)", "value": "=$x"}}, {"offset": {"y": "=$y"}}, {"id": "outer"}"#,
                timeline: #"[{"at": 0, "set": {"x": 100, "y": 50}}]"#), "t")
        try s.advance(to: 0.5)
        let shown = s.presented(at: 0.5)
        #expect(abs(try #require(shown.named("inner")).effects.offset.x - 50) < 1e-6)
        #expect(try #require(shown.named("outer")).effects.offset.y == 50)
    }

    /// A watched value that did not change leaves the change to the transaction.
    @Test func unchangedWatchedValueDoesNotAnimate() throws {
        let s = try session(
            square(
                #"{"offset": {"x": "=$x"}}, {"id": "sq"}, {"animation": {"curve": "linear(duration: 1)", "value": "=$on"}}"#,
                timeline: #"[{"at": 0, "set": {"x": 100}}]"#), "t")
        try s.advance(to: 0.5)
        #expect(try #require(s.presented(at: 0.5).named("sq")).effects.offset.x == 100)
    }

    /// withAnimation animates every change made inside it; a transaction without animation
    /// does not, implicit animations included.
    @Test func explicitAndDisabledTransactions() throws {
        let s = try session(
            square(
                #"{"offset": {"x": "=$x"}}, {"id": "sq"}, {"animation": "linear(duration: 1)"}"#,
                timeline: #"[{"at": 0, "do": [{"withoutAnimation": [{"set": {"x": 100}}]}]}, {"at": 1, "set": {"x": 0}}]"#), "t")
        try s.advance(to: 0.5)
        #expect(try #require(s.presented(at: 0.5).named("sq")).effects.offset.x == 100)
        try s.advance(to: 1.25)
        #expect(abs(try #require(s.presented(at: 1.25).named("sq")).effects.offset.x - 75) < 1e-6)
    }

    /// Interrupted mid-flight, an easeInOut keeps running and the new change adds up.
    @Test func interruptedCurveAddsUp() throws {
        let s = try session(
            square(
                #"{"offset": {"x": "=$x"}}, {"id": "sq"}"#,
                timeline:
                    #"[{"at": 0, "withAnimation": "easeInOut(duration: 1)", "set": {"x": 100}}, {"at": 0.5, "withAnimation": "easeInOut(duration: 1)", "set": {"x": 0}}]"#
            ), "t")
        let a = Animation.curve(.easeInOut, duration: 1)
        try s.advance(to: 0.5)
        for t in [0.5, 0.75, 1.0, 1.3] {
            try s.advance(to: t)
            let x = try #require(s.presented(at: t).named("sq")).effects.offset.x
            let want = 0 + 100 * (a.progress(at: t) - 1) + (-100) * (a.progress(at: t - 0.5) - 1)
            #expect(abs(x - want) < 1e-6, "at \(t)")
        }
    }
}

import Foundation
import Testing
import Proofsheet
import ProofsheetLayout
import ProofsheetMotion
import ProofsheetTimeline

/// Touches and gestures: SwiftUI's facts, hit testing, frame-rate independence, and the
/// transitions' geometry.
@Suite("Gestures and transitions")
struct GestureTests {
    static let deckPath = Paths.root + "/Assets/Scenes/travel-deck.json"

    func deck(_ timeline: String) throws -> MotionSession {
        let t = try SceneDecoder().template(file: Self.deckPath)
        return try MotionSession(template: t, timeline: try t.timeline(named: timeline)) { try sharedRenderer.layout($0).tree }
    }

    func drag(_ s: MotionSession) -> (width: Double, height: Double)? {
        guard case .object(let m)? = s.state.values["drag"], case .number(let w)? = m["width"], case .number(let h)? = m["height"] else { return nil }
        return (w, h)
    }

    func phase(_ s: MotionSession) -> String? {
        if case .string(let p)? = s.state.values["phase"] { return p }
        return nil
    }

    /// A sequenced long press (0.01 s) and drag: pressing lasts the long press, then
    /// dragging(.zero) before the drag has begun; the first translation is at least 10 pt.
    @Test func pressingThenDraggingZeroThenTenPoints() throws {
        let s = try deck("swipe-right")
        try s.advance(to: 0.105)
        #expect(phase(s) == "pressing")
        #expect(drag(s) == nil)
        try s.advance(to: 0.1101)
        #expect(phase(s) == "dragging")
        #expect(drag(s).map { $0.width == 0 && $0.height == 0 } == true)
        var first: Double? = nil
        var t = 0.11
        while t < 0.4, first == nil {
            t += 1.0 / 240
            try s.advance(to: t)
            if let d = drag(s), d.width != 0 { first = d.width }
        }
        #expect(try #require(first) >= 10)
    }

    /// The state at a time does not depend on the frame rate: touches are sampled at 120 Hz.
    @Test func framesDoNotDependOnTheFrameRate() throws {
        var at20: [Frame] = [], at60: [Frame] = []
        try FrameSampler(fps: 20, span: .seconds(0.6)).run(try deck("swipe-right")) { at20 += $0 }
        try FrameSampler(fps: 60, span: .seconds(0.6)).run(try deck("swipe-right")) { at60 += $0 }
        #expect(at20.count == 13 && at60.count == 37)
        for f in at20 {
            let g = at60[f.index * 3]
            #expect(abs(g.time - f.time) < 1e-12)
            #expect(g.state == f.state, "state at \(f.time)")
            #expect(g.tree == f.tree, "tree at \(f.time)")
        }
    }

    /// The deck's swipe: the heart appears once the drag passes the threshold, the bottom bar
    /// fades while dragging, the released card leaves along its removal transition (trailing
    /// and bottom, by its own size) and the next trip is added at the back.
    @Test func swipeRightKeyFrames() throws {
        let s = try deck("swipe-right")
        var events: [String] = []
        events += try s.advance(to: 0.2).map(\.name)
        let early = s.presented(at: 0.2)
        #expect(try #require(early.find("likeIcon-0")).effects.opacity == 0)
        #expect(try #require(early.find("bottomBar")).effects.opacity < 0.9)
        events += try s.advance(to: 0.39).map(\.name)
        #expect(events.contains("threshold crossed"))
        #expect(try #require(s.presented(at: 0.39).find("likeIcon-0")).effects.opacity > 0.3)
        events += try s.advance(to: 0.4).map(\.name)
        #expect(events.contains("release") && events.contains("card removed"))
        guard case .array(let cards)? = s.state.values["cards"] else { Issue.record("no cards"); return }
        #expect(
            cards.map { card -> String in
                if case .object(let m) = card, case .string(let d)? = m["destination"] { return d }; return ""
            } == ["Venice, Italy", "Hong Kong"])
        // The leaving card: wrapped in its transition, moving by its own size.
        try s.advance(to: 0.6)
        let shown = s.presented(at: 0.6)
        let leaving = try #require(transitionWrapper(in: shown))
        #expect(leaving.effects.offset.x > 100 && leaving.effects.offset.y > 100)
        #expect(leaving.effects.offset.x <= leaving.frame.width + 1e-9 && leaving.effects.offset.y <= leaving.frame.height + 1e-9)
        // It is the Yosemite card, frozen where it was released.
        #expect(leaving.children[0].find("titlePill-0") != nil)
        // Settled: the card is gone, the bottom bar back.
        try s.advance(to: 2)
        #expect(transitionWrapper(in: s.presented(at: 2)).map(\.name) == nil)
        #expect(try #require(s.presented(at: 2).find("bottomBar")).effects.opacity == 1)
    }

    /// Past the threshold and back below it before release: no removal, the card springs back.
    @Test func dragAndReturnKeepsTheCard() throws {
        let s = try deck("drag-and-return")
        var events: [String] = []
        try FrameSampler(fps: 30, span: .auto).run(s) { events += $0.flatMap(\.events) }
        #expect(events.contains("threshold crossed"))
        #expect(!events.contains("card removed"))
        guard case .number(let last)? = s.state.values["lastIndex"] else { Issue.record("no lastIndex"); return }
        #expect(last == 1)
        #expect(try #require(s.presented(at: s.now).find("card-0")).effects.rotation.degrees == 0)
    }

    func transitionWrapper(in v: ResolvedView) -> ResolvedView? {
        if v.identity.path.hasSuffix("#transition") { return v }
        for c in v.children { if let w = transitionWrapper(in: c) { return w } }
        return nil
    }

    // MARK: - Hit testing

    /// A scene with a tappable square under an invisible cover, and an offset square.
    let tapScene = """
        {"canvas": {"width": 300, "height": 100}, "state": {"a": 0, "b": 0},
         "timelines": {
           "through-cover": [{"at": 0, "touch": "tap 50,50"}],
           "on-offset": [{"at": 0, "touch": "tap 250,50"}],
           "on-layout-place": [{"at": 0, "touch": "tap 150,50"}]
         },
         "root": {"type": "ZStack", "alignment": "topLeading", "children": [
           {"type": "Rectangle", "fill": "red", "modifiers": [{"frame": {"width": 100, "height": 100}}, {"onTapGesture": [{"set": {"a": "=$a + 1"}}]}]},
           {"type": "Rectangle", "fill": "blue", "modifiers": [{"frame": {"width": 100, "height": 100}}, {"opacity": 0}]},
           {"type": "Rectangle", "fill": "green", "modifiers": [
             {"frame": {"width": 100, "height": 100}}, {"onTapGesture": [{"set": {"b": "=$b + 1"}}]}, {"offset": {"x": 200}}]}
         ], "modifiers": [{"frame": {"maxWidth": "infinity", "maxHeight": "infinity", "alignment": "topLeading"}}]}}
        """

    func tapped(_ timeline: String) throws -> (Double, Double) {
        let s = try session(tapScene, timeline)
        try s.advance(to: 1)
        guard case .number(let a)? = s.state.values["a"], case .number(let b)? = s.state.values["b"] else { return (-1, -1) }
        return (a, b)
    }

    /// A view at opacity 0 takes no touches; a view is touched where it is drawn, not where
    /// layout put it.
    @Test func hitTestingFollowsWhatIsDrawn() throws {
        #expect(try tapped("through-cover") == (1, 0))
        #expect(try tapped("on-offset") == (0, 1))
        #expect(try tapped("on-layout-place") == (0, 0))
    }

    @Test func allowsHitTestingFalseAndContentShape() throws {
        let tree = ResolvedView(
            identity: .root, name: "ZStack", frame: Rect(x: 0, y: 0, width: 100, height: 100), content: .zOrdered,
            children: [
                ResolvedView(
                    identity: ViewID(path: "/0"), name: "Rectangle", id: "under", frame: Rect(x: 0, y: 0, width: 100, height: 100),
                    content: .shape(.init(kind: .rectangle, paint: .color(.red)))),
                {
                    var v = ResolvedView(
                        identity: ViewID(path: "/1"), name: "Rectangle", id: "over", frame: Rect(x: 0, y: 0, width: 100, height: 100),
                        content: .shape(.init(kind: .rectangle, paint: .color(.blue))))
                    v.traits.allowsHitTesting = false
                    return v
                }(),
                {
                    var v = ResolvedView(identity: ViewID(path: "/2"), name: "Spacer", id: "spacer", frame: Rect(x: 0, y: 0, width: 50, height: 50))
                    v.traits.contentShape = .rectangle
                    return v
                }()
            ])
        #expect(HitTesting.hit(tree, at: Point(x: 75, y: 75)).last?.id == "under")
        #expect(HitTesting.hit(tree, at: Point(x: 25, y: 25)).last?.id == "spacer")
        #expect(HitTesting.hit(tree, at: Point(x: 150, y: 25)).isEmpty)
    }

    // MARK: - Transitions

    /// Each transition's geometry at the midpoint of a linear second: a move is by the view's
    /// own size, a scale about its anchor, opacity half way.
    @Test(arguments: [
        ("move(edge: .trailing)", false, 40.0, 0.0, 1.0, 1.0),
        ("move(edge: .top)", true, 0.0, -15.0, 1.0, 1.0),
        ("slide", true, -40.0, 0.0, 1.0, 1.0),
        ("slide", false, 40.0, 0.0, 1.0, 1.0),
        ("opacity", false, 0.0, 0.0, 1.0, 0.5),
        ("scale(scale: 0.5, anchor: .bottom)", false, 0.0, 0.0, 0.75, 1.0),
        ("offset(x: 10, y: 20)", true, 5.0, 10.0, 1.0, 1.0),
        ("move(edge: .trailing).combined(with: .move(edge: .bottom))", false, 40.0, 15.0, 1.0, 1.0),
        ("asymmetric(insertion: .identity, removal: .opacity)", true, 0.0, 0.0, 1.0, 1.0),
        ("push(from: .bottom)", false, 0.0, -15.0, 1.0, 0.5)
    ])
    func transitionMidpoints(spelling: String, insertion: Bool, dx: Double, dy: Double, scale: Double, opacity: Double) throws {
        let json = """
            {"canvas": {"width": 200, "height": 100}, "state": {"shown": \(!insertion)},
             "timelines": {"t": [{"at": 0, "withAnimation": "linear(duration: 1)", "set": {"shown": \(insertion)}}]},
             "root": {"type": "ZStack", "children": [{"type": "If", "condition": "$shown", "then":
               {"type": "Rectangle", "fill": "red", "modifiers": [{"frame": {"width": 80, "height": 30}}, {"id": "box"}, {"transition": "\(spelling)"}]}}]}}
            """
        let s = try session(json, "t")
        try s.advance(to: 0.5)
        let shown = s.presented(at: 0.5)
        guard let wrapper = transitionWrapper(in: shown) else {
            #expect(dx == 0 && dy == 0 && scale == 1 && opacity == 1, "no transition shown for \(spelling)")
            return
        }
        #expect(abs(wrapper.effects.offset.x - dx) < 1e-9, "\(spelling) dx")
        #expect(abs(wrapper.effects.offset.y - dy) < 1e-9, "\(spelling) dy")
        #expect(abs(wrapper.effects.scale.x - scale) < 1e-9, "\(spelling) scale")
        #expect(abs(wrapper.effects.opacity - opacity) < 1e-9, "\(spelling) opacity")
        #expect(wrapper.find("box") != nil)
    }

    /// `transition.animation(a)`: the transition runs with its own animation, even in a change
    /// made without `withAnimation` and over the transaction's own (a removal fades over its
    /// 0.2 s, not the transaction's linear second); `asymmetric` picks each side's.
    @Test func aTransitionWithItsOwnAnimation() throws {
        #expect(
            try Transition(spelling: ".opacity.animation(.easeOut(duration: 0.2))")
                == .animated(.opacity, .curve(.easeOut, duration: 0.2)))
        let both = try Transition(spelling: "asymmetric(insertion: .scale.animation(.linear(duration: 2)), removal: .opacity).animation(.easeIn)")
        #expect(both.ownAnimation(insertion: true) == .curve(.easeIn, duration: 0.35))
        #expect(
            try Transition(spelling: "asymmetric(insertion: .scale.animation(.linear(duration: 2)), removal: .opacity)").ownAnimation(insertion: true)
                == .curve(.linear, duration: 2))
        // A bad animation inside is named at its column in the whole spelling.
        #expect(throws: AnimationSpellingError.self) { try Transition(spelling: "opacity.animation(.easeOut(duration: -1))") }
        do { _ = try Transition(spelling: "opacity.animation(.bounc)") } catch { #expect(error.column == 20, "\(error)") }
        for (withAnimation, insertion) in [(nil, true), (nil, false), ("linear(duration: 1)", false)] as [(String?, Bool)] {
            let change = withAnimation.map { #""withAnimation": "\#($0)", "# } ?? ""
            let json = """
                {"canvas": {"width": 200, "height": 100}, "state": {"shown": \(!insertion)},
                 "timelines": {"t": [{"at": 0, \(change)"set": {"shown": \(insertion)}}]},
                 "root": {"type": "ZStack", "children": [{"type": "If", "condition": "$shown", "then":
                   {"type": "Rectangle", "fill": "red", "modifiers": [{"frame": {"width": 80, "height": 30}}, {"id": "box"},
                    {"transition": "opacity.animation(.linear(duration: 0.2))"}]}}]}}
                """
            let s = try session(json, "t")
            try s.advance(to: 0.05)
            let wrapper = try #require(transitionWrapper(in: s.presented(at: 0.05)), "\(change) insertion \(insertion)")
            #expect(abs(wrapper.effects.opacity - (insertion ? 0.25 : 0.75)) < 1e-9, "\(change) insertion \(insertion)")
            try s.advance(to: 0.25)
            #expect(transitionWrapper(in: s.presented(at: 0.25)) == nil)
            #expect((s.presented(at: 0.25).find("box") != nil) == insertion)
        }
    }

    /// A button has its pressed look while a finger is down on it (the default style's label
    /// at 0.2, the others at 0.6: estimates), at once, and fades back over 0.2 s when the
    /// finger lifts; its action runs on the lift.
    @Test(arguments: [("automatic", 0.2), ("borderedProminent", 0.6)])
    func aButtonLooksPressedWhileTheFingerIsDown(style: String, pressed: Double) throws {
        let json = """
            {"canvas": {"width": 200, "height": 100}, "state": {"n": 0},
             "timelines": {"t": [{"at": 0.1, "touch": "down #b; hold 0.3s; up"}]},
             "root": {"type": "Button", "title": "Go", "style": "\(style)", "action": [{"set": {"n": "=$n + 1"}}], "modifiers": [{"id": "b"}]}}
            """
        let s = try session(json, "t")
        func opacity(at t: Double) throws -> Double {
            try s.advance(to: t)
            var o = 1.0
            func walk(_ v: ResolvedView, _ inherited: Double) {
                let here = inherited * v.effects.opacity
                if case .text = v.content { o = here }
                v.children.forEach { walk($0, here) }
            }
            walk(s.presented(at: t), 1)
            return o
        }
        #expect(try opacity(at: 0.05) == 1)
        #expect(abs(try opacity(at: 0.1) - pressed) < 1e-9)
        #expect(abs(try opacity(at: 0.3) - pressed) < 1e-9)
        #expect(s.state.values["n"] == .number(0))
        // Lifted at 0.4: the action ran, the look comes back on the release animation.
        let back = try opacity(at: 0.5)
        #expect(s.state.values["n"] == .number(1))
        #expect(abs(back - (pressed + (1 - pressed) * ButtonLook.releaseAnimation.progress(at: 0.1))) < 1e-9)
        #expect(s.animator.isAnimating(at: 0.5) && abs((s.animator.settledAt ?? 0) - 0.6) < 1e-9)
        #expect(try opacity(at: 0.7) == 1)
    }

    /// An alert's button is not dimmed while pressed: its row gets a highlight behind it
    /// (`tertiarySystemFill`, over the button's frame), at once, which fades on the release animation
    /// as the alert goes.
    @Test func anAlertButtonIsHighlightedWhilePressed() throws {
        let json = """
            {"canvas": "iPhone 14", "state": {"asking": true, "n": 0},
             "timelines": {"t": [{"at": 0.1, "touch": "down #ok; hold 0.3s; up"}]},
             "root": {"type": "Color", "color": "white", "modifiers": [{"alert": {"isPresented": "asking", "title": "Sure?",
               "buttons": [{"title": "Cancel", "role": "cancel"}, {"title": "OK", "id": "ok", "action": [{"set": {"n": 1}}]}]}}]}}
            """
        let s = try session(json, "t")
        func highlight(at t: Double) throws -> (opacity: Double, frame: Rect, button: Rect)? {
            try s.advance(to: t)
            let tree = s.presented(at: t)
            func find(_ v: ResolvedView) -> ResolvedView? {
                if v.name == "pressed" { return v }
                for c in v.children { if let f = find(c) { return f } }
                return nil
            }
            guard let pressed = find(tree), pressed.children.count == 2 else { return nil }
            let fill = pressed.children[1]
            guard case .shape(let shape) = fill.content, shape.paint == .color(SystemMetrics.alertPressedHighlight) else { return nil }
            return (fill.effects.opacity, fill.frame, pressed.children[0].frame)
        }
        #expect(try highlight(at: 0.05) == nil)
        let down = try #require(try highlight(at: 0.2))
        #expect(down.opacity == 1 && down.frame == down.button && down.frame.height == SystemMetrics.alertButtonHeight)
        // The label is not dimmed.
        var labelOpacity = 1.0
        func walk(_ v: ResolvedView, _ inherited: Double) {
            let here = inherited * v.effects.opacity
            if case .text(let t) = v.content, t.text == "OK" { labelOpacity = here }
            v.children.forEach { walk($0, here) }
        }
        walk(s.presented(at: 0.2), 1)
        #expect(labelOpacity == 1)
        // Lifted at 0.4: the action ran, the highlight fades with the release animation.
        let lifted = try #require(try highlight(at: 0.45))
        #expect(abs(lifted.opacity - (1 - ButtonLook.releaseAnimation.progress(at: 0.05))) < 1e-9)
        #expect(s.state.values["n"] == .number(1))
        #expect(try highlight(at: 0.7) == nil)
    }

    /// What was animating inside a view goes on animating while the view leaves: the heart
    /// fading in over a second keeps fading in (0.75 at 0.75 s, not the 0.5 it had when its card
    /// was removed), and the card's own offset keeps following its animation under the
    /// transition's move.
    @Test func animationsKeepRunningInsideALeavingView() throws {
        let json = """
            {"canvas": {"width": 200, "height": 100}, "state": {"on": false, "shown": true, "x": 0},
             "timelines": {"t": [{"at": 0, "withAnimation": "linear(duration: 1)", "set": {"on": true, "x": 40}},
                                 {"at": 0.5, "withAnimation": "linear(duration: 1)", "set": {"shown": false}}]},
             "root": {"type": "ZStack", "children": [{"type": "If", "condition": "$shown", "then":
               {"type": "ZStack", "children": [
                 {"type": "Rectangle", "fill": "red", "modifiers": [{"frame": {"width": 20, "height": 20}}, {"opacity": "=$on ? 1 : 0"}, {"id": "heart"}]}],
                "modifiers": [{"frame": {"width": 80, "height": 30}}, {"offset": {"x": "$x"}}, {"id": "card"}, {"transition": "move(edge: .trailing)"}]}}]}}
            """
        let s = try session(json, "t")
        try s.advance(to: 0.75)
        let shown = s.presented(at: 0.75)
        func opacity(of name: String, in v: ResolvedView, _ inherited: Double = 1) -> Double? {
            let here = inherited * v.effects.opacity
            if v.id == name { return here }
            for c in v.children { if let o = opacity(of: name, in: c, here) { return o } }
            return nil
        }
        #expect(abs((opacity(of: "heart", in: shown) ?? -1) - 0.75) < 1e-9)
        // The move: a quarter of the way to its 80 pt width, over the offset at 30 of its 40.
        #expect(abs((transitionWrapper(in: shown)?.effects.offset.x ?? -1) - 20) < 1e-9)
        #expect(abs((shown.totalOffset(of: "card")?.x ?? -1) - (30 + 20)) < 1e-9)
    }

    /// A removal outside any animation is immediate.
    @Test func unanimatedRemovalIsImmediate() throws {
        let json = """
            {"canvas": {"width": 200, "height": 100}, "state": {"shown": true},
             "timelines": {"t": [{"at": 0, "set": {"shown": false}}]},
             "root": {"type": "ZStack", "children": [{"type": "If", "condition": "$shown", "then":
               {"type": "Rectangle", "fill": "red", "modifiers": [{"frame": {"width": 80, "height": 30}}, {"id": "box"}, {"transition": "opacity"}]}}]}}
            """
        let s = try session(json, "t")
        try s.advance(to: 0.01)
        #expect(s.presented(at: 0.01).find("box") == nil)
    }
}

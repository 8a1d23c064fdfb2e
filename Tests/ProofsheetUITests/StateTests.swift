import Foundation
import Proofsheet
import ProofsheetUI
import Testing

/// SwiftUI's state rules on Swift screens: `@State` by the view's place, kept across changes and
/// dropped when the view leaves; `@Binding` writes the owner's; `@Environment` reads the screen's;
/// `@GestureState` goes back at the end; handlers' haptics are events. Checked on the engine's
/// states and the texts of the scene tree.
@Suite struct StateTests {
    static let renderer = try! Renderer()

    /// The texts of a scene tree, in order.
    func texts(_ node: Node) -> [String] {
        switch node {
        case .text(let s): return [s]
        case .stack(_, _, _, let c), .zstack(_, let c), .group(let c), .scrollView(_, _, let c), .viewThatFits(_, _, let c):
            return c.flatMap(texts)
        case .modified(let n, let m):
            var out = texts(n)
            switch m {
            case .background(let l, _), .overlay(let l, _), .safeAreaInset(_, _, _, let l): out += texts(l)
            default: break
            }
            return out
        case .button(let n, _), .located(let n, _), .branch(_, let n), .keyed(_, let n): return texts(n)
        default: return []
        }
    }

    /// The texts shown at the end of a timeline, with its frames' events.
    func run(_ screen: SwiftUIScene, _ timeline: String) throws -> (texts: [String], events: [String], frames: [Frame]) {
        let run = try Self.renderer.run(of: screen, timeline: timeline, framing: TimelineFraming(scale: 1))
        var frames: [Frame] = []
        try FrameSampler(fps: 20, span: .auto).run(run) { frames += $0 }
        let last = frames.last!
        return (texts(try screen.instantiate(last.state).root), frames.flatMap(\.events), frames)
    }

    @Test func stateIsKeptForItsPlaceAndDroppedWhenTheViewLeaves() throws {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) { CounterScreen() }
            .timeline("count", "tap #counter-A; wait 0.1s; tap #counter-A; wait 0.1s; tap #counter-B; wait 0.1s")
            .timeline(
                "leave", "tap #counter-A; wait 0.1s; tap #counter-B; wait 0.1s; tap #toggle; wait 0.1s; tap #toggle; wait 0.1s")
        #expect(texts(try screen.instantiate(try screen.state(still: nil)).root) == ["Hide", "A 0", "B 0"])
        let counted = try run(screen, "count")
        #expect(counted.texts == ["Hide", "A 2", "B 1"])
        // Each tap's haptic is an event of the frame it falls in.
        #expect(counted.events.filter { $0 == "haptic success" }.count == 3)
        // A left and came back: it starts again from 0; B, which stayed, keeps its count.
        #expect(try run(screen, "leave").texts == ["Hide", "A 0", "B 1"])
    }

    /// A `@State` declared as `UUID()` (or an array of views with their own ids) keeps the
    /// value of the first build its view is in, as SwiftUI takes it once: not one made anew with
    /// each change of state (a `ForEach` over them would swap every view each time).
    @Test func aStatesDeclaredValueIsTakenOnce() throws {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) { MadeIdentities() }
            .timeline("taps", "tap #tap; wait 0.1s; tap #later; wait 0.1s; tap #tap; wait 0.1s; tap #tap; wait 0.1s")
        let start = texts(try screen.instantiate(try screen.state(still: nil)).root)
        #expect(start.count == 4 && start[2] == "taps 0")
        let run = try Self.renderer.run(of: screen, timeline: "taps", framing: TimelineFraming(scale: 1))
        var shown: [[String]] = []
        try FrameSampler(fps: 20, span: .auto).run(run) { frames in
            for f in frames { shown.append(texts(try screen.instantiate(f.state).root)) }
        }
        #expect(shown.last?.count == 5 && shown.last?[3] == "taps 3", "\(shown.last ?? [])")
        // (Each start is a launch of its own: its ids are made then, and kept.)
        for texts in shown { #expect(Array(texts.prefix(2)) == Array(shown[0].prefix(2)), "the ids changed: \(texts)") }
        // The view that came later keeps the id it came with.
        let later = Set(shown.compactMap { $0.first { $0.hasPrefix("later ") } })
        #expect(later.count == 1, "\(later)")
    }

    /// `.environmentObject(model)` gives the views inside the model by its type: one reads it,
    /// another changes it, and each state of the timeline keeps its own value.
    @Test func anEnvironmentObjectIsFoundByItsType() throws {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) { BasketScreen() }
            .timeline("add", "tap #add; wait 0.1s; tap #add; wait 0.1s")
        #expect(texts(try screen.instantiate(try screen.state(still: nil)).root) == ["items 0", "Add"])
        let added = try run(screen, "add")
        #expect(added.texts == ["items 2", "Add"])
        #expect(texts(try screen.instantiate(added.frames[0].state).root) == ["items 0", "Add"])
    }

    @Test func aBindingWritesItsOwnersState() throws {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) { BoundToggleScreen() }
            .timeline("on", "tap #toggle; wait 0.1s")
            .timeline("on-off", "tap #toggle; wait 0.1s; tap #toggle; wait 0.1s")
        #expect(texts(try screen.instantiate(try screen.state(still: nil)).root) == ["Off"])
        #expect(try run(screen, "on").texts == ["On"])
        #expect(try run(screen, "on-off").texts == ["Off"])
    }

    @Test func theEnvironmentIsTheScreens() throws {
        var screen = try SwiftUIScene(device: "iPhone SE", scale: 1) { SchemeReader() }
        #expect(texts(try screen.instantiate(try screen.state(still: nil)).root) == ["light large 375"])
        screen.environment.colorScheme = .dark
        screen.environment.dynamicTypeSize = .accessibility3
        let scene = try screen.instantiate(try screen.state(still: nil))
        #expect(texts(scene.root) == ["dark accessibility3 375"])
        #expect(scene.colorScheme == .dark && scene.dynamicTypeSize == .accessibility3)
        // `.environment(_:_:)` sets it for the views inside, as they read it.
        let inside = try SwiftUIScene(device: "iPhone 14", scale: 1) { DarkInside() }
        #expect(texts(try inside.instantiate(try inside.state(still: nil)).root) == ["light large 390", "dark xLarge 390"])
    }

    @Test func gestureStateGoesBackWhenTheGestureEnds() throws {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) { PressScreen() }
            .timeline("press", "down #press 30,0; hold 0.5s; up; wait 0.5s")
        let (texts, _, frames) = try run(screen, "press")
        #expect(texts == ["1"])
        // While the finger is down the state shows it (red), and it is gone at the end.
        let pressing = frames.filter { f in f.state.values.contains { $0.key.hasSuffix("PressScreen.pressing") && $0.value == .bool(true) } }
        #expect(!pressing.isEmpty)
        #expect(!frames.last!.state.values.keys.contains { $0.hasSuffix("PressScreen.pressing") })
    }

    @Test func viewsThatNeverEndOrRepeatIDsAreErrorsNotCrashes() throws {
        let forever = try SwiftUIScene(device: "iPhone 14") { Forever() }
        #expect {
            _ = try forever.instantiate(try forever.state(still: nil))
        } throws: { e in
            let message = (e as? ProofsheetError)?.description ?? ""
            return message.contains("nest more than 256 levels deep") && message.contains("in Forever") && message.contains("break the cycle")
        }
        let same = try SwiftUIScene(device: "iPhone 14") { SameIDs() }
        #expect {
            _ = try same.instantiate(try same.state(still: nil))
        } throws: { e in
            ((e as? ProofsheetError)?.description ?? "").contains("two elements of a ForEach at / have the id 'a'")
        }
    }
}

extension StateTests {
    /// Work a handler puts on the main queue for later runs at that time of the timeline.
    @Test func asyncAfterRunsOnTheTimelinesClock() throws {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) { Thrower() }
            .timeline("throw", at: 0.1, "tap #card; wait 1s")
        let (texts, _, frames) = try run(screen, "throw")
        #expect(texts.isEmpty)
        func removed(_ f: Frame) -> Bool { f.state.values.contains { $0.key.hasSuffix("Thrower.removed") && $0.value == .bool(true) } }
        // The tap ends at 0.15 s; the card is removed 0.3 s later, at 0.45 s: the first frame
        // that shows it (20 a second) is the one at 0.45 s.
        let first = frames.first(where: removed)
        #expect(first?.time == 0.45)
        #expect(frames.filter { $0.time < 0.45 }.allSatisfy { !removed($0) })
    }
}

extension StateTests {
    /// `sequenced(before:)`: pressing first, then dragging; the gesture state follows both and
    /// goes back at the end, and the end sees the drag.
    @Test func aLongPressThenADragIsOneSequence() throws {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) { HoldAndDrag() }
            .timeline("throw", "down #card; hold 0.1s; move 150,0 in 0.3s; up; wait 0.3s")
            .timeline("short", "down #card; hold 0.1s; move 50,0 in 0.3s; up; wait 0.3s")
        let thrown = try run(screen, "throw")
        #expect(thrown.texts == ["1"])
        let states = thrown.frames.compactMap { f in f.state.values.first { $0.key.hasSuffix("HoldAndDrag.dragState") }?.value }
        let shown = states.map { StateSchema.show($0) }
        #expect(shown.contains { $0.contains("pressing") }, "\(shown)")
        #expect(shown.first == "pressing" && shown.dropFirst().allSatisfy { $0 == "dragging" }, "\(shown)")
        #expect(!thrown.frames.last!.state.values.keys.contains { $0.hasSuffix("HoldAndDrag.dragState") })
        #expect(try run(screen, "short").texts == ["0"])
    }
}

extension StateTests {
    /// `onAppear` runs at the start of a timeline, its change animated by the views' own
    /// animations; a still is drawn after it ran.
    @Test func onAppearRunsAtTheStartAndStillsShowItsResult() throws {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) { SlideInRows() }.timeline("appear")
        func image(_ state: SceneState) throws -> RGBAImage {
            try Self.renderer.backend.renderRGBA(try Self.renderer.layout(try screen.instantiate(state)).displayList, scale: 1)
        }
        let before = try screen.state(still: nil)
        let after = try screen.appeared(before)
        #expect(before != after)
        let run = try Self.renderer.run(of: screen, timeline: "appear", framing: TimelineFraming(scale: 1))
        var frames: [(time: Double, image: RGBAImage)] = []
        try FrameSampler(fps: 20, span: .auto).run(run) { batch in
            for f in batch { frames.append((f.time, try Self.renderer.backend.renderRGBA(try run.displayList(f.tree), scale: 1))) }
        }
        // The rows start off the screen and end in place: 0.3 s each, the last 0.2 s late.
        let first = frames[0].image == (try image(before)), last = frames.last!.image == (try image(after))
        #expect(first && last)
        #expect(frames.count >= 10 && frames.count <= 12, "settled after 0.5 s: \(frames.map(\.time))")
        // (At 0.05 s the first row is still off the screen: 500 pt out, 30% of the way in.)
        let moving = frames.filter { $0.time > 0.05 && $0.time < 0.5 }.allSatisfy { $0.image != frames[0].image && $0.image != frames.last!.image }
        #expect(moving, "\(frames.map { ($0.time, $0.image == frames[0].image, $0.image == frames.last!.image) })")
    }
}

extension StateTests {
    /// A view that comes back appears again, right after the change that brings it in.
    @Test func aViewThatComesBackAppearsAgain() throws {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) { AppearCounter() }
            .timeline("start")
            .timeline("hide", "tap #toggle; wait 0.1s")
            .timeline("back", "tap #toggle; wait 0.1s; tap #toggle; wait 0.1s")
        #expect(texts(try screen.instantiate(try screen.state(still: nil)).root) == ["Visits 0", "Here"])
        #expect(texts(try screen.instantiate(try screen.appeared(try screen.state(still: nil))).root) == ["Visits 1", "Here"])
        #expect(try run(screen, "start").texts == ["Visits 1", "Here"])
        #expect(try run(screen, "hide").texts == ["Visits 1"])
        #expect(try run(screen, "back").texts == ["Visits 2", "Here"])
    }
}

extension StateTests {
    /// An alert shows while its binding is true; its buttons run their actions and put it away.
    @Test func anAlertAsksAndItsButtonsAnswer() throws {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) { DeleteConfirm() }
            .timeline("ask", "tap #delete; wait 0.6s")
            .timeline("confirm", "tap #delete; wait 0.6s; tap #Delete; wait 0.5s")
            .timeline("cancel", "tap #delete; wait 0.6s; tap #Cancel; wait 0.5s")
        #expect(texts(try screen.instantiate(try screen.state(still: nil)).root) == ["One", "Two", "Delete"])
        #expect(try run(screen, "ask").texts == ["One", "Two", "Delete", "Delete One?", "It cannot be undone.", "Cancel", "Delete"])
        #expect(try run(screen, "confirm").texts == ["Two", "Delete"])
        #expect(try run(screen, "cancel").texts == ["One", "Two", "Delete"])
        let old = try SwiftUIScene(device: "iPhone 14", scale: 1) { OldAlert() }.timeline("yes", "tap #Yes; wait 0.5s")
        #expect(texts(try old.instantiate(try old.state(still: nil)).root) == ["none", "Sure?", "Really.", "Cancel", "Yes"])
        #expect(try run(old, "yes").texts == ["yes"])
    }
}

extension StateTests {
    /// `@StateObject`, `@ObservedObject` and `@Published`: the model's published values are the
    /// screen's state (each state its own: an earlier frame still shows the earlier count), and
    /// a handler's call to the model is a change of state.
    @Test func aViewModelsPublishedValuesAreTheState() throws {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) { ModelScreen() }
            .timeline("add", "tap #add; wait 0.1s; tap #add; wait 0.1s")
        #expect(texts(try screen.instantiate(try screen.state(still: nil)).root) == ["Count 10", "History ", "Add"])
        let (texts, _, frames) = try run(screen, "add")
        #expect(texts == ["Count 12", "History 11,12", "Add"])
        #expect(self.texts(try screen.instantiate(frames[0].state).root) == ["Count 10", "History ", "Add"])
    }
}

extension StateTests {
    /// `onDisappear` runs right after the change that takes a view away; `onChange(of:)` after
    /// each change of its value, with the old and the new value (not when the view appears).
    @Test func viewsAreToldWhenTheyLeaveAndWhenAValueChanges() throws {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) { LifecycleScreen() }
            .timeline("life", "tap #toggle; wait 0.1s; tap #add; wait 0.1s; tap #toggle; wait 0.1s; tap #add; wait 0.1s")
        #expect(texts(try screen.instantiate(try screen.appeared(try screen.state(still: nil))).root) == ["Left 0 Changes ", "Toggle", "Add", "Here"])
        #expect(try run(screen, "life").texts == ["Left 1 Changes 0>1,1>2", "Toggle", "Add", "Here"])
    }
}

extension StateTests {
    /// A `withAnimation` completion runs on the timeline's clock when its animation is over: a
    /// curve after its duration, a spring when it has settled, no animation at once.
    @Test func withAnimationCompletesOnTheTimelinesClock() throws {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) { CompletionFlags() }
            .timeline("curve", at: 0.1, "tap #curve; wait 1s")
            .timeline("spring", at: 0.1, "tap #spring; wait 1.5s")
            .timeline("plain", at: 0.1, "tap #plain; wait 0.5s")
        func flag(_ name: String, _ run: TimelineRun, at t: Double) throws -> Bool {
            try run.state(at: t).values.contains { $0.key.hasSuffix("CompletionFlags.\(name)") && $0.value == .bool(true) }
        }
        // Each tap ends, and its handler runs, at 0.15 s.
        let curve = try Self.renderer.run(of: screen, timeline: "curve", framing: TimelineFraming(scale: 1))
        #expect(try flag("moved", curve, at: 0.15) && !flag("curveDone", curve, at: 0.15))
        #expect(try !flag("curveDone", curve, at: 0.15 + 0.29))
        #expect(try flag("curveDone", curve, at: 0.15 + 0.3))
        // `.bouncy` settles in 1.045 s, as the engine ends its motion.
        let settle = try #require(Animation.bouncy.settlingTime)
        #expect(abs(settle - 1.045) < 0.001, "\(settle)")
        let spring = try Self.renderer.run(of: screen, timeline: "spring", framing: TimelineFraming(scale: 1))
        #expect(try flag("sprung", spring, at: 0.15))
        #expect(try !flag("springDone", spring, at: 0.15 + settle - 0.01))
        #expect(try flag("springDone", spring, at: 0.15 + settle))
        #expect(try spring.isAnimating(at: 0.15 + settle - 0.01) && !spring.isAnimating(at: 0.15 + settle + 0.001))
        // No animation: right after the change, in the same instant.
        let plain = try Self.renderer.run(of: screen, timeline: "plain", framing: TimelineFraming(scale: 1))
        #expect(try !flag("plainDone", plain, at: 0.149))
        #expect(try flag("plain", plain, at: 0.15) && flag("plainDone", plain, at: 0.15))
    }
}

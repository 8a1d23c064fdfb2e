import Foundation
import Testing
import Proofsheet
import ProofsheetLayout
import ProofsheetMotion
import ProofsheetTimeline

/// The swipe stack written in Swift: state as a value, gestures and timelines as closures over
/// it. It must move exactly as the scene file `swipe-stack.json` does.
struct StackState: Equatable, Sendable {
    var drag: Size? = nil
    var items = Array(0..<10)
}

/// A card of the stack: its number and its depth (0 on top).
private struct StackCard: Identifiable {
    var id: Int
    var index: Int
}

let swiftStack: SwiftScene<StackState> = {
    let throwAway: @Sendable (inout Changes<StackState>, Double) -> Void = { c, x in
        c.withAnimation(.easeInOut(duration: 0.3)) { $0.drag = Size(width: x, height: 0) }
        c.after(0.3) { c in
            c.state.items.removeFirst()
            c.state.drag = nil
        }
    }
    return SwiftScene(device: try! Device.named("iPhone 14"), initial: StackState()) { state in
        GeometryReader { size in
            ZStack {
                ForEach(state.items.prefix(3).enumerated().map { StackCard(id: $1, index: $0) }) { card in
                    let translation = state.drag?.width ?? 0
                    let top = card.index == 0
                    Text("Number \(card.id)")
                        .font(.title)
                        .frame(width: size.width - 16 * 2, height: size.height - 16 * 3)
                        .background(Color.white)
                        .cornerRadius(10)
                        .shadow(radius: 5)
                        .rotationEffect(degrees: top ? translation / 300 * 25 : 0, anchor: .bottom)
                        .offset(x: top ? translation : 0)
                        .scaleEffect(card.index == 0 ? 1 : card.index == 1 ? 0.9 : 0.81)
                        .offset(y: Double(card.index) * 50)
                        .zIndex(Double(2 - card.index))
                        .id("card-\(card.index)")
                        .animation(.spring())
                        .gesture(
                            DragGesture<StackState>()
                                .onChanged { value, c in if top { c.state.drag = value.translation } }
                                .onEnded { value, c in
                                    guard top else { return }
                                    if value.translation.width < -0.3 * size.width {
                                        throwAway(&c, -600)
                                    } else if value.translation.width > 0.3 * size.width {
                                        throwAway(&c, 600)
                                    } else {
                                        c.state.drag = nil
                                    }
                                })
                }
            }
            .frame(width: size.width, height: size.height - 16, alignment: .topLeading)
            .padding(.bottom, 16)
            .id("stack")
        }
    }
    .still("dragging-right", StackState(drag: Size(width: 120, height: 20)))
    .marker("card thrown") { $0.items.count < 10 }
    .timeline("throw-right") { Touch(at: 0.1, "drag #card-0 0,0 -> 160,10 in 0.3s; release") }
    .timeline("snap-back") { Touch(at: 0.1, "drag #card-0 0,0 -> 80,10 in 0.3s; release") }
    .timeline("scripted") {
        Change(at: 0.1) { $0.drag = Size(width: 60, height: 0) }
        Change(at: 0.2, withAnimation: .easeOut(duration: 0.2)) { $0.drag = nil }
        Handle(at: 0.5) { c in
            c.haptic("success")
            c.withAnimation(.bouncy) { $0.items.removeFirst() }
        }
    }
}()

@Suite("Swift scenes")
struct SwiftSceneTests {
    static let stackPath = Paths.root + "/Assets/Scenes/swipe-stack.json"

    /// Every named view's frame and effects, by id.
    func geometry(_ tree: ResolvedView) -> [String: String] {
        var out: [String: String] = [:]
        func walk(_ v: ResolvedView) {
            if let id = v.id { out[id] = "\(v.frame) \(v.effects)" }
            v.children.forEach(walk)
        }
        walk(tree)
        return out
    }

    func frames(_ program: any SceneProgram, _ timeline: String, fps: Double = 30) throws -> [Frame] {
        let session = try MotionSession(template: program, timeline: try program.timeline(named: timeline)) {
            try sharedRenderer.layout($0).tree
        }
        var out: [Frame] = []
        try FrameSampler(fps: fps, span: .auto).run(session) { out += $0 }
        return out
    }

    /// The Swift stack throws and snaps back frame for frame as the scene file does: the same
    /// events at the same frames, every named view at the same place with the same effects.
    @Test(arguments: ["throw-right", "snap-back"])
    func movesAsTheSceneFileDoes(_ timeline: String) throws {
        let file = try SceneDecoder().template(file: Self.stackPath)
        let a = try frames(file, timeline), b = try frames(swiftStack, timeline)
        #expect(a.count == b.count)
        #expect(a.count > 10)
        for (x, y) in zip(a, b) {
            #expect(x.events == y.events, "events at frame \(x.index)")
            #expect(geometry(x.tree) == geometry(y.tree), "frame \(x.index)")
        }
        // The throw removes a card, and the marker says so, in both.
        if timeline == "throw-right" {
            #expect(b.flatMap(\.events).contains("card thrown"))
            #expect(b.last?.state.values["items"] == .array((1..<10).map { .number(Double($0)) }))
        } else {
            #expect(!b.flatMap(\.events).contains("card thrown"))
        }
    }

    /// A Swift scene's frames come out of the renderer as the scene file's do, byte for byte.
    @Test func framesRenderAsTheSceneFileDoes() throws {
        let file = try SceneDecoder().template(file: Self.stackPath)
        var a: [[UInt8]] = [], b: [[UInt8]] = []
        try sharedRenderer.frames(of: file, timeline: "throw-right", fps: 5, span: .seconds(0.2)) { _, png in a.append(png) }
        try sharedRenderer.frames(of: swiftStack, timeline: "throw-right", fps: 5, span: .seconds(0.2)) { _, png in b.append(png) }
        #expect(a.count == 2 && a == b)
        #expect(a[0] != a[1])
    }

    /// A still of a Swift scene is its state; its state shows field by field.
    @Test func stillsAndStateValues() throws {
        let s = try swiftStack.state(still: "dragging-right")
        #expect(s.values["drag"] == .object(["width": .number(120), "height": .number(20)]))
        #expect(try swiftStack.value(of: s).drag?.width == 120)
        #expect(throws: ProofsheetError.self) { try swiftStack.state(still: "nope") }
        #expect(throws: ProofsheetError.self) { try swiftStack.timeline(named: "nope") }
    }

    /// The top card's horizontal offset (the offsets of the views the `id` wraps, down to the text).
    func offset(_ tree: ResolvedView) throws -> Double {
        var v = try #require(tree.find("card-0"))
        var x = v.effects.offset.x
        while let first = v.children.first {
            v = first
            x += v.effects.offset.x
        }
        return x
    }

    /// Timeline events written as closures: a plain change (no animation: the card jumps), an
    /// animated one, and a handler with a haptic and a bouncy removal.
    @Test func scriptedTimeline() throws {
        let session = try MotionSession(template: swiftStack, timeline: try swiftStack.timeline(named: "scripted")) {
            try sharedRenderer.layout($0).tree
        }
        try session.advance(to: 0.1)
        // The card's own `.animation(.spring())` animates the plain change.
        #expect(try offset(session.presented(at: 0.1)) == 0)
        #expect(try offset(session.presented(at: 0.19)) > 0)
        try session.advance(to: 0.3)
        let back = try offset(session.presented(at: 0.3))
        #expect(back > 0 && back < 60)
        let events = try session.advance(to: 0.5).map(\.name)
        #expect(events.contains("haptic success") && events.contains("card thrown"))
        #expect(try swiftStack.value(of: session.state).items.first == 1)
    }

    /// `updating` is gesture state: set while the finger moves, back to the initial value when
    /// it lifts, without any handler saying so.
    @Test func gestureStateGoesBack() throws {
        struct Pad: Equatable, Sendable {
            var drag = Size.zero
            var lifted = 0
        }
        let scene = SwiftScene(device: try Device.named("iPhone SE"), initial: Pad()) { state in
            Color.blue
                .frame(width: 200, height: 200)
                .offset(state.drag)
                .id("pad")
                .gesture(
                    DragGesture(minimumDistance: 0)
                        .updating(\Pad.drag) { $0.translation }
                        .onEnded { _, c in c.state.lifted += 1 })
        }
        .timeline("drag") { Touch(at: 0, "drag #pad 0,0 -> 50,20 in 0.2s; release") }
        .timeline("animated") {
            Change(at: 0, withAnimation: .linear(duration: 1)) { $0.drag = Size(width: 100, height: 0) }
            Handle(at: 2) { c in
                c.withoutAnimation { $0.drag = .zero }
                c.withAnimation(.linear(duration: 1)) { $0.drag.height = 100 }
            }
        }
        let session = try MotionSession(template: scene, timeline: try scene.timeline(named: "drag")) {
            try sharedRenderer.layout($0).tree
        }
        try session.advance(to: 0.1)
        #expect(try scene.value(of: session.state).drag.width > 10)
        try session.advance(to: 0.3)
        #expect(try scene.value(of: session.state) == Pad(drag: .zero, lifted: 1))

        // `withAnimation` and `withoutAnimation` in Swift handlers: a linear second moves the
        // pad halfway in half a second; a change without animation jumps.
        let animated = try MotionSession(template: scene, timeline: try scene.timeline(named: "animated")) {
            try sharedRenderer.layout($0).tree
        }
        func pad(_ t: Double) throws -> Point {
            try animated.advance(to: t)
            guard var v = animated.presented(at: t).find("pad") else { throw ProofsheetError.internal("no pad") }
            var p = v.effects.offset
            while let first = v.children.first {
                v = first
                p = Point(x: p.x + v.effects.offset.x, y: p.y + v.effects.offset.y)
            }
            return p
        }
        #expect(abs(try pad(0.5).x - 50) < 1e-9)
        #expect(try pad(1.5) == Point(x: 100, y: 0))
        let jumped = try pad(2.5)
        #expect(jumped.x == 0 && abs(jumped.y - 50) < 1e-9)
    }

    /// The Swift spellings of animations are the scene format's.
    @Test func animationSpellings() throws {
        let pairs: [(Animation, String)] = [
            (.easeOut(duration: 0.3), "easeOut(duration: 0.3)"), (.easeInOut, "easeInOut"), (.linear(duration: 1), "linear(duration: 1)"),
            (.spring(), "spring()"), (.spring(response: 0.55, dampingFraction: 0.825), "spring(response: 0.55, dampingFraction: 0.825)"),
            (.spring(duration: 0.4, bounce: 0.2), "spring(duration: 0.4, bounce: 0.2)"), (.bouncy, "bouncy"), (.snappy, "snappy"),
            (.smooth(duration: 0.3), "smooth(duration: 0.3)"), (.default, "default"),
            (.interpolatingSpring(stiffness: 180, damping: 12), "interpolatingSpring(stiffness: 180, damping: 12)"),
            (.easeOut.delay(0.05), "easeOut.delay(0.05)"), (.linear.speed(2), "linear.speed(2)"),
            (.easeIn.repeatCount(3, autoreverses: false), "easeIn.repeatCount(3, autoreverses: false)"),
            (.easeIn.repeatForever(), "easeIn.repeatForever()"),
            (.timingCurve(0.2, 0, 0.2, 1, duration: 0.5), "timingCurve(0.2, 0, 0.2, 1, duration: 0.5)")
        ]
        for (swift, spelling) in pairs { #expect(swift == (try Animation(spelling: spelling)), "\(spelling)") }
    }

    /// The README's example, as written there.
    @Test func readmeExample() throws {
        struct Deck: Equatable, Sendable {
            var drag: Size? = nil
            var items = Array(0..<10)
        }
        let deck = SwiftScene(device: try Device.named("iPhone 14"), initial: Deck()) { state in
            Text("Number \(state.items[0])")
                .frame(width: 300, height: 400).background(Color.white).cornerRadius(10)
                .offset(x: state.drag?.width ?? 0)
                .id("card")
                .animation(.spring())
                .gesture(
                    DragGesture<Deck>()
                        .onChanged { value, changes in changes.state.drag = value.translation }
                        .onEnded { value, changes in
                            if value.translation.width > 117 {
                                changes.withAnimation(.easeInOut(duration: 0.3)) { $0.drag = Size(width: 600, height: 0) }
                                changes.after(0.3) {
                                    $0.state.items.removeFirst()
                                    $0.state.drag = nil
                                }
                            } else {
                                changes.state.drag = nil
                            }
                        })
        }
        .still("dragging", Deck(drag: Size(width: 120, height: 0)))
        .marker("card thrown") { $0.items.count < 10 }
        .timeline("throw") {
            Touch(at: 0.1, "drag #card 0,0 -> 160,10 in 0.3s; release")
            Change(at: 1.5, withAnimation: .bouncy) { $0.items = Array(0..<10) }
            Handle(at: 2) { changes in changes.haptic("success") }
        }
        let session = try sharedRenderer.session(of: deck, timeline: "throw")
        let events = try session.advance(to: 2).map(\.name)
        for e in ["touch down", "release", "card thrown", "haptic success"] { #expect(events.contains(e)) }
        #expect(try deck.value(of: session.state) == Deck())
    }
}

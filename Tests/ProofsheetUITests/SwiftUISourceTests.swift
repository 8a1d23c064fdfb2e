import Foundation
import Proofsheet
import ProofsheetTestSupport
import ProofsheetUI
import SwiftUIExamples
import Testing

/// SwiftUI view code drawn through the engine: the same screen as a scene file gives the same
/// pixels, and its `@State` and gestures run on the motion engine.
@Suite struct SwiftUISourceTests {
    static let renderer = try! Renderer()

    func pixels(_ scene: ProofsheetScene.Scene) throws -> RGBAImage {
        var s = scene
        s.scale = 1
        return try Self.renderer.backend.renderRGBA(try Self.renderer.layout(s).displayList, scale: 1)
    }

    /// The frames of a timeline at scale 1, `fps` a second.
    func frames(_ program: some SceneProgram, _ timeline: String, fps: Double) throws -> [(time: Double, image: RGBAImage)] {
        let run = try Self.renderer.run(of: program, timeline: timeline, framing: TimelineFraming(scale: 1))
        var out: [(Double, RGBAImage)] = []
        try FrameSampler(fps: fps, span: .auto).run(run) { frames in
            for f in frames { out.append((f.time, try Self.renderer.backend.renderRGBA(try run.displayList(f.tree), scale: 1))) }
        }
        return out
    }

    /// Dragging the top card past half the stack's width and letting go removes it: the Swift
    /// screen's `@State`, drag gesture, `onRemove` closure and implicit spring give the scene
    /// file's frames, one for one.
    @Test func aSwiftDragRunsTheSceneFilesTimeline() throws {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) { GradientStackScreen() }
            .timeline("remove", at: 0.1, "drag #card-8 0,0 -> 220,20 in 0.35s; release")
        let template = try SceneDecoder().template(file: Paths.root + "/Assets/Scenes/gradient-stack.json")
        let swift = try frames(screen, "remove", fps: 20)
        let json = try frames(template, "remove", fps: 20)
        #expect(swift.count == json.count && swift.count > 10)
        for (s, j) in zip(swift, json) {
            #expect(s.time == j.time)
            let same = s.image == j.image
            #expect(same, "the frame at \(s.time) s differs")
        }
        if ProcessInfo.processInfo.environment["PROOFSHEET_LOOK"] != nil {
            for k in [0, 6, 10, swift.count - 1] {
                try FileOutput.write(try PNGCodec.encode(swift[k].image), to: Paths.artifacts + "/swiftui-remove-\(k).png")
            }
        }
        // The drag moved the card, and the release took it away.
        let moved = swift[4].image != swift[0].image, removed = swift.last!.image != swift[0].image
        #expect(moved && removed)
    }

    /// The gradient stack written as SwiftUI views is the scene file's screen, pixel for pixel.
    @Test func aSwiftScreenDrawsTheSceneFilesPixels() throws {
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) { GradientStackScreen() }
        let swift = try pixels(try screen.instantiate(try screen.state(still: nil)))
        let template = try SceneDecoder().template(file: Paths.root + "/Assets/Scenes/gradient-stack.json")
        let json = try pixels(try template.scene(still: "rest"))
        #expect(swift.width == 390 && swift.height == 844)
        let same = swift == json
        #expect(same, "the Swift screen's pixels are not the scene file's")
    }
}

extension SwiftUISourceTests {
    /// The settings screen written as SwiftUI views (a NavigationStack, its title and toolbar
    /// set from inside, a List with its style, toggles bound to `@State`) is the scene file's
    /// screen, in three of its stills.
    @Test(arguments: ["rest", "plain", "toolbar-hidden"])
    func aSwiftSettingsScreenDrawsTheSceneFilesStills(still: String) throws {
        let template = try SceneDecoder().template(file: Paths.root + "/Assets/Scenes/system-views.json")
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) {
            switch still {
            case "plain": SettingsScreen(style: .plain, mode: .inline)
            case "toolbar-hidden": SettingsScreen(toolbar: .hidden, wifi: false)
            default: SettingsScreen()
            }
        }
        let swift = try pixels(try screen.instantiate(try screen.state(still: nil)))
        let json = try pixels(try template.scene(still: still))
        if ProcessInfo.processInfo.environment["PROOFSHEET_LOOK"] != nil {
            try FileOutput.write(try PNGCodec.encode(swift), to: Paths.artifacts + "/swiftui-settings-\(still).png")
            try FileOutput.write(try PNGCodec.encode(json), to: Paths.artifacts + "/json-settings-\(still).png")
        }
        let same = swift == json
        #expect(same, "the Swift settings screen is not the scene file's in '\(still)'")
    }
}

extension SwiftUISourceTests {
    /// The one-call render writes the screen's PNG whole, and says what is wrong with a name it
    /// cannot write.
    @MainActor @Test func renderWritesTheScreensPNG() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try render(GradientStackScreen(), device: "iPhone 14", scale: 1, to: folder + "/stack.png")
        let written = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/stack.png"))))
        let screen = try SwiftUIScene(device: "iPhone 14", scale: 1) { GradientStackScreen() }
        let same = written == (try pixels(try screen.instantiate(try screen.state(still: nil))))
        #expect(same)
        #expect(throws: ProofsheetError.self) { try render(GradientStackScreen(), to: folder + "/stack.gif") }
        #expect(!FileManager.default.fileExists(atPath: folder + "/stack.gif"))
        #expect(throws: ProofsheetError.self) { try render(GradientStackScreen(), device: "iPhone 99", to: folder + "/x.png") }
    }
}

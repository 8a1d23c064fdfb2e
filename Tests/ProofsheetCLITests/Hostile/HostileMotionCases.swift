import Foundation

/// Hostile motion: animation and transition spellings, gestures, actions, timelines, touch
/// scripts and markers in scene files, and the `frames`, `render --timeline` and `curve`
/// command lines.
extension HostileCase {
    static let motionCases: [HostileCase] = spellings + gestures + actions + alerts + timelines + motionCLI

    /// A 40x30 scene with a number `x` in its state and `extra` members.
    static func motionScene(_ root: String, _ extra: String) -> String {
        small(root, extra: #" "state": {"x": 0, "items": [1, 2]},"# + extra)
    }

    /// A red 40x30 scene with a number `x` in its state and `extra` members.
    static func redMotionScene(_ extra: String) -> String { motionScene(#"{"type": "Color", "color": "red"}"#, extra) }

    /// A red square with `modifiers`.
    static func square(_ modifiers: String) -> String { #"{"type": "Color", "color": "red", "modifiers": ["# + modifiers + "]}" }

    /// A scene case whose message must point at ⟦ (with whatever JSON path).
    static func located(_ name: String, _ json: String, says: [String]) -> HostileCase {
        let (text, place) = locate(json)
        let at = place.map { ["s.json:\($0.0):\($0.1) (at $"] } ?? []
        return HostileCase(name, [.file("s.json", .text(text))], ["render", "s.json", "-o", "out.png"], exit: 2, says: at + says)
    }

    static let spellings: [HostileCase] = [
        scene(
            "an animation with a typo", small(square(#"{"animation": "⟦eseOut"}"#)), at: "$.root.modifiers[0].animation",
            says: ["unknown animation 'eseOut'", "did you mean 'easeOut'"]),
        located(
            "an animation modifier with a typo", small(square(#"{"animation": "easeOut.⟦dely(1)"}"#)), says: ["unknown modifier 'dely'", "'delay'"]),
        located(
            "an animation spelling of 600 characters", small(square(#"{"animation": "easeOut"# + String(repeating: " ", count: 600) + #""}"#)),
            says: ["longer than 512 characters"]),
        located(
            "an animation with a negative duration", small(square(#"{"animation": "easeOut(duration: ⟦-1)"}"#)),
            says: ["a duration must be from 0 to 3600"]),
        located(
            "an undamped spring repeated", small(square(#"{"animation": "interpolatingSpring(stiffness: 10, damping: 0).⟦repeatCount(2)"}"#)),
            says: ["only an animation that ends"]),
        located(
            "a repeat count of a billion", small(square(#"{"animation": "linear.repeatCount(⟦1000000000)"}"#)),
            says: ["a whole number from 1 to 10000"]),
        scene(
            "an animation object without a curve", small(square(#"{"animation": ⟦{"value": 1}}"#)), at: "$.root.modifiers[0].animation",
            says: ["needs 'curve'"]),
        located(
            "a transition with a typo", small(square(#"{"transition": "⟦opacty"}"#)), says: ["unknown transition 'opacty'", "did you mean 'opacity'"]),
        located(
            "a transition nested 20 deep",
            small(
                square(
                    #"{"transition": ""# + String(repeating: "slide.combined(with: ", count: 20) + "slide" + String(repeating: ")", count: 20)
                        + #""}"#)),
            says: ["nested too deeply"]),
        located("a transition edge that does not exist", small(square(#"{"transition": "move(edge: ⟦.left)"}"#)), says: ["expected an edge"]),
        located(
            "a transition's animation left open", small(square(#"{"transition": "opacity.animation(.easeOut(duration: 0.2)⟦"}"#)),
            says: ["expected ')' after the animation"]),
        located(
            "a transition's animation out of range", small(square(#"{"transition": "opacity.animation(.spring(duration: ⟦1e300))"}"#)),
            says: ["duration must be from 0.01 to 600 seconds"]),
        scene("an unknown sdk", small(#"{"type": "EmptyView"}"#, extra: #" "sdk": ⟦"ios9","#), at: "$.sdk", says: ["ios13", "ios17"])
    ]

    static let gestures: [HostileCase] = [
        scene(
            "a gesture without a kind", small(square(#"{"gesture": ⟦{"onEnded": []}}"#)), at: "$.root.modifiers[0].gesture",
            says: ["a gesture needs its kind"]),
        located("a gesture of two kinds", small(square(#"{"gesture": ⟦{"drag": {}, "tap": {}}}"#)), says: ["one kind"]),
        located(
            "a sequence of three gestures", small(square(#"{"gesture": {"sequenced": ⟦[{"tap": {}}, {"tap": {}}, {"tap": {}}]}}"#)),
            says: ["an array of two gestures"]),
        located(
            "a drag with a negative minimum distance", small(square(#"{"gesture": {"drag": {"minimumDistance": ⟦-1}}}"#)), says: ["out of range"]),
        located(
            "a long press of a billion seconds", small(square(#"{"gesture": {"longPress": {"minimumDuration": ⟦1e9}}}"#)), says: ["out of range"]),
        located(
            "gesture state that is not declared", motionScene(square(#"{"gesture": {"drag": {}, "updating": {"y": ⟦"=$gesture.translation"}}}"#), ""),
            says: ["y"]),
        located(
            "a handler reading an unknown gesture value",
            motionScene(square(#"{"gesture": {"drag": {}, "onEnded": [{"set": {"x": ⟦"=$gestur.translation.width"}}]}}"#), ""),
            says: ["unknown variable '$gestur'", "'$gesture'"])
    ]

    static let alerts: [HostileCase] = [
        located("an alert without isPresented", motionScene(square(#"{"alert": ⟦{"message": "x"}}"#), ""), says: ["needs 'isPresented'"]),
        located("an alert presented by a number", motionScene(square(#"{"alert": {"isPresented": ⟦"x"}}"#), ""), says: ["not a bool state variable"]),
        located(
            "an alert of nine buttons",
            small(
                square(
                    #"{"alert": {"isPresented": "b", "buttons": ⟦["# + Array(repeating: #"{"title": "x"}"#, count: 9).joined(separator: ", ") + "]}}"),
                extra: #" "state": {"b": false},"#),
            says: ["at most 8 buttons"]),
        located(
            "an alert button with an unknown role",
            small(square(#"{"alert": {"isPresented": "b", "buttons": [{"title": "x", "role": ⟦"danger"}]}}"#), extra: #" "state": {"b": false},"#),
            says: ["destructive"])
    ]

    static let actions: [HostileCase] = [
        located(
            "an unknown action", motionScene(square(#"{"onTapGesture": [⟦{"sett": {"x": 1}}]}"#), ""),
            says: ["unknown action 'sett'", "did you mean 'set'"]),
        located("setting a constant", motionScene(square(#"{"onTapGesture": [{"set": {"k": ⟦1}}]}"#), #" "vars": {"k": 1},"#), says: ["k"]),
        located("setting a number to a string", motionScene(square(#"{"onTapGesture": [{"set": {"x": ⟦"abc"}}]}"#), ""), says: ["expected a number"]),
        located(
            "a delay of a million seconds", motionScene(square(#"{"onTapGesture": [{"after": ⟦1000000, "do": []}]}"#), ""), says: ["out of range"]),
        located(
            "actions nested 40 deep",
            motionScene(
                square(
                    #"{"onTapGesture": "# + String(repeating: #"[{"withoutAnimation": "#, count: 40) + "[]" + String(repeating: "}]", count: 40) + "}"
                ), ""),
            says: ["nested more than 32 deep"]),
        located("removing from a number", motionScene(square(#"{"onTapGesture": [{"remove": ⟦"x", "at": 0}]}"#), ""), says: ["not an array"]),
        located("a haptic that does not exist", motionScene(square(#"{"onTapGesture": [{"haptic": ⟦"buzz"}]}"#), ""), says: ["warning"]),
        scene("a marker that does not parse", redMotionScene(#" "markers": {"m": ⟦"=$x >"},"#), at: "$.markers.m")
    ]

    static let timelines: [HostileCase] = [
        scene("timelines as an array", redMotionScene(#" "timelines": ⟦[],"#), at: "$.timelines", says: ["'timelines' must be an object"]),
        located("a timeline named ../x", redMotionScene(#" "timelines": {"../x": ⟦[]},"#), says: ["cannot name a timeline"]),
        located(
            "events out of order", redMotionScene(#" "timelines": {"t": [{"at": 1, "set": {"x": 1}}, {"at": ⟦0.5, "set": {"x": 2}}]},"#),
            says: ["in time order"]),
        located(
            "an event with a set and a touch", redMotionScene(#" "timelines": {"t": [⟦{"at": 0, "set": {"x": 1}, "touch": "tap 1,1"}]},"#),
            says: ["one of 'do', 'set' and 'touch'"]),
        located("an event a billion seconds in", redMotionScene(#" "timelines": {"t": [{"at": ⟦1e9, "set": {"x": 1}}]},"#), says: ["out of range"]),
        located(
            "a touch script with a typo", redMotionScene(#" "timelines": {"t": [{"at": 0, "touch": "⟦drga #a 0,0 -> 1,1 in 1s"}]},"#),
            says: ["unknown step 'drga'"]),
        located(
            "a touch lifted twice", redMotionScene(#" "timelines": {"t": [{"at": 0, "touch": "tap 1,1; ⟦up"}]},"#), says: ["needs the finger down"]),
        located(
            "a touch script of 5000 steps",
            redMotionScene(#" "timelines": {"t": [{"at": 0, "touch": ""# + String(repeating: "tap 1,1; ", count: 5000) + #""}]},"#),
            says: ["too long"]),
        located(
            "touches of 2000 s in all",
            redMotionScene(
                #" "timelines": {"t": ⟦["# + Array(repeating: #"{"at": 0, "touch": "down 1,1; hold 500s; up"}"#, count: 4).joined(separator: ", ")
                    + "]},"),
            says: ["more than 600 s"]),
        located(
            "a timeline from a still that does not exist", redMotionScene(#" "timelines": {"t": {"from": ⟦"rset", "events": []}},"#),
            says: ["no still named 'rset'"])
    ]

    /// A scene with timelines for the command-line cases.
    static let timelineScene = motionScene(
        square(#"{"offset": {"x": "=$x"}}, {"id": "box"}, {"onTapGesture": [{"set": {"x": "=$x + 1"}}]}"#),
        #"""
         "timelines": {
           "move": [{"at": 0, "withAnimation": "easeOut", "set": {"x": 10}}],
           "forever": [{"at": 0, "withAnimation": "linear.repeatForever()", "set": {"x": 10}}],
           "ghost": [{"at": 0, "touch": "tap #nothing"}],
           "loop": [{"at": 0, "do": [{"set": {"x": 1}}]}],
           "tap": [{"at": 0, "touch": "tap #box"}]
         },
        """#)
    static let timelineFile: Item = .file("tl.json", .text(timelineScene))

    static func motionCLI(_ name: String, _ argv: [String], says: [String], also: [Item] = [], writes: [String] = []) -> HostileCase {
        HostileCase(name, [timelineFile] + also, argv, exit: 2, says: says, writes: writes)
    }

    static let motionCLI: [HostileCase] = [
        motionCLI("frames without --timeline", ["frames", "tl.json"], says: ["frames needs --timeline"]),
        motionCLI(
            "frames of an unknown timeline", ["frames", "tl.json", "--timeline", "mvoe"], says: ["no timeline named 'mvoe'", "did you mean 'move'"]),
        motionCLI("frames at 0 fps", ["frames", "tl.json", "--timeline", "move", "--fps", "0"], says: ["--fps"]),
        motionCLI("frames at 100000 fps", ["frames", "tl.json", "--timeline", "move", "--fps", "100000"], says: ["--fps"]),
        motionCLI(
            "frames of 600 s at 240 fps", ["frames", "tl.json", "--timeline", "move", "--fps", "240", "--duration", "600"],
            says: ["more than 36000 frames"]),
        motionCLI("frames for a negative duration", ["frames", "tl.json", "--timeline", "move", "--duration", "-1"], says: ["--duration"]),
        motionCLI(
            "frames of an animation that repeats forever", ["frames", "tl.json", "--timeline", "forever", "-o", "f"],
            says: ["never settles", "--duration"]),
        motionCLI(
            "frames of a touch on a view that does not exist", ["frames", "tl.json", "--timeline", "ghost", "-o", "f"], says: ["no view has that id"]),
        motionCLI(
            "frames into a folder of other files", ["frames", "tl.json", "--timeline", "move", "-o", "keep"], says: ["holds other files"],
            also: [.file("keep/notes.txt", .text("mine"))], writes: ["keep/notes.txt"]),
        motionCLI("frames into a file", ["frames", "tl.json", "--timeline", "move", "-o", "tl.json"], says: ["is not a folder"], writes: ["tl.json"]),
        motionCLI("render --timeline without --at", ["render", "tl.json", "--timeline", "move"], says: ["--timeline and --at go together"]),
        motionCLI("render --at a billion seconds", ["render", "tl.json", "--timeline", "move", "--at", "1e9"], says: ["--at"]),
        motionCLI(
            "render --timeline with --still", ["render", "tl.json", "--timeline", "move", "--at", "0", "--still", "x"],
            says: ["cannot be used with --timeline"]),
        motionCLI(
            "strip plotting a view of a 100 000-character id",
            ["strip", "tl.json", "--timeline", "move", "--plot", "#" + String(repeating: "a", count: 100_000) + ".offset.x"],
            says: ["no view has the id", "…"]),
        motionCLI(
            "strip onion of a 100 000-character id", ["strip", "tl.json", "--timeline", "move", "--onion", String(repeating: "a", count: 100_000)],
            says: ["no view has the id"]),
        motionCLI("curve of a huge spelling", ["curve", String(repeating: "easeIn.", count: 200)], says: ["longer than 512"]),
        motionCLI("curve of a spring with no response", ["curve", "spring(response: 1e-300)"], says: ["response must be from 0.01"]),
        motionCLI("curve with a billion samples", ["curve", "easeIn", "--samples", "1000000000"], says: ["--samples"]),
        HostileCase(
            "frames replace an earlier frames folder as a whole",
            [
                timelineFile, .file("f/manifest.json", .text("{}")), .file("f/frame-09999.png", .text("old")),
                .file("f/.proofsheet-files", .text(folderMarker([("frame-09999.png", 3), ("manifest.json", 2)])))
            ],
            ["frames", "tl.json", "--timeline", "move", "--fps", "10", "-o", "f", "-q"], exits: [0], writes: ["f/*"],
            verify: { run in
                let names = (try? FileManager.default.contentsOfDirectory(atPath: run.sandbox + "/f")) ?? []
                return names.contains("frame-09999.png")
                    ? ["the old frame is still there"] : (names.contains("frame-00000.png") ? [] : ["no new frames"])
            })
    ]
}

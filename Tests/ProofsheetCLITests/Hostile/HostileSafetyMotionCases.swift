import Foundation

/// Hostile motion budgets: state that grows without bound (an array appended to itself, a
/// string doubled), a long string written into every frame of the manifest, thousands of
/// markers evaluated at every touch sample, and indices and markers of the wrong kind.
extension HostileCase {
    static let motionSafetyCases: [HostileCase] = stateGrowth + manifestSize + manyMarkers + removeIndices + markerKinds

    /// A 40x30 scene with a 20x20 red box named `box` (with `modifiers` after its id), and
    /// `extra` members.
    static func boxScene(_ extra: String, modifiers: String = "") -> String {
        small(
            #"{"type": "Color", "color": "red", "modifiers": [{"frame": {"width": 20, "height": 20}}, {"id": "box"}"#
                + (modifiers.isEmpty ? "" : ", " + modifiers) + "]}", extra: extra)
    }

    /// A timeline `grow` of `count` events, one a line, each running `action` (10 ms apart);
    /// the event at `marked` has ⟦ before the value `at` names in the action.
    static func growTimeline(_ action: (Int) -> String, count: Int, marked: Int? = nil) -> String {
        let events = (0..<count).map { k in
            let a = action(k)
            return "  {\"at\": \(fmt3(Double(k) / 100)), \"do\": ["
                + (k == marked ? a.replacingOccurrences(of: "«", with: "⟦") : a)
                .replacingOccurrences(of: "«", with: "") + "]}"
        }
        return #" "timelines": {"grow": ["# + "\n" + events.joined(separator: ",\n") + "\n ]},"
    }

    static func fmt3(_ v: Double) -> String { String(format: "%.2f", v) }

    /// A list of `any` (starting as [1]) and a timeline of 30 events each appending the list to
    /// itself: its size doubles with every event. The 17th passes 200 000 values.
    static let doublingScene = boxScene(
        #" "state": {"list": {"type": {"array": "any"}, "default": [1]}},"#
            + growTimeline({ _ in #"{"append": "list", "value": «"=$list"}"# }, count: 30, marked: 16))
    static let doublingFile: Item = .file("s.json", .text(locate(doublingScene).0))
    /// Where the appending that passes the budget is: `s.json:LINE:COL (at PATH): error:`.
    static var doublingPlace: String {
        let (_, place) = locate(doublingScene)
        return "s.json:\(place!.0):\(place!.1) (at $.timelines.grow[16].do[0].value): error:"
    }

    static func doubling(_ name: String, _ argv: [String], writes: [String] = []) -> HostileCase {
        HostileCase(name, [doublingFile], argv, exit: 2, says: [doublingPlace, "appending to list", "200000 values", "'views' limit"], writes: writes)
    }

    static let stateGrowth: [HostileCase] = [
        doubling("frames of 30 events each doubling an array", ["frames", "s.json", "--timeline", "grow", "-o", "f", "-q"]),
        doubling("strip of 30 events each doubling an array", ["strip", "s.json", "--timeline", "grow", "-o", "s.png", "-q"]),
        doubling("render --at of 30 events each doubling an array", ["render", "s.json", "--timeline", "grow", "--at", "1", "-o", "a.png"]),
        doubling(
            "check --timelines of 30 events each doubling an array",
            ["check", "s.json", "--golden", "g", "--timelines", "--no-config", "--record", "missing"], writes: ["g/**"]),
        scene(
            "a drag handler appending an array to itself",
            boxScene(
                #" "state": {"list": {"type": {"array": "any"}, "default": [1]}},"#
                    + #" "timelines": {"drag": [{"at": 0, "touch": "drag #box 0,0 -> 10,0 in 0.5s; release"}]},"#,
                modifiers: #"{"gesture": {"drag": {"minimumDistance": 0}, "onChanged": [{"append": "list", "value": ⟦"=$list"}]}}"#),
            at: "$.root.modifiers[2].gesture.onChanged[0].value", says: ["appending to list", "'views' limit"],
            argv: ["frames", "s.json", "--timeline", "drag", "-o", "f", "-q"]),
        scene(
            "taps appending an array to itself, as a preview",
            boxScene(
                #" "state": {"list": {"type": {"array": "any"}, "default": [1]}},"#
                    + #" "timelines": {"taps": ["# + (0..<30).map { #"{"at": \#(Double($0) / 10), "touch": "tap #box"}"# }.joined(separator: ", ")
                    + "]},",
                modifiers: #"{"onTapGesture": [{"append": "list", "value": ⟦"=$list"}]}"#),
            at: "$.root.modifiers[2].onTapGesture[0].value", says: ["appending to list", "'views' limit"],
            argv: ["animate", "s.json", "--timeline", "taps", "-o", "p.gif"]),
        scene(
            "30 events each doubling a string",
            boxScene(#" "state": {"s": "ab"},"# + growTimeline({ _ in #"{"set": {"s": «"=$s + $s"}}"# }, count: 30, marked: 15)),
            at: "$.timelines.grow[15].do[0].set.s", says: ["longer than 100000 characters", "text-length"],
            argv: ["frames", "s.json", "--timeline", "grow", "-o", "f", "-q"]),
        HostileCase(
            "30 events each doubling a string past a raised text-length",
            [
                .file(
                    "s.json", .text(locate(boxScene(#" "state": {"s": "ab"},"# + growTimeline({ _ in #"{"set": {"s": "=$s + $s"}}"# }, count: 30))).0)
                )
            ],
            ["frames", "s.json", "--timeline", "grow", "-o", "f", "-q", "--limit", "text-length=100000000"], exit: 2,
            says: ["(at $.timelines.grow[", "scene-strings"]
        ).heavyCase,
        scene(
            "a list of objects growing past the budget",
            boxScene(
                #" "state": {"list": {"type": {"array": "any"}, "default": [[1, 2, 3, 4, 5, 6, 7, 8]]}},"#
                    + growTimeline({ _ in #"{"append": "list", "value": «"=$list"}"# }, count: 16, marked: 14)),
            at: "$.timelines.grow[14].do[0].value", says: ["appending to list", "200000 values"],
            argv: ["frames", "s.json", "--timeline", "grow", "-o", "f", "-q"]),
        scene(
            "a list nested 200 deep by its appends",
            boxScene(
                #" "state": {"list": {"type": {"array": "any"}, "default": [1]}},"#
                    + growTimeline(
                        { _ in #"{"append": "list", "value": «"=slice($list, count($list) - 1, count($list))"}"# }, count: 200, marked: 98)),
            at: "$.timelines.grow[98].do[0].value", says: ["nested more than 100 deep", "'nesting' limit"],
            argv: ["frames", "s.json", "--timeline", "grow", "-o", "f", "-q", "--limit", "nesting=100"]
        ).heavyCase,
        scene(
            "the same doubling with the views limit lowered",
            boxScene(
                #" "state": {"list": {"type": {"array": "any"}, "default": [1]}},"#
                    + growTimeline({ _ in #"{"append": "list", "value": «"=$list"}"# }, count: 30, marked: 4)),
            at: "$.timelines.grow[4].do[0].value", says: ["more than 50 values", "--limit views=N"],
            argv: ["frames", "s.json", "--timeline", "grow", "-o", "f", "-q", "--limit", "views=50"]),
        HostileCase(
            "a list growing within its limits works",
            [
                .file(
                    "s.json",
                    .text(
                        small(
                            #"{"type": "VStack", "children": [{"type": "ForEach", "data": "$list", "key": "$item.n", "content": {"type": "Color", "color": "red", "modifiers": [{"frame": {"width": 2, "height": 0.2}}]}}]}"#,
                            extra: #" "state": {"list": {"type": {"array": {"record": {"n": "number"}}}, "default": [{"n": 0}]}, "n": 0},"#
                                + growTimeline(
                                    { k in #"{"set": {"n": \#(k + 1)}}, {"append": "list", "value": {"n": \#(k + 1)}}"# }, count: 100))))
            ],
            ["frames", "s.json", "--timeline", "grow", "--fps", "10", "-o", "f", "-q"], exit: 0, writes: ["f/**"],
            verify: { run in
                guard let m = manifest(run), let frames = m["frames"] as? [[String: Any]] else { return ["no manifest"] }
                var list: [Any]? = nil
                for f in frames { if let l = (f["changes"] as? [String: Any])?["list"] as? [Any] { list = l } }
                return list?.count == 101 ? [] : ["the list ends with \(list?.count ?? -1) elements, not 101"]
            })
    ]

    /// The manifest of the frames folder `f`, parsed.
    static func manifest(_ run: HostileRun, folder: String = "f") -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: run.sandbox + "/\(folder)/manifest.json") else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    static let manifestSize: [HostileCase] = [
        HostileCase(
            "a 10 MB string in the state, 31 frames",
            [
                .file(
                    "s.json",
                    .pieces([
                        (#"{"canvas": {"width": 40, "height": 30}, "state": {"x": 0, "big": ""#, 1), ("abcdefghij", 1_000_000),
                        (
                            #"""
                            "}, "timelines": {"move": [{"at": 0, "withAnimation": "linear(duration: 1)", "set": {"x": 10}}]},
                             "root": {"type": "Color", "color": "red", "modifiers": [{"offset": {"x": "=$x"}}, {"id": "box"}]}}
                            """#, 1
                        )
                    ]))
            ],
            ["frames", "s.json", "--timeline", "move", "--fps", "30", "-o", "f", "-q"], exit: 0, writes: ["f/**"],
            verify: { run in
                let path = run.sandbox + "/f/manifest.json"
                let bytes = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? -1
                // The string once (the state at the start), not once a frame (31 × 10 MB).
                guard bytes > 10_000_000, bytes < 10_100_000 else { return ["manifest.json is \(bytes) bytes"] }
                guard let m = manifest(run), m["version"] as? Int == 3, let frames = m["frames"] as? [[String: Any]], frames.count == 31,
                    (m["state"] as? [String: Any])?["big"] is String
                else { return ["the manifest is not version 3 with the state at the start and 31 frames"] }
                let moved = frames.compactMap { ($0["changes"] as? [String: Any])?["x"] as? Double }
                return moved == [10] ? [] : ["x changes \(moved), expected once to 10"]
            }
        ).heavyCase
    ]

    /// A scene with `count` markers `m0`, `m1`, … (`mk` is `$count > k`), a box dragged for 1 s
    /// (its gesture state changing 120 times a second) and `count` set to 3 at 1.2 s.
    static func markerScene(_ count: Int) -> Item {
        let markers = (0..<count).map { "\"m\($0)\": \"=$count > \($0)\"" }.joined(separator: ", ")
        return .file(
            "m.json",
            .text(
                boxScene(
                    #" "state": {"count": 0, "drag": {"type": "size?"}}, "markers": {"# + markers + "},"
                        + #" "timelines": {"drag": [{"at": 0, "touch": "drag #box 0,0 -> 10,0 in 1s; release"}, {"at": 1.2, "set": {"count": 3}}]},"#,
                    modifiers:
                        #"{"offset": {"x": "=$drag.width ?? 0"}}, {"gesture": {"drag": {"minimumDistance": 0}, "updating": {"drag": "=$gesture.translation"}}}"#
                )))
    }

    /// `count` markers reading the dragged value (the drag changes it 120 times a second).
    static func dragMarkerScene(_ count: Int) -> Item {
        let markers = (0..<count).map { "\"m\($0)\": \"=($drag.width ?? 0) > \($0)\"" }.joined(separator: ", ")
        return .file(
            "m.json",
            .text(
                boxScene(
                    #" "state": {"drag": {"type": "size?"}}, "markers": {"# + markers + "},"
                        + #" "timelines": {"drag": [{"at": 0, "touch": "drag #box 0,0 -> 10,0 in 1s; release"}]},"#,
                    modifiers: #"{"gesture": {"drag": {"minimumDistance": 0}, "updating": {"drag": "=$gesture.translation"}}}"#)))
    }

    /// Markers m0, m1 and m2 are reported, and no other.
    static let threeMarkers: @Sendable (HostileRun) -> [String] = { run in
        guard let m = manifest(run), let frames = m["frames"] as? [[String: Any]] else { return ["no manifest"] }
        let events = frames.flatMap { $0["events"] as? [String] ?? [] }.filter { $0.hasPrefix("m") }
        return events == ["m0", "m1", "m2"] ? [] : ["marker events \(events.prefix(8)), expected m0, m1, m2"]
    }

    static let markersReadingADrag: [HostileCase] = [5000, 20000].map { n in
        HostileCase(
            "frames of a drag read by \(n) markers", [dragMarkerScene(n)], ["frames", "m.json", "--timeline", "drag", "--fps", "30", "-o", "f", "-q"],
            exit: 2, says: ["m.json:", "(at $.markers.m0): error:", "evaluated more than 100000 times", "$drag"]
        ).heavyCase
    }

    static let manyMarkers: [HostileCase] =
        markersReadingADrag
        + [5000, 20000].flatMap { n in
            [
                HostileCase(
                    "frames of a drag with \(n) markers", [markerScene(n)],
                    ["frames", "m.json", "--timeline", "drag", "--fps", "30", "-o", "f", "-q"],
                    exit: 0, writes: ["f/**"], verify: threeMarkers
                ).heavyCase,
                HostileCase(
                    "strip of a drag with \(n) markers", [markerScene(n)], ["strip", "m.json", "--timeline", "drag", "-o", "s.png", "-q"], exit: 0,
                    writes: ["s.png"]
                ).heavyCase,
                HostileCase(
                    "check --timelines of a drag with \(n) markers", [markerScene(n)],
                    ["check", "m.json", "--golden", "g", "--timelines", "--no-config", "--record", "all"], exits: [0], writes: ["g/**"]
                ).heavyCase
            ]
        }

    /// A scene whose list `items` is [1, 2] and whose timeline `rm` removes at `index`.
    static func removeScene(_ name: String, _ index: String, at path: String? = nil, says: [String], exit: Int32 = 2) -> HostileCase {
        scene(
            name, redMotionScene(#" "timelines": {"rm": [{"at": 0, "do": [{"remove": "items", "at": "# + index + "}]}]},"),
            at: path ?? "$.timelines.rm[0].do[0].at", says: says, exit: exit, argv: ["frames", "s.json", "--timeline", "rm", "-o", "f", "-q"],
            writes: exit == 0 ? ["f/**"] : [])
    }

    static let removeIndices: [HostileCase] = [
        removeScene("remove at 1e9", "⟦1e9", says: ["remove at 1000000000", "a whole number", "at most 100000 elements"]),
        removeScene("remove at -1e9", "⟦-1e9", says: ["remove at -1000000000", "a whole number"]),
        removeScene("remove at 1.5", "⟦1.5", says: ["remove at 1.5", "a whole number"]),
        removeScene("remove at a string", "⟦\"first\"", says: ["remove at a string"]),
        removeScene("remove past the end", "⟦5", says: ["remove at 5: items has 2 elements", "from 0 to 1"]),
        removeScene("remove at -3 of two", "⟦-3", says: ["remove at -3: items has 2 elements", "from -2 to -1"]),
        removeScene("remove at an expression giving 0.5", "⟦\"=$x + 0.5\"", says: ["remove at 0.5"]),
        scene(
            "remove from an emptied list",
            redMotionScene(
                #" "timelines": {"rm": [{"at": 0, "do": [{"remove": "items", "at": 0}, {"remove": "items", "at": 0}, {"remove": "items", "at": ⟦0}]}]},"#
            ),
            at: "$.timelines.rm[0].do[2].at", says: ["items has 0 elements", "the array is empty"],
            argv: ["frames", "s.json", "--timeline", "rm", "-o", "f", "-q"]),
        HostileCase(
            "remove at -1 removes the last",
            [.file("s.json", .text(redMotionScene(#" "timelines": {"rm": [{"at": 0, "do": [{"remove": "items", "at": -1}]}]},"#)))],
            ["frames", "s.json", "--timeline", "rm", "-o", "f", "-q"], exit: 0, writes: ["f/**"],
            verify: { run in
                guard let m = manifest(run), let frames = m["frames"] as? [[String: Any]] else { return ["no manifest"] }
                let items = (frames.first?["changes"] as? [String: Any])?["items"] as? [Double]
                return items == [1] ? [] : ["items are \(String(describing: items)) after removing the last, not [1]"]
            })
    ]

    static func markerKind(_ name: String, _ value: String, says: [String]) -> HostileCase {
        scene(name, redMotionScene(#" "markers": {"m": "# + value + "},"), at: "$.markers.m", says: says)
    }

    static let markerKinds: [HostileCase] = [
        markerKind("a marker that is a number", "⟦5", says: ["the marker 'm' is a number, not an expression"]),
        markerKind("a marker that is a plain string", "⟦\"x is big\"", says: ["is a plain string, not an expression", "=abs($dx) > 80"]),
        markerKind("a marker that is an object", "⟦{\"when\": \"=$x > 1\"}", says: ["is an object, not an expression"]),
        markerKind("a marker that is true", "⟦true", says: ["is a boolean, not an expression"]),
        markerKind("a marker whose expression gives a number", "⟦\"=1 + 1\"", says: ["gives a number, not true or false"]),
        scene(
            "a marker that gives a number while the timeline runs",
            redMotionScene(#" "markers": {"m": ⟦"=$x"}, "timelines": {"t": [{"at": 0, "set": {"x": 1}}]},"#), at: "$.markers.m",
            says: ["the marker 'm' gives a number, not true or false"], argv: ["frames", "s.json", "--timeline", "t", "-o", "f", "-q"])
    ]
}

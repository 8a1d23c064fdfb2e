import Foundation

/// Hostile state: declarations, stills whose names become parts of file paths, and the
/// command-line ways to choose a state (`--set`, `--still`, `--all-stills`).
extension HostileCase {
    /// A 40x30 scene with a size, an enum and a colour in its state, and two stills.
    static let stateScene = small(
        #"{"type": "Color", "color": "$tint", "modifiers": [{"offset": {"x": "=$drag.width ?? 0"}}]}"#,
        extra: """
             "state": {"drag": {"type": "size?"}, "phase": {"type": {"enum": ["inactive", "pressing"]}, "default": "inactive"},
                       "tint": {"type": "color", "default": "red"}},
             "stills": {"rest": {}, "moved": {"drag": {"width": 10, "height": 0}}},
            """)
    static let stateFile: Item = .file("st.json", .text(stateScene))

    /// `proofsheet ARGS` in a sandbox holding st.json.
    static func stateCLI(_ name: String, _ argv: [String], says: [String]) -> HostileCase {
        HostileCase(name, [stateFile], argv, exit: 2, says: says)
    }

    static let stateCases: [HostileCase] = declarations + stillFiles + setOptions + stillOptions

    static let declarations: [HostileCase] = [
        scene("state is an array", small(#"{"type": "EmptyView"}"#, extra: #" "state": ⟦[1],"#), at: "$.state", says: ["'state' must be an object"]),
        scene(
            "a state type that does not exist", small(#"{"type": "EmptyView"}"#, extra: #" "state": {"a": {"type": ⟦"nubmer"}},"#),
            at: "$.state.a.type", says: ["'nubmer' is not a state type", "did you mean 'number'"]),
        scene(
            "a default of the wrong type", small(#"{"type": "EmptyView"}"#, extra: #" "state": {"a": {"type": "size", "default": ⟦3}},"#),
            at: "$.state.a.default", says: ["expected an object", "size"]),
        scene(
            "a colour default that is no colour",
            small(#"{"type": "EmptyView"}"#, extra: #" "state": {"a": {"type": "color", "default": ⟦"navy"}},"#),
            at: "$.state.a.default", says: ["'navy' is not a colour"]),
        scene(
            "a required value without a default", small(#"{"type": "EmptyView"}"#, extra: #" "state": {"a": ⟦{"type": "number"}},"#),
            at: "$.state.a", says: ["needs a 'default'"]),
        scene(
            "an enum with no cases", small(#"{"type": "EmptyView"}"#, extra: #" "state": {"a": {"type": {"enum": ⟦[]}, "default": "x"}},"#),
            at: "$.state.a.type.enum", says: ["lists its cases"]),
        scene(
            "a state name that cannot be read as $name",
            small(#"{"type": "EmptyView"}"#, extra: #" "state": {"a-b": ⟦1},"#), at: "$.state.a-b", says: ["cannot name a state variable"]),
        scene(
            "a state name that is also a constant",
            small(#"{"type": "EmptyView"}"#, extra: #" "vars": {"a": 1}, "state": {"a": ⟦2},"#), at: "$.state.a", says: ["both a state variable"]),
        scene(
            "a type nested 150 levels deep",
            small(
                #"{"type": "EmptyView"}"#,
                extra: #" "state": {"a": {"type": "# + String(repeating: #"{"array": "#, count: 150) + #""number""#
                    + String(repeating: "}", count: 150)
                    + #", "default": ⟦1}},"#), at: "$.state.a.default", says: ["expected an array"]),
        scene(
            "an expression reading a field of an unset value",
            small(
                #"{"type": "Color", "color": "red", "modifiers": [{"offset": {"x": ⟦"=$drag.width + 1"}}]}"#,
                extra: #" "state": {"drag": {"type": "size?"}},"#),
            at: "$.root.modifiers[0].offset.x", says: ["expected a number, got null", "$drag comes from its default"]),
        scene(
            "a ForEach whose keys repeat",
            small(#"{"type": "ForEach", "data": [1, 2, 1], "key": ⟦"$item", "content": {"type": "EmptyView"}}"#),
            at: "$.root.key", says: ["the same key '1'"])
    ]

    static let stillFiles: [HostileCase] = [
        scene(
            "a still named default", small(#"{"type": "EmptyView"}"#, extra: #" "stills": {"default": ⟦{}},"#), at: "$.stills.default",
            says: ["reserved"]),
        scene(
            "a still named ../x", small(#"{"type": "EmptyView"}"#, extra: #" "stills": {"../x": ⟦{}},"#), at: "$.stills.../x",
            says: ["cannot name a still"]),
        scene(
            "a still named with capitals", small(#"{"type": "EmptyView"}"#, extra: #" "stills": {"Rest": ⟦{}},"#), at: "$.stills.Rest",
            says: ["lower-case"]),
        scene(
            "a still name of 65 characters",
            small(#"{"type": "EmptyView"}"#, extra: #" "stills": {""# + String(repeating: "a", count: 65) + #"": ⟦{}},"#),
            at: "$.stills." + String(repeating: "a", count: 64) + "…", says: ["cannot name a still"]),
        scene(
            "a still that is not an object", small(#"{"type": "EmptyView"}"#, extra: #" "stills": {"a": ⟦3},"#), at: "$.stills.a",
            says: ["a still is an object"]),
        scene(
            "a still setting unknown state",
            small(#"{"type": "EmptyView"}"#, extra: #" "state": {"n": 1}, "stills": {"a": {"m": ⟦2}},"#), at: "$.stills.a.m",
            says: ["no state named 'm'"]),
        scene(
            "a still with a value of the wrong type",
            small(#"{"type": "EmptyView"}"#, extra: #" "state": {"n": 1}, "stills": {"a": {"n": ⟦"x"}},"#), at: "$.stills.a.n",
            says: ["expected a number"])
    ]

    static let setOptions: [HostileCase] = [
        stateCLI(
            "--set an unknown name", ["render", "st.json", "--set", "drg=1,2", "-o", "o.png"],
            says: ["no state named 'drg'", "did you mean 'drag'", "drag: size?"]),
        stateCLI("--set a size that is not one", ["render", "st.json", "--set", "drag=1;2", "-o", "o.png"], says: ["'1;2' is not a size"]),
        stateCLI("--set a case that does not exist", ["render", "st.json", "--set", "phase=dragging", "-o", "o.png"], says: ["not one of the cases"]),
        stateCLI("--set a colour that does not exist", ["render", "st.json", "--set", "tint=navy", "-o", "o.png"], says: ["'navy' is not a colour"]),
        stateCLI("--set without =", ["render", "st.json", "--set", "drag", "-o", "o.png"], says: ["expected NAME=VALUE"]),
        stateCLI("--set with an empty name", ["render", "st.json", "--set", "=3", "-o", "o.png"], says: ["expected NAME=VALUE"]),
        stateCLI("--set a field of a field", ["render", "st.json", "--set", "drag.width.x=1", "-o", "o.png"], says: ["has no fields"]),
        stateCLI("--set broken JSON", ["render", "st.json", "--set", #"drag={"width": "#, "-o", "o.png"], says: ["cannot be read"]),
        stateCLI(
            "--set JSON nested 100 000 levels", ["render", "st.json", "--set", "drag=" + String(repeating: "[", count: 100_000), "-o", "o.png"],
            says: ["nesting deeper"]),
        stateCLI("--set a NUL byte", ["render", "st.json", "--set", "tint=re\u{1}d", "-o", "o.png"], says: ["is not a colour", "\\u{1}"]),
        stateCLI(
            "--set a value of 100 000 characters", ["render", "st.json", "--set", "phase=" + String(repeating: "p", count: 100_000), "-o", "o.png"],
            says: ["not one of the cases"]),
        stateCLI("--set on check", ["check", "st.json", "--golden", "g", "--set", "drag=1,1"], says: ["check does not take --set"]),
        stateCLI("--set a constant-free scene", ["render", "st.json", "--set", "index=1", "-o", "o.png"], says: ["no state named 'index'"])
    ]

    static let stillOptions: [HostileCase] = [
        stateCLI(
            "--still unknown", ["render", "st.json", "--still", "mvoed", "-o", "o.png"], says: ["no still named 'mvoed'", "did you mean 'moved'"]),
        stateCLI("--still ../x", ["render", "st.json", "--still", "../x"], says: ["cannot name a still"]),
        stateCLI("--still default", ["render", "st.json", "--still", "default"], says: ["reserved"]),
        stateCLI("--still and --all-stills", ["render", "st.json", "--still", "rest", "--all-stills"], says: ["cannot be used together"]),
        stateCLI("--all-stills with -o", ["render", "st.json", "--all-stills", "-o", "o.png"], says: ["-o names one output"]),
        stateCLI(
            "--still on a check that has no such still", ["check", "st.json", "--golden", "g", "--still", "nope"], says: ["not a still of any scene"]),
        stateCLI("--jobs 0", ["render", "st.json", "--jobs", "0", "-o", "o.png"], says: ["--jobs '0'"]),
        stateCLI("--jobs 1.5", ["render", "st.json", "--jobs", "1.5", "-o", "o.png"], says: ["whole number"]),
        stateCLI("--jobs a million", ["render", "st.json", "--jobs", "1000000", "-o", "o.png"], says: ["--jobs"]),
        stateCLI("stills of a missing scene", ["stills", "nope.json"], says: ["no such file"])
    ]
}

import Foundation

/// Hostile project configurations (`proofsheet.json`) and the new `check` options: each is bad
/// input with a located message (exit 2) before anything is rendered or written.
extension HostileCase {
    /// `proofsheet check` in a folder holding `config` as proofsheet.json and the red scene.
    static func config(_ name: String, _ config: Item, says: [String], argv: [String] = ["check"]) -> HostileCase {
        HostileCase(name, [config, .file("scenes/s.json", .text(redScene))], argv, exit: 2, says: says)
    }

    static func configText(_ name: String, _ json: String, says: [String]) -> HostileCase {
        config(name, .file("proofsheet.json", .text(json)), says: ["proofsheet.json"] + says)
    }

    /// 64 made-up locale tags, quoted and joined: `"aaa","aab",…`.
    static let sixtyFourLocales: String = {
        let letters: [Character] = Array("abcdefghijklmnopqrstuvwxyz")
        var tags: [String] = []
        for i in 0..<64 { tags.append("\"a" + String(letters[i / 26]) + String(letters[i % 26]) + "\"") }
        return tags.joined(separator: ",")
    }()

    static let configCases: [HostileCase] = [
        configText("an empty configuration", "", says: ["invalid JSON"]),
        configText("a configuration that is an array", "[]\n", says: ["proofsheet.json:1:1", "must be an object"]),
        configText("scenes that is a number", #"{"scenes": 7, "golden": "g"}"#, says: ["(at $.scenes)", "string or an array"]),
        configText("a glob with **", #"{"scenes": ["**/*.json"], "golden": "g"}"#, says: ["(at $.scenes[0])", "'**'"]),
        configText("a glob that climbs out", #"{"scenes": ["../../../../../../etc/*.conf"], "golden": "g"}"#, says: ["outside"]),
        configText("a golden path with NUL", #"{"scenes": ["scenes/*.json"], "golden": "g\u0000x"}"#, says: ["(at $.golden)"]),
        configText("a scale of 1e300", #"{"scenes": ["scenes/*.json"], "golden": "g", "scales": [1e300]}"#, says: ["(at $.scales[0])"]),
        configText("a negative maxDiffPixels", #"{"scenes": ["scenes/*.json"], "golden": "g", "maxDiffPixels": -1}"#, says: ["(at $.maxDiffPixels)"]),
        configText("includeAA as a string", #"{"scenes": ["scenes/*.json"], "golden": "g", "includeAA": "yes"}"#, says: ["(at $.includeAA)"]),
        configText(
            "an ignore region of three numbers", #"{"scenes": ["scenes/*.json"], "golden": "g", "ignore": [[1, 2, 3]]}"#,
            says: ["(at $.ignore[0])"]),
        configText("a mask that does not exist", #"{"scenes": ["scenes/*.json"], "golden": "g", "masks": ["nope.png"]}"#, says: ["(at $.masks[0])"]),
        configText(
            "overrides of an unknown scene", #"{"scenes": ["scenes/*.json"], "golden": "g", "overrides": {"scenes/t": {}}}"#,
            says: ["(at $.overrides.scenes/t)", "did you mean 'scenes/s'?"]),
        configText(
            "overrides of a still with a bad name",
            #"{"scenes": ["scenes/*.json"], "golden": "g", "overrides": {"scenes/s": {"stills": {"../x": {}}}}}"#,
            says: ["cannot name a still"]),
        configText(
            "a colour scheme that is none", #"{"scenes": ["scenes/*.json"], "golden": "g", "variants": {"colorScheme": ["light", "sepia"]}}"#,
            says: ["(at $.variants.colorScheme[1])", "light or dark"]),
        configText(
            "colour schemes as a number", #"{"scenes": ["scenes/*.json"], "golden": "g", "variants": {"colorScheme": 2}}"#,
            says: ["(at $.variants.colorScheme)"]),
        configText(
            "a colour scheme twice", #"{"scenes": ["scenes/*.json"], "golden": "g", "variants": {"colorScheme": ["light", "dark", "dark"]}}"#,
            says: ["(at $.variants.colorScheme[2])", "listed twice"]),
        configText(
            "a variant axis that is none", #"{"scenes": ["scenes/*.json"], "golden": "g", "variants": {"textSize": ["ax3"]}}"#,
            says: ["(at $.variants.textSize)", "colorScheme, dynamicType"]),
        configText(
            "a text size that is none", #"{"scenes": ["scenes/*.json"], "golden": "g", "variants": {"dynamicType": ["large", "ax9"]}}"#,
            says: ["(at $.variants.dynamicType[1])", "accessibility1"]),
        configText(
            "a locale variant that is no tag", #"{"scenes": ["scenes/*.json"], "golden": "g", "variants": {"locale": ["de", "x y"]}}"#,
            says: ["(at $.variants.locale[1])", "BCP 47"]),
        configText(
            "an orientation variant sideways", #"{"scenes": ["scenes/*.json"], "golden": "g", "variants": {"orientation": ["sideways"]}}"#,
            says: ["(at $.variants.orientation[0])", "portrait or landscape"]),
        configText(
            "a variant of 10 000 values",
            #"{"scenes": ["scenes/*.json"], "golden": "g", "variants": {"locale": ["#
                + Array(repeating: #""de""#, count: 10_000).joined(separator: ",") + "]}}",
            says: ["(at $.variants.locale)", "more than"]),
        configText(
            "a matrix of 49 152 combinations",
            #"{"scenes": ["scenes/*.json"], "golden": "g", "variants": {"locale": ["# + sixtyFourLocales
                + #"], "dynamicType": ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"], "colorScheme": ["light", "dark"], "layoutDirection": ["ltr", "rtl"], "boldText": ["on", "off"], "reduceMotion": ["on", "off"], "reduceTransparency": ["on", "off"], "orientation": ["portrait", "landscape"]}}"#,
            says: ["combinations", "more than 1024"]),
        configText(
            "variants as a list", #"{"scenes": ["scenes/*.json"], "golden": "g", "variants": ["dark"]}"#, says: ["(at $.variants)", "object"]),
        configText("a duplicate key", #"{"scenes": ["scenes/*.json"], "scenes": [], "golden": "g"}"#, says: ["scenes"]),
        configText(
            "10000 nested arrays", "{\"scenes\": " + String(repeating: "[", count: 10000) + String(repeating: "]", count: 10000) + "}",
            says: ["deeper"]),
        config("a configuration that is a folder", .folder("proofsheet.json"), says: ["proofsheet.json", "not a regular file"]),
        config("a configuration that is a FIFO", .fifo("proofsheet.json"), says: ["proofsheet.json", "not a regular file"]),
        config("a configuration of 1 GiB", .sparse("proofsheet.json", bytes: 1 << 30), says: ["proofsheet.json", "limit"]),
        config(
            "--config of a missing file", .file("other.json", .text("{}")), says: ["--config 'nope.json' is not a file"],
            argv: ["check", "--config", "nope.json"]),
        config(
            "--config with --no-config", .file("other.json", .text("{}")), says: ["exclude each other"],
            argv: ["check", "--config", "other.json", "--no-config"]),
        // The new options.
        HostileCase(
            "--ignore of three numbers", [.file("s.json", .text(redScene))], ["check", "s.json", "--golden", "g", "--ignore", "1,2,3"], exit: 2,
            says: ["--ignore '1,2,3'"]),
        HostileCase(
            "--ignore of NaN", [.file("s.json", .text(redScene))], ["check", "s.json", "--golden", "g", "--ignore", "nan,0,1,1"], exit: 2,
            says: ["--ignore"]),
        HostileCase(
            "--ignore scoped to a climbing scene", [.file("s.json", .text(redScene))],
            ["check", "s.json", "--golden", "g", "--ignore", "../s=0,0,1,1"],
            exit: 2, says: ["SCENE or SCENE:STILL"]),
        HostileCase(
            "--mask of a folder", [.file("s.json", .text(redScene)), .folder("m")], ["check", "s.json", "--golden", "g", "--mask", "m"], exit: 2,
            says: ["--mask 'm'"]),
        HostileCase(
            "--mask of a corrupt PNG", [.file("s.json", .text(redScene)), .file("m.png", .text("not a PNG"))],
            ["check", "s.json", "--golden", "g", "--mask", "m.png"], exit: 2, says: ["the mask cannot be read"]),
        HostileCase(
            "--report into a folder of other files", [.file("s.json", .text(redScene)), .file("docs/readme.txt", .text("keep"))],
            ["check", "s.json", "--golden", "g", "--report", "docs"], exit: 2, says: ["holds other files"]),
        HostileCase(
            "--report that is a symlink", [.file("s.json", .text(redScene)), .symlink("r", to: "$OUTSIDE")],
            ["check", "s.json", "--golden", "g", "--report", "r"], exit: 2, says: ["symbolic link"]),
        HostileCase(
            "--prune with --shard", [.file("s.json", .text(redScene))], ["check", "s.json", "--golden", "g", "--prune", "--shard", "1/2"], exit: 2,
            says: ["--prune with --shard"])
    ]
}

import Foundation
import Proofsheet

/// Configurations and golden folders that would make `check` or `approve` write or delete where
/// they must not: a `proofsheet.json` above the repository, golden folders outside the project,
/// the project itself as the golden folder, links on the way to it, and `--prune` among files
/// Proofsheet never recorded. Each is refused (exit 2) or leaves what is not ours alone.
extension HostileCase {
    /// A 40×30 PNG carrying a valid environment chunk: what a recorded golden looks like.
    static var recordedPNG: [UInt8] {
        let png = (try? PNGCodec.encode(RGBAImage(width: 40, height: 30))) ?? []
        let env = EnvironmentFingerprint(
            proofsheet: "0.0.1", cairo: "1.0", pango: "1.0", harfbuzz: "1.0", freetype: "2.0", fontconfig: "2.0", fonts: "0123456789abcdef")
        return PNGText.inserting(EnvironmentFingerprint.pngKeyword, env.text + " golden-format=1", into: png)
    }

    /// A user's own PNG: no chunk.
    static var plainPNG: [UInt8] { (try? PNGCodec.encode(RGBAImage(width: 40, height: 30))) ?? [] }

    /// `check` in a folder holding the red scene as scenes/s.json, `json` as proofsheet.json and
    /// `also`; must exit 2 saying `says`.
    static func refusedConfig(_ name: String, _ json: String, also: [Item] = [], argv: [String] = ["check"], says: [String]) -> HostileCase {
        HostileCase(name, [.file("proofsheet.json", .text(json)), .file("scenes/s.json", .text(redScene))] + also, argv, exit: 2, says: says)
    }

    /// The configuration a project's parent holds (a shared home, a CI workspace's parent).
    static let parentConfig: Item = .file(
        "$OUTSIDE/../proofsheet.json", .text(#"{"scenes": ["sandbox/*.json"], "golden": "outside/g"}"#))

    /// Prune cases: the red scene as s.json checked into g, with `golden` files beside its own.
    static func prune(
        _ name: String, _ goldens: [Item], writes: [String] = [], says: [String] = [], verify: (@Sendable (HostileRun) -> [String])? = nil
    )
        -> HostileCase
    {
        HostileCase(
            name, [sceneFile, .file("g/s/default/40x30@1x.png", .bytes(recordedPNG))] + goldens, ["check", "s.json", "--golden", "g", "--prune"],
            exits: [0, 1], says: says, writes: ["g/s/default/40x30@1x.png"] + writes, verify: verify)
    }

    static let goldenSafetyCases: [HostileCase] = [
        // The configuration search ends at the repository root.
        HostileCase(
            "a configuration above the repository (.git folder) is not used", [.folder(".git"), sceneFile, parentConfig], ["check"], exit: 2,
            says: ["check needs --golden"]),
        HostileCase(
            "a configuration above the repository (.git file) is not used", [.file(".git", .text("gitdir: elsewhere\n")), sceneFile, parentConfig],
            ["check", "s.json", "--record", "all"], exit: 2, says: ["check needs --golden"]),
        HostileCase(
            "a configuration above the repository with --prune is not used", [.folder(".git"), sceneFile, parentConfig],
            ["check", "s.json", "--prune"], exit: 2, says: ["check needs --golden"]),
        HostileCase(
            "a configuration in a parent folder without .git is not used", [sceneFile, parentConfig], ["check", "--record", "never"], exit: 2,
            says: ["check needs --golden", "outside a git repository only the working directory's proofsheet.json is used"]),
        HostileCase(
            "the configuration in use is named",
            [
                .file("proofsheet.json", .text(#"{"scenes": ["scenes/*.json"], "golden": "g"}"#)),
                .file("scenes/s.json", .text(redScene))
            ],
            ["check", "--record", "never"], exit: 1, says: ["proofsheet: configuration proofsheet.json"]),
        // A configuration keeps its goldens inside its own folder.
        refusedConfig(
            "a configured golden folder up and out", #"{"scenes": ["scenes/*.json"], "golden": "../outside/g"}"#,
            says: ["proofsheet.json:1:", "(at $.golden)", "outside the configuration's folder", "--golden DIR"]),
        refusedConfig(
            "a configured golden folder at an absolute path", #"{"scenes": ["scenes/*.json"], "golden": "$OUTSIDE/g"}"#,
            says: ["(at $.golden)", "outside the configuration's folder"]),
        refusedConfig(
            "a configured golden folder that climbs by name", #"{"scenes": ["scenes/*.json"], "golden": "g/../../outside"}"#,
            says: ["(at $.golden)", "outside the configuration's folder"]),
        refusedConfig(
            "a configured golden folder up and out, pruning", #"{"scenes": ["scenes/*.json"], "golden": "../outside"}"#,
            argv: ["check", "--prune"], says: ["(at $.golden)"]),
        HostileCase(
            "a configured golden folder outside, overridden by --golden",
            [.file("proofsheet.json", .text(#"{"scenes": ["scenes/*.json"], "golden": "../outside/g"}"#)), .file("scenes/s.json", .text(redScene))],
            ["check", "--golden", "g", "--record", "missing"], exit: 1, writes: ["g/**"], creates: ["g/scenes/s/default/40x30@1x.png"]),
        // The golden folder is a folder of its own.
        refusedConfig(
            "the project folder as the golden folder", #"{"scenes": ["scenes/*.json"], "golden": "."}"#,
            also: [.file("Assets/Images/logo.png", .bytes(plainPNG)), .file("docs/shots/home.png", .bytes(plainPNG))],
            argv: ["check", "--prune"], says: ["the golden folder", "is the project folder"]),
        refusedConfig(
            "the project folder spelled scenes/.. as the golden folder", #"{"scenes": ["scenes/*.json"], "golden": "scenes/.."}"#,
            argv: ["check", "--prune"], says: ["is the project folder"]),
        refusedConfig(
            "the scenes' folder as the golden folder", #"{"scenes": ["scenes/*.json"], "golden": "scenes"}"#, argv: ["check", "--prune"],
            says: ["holds the scene"]),
        refusedConfig(
            "a golden folder holding the assets", #"{"scenes": ["scenes/*.json"], "golden": "Assets", "assets": ["Assets/Images"]}"#,
            also: [.file("Assets/Images/logo.png", .bytes(plainPNG))], argv: ["check", "--prune"], says: ["holds the asset folder"]),
        HostileCase(
            "--golden . with --prune", [sceneFile, .file("Assets/Images/logo.png", .bytes(plainPNG))],
            ["check", "s.json", "--golden", ".", "--prune"],
            exit: 2, says: ["is the project folder"]),
        HostileCase(
            "--golden .. with --prune", [sceneFile], ["check", "s.json", "--golden", "..", "--prune"], exit: 2, says: ["above it"]),
        HostileCase(
            "--golden of a folder outside, pruning, leaves what is not a golden",
            [sceneFile, .file("$OUTSIDE/shots/home.png", .bytes(plainPNG)), .file("$OUTSIDE/s/old/40x30@1x.png", .bytes(plainPNG))],
            ["check", "s.json", "--golden", "$OUTSIDE", "--prune", "--record", "never"], exit: 1, says: ["not pruned"]),
        // No links on the way to the golden folder.
        refusedConfig(
            "a configured golden folder that is a link out", #"{"scenes": ["scenes/*.json"], "golden": "g"}"#, also: [.symlink("g", to: "$OUTSIDE")],
            argv: ["check", "--record", "all"], says: ["symbolic link", "g"]),
        refusedConfig(
            "a configured golden folder below a link out", #"{"scenes": ["scenes/*.json"], "golden": "Tests/Goldens"}"#,
            also: [.symlink("Tests", to: "$OUTSIDE")], argv: ["check", "--record", "all"], says: ["symbolic link", "Tests"]),
        refusedConfig(
            "a configured golden folder that is a link, pruning", #"{"scenes": ["scenes/*.json"], "golden": "g"}"#,
            also: [.symlink("g", to: "$OUTSIDE")], argv: ["check", "--prune"], says: ["symbolic link"]),
        refusedConfig(
            "a configured golden folder that is a link inside the project", #"{"scenes": ["scenes/*.json"], "golden": "g"}"#,
            also: [.folder("real"), .symlink("g", to: "real")], argv: ["check", "--record", "all"], says: ["symbolic link"]),
        HostileCase(
            "--golden of a link out", [sceneFile, .symlink("g", to: "$OUTSIDE")], ["check", "s.json", "--golden", "g", "--record", "all"], exit: 2,
            says: ["symbolic link"]),
        HostileCase(
            "--golden below a link out, pruning", [sceneFile, .symlink("t", to: "$OUTSIDE")], ["check", "s.json", "--golden", "t/g", "--prune"],
            exit: 2, says: ["symbolic link"]),
        refusedConfig(
            "a configured golden folder that is a file", #"{"scenes": ["scenes/*.json"], "golden": "g/h"}"#, also: [.file("g", .text("x"))],
            argv: ["check", "--record", "all"], says: ["not a folder"]),
        // Prune deletes only what Proofsheet recorded, where it records.
        prune(
            "--prune leaves PNGs that are not named like goldens",
            [
                .file("g/logo.png", .bytes(recordedPNG)), .file("g/docs/shots/home.png", .bytes(recordedPNG)),
                .file("g/s/default/notes.png", .bytes(recordedPNG))
            ]),
        prune("--prune leaves a golden-named PNG without the chunk", [.file("g/s/old/40x30@1x.png", .bytes(plainPNG))], says: ["not pruned"]),
        prune(
            "--prune deletes a recorded orphan", [.file("g/s/old/40x30@1x.png", .bytes(recordedPNG))], writes: ["g/s/old/40x30@1x.png", "g/s/old"],
            says: ["pruned g/s/old/40x30@1x.png"]),
        prune(
            "--prune leaves a PNG with a forged chunk", [.file("g/s/old/40x30@1x.png", .bytes(forgedEnvironmentPNG))], says: ["not pruned"]),
        prune("--prune leaves a golden-named JPEG", [.file("g/s/old/40x30@1x.png", .bytes(HostileBytes.jpegHeader(40, 30)))], says: ["not pruned"]),
        prune("--prune leaves a golden-named link", [.symlink("g/s/old/40x30@1x.png", to: "$OUTSIDE/secret.png")]),
        prune(
            "--prune leaves a variant with an unknown suffix", [.file("g/s/old/40x30@1x+mine.png", .bytes(recordedPNG))],
            verify: { run in
                FileManager.default.fileExists(atPath: run.sandbox + "/g/s/old/40x30@1x+mine.png") ? [] : ["deleted g/s/old/40x30@1x+mine.png"]
            }),
        // Scenes, scopes and masks that are not what they claim.
        refusedConfig(
            "a scene glob matching a link out of the project", #"{"scenes": ["scenes/*.json"], "golden": "g"}"#,
            also: [.file("$OUTSIDE/o.json", .text(redScene)), .symlink("scenes/o.json", to: "$OUTSIDE/o.json")],
            says: ["(at $.scenes[0])", "symbolic link out of the project"]),
        HostileCase(
            "--ignore scoped to a scene not checked", [sceneFile], ["check", "s.json", "--golden", "g", "--ignore", "t=0,0,1,1"], exit: 2,
            says: ["'t' in --ignore or --mask is none of the scenes", "did you mean 's'?"]),
        HostileCase(
            "--mask scoped to a scene not checked", [sceneFile, .file("m.png", .png(40, 30))],
            ["check", "s.json", "--golden", "g", "--mask", "nope:default=m.png"], exit: 2, says: ["none of the scenes"]),
        HostileCase(
            "--mask that is a Git LFS pointer",
            [sceneFile, .file("g/s/default/40x30@1x.png", .bytes(recordedPNG)), .file("m.png", .text(lfsPointer))],
            ["check", "s.json", "--golden", "g", "--mask", "m.png"], exit: 2, says: ["Git LFS pointer", "git lfs pull"]),
        refusedConfig(
            "a configured mask that is a Git LFS pointer", #"{"scenes": ["scenes/*.json"], "golden": "g", "masks": ["m.png"]}"#,
            also: [.file("m.png", .text(lfsPointer)), .file("g/scenes/s/default/40x30@1x.png", .bytes(recordedPNG))], argv: ["check"],
            says: ["Git LFS pointer"]),
        // approve follows the same rules for its golden folder.
        HostileCase(
            "approve into the project folder",
            reportFolder(results: .text(HostileBytes.report([HostileBytes.entry(golden: "./red/default/40x30@1x.png")], goldenRoot: "."))),
            approve, exit: 2, says: ["is the project folder"]),
        HostileCase(
            "approve through a linked golden folder",
            reportFolder(results: .text(HostileBytes.report([HostileBytes.entry()]))) + [.symlink("g", to: "$OUTSIDE")],
            approve, exit: 2, says: ["symbolic link"]),
        HostileCase(
            "approve --golden through a link",
            reportFolder(results: .text(HostileBytes.report([HostileBytes.entry()]))) + [.symlink("h", to: "$OUTSIDE")],
            approve + ["--golden", "h"], exit: 2, says: ["symbolic link"]),
        HostileCase(
            "approve of two scenes whose names differ only in case",
            reportFolder(
                results: .text(
                    HostileBytes.report([
                        HostileBytes.entry(), HostileBytes.entry(scene: "Red", golden: "g/Red/default/40x30@1x.png", actual: "images/Red.actual.png")
                    ]))) + [.file("report/images/Red.actual.png", blue40), .folder("g")],
            approve, exit: 2, says: ["differ only in case"])
    ]
}

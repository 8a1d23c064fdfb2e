import Foundation

/// Hostile command lines: missing, unknown and repeated options, values out of range, `--limit`
/// typos, outputs that are folders, missing folders, unknown extensions or colliding names.
extension HostileCase {
    /// `proofsheet ARGS` in a sandbox holding s.json.
    static func cli(
        _ name: String, _ argv: [String], exit: Int32 = 2, says: [String] = [], prints: [String] = [],
        also: [Item] = [], writes: [String] = [], creates: [String] = []
    ) -> HostileCase {
        HostileCase(name, [sceneFile] + also, argv, exit: exit, says: says, prints: prints, writes: writes, creates: creates)
    }

    static let render = ["render", "s.json"]

    static let cliCases: [HostileCase] = commands + renderOptions + outputs + limits + otherCommands + galleryCases

    static let commands: [HostileCase] = [
        cli("no arguments", [], exit: 0, prints: ["USAGE: proofsheet"]),
        cli("unknown command", ["rendr", "s.json"], says: ["unknown command 'rendr'", "did you mean 'render'"]),
        cli("unknown command far from any", ["xyzzy"], says: ["unknown command 'xyzzy'"]),
        cli("command of 100 000 characters", [String(repeating: "x", count: 100_000)], says: ["unknown command"]),
        cli("render without a scene", ["render"], says: ["no scene file given"]),
        cli("an empty scene argument", ["render", "", "-o", "out.png"], says: ["no such file"]),
        cli("a newline in a scene argument", ["render", "s\njson", "-o", "out.png"], says: ["no such file"]),
        cli("unknown option", render + ["--bogus"], says: ["unknown option '--bogus'"]),
        cli("unknown single-dash option", render + ["-x"], says: ["unknown option '-x'"]),
        cli("extra arguments to devices", ["devices", "extra"], says: ["extra"]),
        cli("extra arguments to approve", ["approve", "--report", "report", "extra"], says: ["extra"], also: validReport)
    ]

    static let renderOptions: [HostileCase] = [
        cli(
            "--device turned 10 000 times", render + ["--device", "iPhone 14" + String(repeating: " landscape", count: 10_000), "-o", "out.png"],
            says: ["unknown device", "…"]),
        cli("--color-scheme of a colour", render + ["--color-scheme", "red", "-o", "out.png"], says: ["not light or dark"]),
        cli("--color-scheme without a value", render + ["--color-scheme"], says: ["--color-scheme needs a value"]),
        cli(
            "--color-scheme of 100 000 characters", render + ["--color-scheme", String(repeating: "d", count: 100_000), "-o", "out.png"],
            says: ["not light or dark", "…"]),
        cli("--color-scheme on check of a colour", ["check", "s.json", "--golden", "g", "--color-scheme", "blue"], says: ["not light or dark"]),
        cli(
            "--dynamic-type of 100 000 characters", render + ["--dynamic-type", String(repeating: "x", count: 100_000), "-o", "out.png"],
            says: ["not a Dynamic Type size", "…"]),
        cli("--dynamic-type twice on render", render + ["--dynamic-type", "xs", "--dynamic-type", "ax5", "-o", "out.png"], says: ["given 2 values"]),
        cli("--variant without a value", render + ["--variant", "colorScheme", "-o", "out.png"], says: ["NAME=VALUE"]),
        cli("--variant of an unknown setting", render + ["--variant", "contrast=high", "-o", "out.png"], says: ["NAME one of", "boldText"]),
        cli(
            "--variant of 100 000 characters", render + ["--variant", String(repeating: "=", count: 100_000), "-o", "out.png"],
            says: ["NAME=VALUE", "…"]),
        cli("--variant of a setting out of range", render + ["--variant", "reduceMotion=maybe", "-o", "out.png"], says: ["on or off"]),
        cli("--layout-direction upward", render + ["--layout-direction", "upward", "-o", "out.png"], says: ["not a layout direction"]),
        cli("--orientation sideways", render + ["--orientation", "sideways", "-o", "out.png"], says: ["portrait or landscape"]),
        cli("--locale of a sentence", render + ["--locale", "le français", "-o", "out.png"], says: ["not a locale"]),
        cli(
            "--locale of 100 000 characters", render + ["--locale", String(repeating: "a", count: 100_000), "-o", "out.png"],
            says: ["not a locale", "…"]),
        cli("contrast at a level that is none", ["contrast", "s.json", "--level", "aa+"], says: ["not aa or aaa"]),
        cli("contrast without a scene", ["contrast"], says: ["no scene file given"]),
        cli("contrast of a still and all stills", ["contrast", "s.json", "--still", "a", "--all-stills"], says: ["cannot be used together"]),
        cli("-o without a value", render + ["-o"], says: ["-o needs a value"]),
        cli("-o given twice", render + ["-o", "a.png", "-o", "b.png"], says: ["more than once"]),
        cli("-o and --output together", render + ["-o", "a.png", "--output", "b.png"], says: ["more than once"]),
        cli("-o taking an option as its value", render + ["-o", "--scale"], says: ["--scale"]),
        cli("--scale abc", render + ["--scale", "abc", "-o", "out.png"], says: ["--scale 'abc'"]),
        cli("--scale 0", render + ["--scale", "0", "-o", "out.png"], says: ["--scale '0'"]),
        cli("--scale 1e9", render + ["--scale", "1e9", "-o", "out.png"], says: ["--scale '1e9'"]),
        cli("--scale nan", render + ["--scale", "nan", "-o", "out.png"], says: ["--scale 'nan'"]),
        cli("--scale inf", render + ["--scale", "inf", "-o", "out.png"], says: ["--scale 'inf'"]),
        cli("--scale -1", render + ["--scale", "-1", "-o", "out.png"], says: ["--scale '-1'"]),
        cli("--scale= empty", render + ["--scale=", "-o", "out.png"], says: ["--scale"]),
        HostileCase(
            "--scale 0.25 on a 1x1 canvas",
            [.file("tiny.json", .text(#"{"canvas": {"width": 1, "height": 1}, "root": {"type": "EmptyView"}}"#))],
            ["render", "tiny.json", "--scale", "0.25", "-o", "out.png"], exit: 2, says: ["tiny.json", "outside the limits"]),
        cli("--device unknown", render + ["--device", "Pixel 7", "-o", "out.png"], says: ["unknown device 'Pixel 7'"]),
        cli("--device empty", render + ["--device", "", "-o", "out.png"], says: ["unknown device"]),
        cli("--format gif", render + ["--format", "gif"], says: ["--format 'gif'"]),
        cli("--format with -o", render + ["--format", "png", "-o", "out.png"], says: ["--format and -o"]),
        cli("--png-compression zstd", render + ["--png-compression", "zstd", "-o", "out.png"], says: ["--png-compression 'zstd'"]),
        cli("--svg-text glyphs", render + ["--svg-text", "glyphs", "-o", "out.svg"], says: ["--svg-text 'glyphs'", "text|embed|outline"]),
        cli("--svg-text without SVG output", render + ["--svg-text", "embed", "-o", "out.png"], says: ["--svg-text applies to SVG output"]),
        cli("--svg-text twice", render + ["--svg-text", "text", "--svg-text", "outline", "-o", "out.svg"], says: ["--svg-text given more than once"]),
        cli("--assets a missing folder", render + ["--assets", "nope", "-o", "out.png"], says: ["--assets 'nope'"]),
        cli("--assets a file", render + ["--assets", "s.json", "-o", "out.png"], says: ["--assets 's.json'"])
    ]

    static let outputs: [HostileCase] = [
        cli("-o with an unknown extension", render + ["-o", "out.gif"], says: ["out.gif", ".png, .svg or .pdf"]),
        cli("-o without an extension", render + ["-o", "out"], says: ["'out'"]),
        cli("-o a folder", render + ["-o", "outdir"], says: ["outdir"], also: [.folder("outdir")]),
        cli("-o a folder named like a PNG", render + ["-o", "shot.png"], says: ["shot.png"], also: [.folder("shot.png")]),
        cli("-o with a trailing slash", render + ["-o", "out.png/"], says: ["out.png/"]),
        // Missing folders of an output are made, as `mkdir -p` would.
        cli("-o into a missing folder", render + ["-o", "missing/out.png"], exit: 0, writes: ["missing/**"], creates: ["missing/out.png"]),
        cli(
            "-o a symlink to a file outside", render + ["-o", "link.png"], exit: 0, also: [.symlink("link.png", to: "$OUTSIDE/secret.png")],
            writes: ["link.png"]),
        cli(
            "a legal 254-byte output name", render + ["-o", String(repeating: "n", count: 250) + ".png"], exit: 0,
            writes: [String(repeating: "n", count: 250) + ".png"], creates: [String(repeating: "n", count: 250) + ".png"]),
        cli("a 256-byte output name", render + ["-o", String(repeating: "n", count: 252) + ".png"], says: ["nnnn.png"]),
        cli(
            "-o with two scenes", ["render", "s.json", "t.json", "-o", "out.png"], says: ["-o names one output"],
            also: [.file("t.json", .text(redScene))]),
        HostileCase(
            "two scenes with one file name into one --out-dir",
            [.file("a/s.json", .text(redScene)), .file("b/s.json", .text(small(#"{"type": "Color", "color": "blue"}"#)))],
            ["render", "a/s.json", "b/s.json", "--out-dir", "out"], exit: 2, says: ["a/s.json", "b/s.json"]),
        cli("one scene twice into one --out-dir", ["render", "s.json", "s.json", "--out-dir", "out"], says: ["s.json"]),
        cli("--out-dir a file", render + ["--out-dir", "out"], says: ["out"], also: [.file("out", .text("a file\n"))]),
        cli(
            "--out-dir a missing folder is made", render + ["--out-dir", "new/nested"], exit: 0, writes: ["new/**"],
            creates: ["new/nested/s.png"])
    ]

    static let limits: [HostileCase] = [
        cli("--limit typo", render + ["-o", "out.png", "--limit", "nestin=10"], says: ["no limit 'nestin'", "did you mean"]),
        cli("--limit without =", render + ["-o", "out.png", "--limit", "nesting"], says: ["not name=value"]),
        cli("--limit without a value", render + ["-o", "out.png", "--limit"], says: ["--limit needs a value"]),
        cli("--limit with an empty value", render + ["-o", "out.png", "--limit", "nesting="], says: ["nesting="]),
        cli("--limit nesting=0", render + ["-o", "out.png", "--limit", "nesting=0"], says: ["--limit nesting=0 is outside"]),
        cli("--limit nesting=1e9", render + ["-o", "out.png", "--limit", "nesting=1e9"], says: ["is outside"]),
        cli("--limit nesting=abc", render + ["-o", "out.png", "--limit", "nesting=abc"], says: ["not a number"]),
        cli("--limit nesting=NaN", render + ["-o", "out.png", "--limit", "nesting=NaN"], says: ["nesting"]),
        cli("--limit nesting=2.5", render + ["-o", "out.png", "--limit", "nesting=2.5"], says: ["nesting", "whole number"]),
        cli("--limit scale=1e400", render + ["-o", "out.png", "--limit", "scale=1e400"], says: ["scale"]),
        cli("--limit scene-bytes=2GiB", render + ["-o", "out.png", "--limit", "scene-bytes=2GiB"], says: ["is outside"]),
        cli("--limit canvas-side=-5", render + ["-o", "out.png", "--limit", "canvas-side=-5"], says: ["is outside"]),
        cli(
            "--limit of a 100 000-character name", render + ["-o", "out.png", "--limit", String(repeating: "n", count: 100_000) + "=1"],
            says: ["no limit"]),
        HostileCase(
            "--limit nesting=3 refuses a deeper scene",
            [
                .file(
                    "s.json",
                    .text(
                        small(
                            #"{"type": "VStack", "children": [{"type": "VStack", "children": ["#
                                + #"{"type": "VStack", "children": [{"type": "Color", "color": "red"}]}]}]}"#)))
            ],
            render + ["-o", "out.png", "--limit", "nesting=3"], exit: 2, says: ["s.json:2:", "nest more than 3"]),
        HostileCase(
            "--limit views=1 refuses two views",
            [.file("s.json", .text(small(#"{"type": "VStack", "children": [{"type": "Color", "color": "red"}]}"#)))],
            render + ["-o", "out.png", "--limit", "views=1"], exit: 2, says: ["s.json:2:", "more than 1 views"]),
        cli(
            "--limit canvas-pixels=100 refuses 40x30", render + ["-o", "out.png", "--limit", "canvas-pixels=100"],
            says: ["s.json:1:", "outside the limits"]),
        cli("--limit on devices", ["devices", "--limit", "nesting=10"], exit: 0, prints: ["iPhone 14"]),
        cli("--limit typo on colors", ["colors", "--limit", "nest=1"], says: ["no limit 'nest'"])
    ]

    static let otherCommands: [HostileCase] = [
        cli("layout with -o", ["layout", "s.json", "-o", "out.png"], says: ["-o"]),
        cli("layout with --format", ["layout", "s.json", "--format", "svg"], says: ["--format"]),
        cli("check without --golden", ["check", "s.json"], says: ["--golden"]),
        cli("check --golden without a scene", ["check", "--golden", "g"], says: ["no scene file given"]),
        cli("check --record sometimes", ["check", "s.json", "--golden", "g", "--record", "sometimes"], says: ["--record 'sometimes'"]),
        cli("check --shard 0/2", ["check", "s.json", "--golden", "g", "--shard", "0/2"], says: ["--shard '0/2'"]),
        cli("check --shard 3/2", ["check", "s.json", "--golden", "g", "--shard", "3/2"], says: ["--shard '3/2'"]),
        cli("check --shard 1/0", ["check", "s.json", "--golden", "g", "--shard", "1/0"], says: ["--shard '1/0'"]),
        cli("check --shard a/b", ["check", "s.json", "--golden", "g", "--shard", "a/b"], says: ["--shard 'a/b'"]),
        cli("check --shard -1/2", ["check", "s.json", "--golden", "g", "--shard", "-1/2"], says: ["--shard '-1/2'"]),
        cli("check --shard 1/2/3", ["check", "s.json", "--golden", "g", "--shard", "1/2/3"], says: ["--shard '1/2/3'"]),
        cli(
            "check --shard 1/9223372036854775807 (more than 10 000 shards)", ["check", "s.json", "--golden", "g", "--shard", "1/9223372036854775807"],
            says: ["--shard '1/9223372036854775807'", "10000"]),
        cli("check --threshold 2", ["check", "s.json", "--golden", "g", "--threshold", "2"], says: ["--threshold '2'"]),
        cli("check --max-diff-pixels 1e3", ["check", "s.json", "--golden", "g", "--max-diff-pixels", "1e3"], says: ["--max-diff-pixels"]),
        cli("check --max-diff-ratio nan", ["check", "s.json", "--golden", "g", "--max-diff-ratio", "nan"], says: ["--max-diff-ratio"]),
        cli("check --device unknown", ["check", "s.json", "--golden", "g", "--device", "Pixel 7"], says: ["unknown device"]),
        cli("check --golden a file", ["check", "s.json", "--golden", "g"], says: ["g"], also: [.file("g", .text("a file\n"))]),
        cli("check --report a file", ["check", "s.json", "--golden", "g", "--report", "r"], says: ["r"], also: [.file("r", .text("a file\n"))]),
        cli("check --junit a folder", ["check", "s.json", "--golden", "g", "--junit", "j.xml"], says: ["j.xml"], also: [.folder("j.xml")]),
        cli("approve without --report", ["approve"], says: ["--report"]),
        cli("approve a missing report", ["approve", "--report", "nope"], says: ["nope"]),
        cli("merge-reports without -o", ["merge-reports", "r1"], says: ["-o"]),
        cli("merge-reports without folders", ["merge-reports", "-o", "out"], says: ["no report folders"]),
        cli("diff with one image", ["diff", "a.png"], says: ["two images"]),
        cli("diff with three images", ["diff", "a.png", "b.png", "c.png"], says: ["two images"]),
        cli("diff --threshold -0.1", ["diff", "a.png", "b.png", "--threshold", "-0.1"], says: ["--threshold"]),
        cli("diff --alpha 2", ["diff", "a.png", "b.png", "--alpha", "2"], says: ["--alpha"]),
        cli("diff --aa-color 1,2", ["diff", "a.png", "b.png", "--aa-color", "1,2"], says: ["--aa-color"]),
        cli("diff --diff-color 256,0,0", ["diff", "a.png", "b.png", "--diff-color", "256,0,0"], says: ["--diff-color"]),
        cli("diff --ignore with a negative size", ["diff", "a.png", "b.png", "--ignore", "1,2,3,-4"], says: ["--ignore"]),
        cli("diff --ignore of three numbers", ["diff", "a.png", "b.png", "--ignore", "1,2,3"], says: ["--ignore"]),
        cli("diff --max-diff-pixels 1.5", ["diff", "a.png", "b.png", "--max-diff-pixels", "1.5"], says: ["--max-diff-pixels"]),
        cli("diff -o a JPEG", ["diff", "a.png", "b.png", "-o", "d.jpg"], says: ["d.jpg", ".png"]),
        cli("diff --panels twice", ["diff", "a.png", "b.png", "--panels", "p.png", "--panels", "q.png"], says: ["more than once"])
    ]
}

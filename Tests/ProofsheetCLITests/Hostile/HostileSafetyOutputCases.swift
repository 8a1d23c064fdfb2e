import Foundation

/// Hostile output folders, imports and messages: folders that are not Proofsheet's given to
/// `frames -o`, `check --report` and `merge-reports -o` (each refused, nothing of it touched);
/// imports that leave the scene's folder through links (refused before the file is read, its
/// content never echoed); and scene strings, names and file names that carry line breaks,
/// GitHub workflow commands (`::error …::`) or ANSI escapes into the console and the summary.
extension HostileCase {
    /// The text of a folder marker (`.proofsheet-files`) listing `files` (size, or -1 for a
    /// folder), as Proofsheet writes it.
    static func folderMarker(_ files: [(String, Int)]) -> String {
        "proofsheet files 1\n" + files.sorted { $0.0 < $1.0 }.map { "\($0.1 < 0 ? "-" : "\($0.1)") \($0.0)\n" }.joined()
    }

    /// An earlier frames folder `dir` exactly as Proofsheet wrote it (two 4-byte frames and a
    /// 3-byte manifest, listed in its marker), and `extra` items put into it afterwards.
    static func earlierFrames(_ dir: String = "f", extra: [Item] = [], marker: String? = nil) -> [Item] {
        [
            .file(dir + "/frame-00000.png", .text("png0")), .file(dir + "/frame-00001.png", .text("png1")),
            .file(dir + "/manifest.json", .text("{}\n")),
            .file(
                dir + "/.proofsheet-files",
                .text(marker ?? folderMarker([("frame-00000.png", 4), ("frame-00001.png", 4), ("manifest.json", 3)])))
        ] + extra
    }

    /// An earlier report folder `dir` exactly as Proofsheet wrote it, and `extra` items after.
    static func earlierReport(_ dir: String = "r", extra: [Item] = []) -> [Item] {
        [
            .file(dir + "/index.html", .text("<p>report</p>\n")), .file(dir + "/results.json", .text("{}\n")),
            .file(dir + "/images/s/default/a.actual.png", .text("png")),
            .file(
                dir + "/.proofsheet-files",
                .text(
                    folderMarker([
                        ("index.html", 14), ("results.json", 3), ("images", -1), ("images/s", -1), ("images/s/default", -1),
                        ("images/s/default/a.actual.png", 3)
                    ])))
        ] + extra
    }

    /// A web site: what `--report` once replaced.
    static func site(_ dir: String) -> [Item] {
        [
            .file(dir + "/index.html", .text("<h1>my site</h1>\n")), .file(dir + "/results.json", .text("{\"votes\": 3}\n")),
            .file(dir + "/images/logo.png", .png(2, 2))
        ]
    }

    static let framesMove = ["frames", "tl.json", "--timeline", "move", "-q"]
    static let checkRed = ["check", "s.json", "--golden", "g", "--record", "all", "-q"]

    /// `frames … -o dir` over `setup`: refused (exit 2) saying `says`, nothing touched.
    static func framesInto(_ name: String, _ dir: String, _ setup: [Item], says: [String]) -> HostileCase {
        HostileCase(name, [timelineFile] + setup, framesMove + ["-o", dir], exit: 2, says: says)
    }

    /// `check s.json … --report dir` over `setup`: refused (exit 2) saying `says`.
    static func reportInto(_ name: String, _ dir: String, _ setup: [Item], says: [String]) -> HostileCase {
        HostileCase(name, [sceneFile] + setup, checkRed + ["--report", dir], exit: 2, says: says)
    }

    /// No line of stdout or stderr (or of the files `also`, in the sandbox) starts with `::`
    /// (a GitHub workflow command), and none holds a raw escape, carriage return or line
    /// separator; `escaped` must appear as the visible escape.
    static func noInjection(escaped: String? = nil, also files: [String] = []) -> @Sendable (HostileRun) -> [String] {
        { run in
            var problems: [String] = []
            var texts = [("stdout", run.stdout), ("stderr", run.stderr)]
            for f in files {
                guard let text = try? String(contentsOfFile: run.sandbox + "/" + f, encoding: .utf8) else {
                    problems.append("\(f) was not written")
                    continue
                }
                texts.append((f, text))
            }
            for (what, text) in texts {
                for line in text.split(separator: "\n") where line.hasPrefix("::") {
                    problems.append("\(what) has a line starting with '::': \(line.prefix(200))")
                }
                for bad: Unicode.Scalar in ["\u{1B}", "\r", "\u{2028}", "\u{85}"] where text.unicodeScalars.contains(bad) {
                    problems.append("\(what) holds a raw U+\(String(bad.value, radix: 16, uppercase: true))")
                }
            }
            if let escaped, !run.stderr.contains(escaped) { problems.append("stderr lacks the escape \(escaped)") }
            return problems
        }
    }

    /// The outside file an import must never echo.
    static let outsideKeys: Item = .file("$OUTSIDE/keys.json", .text("{\"hunter2secretKey\": 1}\n"))

    /// A scene importing `name`; the case checks the key of the outside file is not echoed.
    static func importing(_ name: String, _ also: [Item], file: String = "s.json", says: [String]) -> HostileCase {
        let scene = small(#"{"type": "Color", "color": "red"}"#, extra: " \"import\": [\"\(name)\"],")
        return HostileCase(
            "import " + name.replacingOccurrences(of: "$OUTSIDE", with: "<outside>"), [.file(file, .text(scene)), outsideKeys] + also,
            ["render", file, "-o", "out.png"], exit: 2, says: says,
            verify: { run in run.stderr.contains("hunter2secretKey") ? ["stderr echoes a key of the outside file"] : [] })
    }

    static let outputSafetyCases: [HostileCase] = folderCases + importCases + injectionCases

    static let folderCases: [HostileCase] = [
        // Folders that are not ours: refused, naming what is foreign.
        framesInto("frames -o onto a web site", "site", site("site"), says: ["holds other files", "index.html", "no .proofsheet-files"]),
        framesInto(
            "frames -o onto a PWA's folder with its manifest.json", "app",
            [.file("app/manifest.json", .text("{\"name\": \"my app\"}\n")), .file("app/sw.js", .text("self.x = 1\n"))],
            says: ["holds other files", "manifest.json", "delete it, or give -o a new folder"]),
        framesInto(
            "frames -o onto a browser extension (manifest.json alone)", "ext", [.file("ext/manifest.json", .text("{\"manifest_version\": 3}\n"))],
            says: ["manifest.json", "older version"]),
        framesInto(
            "frames -o onto an earlier frames folder plus notes.txt", "f", earlierFrames(extra: [.file("f/notes.txt", .text("mine\n"))]),
            says: ["notes.txt", "move those files away"]),
        framesInto(
            "frames -o onto an earlier frames folder with a frame rewritten", "f",
            earlierFrames(extra: [.file("f/frame-00001.png", .text("edited"))]), says: ["frame-00001.png (4 → 6 bytes)"]),
        framesInto(
            "frames -o onto an earlier frames folder with a frame deleted", "f",
            [
                .file("f/manifest.json", .text("{}\n")),
                .file("f/.proofsheet-files", .text(folderMarker([("frame-00000.png", 4), ("manifest.json", 3)])))
            ],
            says: ["frame-00000.png (missing)"]),
        framesInto(
            "frames -o onto an earlier frames folder with a new subfolder", "f", earlierFrames(extra: [.file("f/mine/a.txt", .text("a"))]),
            says: ["mine"]),
        framesInto(
            "frames -o onto a folder whose marker says partial", "f", earlierFrames(marker: "proofsheet files 1\npartial 4194305\n"),
            says: ["partial folder"]),
        framesInto("frames -o onto a folder whose marker is garbage", "f", earlierFrames(marker: "rm -rf /\n"), says: ["no .proofsheet-files"]),
        framesInto(
            "frames -o onto a folder whose marker is a link", "f",
            [
                .file("f/manifest.json", .text("{}\n")), .file("$OUTSIDE/list", .text(folderMarker([("manifest.json", 3)]))),
                .symlink("f/.proofsheet-files", to: "$OUTSIDE/list")
            ],
            says: ["no .proofsheet-files"]),
        framesInto(
            "frames -o onto a folder whose manifest.json links to a file outside", "f",
            [.symlink("f/manifest.json", to: "$OUTSIDE/secret.txt"), .file("f/.proofsheet-files", .text(folderMarker([("manifest.json", 11)])))],
            says: ["manifest.json (not a file)"]),
        framesInto(
            "frames -o onto a folder whose manifest.json links to a folder outside", "f",
            [.symlink("f/manifest.json", to: "$OUTSIDE"), .file("f/.proofsheet-files", .text(folderMarker([("manifest.json", 3)])))],
            says: ["manifest.json (not a file)"]),
        framesInto(
            "frames -o onto a link to a folder outside", "f", earlierFrames("$OUTSIDE/f") + [.symlink("f", to: "$OUTSIDE/f")],
            says: ["is a symbolic link"]),
        reportInto("--report onto a web site", "site", site("site"), says: ["holds other files", "images", "index.html"]),
        reportInto(
            "--report onto a report of an older version (no marker)", "r",
            [.file("r/index.html", .text("<p>old</p>\n")), .file("r/results.json", .text("{}\n")), .folder("r/images")],
            says: ["older version", "delete it, or give --report a new folder"]),
        reportInto(
            "--report onto an earlier report plus notes.txt", "r", earlierReport(extra: [.file("r/images/notes.txt", .text("mine\n"))]),
            says: ["images/notes.txt"]),
        reportInto(
            "--report onto a folder whose results.json links outside", "r",
            [.symlink("r/results.json", to: "$OUTSIDE/secret.txt"), .file("r/.proofsheet-files", .text(folderMarker([("results.json", 11)])))],
            says: ["results.json (not a file)"]),
        reportInto(
            "--report onto a folder whose images link to a folder outside", "r",
            [
                .file("r/results.json", .text("{}\n")), .symlink("r/images", to: "$OUTSIDE"),
                .file("r/.proofsheet-files", .text(folderMarker([("results.json", 3), ("images", -1)])))
            ],
            says: ["images (not a file)"]),
        reportInto(
            "--report onto a folder whose images link to a file outside", "r",
            [.file("r/results.json", .text("{}\n")), .symlink("r/images", to: "$OUTSIDE/secret.png")], says: ["images"]),
        reportInto(
            "--report that is itself a link to a folder outside", "r", earlierReport("$OUTSIDE/r") + [.symlink("r", to: "$OUTSIDE/r")],
            says: ["is a symbolic link"]),
        HostileCase(
            "merge-reports -o onto a web site", site("site") + [sceneFile] + earlierReport("shard"), ["merge-reports", "shard", "-o", "site"],
            exit: 2, says: ["holds other files", "index.html"]),

        // Folders named like our temporaries but not ours: left alone while the run succeeds.
        HostileCase(
            "frames beside a user's folder named like a stale partial", [timelineFile, .file(".f.partial-4194305-y/mine.txt", .text("mine\n"))],
            framesMove + ["-o", "f"], exit: 0, writes: ["f/**"], creates: ["f/manifest.json", ".f.partial-4194305-y/mine.txt"]),
        HostileCase(
            "frames beside a user's folder named like a stale old folder", [timelineFile, .file(".f.old-4194305-y/mine.txt", .text("mine\n"))],
            framesMove + ["-o", "f"], exit: 0, writes: ["f/**"], creates: ["f/manifest.json"]),
        HostileCase(
            "frames beside an empty user's folder named like a stale partial", [timelineFile, .folder(".f.partial-999999-x")],
            framesMove + ["-o", "f"], exit: 0, writes: ["f/**"], creates: [".f.partial-999999-x"]),
        HostileCase(
            "check --report beside a user's folder of the report's old staging name",
            [sceneFile, .file(".proofsheet-4194305-ab.report/mine.txt", .text("mine\n"))], checkRed + ["--report", "r"], exit: 0,
            writes: ["g/**", "r/**"], creates: ["r/results.json"]),
        HostileCase(
            "check --report beside a user's folder named like its staging",
            [sceneFile, .file(".r.partial-4194305-ab/results.json", .text("{}\n"))], checkRed + ["--report", "r"], exit: 0,
            writes: ["g/**", "r/**"], creates: ["r/results.json"]),

        // A file is never deleted by its name alone.
        HostileCase(
            "render beside a user's file named like a stale temporary", [sceneFile, .file(".proofsheet-4194305-notes.tmp", .text("mine\n"))],
            ["render", "s.json", "-o", "out.png"], exit: 0, writes: ["out.png"], creates: [".proofsheet-4194305-notes.tmp"]
        ),

        // Ours: replaced (a stale partial of ours is cleared).
        HostileCase(
            "frames -o onto its own earlier folder replaces it", [timelineFile] + earlierFrames(), framesMove + ["-o", "f"], exit: 0,
            writes: ["f/**"], creates: ["f/frame-00005.png", "f/.proofsheet-files"],
            verify: { run in
                FileManager.default.fileExists(atPath: run.sandbox + "/f/frame-00000.png")
                    && (try? Data(contentsOf: URL(fileURLWithPath: run.sandbox + "/f/frame-00000.png")))?.count == 4
                    ? ["the old frame-00000.png is still there"] : []
            }),
        HostileCase(
            "frames -o onto an empty folder", [timelineFile, .folder("f")], framesMove + ["-o", "f"], exit: 0, writes: ["f/**"],
            creates: ["f/manifest.json"]),
        HostileCase(
            "frames clears a stale partial folder of its own",
            [timelineFile] + earlierFrames(".f.partial-4194305-ab", marker: "proofsheet files 1\npartial 4194305\n"),
            framesMove + ["-o", "f"], exit: 0, writes: ["f/**", ".f.partial-4194305-ab/**"], creates: ["f/manifest.json"],
            verify: { run in
                FileManager.default.fileExists(atPath: run.sandbox + "/.f.partial-4194305-ab") ? ["the stale partial folder is left"] : []
            }),
        HostileCase(
            "check --report onto its own earlier report replaces it", [sceneFile] + earlierReport(), checkRed + ["--report", "r"], exit: 0,
            writes: ["g/**", "r/**"], creates: ["r/results.json", "r/times.json"],
            verify: { run in
                FileManager.default.fileExists(atPath: run.sandbox + "/r/images/s/default/a.actual.png") ? ["the old report's image is left"] : []
            }),
        HostileCase(
            "check --report into a new folder writes its marker", [sceneFile],
            ["check", "s.json", "--golden", "g", "--record", "all", "-q", "--report", "r"], exit: 0, writes: ["g/**", "r/**"],
            creates: ["r/.proofsheet-files"])
    ]

    static let importCases: [HostileCase] = [
        importing("lib.json", [.symlink("lib.json", to: "$OUTSIDE/keys.json")], says: ["import 'lib.json' resolves outside the scene's folder"]),
        importing("dir/keys.json", [.symlink("dir", to: "$OUTSIDE")], says: ["resolves outside the scene's folder"]),
        HostileCase(
            "import nested, through a link in the imported file's folder",
            [
                .file("s.json", .text(small(#"{"type": "Color", "color": "red"}"#, extra: #" "import": ["parts/mid.json"],"#))),
                .file("parts/mid.json", .text(#"{"import": ["lib.json"]}"# + "\n")), .symlink("parts/lib.json", to: "$OUTSIDE/keys.json"),
                outsideKeys
            ],
            ["render", "s.json", "-o", "out.png"], exit: 2, says: ["parts/mid.json:1:13", "resolves outside"],
            verify: { run in run.stderr.contains("hunter2secretKey") ? ["stderr echoes a key of the outside file"] : [] }),
        importing("../outside/keys.json", [], says: ["may not be absolute or contain '..'"]),
        importing("$OUTSIDE/keys.json", [], says: ["may not be absolute"]),
        importing("sub/../../outside/keys.json", [.folder("sub")], says: ["may not be absolute or contain '..'"]),
        importing("here.json", [.symlink("here.json", to: "$SANDBOX/../outside/keys.json")], says: ["resolves outside"]),
        HostileCase(
            "import through a link that stays in the scene's folder",
            [
                .file("s.json", .text(small(#"{"type": "Color", "color": "red"}"#, extra: #" "import": ["lib.json"],"#))),
                .file("parts/real.json", .text(#"{"components": {}}"# + "\n")), .symlink("lib.json", to: "parts/real.json")
            ],
            ["render", "s.json", "-o", "out.png"], exit: 0, writes: ["out.png"]),
        scene(
            "an image linked to a file outside", small(#"{"type": "Image", "name": ⟦"pic"}"#), at: "$.root.name",
            says: ["resolves outside its asset root"], also: [.symlink("pic.png", to: "$OUTSIDE/secret.png")])
    ]

    static let injectionCases: [HostileCase] = [
        HostileCase(
            "a colour holding a newline and ::error", [.file("s.json", .text(small(#"{"type": "Color", "color": "red\n::error title=x::owned"}"#)))],
            ["render", "s.json", "-o", "out.png"], exit: 2, says: ["not a colour"], verify: noInjection(escaped: "red\\u{a}::error")),
        HostileCase(
            "a colour holding CR and ::warning", [.file("s.json", .text(small(#"{"type": "Color", "color": "red\r::warning::owned"}"#)))],
            ["render", "s.json", "-o", "out.png"], exit: 2, says: ["not a colour"], verify: noInjection(escaped: "red\\u{d}::warning")),
        HostileCase(
            "a text overflowing, holding a newline and ::error",
            [
                .file(
                    "s.json",
                    .text(small(#"{"type": "Text", "text": "hello\n::error title=x::owned", "modifiers": [{"frame": {"width": 5}}]}"#)))
            ],
            ["render", "s.json", "-o", "out.png", "--overflow", "error"], exit: 1, says: ["past"], verify: noInjection(escaped: "\\u{a}::error")),
        HostileCase(
            "a still name holding a newline and ::error",
            [
                .file(
                    "s.json",
                    .text(small(#"{"type": "Color", "color": "red"}"#, extra: #" "state": {"x": 0}, "stills": {"a\n::error::x": {"x": 1}},"#)))
            ],
            ["render", "s.json", "-o", "out.png"], exit: 2, says: ["\\u{a}::error"], verify: noInjection()),
        HostileCase(
            "a scene file name holding a newline and ::error", [.file("a\n::error title=x::y.json", .text("{\"root\": \n"))],
            ["render", "a\n::error title=x::y.json", "-o", "out.png"], exit: 2, says: ["unexpected end of file"],
            verify: noInjection(escaped: "a\\u{a}::error")),
        HostileCase(
            "check of a colour holding a newline and ::error, into the summary",
            [.file("s.json", .text(small(#"{"type": "Color", "color": "blue\n::error::owned"}"#)))],
            ["check", "s.json", "--golden", "g", "--summary", "sum.md", "--junit", "j.xml"], exit: 2,
            says: ["not a colour"], writes: ["sum.md", "j.xml"], verify: noInjection(escaped: "blue\\u{a}::error", also: ["sum.md"])),
        HostileCase(
            "check of a scene file named with a newline and ::error, into the summary",
            [.file("a\n::error title=x::y.json", .text(redScene))],
            ["check", "a\n::error title=x::y.json", "--golden", "g", "--record", "all", "--summary", "sum.md"], exit: 2,
            says: ["cannot name a golden folder"], writes: ["sum.md"], verify: noInjection(escaped: "a\\u{a}::error", also: ["sum.md"])),
        HostileCase(
            "a colour holding ANSI escapes", [.file("s.json", .text(small(#"{"type": "Color", "color": "\u001b[2J\u001b[31mred"}"#)))],
            ["render", "s.json", "-o", "out.png"], exit: 2, says: ["not a colour"], verify: noInjection(escaped: "\\u{1b}[2J")),
        HostileCase(
            "check of a scene with ANSI escapes and a line separator, into the summary",
            [.file("s.json", .text(small(#"{"type": "Color", "color": "\u001b[31mred\u2028::error::x"}"#)))],
            ["check", "s.json", "--golden", "g", "--summary", "sum.md"], exit: 2, says: ["not a colour"], writes: ["sum.md"],
            verify: noInjection(escaped: "\\u{2028}::error", also: ["sum.md"])),
        HostileCase(
            "merge-reports of a shard whose warning holds ::error and ANSI, into the summary",
            [
                .file(
                    "r1/results.json",
                    .text(
                        HostileBytes.report([HostileBytes.entry(status: "passed", actual: nil)]).replacingOccurrences(
                            of: "\"entries\"", with: #""warnings": ["w\n::error title=x::owned \u001b[31m"], "entries""#)))
            ],
            ["merge-reports", "r1", "-o", "merged", "--summary", "s.md"], exit: 0, writes: ["merged/**", "s.md"],
            verify: noInjection(escaped: "w\\u{a}::error", also: ["s.md"])),
        HostileCase(
            "an -o path holding a newline and ::error", [sceneFile], ["render", "s.json", "-o", "x\n::error::y.png"], exit: 0,
            writes: ["x\n::error::y.png"], verify: noInjection(escaped: "x\\u{a}::error"))
    ]
}

import Foundation
import Proofsheet

/// Hostile goldens for `proofsheet check`: corrupt files, folders, FIFOs and bombs where a golden
/// should be, symlinks out of the golden folder, scene names that would put a golden elsewhere.
/// A bad golden is bad input or a difference (exit 2 or 1), never an internal failure.
extension HostileCase {
    static let goldenPath = "g/s/default/40x30@1x.png"

    /// `proofsheet check s.json --golden g` with the golden replaced by `golden`.
    static func golden(
        _ name: String, _ golden: [Item], exits: Set<Int32> = [1, 2], argv extra: [String] = [],
        says: [String]? = nil, writes: [String] = [], environment: [String: String] = [:]
    ) -> HostileCase {
        // The image's id (s/default/40x30@1x) is part of the golden's path, so either names it.
        var c = HostileCase(
            name, [sceneFile] + golden, ["check", "s.json", "--golden", "g"] + extra, exits: exits,
            says: says ?? (exits == [0] ? [] : ["s/default/40x30@1x"]), writes: writes)
        c.environment = environment
        return c
    }

    /// A 40×30 PNG whose fingerprint chunk is 64 KiB of text that parses as no fingerprint.
    static var forgedEnvironmentPNG: [UInt8] {
        let png = (try? PNGCodec.encode(RGBAImage(width: 40, height: 30))) ?? []
        return PNGText.inserting(EnvironmentFingerprint.pngKeyword, String(repeating: "cairo=\u{1}= ", count: 6000), into: png)
    }

    static let goldenCases: [HostileCase] = [
        golden("a corrupt golden", [.file(goldenPath, .text("not a PNG\n"))]),
        golden("a corrupt golden on CI", [.file(goldenPath, .text("not a PNG\n"))], environment: ["CI": "1"]),
        golden("a corrupt golden with a report", [.file(goldenPath, .text("not a PNG\n"))], argv: ["--report", "r"], writes: ["r/**"]),
        golden("an empty golden", [.file(goldenPath, .bytes([]))]),
        golden("a folder in place of a golden", [.folder(goldenPath)]),
        golden("a FIFO in place of a golden", [.fifo(goldenPath)]),
        golden("a PNG bomb as the golden", [.file(goldenPath, .pngBomb)]),
        golden("a JPEG bomb as the golden", [.file(goldenPath, .jpegBomb)]).heavyCase,
        golden("a golden that is a symlink to a folder outside", [.symlink(goldenPath, to: "$OUTSIDE")]),
        golden("a dangling symlink as the golden", [.symlink(goldenPath, to: "nowhere.png")], writes: ["g/**"]),
        // Below the golden folder nothing may be a link, whatever the record mode.
        golden(
            "a golden that is a symlink to a file outside, record all", [.symlink(goldenPath, to: "$OUTSIDE/secret.png")],
            exits: [2], argv: ["--record", "all"], says: ["symbolic link"]),
        golden(
            "a golden that is a symlink to a file outside, record failed", [.symlink(goldenPath, to: "$OUTSIDE/secret.png")],
            argv: ["--record", "failed"], writes: ["g/**"]),
        golden("a file where the golden's folder should be", [.file("g/s", .text("a file\n"))], exits: [2], says: ["g/s"]),
        golden(
            "a 4000x4000 golden for a 40x30 scene", [.file(goldenPath, .png(4000, 4000))], exits: [1], argv: ["--report", "r"],
            writes: ["r/**"]
        ).heavyCase,
        // Refused before anything is rendered or written.
        golden(
            "a report folder whose results.json is a folder", [.folder("r/results.json")], exits: [2], argv: ["--report", "r"],
            says: ["'r' holds other files (results.json)"]),
        HostileCase(
            "a scene named ...json", [.file("...json", .text(redScene))], ["check", "...json", "--golden", "g"], exits: [1, 2],
            writes: ["g/**"]),
        HostileCase(
            "a scene named ..json", [.file("..json", .text(redScene))], ["check", "..json", "--golden", "g"], exits: [1, 2],
            writes: ["g/**"]),
        HostileCase(
            "two scenes with one file name in two folders", [.file("a/s.json", .text(redScene)), .file("b/s.json", .text(redScene))],
            ["check", "a/s.json", "b/s.json", "--golden", "g"], exit: 1, writes: ["g/**"]),
        HostileCase(
            "two scenes whose names differ only in case", [.file("S.json", .text(redScene)), .file("s.json", .text(redScene))],
            ["check", "S.json", "s.json", "--golden", "g"], exit: 2, says: ["differ only in case"]),
        HostileCase(
            "a scene outside the working directory", [.file("$OUTSIDE/o.json", .text(redScene))], ["check", "$OUTSIDE/o.json", "--golden", "g"],
            exit: 2, says: ["outside the working directory"]),
        golden(
            "a Git LFS pointer as the golden", [.file(goldenPath, .text("version https://git-lfs.github.com/spec/v1\noid sha256:00\nsize 9\n"))],
            exits: [2], says: ["Git LFS pointer", "git lfs pull"]),
        golden("a golden with a forged environment chunk", [.file(goldenPath, .make({ forgedEnvironmentPNG }))], exits: [1, 0]),
        HostileCase(
            "check --scale 0.25 of a 1x1 canvas",
            [.file("tiny.json", .text(#"{"canvas": {"width": 1, "height": 1}, "root": {"type": "EmptyView"}}"#))],
            ["check", "tiny.json", "--golden", "g", "--scale", "0.25"], exit: 2, says: ["tiny.json", "outside the limits"])
    ]
}

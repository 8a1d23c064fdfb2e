import Foundation

/// Hostile shard folders for `proofsheet merge-reports`: forged shard fields, images that are
/// symlinks out of the report, results.json files that are not reports, outputs that are inputs.
/// Each must exit 2 and write nothing (no half-made output folder).
extension HostileCase {
    static let blueID = "blue/default/40x30@1x"

    /// A shard folder with one entry (`red` failing or `blue` passing) and its images.
    static func shard(
        _ dir: String, _ shard: String?, red: Bool = true, version: String = "3", threshold: String = "0.1",
        images: Bool = true
    ) -> [Item] {
        if red {
            let e = HostileBytes.entry(
                golden: redGolden, actual: redActual, expected: "images/red__default__40x30@1x.expected.png",
                diff: "images/red__default__40x30@1x.diff.png")
            return [.file(dir + "/results.json", .text(HostileBytes.report([e], shard: shard, version: version, threshold: threshold)))]
                + (images
                    ? [
                        .file(dir + "/" + redActual, blue40), .file(dir + "/images/red__default__40x30@1x.expected.png", .png(40, 30)),
                        .file(dir + "/images/red__default__40x30@1x.diff.png", .png(40, 30, [255, 0, 0, 255]))
                    ] : [])
        }
        let e = HostileBytes.entry(scene: "blue", status: "passed", golden: "g/blue/default/40x30@1x.png", actual: nil)
        return [.file(dir + "/results.json", .text(HostileBytes.report([e], shard: shard, version: version, threshold: threshold)))]
    }

    static let twoShards = shard("r1", "1/2") + shard("r2", "2/2", red: false)
    static let merge = ["merge-reports", "r1", "r2", "-o", "merged"]

    /// merge-reports of `setup`; exit 2 naming `says`, nothing written.
    static func badMerge(_ name: String, _ setup: [Item], argv: [String] = merge, says: [String]) -> HostileCase {
        HostileCase(name, setup, argv, exit: 2, says: says)
    }

    /// Nothing the merge wrote holds the outside secret's bytes, inline or not.
    static let secretNotCopied: @Sendable (HostileRun) -> [String] = { run in
        guard let secret = FileManager.default.contents(atPath: run.outside + "/secret.png") else { return ["no secret"] }
        let base64 = secret.base64EncodedString()
        var found: [String] = []
        let e = FileManager.default.enumerator(atPath: run.sandbox + "/merged")
        while let rel = e?.nextObject() as? String {
            guard let data = FileManager.default.contents(atPath: run.sandbox + "/merged/" + rel) else { continue }
            if data == secret || String(decoding: data, as: UTF8.self).contains(base64) { found.append("merged/\(rel) holds the outside file") }
        }
        return found
    }

    static let mergeCases: [HostileCase] = [
        HostileCase("merge of two valid shards", twoShards, merge, exit: 1, writes: ["merged/**"], creates: ["merged/index.html"]),
        badMerge("shard 1/0", shard("r1", "1/0"), argv: ["merge-reports", "r1", "-o", "merged"], says: ["1/0"]),
        badMerge(
            "shard 1/9223372036854775807", shard("r1", "1/9223372036854775807"), argv: ["merge-reports", "r1", "-o", "merged"],
            says: ["1/9223372036854775807"]),
        badMerge("shard 0/2", shard("r1", "0/2") + shard("r2", "2/2", red: false), says: ["0/2"]),
        badMerge("shard a/b", shard("r1", "a/b") + shard("r2", "2/2", red: false), says: ["a/b"]),
        badMerge("shard 2/1", shard("r1", "2/1"), argv: ["merge-reports", "r1", "-o", "merged"], says: ["2/1"]),
        badMerge("shard -1/2", shard("r1", "-1/2") + shard("r2", "2/2", red: false), says: ["-1/2"]),
        badMerge("one shard twice", shard("r1", "1/2") + shard("r2", "1/2", red: false), says: ["1/2"]),
        HostileCase(
            "a shard missing", shard("r1", "1/3") + shard("r2", "2/3", red: false), merge, exit: 1, says: ["shard 3/3 missing"],
            writes: ["merged/**"]),
        {
            var c = badMerge(
                "a symlink in images/ to a file outside",
                shard("r1", "1/2", images: false) + shard("r2", "2/2", red: false)
                    + [
                        .symlink("r1/" + redActual, to: "$OUTSIDE/secret.png"),
                        .file("r1/images/red__default__40x30@1x.expected.png", .png(40, 30)),
                        .file("r1/images/red__default__40x30@1x.diff.png", .png(40, 30))
                    ],
                says: ["r1/" + redActual])
            c.verify = secretNotCopied
            return c
        }(),
        {
            var c = badMerge(
                "images/ a symlink to the outside folder",
                shard("r1", "1/2", images: false) + shard("r2", "2/2", red: false)
                    + [
                        .symlink("r1/images", to: "$OUTSIDE"),
                        .file("$OUTSIDE/red__default__40x30@1x.actual.png", .png(40, 30)),
                        .file("$OUTSIDE/red__default__40x30@1x.expected.png", .png(40, 30)),
                        .file("$OUTSIDE/red__default__40x30@1x.diff.png", .png(40, 30))
                    ],
                says: ["r1/images"])
            c.verify = secretNotCopied
            return c
        }(),
        badMerge(
            "an image that is a FIFO",
            shard("r1", "1/2", images: false) + shard("r2", "2/2", red: false)
                + [
                    .fifo("r1/" + redActual), .file("r1/images/red__default__40x30@1x.expected.png", .png(40, 30)),
                    .file("r1/images/red__default__40x30@1x.diff.png", .png(40, 30))
                ],
            says: ["r1/" + redActual]),
        badMerge(
            "an image that is not a PNG",
            shard("r1", "1/2", images: false) + shard("r2", "2/2", red: false)
                + [
                    .file("r1/" + redActual, .text("<script>alert(1)</script>\n")),
                    .file("r1/images/red__default__40x30@1x.expected.png", .png(40, 30)),
                    .file("r1/images/red__default__40x30@1x.diff.png", .png(40, 30))
                ],
            says: ["r1/" + redActual]),
        badMerge(
            "an image missing", shard("r1", "1/2", images: false) + shard("r2", "2/2", red: false),
            says: ["r1/images/red__default__40x30@1x", "is missing"]),
        badMerge(
            "an image path climbing out",
            [.file("r1/results.json", .text(HostileBytes.report([HostileBytes.entry(actual: "images/../../outside/secret.png")], shard: "1/2")))]
                + shard("r2", "2/2", red: false), says: ["images/../../outside/secret.png"]),
        badMerge(
            "an absolute image path",
            [.file("r1/results.json", .text(HostileBytes.report([HostileBytes.entry(actual: "$OUTSIDE/secret.png")], shard: "1/2")))]
                + shard("r2", "2/2", red: false), says: ["secret.png"]),
        badMerge("shard: results.json missing", [.folder("r1/images")] + shard("r2", "2/2", red: false), says: ["r1", "results.json"]),
        badMerge(
            "shard: results.json an array", [.file("r1/results.json", .text("[]\n"))] + shard("r2", "2/2", red: false),
            says: ["r1/results.json:1:1"]),
        badMerge(
            "shard: results.json of 1 GiB", [.sparse("r1/results.json", bytes: 1 << 30)] + shard("r2", "2/2", red: false),
            says: ["r1/results.json"]
        ).heavyCase,
        badMerge("shard: results.json of version 2", shard("r1", "1/2", version: "2") + shard("r2", "2/2", red: false), says: ["r1", "version"]),
        badMerge(
            "shard: times.json a symlink out of the report", twoShards + [.symlink("r1/times.json", to: "$OUTSIDE/secret.png")],
            says: ["r1/times.json", "symbolic link"]),
        badMerge("shard: times.json a FIFO", twoShards + [.fifo("r1/times.json")], says: ["r1/times.json"]),
        badMerge(
            "shard: times.json with a negative time",
            twoShards + [.file("r1/times.json", .text("{\"version\": 1, \"seconds\": {\"\(redID)\": -1}}"))],
            says: ["r1/times.json:1:", "a time is a number of seconds"]),
        badMerge(
            "shard: times.json naming an image of no report",
            twoShards + [.file("r1/times.json", .text("{\"version\": 1, \"seconds\": {\"\(blueID)\": 0.5}}"))],
            says: ["r1/times.json:1:", "is not an image of the report"]),
        badMerge("shards with other thresholds", shard("r1", "1/2") + shard("r2", "2/2", red: false, threshold: "0.2"), says: ["other settings"]),
        badMerge("one id in two reports", shard("r1", "1/2") + shard("r2", "2/2"), says: [redID]),
        badMerge("a report folder that is a file", [.file("r1", .text("a file\n"))] + shard("r2", "2/2", red: false), says: ["r1"]),
        badMerge("-o an existing file", twoShards + [.file("merged", .text("a file\n"))], says: ["merged"]),
        badMerge("-o one of its inputs", twoShards, argv: ["merge-reports", "r1", "r2", "-o", "r1"], says: ["r1"]),
        badMerge("--junit a folder", twoShards + [.folder("j.xml")], argv: merge + ["--junit", "j.xml"], says: ["j.xml"])
    ]
}

import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet

/// Motion from the command line: `curve`.
extension CLITests {
    @Test func curvePrintsSamplesJSONAndPlots() throws {
        let text = try run(["curve", "easeInOut(duration: 1)", "--samples", "3"])
        #expect(text.status == 0, "\(text.err)")
        #expect(text.out == "0\t0\n0.5\t0.5\n1\t1\nsettles at 1 s\n")
        let json = try run(["curve", "easeOut.delay(0.05)", "--samples", "5", "--json"])
        #expect(json.status == 0, "\(json.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["animation"] as? String == "easeOut.delay(0.05)")
        // Full precision, the shortest text that reads back the same: 0.35 + 0.05 is
        // 0.39999999999999997 (read as text: Foundation's reader rounds it).
        #expect(json.out.contains("\"duration\": 0.39999999999999997, \"settlingTime\": 0.39999999999999997"), "\(json.out)")
        #expect(json.out.contains("{\"t\": 0.09999999999999999, \"value\": "), "\(json.out)")
        let samples = try #require(object["samples"] as? [[String: Double]])
        #expect(samples.count == 5)
        #expect(samples.first?["value"] == 0 && samples.last?["value"] == 1)
        // The velocity per sample: 0 while delayed, then the curve's slope over its duration.
        #expect(samples[0]["velocity"] == 0 && (samples[1]["velocity"] ?? 0) > 1)
        #expect(object["spring"] == nil)
        // --at: the instants asked for; a spring's facts.
        let at = try run(["curve", "bouncy", "--at", "0,0.1,0.25", "--json"])
        #expect(at.status == 0, "\(at.err)")
        let b = try #require(try JSONSerialization.jsonObject(with: Data(at.out.utf8)) as? [String: Any])
        #expect((b["samples"] as? [[String: Double]])?.map { $0["t"]! } == [0, 0.1, 0.25])
        let spring = try #require(b["spring"] as? [String: Any])
        #expect(spring["form"] as? String == "underdamped" && at.out.contains("\"bounce\": 0.30000000000000004"))
        #expect((spring["overshootTime"] as? Double).map { $0 > 0.3 && $0 < 0.4 } == true)
        #expect(spring["settlingDuration"] as? Double == b["settlingTime"] as? Double)
        #expect(try run(["curve", "bouncy", "--at", "0,0.1", "--samples", "3"]).status == 2)
        #expect(try run(["curve", "bouncy", "--at", "0,-1"]).status == 2)
        let facts = try run(["curve", "bouncy", "--samples", "2"])
        #expect(
            facts.out.contains("spring: underdamped, mass 1, stiffness 157.9137, damping 17.5929, damping ratio 0.7, response 0.5 s, bounce 0.3"),
            "\(facts.out)")
        // SwiftUI's deck spring: critically damped at ω₀ = √180, settled well before a second.
        let deck = try run(["curve", "interpolatingSpring(stiffness: 180, damping: 100)", "--json", "--samples", "2"])
        let d = try #require(try JSONSerialization.jsonObject(with: Data(deck.out.utf8)) as? [String: Any])
        let settle = try #require(d["settlingTime"] as? Double)
        #expect(settle > 0.6 && settle < 0.75)
        let dir = try temporaryFolder()
        let plot = try run(["curve", ".default", "--plot", dir + "/p.png"])
        #expect(plot.status == 0, "\(plot.err)")
        let png = try Data(contentsOf: URL(fileURLWithPath: dir + "/p.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try run(["curve", ".default", "--plot", dir + "/p.svg"]).status == 0)
    }

    @Test func curveRefusesBadSpellingsWithTheColumn() throws {
        let bad = try run(["curve", "easeOut.dely(0.05)"])
        #expect(bad.status == 2)
        #expect(bad.err.contains("at column 9"))
        #expect(bad.err.contains("did you mean 'delay'"))
        #expect(try run(["curve"]).status == 2)
        #expect(try run(["curve", "easeIn.repeatForever()"]).status == 2)
        let forever = try run(["curve", "easeIn.repeatForever()", "--duration", "1", "--samples", "2"])
        #expect(forever.status == 0 && forever.out.contains("never settles"))
        let dir = try temporaryFolder()
        #expect(try run(["curve", "easeIn", "--plot", dir + "/p.gif"]).status == 2)
        #expect(!FileManager.default.fileExists(atPath: dir + "/p.gif"))
        #expect(try run(["curve", "easeIn", "--samples", "1"]).status == 2)
    }
}

/// `frames` and `render --timeline` through the binary.
extension CLITests {
    /// `--still` and `--set` choose where a timeline starts, for `frames`, `strip`, `storyboard`
    /// and `animate` alike: the manifest's state and the first frame show it.
    @Test func timelinesStartFromAStillAndSets() throws {
        let dir = try temporaryFolder()
        try """
        {"canvas": {"width": 60, "height": 40}, "state": {"x": -20, "tint": "blue"},
         "stills": {"right": {"x": 10}},
         "timelines": {"slide": [{"at": 0.1, "withAnimation": "easeOut(duration: 0.2)", "set": {"x": 20}}]},
         "root": {"type": "Circle", "fill": "$tint", "modifiers": [{"frame": {"width": 12, "height": 12}}, {"offset": {"x": "$x"}}, {"id": "dot"}]}}
        """.write(toFile: dir + "/card.json", atomically: true, encoding: .utf8)
        func first(_ extra: [String]) throws -> (state: [String: Any], x: Double?) {
            let out = dir + "/f\(extra.count)-\(UUID().uuidString)"
            let r = try run(["frames", dir + "/card.json", "--timeline", "slide", "--fps", "10", "--duration", "0.2", "-q", "-o", out] + extra)
            #expect(r.status == 0, "\(r.err)")
            let m = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))) as! [String: Any]
            let frames = m["frames"] as! [[String: Any]]
            let views = frames[0]["views"] as? [String: [String: Double]]
            return (m["state"] as! [String: Any], views?["dot"]?["offset.x"])
        }
        #expect(try first([]).x == -20)
        #expect(try first(["--still", "right"]).x == 10)
        let both = try first(["--still", "right", "--set", "x=5", "--set", "tint=red"])
        #expect(both.x == 5 && both.state["tint"] as? String == "red")
        for (command, ext) in [("strip", "png"), ("storyboard", "svg"), ("animate", "png")] {
            let r = try run([command, dir + "/card.json", "--timeline", "slide", "--set", "x=5", "-q", "-o", dir + "/\(command).\(ext)"])
            #expect(r.status == 0, "\(command): \(r.err)")
        }
        let unknown = try run(["strip", dir + "/card.json", "--timeline", "slide", "--still", "left", "-q", "-o", dir + "/u.png"])
        #expect(unknown.status == 2 && unknown.err.contains("no still named 'left'"), "\(unknown.err)")
        let bad = try run(["frames", dir + "/card.json", "--timeline", "slide", "--set", "x=wide", "-q", "-o", dir + "/bad"])
        #expect(bad.status == 2 && bad.err.contains("--set x=wide"), "\(bad.err)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/bad"))
    }

    @Test func framesWriteAManifestAndTheSameBytesAtAnyJobCount() throws {
        let dir = try temporaryFolder()
        let scene = Paths.scenes + "/swipe-stack.json"
        let common = ["frames", scene, "--timeline", "throw-right", "--scale", "1", "--fps", "10", "--duration", "0.8", "-q"]
        let one = try run(common + ["--jobs", "1", "-o", dir + "/one"])
        let two = try run(common + ["--jobs", "2", "-o", dir + "/two"])
        #expect(one.status == 0 && two.status == 0, "\(one.err)\(two.err)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/one").sorted()
        // The frames, the manifest, and the folder's list of them (`.proofsheet-files`, the same bytes too).
        #expect(names.count == 11 && names.first == ".proofsheet-files" && names[1] == "frame-00000.png" && names.last == "manifest.json")
        for n in names { #expect(try bytes(dir + "/one/" + n) == bytes(dir + "/two/" + n), "\(n) differs between --jobs 1 and 2") }
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/one/manifest.json"))) as? [String: Any])
        #expect(manifest["timeline"] as? String == "throw-right" && manifest["fps"] as? Double == 10)
        let frames = try #require(manifest["frames"] as? [[String: Any]])
        #expect(frames.count == 9)
        #expect(frames.map { $0["t"] as? Double ?? -1 } == (0..<9).map { Double($0) / 10 })
        #expect((frames[1]["events"] as? [String]) == ["touch down"])
        #expect((frames[4]["events"] as? [String])?.contains("release") == true)
        #expect(frames.last?["animating"] as? Bool == true)
        // The state once, at the start; each frame only what changed since the previous one.
        #expect(manifest["version"] as? Int == 3)
        let start = try #require(manifest["state"] as? [String: Any])
        #expect(start["items"] is [Any] && start["drag"] is NSNull, "\(start)")
        let changes = frames.map { $0["changes"] as? [String: Any] ?? [:] }
        #expect(frames.allSatisfy { $0["state"] == nil && $0["changes"] is [String: Any] })
        #expect(changes[0].isEmpty, "nothing changes before the touch: \(changes[0])")
        #expect(changes[2]["drag"] is [String: Any], "the drag moves: \(changes[2])")
        #expect(changes.compactMap { ($0["items"] as? [Any])?.count } == [9], "the thrown card is removed once")
        // Every named view on screen with its animated values, in every frame.
        let views = frames.map { $0["views"] as? [String: [String: Double]] ?? [:] }
        #expect(views[0]["card-0"]?["offset.x"] == 0 && views[0]["card-0"]?["opacity"] == 1, "\(views[0])")
        #expect(views[1] == views[0], "nothing moves at the touch down: \(views[1])")
        #expect(views.allSatisfy { $0["card-1"] != nil && $0.count >= 2 }, "every frame names the cards on screen")
        #expect((views[3]["card-0"]?["offset.x"] ?? 0) > 0, "the dragged card moves right: \(views[3])")
        // A view removed (the navigation bar, its back button inside it) is named by no frame after.
        let review = try run([
            "frames", Paths.scenes + "/review.json", "--timeline", "appear", "--scale", "1", "--fps", "10", "-q", "-o", dir + "/review"
        ])
        #expect(review.status == 0, "\(review.err)")
        let reviewFrames = try #require(
            (try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/review/manifest.json"))) as? [String: Any])?[
                "frames"]
                as? [[String: Any]])
        let named = reviewFrames.map { Set(($0["views"] as? [String: Any] ?? [:]).keys) }
        let removal = try #require(reviewFrames.firstIndex { ($0["events"] as? [String])?.contains("removed #navigationBar") == true })
        #expect(removal > 0 && named[..<removal].allSatisfy { $0.isSuperset(of: ["navigationBar", "backButton"]) })
        #expect(named[removal...].allSatisfy { $0.isDisjoint(with: ["navigationBar", "backButton"]) && $0.contains("review") }, "\(named)")
        // An instant of the timeline is the frame at that time.
        let instant = try run(["render", scene, "--timeline", "throw-right", "--at", "0.3", "--scale", "1", "-o", dir + "/at.png", "-q"])
        #expect(instant.status == 0, "\(instant.err)")
        #expect(try bytes(dir + "/at.png") == bytes(dir + "/one/frame-00003.png"))
    }
}

/// `strip` through the binary.
extension CLITests {
    @Test func stripDrawsASheetAndRefusesBadOptions() throws {
        let dir = try temporaryFolder()
        let scene = Paths.scenes + "/swipe-stack.json"
        let common = ["strip", scene, "--timeline", "throw-right", "--scale", "1", "--thumb-scale", "0.2", "-q"]
        let grid = try run(common + ["--frames", "4", "--columns", "2", "-o", dir + "/grid.png"])
        #expect(grid.status == 0, "\(grid.err)")
        let row = try run(common + ["--at", "0,0.2,0.45", "--row", "-o", dir + "/row.png"])
        #expect(row.status == 0, "\(row.err)")
        let g = try PNGCodec.decode(try bytes(dir + "/grid.png")), r = try PNGCodec.decode(try bytes(dir + "/row.png"))
        #expect(g.height > g.width && r.width > r.height)
        // Vector output of the same sheet.
        #expect(try run(common + ["--frames", "3", "-o", dir + "/s.pdf"]).status == 0)
        #expect(try String(decoding: bytes(dir + "/s.pdf").prefix(5), as: UTF8.self) == "%PDF-")
        // A sheet past the raster limits gets smaller thumbnails, and says so.
        let big = try run([
            "strip", scene, "--timeline", "throw-right", "--frames", "8", "--thumb-scale", "2", "--limit", "canvas-pixels=3M", "-o", dir + "/big.png"
        ])
        #expect(big.status == 0 && big.err.contains("note: thumbnails at"), "\(big.err)")
        let b = try PNGCodec.decode(try bytes(dir + "/big.png"))
        #expect(b.width * b.height <= 3_000_000)
        // Bad usage: exit 2, nothing written.
        for bad in [
            ["strip", scene, "-o", dir + "/x.png"], common + ["--fps", "10", "--frames", "3", "-o", dir + "/x.png"],
            common + ["--at", "0.5,0.2", "-o", dir + "/x.png"], common + ["--columns", "2", "--row", "-o", dir + "/x.png"],
            common + ["-o", dir + "/x.gif"], ["strip", scene, "--timeline", "nope", "-o", dir + "/x.png"]
        ] {
            let r = try run(bad)
            #expect(r.status == 2, "\(bad): \(r.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }
}

/// `animate` through the binary, each format read back by an independent reader (Pillow, and
/// libwebp's own webpmux for WebP timings).
extension CLITests {
    /// Pillow's view of an animation: frame count, total duration (ms), each frame's duration,
    /// and frame `k` as RGB.
    func pillow(_ file: String, frame k: Int, into png: String) throws -> (frames: Int, duration: Int, durations: [Int]) {
        let python = "/usr/bin/python3"
        try #require(FileManager.default.isExecutableFile(atPath: python), "Debian's python3 and python3-pil are needed; run make deps")
        let script = """
            import sys
            from PIL import Image
            im = Image.open(sys.argv[1])
            n = getattr(im, "n_frames", 1)
            durations = []
            for i in range(n):
                im.seek(i)
                durations.append(int(im.info.get("duration", 0)))
            im.seek(int(sys.argv[2]))
            im.convert("RGBA").save(sys.argv[3])
            print(n, sum(durations), ",".join(map(str, durations)))
            """
        let r = try runProcess(python, ["-c", script, file, String(k), png])
        try #require(r.status == 0, "Pillow: \(r.err.suffix(2000))")
        let parts = r.out.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
        return (Int(parts[0]) ?? -1, Int(parts[1]) ?? -1, parts[2].split(separator: ",").map { Int($0) ?? -1 })
    }

    @Test func animateWritesAPNGWebPAndGIFThatOthersRead() throws {
        let dir = try temporaryFolder()
        let scene = Paths.scenes + "/swipe-stack.json"
        let common = ["animate", scene, "--timeline", "throw-right", "--duration", "1", "-q"]
        // The true frames, to compare with.
        let frames = try run([
            "frames", scene, "--timeline", "throw-right", "--scale", "1", "--fps", "30", "--duration", "1", "-q", "-o", dir + "/frames"
        ])
        #expect(frames.status == 0, "\(frames.err)")

        // APNG: lossless, exact milliseconds, identical frames merged; the same bytes at any --jobs.
        #expect(try run(common + ["-o", dir + "/a.png", "--jobs", "1"]).status == 0)
        #expect(try run(common + ["-o", dir + "/b.png", "--jobs", "2"]).status == 0)
        #expect(try bytes(dir + "/a.png") == bytes(dir + "/b.png"))
        let apng = try pillow(dir + "/a.png", frame: 0, into: dir + "/a0.png")
        // 31 frames of 1/30 s, the last held a second more (the default --hold).
        #expect(apng.frames > 10 && apng.frames <= 31 && apng.duration == 2033, "\(apng)")
        #expect((apng.durations.last ?? 0) >= 1033, "\(apng)")
        #expect(try run(common + ["-o", dir + "/h.png", "--hold", "0"]).status == 0)
        #expect(try pillow(dir + "/h.png", frame: 0, into: dir + "/h0.png").duration == 1033)
        #expect(try run(common + ["-o", dir + "/h.png", "--hold", "61"]).status == 2)
        #expect(try PNGCodec.decode(contentsOfFile: dir + "/a0.png") == PNGCodec.decode(contentsOfFile: dir + "/frames/frame-00000.png"))
        let last = try pillow(dir + "/a.png", frame: apng.frames - 1, into: dir + "/aN.png")
        #expect(last.frames == apng.frames)
        #expect(try PNGCodec.decode(contentsOfFile: dir + "/aN.png") == PNGCodec.decode(contentsOfFile: dir + "/frames/frame-00030.png"))
        // The library's writer, through the animated-preview protocol: the same bytes.
        #expect(try libraryPreview(.apng(), to: dir + "/lib.png").frames == 31)
        #expect(try bytes(dir + "/lib.png") == bytes(dir + "/a.png"))
        // Read back by Proofsheet's own reader: Pillow's frames, durations and pixels, exactly.
        var read: [(image: RGBAImage, ms: Int)] = []
        try APNGReader.forEachFrame(try bytes(dir + "/a.png")) { read.append(($0.image, $0.milliseconds)) }
        #expect(read.map(\.ms) == apng.durations, "\(read.map(\.ms)) \(apng.durations)")
        let first = read.first?.image == (try PNGCodec.decode(contentsOfFile: dir + "/a0.png"))
        let lastFrame = read.last?.image == (try PNGCodec.decode(contentsOfFile: dir + "/aN.png"))
        #expect(first && lastFrame)
        // Each frame is the true frame at its start (30 fps), so the reader composes every region right.
        var start = 0
        for frame in read {
            let k = (start * 30 + 500) / 1000
            let truth = try PNGCodec.decode(contentsOfFile: dir + "/frames/frame-" + String(repeating: "0", count: 5 - String(k).count) + "\(k).png")
            let same = frame.image == truth
            #expect(same, "the frame at \(start) ms is not frame \(k)")
            start += frame.ms
        }
        // libpng's own checker reads it as a PNG (the first frame).
        if let pngcheck = which("pngcheck") { #expect(try runProcess(pngcheck, ["-q", dir + "/a.png"]).status == 0) }

        // WebP, lossless: the frames' pixels; webpmux counts the frames and their milliseconds.
        #expect(try run(common + ["--lossless", "-o", dir + "/a.webp"]).status == 0)
        _ = try libraryPreview(.webp(lossless: true), to: dir + "/lib.webp")
        #expect(try bytes(dir + "/lib.webp") == bytes(dir + "/a.webp"))
        let webp = try pillow(dir + "/a.webp", frame: 0, into: dir + "/w0.png")
        #expect(webp.frames > 10)
        #expect(try PNGCodec.decode(contentsOfFile: dir + "/w0.png") == PNGCodec.decode(contentsOfFile: dir + "/frames/frame-00000.png"))
        if let webpmux = which("webpmux") {
            let info = try runProcess(webpmux, ["-info", dir + "/a.webp"])
            let durations = info.out.split(separator: "\n").compactMap { line -> Int? in
                let f = line.split(separator: " ", omittingEmptySubsequences: true)
                return f.count > 6 && f[0].hasSuffix(":") ? Int(f[6]) : nil
            }
            #expect(durations.count == webp.frames && durations.reduce(0, +) == 2033, "\(info.out)")
        }

        // GIF: at most 50 fps, 25 by default; whole centiseconds adding up to the length.
        #expect(try run(common + ["-o", dir + "/a.gif"]).status == 0)
        #expect(try libraryPreview(.gif, to: dir + "/lib.gif").frames == 26)
        #expect(try bytes(dir + "/lib.gif") == bytes(dir + "/a.gif"))
        let gif = try pillow(dir + "/a.gif", frame: 0, into: dir + "/g0.png")
        #expect(gif.frames > 10 && gif.frames <= 26 && gif.duration == 2040, "\(gif)")
        // Colours within the fixed palette's reach of the true frame.
        let g0 = try PNGCodec.decode(contentsOfFile: dir + "/g0.png"), truth = try PNGCodec.decode(contentsOfFile: dir + "/frames/frame-00000.png")
        var total = 0
        for k in stride(from: 0, to: g0.pixels.count, by: 4) { for c in 0..<3 { total += abs(Int(g0.pixels[k + c]) - Int(truth.pixels[k + c])) } }
        #expect(Double(total) / Double(g0.pixels.count / 4 * 3) < 6)

        // Bad usage: exit 2 and nothing written.
        for bad in [
            common + ["--fps", "60", "-o", dir + "/x.gif"], common + ["--quality", "50", "-o", dir + "/x.png"],
            common + ["-o", dir + "/x.mp4"], common + ["--slow", "0.5", "-o", dir + "/x.png"],
            common + ["--png-compression", "small", "-o", dir + "/x.gif"]
        ] {
            let r = try run(bad)
            #expect(r.status == 2, "\(bad): \(r.err)")
        }
        for name in ["x.gif", "x.png", "x.mp4"] { #expect(!FileManager.default.fileExists(atPath: dir + "/" + name)) }
    }
}

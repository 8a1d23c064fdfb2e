import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet

/// `proofsheet animate -o x.webm`: a VP9 WebM video read back by ffprobe and ffmpeg (its frame
/// count, duration, size and colour), the same bytes at any thread count, a poster frame, and
/// the formats and options that are refused.
@Suite("animate: WebM video")
struct VideoCLITests {
    /// A 120×80 card whose dot slides right at 0.1 s on a coloured ground (colours catch a
    /// converter that swaps or skews the chroma).
    static let card = """
        {"canvas": {"width": 120, "height": 80}, "background": "#2050C0",
         "state": {"x": {"type": "number", "default": -40}},
         "timelines": {"slide": [{"at": 0.1, "set": {"x": 40}}]},
         "root": {"type": "Circle", "fill": "#F0A020", "modifiers": [
           {"frame": {"width": 24, "height": 24}}, {"offset": {"x": "$x"}}, {"animation": "easeInOut(duration: 0.4)"}]}}
        """

    func folder() throws -> String {
        let dir = try temporaryFolder()
        try Self.card.write(toFile: dir + "/card.json", atomically: true, encoding: .utf8)
        return dir
    }

    func run(_ dir: String, _ args: [String]) throws -> (status: Int32, out: String, err: String) {
        try runProcess(CLITests.binary, args, cwd: dir)
    }

    /// No GPL code is linked: the binary's libraries (as the dynamic loader resolves them) hold
    /// none of the GPL video libraries Debian has (libavcodec and its family are built with GPL
    /// parts there), and the video encoder it does link is libvpx (BSD).
    @Test func theBinaryLinksNoGPLVideoLibrary() throws {
        guard let ldd = ["/usr/bin/ldd", "/bin/ldd"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return }
        let r = try runProcess(ldd, [CLITests.binary], cwd: NSTemporaryDirectory())
        #expect(r.status == 0, "\(r.err)")
        let libraries = r.out.split(separator: "\n").compactMap {
            $0.split(separator: " ").first.map { String($0.trimmingCharacters(in: .whitespaces)) }
        }
        #expect(libraries.contains { $0.hasPrefix("libvpx.so") } && libraries.contains { $0.hasPrefix("libcairo.so") }, "\(libraries)")
        let gpl = [
            "libavcodec", "libavformat", "libavutil", "libavfilter", "libavdevice", "libswscale", "libswresample", "libpostproc",
            "libx264", "libx265", "libxvidcore", "libopenh264"
        ]
        let linked = libraries.filter { name in gpl.contains { name.hasPrefix($0 + ".so") } }
        #expect(linked.isEmpty, "GPL (or patent-encumbered) video libraries linked: \(linked)")
    }

    /// `ffprobe`'s `key=value` lines for `entries` of `file`.
    func probe(_ dir: String, _ file: String, _ entries: String) throws -> [String: String] {
        let r = try runProcess("/usr/bin/ffprobe", ["-v", "error", "-count_frames", "-show_entries", entries, "-of", "default=nw=1", file], cwd: dir)
        #expect(r.status == 0, "ffprobe: \(r.err)")
        var out: [String: String] = [:]
        for line in r.out.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { out[parts[0]] = parts[1] }
        }
        return out
    }

    @Test func aWebMIsReadBackWithItsFramesDurationSizeAndColour() throws {
        let dir = try folder()
        let made = try run(dir, ["animate", "card.json", "--timeline", "slide", "-o", "slide.webm", "--poster", "poster.png", "--hold", "0.5"])
        #expect(made.status == 0, "\(made.err)")
        // wrote slide.webm: N frames at 30 fps, 120x80 px, D s, …
        let summary = try #require(made.err.split(separator: "\n").first { $0.hasPrefix("wrote slide.webm: ") })
        let frames = try #require(Int(summary.split(separator: " ")[2]))
        let seconds = try #require(Double(summary.split(separator: ",")[2].split(separator: " ")[0]))
        let info = try probe(
            dir, "slide.webm", "stream=codec_name,width,height,nb_read_frames,pix_fmt,color_space,color_range:format=duration,format_name")
        #expect(info["codec_name"] == "vp9" && info["format_name"] == "matroska,webm", "\(info)")
        #expect(info["width"] == "120" && info["height"] == "80")
        #expect(info["pix_fmt"] == "yuv420p" && info["color_space"] == "bt709" && info["color_range"] == "tv", "\(info)")
        #expect(info["nb_read_frames"] == "\(frames)", "\(info) against \(frames) frames")
        // The duration: the frames' time, one frame more, and the hold, to the millisecond.
        let duration = try #require(info["duration"].flatMap(Double.init))
        #expect(abs(duration - seconds) < 0.006, "\(duration) s against \(seconds) s")
        #expect(abs(duration - (Double(frames) / 30 + 0.5)) < 0.002, "\(duration) s for \(frames) frames and the hold")
        // Every frame decodes; each packet is at its exact millisecond.
        let decoded = try runProcess("/usr/bin/ffmpeg", ["-v", "error", "-i", "slide.webm", "-f", "null", "-"], cwd: dir)
        #expect(decoded.status == 0 && decoded.err.isEmpty, "\(decoded.err)")
        let packets = try runProcess("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "packet=pts", "-of", "csv=p=0", "slide.webm"], cwd: dir)
        let times = packets.out.split(separator: "\n").compactMap { Int($0) }
        #expect(times == (0..<frames).map { Int((Double($0) * 1000 / 30).rounded()) }, "\(times)")

        // The poster is the first frame, exactly; a decoded frame is the rendered one within
        // what 4:2:0 VP9 loses.
        #expect(try run(dir, ["frames", "card.json", "--timeline", "slide", "--fps", "30", "-o", "frames", "-q"]).status == 0)
        let first = try RGBAImage(contentsOfFile: dir + "/frames/frame-00000.png")
        #expect(try RGBAImage(contentsOfFile: dir + "/poster.png").pixels == first.pixels)
        let k = frames / 2
        let extracted = try runProcess(
            "/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", "slide.webm", "-vf", "select=eq(n\\,\(k))", "-vframes", "1", "decoded.png"], cwd: dir)
        #expect(extracted.status == 0, "\(extracted.err)")
        let decodedFrame = try RGBAImage(contentsOfFile: dir + "/decoded.png")
        let rendered = try RGBAImage(contentsOfFile: dir + "/frames/" + String(format: "frame-%05d.png", k))
        #expect(decodedFrame.size == rendered.size)
        var total = [0, 0, 0]
        for i in stride(from: 0, to: rendered.pixels.count, by: 4) {
            for c in 0..<3 { total[c] += abs(Int(decodedFrame.pixels[i + c]) - Int(rendered.pixels[i + c])) }
        }
        let means = total.map { Double($0) / Double(rendered.width * rendered.height) }
        #expect(means.allSatisfy { $0 < 6 }, "mean differences per channel \(means)")
    }

    @Test func theSameFramesGiveTheSameBytesAtAnyThreadCount() throws {
        let dir = try folder()
        for (name, jobs) in [("a.webm", "1"), ("b.webm", "2"), ("c.webm", "2")] {
            let r = try run(dir, ["animate", "card.json", "--timeline", "slide", "-o", name, "-j", jobs, "-q", "--scale", "2"])
            #expect(r.status == 0, "\(r.err)")
        }
        let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/a.webm"))
        #expect(a == (try Data(contentsOf: URL(fileURLWithPath: dir + "/b.webm"))))
        #expect(a == (try Data(contentsOf: URL(fileURLWithPath: dir + "/c.webm"))))
        // A lower quality is a smaller file.
        #expect(try run(dir, ["animate", "card.json", "--timeline", "slide", "-o", "low.webm", "--quality", "10", "-q", "--scale", "2"]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/low.webm")).count < a.count)
    }

    @Test(arguments: [
        (["-o", "x.mp4"], "MP4 and QuickTime video are not available"), (["-o", "x.mov"], "not available"),
        (["-o", "x.webm", "--loop", "2"], "--loop is not for video"), (["-o", "x.webm", "--lossless"], "--lossless is for .webp"),
        (["-o", "x.webm", "--poster", "x.webm"], "the poster is a .png file"), (["-o", "x.webm", "--poster", "x.jpg"], "the poster is a .png"),
        (["-o", "x.webm", "--quality", "101"], "--quality"), (["-o", "x.gif", "--quality", "50"], "--quality is for .webp and .webm"),
        // A poster that cannot be written leaves no video behind.
        (["-o", "x.webm", "--poster", String(repeating: "p", count: 300) + ".png"], "at most 255 bytes")
    ])
    func refusedAsUsage(_ args: [String], _ words: String) throws {
        let dir = try folder()
        let r = try run(dir, ["animate", "card.json", "--timeline", "slide"] + args)
        #expect(r.status == 2, "\(r.err)")
        #expect(r.err.contains(words), "\(r.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["card.json"])
    }
}

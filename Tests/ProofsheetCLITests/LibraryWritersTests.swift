import Foundation
import Testing
import Proofsheet

/// The writers behind `frames`, `strip`, `storyboard`, `sweep` and `animate`, called from the library: the same
/// bytes as the commands write for the same timeline, and the animated-preview protocol's three
/// formats read back by an independent reader.
extension CLITests {
    /// The run of `swipe-stack.json`'s `throw-right` that the commands make.
    func swipeRun(_ renderer: Renderer, scale: Double? = nil, retention: TimelineRun.Retention = .everything) throws -> TimelineRun {
        let template = try SceneDecoder().template(file: Paths.scenes + "/swipe-stack.json")
        return try renderer.run(of: template, timeline: "throw-right", framing: TimelineFraming(scale: scale), retention: retention)
    }

    @Test func libraryFramesFolderIsWhatFramesWrites() throws {
        let dir = try temporaryFolder()
        let scene = Paths.scenes + "/swipe-stack.json"
        let cli = try run(["frames", scene, "--timeline", "throw-right", "--scale", "1", "--fps", "10", "--duration", "0.8", "-q", "-o", dir + "/cli"]
        )
        #expect(cli.status == 0, "\(cli.err)")
        let renderer = try Renderer()
        let count = try renderer.writeFrames(
            of: try swipeRun(renderer, scale: 1, retention: .latest), scene: scene, fps: 10, span: .seconds(0.8), to: dir + "/library")
        #expect(count == 9)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/cli").sorted()
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/library").sorted() == names)
        for n in names { #expect(try bytes(dir + "/cli/" + n) == bytes(dir + "/library/" + n), "\(n) differs") }
        // The folder is the library's to replace, by the same rule: written again, and refused
        // once it holds a file of the user's.
        #expect(try renderer.writeFrames(of: try swipeRun(renderer, scale: 1, retention: .latest), scene: scene, fps: 10, to: dir + "/library") > 9)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: dir + "/library/notes.txt"))
        #expect(throws: ProofsheetError.self) {
            try renderer.writeFrames(of: try swipeRun(renderer, scale: 1, retention: .latest), scene: scene, fps: 10, to: dir + "/library")
        }
        #expect(FileManager.default.fileExists(atPath: dir + "/library/notes.txt"))
    }

    @Test func libraryStoryboardIsWhatStoryboardWrites() throws {
        let dir = try temporaryFolder()
        let renderer = try Renderer()
        let timeline = try swipeRun(renderer)
        for ext in ["svg", "png"] {
            let cli = try run([
                "storyboard", Paths.scenes + "/swipe-stack.json", "--timeline", "throw-right", "--scale", "1", "-q", "-o", dir + "/cli.\(ext)"
            ])
            #expect(cli.status == 0, "\(cli.err)")
            let board = try renderer.writeStoryboard(of: timeline, title: "swipe-stack — throw-right", to: dir + "/library.\(ext)", scale: 1)
            #expect(try bytes(dir + "/library.\(ext)") == bytes(dir + "/cli.\(ext)"), ".\(ext) differs")
            #expect(board.bytes == (try bytes(dir + "/cli.\(ext)")) && board.panels > 2)
        }
        // Told what it leaves out, as the command notes it.
        var notes: [String] = []
        let few = try renderer.storyboard(of: timeline, title: "t", maxPanels: 2, scale: 1) { notes.append($0) }
        #expect(few.panels == 2 && notes.count == 1 && notes[0].hasSuffix("shown (--max-panels 2); the rest are in the captions"), "\(notes)")
    }

    @Test func libraryStripIsWhatStripWrites() throws {
        let dir = try temporaryFolder()
        let renderer = try Renderer()
        let timeline = try swipeRun(renderer)
        let device = try #require(timeline.first?.device?.name)
        let title = "swipe-stack — throw-right · \(device) · 6 frames"
        let plot = [try PlottedProperty(parsing: "#card-0.rotation")]
        for ext in ["png", "svg"] {
            for extras in [[], ["--onion", "card-0", "--touches", "--plot", "#card-0.rotation"]] {
                let name = (extras.isEmpty ? "plain" : "extras") + "." + ext
                let cli = try run(
                    ["strip", Paths.scenes + "/swipe-stack.json", "--timeline", "throw-right", "--frames", "6", "--scale", "1", "-q"] + extras
                        + ["-o", dir + "/cli-" + name])
                #expect(cli.status == 0, "\(cli.err)")
                let strip =
                    extras.isEmpty
                    ? try renderer.writeStrip(of: timeline, title: title, to: dir + "/library-" + name, instants: .frames(6), scale: 1)
                    : try renderer.writeStrip(
                        of: timeline, title: title, to: dir + "/library-" + name, instants: .frames(6), onion: "card-0", plot: plot, touches: true,
                        scale: 1)
                let written = try bytes(dir + "/cli-" + name)
                #expect(try bytes(dir + "/library-" + name) == written, "\(name) differs")
                #expect(strip.frames == 6 && strip.bytes == written)
                if ext == "png" {
                    let image = try PNGCodec.decode(strip.bytes)
                    #expect(image.width == strip.width && image.height == strip.height)
                }
            }
        }
        // Refused as the command refuses them.
        #expect(throws: ProofsheetError.self) { try renderer.strip(of: timeline, title: title, instants: .at([0.2, 0.1]), scale: 1) }
        #expect(throws: ProofsheetError.self) { try renderer.strip(of: timeline, title: title, onion: "crad-0", scale: 1) }
    }

    @Test func librarySweepIsWhatSweepWrites() throws {
        let dir = try temporaryFolder()
        let renderer = try Renderer()
        let path = Paths.scenes + "/swipe-stack.json"
        let template = try SceneDecoder().template(file: path)
        let axes = try ["drag.width=-150...150", "drag.height=-20...20"].map {
            try SweepAxis(parsing: $0, steps: 3, schema: template.schema, file: path)
        }
        let cli = try run(
            [
                "sweep", path, "--vary", "drag.width=-150...150", "--vary", "drag.height=-20...20", "--steps", "3", "--still", "dragging-right",
                "--scale", "1", "-q"
            ]
                + ["-o", dir + "/cli.png"])
        #expect(cli.status == 0, "\(cli.err)")
        let sweep = try renderer.writeSweep(
            of: template, axes: axes, still: "dragging-right", name: "swipe-stack",
            output: SheetOutput(renderer: renderer, scale: 1, outputFormat: .png), to: dir + "/library.png")
        #expect(try bytes(dir + "/library.png") == (try bytes(dir + "/cli.png")))
        #expect(sweep.states == 9)
        let image = try PNGCodec.decode(try bytes(dir + "/library.png"))
        #expect(image.width == sweep.width && image.height == sweep.height)
        // Refused as the command refuses them.
        #expect(throws: ProofsheetError.self) {
            try renderer.writeSweep(
                of: template, axes: [axes[0], axes[0]], name: "x", output: SheetOutput(renderer: renderer, scale: 1, outputFormat: .png),
                to: dir + "/x.png")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }

    /// A view the timeline brings in later can be followed: plotted from the instant it
    /// appears (no value before), and drawn as an onion; one no instant shows is refused,
    /// naming the views there are.
    @Test func aViewThatAppearsLaterCanBeFollowed() throws {
        let template = try SceneDecoder().template(
            bytes: Array(
                """
                {"canvas": {"width": 60, "height": 40}, "state": {"shown": false, "x": 0},
                 "timelines": {"t": [{"at": 0.1, "set": {"shown": true}}, {"at": 0.2, "withAnimation": "linear(duration: 0.2)", "set": {"x": 20}}]},
                 "root": {"type": "ZStack", "children": [{"type": "Color", "color": "white", "modifiers": [{"id": "back"}]},
                   {"type": "If", "condition": "$shown", "then": {"type": "Circle", "fill": "blue", "modifiers": [
                     {"frame": {"width": 10, "height": 10}}, {"offset": {"x": "$x"}}, {"id": "late"}]}}]}}
                """.utf8), file: "late.json")
        let renderer = try Renderer()
        let run = try renderer.run(of: template, timeline: "t")
        let strip = try renderer.strip(
            of: run, title: "late", instants: .at([0, 0.15, 0.3, 0.45]), onion: "late", plot: [try PlottedProperty(parsing: "#late.offset.x")],
            scale: 1, format: .svg)
        let svg = String(decoding: strip.bytes, as: UTF8.self)
        #expect(strip.frames == 4 && svg.contains("onion-now"))
        let again = try renderer.run(of: template, timeline: "t")
        #expect {
            try renderer.strip(of: again, title: "late", onion: "lat", scale: 1)
        } throws: { e in
            let message = (e as? ProofsheetError)?.message ?? ""
            return message.contains("no view has the id 'lat' at any instant") && (e as? ProofsheetError)?.hint?.contains("'late'") == false
                && (e as? ProofsheetError)?.hint?.contains("back") == true
        }
    }

    /// The preview of `throw-right` over its first second in `format`, written by the library.
    func libraryPreview(_ format: AnimatedPreviewFormat, to path: String) throws -> AnimatedPreview {
        let renderer = try Renderer()
        return try renderer.writeAnimatedPreview(
            of: try swipeRun(renderer, scale: 1, retention: .latest), format: format, span: .seconds(1), to: path)
    }

    @Test func eachAnimatedPreviewFormatWritesAFileItsReaderTakes() throws {
        let dir = try temporaryFolder()
        // Two frames, the second a square moved: a changed rectangle, then the end.
        let white = [UInt8](repeating: 255, count: 32 * 24 * 4)
        var moved = white
        for y in 4..<12 { for x in 6..<14 { for c in 0..<3 { moved[(y * 32 + x) * 4 + c] = c == 2 ? 255 : 0 } } }
        let a = try RGBAImage(width: 32, height: 24, pixels: white), b = try RGBAImage(width: 32, height: 24, pixels: moved)
        for (name, format) in [("p.png", AnimatedPreviewFormat.apng()), ("p.webp", .webp(lossless: true)), ("p.gif", .gif)] {
            var writer = try format.begin(width: 32, height: 24, writingTo: dir + "/" + name)
            #expect(!FileManager.default.fileExists(atPath: dir + "/" + name), "\(name) is there before it is finished")
            try writer.append(a, shownFrom: 0)
            try writer.append(b, shownFrom: 0.1)
            let size = try writer.finish(endingAt: 0.2)
            #expect(try bytes(dir + "/" + name).count == size)
            let read = try pillow(dir + "/" + name, frame: 1, into: dir + "/" + name + ".1.png")
            // Pillow does not give a WebP's timings: libwebp's own webpmux does.
            #expect(read.frames == 2 && (name == "p.webp" || read.durations == [100, 100]), "\(name): \(read)")
            if name == "p.webp", let webpmux = which("webpmux") {
                let info = try runProcess(webpmux, ["-info", dir + "/" + name]).out
                let durations = info.split(separator: "\n").compactMap { line -> Int? in
                    let f = line.split(separator: " ", omittingEmptySubsequences: true)
                    return f.count > 6 && f[0].hasSuffix(":") ? Int(f[6]) : nil
                }
                #expect(durations == [100, 100], "\(info)")
            }
            let second = try PNGCodec.decode(contentsOfFile: dir + "/" + name + ".1.png")
            #expect(second.pixels[(8 * 32 + 10) * 4 + 2] > 200 && second.pixels[(8 * 32 + 10) * 4] < 40, "\(name): the square is blue")
        }
        // The format a file's extension names.
        #expect(AnimatedPreviewFormat(path: "a/b.APNG").map { if case .apng = $0 { true } else { false } } == true)
        #expect(AnimatedPreviewFormat(path: "b.gif")?.defaultFPS == 25 && AnimatedPreviewFormat(path: "b.webp")?.defaultFPS == 30)
        #expect(AnimatedPreviewFormat(path: "b.mp4") == nil && AnimatedPreviewFormat(path: ".gif") == nil)
    }
}

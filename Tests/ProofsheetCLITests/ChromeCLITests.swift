import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet

/// `--chrome` and `--device-frame` on the command line: frames, check's golden names, and the
/// errors for what cannot be drawn.
@Suite("Device chrome (CLI)")
struct ChromeCLITests {
    func run(_ args: [String], cwd: String? = nil) throws -> (status: Int32, out: String, err: String) {
        try runProcess(CLITests.binary, args, cwd: cwd)
    }

    /// A white iPhone 14 screen with a square that a timeline moves.
    let timelineScene = """
        {"canvas": "iPhone 14", "state": {"x": 0},
         "timelines": {"move": [{"at": 0, "withAnimation": "linear(duration: 0.2)", "set": {"x": 50}}]},
         "root": {"type": "Rectangle", "fill": "blue", "modifiers": [{"frame": {"width": 40, "height": 40}}, {"offset": {"x": "=$x"}}]}}
        """

    @Test func framesWithChromeDrawTheStatusBar() throws {
        let dir = try temporaryFolder()
        let scene = dir + "/m.json"
        try timelineScene.write(toFile: scene, atomically: true, encoding: .utf8)
        let common = ["frames", scene, "--timeline", "move", "--scale", "1", "--fps", "10", "--duration", "0.2", "-q"]
        let on = try run(common + ["--chrome", "on", "-o", dir + "/on"])
        #expect(on.status == 0, "\(on.err)")
        let off = try run(common + ["-o", dir + "/off"])
        #expect(off.status == 0, "\(off.err)")
        for k in 0..<3 {
            let name = String(format: "/frame-%05d.png", k)
            let a = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/on" + name))))
            let b = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/off" + name))))
            // The home indicator's middle.
            #expect(a[x: 195, y: 833].r < 40, "frame \(k)")
            #expect(b[x: 195, y: 833].r == 255, "frame \(k)")
        }
        // A contact sheet's thumbnails carry the chrome too.
        let sheetOn = try run(["strip", scene, "--timeline", "move", "--at", "0", "--scale", "1", "--chrome", "on", "-q", "-o", dir + "/s-on.png"])
        let sheetOff = try run(["strip", scene, "--timeline", "move", "--at", "0", "--scale", "1", "-q", "-o", dir + "/s-off.png"])
        #expect(sheetOn.status == 0 && sheetOff.status == 0, "\(sheetOn.err)\(sheetOff.err)")
        let sheets = try ["/s-on.png", "/s-off.png"].map { try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: dir + $0)))) }
        #expect(sheets[0].width == sheets[1].width && sheets[0] != sheets[1])
        let instant = try run(["render", scene, "--timeline", "move", "--at", "0.1", "--scale", "1", "--chrome", "on", "-q", "-o", dir + "/at.png"])
        #expect(instant.status == 0, "\(instant.err)")
        #expect(try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/at.png"))))[x: 195, y: 833].r < 40)
    }

    @Test func checkNamesChromeGoldens() throws {
        let dir = try temporaryFolder()
        try #"{"canvas": "iPhone 14", "root": {"type": "Color", "color": "white"}}"#.write(
            toFile: dir + "/plain.json", atomically: true, encoding: .utf8)
        let r = try run(
            ["check", "plain.json", "--no-config", "--golden", "g", "--record", "missing", "--scale", "1", "--chrome", "on", "-q"], cwd: dir)
        #expect(r.status == 1, "\(r.err)")  // recorded
        #expect(FileManager.default.fileExists(atPath: dir + "/g/plain/default/iphone-14@1x+chrome.png"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/g/plain/default/iphone-14@1x.png"))
        // The plain golden is a different file; both pass against their own.
        let plain = try run(["check", "plain.json", "--no-config", "--golden", "g", "--record", "missing", "--scale", "1", "-q"], cwd: dir)
        #expect(plain.status == 1, "\(plain.err)")
        #expect(FileManager.default.fileExists(atPath: dir + "/g/plain/default/iphone-14@1x.png"))
        let again = try run(["check", "plain.json", "--no-config", "--golden", "g", "--record", "never", "--scale", "1", "--chrome", "on"], cwd: dir)
        #expect(again.status == 0, "\(again.err)")
        // The chrome golden is not the plain one: the images differ.
        let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/g/plain/default/iphone-14@1x+chrome.png"))
        let b = try Data(contentsOf: URL(fileURLWithPath: dir + "/g/plain/default/iphone-14@1x.png"))
        #expect(try PNGCodec.decode(Array(a)) != PNGCodec.decode(Array(b)))
    }

    @Test func projectConfigurationTurnsChromeOn() throws {
        let dir = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/scenes", withIntermediateDirectories: true)
        try #"{"canvas": "iPhone SE", "root": {"type": "Color", "color": "white"}}"#.write(
            toFile: dir + "/scenes/se.json", atomically: true, encoding: .utf8)
        try #"{"scenes": ["scenes/*.json"], "golden": "g", "scales": [1], "chrome": true}"#.write(
            toFile: dir + "/proofsheet.json", atomically: true, encoding: .utf8)
        let r = try run(["check", "--record", "missing", "-q"], cwd: dir)
        #expect(r.status == 1, "\(r.err)")  // recorded
        #expect(FileManager.default.fileExists(atPath: dir + "/g/scenes/se/default/iphone-se@1x+chrome.png"))
        // --chrome off wins over the configuration.
        _ = try run(["check", "--record", "missing", "--chrome", "off", "-q"], cwd: dir)
        #expect(FileManager.default.fileExists(atPath: dir + "/g/scenes/se/default/iphone-se@1x.png"))
        try #"{"scenes": ["scenes/*.json"], "golden": "g", "chrome": "yes"}"#.write(
            toFile: dir + "/proofsheet.json", atomically: true, encoding: .utf8)
        let bad = try run(["check", "-q"], cwd: dir)
        #expect(bad.status == 2 && bad.err.contains("proofsheet.json:1:") && bad.err.contains("chrome must be true or false"), "\(bad.err)")
    }

    @Test func badChromeOptionsAreUsageErrors() throws {
        let dir = try temporaryFolder()
        try timelineScene.write(toFile: dir + "/m.json", atomically: true, encoding: .utf8)
        try #"{"canvas": {"width": 100, "height": 100}, "root": {"type": "Color", "color": "white"}}"#.write(
            toFile: dir + "/c.json", atomically: true, encoding: .utf8)
        let bad = try run(["render", dir + "/m.json", "--chrome", "maybe", "-o", dir + "/x.png"])
        #expect(bad.status == 2 && bad.err.contains("--chrome 'maybe' is not on or off"))
        let custom = try run(["render", dir + "/c.json", "--chrome", "on", "-o", dir + "/x.png"])
        #expect(custom.status == 2 && custom.err.contains("--device"), "\(custom.err)")
        let timeline = try run(["render", dir + "/m.json", "--timeline", "move", "--at", "0", "--device-frame", "-o", dir + "/x.png"])
        // A scene asking for the frame is drawn without it on a timeline.
        try timelineScene.replacingOccurrences(of: #""canvas": "iPhone 14","#, with: #""canvas": "iPhone 14", "chrome": {"deviceFrame": true},"#)
            .write(toFile: dir + "/f.json", atomically: true, encoding: .utf8)
        let framed = try run(["render", dir + "/f.json", "--timeline", "move", "--at", "0", "--scale", "1", "-q", "-o", dir + "/f.png"])
        #expect(framed.status == 0, "\(framed.err)")
        let plain = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/f.png"))))
        #expect(plain.width == 390 && plain[x: 0, y: 0].a == 255)
        try FileManager.default.removeItem(atPath: dir + "/f.png")
        #expect(timeline.status == 2 && timeline.err.contains("--device-frame"), "\(timeline.err)")
        try #"{"canvas": "iPhone 14", "chrome": {"show": true, "content": "purple"}, "root": {"type": "Color", "color": "white"}}"#
            .write(toFile: dir + "/o.json", atomically: true, encoding: .utf8)
        let located = try run(["render", dir + "/o.json", "-o", dir + "/x.png"])
        #expect(located.status == 2 && located.err.contains("o.json:1:") && located.err.contains("chrome.content"), "\(located.err)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }

    @Test func sceneOptionTurnsChromeOnAndTheFlagOff() throws {
        let dir = try temporaryFolder()
        try #"{"canvas": "iPhone 14", "chrome": true, "root": {"type": "Color", "color": "white"}}"#.write(
            toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        let on = try run(["layout", dir + "/s.json"])
        #expect(on.status == 0 && on.out.contains("#statusBar") && on.out.contains("#homeIndicator"), "\(on.out)")
        let off = try run(["layout", dir + "/s.json", "--chrome", "off"])
        #expect(off.status == 0 && !off.out.contains("#statusBar"))
        // A canvas of its own size asking for chrome: shown on a device, it has it; alone, it
        // is an error (exit 2), not silently plain.
        try #"{"canvas": {"width": 200, "height": 300}, "chrome": true, "root": {"type": "Color", "color": "white"}}"#.write(
            toFile: dir + "/c.json", atomically: true, encoding: .utf8)
        let onDevice = try run(["layout", dir + "/c.json", "--device", "iPhone 16 Pro"])
        #expect(onDevice.status == 0 && onDevice.out.contains("#statusBar"), "\(onDevice.err)")
        let alone = try run(["layout", dir + "/c.json"])
        #expect(alone.status == 2 && alone.err.contains("--device"), "\(alone.err)")
        let framed = try run(["layout", dir + "/s.json", "--device-frame"])
        #expect(framed.status == 0 && framed.out.hasPrefix("deviceFrame (0, 0, 418, 872)"), "\(framed.out)")
    }
}

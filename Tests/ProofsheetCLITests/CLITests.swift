import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout

/// The built `proofsheet` binary: help, exit codes, located errors, no output on failure.
@Suite("CLI")
struct CLITests {
    static var binary: String { Paths.binary }

    func run(_ args: [String], cwd: String? = nil) throws -> (status: Int32, out: String, err: String) {
        try runProcess(Self.binary, args, cwd: cwd)
    }

    /// Writes a scene file and returns its path.
    func sceneFile(_ json: String, in dir: String, name: String = "s.json") throws -> String {
        let p = dir + "/" + name
        try json.write(toFile: p, atomically: true, encoding: .utf8)
        return p
    }

    func scene(_ root: String) -> String { "{\n  \"canvas\": {\"width\": 40, \"height\": 30},\n  \"root\": \(root)\n}\n" }

    @Test func helpAndVersion() throws {
        let h = try run(["--help"])
        #expect(h.status == 0)
        #expect(h.out.contains("USAGE: proofsheet <command>"))
        for c in ["render", "layout", "symbols", "devices"] {
            let r = try run([c, "--help"])
            #expect(r.status == 0, "\(c) --help")
            #expect(r.out.contains("USAGE: proofsheet \(c)"), "\(c) --help")
        }
        let v = try run(["--version"])
        #expect(v.status == 0 && v.out.hasPrefix("proofsheet "))
    }

    @Test func unknownCommandAndOptionAreUsageErrors() throws {
        let a = try run(["rendr"])
        #expect(a.status == 2)
        #expect(a.err.contains("did you mean 'render'?"))
        let b = try run(["render", "--bogus", "x.json"])
        #expect(b.status == 2)
        #expect(b.err.contains("unknown option '--bogus'"))
        let c = try run(["render"])
        #expect(c.status == 2)
    }

    @Test func rendersAPNGOfTheRightSize() throws {
        let dir = try temporaryFolder()
        let s = try sceneFile(scene("{\"type\": \"Color\", \"color\": \"red\"}"), in: dir)
        let r = try run(["render", s, "--scale", "2", "-o", dir + "/out.png"])
        #expect(r.status == 0, "\(r.err)")
        let img = try RGBAImage(decoding: [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/out.png"))), source: "out")
        #expect(img.width == 80 && img.height == 60)
        #expect(Array(img.pixels[0..<4]) == [255, 59, 48, 255])
    }

    @Test func defaultOutputGoesToOutputFolder() throws {
        let dir = try temporaryFolder()
        let s = try sceneFile(scene("{\"type\": \"Color\", \"color\": \"red\"}"), in: dir, name: "red.json")
        let r = try run(["render", s, "--format", "svg", "--format", "pdf"], cwd: dir)
        #expect(r.status == 0, "\(r.err)")
        #expect(FileManager.default.fileExists(atPath: dir + "/Output/red.svg"))
        #expect(FileManager.default.fileExists(atPath: dir + "/Output/red.pdf"))
        #expect(r.err.contains("wrote Output/red.svg"))
    }

    @Test func sameBytesInTwoProcesses() throws {
        let dir = try temporaryFolder()
        let deck = Paths.scenes + "/travel-deck.json"
        for ext in ["png", "svg", "pdf"] {
            _ = try run(["render", deck, "--scale", "1", "-q", "-o", dir + "/a.\(ext)"])
            _ = try run(["render", deck, "--scale", "1", "-q", "-o", dir + "/b.\(ext)"])
            let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/a.\(ext)"))
            let b = try Data(contentsOf: URL(fileURLWithPath: dir + "/b.\(ext)"))
            #expect(!a.isEmpty && a == b, "\(ext) differs between two processes")
        }
    }

    /// Bad inputs: each exits 2 with a located message and writes no file (and leaves an
    /// existing one untouched).
    @Test(arguments: [
        ("{\"canvas\": {\"width\": 40, \"height\": 30}, \"root\": {\"type\": \"Text\" \"text\": \"a\"}}", "s.json:1:", "expected ',' or '}'"),
        ("{\"canvas\": {\"width\": 40, \"height\": 30},\n \"root\": {\"type\": \"Stack\"}}", "s.json:2:", "unknown view type 'Stack'"),
        (
            "{\"canvas\": {\"width\": 40, \"height\": 30},\n \"root\": {\"type\": \"Color\", \"color\": \"red\", \"modifiers\": [{\"pading\": 2}]}}",
            "$.root.modifiers[0].pading", "did you mean 'padding'?"
        ),
        (
            "{\"canvas\": {\"width\": 40, \"height\": 30},\n \"root\": {\"type\": \"Text\", \"text\": 5}}", "$.root.text",
            "expected a string, got a number"
        ),
        (
            "{\"canvas\": {\"width\": 40, \"height\": 30},\n \"root\": {\"type\": \"Image\", \"name\": \"no-such-photo\"}}", "$.root.name",
            "image 'no-such-photo' not found"
        ),
        (
            "{\"canvas\": {\"width\": 40, \"height\": 30},\n \"root\": {\"type\": \"Image\", \"systemName\": \"hearts\"}}", "$.root.systemName",
            "unknown symbol 'hearts'"
        ),
        ("{\"canvas\": \"iPhone 99\", \"root\": {\"type\": \"EmptyView\"}}", "$.canvas", "unknown device 'iPhone 99'"),
        ("{\"canvas\": {\"width\": -40, \"height\": 30}, \"root\": {\"type\": \"EmptyView\"}}", "$.canvas.width", "out of range"),
        ("{\"canvas\": {\"width\": 40, \"height\": 1e999}, \"root\": {\"type\": \"EmptyView\"}}", "$.canvas.height", "out of range"),
        ("{\"canvas\": {\"width\": 1e6, \"height\": 1e5}, \"root\": {\"type\": \"EmptyView\"}}", "$.canvas.width", "out of range"),
        ("{\"canvas\": {\"width\": 40, \"height\": 30}, \"scale\": 50, \"root\": {\"type\": \"EmptyView\"}}", "$.scale", "scale 50 is out of range"),
        (
            "{\"canvas\": {\"width\": 40, \"height\": 30},\n \"root\": {\"type\": \"Color\", \"color\": \"red\", \"modifiers\": [{\"blur\": \"NaN\"}]}}",
            "$.root.modifiers[0].blur", "expected a number"
        )
    ])
    func badInputIsLocatedAndWritesNothing(json: String, location: String, message: String) throws {
        let dir = try temporaryFolder()
        let s = try sceneFile(json, in: dir)
        let existing = dir + "/keep.png"
        try Data("old".utf8).write(to: URL(fileURLWithPath: existing))
        for out in [dir + "/new.png", existing] {
            let r = try run(["render", s, "-o", out])
            #expect(r.status == 2, "\(r.err)")
            #expect(r.err.contains(location), "\(r.err)")
            #expect(r.err.contains(message), "\(r.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/new.png"))
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "old")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func unknownDeviceOptionAndBadScale() throws {
        let dir = try temporaryFolder()
        let s = try sceneFile(scene("{\"type\": \"EmptyView\"}"), in: dir)
        let a = try run(["render", s, "--device", "Pixel 7", "-o", dir + "/a.png"])
        #expect(a.status == 2 && a.err.contains("unknown device 'Pixel 7'") && a.err.contains("'iPhone 14'"))
        let b = try run(["render", s, "--scale", "NaN", "-o", dir + "/a.png"])
        #expect(b.status == 2 && b.err.contains("--scale"))
        let c = try run(["render", s, "-o", dir + "/a.gif"])
        #expect(c.status == 2 && c.err.contains(".png, .svg or .pdf"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/a.png"))
    }

    @Test func missingAndNonSceneFiles() throws {
        let dir = try temporaryFolder()
        let a = try run(["render", dir + "/nope.json", "-o", dir + "/a.png"])
        #expect(a.status == 2 && a.err.contains("no such file"))
        let b = try run(["render", dir, "-o", dir + "/a.png"])
        #expect(b.status == 2 && b.err.contains("is a folder"))
        let bin = try sceneFile("\u{0}\u{1}garbage", in: dir)
        let c = try run(["render", bin, "-o", dir + "/a.png"])
        #expect(c.status == 2 && c.err.contains("s.json:1:1"))
    }

    @Test func corruptImageAssetIsBadInput() throws {
        let dir = try temporaryFolder()
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: dir + "/broken.png"))
        let s = try sceneFile(scene("{\"type\": \"Image\", \"name\": \"broken\"}"), in: dir)
        let r = try run(["render", s, "-o", dir + "/a.png"])
        #expect(r.status == 2, "\(r.err)")
        #expect(r.err.contains("cannot be decoded"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/a.png"))
    }

    @Test func layoutCommandPrintsFrames() throws {
        let r = try run(["layout", Paths.scenes + "/travel-deck.json"])
        #expect(r.status == 0)
        #expect(r.out.contains("ZStack #deck (0, 127, 390, 540)"))
    }

    @Test func layoutJSONHasIdentitiesAndExactFrames() throws {
        let dir = try temporaryFolder()
        let s = try sceneFile(
            """
            {"canvas": {"width": 100, "height": 50}, "root": {"type": "VStack", "spacing": 0, "children": [
              {"type": "Color", "color": "red", "modifiers": [{"frame": {"width": 10, "height": 10.25}}, {"offset": {"x": 3}}, {"id": "box"}]},
              {"type": "If", "condition": false, "then": {"type": "Text", "text": "x"}},
              {"type": "Color", "color": "blue", "modifiers": [{"frame": {"width": 20, "height": 10}}]}]}}
            """, in: dir)
        let r = try run(["layout", "--json", s])
        #expect(r.status == 0, "\(r.err)")
        // Keys in a fixed order.
        #expect(r.out.hasPrefix("{\n  \"identity\": \"/\",\n  \"name\": \"VStack\",\n  \"frame\": "))
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(root["identity"] as? String == "/")
        let children = try #require(root["children"] as? [[String: Any]])
        // The offset (modifier 1 of child 0) carries the id; the colour after the If is child 2.
        #expect(children.map { $0["identity"] as? String } == ["/0:1", "/2:0"])
        let box = children[0]
        #expect(box["id"] as? String == "box" && box["name"] as? String == "offset")
        // 20.25 tall, centred in 50: y = 14.875, not snapped (the plain layout says 15).
        let frame = try #require(box["frame"] as? [String: Double])
        #expect(frame == ["x": 45, "y": 14.875, "width": 10, "height": 10.25])
        #expect((box["effects"] as? [String: Any])?["offset"] as? [String: Double] == ["x": 3, "y": 0])
        let inner = try #require((box["children"] as? [[String: Any]])?.first)
        #expect(inner["identity"] as? String == "/0:0" && inner["effects"] == nil)
        let plain = try run(["layout", s])
        #expect(plain.out.contains("offset #box (45, 15, 10, 10)"))
        let render = try run(["render", "--json", s, "-o", dir + "/a.png"])
        #expect(render.status == 2 && render.err.contains("--json"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/a.png"))
    }

    @Test func oneBadSceneMeansNoOutputAtAll() throws {
        let dir = try temporaryFolder()
        let good = try sceneFile(scene("{\"type\": \"Color\", \"color\": \"red\"}"), in: dir, name: "good.json")
        let bad = try sceneFile(scene("{\"type\": \"Image\", \"name\": \"missing-photo\"}"), in: dir, name: "bad.json")
        let r = try run(["render", good, bad, "--out-dir", dir + "/out"])
        #expect(r.status == 2)
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }

    /// Several scenes: every bad one is reported, each error at its place, and nothing is
    /// written; the count covers them all.
    @Test func everyBadSceneIsReportedAtOnce() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let good = try sceneFile(scene("{\"type\": \"Color\", \"color\": \"red\"}"), in: dir, name: "good.json")
        let one = try sceneFile(
            scene("{\"type\": \"VStack\", \"children\": [{\"type\": \"Txt\"}, {\"type\": \"Spacr\"}]}"), in: dir, name: "one.json")
        let two = try sceneFile(scene("{\"type\": \"Colr\"}"), in: dir, name: "two.json")
        let r = try run(["render", one, good, two, "--out-dir", dir + "/out"])
        #expect(r.status == 2)
        #expect(r.err.contains("one.json:3:52") && r.err.contains("one.json:3:69") && r.err.contains("two.json:3:20"), "\(r.err)")
        #expect(r.err.hasSuffix("3 errors in all\n"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }

    @Test func extremeButValidEffectsRender() throws {
        let dir = try temporaryFolder()
        let s = try sceneFile(
            scene(
                """
                {"type": "VStack", "children": [
                  {"type": "Color", "color": "red", "modifiers": [{"scaleEffect": 0}]},
                  {"type": "Color", "color": "blue", "modifiers": [{"frame": {"width": 10, "height": 10}}, {"blur": 500}]},
                  {"type": "Image", "name": "yosemite-usa", "resizable": true, "modifiers": [{"frame": {"width": 100000, "height": 100000}}]}]}
                """), in: dir)
        let r = try run(["render", s, "--scale", "3", "-o", dir + "/a.png"])
        #expect(r.status == 0, "\(r.err)")
        #expect(FileManager.default.fileExists(atPath: dir + "/a.png"))
    }
}

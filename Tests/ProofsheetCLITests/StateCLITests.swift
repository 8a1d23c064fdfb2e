import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet

/// States from the command line: `--set`, `--still`, `--all-stills`, `stills`, `--jobs`.
extension CLITests {
    /// A 40×30 scene whose state moves and colours a square, with three stills.
    var stateScene: String {
        """
        {
          "canvas": {"width": 40, "height": 30},
          "state": {"drag": {"type": "size?"}, "tint": {"type": "color", "default": "blue"}},
          "stills": {"rest": {}, "right": {"drag": {"width": 10, "height": 0}}, "red": {"tint": "red"}},
          "root": {"type": "Rectangle", "fill": "$tint", "modifiers": [{"frame": {"width": 10, "height": 10}}, {"offset": {"x": "=$drag.width ?? 0"}}]}
        }
        """
    }

    func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test func allStillsWritesOneFilePerStillAndTheSameBytesAtAnyJobCount() throws {
        let dir = try temporaryFolder()
        let s = try sceneFile(stateScene, in: dir, name: "card.json")
        let one = try run(["render", s, "--all-stills", "--out-dir", dir + "/j1", "--jobs", "1", "--format", "png", "--format", "svg"])
        let two = try run(["render", s, "--all-stills", "--out-dir", dir + "/j2", "-j", "2", "--format", "png", "--format", "svg"])
        #expect(one.status == 0 && two.status == 0, "\(one.err)\(two.err)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/j1").sorted()
        #expect(names == ["card.red.png", "card.red.svg", "card.rest.png", "card.rest.svg", "card.right.png", "card.right.svg"])
        for n in names { #expect(try bytes(dir + "/j1/" + n) == bytes(dir + "/j2/" + n), "\(n) differs between --jobs 1 and 2") }
        // A still, and the same state given with --set, are the same image.
        let set = try run(["render", s, "--set", "drag=10,0", "-o", dir + "/set.png"])
        #expect(set.status == 0, "\(set.err)")
        #expect(try bytes(dir + "/set.png") == bytes(dir + "/j1/card.right.png"))
        #expect(try bytes(dir + "/j1/card.rest.png") != bytes(dir + "/j1/card.right.png"))
    }

    @Test func setAndStillReachLayout() throws {
        let dir = try temporaryFolder()
        let s = try sceneFile(stateScene, in: dir)
        let rest = try run(["layout", s, "--still", "rest"])
        let moved = try run(["layout", s, "--still", "rest", "--set", "drag.width=12"])
        #expect(rest.status == 0 && moved.status == 0)
        // offset changes drawing, not layout: the frames are the same, the display list is not.
        #expect(rest.out == moved.out)
        let list = try run(["render", s, "--display-list", "--set", "drag.width=12"])
        #expect(list.out.contains("transform(1 0 0 1 12 0)"), "\(list.out)")
        let all = try run(["layout", s, "--all-stills"])
        #expect(all.out.components(separatedBy: "# ").count == 4, "\(all.out)")
        #expect(all.out.contains("[right]"))
    }

    @Test func badStatesAreUsageErrorsThatWriteNothing() throws {
        let dir = try temporaryFolder()
        let s = try sceneFile(stateScene, in: dir)
        for args in [
            ["--set", "drag=wide"], ["--set", "tnt=red"], ["--still", "left"], ["--still", "Rest"], ["--all-stills", "-o", dir + "/x.png"]
        ] {
            let r = try run(["render", s, "--out-dir", dir + "/out"] + args)
            #expect(r.status == 2, "\(args): \(r.err)")
            #expect(r.err.hasPrefix("proofsheet: "), "\(args)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/out"), "\(args) wrote output")
        }
        let unknown = try run(["render", s, "--set", "tnt=red", "--out-dir", dir + "/out"])
        #expect(unknown.err.contains("did you mean 'tint'?"))
        #expect(unknown.err.contains("drag: size? = unset"))
    }

    @Test func stillsListsStateAndStills() throws {
        let dir = try temporaryFolder()
        let s = try sceneFile(stateScene, in: dir)
        let r = try run(["stills", s])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("drag: size? = unset"))
        #expect(r.out.contains("tint: color = blue"))
        #expect(r.out.contains("right  drag=10,0"))
        let help = try run(["stills", "--help"])
        #expect(help.out.contains("USAGE: proofsheet stills"))
    }
}

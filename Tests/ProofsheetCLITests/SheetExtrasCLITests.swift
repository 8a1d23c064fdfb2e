import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetImage

/// `strip`'s extras and `sweep` through the binary.
extension CLITests {
    @Test func stripExtrasAndTheirErrors() throws {
        let dir = try temporaryFolder()
        let scene = Paths.scenes + "/swipe-stack.json"
        let common = ["strip", scene, "--timeline", "throw-right", "--scale", "1", "--thumb-scale", "0.2", "--at", "0,0.25,0.4", "-q"]
        let svg = try run(common + ["--onion", "card-0", "--touches", "--plot", "#card-0.rotation,#card-0.offset.x", "-o", dir + "/x.svg"])
        #expect(svg.status == 0, "\(svg.err)")
        let text = String(decoding: try bytes(dir + "/x.svg"), as: UTF8.self)
        // Ghosts on the second and third thumbnails (one, then two), the plot's headings.
        // (A vector output makes repeated names unique: onion-1, onion-1-2.)
        #expect(text.components(separatedBy: "id=\"onion-1").count - 1 == 2)
        #expect(text.components(separatedBy: "id=\"onion-2").count - 1 == 1)
        #expect(text.components(separatedBy: "id=\"onion-3").count - 1 == 0)
        #expect(text.contains("#card-0.rotation") && text.contains("#card-0.offset.x"))
        // The streamed PNG of the same sheet, with the overlay of every instant.
        let overlay = try run(common + ["--onion", "card-0", "--onion-overlay", "-o", dir + "/o.png"])
        #expect(overlay.status == 0, "\(overlay.err)")
        let o = try PNGCodec.decode(try bytes(dir + "/o.png"))
        #expect(try run(common.filter { $0 != "0,0.25,0.4" && $0 != "--at" } + ["--at", "0", "-o", dir + "/one.png"]).status == 0)
        let one = try PNGCodec.decode(try bytes(dir + "/one.png"))
        #expect(o.height == one.height, "one frame, not a grid")
        for (bad, says) in [
            (["--plot", "#crad-0.offset.x"], "did you mean 'card-0'"), (["--plot", "#card-0.ofset.x"], "did you mean 'offset.x'"),
            (["--plot", "card-0"], "expected #VIEW.PROPERTY"), (["--onion", "crad-0"], "did you mean 'card-0'"),
            (["--onion-overlay"], "give --onion VIEW")
        ] {
            let r = try run(common + bad + ["-o", dir + "/bad.png"])
            #expect(r.status == 2 && r.err.contains(says), "\(bad): \(r.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/bad.png"))
    }

    @Test func sweepLabelsEachValueAndRefusesBadRanges() throws {
        let dir = try temporaryFolder()
        let scene = Paths.scenes + "/swipe-stack.json"
        let common = ["sweep", scene, "--scale", "1", "--thumb-scale", "0.2", "-q"]
        let one = try run(common + ["--vary", "drag.width=-120...120", "--steps", "3", "-o", dir + "/one.svg"])
        #expect(one.status == 0, "\(one.err)")
        let text = String(decoding: try bytes(dir + "/one.svg"), as: UTF8.self)
        #expect(text.contains("sweep drag.width from -120 to 120"))
        let labels = text.components(separatedBy: "<tspan").compactMap { $0.split(separator: ">").dropFirst().first?.split(separator: "<").first }
        #expect(labels.filter { ["-120", "0", "120"].contains($0) } == ["-120", "0", "120"], "\(labels)")
        // The top card tilts 25° per 300 pt: -10° and 10° at the ends.
        #expect(text.contains("rotate(-10") || text.contains("matrix(0.984808"), "the card's tilt at -120")
        // Two values: a grid, the first across.
        let grid = try run(common + ["--vary", "drag.width=-120...120", "--vary", "drag.height=0...40", "--steps", "2", "-o", dir + "/g.png"])
        #expect(grid.status == 0, "\(grid.err)")
        let g = try PNGCodec.decode(try bytes(dir + "/g.png"))
        let single = try run(common + ["--vary", "drag.width=-120...120", "--steps", "2", "-o", dir + "/s.png"])
        #expect(single.status == 0)
        let s = try PNGCodec.decode(try bytes(dir + "/s.png"))
        #expect(g.height > s.height + 100, "two rows")
        for (bad, says) in [
            (["--vary", "drgg.width=0...1"], "did you mean 'drag.width'"), (["--vary", "items=0...1"], "not a number of the state"),
            (["--vary", "drag.width=1...1"], "the range is empty"), (["--vary", "drag.width=0..1"], "expected NAME=FROM...TO"),
            (["--vary", "drag.width=0...1", "--steps", "1"], "--steps"), (["--vary", "drag.width=0...1", "--steps", "100000"], "--steps"),
            (["--vary", "drag.width=0...1", "--vary", "drag.height=0...1", "--vary", "drag.width=0...2"], "one or two"), ([], "needs --vary")
        ] {
            let r = try run(common + bad + ["-o", dir + "/bad.png"])
            #expect(r.status == 2 && r.err.contains(says), "\(bad): \(r.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/bad.png"))
        let help = try run(["sweep", "--help"])
        #expect(help.status == 0 && help.out.contains("USAGE: proofsheet sweep"))
    }
}

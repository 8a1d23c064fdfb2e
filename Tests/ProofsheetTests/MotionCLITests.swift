import Foundation
import Testing
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
        #expect(object["duration"] as? Double == 0.4)
        let samples = try #require(object["samples"] as? [[String: Double]])
        #expect(samples.map { $0["t"]! } == [0, 0.1, 0.2, 0.3, 0.4])
        #expect(samples.first?["value"] == 0 && samples.last?["value"] == 1)
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

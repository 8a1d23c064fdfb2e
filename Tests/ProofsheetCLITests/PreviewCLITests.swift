import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetPreview

/// `proofsheet preview` as a user runs it: the binary serving a scene folder, a real browser
/// (headless Chromium over the DevTools protocol) loading the page, playing and scrubbing a
/// timeline, and seeing a saved change, a mistake and a deleted file; and the server's rules
/// (loopback, the token, no path from a request reaching the disk) checked over a socket.
@Suite("preview", .serialized)
struct PreviewCLITests {
    /// A 120×80 card: a dot that slides right at 0.1 s, on `ground`.
    static func card(ground: String = "#2050C0") -> String {
        """
        {"canvas": {"width": 120, "height": 80}, "background": "\(ground)",
         "state": {"x": {"type": "number", "default": -40}},
         "stills": {"rest": {}, "right": {"x": 40}},
         "timelines": {"slide": [{"at": 0.1, "set": {"x": 40}}]},
         "root": {"type": "Circle", "fill": "#F0A020", "modifiers": [
           {"frame": {"width": 24, "height": 24}}, {"offset": {"x": "$x"}}, {"animation": "easeInOut(duration: 0.4)"}]}}
        """
    }

    /// A running `proofsheet preview` of `args` in `dir`, and its address.
    final class Server {
        let process = Process()
        let address: String
        var port: Int { Int(address.split(separator: ":")[2].split(separator: "/")[0])! }
        var token: String { String(address.split(separator: "=").last!) }

        init(_ dir: String, _ args: [String]) throws {
            process.executableURL = URL(fileURLWithPath: CLITests.binary)
            process.arguments = ["preview"] + args
            process.currentDirectoryURL = URL(fileURLWithPath: dir)
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The first line names the address.
            var text = ""
            let deadline = Date().addingTimeInterval(60)
            while !text.contains("\n") && Date() < deadline {
                let data = out.fileHandleForReading.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
            }
            address = String(try #require(text.split(separator: " ").last { $0.hasPrefix("http://127.0.0.1:") }).split(separator: "\n")[0])
        }

        deinit {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// A GET of `target` on 127.0.0.1:`port` with the `Host` header `host`: the status and body.
    static func get(port: Int, _ target: String, host: String? = nil) throws -> (status: Int, body: [UInt8]) {
        try HTTPServer.get(port: port, target, host: host)
    }

    func folder() throws -> String {
        let dir = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/scenes", withIntermediateDirectories: true)
        try Self.card().write(toFile: dir + "/scenes/card.json", atomically: true, encoding: .utf8)
        // Not a scene: a folder's other JSON files are left out.
        try #"{"components": {}}"#.write(toFile: dir + "/scenes/notes.json", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func theServerKeepsToItsRules() throws {
        let dir = try folder()
        let server = try Server(dir, ["scenes", "--scale", "1"])
        let t = server.token
        #expect(try Self.get(port: server.port, "/?token=\(t)").status == 200)
        let state = try Self.get(port: server.port, "/state?token=\(t)")
        #expect(state.status == 200)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(state.body)) as? [String: Any])
        let scenes = try #require(json["scenes"] as? [[String: Any]])
        #expect(scenes.map { $0["file"] as? String } == ["scenes/card.json"])
        // A still is a PNG of the scene's size.
        let still = try Self.get(port: server.port, "/still?s=0&d=0&k=1&token=\(t)")
        #expect(still.status == 200)
        #expect(try RGBAImage(decoding: still.body, source: "still").size == ImageSize(width: 120, height: 80))
        // No token, a wrong one, another host (DNS rebinding), a path, a method: refused.
        #expect(try Self.get(port: server.port, "/state").status == 403)
        #expect(try Self.get(port: server.port, "/state?token=\(t.dropLast())\(t.last == "0" ? "1" : "0")").status == 403)
        #expect(try Self.get(port: server.port, "/state?token=\(t)", host: "evil.example:\(server.port)").status == 421)
        for target in [
            "/../scenes/card.json?token=\(t)", "/scenes/card.json?token=\(t)", "/still?s=0&d=0&k=99&token=\(t)",
            "/still?s=-1&d=0&k=0&token=\(t)", "/frame?s=0&d=0&t=0&ms=99999999999&token=\(t)", "/etc/passwd?token=\(t)"
        ] {
            let r = try Self.get(port: server.port, target)
            #expect(r.status == 404, "\(target): \(r.status)")
            #expect(!String(decoding: r.body, as: UTF8.self).contains("canvas"), "\(target)")
        }
        // Clients that send half a request and wait do not keep the others out.
        var slow: [Int32] = []
        defer { slow.forEach { close($0) } }
        for _ in 0..<80 {
            let fd = try HTTPServer.connect(port: server.port)
            _ = "GET /".withCString { send(fd, $0, 5, 0) }
            slow.append(fd)
        }
        #expect(try Self.get(port: server.port, "/state?token=\(t)").status == 200)
        // A frame past the end is the end's.
        let end = try Self.get(port: server.port, "/frame?s=0&d=0&t=0&ms=3600000&token=\(t)")
        #expect(end.status == 200)
        // It listens on the loopback interface only.
        let listening = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8).split(separator: "\n").filter {
            $0.contains(String(format: ":%04X ", server.port)) && $0.contains(" 0A ")
        }
        #expect(listening.count == 1 && listening[0].contains("0100007F:"), "\(listening)")
    }

    @Test func devicesAndVariantsAreShownSideBySide() throws {
        let dir = try folder()
        let server = try Server(
            dir,
            [
                "scenes/card.json", "--color-scheme", "light", "--color-scheme", "dark", "--device", "iPhone SE", "--device", "iPhone 14", "--scale",
                "1"
            ])
        let state = try Self.get(port: server.port, "/state?token=\(server.token)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(state.body)) as? [String: Any])
        let views = try #require((json["scenes"] as? [[String: Any]])?.first?["views"] as? [[String: Any]])
        #expect(
            views.map { $0["device"] as? String } == [
                "iPhone SE @1x · light", "iPhone SE @1x · dark", "iPhone 14 @1x · light", "iPhone 14 @1x · dark"
            ],
            "\(views)")
        // Each on its device's screen.
        let se = try RGBAImage(decoding: try Self.get(port: server.port, "/still?s=0&d=1&k=0&token=\(server.token)").body, source: "se")
        let fourteen = try RGBAImage(decoding: try Self.get(port: server.port, "/still?s=0&d=3&k=0&token=\(server.token)").body, source: "14")
        #expect(se.size == ImageSize(width: 375, height: 667) && fourteen.size == ImageSize(width: 390, height: 844))
    }

    @Test func aBrowserPlaysScrubsAndSeesEverySave() throws {
        let dir = try folder()
        let server = try Server(dir, ["scenes"])
        let browser = try DevToolsBrowser()
        try browser.open(server.address)
        // Both stills drawn; the timeline's player ready with its key instants.
        try browser.waitFor(
            "document.querySelectorAll('img.still').length === 2 && [...document.querySelectorAll('img.still')].every(i => i.complete && i.naturalWidth === 240)"
        )
        try browser.waitFor("document.querySelector('.player input[type=range]').max > 0")
        let marks = try browser.evaluate("[...document.querySelectorAll('.player .marks span')].map(m => Number(m.dataset.ms))") as? [Int]
        #expect(marks?.first == 0 && (marks?.count ?? 0) >= 4, "\(marks ?? [])")
        // Play: the player moves on by itself; pause.
        try browser.evaluate("document.querySelector('.player button.play').click()")
        try browser.waitFor("Number(document.querySelector('.player').dataset.shown) > 0")
        try browser.evaluate("document.querySelector('.player button.play').click()")
        #expect(try browser.evaluate("document.querySelector('.player button.play').textContent") as? String == "Play")
        // Scrub to 350 ms: that millisecond's frame is shown.
        try browser.evaluate(
            "(() => { const r = document.querySelector('.player input[type=range]'); r.value = 350; r.dispatchEvent(new Event('input')); })()")
        try browser.waitFor("document.querySelector('.player').dataset.shown === '350'")
        // Speed choices.
        #expect(
            try browser.evaluate("[...document.querySelectorAll('.player select option')].map(o => o.value).join(' ')") as? String == "0.25 0.5 1 2")

        // The ground's colour at the still's corner, as the page shows it.
        let corner = """
            (() => { const i = document.querySelector('img.still'); if (!i || !i.complete || !i.naturalWidth) return ''; const c = document.createElement('canvas');
              c.width = i.naturalWidth; c.height = i.naturalHeight; const g = c.getContext('2d'); g.drawImage(i, 0, 0);
              return [...g.getImageData(2, 2, 1, 1).data].slice(0, 3).join(','); })()
            """
        try browser.waitFor("\(corner) === '32,80,192'")
        // A save: the page redraws the still in the new colour.
        let version = try #require(try browser.evaluate("Number(document.body.dataset.version)") as? Int)
        try Self.card(ground: "#C02050").write(toFile: dir + "/scenes/card.json", atomically: true, encoding: .utf8)
        try browser.waitFor("Number(document.body.dataset.version) > \(version)")
        try browser.waitFor("\(corner) === '192,32,80'")

        // A component it imports from a folder below is saved: the page redraws too.
        let imported = Self.card(ground: "#C02050").replacingOccurrences(
            of: "\"root\": {\"type\": \"Circle\"", with: "\"import\": [\"Parts/dot.json\"], \"root\": {\"type\": \"Dot\""
        )
        .replacingOccurrences(of: ", \"fill\": \"#F0A020\"", with: "")
        func dot(_ fill: String) -> String {
            #"{"components": {"Dot": {"body": {"type": "Circle", "fill": "\#(fill)"}}}}"#
        }
        try FileManager.default.createDirectory(atPath: dir + "/scenes/Parts", withIntermediateDirectories: true)
        try dot("#F0A020").write(toFile: dir + "/scenes/Parts/dot.json", atomically: true, encoding: .utf8)
        try imported.write(toFile: dir + "/scenes/card.json", atomically: true, encoding: .utf8)
        try browser.waitFor("document.querySelector('pre.error') === null && Number(document.body.dataset.version) > \(version + 1)")
        let dotPixel = corner.replacingOccurrences(
            of: "getImageData(2, 2, 1, 1)", with: "getImageData(i.naturalWidth / 2 - 80, i.naturalHeight / 2, 1, 1)")
        try browser.waitFor("\(dotPixel) === '240,160,32'")
        try dot("#20A040").write(toFile: dir + "/scenes/Parts/dot.json", atomically: true, encoding: .utf8)
        try browser.waitFor("\(dotPixel) === '32,160,64'")

        // A mistake: the error at its file, line and column; the last good render stays.
        try Self.card(ground: "#C02050").replacingOccurrences(of: "\"Circle\"", with: "\"Circel\"").write(
            toFile: dir + "/scenes/card.json", atomically: true, encoding: .utf8)
        try browser.waitFor("document.querySelector('pre.error') !== null")
        let error = try browser.evaluate("document.querySelector('pre.error').textContent") as? String ?? ""
        #expect(error.contains("scenes/card.json:5:"), "\(error)")
        #expect(error.contains("Circel"), "\(error)")
        #expect(error.contains("did you mean 'Circle'"), "\(error)")
        #expect(try browser.evaluate("document.querySelectorAll('img.still').length") as? Int == 2)
        try browser.waitFor("\(corner) === '192,32,80'")
        // Deleted: still running, saying so; back: the error is gone.
        try FileManager.default.removeItem(atPath: dir + "/scenes/card.json")
        try browser.waitFor("document.querySelector('pre.error') && document.querySelector('pre.error').textContent.includes('no such file')")
        try Self.card().write(toFile: dir + "/scenes/card.json", atomically: true, encoding: .utf8)
        try browser.waitFor("document.querySelector('pre.error') === null")
        try browser.waitFor("\(corner) === '32,80,192'")
    }
}

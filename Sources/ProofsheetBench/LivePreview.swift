import Foundation
import Proofsheet
import ProofsheetCairo
import ProofsheetPreview

/// The live preview: the time from saving a scene file to its new still fetched by a page (the
/// file written, the server's event received, the still's PNG read over HTTP), p50 and p95 over
/// 50 saves — the swipe stack at scale 2 (the figure the preview is held to), the travel deck at
/// scales 1 and 2 — and the frames per second a player gets from the server at scale 2 over the
/// travel deck's swipe-right, drawn on demand and then cached.
func livePreviewBenchmark() throws {
    let source = Resources.assetsDirectory.map { $0 + "/Scenes" } ?? "Assets/Scenes"
    let dir = NSTemporaryDirectory() + "proofsheet-bench-preview"
    try? FileManager.default.removeItem(atPath: dir)
    try FileManager.default.copyItem(atPath: source, toPath: dir)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // Each save changes a text the first still shows.
    try livePreview(dir + "/swipe-stack.json", text: "Number ${$number}", scales: [2])
    try livePreview(dir + "/travel-deck.json", text: "Yosemite, USA", scales: [1, 2], player: "swipe-right")
}

/// `livePreviewBenchmark`'s figures for one scene: 50 saves at each of `scales`, each replacing
/// `text` by a numbered one; a player's frames over the timeline `player` at scale 2.
func livePreview(_ scene: String, text: String, scales: [Double], player: String? = nil) throws {
    print("")
    print("Live preview: \(((scene as NSString).lastPathComponent as NSString).deletingPathExtension) on its canvas")
    let original = try String(contentsOfFile: scene, encoding: .utf8)
    guard original.contains(text) else { throw ProofsheetError.internal("\(scene) has no text '\(text)' to edit") }
    for scale in scales {
        let session = PreviewSession(scenes: [scene], devices: [], scale: scale, renderer: try Renderer())
        let server = try PreviewServer(session: session, port: 0)
        try server.start()
        defer { server.stop() }
        let events = try EventReader(port: server.port, token: server.token)
        _ = try events.next()
        // 50 saves, each changing a text the first still shows.
        var samples: [Double] = []
        var previous: [UInt8] = []
        for k in 0..<50 {
            let edited = original.replacingOccurrences(of: text, with: "\(k) " + text)
            let before = session.currentVersion
            let t0 = monotonicSeconds()
            try edited.write(toFile: scene, atomically: true, encoding: .utf8)
            // The change event of this save (events the timelines' runs send carry older versions).
            var version = 0
            repeat { version = try events.next() } while version <= before
            let png = try httpGet(port: server.port, "/still?s=0&d=0&k=0&v=\(version)&token=\(server.token)")
            samples.append(monotonicSeconds() - t0)
            // The new text is drawn: every save gives another still.
            guard png.count > 1000, png != previous else { throw ProofsheetError.internal("save \(k): the still did not change") }
            previous = png
        }
        try original.write(toFile: scene, atomically: true, encoding: .utf8)
        samples.sort()
        let p50 = samples[samples.count / 2], p95 = samples[Int(Double(samples.count) * 0.95) - 1]
        print(String(format: "  scale %.0f: save to the new still in the page, 50 saves: p50 %5.0f ms, p95 %5.0f ms", scale, p50 * 1000, p95 * 1000))
        if scale == 2, let player {
            // A player at 30 frames a second over the timeline: every frame drawn on demand, then
            // the same again from the cache.
            var state = try JSONSerialization.jsonObject(with: Data(try httpGet(port: server.port, "/state?token=\(server.token)"))) as? [String: Any]
            var duration = 0
            for _ in 0..<200 {
                let scenes = state?["scenes"] as? [[String: Any]]
                let views = scenes?.first?["views"] as? [[String: Any]]
                let timelines = views?.first?["timelines"] as? [[String: Any]]
                if let d = timelines?.first(where: { $0["name"] as? String == player })?["duration"] as? Int { duration = d; break }
                usleep(20_000)
                state = try JSONSerialization.jsonObject(with: Data(try httpGet(port: server.port, "/state?token=\(server.token)"))) as? [String: Any]
            }
            let timelines =
                ((((state?["scenes"] as? [[String: Any]])?.first?["views"] as? [[String: Any]])?.first?["timelines"]) as? [[String: Any]]) ?? []
            let t = timelines.firstIndex { $0["name"] as? String == player } ?? 0
            let times = (0...(duration * 30 / 1000)).map { Int((Double($0) * 1000 / 30).rounded()) }
            for pass in ["drawn on demand", "cached"] {
                let t0 = monotonicSeconds()
                for ms in times { _ = try httpGet(port: server.port, "/frame?s=0&d=0&t=\(t)&ms=\(ms)&token=\(server.token)") }
                let fps = Double(times.count) / (monotonicSeconds() - t0)
                print(
                    String(format: "  scale 2: a player's frames, %@: %5.1f frames/s (%d frames, one at a time)", pass as NSString, fps, times.count))
            }
        }
    }
}

/// A GET on 127.0.0.1:`port`: the body.
func httpGet(port: Int, _ target: String) throws -> [UInt8] {
    let r = try HTTPServer.get(port: port, target)
    guard r.status == 200 else { throw ProofsheetError.internal("\(target): HTTP \(r.status)") }
    return r.body
}

/// The preview's event stream, read as a page reads it: each `change` event's version.
final class EventReader {
    let fd: Int32
    var buffer: [UInt8] = []

    init(port: Int, token: String) throws {
        fd = try HTTPServer.connect(port: port)
        let request = "GET /events?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
        _ = request.withCString { send(fd, $0, strlen($0), 0) }
    }

    deinit { close(fd) }

    /// The version of the next change event.
    func next() throws -> Int {
        while true {
            if let end = buffer.firstRange(of: [10, 10]) {
                let text = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                buffer.removeSubrange(..<end.upperBound)
                if let data = text.split(separator: "\n").first(where: { $0.hasPrefix("data: ") }),
                    let v = Int(data.split(separator: ":").last?.trimmingCharacters(in: CharacterSet(charactersIn: " }")) ?? "")
                {
                    return v
                }
                continue
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { throw ProofsheetError.internal("the event stream closed") }
            buffer += chunk[..<n]
        }
    }
}

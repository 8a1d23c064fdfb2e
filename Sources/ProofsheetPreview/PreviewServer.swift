import Foundation
import Proofsheet

/// `proofsheet preview`'s server: the page, the images and the events, on 127.0.0.1, for the
/// holder of a random token; scene files watched, and the page told the moment one is read
/// again.
///
/// Routes (every one needs `token`): `/` the page, `/state` what is shown (JSON), `/still?s&d&k`
/// a still, `/frame?s&d&t&ms` a timeline's frame, `/events` the event stream (`change`, with
/// the version). Anything else is 404; a wrong or missing token 403.
public final class PreviewServer: @unchecked Sendable {
    public let session: PreviewSession
    public let token: String
    private var http: HTTPServer!
    private var watcher: FileWatcher?
    private let lock = NSLock()
    private var streams: [EventStream] = []
    /// The most pages kept informed at once (the oldest stream is closed for a new one).
    static let mostStreams = 64
    /// Frames drawn at once (a page scrubbing fast asks for many).
    private let drawing = DispatchSemaphore(value: 2)

    /// The server of `session` on 127.0.0.1:`port` (0: any free port), not yet started.
    public init(session: PreviewSession, port: Int) throws {
        self.session = session
        var random = SystemRandomNumberGenerator()
        token = (0..<4).map { _ in String(format: "%08x", UInt32.random(in: .min ... .max, using: &random)) }.joined()
        http = try HTTPServer(port: port) { [unowned self] request in self.answer(request) }
    }

    /// The port it listens on.
    public var port: Int { http.port }

    /// The page's address.
    public var address: String { "http://127.0.0.1:\(port)/?token=\(token)" }

    /// The most folders watched: each scene's folder and the folders below it (components,
    /// images, string tables), and the asset folders.
    public static let mostWatchedFolders = 256

    /// Reads every scene, starts serving and watching their folders (and the folders below
    /// them, three deep, and folders made there later) and `assetFolders`; `onReload` hears the
    /// files read again (after the page was told).
    public func start(assetFolders: [String] = [], onReload: (@Sendable ([String]) -> Void)? = nil) throws {
        session.reload()
        http.start()
        func folder(of path: String) -> String {
            let f = (path as NSString).deletingLastPathComponent
            return f.isEmpty ? "." : f
        }
        let paths = session.paths
        var folders: [String] = []
        func walk(_ dir: String, depth: Int) {
            guard folders.count < Self.mostWatchedFolders, !folders.contains(dir), FileOutput.isFolder(dir), !FileOutput.isLink(dir) else { return }
            folders.append(dir)
            guard depth < 3, let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
            for name in names.sorted() where !name.hasPrefix(".") { walk(dir + "/" + name, depth: depth + 1) }
        }
        for dir in Set(paths.map(folder)).sorted() { walk(dir, depth: 0) }
        for dir in assetFolders { walk(dir, depth: 0) }
        let sceneFolders = paths.map(folder)
        watcher = try FileWatcher(folders: folders, mostFolders: Self.mostWatchedFolders) { [weak self] changed in
            guard let self else { return }
            // Hidden files and backups are an editor's or an atomic save's temporaries (the
            // file they become is reported when it is renamed into place): not a change.
            let changed = changed.filter { path in
                let name = (path as NSString).lastPathComponent
                return !name.hasPrefix(".") && !name.hasSuffix("~")
            }
            // A scene is read again when it changed, or anything in its folder or below did (an
            // image, a component it imports), or anything in an asset folder.
            let inAssets = changed.contains { c in assetFolders.contains { c.hasPrefix($0 + "/") } }
            let affected = zip(paths, sceneFolders).filter { p, f in
                inAssets || changed.contains { $0 == p || $0.hasPrefix(f + "/") }
            }.map(\.0)
            guard !affected.isEmpty else { return }
            self.session.reload(affected)
            self.broadcast()
            onReload?(affected)
            self.prepareTimelines()
        }
        watcher?.start()
        prepareTimelines()
    }

    private let preparing = DispatchQueue(label: "proofsheet.preview.timelines")
    private let pending = LockedFlag()

    /// Runs the timelines' lengths and key instants on a queue of their own (they take longer
    /// than stills, and a save meanwhile is not kept waiting), then tells the pages; saves in
    /// quick succession are one run.
    private func prepareTimelines() {
        guard !pending.value else { return }
        pending.value = true
        preparing.async { [weak self] in
            guard let self else { return }
            self.pending.value = false
            self.session.prepareTimelines()
            self.broadcast()
        }
    }

    /// Stops serving and watching.
    public func stop() {
        watcher?.stop()
        http.stop()
        lock.withLock {
            for s in streams { s.finish() }
            streams = []
        }
    }

    /// Tells every open page that something changed.
    public func broadcast() {
        let version = session.currentVersion
        lock.withLock { streams = streams.filter { $0.send("change", "{\"version\": \(version)}") } }
    }

    private func answer(_ request: HTTPServer.Request) -> HTTPServer.Response {
        guard request.query["token"] == token else {
            return .body(
                status: 403, type: "text/plain; charset=utf-8",
                bytes: Array("a preview token is needed: open the address proofsheet preview printed\n".utf8))
        }
        func number(_ key: String, most: Int) -> Int? {
            guard let text = request.query[key], text.count <= 9, let n = Int(text), n >= 0, n <= most else { return nil }
            return n
        }
        let notFound = HTTPServer.Response.body(status: 404, type: "text/plain; charset=utf-8", bytes: Array("not found\n".utf8))
        switch request.path {
        case "/":
            return .body(status: 200, type: "text/html; charset=utf-8", bytes: Array(PreviewPage.html.utf8))
        case "/state":
            return .body(status: 200, type: "application/json", bytes: session.stateJSON())
        case "/still":
            guard let s = number("s", most: 100_000), let d = number("d", most: 1000), let k = number("k", most: 100_000) else { return notFound }
            do {
                guard let png = try session.still(scene: s, device: d, still: k) else { return notFound }
                return .body(status: 200, type: "image/png", bytes: png)
            } catch {
                return .body(status: 422, type: "text/plain; charset=utf-8", bytes: Array("\(error)\n".utf8))
            }
        case "/frame":
            guard let s = number("s", most: 100_000), let d = number("d", most: 1000), let t = number("t", most: 100_000),
                let ms = number("ms", most: 3_600_000)
            else { return notFound }
            drawing.wait()
            defer { drawing.signal() }
            do {
                guard let png = try session.frame(scene: s, device: d, timeline: t, ms: ms) else { return notFound }
                return .body(status: 200, type: "image/png", bytes: png)
            } catch {
                return .body(status: 422, type: "text/plain; charset=utf-8", bytes: Array("\(error)\n".utf8))
            }
        case "/events":
            return .events { [weak self] stream in
                guard let self else { return stream.finish() }
                stream.send("change", "{\"version\": \(self.session.currentVersion)}")
                self.lock.withLock {
                    self.streams.append(stream)
                    // Pages that went away are found at the next event; at most 64 are kept.
                    while self.streams.count > Self.mostStreams { self.streams.removeFirst().finish() }
                }
            }
        default:
            return notFound
        }
    }
}

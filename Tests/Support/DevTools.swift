import Foundation
import Testing

/// A headless Chromium driven over the DevTools protocol through its pipe
/// (`--remote-debugging-pipe`: commands in on fd 3, answers out on fd 4, each message ending in
/// a NUL): open a page, evaluate script in it, take screenshots. What the preview's tests use to
/// load the page, play, scrub and watch it redraw.
package final class DevToolsBrowser {
    private let pid: pid_t
    private let input: FileHandle
    private let output: Int32
    private var buffer: [UInt8] = []
    private var nextID = 1
    private var session: String?
    private let profile: String

    /// Starts Chromium with a window `width` × `height`.
    package init(width: Int = 1400, height: Int = 1000) throws {
        let chromium = try #require(which("chromium"), "chromium is needed; run make deps")
        profile = try temporaryFolder()
        var toChrome: [Int32] = [0, 0], fromChrome: [Int32] = [0, 0]
        guard pipe(&toChrome) == 0, pipe(&fromChrome) == 0 else { throw DevToolsError("pipe: \(String(cString: strerror(errno)))") }
        var args = [
            chromium, "--headless=new", "--disable-gpu", "--hide-scrollbars", "--window-size=\(width),\(height)", "--force-device-scale-factor=1",
            "--user-data-dir=" + profile, "--remote-debugging-pipe", "--no-first-run", "--disable-extensions", "--enable-logging=stderr", "--v=0"
        ]
        if getuid() == 0 { args.append("--no-sandbox") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChrome[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromChrome[1], 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, chromium, &actions, nil, argv, environ)
        guard rc == 0 else { throw DevToolsError("cannot start chromium: \(String(cString: strerror(rc)))") }
        pid = child
        close(toChrome[0])
        close(fromChrome[1])
        input = FileHandle(fileDescriptor: toChrome[1], closeOnDealloc: true)
        output = fromChrome[0]
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(output)
        try? FileManager.default.removeItem(atPath: profile)
    }

    /// Sends `method` with `params` (to the page once one is open) and returns its result.
    @discardableResult
    package func send(_ method: String, _ params: [String: Any] = [:], toPage: Bool = true, timeout: Double = 30) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if toPage, let session { message["sessionId"] = session }
        input.write(try JSONSerialization.data(withJSONObject: message) + Data([0]))
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let reply = try nextMessage(until: deadline)
            guard reply["id"] as? Int == id else { continue }
            if let error = reply["error"] as? [String: Any] { throw DevToolsError("\(method): \(error["message"] ?? error)") }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    private func nextMessage(until deadline: Date) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let data = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw DevToolsError("chromium did not answer in time") }
            var p = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, Int32(min(left, 1) * 1000)) >= 0 else { continue }
            if p.revents == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            guard n > 0 else { throw DevToolsError("chromium closed its pipe") }
            buffer += chunk[..<n]
        }
    }

    /// Opens `url` in a new page and waits for it to load.
    package func open(_ url: String) throws {
        let target = try send("Target.createTarget", ["url": "about:blank"], toPage: false)
        let attached = try send("Target.attachToTarget", ["targetId": target["targetId"] as? String ?? "", "flatten": true], toPage: false)
        session = attached["sessionId"] as? String
        try send("Page.enable")
        try send("Runtime.enable")
        try send("Page.navigate", ["url": url])
        try waitFor("document.readyState === 'complete'")
    }

    /// The value of the script `expression` in the page (promises awaited).
    @discardableResult
    package func evaluate(_ expression: String) throws -> Any? {
        let result = try send("Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true])
        if let exception = result["exceptionDetails"] as? [String: Any] { throw DevToolsError("script failed: \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Waits until `condition` (script) is true, or throws after `timeout` seconds.
    package func waitFor(_ condition: String, timeout: Double = 20) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try evaluate("Boolean(\(condition))") as? Bool == true { return }
            usleep(20_000)
        }
        throw DevToolsError("timed out waiting for \(condition)")
    }

    /// A screenshot of the page as PNG bytes.
    package func screenshot() throws -> Data {
        let shot = try send("Page.captureScreenshot", ["format": "png"])
        return Data(base64Encoded: shot["data"] as? String ?? "") ?? Data()
    }
}

package struct DevToolsError: Error, CustomStringConvertible {
    package var description: String
    package init(_ d: String) { description = d }
}

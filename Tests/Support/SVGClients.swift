import Foundation
import Testing

/// Real SVG clients and what they are held to: the tolerance a client's drawing of a scene is
/// compared with, headless Chromium, counting in SVG text.
package enum SVGClients {
    package static let maxRatio = 0.03
    package static let maxTile = 40

    package static func count(_ s: String, _ needle: String) -> Int { s.components(separatedBy: needle).count - 1 }

    /// Headless Chromium on `page` (bounded by a timeout), one device pixel per CSS pixel.
    package static func chromium(_ page: String, _ extra: [String], window: (Int, Int), env: [String: String] = [:]) throws -> (
        status: Int32, out: String, err: String
    ) {
        let chromium = try #require(which("chromium"), "chromium is needed; run make deps")
        let timeout = try #require(which("timeout"), "timeout (coreutils) is needed")
        let profile = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: profile) }
        var args = [
            "90", chromium, "--headless=new", "--disable-gpu", "--hide-scrollbars", "--window-size=\(window.0),\(window.1)",
            "--force-device-scale-factor=1", "--user-data-dir=" + profile, "--virtual-time-budget=3000", "--run-all-compositor-stages-before-draw",
            "--no-first-run",
            "--disable-extensions"
        ]
        if getuid() == 0 { args.append("--no-sandbox") }
        args += extra
        args.append(URL(fileURLWithPath: page).absoluteString)
        let run = try runProcess(timeout, args, env: env)
        #expect(run.status == 0, "chromium exited with \(run.status) (124: timed out)\n\(run.err.suffix(3000))")
        return run
    }
}

import Foundation
import Testing
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout

/// One shared renderer (fonts load once).
package let sharedRenderer: Renderer = try! Renderer()

/// How two images differ: pixels with any channel further apart than `tolerance`.
package func pixelDifference(_ a: RGBAImage, _ b: RGBAImage, tolerance: Int) -> (mismatched: Int, ratio: Double, maxDelta: Int) {
    precondition(a.width == b.width && a.height == b.height, "sizes differ")
    var mismatched = 0, maxDelta = 0
    a.pixels.withUnsafeBufferPointer { pa in
        b.pixels.withUnsafeBufferPointer { pb in
            var i = 0
            while i < pa.count {
                var d = 0
                for c in 0..<4 { d = max(d, abs(Int(pa[i + c]) - Int(pb[i + c]))) }
                if d > tolerance { mismatched += 1 }
                maxDelta = max(maxDelta, d)
                i += 4
            }
        }
    }
    return (mismatched, Double(mismatched) / Double(a.width * a.height), maxDelta)
}

/// The largest difference between the averages of `block`×`block` tiles of two images: small
/// when only antialiasing differs, large when anything moved, vanished or changed colour.
package func blockDifference(_ a: RGBAImage, _ b: RGBAImage, block: Int = 4) -> Int {
    precondition(a.width == b.width && a.height == b.height, "sizes differ")
    var worst = 0
    for by in stride(from: 0, to: a.height, by: block) {
        for bx in stride(from: 0, to: a.width, by: block) {
            var sa = [0, 0, 0, 0], sb = [0, 0, 0, 0], n = 0
            for y in by..<min(by + block, a.height) {
                for x in bx..<min(bx + block, a.width) {
                    let i = (y * a.width + x) * 4
                    for c in 0..<4 { sa[c] += Int(a.pixels[i + c]); sb[c] += Int(b.pixels[i + c]) }
                    n += 1
                }
            }
            for c in 0..<4 { worst = max(worst, abs(sa[c] - sb[c]) / n) }
        }
    }
    return worst
}

/// Runs a program, returning its exit code, stdout and stderr.
@discardableResult
package func runProcess(_ executable: String, _ args: [String], cwd: String? = nil, env: [String: String] = [:], unset: [String] = []) throws -> (
    status: Int32, out: String, err: String
) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = args
    if let cwd { p.currentDirectoryURL = URL(fileURLWithPath: cwd) }
    var e = ProcessInfo.processInfo.environment
    for (k, v) in env { e[k] = v }
    for k in unset { e[k] = nil }
    p.environment = e
    // NB: output goes to files, not pipes: Foundation's pipe reads crash on EINTR when tests
    // run processes in parallel.
    let dir = try temporaryFolder()
    let outPath = dir + "/stdout", errPath = dir + "/stderr"
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    let outHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    let errHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    p.standardOutput = outHandle
    p.standardError = errHandle
    p.standardInput = FileHandle.nullDevice
    try p.run()
    p.waitUntilExit()
    try outHandle.close()
    try errHandle.close()
    let o = FileManager.default.contents(atPath: outPath) ?? Data()
    let r = FileManager.default.contents(atPath: errPath) ?? Data()
    try? FileManager.default.removeItem(atPath: dir)
    return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: r, as: UTF8.self))
}

/// The path of a program on PATH.
package func which(_ name: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let p = "\(dir)/\(name)"
        if FileManager.default.isExecutableFile(atPath: p) { return p }
    }
    return nil
}

/// A fresh temporary folder.
package func temporaryFolder() throws -> String {
    let dir = NSTemporaryDirectory() + "proofsheet-tests-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}

extension DisplayList {
    /// Every text run drawn, depth first.
    package func textRuns() -> [TextRun] {
        func walk(_ items: [DisplayItem]) -> [TextRun] {
            items.flatMap { item -> [TextRun] in
                switch item {
                case .text(let t): return [t]
                case .group(let g): return walk(g.children)
                default: return []
                }
            }
        }
        return walk(items)
    }
}

/// Expects `drawn` (a client's drawing) within the SVG clients' tolerance of `png`; both are
/// left in the artifacts folder as `<name>-png.png` and `<name>-<drawnSuffix>.png` when it is not.
package func expectClose(_ drawn: RGBAImage, to png: RGBAImage, _ label: String, artifact name: String, drawnSuffix: String) throws {
    try #require(
        png.width == drawn.width && png.height == drawn.height, "\(label): \(drawn.width)×\(drawn.height), not \(png.width)×\(png.height)")
    let d = pixelDifference(png, drawn, tolerance: 48)
    let tile = blockDifference(png, drawn, block: 8)
    #expect(d.ratio < SVGClients.maxRatio, "\(label): \(d.mismatched) pixels differ (\(d.ratio * 100) %)")
    #expect(tile < SVGClients.maxTile, "\(label): an 8×8 tile differs by \(tile) on average")
    if d.ratio >= SVGClients.maxRatio || tile >= SVGClients.maxTile {
        try FileManager.default.createDirectory(atPath: Paths.artifacts, withIntermediateDirectories: true)
        let base = Paths.artifacts + "/" + name
        try Data(try PNGCodec.encode(png)).write(to: URL(fileURLWithPath: base + "-png.png"))
        try Data(try PNGCodec.encode(drawn)).write(to: URL(fileURLWithPath: base + "-\(drawnSuffix).png"))
    }
}

extension RGBAImage {
    /// The image composited over white, opaque.
    package func overWhite() -> RGBAImage {
        var p = pixels
        var i = 0
        while i < p.count {
            let a = Int(p[i + 3])
            for c in 0..<3 { p[i + c] = UInt8((Int(p[i + c]) * a + 255 * (255 - a) + 127) / 255) }
            p[i + 3] = 255
            i += 4
        }
        return try! RGBAImage(width: width, height: height, pixels: p)
    }

    /// A rectangle of the image (clamped to it).
    package func cropped(x: Int, y: Int, width w: Int, height h: Int) -> RGBAImage {
        var p = [UInt8](repeating: 255, count: w * h * 4)
        for row in 0..<h where y + row < height {
            for col in 0..<w where x + col < width {
                let s = ((y + row) * width + x + col) * 4, d = (row * w + col) * 4
                for c in 0..<4 { p[d + c] = pixels[s + c] }
            }
        }
        return try! RGBAImage(width: w, height: h, pixels: p)
    }
}

import Foundation
import Proofsheet
import ProofsheetCairo
import ProofsheetUI
import SwiftUIExamples

/// SwiftUI source against its scene file: the gradient stack written as SwiftUI views
/// (`SwiftUIExamples`) and `gradient-stack.json`, the same screen, each drawn as a still (build
/// the scene for the state, lay it out, raster it, encode the PNG) on an iPhone 14 at 3x, and
/// each a drag's states built at 120 Hz (built and laid out). Medians of taking turns.
func swiftUIBenchmark(rounds: Int) throws {
    print("")
    print("SwiftUI source: the gradient stack as SwiftUI views vs its scene file, iPhone 14 at 3x (median of \(rounds))")
    let renderer = try Renderer()
    let path = Resources.assetsDirectory.map { $0 + "/Scenes/gradient-stack.json" } ?? "Assets/Scenes/gradient-stack.json"
    let template = try SceneDecoder().template(file: path)
    let screen = try SwiftUIScene(device: "iPhone 14", scale: 3) { GradientStackScreen() }
    let swiftState = try screen.state(still: nil), jsonState = try template.state(still: "rest")
    func still(_ program: some SceneProgram, _ state: SceneState) throws {
        _ = try renderer.render(try program.instantiate(state), format: .png)
    }
    // Warm: fonts, text measurements, the images of both.
    try still(screen, swiftState)
    try still(template, jsonState)
    var swift: [Double] = [], json: [Double] = []
    for _ in 0..<rounds {
        var t0 = monotonicSeconds()
        try still(screen, swiftState)
        swift.append(monotonicSeconds() - t0)
        t0 = monotonicSeconds()
        try still(template, jsonState)
        json.append(monotonicSeconds() - t0)
    }
    let ratio = median(swift) / median(json)
    print("  still, SwiftUI views      \(ms(median(swift))) ms")
    print("  still, scene file         \(ms(median(json))) ms")
    print(String(format: "  ratio                     %7.2f   (pass: at most 1.20) %@", ratio, ratio <= 1.2 ? "pass" : "FAIL"))
    // Building the screen for a state alone (no layout, no pixels): what a drag asks 120 times a
    // second.
    var buildSwift: [Double] = [], buildJSON: [Double] = []
    for _ in 0..<rounds {
        var t0 = monotonicSeconds()
        for _ in 0..<36 { _ = try screen.instantiate(swiftState) }
        buildSwift.append((monotonicSeconds() - t0) / 36)
        t0 = monotonicSeconds()
        for _ in 0..<36 { _ = try template.instantiate(jsonState) }
        buildJSON.append((monotonicSeconds() - t0) / 36)
    }
    print(String(format: "  one state built: SwiftUI views %.3f ms, scene file %.3f ms", median(buildSwift) * 1000, median(buildJSON) * 1000))
    try previewProgramBenchmark()
}

/// `proofsheet swiftui` on the example screens' folder (three files, 140 lines): the first run
/// compiles them against ProofsheetUI (a clean build, in a new cache) and draws the three
/// previews; the second finds the build and only draws.
func previewProgramBenchmark() throws {
    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    let proofsheet = (exe as NSString).deletingLastPathComponent + "/proofsheet"
    guard let assets = Resources.assetsDirectory, FileManager.default.isExecutableFile(atPath: proofsheet) else {
        print("  proofsheet swiftui: skipped (no release proofsheet beside the benchmark)")
        return
    }
    let examples = (assets as NSString).deletingLastPathComponent + "/Sources/SwiftUIExamples"
    let work = NSTemporaryDirectory() + "proofsheet-bench-swiftui-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: work) }
    func run() throws -> Double {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: proofsheet)
        p.arguments = ["swiftui", examples, "--cache", work + "/cache", "-o", work + "/out", "--scale", "3", "-q"]
        let t0 = monotonicSeconds()
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw ProofsheetError.internal("proofsheet swiftui failed (\(p.terminationStatus))") }
        return monotonicSeconds() - t0
    }
    let first = try run(), second = try run()
    print(
        String(format: "  proofsheet swiftui, example screens (3 files, 3 previews at 3x): compiled and drawn %.2f s, cached %.2f s", first, second))
}

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
}

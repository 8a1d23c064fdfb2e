import Foundation
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout

/// The template benchmark: the states of a drag sampled at 120 Hz (the finger from 0,0 to the
/// timeline's end point in 0.3 s, as `drag #card-0 … in 0.3s` gives them), each instantiated from
/// the scene's template and laid out on an iPhone 14 at 3x, as a motion session does for every
/// change of state; and the same states instantiated only. Figures: states per second, the best
/// of a few rounds of the whole drag.
func templateStatesBenchmark(rounds: Int) throws {
    print("")
    print("Template states: a 120 Hz drag, one state per sample, on one thread (best of \(rounds) rounds)")
    let renderer = try Renderer()
    let device = try Device.named("iPhone 14")
    // The scene, the drag's end point, and the state variables a drag sets besides `drag`.
    let drags: [(file: String, to: (Double, Double), also: [String: ScriptValue])] = [
        ("travel-deck.json", (150, 10), ["phase": .string("dragging")]),
        ("swipe-stack.json", (160, 10), [:])
    ]
    for (file, to, also) in drags {
        let path = Resources.assetsDirectory.map { $0 + "/Scenes/" + file } ?? "Assets/Scenes/" + file
        let template = try SceneDecoder().template(file: path)
        let samples = Int((0.3 * 120).rounded())
        let states: [SceneState] = (0...samples).map { k in
            let f = Double(k) / Double(samples)
            var state = template.defaultState
            state.values["drag"] = .object(["width": .number(to.0 * f), "height": .number(to.1 * f)])
            for (name, value) in also { state.values[name] = value }
            return state
        }
        // Warm: fonts, text measurements.
        for state in states { _ = try renderer.layout(try template.instantiate(state).on(device, scale: 3)) }
        var both = Double.infinity, instantiateOnly = Double.infinity
        for _ in 0..<rounds {
            var t0 = monotonicSeconds()
            for state in states { _ = try renderer.layout(try template.instantiate(state).on(device, scale: 3)) }
            both = min(both, monotonicSeconds() - t0)
            t0 = monotonicSeconds()
            for state in states { _ = try template.instantiate(state).on(device, scale: 3) }
            instantiateOnly = min(instantiateOnly, monotonicSeconds() - t0)
        }
        let n = Double(states.count)
        print("\(file) (\(states.count) states, drag to \(fmt(to.0)),\(fmt(to.1)))")
        print(String(format: "  template states/s (instantiate + layout)  %9.0f   (%.3f ms a state)", n / both, both / n * 1000))
        print(
            String(format: "  instantiate only states/s                 %9.0f   (%.3f ms a state)", n / instantiateOnly, instantiateOnly / n * 1000))
    }
}

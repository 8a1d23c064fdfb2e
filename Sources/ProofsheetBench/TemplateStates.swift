import Foundation
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout

/// The template benchmark: the states of a drag sampled at 120 Hz (the finger from 0,0 to the
/// timeline's end point in 0.3 s, as `drag #card-0 … in 0.3s` gives them), or of the settings
/// list scrolled 120 points in 0.3 s, each instantiated from the scene's template and laid out on
/// an iPhone 14 at 3x, as a motion session does for every change of state; and the same states
/// instantiated only. Figures: states per second, the best of a few rounds of the whole drag.
func templateStatesBenchmark(rounds: Int) throws {
    print("")
    print("Template states: a 120 Hz drag, one state per sample, on one thread (best of \(rounds) rounds)")
    let renderer = try Renderer()
    let device = try Device.named("iPhone 14")
    // The scene, what it is, and the state at each fraction of the gesture.
    func drag(to x: Double, _ y: Double, also: [String: ScriptValue] = [:]) -> (String, (Double) -> [String: ScriptValue]) {
        ("drag to \(fmt(x)),\(fmt(y))", { f in also.merging(["drag": .object(["width": .number(x * f), "height": .number(y * f)])]) { a, _ in a } })
    }
    let gestures: [(file: String, gesture: (String, (Double) -> [String: ScriptValue]))] = [
        ("travel-deck.json", drag(to: 150, 10, also: ["phase": .string("dragging")])),
        ("swipe-stack.json", drag(to: 160, 10)),
        ("system-views.json", ("scrolled 120 points", { f in ["scroll": .number(120 * f)] }))
    ]
    for (file, (what, values)) in gestures {
        let path = Resources.assetsDirectory.map { $0 + "/Scenes/" + file } ?? "Assets/Scenes/" + file
        let template = try SceneDecoder().template(file: path)
        let samples = Int((0.3 * 120).rounded())
        let states: [SceneState] = (0...samples).map { k in
            let f = Double(k) / Double(samples)
            var state = template.defaultState
            for (name, value) in values(f) { state.values[name] = value }
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
        print("\(file) (\(states.count) states, \(what))")
        print(String(format: "  template states/s (instantiate + layout)  %9.0f   (%.3f ms a state)", n / both, both / n * 1000))
        print(
            String(format: "  instantiate only states/s                 %9.0f   (%.3f ms a state)", n / instantiateOnly, instantiateOnly / n * 1000))
    }
}

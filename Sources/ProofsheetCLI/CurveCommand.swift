import Foundation
import Proofsheet
import ProofsheetCairo
import ProofsheetMotion

/// `proofsheet curve '<animation>'`: samples, the settling time, or a plot.
func curveCommand(_ args: inout Arguments) throws -> Int32 {
    let samplesText = try args.value("--samples")
    let json = args.flag("--json")
    let plot = try args.value("--plot")
    let sdkText = try args.value("--sdk")
    let durationText = try args.value("--duration")
    let atText = try args.value("--at")
    let positionals = try args.positionals()
    guard positionals.count == 1, let spelling = positionals.first else {
        throw ProofsheetError.usage(
            positionals.isEmpty ? "curve needs an animation, e.g. proofsheet curve 'easeOut.delay(0.05)'" : "curve takes one animation",
            hint: "quote the spelling: proofsheet curve 'spring(response: 0.55, dampingFraction: 0.825)'")
    }
    let count = try samplesText.map { Int(try number($0, option: "--samples", in: 2...10_000, whole: true)) } ?? 11
    if atText != nil, samplesText != nil { throw ProofsheetError.usage("give --samples or --at, not both") }
    let instants = try atText.map { text -> [Double] in
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= 10_000 else { throw ProofsheetError.usage("--at takes at most 10000 instants") }
        return try parts.map { try number(String($0).trimmingCharacters(in: .whitespaces), option: "--at", in: 0...3600) }
    }
    var sdk = AnimationSDK.ios17
    if let sdkText {
        guard let s = AnimationSDK(rawValue: sdkText) else {
            throw ProofsheetError.usage("unknown --sdk '\(clipped(sdkText))'", hint: "use ios17 (the default) or ios13")
        }
        sdk = s
    }
    let animation: Animation
    do {
        animation = try Animation(spelling: spelling, sdk: sdk)
    } catch {
        throw ProofsheetError.badInput(
            "in the animation '\(clipped(spelling))' at column \(error.column): \(error.message)", hint: error.hint)
    }
    let duration: Double
    if let durationText {
        duration = try number(durationText, option: "--duration", in: 0.001...3600)
    } else {
        guard let s = animation.settlingTime else {
            throw ProofsheetError.usage(
                "'\(clipped(spelling))' never settles", hint: "give the time span to sample with --duration SECONDS")
        }
        duration = max(s, 0.001)
    }
    if let plot { try checkOutputs(files: [plot]) }
    var samples = CurveSamples(animation, count: count, duration: duration)
    if let instants { samples.samples = instants.map { ($0, animation.progress(at: $0)) } }
    if let plot {
        let format: OutputFormat
        switch (plot as NSString).pathExtension.lowercased() {
        case "png": format = .png
        case "svg": format = .svg
        case "pdf": format = .pdf
        default: throw ProofsheetError.usage("--plot writes .png, .svg or .pdf, not '\(clipped(plot))'")
        }
        let renderer = try Renderer()
        let bytes = try renderer.backend.render(samples.plot(title: spelling), format: format, scale: 2)
        try FileOutput.write(bytes, to: plot)
    }
    let n = LayoutJSON.number
    if json {
        let rows = samples.samples.map { "{\"t\": \(n($0.t)), \"value\": \(n($0.value)), \"velocity\": \(n(animation.velocity(at: $0.t)))}" }
        print(
            "{\"animation\": \(LayoutJSON.string(spelling)), \"duration\": \(n(duration)), \"settlingTime\": "
                + (samples.settlingTime.map(n) ?? "null") + (animation.baseSpring.map { ", \"spring\": " + springJSON($0.facts) } ?? "")
                + ", \"samples\": [" + rows.joined(separator: ", ") + "]}")
    } else if plot == nil {
        for s in samples.samples { print("\(format(s.t, digits: 4))\t\(format(s.value, digits: 6))") }
        print(samples.settlingTime.map { "settles at \(format($0, digits: 4)) s" } ?? "never settles")
        if let f = animation.baseSpring?.facts {
            print(
                "spring: \(f.form.rawValue), mass \(format(f.mass, digits: 4)), stiffness \(format(f.stiffness, digits: 4)), "
                    + "damping \(format(f.damping, digits: 4)), damping ratio \(format(f.dampingRatio, digits: 4)), "
                    + "response \(format(f.response, digits: 4)) s, bounce \(format(f.bounce, digits: 4)), "
                    + (f.overshootTime.map { "overshoot \(format(f.overshoot * 100, digits: 2)) % at \(format($0, digits: 4)) s" } ?? "no overshoot"))
        }
    } else if let plot {
        print("plotted \(clipped(spelling)) into \(plot)")
    }
    return 0
}

/// The spring's facts as a JSON object (full precision).
private func springJSON(_ f: SpringFacts) -> String {
    let n = LayoutJSON.number
    return "{\"form\": \"\(f.form.rawValue)\", \"mass\": \(n(f.mass)), \"stiffness\": \(n(f.stiffness)), \"damping\": \(n(f.damping)), "
        + "\"dampingRatio\": \(n(f.dampingRatio)), \"response\": \(n(f.response)), \"duration\": \(n(f.response)), \"bounce\": \(n(f.bounce)), "
        + "\"overshoot\": \(n(f.overshoot)), \"overshootTime\": \(f.overshootTime.map(n) ?? "null"), "
        + "\"settlingDuration\": \(f.settlingDuration.map(n) ?? "null")}"
}

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
    let positionals = try args.positionals()
    guard positionals.count == 1, let spelling = positionals.first else {
        throw ProofsheetError.usage(
            positionals.isEmpty ? "curve needs an animation, e.g. proofsheet curve 'easeOut.delay(0.05)'" : "curve takes one animation",
            hint: "quote the spelling: proofsheet curve 'spring(response: 0.55, dampingFraction: 0.825)'")
    }
    let count = try samplesText.map { Int(try number($0, option: "--samples", in: 2...10_000, whole: true)) } ?? 11
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
    let samples = CurveSamples(animation, count: count, duration: duration)
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
    if json {
        let rows = samples.samples.map { "{\"t\": \(rounded9($0.t)), \"value\": \(rounded9($0.value))}" }
        print(
            "{\"animation\": \(LayoutJSON.string(spelling)), \"duration\": \(rounded9(duration)), \"settlingTime\": "
                + (samples.settlingTime.map(rounded9) ?? "null") + ", \"samples\": [" + rows.joined(separator: ", ") + "]}")
    } else if plot == nil {
        for s in samples.samples { print("\(format(s.t, digits: 4))\t\(format(s.value, digits: 6))") }
        print(samples.settlingTime.map { "settles at \(format($0, digits: 4)) s" } ?? "never settles")
    } else if let plot {
        print("plotted \(clipped(spelling)) into \(plot)")
    }
    return 0
}

/// A JSON number rounded to 10⁻⁹ (so 0.35 + 0.05 prints as 0.4).
private func rounded9(_ v: Double) -> String { LayoutJSON.number((v * 1e9).rounded() / 1e9) }

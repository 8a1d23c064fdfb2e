import Foundation
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout

/// `proofsheet diff a.png b.png`: a pixelmatch-compatible comparison with tolerances.
func diffCommand(_ args: inout Arguments) throws -> Int32 {
    var options = DiffOptions()
    if let t = try args.value("--threshold") { options.threshold = try number(t, option: "--threshold", in: 0...1) }
    if let a = try args.value("--alpha") { options.alpha = try number(a, option: "--alpha", in: 0...1) }
    if let c = try args.value("--aa-color") { options.aaColor = try rgb(c, option: "--aa-color") }
    if let c = try args.value("--diff-color") { options.diffColor = try rgb(c, option: "--diff-color") }
    if let c = try args.value("--diff-color-alt") { options.diffColorAlt = try rgb(c, option: "--diff-color-alt") }
    options.includeAA = args.flag("--include-aa")
    options.diffMask = args.flag("--diff-mask")
    options.ignoreRegions = try args.values("--ignore").map(region)
    let maskPath = try args.value("--mask")
    var tolerance = Tolerance()
    if let p = try args.value("--max-diff-pixels") {
        guard let n = Int(p), n >= 0 else { throw ProofsheetError.usage("--max-diff-pixels '\(p)' is not a whole number ≥ 0") }
        tolerance.maxPixels = n
    }
    if let r = try args.value("--max-diff-ratio") { tolerance.maxRatio = try number(r, option: "--max-diff-ratio", in: 0...1) }
    let output = try args.value("-o", "--output")
    let panels = try args.value("--panels")
    let json = args.flag("--json")
    let compression = try args.pngCompression() ?? .fastest
    let files = try args.positionals()
    guard files.count == 2 else {
        throw ProofsheetError.usage("diff compares two images, got \(files.count)", hint: "proofsheet diff expected.png actual.png")
    }
    for out in [output, panels].compactMap({ $0 }) {
        guard out.lowercased().hasSuffix(".png") else { throw ProofsheetError.usage("'\(out)' must be a .png file") }
        // Never replace what the user compares, nor a folder.
        if FileOutput.isFolder(out) || out.hasSuffix("/") {
            throw ProofsheetError.usage("'\(out)' is a folder", hint: "give a .png file name for the output")
        }
        for input in files + [maskPath].compactMap({ $0 }) where input == out || FileOutput.sameFile(input, out) {
            throw ProofsheetError.usage("the output '\(out)' is one of the input images", hint: "write the output to a new file")
        }
    }
    if let output, let panels, output == panels || FileOutput.sameFile(output, panels) {
        throw ProofsheetError.usage("-o and --panels name the same file '\(output)'")
    }

    let expected: RGBAImage, actual: RGBAImage
    do {
        (expected, actual) = try ImagePair.load(expected: files[0], actual: files[1])
        if let maskPath { options.ignoreMask = try RGBAImage(contentsOfFile: maskPath) }
    } catch {
        switch error.kind {
        case .tooLarge, .overBudget: throw ProofsheetError.badInput(error.description)  // it names the limit to raise
        default: throw ProofsheetError.badInput(error.description, hint: "diff reads PNG and JPEG files")
        }
    }
    let outcome: DiffOutcome
    do {
        outcome = try PixelDiff.compare(expected, actual, options: options, diffImage: output != nil || panels != nil)
    } catch {
        throw ProofsheetError.badInput("\(error)")
    }
    let report = DiffReport(outcome: outcome, tolerance: tolerance)

    // Sizes differ: there is no diff image. An existing file is left as it is (never delete
    // what the user named) and the output says that none was written.
    var notes: [String] = []
    if let output {
        if let diff = outcome.result?.diffImage {
            try FileOutput.write(try PNGCodec.encode(diff, compression: compression), to: output)
        } else {
            notes.append(
                "no diff image written to \(output): the sizes differ"
                    + (FileOutput.exists(output) ? " (the existing file there is not from this comparison)" : ""))
        }
    }
    if let panels {
        // Panels larger than the image-pixels limit are shrunk to fit it, and the user is told.
        let limit = ImageLimits.pixels
        let composed = DiffPanels.composition(expected: expected, diff: outcome.result?.diffImage, actual: actual)
        guard composed.image.width > 0, composed.image.height > 0 else {
            throw ProofsheetError.badInput(
                "the panels do not fit in \(limit.int) pixels, even shrunk to 1 pixel each",
                hint: "raise the limit with --limit \(limit.name)=N")
        }
        if composed.shrinkFactor > 1 {
            let k = composed.shrinkFactor
            FileHandle.standardError.write(
                Data(
                    ("note: \(panels): panels shrunk to 1/\(k) of their size (\(composed.image.size) px) "
                        + "to stay within the \(limit.name) limit of \(limit.int) pixels; --limit \(limit.name)=N allows larger\n").utf8))
        }
        try FileOutput.write(try PNGCodec.encode(composed.image, compression: compression), to: panels)
    }
    for n in notes { FileHandle.standardError.write(Data("proofsheet: \(visible(n))\n".utf8)) }
    if json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(report), as: UTF8.self))
    } else if let r = outcome.result {
        let pct = String(format: "%.4f", r.ratio * 100)
        print(
            "\(report.passed ? "passed" : "FAILED"): \(r.mismatched) of \(r.total) pixels differ (\(pct)%), \(r.width)x\(r.height)"
                + (r.ignored > 0 ? ", \(r.ignored) ignored" : ""))
    } else {
        print("FAILED: \(report.reason ?? "sizes differ")")
    }
    return report.passed ? 0 : 1
}

/// `r,g,b` with each part 0…255.
func rgb(_ text: String, option: String) throws -> RGBColor {
    let parts = text.split(separator: ",").map { UInt8($0.trimmingCharacters(in: .whitespaces)) }
    guard parts.count == 3, let r = parts[0], let g = parts[1], let b = parts[2] else {
        throw ProofsheetError.usage("\(option) '\(text)' is not r,g,b with each 0…255", hint: "e.g. \(option) 255,0,0")
    }
    return RGBColor(r, g, b)
}

/// `x,y,w,h` in pixels.
func region(_ text: String) throws -> IgnoreRegion {
    let parts = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
    guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3], w >= 0, h >= 0 else {
        throw ProofsheetError.usage("--ignore '\(text)' is not x,y,w,h in pixels", hint: "e.g. --ignore 0,0,1170,141 for a status bar at 3x")
    }
    return IgnoreRegion(x: x, y: y, width: w, height: h)
}

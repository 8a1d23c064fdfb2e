import Foundation
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout
import ProofsheetSheets

/// `proofsheet sweep <scene> --vary 'drag.width=-200...200' --steps 9`: one state variable (or
/// two, as a grid) across a range, as a contact sheet labelled with the values
/// (``Renderer/writeSweep(of:axes:still:sets:framing:columns:name:style:thumbnailScale:output:to:)``).
func sweepCommand(_ args: inout Arguments) throws -> Int32 {
    let varyTexts = try args.values("--vary")
    let stepsText = try args.value("--steps")
    let stillName = try args.value("--still")
    let sets = try args.values("--set")
    let columnsText = try args.value("--columns")
    let deviceName = try args.value("--device")
    let look = try SheetLook(reading: &args)
    let output = look.output
    let assetDirs = try args.values("--assets")
    let quiet = args.flag("-q", "--quiet")
    let compression = try args.pngCompression() ?? .fast
    let chrome = try chromeOption(&args)
    let path = try args.oneScene(example: "proofsheet sweep <scene.json> --vary 'drag.width=-200...200' --steps 9")
    guard !varyTexts.isEmpty else {
        throw ProofsheetError.usage(
            "sweep needs --vary NAME=FROM...TO", hint: "e.g. --vary 'drag.width=-200...200'; `proofsheet stills \(path)` lists the state")
    }
    guard varyTexts.count <= 2 else { throw ProofsheetError.usage("sweep varies one or two values (a row, or a grid), not \(varyTexts.count)") }
    let steps = try stepsText.map { Int(try number($0, option: "--steps", in: 2...Double(SweepAxis.mostSteps), whole: true)) } ?? 5
    if varyTexts.count == 2, columnsText != nil {
        throw ProofsheetError.usage("--columns is for one --vary: two make a grid, the first across and the second down")
    }
    let device = try deviceName.map { try Device.named($0) }

    let renderer = try Renderer(assetRoots: assetDirs)
    let template = try SceneDecoder().template(file: path).on(device)
    let axes = try varyTexts.map { try SweepAxis(parsing: $0, steps: steps, schema: template.schema, file: path) }
    let framing = TimelineFraming(device: device, chrome: chrome)
    // A canvas of its own size has no status bar to show.
    try checkChrome(framing.apply(try template.instantiate(try template.state(still: stillName, sets: sets))), path: path)
    let columns = try columnsText.map { Int(try number($0, option: "--columns", in: 1...1000, whole: true)) }
    let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let target = output ?? "Output/\(base).sweep.\(look.format.rawValue)"
    var writer = SheetOutput(renderer: renderer, scale: look.scale, outputFormat: look.format, compression: compression, note: notes(quiet: quiet))
    writer.supersample = look.supersample
    let sweep = try renderer.writeSweep(
        of: template, axes: axes, still: stillName, sets: sets, framing: framing, columns: columns, name: base, style: look.style,
        thumbnailScale: look.thumbScale, output: writer, to: target)
    if !quiet {
        FileHandle.standardError.write(Data("wrote \(visible(target)): \(sweep.states) states, \(sweep.width)×\(sweep.height) px\n".utf8))
    }
    return 0
}

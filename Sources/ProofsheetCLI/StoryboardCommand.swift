import Foundation
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout
import ProofsheetSheets
import ProofsheetTimeline

/// `proofsheet storyboard <scene> --timeline NAME`: the timeline's key frames as panels with
/// captions, the fingers drawn on them, and a ruler of their instants.
func storyboardCommand(_ args: inout Arguments) throws -> Int32 {
    let timelineOption = try args.value("--timeline")
    let panelsText = try args.value("--panels")
    let maxPanelsText = try args.value("--max-panels")
    let columnsText = try args.value("--columns")
    let panelScaleText = try args.value("--panel-scale")
    let output = try args.value("-o", "--output")
    let deviceName = try args.value("--device")
    let scaleText = try args.value("--scale")
    let assetDirs = try args.values("--assets")
    let quiet = args.flag("-q", "--quiet")
    let compression = try args.pngCompression() ?? .fast
    let svgText = try args.svgText()
    let chrome = try chromeOption(&args)
    let variant = try variantOption(&args)
    let start = try StartingState(&args)
    let (path, timelineName) = try args.sceneAndTimeline(timelineOption)
    guard panelsText == nil || maxPanelsText == nil else {
        throw ProofsheetError.usage("give --panels or --max-panels, not both", hint: "--panels N shows N; --max-panels N at most N key frames")
    }
    let most = Double(StoryboardFrames.mostPanels)
    let panelCount = try panelsText.map { Int(try number($0, option: "--panels", in: 2...most, whole: true)) }
    let maxPanels = try maxPanelsText.map { Int(try number($0, option: "--max-panels", in: 2...most, whole: true)) } ?? 12
    let columnsAsked = try columnsText.map { Int(try number($0, option: "--columns", in: 1...most, whole: true)) }
    let panelScale = try panelScaleText.map { try number($0, option: "--panel-scale", in: 0.05...2) } ?? 0.5
    let device = try deviceName.map { try Device.named($0) }
    let outputScale = try scaleText.map { try number($0, option: "--scale", in: Scene.Limits.scaleRange) } ?? 2
    let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let target = output ?? "Output/\(base).\(timelineName).storyboard.svg"
    guard let outputFormat = OutputFormat(path: target) else {
        throw ProofsheetError.usage("-o \(excerpt(target)): the extension must be .svg, .pdf or .png")
    }
    if svgText != nil, outputFormat != .svg {
        throw ProofsheetError.usage("--svg-text applies to SVG output", hint: "-o board.svg")
    }

    let renderer = try Renderer(assetRoots: assetDirs)
    let run = try timelineRun(
        path: path, timelineName: timelineName, device: device, scale: nil, chrome: chrome, variant: variant, renderer: renderer,
        start: start)
    let board = try renderer.storyboard(
        of: run, title: "\(base) — \(timelineName)", panels: panelCount, maxPanels: maxPanels, columns: columnsAsked, panelScale: panelScale,
        scale: outputScale, format: outputFormat, png: compression, svgText: svgText ?? .text, note: notes(quiet: quiet))
    try FileOutput.write(board.bytes, to: target)
    if !quiet {
        FileHandle.standardError.write(
            Data(
                "wrote \(visible(target)): \(board.panels) panels, \(fmt(board.canvas.width))×\(fmt(board.canvas.height)) pt, \(board.bytes.count) bytes\n"
                    .utf8
            ))
    }
    return 0
}

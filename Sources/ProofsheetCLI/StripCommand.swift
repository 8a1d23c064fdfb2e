import Foundation
import Proofsheet
import ProofsheetSheets
import ProofsheetTimeline

/// `proofsheet strip <scene> --timeline NAME`: a contact sheet of a timeline's frames (see
/// ``Renderer/strip(of:title:instants:columns:row:onion:onionOverlay:plot:touches:style:thumbnailScale:scale:format:png:supersample:note:)``).
func stripCommand(_ args: inout Arguments) throws -> Int32 {
    let timelineOption = try args.value("--timeline")
    let fpsText = try args.value("--fps")
    let framesText = try args.value("--frames")
    let atText = try args.value("--at")
    let durationText = try args.value("--duration")
    let columnsText = try args.value("--columns")
    let row = args.flag("--row")
    let deviceName = try args.value("--device")
    let look = try SheetLook(reading: &args)
    let output = look.output
    let assetDirs = try args.values("--assets")
    let quiet = args.flag("-q", "--quiet")
    let compression = try args.pngCompression() ?? .fast
    let onionName = try args.value("--onion")
    let onionOverlay = args.flag("--onion-overlay")
    let plotText = try args.value("--plot")
    let touches = args.flag("--touches")
    let chrome = try chromeOption(&args)
    let variant = try variantOption(&args)
    let start = try StartingState(&args)
    let (path, timelineName) = try args.sceneAndTimeline(timelineOption)
    let chosen = [fpsText, framesText, atText].compactMap { $0 }
    guard chosen.count <= 1 else { throw ProofsheetError.usage("give one of --fps, --frames and --at", hint: "e.g. --frames 12") }
    guard !(row && columnsText != nil) else { throw ProofsheetError.usage("give --columns or --row, not both") }
    if atText != nil, durationText != nil { throw ProofsheetError.usage("--duration goes with --fps or --frames, not --at") }
    let span: FrameSpan
    switch durationText {
    case nil, "auto": span = .auto
    case let text?: span = .seconds(try number(text, option: "--duration", in: 0...Timeline.latest))
    }
    if onionOverlay, onionName == nil {
        throw ProofsheetError.usage("--onion-overlay draws a view's positions: give --onion VIEW too", hint: "e.g. --onion card-0 --onion-overlay")
    }
    if onionOverlay, row || columnsText != nil { throw ProofsheetError.usage("--onion-overlay draws one frame: --columns and --row do not apply") }
    let plotted = try (plotText ?? "").split(separator: ",", omittingEmptySubsequences: false).filter { plotText != nil || !$0.isEmpty }.map {
        try PlottedProperty(parsing: String($0).trimmingCharacters(in: .whitespaces))
    }
    guard plotted.count <= 8 else { throw ProofsheetError.usage("--plot takes at most 8 properties") }
    let device = try deviceName.map { try Device.named($0) }

    let renderer = try Renderer(assetRoots: assetDirs)
    let run = try timelineRun(
        path: path, timelineName: timelineName, device: device, scale: nil, chrome: chrome, variant: variant, renderer: renderer,
        start: start)
    // The instants on the sheet.
    let instants: StripInstants
    if let atText {
        instants = .at(
            try atText.split(separator: ",", omittingEmptySubsequences: false).map {
                try number(String($0).trimmingCharacters(in: .whitespaces), option: "--at", in: 0...Timeline.latest)
            })
    } else if let fpsText {
        instants = .fps(try number(fpsText, option: "--fps", in: 0.1...240), span: span)
    } else {
        instants = .frames(try framesText.map { Int(try number($0, option: "--frames", in: 1...1000, whole: true)) } ?? 12, span: span)
    }
    let columns = try columnsText.map { Int(try number($0, option: "--columns", in: 1...1000, whole: true)) }

    let deviceLabel = run.start.device?.name ?? "\(fmt(run.start.canvas.width))×\(fmt(run.start.canvas.height)) pt"
    let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let rate: String
    switch instants {
    case .fps: rate = "\(fpsText ?? "") fps"
    case .at: rate = "chosen instants"
    case .frames(let k, _): rate = "\(k) frames"
    }
    let target = output ?? "Output/\(base).\(timelineName).strip.\(look.format.rawValue)"
    let strip = try renderer.strip(
        of: run, title: "\(base) — \(timelineName) · \(deviceLabel) · \(rate)", instants: instants, columns: columns, row: row, onion: onionName,
        onionOverlay: onionOverlay, plot: plotted, touches: touches, style: look.style, thumbnailScale: look.thumbScaleGiven ? look.thumbScale : nil,
        scale: look.scale, format: look.format, png: compression, supersample: look.supersample, note: notes(quiet: quiet))
    try FileOutput.write(strip.bytes, to: target)
    if !quiet {
        FileHandle.standardError.write(Data("wrote \(visible(target)): \(strip.frames) frames, \(strip.width)×\(strip.height) px\n".utf8))
    }
    return 0
}

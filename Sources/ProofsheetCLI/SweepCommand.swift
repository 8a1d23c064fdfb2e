import Foundation
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout
import ProofsheetSheets

/// `proofsheet sweep <scene> --vary 'drag.width=-200...200' --steps 9`: one state variable (or
/// two, as a grid) across a range, as a contact sheet labelled with the values.
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
    let scenes = try args.positionals()
    guard scenes.count == 1, let path = scenes.first else {
        throw ProofsheetError.usage(
            scenes.isEmpty ? "no scene file given" : "sweep draws one scene at a time",
            hint: "proofsheet sweep <scene.json> --vary 'drag.width=-200...200' --steps 9")
    }
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
    let outputScale = look.scale, outputFormat = look.format
    let style = look.style, thumbScale = look.thumbScale

    let renderer = try Renderer(assetRoots: assetDirs)
    let template = try SceneDecoder().template(file: path).on(device)
    let axes = try varyTexts.map { try SweepAxis(parsing: $0, steps: steps, schema: template.schema, file: path) }
    if axes.count == 2, axes[0].path == axes[1].path {
        throw ProofsheetError.usage("--vary names '\(axes[0].path)' twice", hint: "vary two different values, e.g. drag.width and drag.height")
    }
    // The base state (a still, --set) is checked before anything is drawn.
    _ = try template.state(still: stillName, sets: sets)
    func scene(_ values: [Double]) throws -> Scene {
        let state = try template.state(still: stillName, sets: sets + zip(axes, values).map { "\($0.path)=\(fmt($1))" })
        // A state drawn as a timeline's frames are.
        let s = TimelineFraming(device: device, chrome: chrome).apply(try template.instantiate(state))
        try checkChrome(s, path: path)
        try s.validateSize()
        return s
    }
    // Cells: the first value across, the second down.
    let cells: [[Double]] =
        axes.count == 1 ? axes[0].values.map { [$0] } : axes[1].values.flatMap { b in axes[0].values.map { a in [a, b] } }
    let first = try scene(cells[0])
    let size = first.canvas
    let columns = axes.count == 2 ? steps : try columnsText.map { Int(try number($0, option: "--columns", in: 1...1000, whole: true)) } ?? steps
    let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let deviceLabel = first.device?.name ?? "\(fmt(size.width))×\(fmt(size.height)) pt"
    let ranges =
        axes.count == 1
        ? "\(axes[0].path) from \(fmt(axes[0].from)) to \(fmt(axes[0].to))"
        : "\(axes[0].path) \(fmt(axes[0].from))…\(fmt(axes[0].to)) across × \(axes[1].path) \(fmt(axes[1].from))…\(fmt(axes[1].to)) down"
    let from = stillName.map { " · still \($0)" } ?? ""
    let title = "\(base) — sweep \(ranges) · \(steps) steps · \(deviceLabel)\(from)"
    /// A cell's values, `-150` or for a grid `-150, 40` (the names are in the title: a label
    /// stays short enough for a small thumbnail).
    func caption(_ values: [Double]) -> String { values.map { fmt(($0 * 1000).rounded() / 1000) }.joined(separator: ", ") }
    let stubs = cells.enumerated().map {
        SheetFrame(index: $0.offset, time: 0, events: [], picture: DisplayList(size: size, background: nil, items: []), caption: caption($0.element))
    }
    let sheet = ContactSheet(title: title, frames: stubs, columns: columns, thumbnailScale: thumbScale, style: style)
    let target = output ?? "Output/\(base).sweep.\(outputFormat.rawValue)"
    var writer = SheetOutput(
        renderer: renderer, scale: outputScale, outputFormat: outputFormat, compression: compression, assetRoots: first.assetRoots,
        note: notes(quiet: quiet))
    writer.supersample = look.supersample
    let px = try writer.write(sheet, to: target) { body in
        for (k, values) in cells.enumerated() {
            let s = k == 0 ? first : try scene(values)
            guard s.canvas == size else {
                throw ProofsheetError.badInput("\(caption(values)) changes the canvas size of \(path); a sweep's cells must all be one size")
            }
            let list = try renderer.layout(s).displayList
            try body(SheetFrame(index: k, time: 0, events: [], picture: list, caption: caption(values)))
        }
    }
    if !quiet { FileHandle.standardError.write(Data("wrote \(visible(target)): \(cells.count) states, \(px.width)×\(px.height) px\n".utf8)) }
    return 0
}

/// One `--vary NAME=FROM...TO`: a number of the scene's state (a `number`, a field of a `size`
/// or `point`, a number field of a record) and the values it takes.
struct SweepAxis {
    /// The most steps along one axis (a sweep of two has at most its square).
    static let mostSteps = 40
    let path: String
    let from: Double
    let to: Double
    let values: [Double]

    init(parsing text: String, steps: Int, schema: StateSchema, file: String) throws {
        func fail(_ message: String, _ hint: String) -> ProofsheetError {
            .usage("--vary '\(excerpt(text))': \(message) (for \(file))", hint: hint)
        }
        let numeric = Self.numericPaths(schema)
        let listing = numeric.isEmpty ? "this scene's state has no numbers" : "the numbers of the state: \(numeric.joined(separator: ", "))"
        guard let eq = text.firstIndex(of: "="), let dots = text.range(of: "...", range: eq..<text.endIndex) else {
            throw fail("expected NAME=FROM...TO", "e.g. --vary 'drag.width=-200...200'; \(listing)")
        }
        path = String(text[..<eq]).trimmingCharacters(in: .whitespaces)
        guard numeric.contains(path) else {
            let head = String(path.split(separator: ".", omittingEmptySubsequences: false).first ?? "")
            if let v = schema[head] {
                let close = closeNames(to: path, in: numeric)
                throw fail(
                    "'\(excerpt(path))' is not a number of the state ('\(v.name)' has the type \(v.type))",
                    (close.isEmpty ? "" : "did you mean '\(close[0])'? ") + listing)
            }
            let close = closeNames(to: path, in: numeric + schema.variables.map(\.name))
            throw fail("the scene has no state named '\(excerpt(head))'", (close.isEmpty ? "" : "did you mean '\(close[0])'? ") + listing)
        }
        let bounds = [text[text.index(after: eq)..<dots.lowerBound], text[dots.upperBound...]].map { $0.trimmingCharacters(in: .whitespaces) }
        guard let lo = decimalNumber(bounds[0]), let hi = decimalNumber(bounds[1]), abs(lo) <= 1e6, abs(hi) <= 1e6 else {
            throw fail("FROM and TO must be numbers within ±1000000", "e.g. --vary '\(path)=-200...200'")
        }
        guard lo != hi else { throw fail("the range is empty (\(fmt(lo)) to \(fmt(hi)))", "give two different ends") }
        from = lo; to = hi
        values = (0..<steps).map { lo + (hi - lo) * Double($0) / Double(steps - 1) }
    }

    /// The state's numbers by path: `width`, `drag.width`, `card.x`.
    static func numericPaths(_ schema: StateSchema) -> [String] {
        func paths(_ type: StateType, _ prefix: String) -> [String] {
            switch type.wrapped {
            case .number: return [prefix]
            case .size: return [prefix + ".width", prefix + ".height"]
            case .point: return [prefix + ".x", prefix + ".y"]
            case .record(let fields): return fields.flatMap { paths($0.type, prefix + "." + $0.name) }
            default: return []
            }
        }
        return schema.variables.flatMap { paths($0.type, $0.name) }
    }
}

import Foundation
import ProofsheetCairo
import ProofsheetLayout
import ProofsheetSheets

/// A sweep drawn by ``Renderer/writeSweep(of:axes:still:sets:framing:columns:name:style:thumbnailScale:output:to:)``:
/// the number of states and the sheet's size.
public struct WrittenSweep: Sendable {
    public var states: Int
    public var width: Int
    public var height: Int
}

extension Renderer {
    /// Writes a sweep of `template` to `path`: one state value (or two, as a grid: the first
    /// across, the second down) across `axes`' values, from the still `still` (nil: the
    /// defaults) with `sets` over it, each state framed by `framing` as a timeline's frames are,
    /// laid out as a contact sheet labelled with the values. What `proofsheet sweep` writes;
    /// `name` is the scene's name in the title.
    ///
    /// - Throws: a usage error for a base state that is wrong or two axes on one value; a
    ///   bad-input error when a state changes the canvas size.
    @discardableResult
    public func writeSweep(
        of template: SceneTemplate, axes: [SweepAxis], still: String? = nil, sets: [String] = [], framing: TimelineFraming = TimelineFraming(),
        columns: Int? = nil, name: String, style: ContactSheet.Style = ContactSheet.Style(), thumbnailScale: Double = 0.5, output: SheetOutput,
        to path: String
    ) throws -> WrittenSweep {
        guard (1...2).contains(axes.count) else {
            throw ProofsheetError.usage("sweep varies one or two values (a row, or a grid), not \(axes.count)")
        }
        if axes.count == 2, axes[0].path == axes[1].path {
            throw ProofsheetError.usage("--vary names '\(axes[0].path)' twice", hint: "vary two different values, e.g. drag.width and drag.height")
        }
        // The base state (a still, --set) is checked before anything is drawn.
        _ = try template.state(still: still, sets: sets)
        func scene(_ values: [Double]) throws -> Scene {
            let state = try template.state(still: still, sets: sets + zip(axes, values).map { "\($0.path)=\(fmt($1))" })
            // A state drawn as a timeline's frames are.
            let s = framing.apply(try template.instantiate(state))
            try s.validateSize()
            return s
        }
        // Cells: the first value across, the second down.
        let cells: [[Double]] =
            axes.count == 1 ? axes[0].values.map { [$0] } : axes[1].values.flatMap { b in axes[0].values.map { a in [a, b] } }
        let first = try scene(cells[0])
        let size = first.canvas
        let steps = axes[0].values.count
        let deviceLabel = first.device?.name ?? "\(fmt(size.width))×\(fmt(size.height)) pt"
        let ranges =
            axes.count == 1
            ? "\(axes[0].path) from \(fmt(axes[0].from)) to \(fmt(axes[0].to))"
            : "\(axes[0].path) \(fmt(axes[0].from))…\(fmt(axes[0].to)) across × \(axes[1].path) \(fmt(axes[1].from))…\(fmt(axes[1].to)) down"
        let from = still.map { " · still \($0)" } ?? ""
        let title = "\(name) — sweep \(ranges) · \(steps) steps · \(deviceLabel)\(from)"
        /// A cell's values, `-150` or for a grid `-150, 40` (the names are in the title: a label
        /// stays short enough for a small thumbnail).
        func caption(_ values: [Double]) -> String { values.map { fmt(($0 * 1000).rounded() / 1000) }.joined(separator: ", ") }
        let stubs = cells.enumerated().map {
            SheetFrame(
                index: $0.offset, time: 0, events: [], picture: DisplayList(size: size, background: nil, items: []), caption: caption($0.element))
        }
        let sheet = ContactSheet(
            title: title, frames: stubs, columns: axes.count == 2 ? steps : columns ?? steps, thumbnailScale: thumbnailScale, style: style)
        var writer = output
        writer.assetRoots = first.assetRoots
        let px = try writer.write(sheet, to: path) { body in
            for (k, values) in cells.enumerated() {
                let s = k == 0 ? first : try scene(values)
                guard s.canvas == size else {
                    throw ProofsheetError.badInput(
                        "\(caption(values)) changes the canvas size of \(template.file ?? name); a sweep's cells must all be one size")
                }
                let list = try layout(s).displayList
                try body(SheetFrame(index: k, time: 0, events: [], picture: list, caption: caption(values)))
            }
        }
        return WrittenSweep(states: cells.count, width: px.width, height: px.height)
    }
}

/// One `--vary NAME=FROM...TO`: a number of the scene's state (a `number`, a field of a `size`
/// or `point`, a number field of a record) and the values it takes.
public struct SweepAxis: Sendable {
    /// The most steps along one axis (a sweep of two has at most its square).
    public static let mostSteps = 40
    public let path: String
    public let from: Double
    public let to: Double
    public let values: [Double]

    /// The axis `text` (`NAME=FROM...TO`) names among `schema`'s numbers, taking `steps` values
    /// from FROM to TO, both ends included; `file` names the scene in messages.
    ///
    /// - Throws: a usage error naming what is wrong and the state's numbers.
    public init(parsing text: String, steps: Int, schema: StateSchema, file: String) throws {
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
    public static func numericPaths(_ schema: StateSchema) -> [String] {
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

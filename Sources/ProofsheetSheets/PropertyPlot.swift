import ProofsheetCore
import ProofsheetLayout
import ProofsheetScene

/// An animated property of a named view, as `--plot` names it: `#card-0.offset.x`.
public struct PlottedProperty: Sendable, Hashable {
    /// What can be plotted of a view (its effects through its modifiers, and its frame).
    public enum Property: String, Sendable, CaseIterable {
        case offsetX = "offset.x"
        case offsetY = "offset.y"
        case rotation
        case scaleX = "scale.x"
        case scaleY = "scale.y"
        case opacity
        case blur
        case x = "frame.x"
        case y = "frame.y"
        case width = "frame.width"
        case height = "frame.height"

        /// The unit shown beside the values.
        public var unit: String {
            switch self {
            case .rotation: return "°"
            case .scaleX, .scaleY, .opacity: return "×"
            default: return "pt"
            }
        }

        /// The property of `view` (its effects summed along its modifiers: `effects`).
        public func value(_ view: ResolvedView, _ effects: ResolvedView.Effects) -> Double {
            switch self {
            case .offsetX: return effects.offset.x
            case .offsetY: return effects.offset.y
            case .rotation: return effects.rotation.degrees
            case .scaleX: return effects.scale.x
            case .scaleY: return effects.scale.y
            case .opacity: return effects.opacity
            case .blur: return effects.blur
            case .x: return view.frame.minX
            case .y: return view.frame.minY
            case .width: return view.frame.width
            case .height: return view.frame.height
            }
        }
    }

    public var id: String
    public var property: Property

    /// The names `--plot` takes after the view's id, for help and hints (`scale` is `scale.x`).
    public static let names = Property.allCases.map(\.rawValue)

    /// Reads `#id.property` (the `#` may be left out).
    public init(parsing text: String, option: String = "--plot") throws {
        let body = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard let dot = body.firstIndex(of: "."), dot != body.startIndex, body.index(after: dot) != body.endIndex else {
            throw ProofsheetError.usage(
                "\(option) '\(excerpt(text))': expected #VIEW.PROPERTY",
                hint: "e.g. \(option) '#card-0.offset.x'; the properties: \(Self.names.joined(separator: ", "))")
        }
        id = String(body[..<dot])
        let name = String(body[body.index(after: dot)...])
        guard let p = Property(rawValue: name == "scale" ? "scale.x" : name) else {
            let close = closeNames(to: name, in: Self.names)
            throw ProofsheetError.usage(
                "\(option) '\(excerpt(text))': a view has no property '\(excerpt(name))'",
                hint: (close.isEmpty ? "" : "did you mean '\(close[0])'? ") + "the properties: \(Self.names.joined(separator: ", "))")
        }
        property = p
    }

    public var label: String { "#\(id).\(property.rawValue)" }
}

/// A panel of properties against time: one chart per property, its line sampled finely and a
/// marker at each frame on the sheet, numbered as the thumbnails are.
public struct PropertyPlot: Sendable {
    /// One property's values: the fine samples (time, value; nil where the view is not there)
    /// and the sheet's frames (index, time, value).
    public struct Series: Sendable {
        public var label: String
        public var unit: String
        public var samples: [(time: Double, value: Double?)]
        public var markers: [(index: Int, time: Double, value: Double?)]
        public init(label: String, unit: String, samples: [(time: Double, value: Double?)], markers: [(index: Int, time: Double, value: Double?)]) {
            self.label = label; self.unit = unit; self.samples = samples; self.markers = markers
        }
    }

    public var series: [Series]
    /// The time axis, seconds.
    public var start: Double
    public var end: Double
    public var style: ContactSheet.Style
    /// The chart's width and each chart's height, in points.
    public var width: Double
    public var chartHeight = 96.0

    public static let lineColor = Color(hex: 0x0A84FF)
    public static let markerColor = Color(hex: 0xFF375F)

    public init(series: [Series], start: Double, end: Double, width: Double, style: ContactSheet.Style) {
        self.series = series; self.start = start; self.end = end; self.width = width; self.style = style
    }

    /// The panel as a view: for each property its name and range, then the chart.
    public func node() -> Node {
        .stack(axis: .vertical, alignment: 0, spacing: style.spacing, children: series.map(chart))
    }

    /// The value range drawn: the values' own, widened when flat.
    static func range(_ s: Series) -> (lo: Double, hi: Double)? {
        let values = s.samples.compactMap(\.value) + s.markers.compactMap(\.value)
        guard var lo = values.min(), var hi = values.max() else { return nil }
        if hi - lo < 1e-9 { lo -= 1; hi += 1 }
        return (lo, hi)
    }

    /// Where (time, value) lies in a chart of `size` (a 6-point inset keeps markers whole).
    public static func place(_ t: Double, _ v: Double, start: Double, end: Double, lo: Double, hi: Double, size: Size) -> Point {
        let inset = 6.0
        let x = inset + (t - start) / max(end - start, 1e-9) * (size.width - 2 * inset)
        let y = inset + (hi - v) / (hi - lo) * (size.height - 2 * inset)
        return Point(x: x, y: y)
    }

    /// The chart's drawing: a zero line when zero is in range, the line, the markers.
    public func drawing(_ s: Series) -> DisplayList {
        let size = Size(width: width, height: chartHeight)
        var items: [DisplayItem] = [.fill(.rect(Rect(x: 0, y: 0, width: size.width, height: size.height)), .color(Color(hex: 0xFFFFFF)))]
        items.append(.stroke(.rect(Rect(x: 0.5, y: 0.5, width: size.width - 1, height: size.height - 1)), .color(style.border), lineWidth: 1))
        guard let (lo, hi) = Self.range(s) else { return DisplayList(size: size, background: nil, items: items) }
        func at(_ t: Double, _ v: Double) -> Point { Self.place(t, v, start: start, end: end, lo: lo, hi: hi, size: size) }
        if lo < 0, hi > 0 {
            items.append(.stroke(.polyline([at(start, 0), at(end, 0)], closed: false), .color(style.border), lineWidth: 1))
        }
        // The line, broken where the view is not there.
        var run: [Point] = []
        func endRun() {
            if run.count >= 2 { items.append(.stroke(.polyline(run, closed: false), .color(Self.lineColor), lineWidth: 1.5)) }
            run = []
        }
        for sample in s.samples {
            if let v = sample.value { run.append(at(sample.time, v)) } else { endRun() }
        }
        endRun()
        for m in s.markers {
            guard let v = m.value else { continue }
            let p = at(m.time, v)
            items.append(.fill(.ellipse(Rect(x: p.x - 3.5, y: p.y - 3.5, width: 7, height: 7)), .color(Self.markerColor)))
        }
        return DisplayList(size: size, background: nil, items: items)
    }

    func chart(_ s: Series) -> Node {
        let range = Self.range(s)
        let rangeText = range.map { "\(fmt(($0.lo * 10).rounded() / 10)) … \(fmt(($0.hi * 10).rounded() / 10)) \(s.unit)" } ?? "not in these frames"
        let heading = ContactSheet.text("\(s.label)   \(rangeText)", size: style.labelSize, weight: 600, color: style.labelColor)
        let picture: Node = .modified(.picture(drawing(s)), .frame(width: width, height: chartHeight, alignment: .center))
        let times = ContactSheet.text(
            "\(Int((start * 1000).rounded())) ms … \(Int((end * 1000).rounded())) ms · a dot for each frame on the sheet",
            size: style.labelSize * 0.9, weight: 400,
            color: style.secondaryColor)
        return .stack(axis: .vertical, alignment: 0, spacing: 4, children: [heading, picture, times])
    }
}

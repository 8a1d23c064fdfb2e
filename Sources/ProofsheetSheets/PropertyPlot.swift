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
        // A property after another separator (`card-0:offset.x`): say how it is written.
        if let p = Self.names.sorted(by: { $0.count > $1.count }).first(where: { body.hasSuffix($0) }) {
            let view = body.dropLast(p.count)
            if let sep = view.last, sep != ".", view.count > 1, !(sep.isLetter || sep.isNumber) {
                throw ProofsheetError.usage(
                    "\(option) '\(excerpt(text))': expected #VIEW.PROPERTY, with a dot before the property",
                    hint: "did you mean '#\(excerpt(view.dropLast())).\(p)'?")
            }
        }
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
    /// What happened on the way (time, name), drawn as lines across the charts.
    public var events: [(time: Double, name: String)] = []

    public static let lineColor = Color(hex: 0x0A84FF)
    public static let markerColor = Color(hex: 0xFF375F)
    public static let eventColor = Color(hex: 0xFF9F0A)
    public static let gridColor = Color(hex: 0xE5E5EA)

    public init(series: [Series], start: Double, end: Double, width: Double, style: ContactSheet.Style) {
        self.series = series; self.start = start; self.end = end; self.width = width; self.style = style
    }

    /// The panel as a view: for each property its name and range, then the chart.
    public func node() -> Node {
        .stack(axis: .vertical, alignment: 0, spacing: style.spacing, children: series.map(chart))
    }

    /// The time between ticks on the axis: the smallest of 10, 20, 50 ms … 1 min that makes at
    /// most 8 steps of the span.
    public static func tickStep(span: Double) -> Double {
        let steps = [0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60]
        return steps.first { span / $0 <= 8 + 1e-9 } ?? (span / 8).rounded(.up)
    }

    /// The instants of the ticks from `start` to `end` (whole multiples of the step).
    public var ticks: [Double] {
        let step = Self.tickStep(span: max(end - start, 1e-3))
        var out: [Double] = []
        var k = (start / step - 1e-9).rounded(.up)
        while k * step <= end + 1e-9, out.count < 64 {
            out.append(k * step)
            k += 1
        }
        return out
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
        // The time axis's ticks across the chart, and the events as lines of their own.
        for t in ticks {
            let x = at(t, lo).x
            items.append(
                .stroke(.polyline([Point(x: x, y: 1), Point(x: x, y: size.height - 1)], closed: false), .color(Self.gridColor), lineWidth: 1))
        }
        for e in events where e.time >= start - 1e-9 && e.time <= end + 1e-9 {
            let x = at(e.time, lo).x
            items.append(
                .stroke(.polyline([Point(x: x, y: 1), Point(x: x, y: size.height - 1)], closed: false), .color(Self.eventColor), lineWidth: 1))
        }
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
        // The range as the values are (the chart's top and bottom), not rounded.
        let rangeText = range.map { "\(fmt($0.lo)) … \(fmt($0.hi)) \(s.unit)" } ?? "not in these frames"
        let heading = ContactSheet.text("\(s.label)   \(rangeText)", size: style.labelSize, weight: 600, color: style.labelColor)
        let picture: Node = .modified(.picture(drawing(s)), .frame(width: width, height: chartHeight, alignment: .center))
        // Each tick's time under it (the last kept inside the chart's width).
        let size = Size(width: width, height: chartHeight)
        let labelSize = style.labelSize * 0.9
        let tickLabels: [Node] = ticks.map { t in
            let text = "\(Int((t * 1000).rounded())) ms"
            let x = Self.place(t, 0, start: start, end: end, lo: -1, hi: 1, size: size).x
            let estimate = Double(text.count) * labelSize * 0.6
            return .modified(
                ContactSheet.text(text, size: labelSize, weight: 400, color: style.secondaryColor),
                .offset(x: min(max(0, x - estimate / 2), width - estimate), y: 0))
        }
        let axis: Node = .modified(.zstack(alignment: .topLeading, children: tickLabels), .frame(width: width, height: nil, alignment: .topLeading))
        var caption = "a dot for each frame on the sheet"
        if !events.isEmpty {
            // The events by instant: `400 ms release, card removed`.
            var byInstant: [(ms: Int, names: [String])] = []
            for e in events {
                let ms = Int((e.time * 1000).rounded())
                if byInstant.last?.ms == ms { byInstant[byInstant.count - 1].names.append(e.name) } else { byInstant.append((ms, [e.name])) }
            }
            // At most 12 instants are named (the caption is two lines); the lines show them all.
            let named = byInstant.prefix(12).map { "\($0.ms) ms \($0.names.prefix(8).joined(separator: ", "))" }
            caption += " · events (orange): " + named.joined(separator: " · ")
            if byInstant.count > 12 { caption += " · \(byInstant.count - 12) more instants" }
        }
        let note: Node = .modified(
            .modified(ContactSheet.text(caption, size: labelSize, weight: 400, color: style.secondaryColor), .environment(.lineLimit(2))),
            .frame(width: width, height: nil, alignment: .leading))
        return .stack(axis: .vertical, alignment: 0, spacing: 4, children: [heading, picture, axis, note])
    }
}

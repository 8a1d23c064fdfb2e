import ProofsheetCore
import ProofsheetScene

/// A storyboard: a timeline's key frames as panels (each numbered, with its instant and what
/// happened since the panel before), the fingers drawn on them (the path each took, an arrow for
/// the drag), and a ruler under them that places the panels on the time axis and says the time
/// between them.
///
/// Like ``ContactSheet`` it is an ordinary view: each panel is a `Node.picture` of the frame's
/// display list, so in SVG and PDF the frames stay vector, their text stays text, and a photo
/// shown in every panel is stored once.
public struct Storyboard: Sendable {
    /// How the board looks; the defaults suit a review.
    public struct Style: Sendable {
        /// Space between panels, in points.
        public var spacing = 20.0
        /// Space around the board, in points.
        public var margin = 28.0
        public var background: Color? = Color(hex: 0xF2F2F7)
        /// The captions' point size (the title is 1.5 times as large).
        public var labelSize = 11.0
        public var labelColor = Color(hex: 0x1C1C1E)
        /// Events, the ruler's figures and other secondary text.
        public var secondaryColor = Color(hex: 0x3C3C43, alpha: 0.6)
        /// The hairline around each panel and the ruler's lines.
        public var border = Color(hex: 0x3C3C43, alpha: 0.29)
        /// Fingers, their paths and drag arrows, and the touches' spans on the ruler.
        public var touch = Color(hex: 0x007AFF)
        public init() {}
    }

    public var title: String
    /// A line under the title (device, panel count…).
    public var subtitle: String
    public var panels: [StoryboardPanel]
    /// The ruler's span, from 0 (at least the last panel's instant).
    public var end: Double
    /// When each finger was on the screen, for the ruler.
    public var touchSpans: [ClosedRange<Double>]
    /// Panels per row.
    public var columns: Int
    /// A panel's size as a fraction of the frame's size in points.
    public var panelScale: Double
    public var style: Style

    public init(
        title: String, subtitle: String, panels: [StoryboardPanel], end: Double, touchSpans: [ClosedRange<Double>] = [], columns: Int,
        panelScale: Double, style: Style = Style()
    ) {
        self.title = title; self.subtitle = subtitle; self.panels = panels; self.end = end; self.touchSpans = touchSpans
        self.columns = max(1, columns); self.panelScale = panelScale; self.style = style
    }

    /// The lines of events a caption shows, at most.
    public static let eventLines = 3

    /// The board as a view.
    public func node() -> Node {
        let numbered = Array(panels.enumerated())
        let rows = stride(from: 0, to: numbered.count, by: columns).map { Array(numbered[$0..<min($0 + columns, numbered.count)]) }
        let grid: Node = .stack(
            axis: .vertical, alignment: 0, spacing: style.spacing,
            children: rows.map { row in
                .stack(axis: .horizontal, alignment: 0, spacing: style.spacing, children: row.map { cell($0.offset, $0.element) })
            })
        let heading: Node = .stack(
            axis: .vertical, alignment: 0, spacing: 3,
            children: [
                text(title, size: style.labelSize * 1.5, weight: 600, color: style.labelColor),
                text(subtitle, size: style.labelSize, weight: 400, color: style.secondaryColor)
            ])
        var root: Node = .stack(axis: .vertical, alignment: 0, spacing: style.spacing, children: [heading, grid, ruler()])
        root = .modified(root, .padding(EdgeInsets(all: style.margin)))
        return .modified(root, .id("storyboard"))
    }

    /// A panel's size on the board.
    var panelSize: Size {
        let size = panels.first?.picture.size ?? Size(width: 1, height: 1)
        return Size(width: size.width * panelScale, height: size.height * panelScale)
    }

    /// The grid's width (the ruler's).
    var gridWidth: Double {
        let n = Double(min(columns, max(1, panels.count)))
        return n * panelSize.width + (n - 1) * style.spacing
    }

    // MARK: - Panels

    /// A panel with its number, the fingers drawn on it, and its caption.
    func cell(_ k: Int, _ p: StoryboardPanel) -> Node {
        let w = panelSize.width, h = panelSize.height
        var picture = p.picture
        picture.items += touchItems(p.touches)
        var frame: Node = .modified(.picture(picture), .frame(width: w, height: h, alignment: .center))
        frame = .modified(frame, .overlay(.strokedShape(.rectangle, paint: .color(style.border), lineWidth: 1, inside: true), alignment: .center))
        frame = .modified(frame, .id("panel-\(k + 1)"))
        // The number leads the caption, off the picture: nothing of the screen is covered (the
        // status bar's time is at the top-leading corner, at any panel scale).
        let heading: Node = .stack(
            axis: .horizontal, alignment: 0.5, spacing: 6,
            children: [
                .modified(badge(k + 1), .id("badge-\(k + 1)")),
                text("\(Self.milliseconds(p.time)) ms", size: style.labelSize, weight: 600, color: style.labelColor)
            ])
        var events = text(caption(p), size: style.labelSize * 0.9, weight: 400, color: style.secondaryColor)
        events = .modified(events, .environment(.lineLimit(Self.eventLines)))
        let eventsHeight = (style.labelSize * 0.9 * 1.25).rounded(.up) * Double(Self.eventLines)
        events = .modified(events, .frame(width: w, height: eventsHeight, alignment: .topLeading))
        var lines: [Node] = [.modified(heading, .frame(width: w, height: nil, alignment: .leading))]
        // The drag, in the arrows' colour, on a line of its own on every panel when any panel has
        // one (so that the rows' captions line up).
        if panels.contains(where: { dragCaption($0) != nil }) {
            let drag = text(dragCaption(p) ?? " ", size: style.labelSize * 0.9, weight: 500, color: style.touch)
            lines.append(.modified(.modified(drag, .environment(.lineLimit(1))), .frame(width: w, height: nil, alignment: .leading)))
        }
        lines.append(events)
        let labels: Node = .stack(axis: .vertical, alignment: 0, spacing: 2, children: lines)
        return .stack(axis: .vertical, alignment: 0, spacing: 6, children: [frame, labels])
    }

    /// What a caption says under the instant: why the panel is there, the events since the panel
    /// before (with their own instant when earlier), and each drag.
    public func caption(_ p: StoryboardPanel) -> String {
        var parts: [String] = []
        switch p.kind {
        case .start: parts.append("start")
        case .settled: parts.append("settled")
        case .beforeRelease: parts.append("before release")
        case .midAnimation: parts.append("mid-animation")
        case .event, .between: break
        }
        for e in p.events {
            let ms = Self.milliseconds(e.time)
            parts.append(ms == Self.milliseconds(p.time) ? e.name : "\(e.name) (\(ms) ms)")
        }
        return parts.isEmpty ? " " : parts.joined(separator: " · ")
    }

    /// Each finger's drag on a panel, as the arrow shows it: `drag +146, +10 pt` (nil: none).
    public func dragCaption(_ p: StoryboardPanel) -> String? {
        var parts: [String] = []
        for t in p.touches {
            guard let v = t.vector else { continue }
            let dx = v.to.x - v.from.x, dy = v.to.y - v.from.y
            guard (dx * dx + dy * dy).squareRoot() >= 1 else { continue }
            parts.append("drag \(Self.signed(dx)), \(Self.signed(dy)) pt")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// A number in a dark disc (on a panel and on the ruler).
    func badge(_ n: Int) -> Node {
        let d = 20.0
        let label = text("\(n)", size: style.labelSize * 0.9, weight: 700, color: .white)
        return .modified(
            .zstack(alignment: .center, children: [.shape(.circle, fill: .color(style.labelColor)), label]),
            .frame(width: d, height: d, alignment: .center))
    }

    /// The fingers on a frame, in its points: each finger's path (a wide translucent line), the
    /// drag as an arrow from where it went down, and the finger (a disc while down, a ring where
    /// it lifted). Lines keep their width on the board whatever the panel's scale.
    public func touchItems(_ touches: [TouchTrace]) -> [DisplayItem] {
        let u = 1 / max(panelScale, 0.01)
        let accent = style.touch, white = Color(hex: 0xFFFFFF, alpha: 0.9)
        var items: [DisplayItem] = []
        for t in touches {
            guard let v = t.vector else { continue }
            if t.path.count > 1 {
                items.append(.stroke(.polyline(t.path, closed: false), .color(accent.withAlpha(0.3)), lineWidth: 7 * u))
            }
            let dx = v.to.x - v.from.x, dy = v.to.y - v.from.y, length = (dx * dx + dy * dy).squareRoot()
            let head = 9 * u
            if length > head {
                let ux = dx / length, uy = dy / length
                let neck = Point(x: v.to.x - ux * head, y: v.to.y - uy * head)
                let wing = head * 0.55
                let arrow: [Point] = [
                    v.to, Point(x: neck.x - uy * wing, y: neck.y + ux * wing), Point(x: neck.x + uy * wing, y: neck.y - ux * wing)
                ]
                items.append(.stroke(.polyline([v.from, neck], closed: false), .color(white), lineWidth: 4.5 * u))
                items.append(.stroke(.polyline(arrow, closed: true), .color(white), lineWidth: 2.5 * u))
                items.append(.stroke(.polyline([v.from, neck], closed: false), .color(accent), lineWidth: 2 * u))
                items.append(.fill(.polyline(arrow, closed: true), .color(accent)))
            }
            let r = 4 * u
            let start = Rect(x: v.from.x - r, y: v.from.y - r, width: 2 * r, height: 2 * r)
            items.append(.fill(.ellipse(start), .color(accent)))
            items.append(.stroke(.ellipse(start), .color(white), lineWidth: 1.5 * u))
            // A fingertip's size on the screen.
            let f = 22.0
            let finger = Rect(x: v.to.x - f, y: v.to.y - f, width: 2 * f, height: 2 * f)
            if t.isDown { items.append(.fill(.ellipse(finger), .color(accent.withAlpha(0.22)))) }
            items.append(.stroke(.ellipse(finger), .color(accent.withAlpha(t.isDown ? 0.9 : 0.55)), lineWidth: 2 * u))
        }
        return items
    }

    // MARK: - The ruler

    /// The time axis under the panels: ticks with their instants, each panel's number where its
    /// instant falls (numbers that would touch step up a row), the time between consecutive
    /// panels, and a band where a finger was on the screen.
    func ruler() -> Node {
        let width = gridWidth
        let inset = 10.0
        let span = max(end, panels.last?.time ?? 0, 0.001)
        func x(_ t: Double) -> Double { inset + (width - 2 * inset) * t / span }
        let d = 20.0, rowStep = d + 4
        // Badge rows: a badge goes in the first row where it clears the one before.
        var rowOf: [Int] = [], lastX: [Double] = []
        for p in panels {
            let px = x(p.time)
            var row = lastX.firstIndex { px - $0 >= d + 2 } ?? lastX.count
            if row >= 3 { row = lastX.indices.min { lastX[$0] < lastX[$1] } ?? 0 }
            if row == lastX.count { lastX.append(px) } else { lastX[row] = px }
            rowOf.append(row)
        }
        let rows = Double(max(1, lastX.count))
        let smallLine = (style.labelSize * 0.9 * 1.25).rounded(.up)
        let deltaTop = rows * rowStep + 2, deltaHeight = smallLine
        let axisY = deltaTop + deltaHeight + 6
        let tickLabelTop = axisY + 8
        let height = tickLabelTop + smallLine

        var lines: [DisplayItem] = []
        for s in touchSpans {
            let a = x(s.lowerBound), b = max(x(s.upperBound), a + 6)
            lines.append(.fill(.capsule(Rect(x: a - 3, y: axisY - 3, width: b - a + 6, height: 6)), .color(style.touch.withAlpha(0.3))))
        }
        lines.append(.stroke(.polyline([Point(x: 0, y: axisY), Point(x: width, y: axisY)], closed: false), .color(style.border), lineWidth: 1))
        var labels: [Node] = []
        let step = Self.tickStep(span: span, width: width - 2 * inset, minimumGap: 64)
        var k = 0
        while Double(k) * step <= span + 1e-9 {
            let t = Double(k) * step, tx = x(t)
            lines.append(.stroke(.polyline([Point(x: tx, y: axisY), Point(x: tx, y: axisY + 4)], closed: false), .color(style.border), lineWidth: 1))
            labels.append(
                place(
                    text("\(Self.milliseconds(t)) ms", size: style.labelSize * 0.9, weight: 400, color: style.secondaryColor), x: tx, y: tickLabelTop,
                    width: 64, height: smallLine))
            k += 1
        }
        for (i, p) in panels.enumerated() {
            let px = x(p.time), top = Double(rowOf[i]) * rowStep + d
            lines.append(.stroke(.polyline([Point(x: px, y: top), Point(x: px, y: axisY)], closed: false), .color(style.labelColor), lineWidth: 1))
            lines.append(.fill(.ellipse(Rect(x: px - 2.5, y: axisY - 2.5, width: 5, height: 5)), .color(style.labelColor)))
            labels.append(place(.modified(badge(i + 1), .id("mark-\(i + 1)")), x: px, y: Double(rowOf[i]) * rowStep, width: d, height: d))
        }
        // The time between consecutive panels, where it fits between their stems.
        for (a, b) in zip(panels, panels.dropFirst()) {
            let gap = x(b.time) - x(a.time)
            let label = "+\(Self.milliseconds(b.time) - Self.milliseconds(a.time)) ms"
            guard gap >= Double(label.count) * style.labelSize * 0.55 + 8 else { continue }
            labels.append(
                place(
                    text(label, size: style.labelSize * 0.9, weight: 500, color: style.labelColor), x: (x(a.time) + x(b.time)) / 2, y: deltaTop,
                    width: gap - 4, height: smallLine))
        }
        let drawing: Node = .modified(
            .picture(DisplayList(size: Size(width: width, height: height), background: nil, items: lines)),
            .frame(width: width, height: height, alignment: .center))
        return .modified(
            .modified(.zstack(alignment: .topLeading, children: [drawing] + labels), .frame(width: width, height: height, alignment: .topLeading)),
            .id("ruler"))
    }

    /// `node` in a box `width`×`height` centred on `x`, its top at `y`.
    func place(_ node: Node, x: Double, y: Double, width: Double, height: Double) -> Node {
        .modified(.modified(node, .frame(width: width, height: height, alignment: .center)), .position(x: x, y: y + height / 2))
    }

    /// The ruler's step between ticks: 1, 2, 2.5 or 5 times a power of ten milliseconds, the
    /// smallest that leaves `minimumGap` points between ticks.
    static func tickStep(span: Double, width: Double, minimumGap: Double) -> Double {
        var unit = 0.001
        while true {
            for m in [1.0, 2, 2.5, 5] where width * (unit * m) / span >= minimumGap { return unit * m }
            unit *= 10
            if unit > 1000 { return span }
        }
    }

    // MARK: - Text

    func text(_ s: String, size: Double, weight: Int, color: Color) -> Node {
        var n: Node = .text(s)
        n = .modified(n, .environment(.font(FontSpec(size: size, weight: weight, lineHeight: (size * 1.25).rounded(.up)))))
        return .modified(n, .environment(.foreground(.color(color))))
    }

    /// An instant in whole milliseconds.
    static func milliseconds(_ t: Double) -> Int { Int((t * 1000).rounded(.toNearestOrAwayFromZero)) }

    /// A length in whole points with its sign.
    static func signed(_ v: Double) -> String {
        let n = Int(v.rounded(.toNearestOrAwayFromZero))
        return n > 0 ? "+\(n)" : "\(n)"
    }
}

extension Color {
    fileprivate func withAlpha(_ a: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha * a) }
}

import ProofsheetCore
import ProofsheetScene

/// One frame on a sheet: its number, time, what happened since the frame before, and its
/// drawing.
public struct SheetFrame: Sendable {
    public var index: Int
    public var time: Double
    public var events: [String]
    public var picture: DisplayList

    public init(index: Int, time: Double, events: [String], picture: DisplayList) {
        self.index = index; self.time = time; self.events = events; self.picture = picture
    }
}

/// A contact sheet: frames in a grid (or a row), each labelled with its number, its time in
/// milliseconds and the events since the frame before, under a title.
///
/// The sheet is an ordinary view: each thumbnail is a `Node.picture` of the frame's display
/// list, so it goes through layout and every backend — vector in SVG and PDF, drawn at the
/// sheet's own scale in PNG (never rendered full size and shrunk).
public struct ContactSheet: Sendable {
    /// How the sheet looks; the defaults suit a review.
    public struct Style: Sendable {
        /// Space between thumbnails, in points.
        public var spacing = 16.0
        /// Space around the grid, in points.
        public var margin = 24.0
        public var background: Color? = Color(hex: 0xF2F2F7)
        /// The labels' point size (the title is 1.5 times as large).
        public var labelSize = 11.0
        public var labelColor = Color(hex: 0x1C1C1E)
        /// Events and other secondary text.
        public var secondaryColor = Color(hex: 0x3C3C43, alpha: 0.6)
        /// The hairline around each thumbnail (so a white screen shows on a light sheet).
        public var border = Color(hex: 0x3C3C43, alpha: 0.29)
        public init() {}
    }

    public var title: String
    public var frames: [SheetFrame]
    /// Thumbnails per row (a single row when it is at least the number of frames).
    public var columns: Int
    /// A thumbnail's size as a fraction of the frame's size in points.
    public var thumbnailScale: Double
    public var style: Style

    public init(title: String, frames: [SheetFrame], columns: Int, thumbnailScale: Double, style: Style = Style()) {
        self.title = title; self.frames = frames; self.columns = max(1, columns); self.thumbnailScale = thumbnailScale; self.style = style
    }

    /// The lines of events a label shows under a thumbnail, at most.
    public static let eventLines = 2

    /// The sheet as a view.
    public func node() -> Node {
        let rows = stride(from: 0, to: frames.count, by: columns).map { Array(frames[$0..<min($0 + columns, frames.count)]) }
        let grid: Node = .stack(
            axis: .vertical, alignment: 0, spacing: style.spacing,
            children: rows.map { row in .stack(axis: .horizontal, alignment: 0, spacing: style.spacing, children: row.map(cell)) })
        let heading = Self.text(title, size: style.labelSize * 1.5, weight: 600, color: style.labelColor)
        var root: Node = .stack(axis: .vertical, alignment: 0, spacing: style.spacing, children: [heading, grid])
        root = .modified(root, .padding(EdgeInsets(all: style.margin)))
        return .modified(root, .id("sheet"))
    }

    /// A thumbnail with its labels.
    func cell(_ f: SheetFrame) -> Node {
        let w = f.picture.size.width * thumbnailScale, h = f.picture.size.height * thumbnailScale
        var thumb: Node = .modified(.picture(f.picture), .frame(width: w, height: h, alignment: .center))
        thumb = .modified(thumb, .overlay(.strokedShape(.rectangle, paint: .color(style.border), lineWidth: 1, inside: true), alignment: .center))
        thumb = .modified(thumb, .id("frame-\(f.index)"))
        let ms = Int((f.time * 1000).rounded(.toNearestOrAwayFromZero))
        let label = Self.text("#\(f.index)  \(ms) ms", size: style.labelSize, weight: 600, color: style.labelColor)
        var events = Self.text(
            f.events.isEmpty ? " " : f.events.joined(separator: " · "), size: style.labelSize * 0.9, weight: 400, color: style.secondaryColor)
        events = .modified(events, .environment(.lineLimit(Self.eventLines)))
        let eventsHeight = (style.labelSize * 0.9 * 1.25).rounded(.up) * Double(Self.eventLines)
        events = .modified(events, .frame(width: w, height: eventsHeight, alignment: .topLeading))
        let labels: Node = .stack(
            axis: .vertical, alignment: 0, spacing: 2, children: [.modified(label, .frame(width: w, height: nil, alignment: .leading)), events])
        return .stack(axis: .vertical, alignment: 0, spacing: 6, children: [thumb, labels])
    }

    static func text(_ s: String, size: Double, weight: Int, color: Color) -> Node {
        var n: Node = .text(s)
        n = .modified(n, .environment(.font(FontSpec(size: size, weight: weight, lineHeight: (size * 1.25).rounded(.up)))))
        return .modified(n, .environment(.foreground(.color(color))))
    }
}

import ProofsheetCore
import ProofsheetScene

/// One frame on a sheet: its number, time, what happened since the frame before, and its
/// drawing.
public struct SheetFrame: Sendable {
    public var index: Int
    public var time: Double
    public var events: [String]
    public var picture: DisplayList
    /// The label's first line instead of the number and time (a sweep's values).
    public var caption: String? = nil

    public init(index: Int, time: Double, events: [String], picture: DisplayList, caption: String? = nil) {
        self.index = index; self.time = time; self.events = events; self.picture = picture; self.caption = caption
    }

    /// The haptics among the events (`haptic success` → `success`): they have no pixels, so the
    /// thumbnail carries a badge for each.
    public var haptics: [String] { events.filter { $0.hasPrefix("haptic ") }.map { String($0.dropFirst(7)) } }
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
        /// The badge marking what has no pixels (a haptic) on a thumbnail.
        public var badge = Color(hex: 0x5E5CE6)
        public init() {}
    }

    public var title: String
    public var frames: [SheetFrame]
    /// Thumbnails per row (a single row when it is at least the number of frames).
    public var columns: Int
    /// A thumbnail's size as a fraction of the frame's size in points.
    public var thumbnailScale: Double
    public var style: Style
    /// Panels under the grid (a plot of properties against time).
    public var footer: [Node] = []

    public init(title: String, frames: [SheetFrame], columns: Int, thumbnailScale: Double, style: Style = Style()) {
        self.title = title; self.frames = frames; self.columns = max(1, columns); self.thumbnailScale = thumbnailScale; self.style = style
    }

    /// The lines of events a label shows under a thumbnail, at most.
    public static let eventLines = 3

    /// The sheet as a view.
    public func node() -> Node { sheet(cells: frames.map(cell)) }

    /// The sheet with each cell left empty, `cellSize` points, named `cell-<index>`: what a
    /// streamed raster draws first, the cells painted into their places as frames come.
    public func skeleton(cellSize: Size) -> Node {
        sheet(
            cells: frames.map {
                .modified(
                    .modified(.spacer(minLength: 0), .frame(width: cellSize.width, height: cellSize.height, alignment: .topLeading)),
                    .id("cell-\($0.index)"))
            })
    }

    func sheet(cells: [Node]) -> Node {
        let rows = stride(from: 0, to: cells.count, by: columns).map { Array(cells[$0..<min($0 + columns, cells.count)]) }
        let grid: Node = .stack(
            axis: .vertical, alignment: 0, spacing: style.spacing,
            children: rows.map { row in .stack(axis: .horizontal, alignment: 0, spacing: style.spacing, children: row) })
        let heading = Self.text(title, size: style.labelSize * 1.5, weight: 600, color: style.labelColor)
        var root: Node = .stack(axis: .vertical, alignment: 0, spacing: style.spacing, children: [heading, grid] + footer)
        root = .modified(root, .padding(EdgeInsets(all: style.margin)))
        return .modified(root, .id("sheet"))
    }

    /// A thumbnail with its labels (every cell of a sheet is the same size).
    public func cell(_ f: SheetFrame) -> Node {
        let w = f.picture.size.width * thumbnailScale, h = f.picture.size.height * thumbnailScale
        var thumb: Node = .modified(.picture(f.picture), .frame(width: w, height: h, alignment: .center))
        thumb = .modified(thumb, .overlay(.strokedShape(.rectangle, paint: .color(style.border), lineWidth: 1, inside: true), alignment: .center))
        if !f.haptics.isEmpty {
            thumb = .modified(thumb, .overlay(badges(f.haptics), alignment: .topLeading))
        }
        thumb = .modified(thumb, .id("frame-\(f.index)"))
        let ms = Int((f.time * 1000).rounded(.toNearestOrAwayFromZero))
        // One line, so every cell is the same size.
        let label: Node = .modified(
            Self.text(f.caption ?? "#\(f.index)  \(ms) ms", size: style.labelSize, weight: 600, color: style.labelColor), .environment(.lineLimit(1)))
        var events = Self.text(
            f.events.isEmpty ? " " : f.events.joined(separator: " · "), size: style.labelSize * 0.9, weight: 400, color: style.secondaryColor)
        events = .modified(events, .environment(.lineLimit(Self.eventLines)))
        let eventsHeight = (style.labelSize * 0.9 * 1.25).rounded(.up) * Double(Self.eventLines)
        events = .modified(events, .frame(width: w, height: eventsHeight, alignment: .topLeading))
        let labels: Node = .stack(
            axis: .vertical, alignment: 0, spacing: 2, children: [.modified(label, .frame(width: w, height: nil, alignment: .leading)), events])
        return .stack(axis: .vertical, alignment: 0, spacing: 6, children: [thumb, labels])
    }

    /// A badge for each haptic, in the thumbnail's top-left corner: `⦿ haptic success`.
    func badges(_ haptics: [String]) -> Node {
        let size = style.labelSize * 0.9
        let pills: [Node] = haptics.map { kind in
            var n = Self.text("haptic \(kind)", size: size, weight: 600, color: Color(hex: 0xFFFFFF))
            n = .modified(n, .environment(.lineLimit(1)))
            n = .modified(n, .padding(EdgeInsets(top: 2, leading: 6, bottom: 2, trailing: 6)))
            n = .modified(n, .background(.shape(.capsule, fill: .color(style.badge)), alignment: .center))
            return n
        }
        var stack: Node = .stack(axis: .vertical, alignment: 0, spacing: 3, children: pills)
        stack = .modified(stack, .padding(EdgeInsets(all: 4)))
        return .modified(stack, .id("haptics"))
    }

    static func text(_ s: String, size: Double, weight: Int, color: Color) -> Node {
        var n: Node = .text(s)
        n = .modified(n, .environment(.font(FontSpec(size: size, weight: weight, lineHeight: (size * 1.25).rounded(.up)))))
        return .modified(n, .environment(.foreground(.color(color))))
    }
}

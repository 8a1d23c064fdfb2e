import ProofsheetCore
import ProofsheetScene

/// A view that layout placed partly outside where it belongs: past the space its parent gave it
/// (a fixed frame too small for its content, a stack wider than what it was offered), or past
/// the screen.
///
/// Found from the laid-out frames alone, so what moves a view only in drawing — `offset`,
/// `rotationEffect`, `scaleEffect`, transitions — never counts: a deliberately shifted card is
/// not an overflow. A bitmap image (`scaledToFill` above all) is cropped by design, by a clip or
/// by the screen's edges: it counts only where it spills over the screen around its space with
/// nothing clipping it. Content of a `ScrollView` (and so
/// of a `List`) is left out: it is meant to
/// run past its viewport; so is what `ignoresSafeArea` grows into the safe area, and where
/// `position` puts its view (past the screen still counts). Overflows up to 0.5 pt (rounding of
/// hairlines) are not reported.
public struct Overflow: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// The view is larger than, or placed past, the space its parent placed it in.
        case parent
        /// The view extends past the screen (the canvas).
        case screen
        /// A text cut to fewer lines than it needs by a frame too short for it (the edges and
        /// sizes are its lines' heights: what it needed below what it shows).
        case text
    }
    public var kind: Kind
    /// The view's identity (see ``ViewID``).
    public var identity: ViewID
    /// A readable path: each view's name or `#id`, and its index among its parent's children
    /// (`VStack > HStack[1] > Text "A long title"`).
    public var path: String
    /// How far past, in points, on each edge (0 where it is inside).
    public var edges: EdgeInsets
    /// The view's size, and the size of the space it was placed in (the screen's, for `.screen`).
    public var size: Size, space: Size
    /// The most on any edge, in points.
    public var amount: Double { max(edges.top, edges.leading, edges.bottom, edges.trailing) }

    /// `VStack > Text "…" extends 12.5 pt past its frame (trailing 12.5)`.
    public var message: String {
        if kind == .text {
            return "\(path) is cut short by its frame: \(fmt(Overflow.rounded(size.height))) pt of lines in "
                + "\(fmt(Overflow.rounded(space.height))) (\(fmt(Overflow.rounded(amount))) pt not shown)"
        }
        let sides = [("top", edges.top), ("leading", edges.leading), ("bottom", edges.bottom), ("trailing", edges.trailing)]
            .filter { $0.1 > 0 }.map { "\($0.0) \(fmt(Overflow.rounded($0.1)))" }
        let place = kind == .screen ? "the screen" : "the space its parent gave it"
        func show(_ s: Size) -> String { "\(fmt(Overflow.rounded(s.width)))×\(fmt(Overflow.rounded(s.height)))" }
        return "\(path) extends \(fmt(Overflow.rounded(amount))) pt past \(place) (\(sides.joined(separator: ", ")); "
            + "\(show(size)) pt in \(show(space)))"
    }

    /// Overflows this small are rounding, not content.
    public static let tolerance = 0.5

    static func rounded(_ v: Double) -> Double { (v * 10).rounded() / 10 }
}

extension ResolvedView {
    /// Every overflow in this tree (depth-first, parents first), for a screen of `screen` size
    /// with its top-leading corner at the origin.
    public func overflows(screen: Size) -> [Overflow] {
        var found: [Overflow] = []
        let screenRect = Rect(x: 0, y: 0, width: screen.width, height: screen.height)
        collectOverflows(
            path: readableName(index: nil), parentFrame: nil, parentOnScreen: false, clipped: false, screen: screenRect, into: &found)
        return found
    }

    /// The view's name, its index among its parent's several children, its `#id`: `frame[1] #pair`.
    func readableName(index: Int?) -> String {
        name + (index.map { "[\($0)]" } ?? "") + (id.map { " #\(excerpt($0))" } ?? "")
    }

    /// `path`, and for a modifier (a lower-case name: `padding`, `frame`, `fixedSize`) the view
    /// it modifies: `VStack > fixedSize (of Text "A long title")`.
    func shown(_ path: String) -> String {
        guard name.first?.isLowercase == true, let inner = modifiedView else { return path }
        return path + " (of \(inner.readableName(index: nil)))"
    }

    /// The view a chain of modifiers ends in (a background's or overlay's own view, not its layer).
    var modifiedView: ResolvedView? {
        var v = self
        while v.name.first?.isLowercase == true, let first = v.children.first, v.children.count == 1 || v.isLayer { v = first }
        return v.name.first?.isLowercase == true ? nil : v
    }

    /// A bitmap image, or modifiers around one only (no background or overlay).
    var isPicture: Bool {
        var v = self
        while v.name.first?.isLowercase == true, v.children.count == 1, !v.isLayer { v = v.children[0] }
        if case .image = v.content { return true }
        return false
    }

    private var isLayer: Bool { if case .layer = content { return true } else { return false } }

    private func collectOverflows(
        path: String, parentFrame: Rect?, parentOnScreen: Bool, clipped: Bool, screen: Rect, into found: inout [Overflow]
    ) {
        // A picture (`scaledToFill` above all) is cropped on purpose, by a clip or by the screen's
        // edges: it counts only where it spills, unclipped, over the screen around its space.
        let picture = isPicture
        // `ignoresSafeArea` reaches past its parent into the safe area on purpose.
        if let parentFrame, name != "ignoresSafeArea", !(picture && clipped),
            let edges = Self.excess(of: picture ? Self.clamp(frame, to: screen) : frame, past: parentFrame)
        {
            found.append(Overflow(kind: .parent, identity: identity, path: shown(path), edges: edges, size: frame.size, space: parentFrame.size))
        }
        if case .text(let t) = content, let needed = t.linesNeeded, let shown = t.lineLimit {
            let full = t.font.height(lines: needed), cut = t.font.height(lines: shown)
            found.append(
                Overflow(
                    kind: .text, identity: identity, path: path, edges: EdgeInsets(top: 0, leading: 0, bottom: full - cut, trailing: 0),
                    size: Size(width: frame.width, height: full), space: frame.size))
        }
        // Past the screen: reported where it starts (the parent is on screen), not again for
        // everything inside.
        let onScreen = picture || Self.excess(of: frame, past: screen) == nil
        if !onScreen, parentOnScreen || parentFrame == nil, let edges = Self.excess(of: frame, past: screen) {
            found.append(Overflow(kind: .screen, identity: identity, path: shown(path), edges: edges, size: frame.size, space: screen.size))
        }
        // A scroll view's content runs past its viewport on purpose.
        if name == "ScrollView" { return }
        // `position` places its content anywhere in the space it takes, on purpose.
        let placesFreely = name == "position"
        for (k, child) in children.enumerated() {
            let childPath = path + " > " + child.readableName(index: children.count > 1 ? k : nil)
            child.collectOverflows(
                path: childPath, parentFrame: placesFreely ? nil : frame, parentOnScreen: onScreen, clipped: clipped || effects.clip != nil,
                screen: screen, into: &found)
        }
    }

    /// The part of `r` inside `bounds` (empty, at `r`'s origin clamped, when none).
    static func clamp(_ r: Rect, to bounds: Rect) -> Rect {
        let x0 = min(max(r.minX, bounds.minX), bounds.maxX), x1 = max(min(r.maxX, bounds.maxX), x0)
        let y0 = min(max(r.minY, bounds.minY), bounds.maxY), y1 = max(min(r.maxY, bounds.maxY), y0)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// How far `inner` reaches past `outer` on each edge, nil when nowhere past the tolerance.
    static func excess(of inner: Rect, past outer: Rect) -> EdgeInsets? {
        guard inner.width.isFinite, inner.height.isFinite else { return nil }
        func past(_ v: Double) -> Double { v > Overflow.tolerance ? v : 0 }
        let e = EdgeInsets(
            top: past(outer.minY - inner.minY), leading: past(outer.minX - inner.minX), bottom: past(inner.maxY - outer.maxY),
            trailing: past(inner.maxX - outer.maxX))
        return e.top + e.leading + e.bottom + e.trailing > 0 ? e : nil
    }
}

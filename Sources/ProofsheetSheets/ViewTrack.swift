import ProofsheetCore
import ProofsheetLayout
import ProofsheetScene

/// A named view followed through a timeline's frames: found by its `id` in the first frame it
/// appears in (a view the timeline brings in later is followed from then), then by its identity
/// (its place in the scene, `ForEach` key included), so a card that is removed is still followed
/// while its transition takes it away, and not its successor that takes the same `id`.
public struct ViewTrack: Sendable {
    public let id: String
    public let identity: ViewID

    /// The view named `id` in `tree`, or nil when there is none (yet).
    public init?(id: String, in tree: ResolvedView) {
        guard let v = tree.find(id) else { return nil }
        self.id = id
        identity = v.identity
    }

    /// The usage error for a view named `id` that no frame of a timeline shows (`first` is the
    /// timeline's first frame, whose views the hint names).
    public static func notFound(_ id: String, option: String, first tree: ResolvedView) -> ProofsheetError {
        let names = Self.ids(in: tree)
        let close = closeNames(to: id, in: names)
        return ProofsheetError.usage(
            "\(option): no view has the id '\(excerpt(id))' at any instant of the timeline",
            hint: (close.isEmpty ? "" : "did you mean '\(close[0])'? ")
                + (names.isEmpty
                    ? "the scene names no views (give one .id)"
                    : "the views named in its first frame: \(names.prefix(24).joined(separator: ", "))"))
    }

    /// The ids given in `tree`, in order, each once.
    public static func ids(in tree: ResolvedView) -> [String] {
        var seen = Set<String>(), out: [String] = []
        func walk(_ v: ResolvedView) {
            if let id = v.id, seen.insert(id).inserted { out.append(id) }
            v.children.forEach(walk)
        }
        walk(tree)
        return out
    }

    /// The view in `tree` (nil when it is not there).
    public func find(in tree: ResolvedView) -> ResolvedView? { tree.find(identity) }

    /// `tree` with only this view left, and the containers around it (their effects kept, so it
    /// is drawn where and as it is drawn in the frame); nil when the view is not there.
    public func isolate(in tree: ResolvedView) -> ResolvedView? {
        if tree.identity == identity { return tree }
        for c in tree.children {
            if let inner = isolate(in: c) {
                var v = tree
                v.content = .children
                v.children = [inner]
                return v
            }
        }
        return nil
    }

    /// The view's effects as drawn: those of the containers around it (a removal's transition,
    /// say) and of its chain of modifiers (each modifier is a view with one child) — offsets and
    /// rotations added, scales and opacities multiplied.
    public func effects(in tree: ResolvedView) -> ResolvedView.Effects? {
        var e = ResolvedView.Effects()
        func add(_ v: ResolvedView) { e = e.followed(by: v.effects) }
        func walk(_ v: ResolvedView) -> ResolvedView? {
            if v.identity == identity { return v }
            for c in v.children {
                if let found = walk(c) {
                    add(v)
                    return found
                }
            }
            return nil
        }
        guard var v = walk(tree) else { return nil }
        while true {
            add(v)
            guard case .children = v.content, v.children.count == 1 else { break }
            v = v.children[0]
        }
        return e
    }
}

extension ViewTrack {
    /// Every named view's animated values in `tree`, in one walk: the ``PlottedProperty``
    /// properties (in their order), as ``effects(in:)`` gives them for each view; a view named
    /// twice is the first one.
    public static func namedValues(in tree: ResolvedView) -> [(id: String, values: [Double])] {
        var out: [(id: String, values: [Double])] = []
        var seen: Set<String> = []
        func adding(_ e: ResolvedView.Effects, _ v: ResolvedView) -> ResolvedView.Effects { e.followed(by: v.effects) }
        // `around`: the effects of the containers around `v`, not its own.
        func walk(_ v: ResolvedView, _ around: ResolvedView.Effects) {
            if let id = v.id, seen.insert(id).inserted {
                var e = adding(around, v)
                var inner = v
                while case .children = inner.content, inner.children.count == 1 {
                    inner = inner.children[0]
                    e = adding(e, inner)
                }
                out.append((id, PlottedProperty.Property.allCases.map { $0.value(v, e) }))
            }
            let e = adding(around, v)
            for c in v.children { walk(c, e) }
        }
        walk(tree, ResolvedView.Effects())
        return out
    }
}

/// Onion skins: a view's earlier positions, faded, drawn over a frame.
public enum Onion {
    /// How many earlier positions a thumbnail shows.
    public static let depth = 4

    /// The opacity of the ghost `age` positions back (1: the one before), fading with age.
    public static func opacity(age: Int) -> Double { (1..<max(1, age)).reduce(0.5) { a, _ in a * 0.6 } }

    /// The items of `frame` with `ghosts` (the view alone in earlier frames, the nearest first)
    /// faded over it and the view as it is now (`current`) drawn again on top, sharp.
    public static func overlay(_ frame: DisplayList, ghosts: [DisplayList], current: DisplayList?) -> DisplayList {
        var out = frame
        for (k, g) in ghosts.enumerated().reversed() {
            out.items.append(.group(DisplayGroup(opacity: opacity(age: k + 1), children: g.items, name: "onion-\(k + 1)")))
        }
        if let current { out.items.append(.group(DisplayGroup(children: current.items, name: "onion-now"))) }
        return out
    }
}

/// Touches drawn on a thumbnail: the finger's path since it went down, and a dot where it is.
public enum TouchMarks {
    public static let trailColor = Color(hex: 0x0A84FF, alpha: 0.75)

    /// The items for a finger at `point` that has come along `trail` (oldest first).
    public static func items(point: Point?, trail: [Point]) -> [DisplayItem] {
        var items: [DisplayItem] = []
        if trail.count >= 2 {
            items.append(.stroke(.polyline(trail, closed: false), .color(trailColor), lineWidth: 4))
        }
        if let start = trail.first, point != nil || trail.count >= 2 {
            let r = 6.0
            items.append(.fill(.ellipse(Rect(x: start.x - r, y: start.y - r, width: 2 * r, height: 2 * r)), .color(trailColor)))
        }
        if let p = point { items += finger(p) }
        return items
    }

    /// A finger at `p`, as iOS's screen recordings show a touch: a grey disc with a light ring
    /// (on thumbnails and animated previews alike).
    public static func finger(_ p: Point) -> [DisplayItem] {
        let r = 22.0
        let disc = Rect(x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r)
        return [
            .fill(.ellipse(disc), .color(Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.45))),
            .stroke(.ellipse(disc.insetBy(1)), .color(Color(red: 1, green: 1, blue: 1, alpha: 0.8)), lineWidth: 2)
        ]
    }
}

extension ResolvedView.Effects {
    /// These effects (a container's) with `inner`'s (a view inside it) added, as plotted:
    /// offsets and rotations added, scales and opacities multiplied, the larger blur.
    func followed(by inner: ResolvedView.Effects) -> ResolvedView.Effects {
        var e = self
        e.offset = Point(x: offset.x + inner.offset.x, y: offset.y + inner.offset.y)
        e.rotation.degrees += inner.rotation.degrees
        e.scale.x *= inner.scale.x
        e.scale.y *= inner.scale.y
        e.opacity *= inner.opacity
        e.blur = max(blur, inner.blur)
        return e
    }
}

import ProofsheetCore

/// How a view appears or disappears (SwiftUI's `AnyTransition`).
///
/// A transition is described by the state the view is in when it is fully "away": before an
/// insertion starts, after a removal ends. `move(edge:)` moves by the view's own size on that
/// axis; nothing is clipped.
public indirect enum Transition: Hashable, Sendable {
    case identity
    case opacity
    /// Scaled by `scale` about `anchor` of the view's frame.
    case scale(Double, anchor: UnitPoint)
    /// Moved off by the view's own width or height toward `edge`.
    case move(Edge)
    case offset(x: Double, y: Double)
    /// In from `from`, out toward the opposite edge, fading (iOS 16's `push(from:)`).
    case push(from: Edge)
    /// In from the leading edge, out to the trailing edge.
    case slide
    case combined(Transition, Transition)
    case asymmetric(insertion: Transition, removal: Transition)
    /// `transition.animation(a)`: the transition runs with its own animation, whatever the
    /// change's transaction animates (even a change made without `withAnimation`).
    case animated(Transition, Animation)

    /// SwiftUI's default transition for a view without one.
    public static let `default` = Transition.opacity

    public enum Edge: String, Hashable, Sendable, CaseIterable {
        case top, leading, bottom, trailing
        var opposite: Edge {
            switch self {
            case .top: return .bottom
            case .bottom: return .top
            case .leading: return .trailing
            case .trailing: return .leading
            }
        }
    }

    /// The away state of a view of size `size` (for an insertion or a removal), laid out in
    /// `direction`: right to left, the leading edge is the right one (`move(edge: .leading)`
    /// comes in from the right, `slide` from the right and out to the left); `offset(x:y:)` is
    /// on the page either way, as SwiftUI's offsets are.
    public func away(size: Size, insertion: Bool, in direction: LayoutDirection = .leftToRight) -> TransitionState {
        func offset(_ edge: Edge) -> Point {
            let p = Self.offset(edge, size)
            return direction == .rightToLeft && p.x != 0 ? Point(x: -p.x, y: p.y) : p
        }
        switch self {
        case .identity: return TransitionState()
        case .opacity: return TransitionState(opacity: 0)
        case .scale(let s, let anchor): return TransitionState(scale: s, anchor: anchor)
        case .move(let edge): return TransitionState(offset: offset(edge))
        case .offset(let x, let y): return TransitionState(offset: Point(x: x, y: y))
        case .push(let from):
            return TransitionState(offset: offset(insertion ? from : from.opposite), opacity: 0)
        case .slide: return TransitionState(offset: offset(insertion ? .leading : .trailing))
        case .combined(let a, let b):
            return a.away(size: size, insertion: insertion, in: direction).combined(b.away(size: size, insertion: insertion, in: direction))
        case .asymmetric(let i, let r): return (insertion ? i : r).away(size: size, insertion: insertion, in: direction)
        case .animated(let t, _): return t.away(size: size, insertion: insertion, in: direction)
        }
    }

    /// The transition with Reduce Motion on: what moves, slides or scales a view fades it
    /// instead, as iOS cross-fades; opacity and identity stay.
    public var reducingMotion: Transition {
        switch self {
        case .identity, .opacity: return self
        case .scale, .move, .offset, .push, .slide: return .opacity
        case .combined(let a, let b):
            let ra = a.reducingMotion, rb = b.reducingMotion
            return ra == .opacity && rb == .opacity ? .opacity : .combined(ra, rb)
        case .asymmetric(let i, let r): return .asymmetric(insertion: i.reducingMotion, removal: r.reducingMotion)
        case .animated(let t, let a): return .animated(t.reducingMotion, a)
        }
    }

    /// The animation the transition brings along for an insertion or a removal (the outermost
    /// `.animation(_:)`), nil when it takes the change's.
    public func ownAnimation(insertion: Bool) -> Animation? {
        switch self {
        case .animated(_, let a): return a
        case .combined(let a, let b): return a.ownAnimation(insertion: insertion) ?? b.ownAnimation(insertion: insertion)
        case .asymmetric(let i, let r): return (insertion ? i : r).ownAnimation(insertion: insertion)
        default: return nil
        }
    }

    static func offset(_ edge: Edge, _ size: Size) -> Point {
        switch edge {
        case .leading: return Point(x: -size.width, y: 0)
        case .trailing: return Point(x: size.width, y: 0)
        case .top: return Point(x: 0, y: -size.height)
        case .bottom: return Point(x: 0, y: size.height)
        }
    }
}

/// What a transition does to a view: an offset, a scale about an anchor and an opacity.
public struct TransitionState: Hashable, Sendable {
    public var offset = Point.zero
    public var scale = 1.0
    public var anchor = UnitPoint.center
    public var opacity = 1.0
    public init(offset: Point = .zero, scale: Double = 1, anchor: UnitPoint = .center, opacity: Double = 1) {
        self.offset = offset; self.scale = scale; self.anchor = anchor; self.opacity = opacity
    }

    /// Both at once: offsets add, scales and opacities multiply (the first scale's anchor).
    public func combined(_ o: TransitionState) -> TransitionState {
        TransitionState(
            offset: Point(x: offset.x + o.offset.x, y: offset.y + o.offset.y), scale: scale * o.scale,
            anchor: scale != 1 ? anchor : o.anchor, opacity: opacity * o.opacity)
    }

    /// As numbers for an animator: offset x, y, scale, opacity.
    public var vector: [Double] { [offset.x, offset.y, scale, opacity] }
    /// The state of `vector` (the anchor kept).
    public func with(_ v: [Double]) -> TransitionState {
        TransitionState(offset: Point(x: v[0], y: v[1]), scale: v[2], anchor: anchor, opacity: v[3])
    }
}

// MARK: - Spelling

extension Transition {
    public static let acceptedSpellings = [
        "identity, opacity, slide, scale, scale(S), scale(scale: S, anchor: .bottom)",
        "move(edge: .leading|.trailing|.top|.bottom), offset(x: X, y: Y), push(from: .edge)",
        "asymmetric(insertion: T, removal: T), then .combined(with: T) and .animation(A)"
    ]

    /// A transition from its SwiftUI spelling: `move(edge: .trailing).combined(with:
    /// .move(edge: .bottom))`, `.asymmetric(insertion: .identity, removal: .opacity)`,
    /// `opacity.animation(.easeOut(duration: 0.2))` (an animation read as `sdk` reads it).
    public init(spelling: String, sdk: AnimationSDK = .ios17) throws(AnimationSpellingError) {
        var p = TransitionParser(chars: Array(spelling.prefix(Animation.longestSpelling + 1)), sdk: sdk)
        if p.chars.count > Animation.longestSpelling {
            throw p.fail("the spelling is longer than \(Animation.longestSpelling) characters", at: Animation.longestSpelling)
        }
        self = try p.transition(depth: 0)
        p.skipSpace()
        if p.i < p.chars.count { throw p.fail("expected '.combined(with: …)' or the end", at: p.i) }
    }
}

private struct TransitionParser: SpellingScanner {
    let chars: [Character]
    let sdk: AnimationSDK
    var i = 0

    mutating func transition(depth: Int) throws(AnimationSpellingError) -> Transition {
        guard depth < 16 else { throw fail("transitions nested too deeply", at: i) }
        skipSpace()
        let start = i
        if let name = peekIdentifier(), name == "AnyTransition" {
            i += name.count
            skipSpace()
            guard eat(".") else { throw fail("expected '.' after 'AnyTransition'", at: i) }
        } else {
            i = start
            _ = eat(".")
        }
        var t = try base(depth: depth)
        while true {
            let save = i
            skipSpace()
            guard eat(".") else { i = save; return t }
            let at = i
            let name = identifier()
            if name == "animation" {
                t = .animated(t, try animation())
                continue
            }
            guard name == "combined" else { throw fail("expected 'combined(with: …)' or 'animation(…)'", at: at) }
            try expect("(")
            try label("with")
            let other = try transition(depth: depth + 1)
            try expect(")")
            t = .combined(t, other)
        }
    }

    mutating func base(depth: Int) throws(AnimationSpellingError) -> Transition {
        skipSpace()
        let at = i
        guard let name = identifier() else { throw fail("expected a transition name", at: at) }
        switch name {
        case "identity": return .identity
        case "opacity": return .opacity
        case "slide": return .slide
        case "scale":
            skipSpace()
            guard eat("(") else { return .scale(0, anchor: .center) }
            skipSpace()
            var s = 0.0, anchor = UnitPoint.center
            if !eat(")") {
                if let l = peekLabel(), l == "scale" { try label("scale") }
                s = try value(in: -100...100)
                skipSpace()
                if eat(",") {
                    try label("anchor")
                    anchor = try unitPoint()
                }
                try expect(")")
            }
            return .scale(s, anchor: anchor)
        case "move":
            try expect("(")
            try label("edge")
            let e = try edge()
            try expect(")")
            return .move(e)
        case "push":
            try expect("(")
            try label("from")
            let e = try edge()
            try expect(")")
            return .push(from: e)
        case "offset":
            try expect("(")
            var x = 0.0, y = 0.0
            if peekLabel() == "x" {
                try label("x"); x = try value(in: -100_000...100_000); skipSpace();
                if eat(",") { try label("y"); y = try value(in: -100_000...100_000) }
            } else {
                try label("y"); y = try value(in: -100_000...100_000)
            }
            try expect(")")
            return .offset(x: x, y: y)
        case "asymmetric":
            try expect("(")
            try label("insertion")
            let a = try transition(depth: depth + 1)
            try expect(",")
            try label("removal")
            let b = try transition(depth: depth + 1)
            try expect(")")
            return .asymmetric(insertion: a, removal: b)
        default:
            let names = ["identity", "opacity", "slide", "scale", "move", "offset", "push", "asymmetric"]
            let close = closeNames(to: name, in: names)
            throw fail(
                "unknown transition '\(excerpt(name))'" + (close.isEmpty ? "" : " (did you mean \(listForHint(close.map { "'\($0)'" }))?)"), at: at)
        }
    }

    /// `(A)` after `.animation`: the animation's spelling up to the matching parenthesis.
    mutating func animation() throws(AnimationSpellingError) -> Animation {
        try expect("(")
        let start = i
        var depth = 0
        while i < chars.count, depth > 0 || chars[i] != ")" {
            if chars[i] == "(" { depth += 1 } else if chars[i] == ")" { depth -= 1 }
            i += 1
        }
        guard i < chars.count else { throw fail("expected ')' after the animation", at: i) }
        let text = String(chars[start..<i])
        i += 1
        do {
            return try Animation(spelling: text, sdk: sdk)
        } catch {
            throw AnimationSpellingError(column: start + error.column, message: error.message, hint: error.hint)
        }
    }

    mutating func edge() throws(AnimationSpellingError) -> Transition.Edge {
        skipSpace()
        let at = i
        _ = eat(".")
        guard let n = identifier(), let e = Transition.Edge(rawValue: n) else {
            throw fail("expected an edge: .leading, .trailing, .top or .bottom", at: at)
        }
        return e
    }

    mutating func unitPoint() throws(AnimationSpellingError) -> UnitPoint {
        skipSpace()
        let at = i
        _ = eat(".")
        guard let n = identifier(), let p = UnitPoint.named[n] else {
            throw fail("expected an anchor: .center, .top, .bottomTrailing …", at: at)
        }
        return p
    }

    mutating func value(in range: ClosedRange<Double>) throws(AnimationSpellingError) -> Double {
        skipSpace()
        let at = i
        guard let v = number(), range.contains(v) else {
            throw fail("expected a number from \(format(range.lowerBound)) to \(format(range.upperBound))", at: at)
        }
        return v
    }

    func peekLabel() -> String? {
        var copy = self
        copy.skipSpace()
        guard let n = copy.identifier() else { return nil }
        copy.skipSpace()
        return copy.eat(":") ? n : nil
    }

    mutating func label(_ name: String) throws(AnimationSpellingError) {
        skipSpace()
        let at = i
        guard identifier() == name else { throw fail("expected '\(name):'", at: at) }
        try expect(":")
    }

    mutating func expect(_ c: Character) throws(AnimationSpellingError) {
        skipSpace()
        guard eat(c) else { throw fail("expected '\(c)'", at: i) }
    }

    func fail(_ message: String, at index: Int) -> AnimationSpellingError {
        AnimationSpellingError(
            column: max(0, min(index, chars.count)) + 1, message: message,
            hint: "accepted: " + Transition.acceptedSpellings.joined(separator: "; "))
    }
}

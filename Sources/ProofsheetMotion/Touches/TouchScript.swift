import ProofsheetCore

/// A finger's path over time, in a short written form:
///
/// ```
/// drag #topCard 0,0 -> 150,10 in 0.3s; release
/// drag #topCard 20,0 by 150,10 in 0.3s; release
/// down #card; hold 0.2s; move 120,0 in 0.25s; move 40,0 in 0.2s; up
/// tap #closeButton
/// tap 200,400
/// ```
///
/// Points are offsets from the centre of the named view (as it is shown when the finger goes
/// down), or screen points when no view is named. `drag A by D in T` (also spelled
/// `drag A -> +D in T`, or `drag A -> D`) puts the finger down at A and moves it by the
/// translation D in T seconds: what follows the arrow is measured from where the finger went
/// down, as `move P in T` moves it to P measured from there; `hold T` / `wait T` keeps it
/// still; `release` / `up` lifts it; `tap` is a down and an up 0.05 s later. Moves are linear in
/// time.
public struct TouchScript: Hashable, Sendable {
    public enum Step: Hashable, Sendable {
        /// The finger goes down on `view`'s centre plus `offset` (screen point when no view).
        case down(view: String?, offset: Point)
        /// The finger moves to `to` (relative to where it went down) over `duration` seconds.
        case move(to: Point, duration: Double)
        case hold(Double)
        case up
    }
    public var steps: [Step]

    /// How long a tap holds the finger down.
    public static let tapDuration = 0.05
    /// The most steps a script may have.
    public static let mostSteps = 1_000
    /// The longest a script may last, in seconds.
    public static let longest = 600.0

    /// The script's length in seconds.
    public var duration: Double {
        steps.reduce(0) { total, s in
            switch s {
            case .move(_, let d), .hold(let d): return total + d
            default: return total
            }
        }
    }

    init(validated steps: [Step]) { self.steps = steps }

    /// The script read from its short form.
    public init(_ text: String) throws(AnimationSpellingError) {
        var p = TouchParser(chars: Array(text.prefix(Self.mostSteps * 40 + 1)))
        steps = try p.parse()
    }
}

private struct TouchParser: SpellingScanner {
    let chars: [Character]
    var i = 0
    var down = false

    mutating func parse() throws(AnimationSpellingError) -> [TouchScript.Step] {
        guard chars.count <= TouchScript.mostSteps * 40 else { throw fail("the touch script is too long", at: chars.count - 1) }
        var steps: [TouchScript.Step] = []
        var total = 0.0
        while true {
            skipSpace()
            if i == chars.count { break }
            let at = i
            var word = ""
            if eat("-") {
                guard eat(">") else { throw fail("expected '->'", at: at) }
                word = "->"
            } else {
                guard let w = identifier() else { throw fail("expected a step: drag, down, move, hold, wait, release, up or tap", at: at) }
                word = w
            }
            switch word {
            case "down":
                guard !down else { throw fail("the finger is already down (lift it with 'up' first)", at: at) }
                steps.append(try place())
                down = true
            case "drag":
                guard !down else { throw fail("the finger is already down (lift it with 'up' first)", at: at) }
                let start = try place()
                steps.append(start)
                down = true
                skipSpace()
                if peekIdentifier() == "by" {
                    i += 2
                } else {
                    guard eat("-"), eat(">") else {
                        throw fail("expected 'by dx,dy' or '-> +dx,dy': how far the drag goes from where it starts", at: i)
                    }
                }
                let to = try point()
                steps.append(.move(to: to, duration: try within()))
            case "move", "->":
                guard down else { throw fail("'move' needs the finger down ('down' or 'drag' first)", at: at) }
                let to = try point()
                steps.append(.move(to: to, duration: try within()))
            case "hold", "wait":
                steps.append(.hold(try seconds()))
            case "release", "up":
                guard down else { throw fail("'\(word)' needs the finger down", at: at) }
                steps.append(.up)
                down = false
            case "tap":
                guard !down else { throw fail("the finger is already down (lift it with 'up' first)", at: at) }
                steps.append(try place())
                steps.append(.hold(TouchScript.tapDuration))
                steps.append(.up)
            default:
                throw fail("unknown step '\(excerpt(word))'; steps: drag, down, move, hold, wait, release, up, tap", at: at)
            }
            total = TouchScript(validated: steps).duration
            guard steps.count <= TouchScript.mostSteps else { throw fail("more than \(TouchScript.mostSteps) steps", at: at) }
            guard total <= TouchScript.longest else { throw fail("the script lasts longer than \(Int(TouchScript.longest)) s", at: at) }
            skipSpace()
            if i == chars.count { break }
            guard eat(";") else { throw fail("expected ';' between steps", at: i) }
        }
        if steps.isEmpty { throw fail("an empty touch script", at: 0) }
        return steps
    }

    /// `#view [dx,dy]` or `x,y`.
    mutating func place() throws(AnimationSpellingError) -> TouchScript.Step {
        skipSpace()
        if eat("#") {
            let at = i
            var name = ""
            while i < chars.count, !chars[i].isWhitespace, chars[i] != ";" { name.append(chars[i]); i += 1 }
            guard !name.isEmpty, name.count <= 256 else { throw fail("expected a view's id after '#'", at: at) }
            skipSpace()
            var offset = Point.zero
            if i < chars.count, chars[i].isNumber || chars[i] == "-" || chars[i] == "+",
                !(chars[i] == "-" && i + 1 < chars.count && chars[i + 1] == ">")
            {
                offset = try point()
            }
            return .down(view: name, offset: offset)
        }
        return .down(view: nil, offset: try point())
    }

    mutating func point() throws(AnimationSpellingError) -> Point {
        skipSpace()
        let at = i
        guard let x = number() else { throw fail("expected a point X,Y", at: at) }
        skipSpace()
        guard eat(",") else { throw fail("expected ',' and Y", at: i) }
        skipSpace()
        guard let y = number() else { throw fail("expected Y", at: i) }
        guard abs(x) <= 100_000, abs(y) <= 100_000 else { throw fail("a point within ±100000 pt", at: at) }
        return Point(x: x, y: y)
    }

    mutating func within() throws(AnimationSpellingError) -> Double {
        skipSpace()
        guard identifier() == "in" else { throw fail("expected 'in' and a duration, e.g. 'in 0.3s'", at: i) }
        return try seconds()
    }

    mutating func seconds() throws(AnimationSpellingError) -> Double {
        skipSpace()
        let at = i
        guard let v = number(), v >= 0, v <= TouchScript.longest else {
            throw fail("expected seconds from 0 to \(Int(TouchScript.longest)), e.g. 0.3s", at: at)
        }
        if i < chars.count, chars[i] == "s" {
            i += 1
        } else if i + 1 < chars.count, chars[i] == "m", chars[i + 1] == "s" {
            i += 2
            return v / 1000
        }
        return v
    }

    func fail(_ message: String, at index: Int) -> AnimationSpellingError {
        AnimationSpellingError(
            column: max(0, min(index, chars.count)) + 1, message: message,
            hint:
                "e.g. \"drag #topCard 0,0 by 150,10 in 0.3s; release\" (the same as \"-> +150,10\"), \"tap #closeButton\", \"down 100,300; move 0,-80 in 0.2s; up\""
        )
    }
}

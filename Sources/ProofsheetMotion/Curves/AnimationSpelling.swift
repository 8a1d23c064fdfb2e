import ProofsheetCore

/// A mistake in an animation's spelling: where in the text (1-based column), what is wrong and
/// what would be accepted.
public struct AnimationSpellingError: Error, Hashable, Sendable, CustomStringConvertible {
    public var column: Int
    public var message: String
    public var hint: String
    public var description: String { "column \(column): \(message)\n  hint: \(hint)" }
}

extension Animation {
    /// The forms ``init(spelling:sdk:)`` accepts, for hints and `--help`.
    public static let acceptedSpellings = [
        "linear, easeIn, easeOut, easeInOut [ (duration: S) ]",
        "timingCurve(c1x, c1y, c2x, c2y [, duration: S])",
        "spring, spring(), spring(response: S, dampingFraction: F [, blendDuration: S])",
        "spring(duration: S, bounce: B [, blendDuration: S])",
        "smooth, snappy, bouncy [ (duration: S, extraBounce: B) ]",
        "interactiveSpring [ (response: S, dampingFraction: F, blendDuration: S) ]",
        "interpolatingSpring(mass: M, stiffness: K, damping: C, initialVelocity: V)",
        "interpolatingSpring(duration: S, bounce: B, initialVelocity: V)",
        "spring(SPRING [, blendDuration: S]), interpolatingSpring(SPRING [, initialVelocity: V]), where SPRING is .smooth, .snappy, "
            + ".bouncy [ (duration: S, extraBounce: B) ] or Spring(duration:bounce:), Spring(response:dampingRatio:), "
            + "Spring(mass:stiffness:damping:allowOverDamping:), Spring(settlingDuration:dampingRatio:epsilon:)",
        "timingCurve(CURVE, duration: S), where CURVE is .linear, .easeIn, .easeOut, .easeInOut, .circularEaseIn, "
            + ".circularEaseOut, .circularEaseInOut or .bezier(startControlPoint: UnitPoint(x: X, y: Y), endControlPoint: UnitPoint(x: X, y: Y))",
        "default",
        "then any of .delay(S) .speed(F) .repeatCount(N, autoreverses: Bool) .repeatForever(autoreverses: Bool) .logicallyComplete(after: S)"
    ]

    /// The longest spelling read, in characters.
    public static let longestSpelling = 512
    /// The most times `repeatCount` may repeat.
    public static let mostRepeats = 10_000

    /// An animation from its SwiftUI spelling: `easeOut.delay(0.05)`, `.default`,
    /// `Animation.spring(response: 0.55, dampingFraction: 0.825)`,
    /// `interpolatingSpring(stiffness: 180, damping: 100)`. `sdk` decides `.spring()` and
    /// `.default` (see ``AnimationSDK``).
    public init(spelling: String, sdk: AnimationSDK = .ios17) throws(AnimationSpellingError) {
        var p = SpellingParser(text: spelling, sdk: sdk)
        self = try p.parse()
    }
}

/// The characters of a SwiftUI spelling (an animation, a transition) and the small tokens
/// both readers share: names, numbers, punctuation.
protocol SpellingScanner {
    var chars: [Character] { get }
    var i: Int { get set }
}

extension SpellingScanner {

    mutating func skipSpace() { while i < chars.count, chars[i] == " " || chars[i] == "\t" { i += 1 } }

    mutating func eat(_ c: Character) -> Bool {
        if i < chars.count, chars[i] == c { i += 1; return true }
        return false
    }

    func peekIdentifier() -> String? {
        var j = i
        while j < chars.count, chars[j].isASCII, chars[j].isLetter || chars[j].isNumber || chars[j] == "_" {
            if j == i, chars[j].isNumber { return nil }
            j += 1
        }
        return j > i ? String(chars[i..<j]) : nil
    }

    mutating func identifier() -> String? {
        guard let name = peekIdentifier() else { return nil }
        i += name.count
        return name
    }

    mutating func number() -> Double? {
        var j = i
        if j < chars.count, chars[j] == "-" || chars[j] == "+" { j += 1 }
        var digits = 0
        while j < chars.count, chars[j].isASCII, chars[j].isNumber || chars[j] == "." || chars[j] == "_" {
            if chars[j].isNumber { digits += 1 }
            j += 1
        }
        if digits > 0, j < chars.count, chars[j] == "e" || chars[j] == "E" {
            var k = j + 1
            if k < chars.count, chars[k] == "-" || chars[k] == "+" { k += 1 }
            let start = k
            while k < chars.count, chars[k].isASCII, chars[k].isNumber { k += 1 }
            if k > start { j = k }
        }
        guard digits > 0, digits <= 40, let v = Double(String(chars[i..<j].filter { $0 != "_" })), v.isFinite else {
            return nil
        }
        i = j
        return v
    }
}

/// A small recursive-descent reader of SwiftUI's animation spellings.
private struct SpellingParser: SpellingScanner {
    let chars: [Character]
    let sdk: AnimationSDK
    var i = 0
    /// How many values inside values are being read.
    var depth = 0

    init(text: String, sdk: AnimationSDK) {
        self.chars = Array(text.prefix(Animation.longestSpelling + 1)); self.sdk = sdk
    }

    struct Argument {
        var label: String?
        var value: Double?
        var flag: Bool?
        /// A value of a type of its own: a `Spring`, a `UnitCurve` or a `UnitPoint`.
        var spring: Spring?
        var curve: UnitCurve?
        var point: (x: Double, y: Double)?
        /// Where the value starts, and where the argument (its label) starts.
        var column: Int
        var labelColumn: Int
    }

    mutating func parse() throws(AnimationSpellingError) -> Animation {
        if chars.count > Animation.longestSpelling {
            throw fail("the spelling is longer than \(Animation.longestSpelling) characters", at: Animation.longestSpelling)
        }
        skipSpace()
        if chars.isEmpty || i == chars.count { throw fail("no animation given", at: i) }
        // Optional `Animation` type name and leading dot.
        let start = i
        if let name = peekIdentifier(), name == "Animation" {
            i += name.count
            skipSpace()
            guard eat(".") else { throw fail("expected '.' after 'Animation'", at: i) }
        } else {
            i = start
            _ = eat(".")
        }
        var animation = try base()
        while true {
            skipSpace()
            if i == chars.count { return animation }
            guard eat(".") else { throw fail("expected '.' and a modifier, or the end", at: i) }
            animation = try modifier(on: animation)
        }
    }

    // MARK: - Bases

    mutating func base() throws(AnimationSpellingError) -> Animation {
        skipSpace()
        let at = i
        guard let name = identifier() else { throw fail("expected an animation name", at: at) }
        let args = try arguments()
        switch name {
        case "linear", "easeIn", "easeOut", "easeInOut":
            let curve: UnitCurve = ["linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut][name] ?? .easeInOut
            let v = try bind(args, name, at: at, [("duration", 0.35)], bare: true)
            return .curve(curve, duration: try duration(v[0], args, 0))
        case "timingCurve":
            guard let args else { throw fail("timingCurve needs its four control values, or a UnitCurve", at: at) }
            if let curve = args.first?.curve, args.first?.label == nil {
                // `timingCurve(_ curve: UnitCurve, duration:)` (iOS 17).
                let v = try bind(Array(args.dropFirst()), name, at: at, [("duration", nil)])
                return .curve(curve, duration: try duration(v[0], Array(args.dropFirst()), 0))
            }
            let v = try bind(args, name, at: at, [(nil, nil), (nil, nil), (nil, nil), (nil, nil), ("duration", 0.35)])
            for k in 0..<4 where !(v[k] >= -10 && v[k] <= 10) {
                throw fail("a control value must be a number from -10 to 10", at: args[k].column)
            }
            // The x values are clamped into 0…1, as SwiftUI clamps them (time only runs forward);
            // the y values are free, so a curve may overshoot.
            func unit(_ x: Double) -> Double { min(1, max(0, x)) }
            return .curve(UnitCurve(unit(v[0]), v[1], unit(v[2]), v[3]), duration: try duration(v[4], args, 4))
        case "spring":
            guard let args, !args.isEmpty else { return .spring(sdk.defaultSpring) }
            if let s = args[0].spring, args[0].label == nil {
                // `spring(_ spring: Spring, blendDuration:)` (iOS 17): a spring animation of its
                // response and damping ratio.
                _ = try bind(Array(args.dropFirst()), name, at: at, [("blendDuration", 0)])
                return .spring(s.asSpringAnimation)
            }
            if args[0].label == "duration" || args[0].label == "bounce" {
                let v = try bind(args, name, at: at, [("duration", 0.5), ("bounce", 0), ("blendDuration", 0)])
                return .spring(try spring(duration: v[0], bounce: v[1], args))
            }
            let v = try bind(args, name, at: at, [("response", 0.5), ("dampingFraction", 0.825), ("blendDuration", 0)])
            return .spring(try spring(response: v[0], zeta: v[1], args))
        case "smooth", "snappy", "bouncy":
            let bounce = ["smooth": 0.0, "snappy": 0.15, "bouncy": 0.3][name]!
            let v = try bind(args, name, at: at, [("duration", 0.5), ("extraBounce", 0)], bare: true)
            return .spring(try spring(duration: v[0], bounce: bounce + v[1], args ?? []))
        case "interactiveSpring":
            if let args, let first = args.first, first.label == "duration" || first.label == "extraBounce" {
                let v = try bind(args, name, at: at, [("duration", 0.15), ("extraBounce", 0), ("blendDuration", 0.25)])
                return .spring(try spring(duration: v[0], bounce: 0.15 + v[1], args))
            }
            let v = try bind(args, name, at: at, [("response", 0.15), ("dampingFraction", 0.86), ("blendDuration", 0.25)], bare: true)
            return .spring(try spring(response: v[0], zeta: v[1], args ?? []))
        case "interpolatingSpring":
            if let args, let s = args.first?.spring, args.first?.label == nil {
                // `interpolatingSpring(_ spring: Spring, initialVelocity:)` (iOS 17): the spring's
                // stiffness and damping, in the critical form when it does not oscillate.
                let v = try bind(Array(args.dropFirst()), name, at: at, [("initialVelocity", 0)])
                guard abs(v[0]) <= 1e6 else { throw fail("initialVelocity must be within ±10⁶", at: column(of: "initialVelocity", args)) }
                var i = s.asInterpolatingSpring
                i.initialVelocity = v[0]
                return .spring(i)
            }
            if let args, args.contains(where: { $0.label == "stiffness" || $0.label == "mass" || $0.label == "damping" }) {
                let v = try bind(args, name, at: at, [("mass", 1), ("stiffness", nil), ("damping", nil), ("initialVelocity", 0)])
                var s = try physicalSpring(mass: v[0], stiffness: v[1], damping: v[2], args, allowsOverdamping: false)
                guard abs(v[3]) <= 1e6 else { throw fail("initialVelocity must be within ±10⁶", at: column(of: "initialVelocity", args)) }
                s.initialVelocity = v[3]
                return .spring(s)
            }
            let v = try bind(args, name, at: at, [("duration", 0.5), ("bounce", 0), ("initialVelocity", 0)], bare: true)
            var s = try spring(duration: v[0], bounce: v[1], args ?? [])
            guard abs(v[2]) <= 1e6 else { throw fail("initialVelocity must be within ±10⁶", at: column(of: "initialVelocity", args ?? [])) }
            s.initialVelocity = v[2]
            // SwiftUI makes it of a stiffness and a damping: a negative bounce moves critically.
            s.allowsOverdamping = false
            return .spring(s)
        case "default":
            if let args { throw fail("'default' takes no arguments", at: args.first?.column ?? at) }
            return sdk.defaultAnimation
        default:
            let names = [
                "linear", "easeIn", "easeOut", "easeInOut", "timingCurve", "spring", "smooth", "snappy", "bouncy",
                "interactiveSpring", "interpolatingSpring", "default"
            ]
            let close = closeNames(to: name, in: names)
            throw fail(
                "unknown animation '\(excerpt(name))'" + (close.isEmpty ? "" : " (did you mean \(listForHint(close.map { "'\($0)'" }))?)"),
                at: at)
        }
    }

    // MARK: - Modifiers

    mutating func modifier(on a: Animation) throws(AnimationSpellingError) -> Animation {
        skipSpace()
        let at = i
        guard let name = identifier() else { throw fail("expected a modifier name after '.'", at: at) }
        let args = try arguments()
        switch name {
        case "delay":
            let v = try bind(args, name, at: at, [(nil, nil)])
            guard v[0] >= 0, v[0] <= 3600 else { throw fail("a delay must be from 0 to 3600 seconds", at: args?.first?.column ?? at) }
            return .delay(a, seconds: v[0])
        case "speed":
            let v = try bind(args, name, at: at, [(nil, nil)])
            guard v[0] >= 1e-3, v[0] <= 1000 else { throw fail("a speed must be from 0.001 to 1000", at: args?.first?.column ?? at) }
            return .speed(a, factor: v[0])
        case "repeatCount":
            let v = try bind(args, name, at: at, [(nil, nil), ("autoreverses", 1)], flags: [1])
            guard v[0] >= 1, v[0] <= Double(Animation.mostRepeats), v[0] == v[0].rounded() else {
                throw fail("a repeat count must be a whole number from 1 to \(Animation.mostRepeats)", at: args?.first?.column ?? at)
            }
            try requireSettles(a, at: at)
            return .repeating(a, count: Int(v[0]), autoreverses: v[1] != 0)
        case "logicallyComplete":
            // When SwiftUI counts the animation done for completion callbacks: it moves the same.
            let v = try bind(args, name, at: at, [("after", nil)])
            guard v[0] >= 0, v[0] <= 3600 else { throw fail("a time must be from 0 to 3600 seconds", at: args?.first?.column ?? at) }
            return a
        case "repeatForever":
            let v = try bind(args, name, at: at, [("autoreverses", 1)], flags: [0], bare: true)
            try requireSettles(a, at: at)
            return .repeating(a, count: nil, autoreverses: v[0] != 0)
        default:
            let close = closeNames(to: name, in: ["delay", "speed", "repeatCount", "repeatForever", "logicallyComplete"])
            throw fail(
                "unknown modifier '\(excerpt(name))'" + (close.isEmpty ? "" : " (did you mean \(listForHint(close.map { "'\($0)'" }))?)"),
                at: at)
        }
    }

    func requireSettles(_ a: Animation, at: Int) throws(AnimationSpellingError) {
        guard let d = a.settlingTime, d > 0 else {
            throw fail("only an animation that ends after some time can repeat", at: at)
        }
    }

    // MARK: - Springs from perceptual values

    func spring(duration: Double, bounce: Double, _ args: [Argument]) throws(AnimationSpellingError) -> Spring {
        guard duration >= 0.01, duration <= 600 else {
            throw fail("a spring's duration must be from 0.01 to 600 seconds", at: column(of: "duration", args))
        }
        guard bounce > -1, bounce < 1 else {
            throw fail("bounce must be above -1 and below 1", at: column(of: "bounce", args, or: column(of: "extraBounce", args)))
        }
        return Spring(duration: duration, bounce: bounce)
    }

    /// The spring of a mass, stiffness and damping, checked.
    func physicalSpring(
        mass: Double, stiffness: Double, damping: Double, _ args: [Argument], allowsOverdamping: Bool
    ) throws(AnimationSpellingError) -> Spring {
        guard mass > 0, mass <= 1e6 else { throw fail("mass must be above 0 and at most 10⁶", at: column(of: "mass", args)) }
        guard stiffness > 0, stiffness <= 1e9 else { throw fail("stiffness must be above 0 and at most 10⁹", at: column(of: "stiffness", args)) }
        guard damping >= 0, damping <= 1e9 else { throw fail("damping must be from 0 to 10⁹", at: column(of: "damping", args)) }
        return Spring(mass: mass, stiffness: stiffness, damping: damping, allowsOverdamping: allowsOverdamping)
    }

    func spring(response: Double, zeta: Double, _ args: [Argument]) throws(AnimationSpellingError) -> Spring {
        guard response >= 0.01, response <= 600 else { throw fail("response must be from 0.01 to 600 seconds", at: column(of: "response", args)) }
        guard zeta >= 0, zeta <= 100 else { throw fail("dampingFraction must be from 0 to 100", at: column(of: "dampingFraction", args)) }
        return Spring(response: response, dampingFraction: zeta)
    }

    func duration(_ d: Double, _ args: [Argument]?, _ index: Int) throws(AnimationSpellingError) -> Double {
        guard d >= 0, d <= 3600 else {
            let col = args.map { $0.count > index ? $0[index].column : (column(of: "duration", $0)) } ?? i
            throw fail("a duration must be from 0 to 3600 seconds", at: col)
        }
        return d
    }

    func column(of label: String, _ args: [Argument], or fallback: Int? = nil) -> Int {
        args.first { $0.label == label }?.column ?? fallback ?? args.first?.column ?? i
    }

    // MARK: - Arguments

    /// The argument list in parentheses, nil when there are none (a bare name).
    mutating func arguments() throws(AnimationSpellingError) -> [Argument]? {
        skipSpace()
        guard eat("(") else { return nil }
        var args: [Argument] = []
        skipSpace()
        if eat(")") { return args }
        while true {
            skipSpace()
            let labelAt = i
            var label: String? = nil
            let save = i
            if let name = identifier() {
                skipSpace()
                if eat(":") { label = name } else { i = save }
            }
            skipSpace()
            let valueAt = i
            if let word = peekIdentifier(), word == "true" || word == "false" {
                i += word.count
                args.append(Argument(label: label, flag: word == "true", column: valueAt, labelColumn: labelAt))
            } else if i < chars.count, chars[i] == "." || chars[i].isLetter {
                var a = try typedValue()
                a.label = label; a.column = valueAt; a.labelColumn = labelAt
                args.append(a)
            } else {
                guard let v = number() else { throw fail("expected a number", at: valueAt) }
                args.append(Argument(label: label, value: v, column: valueAt, labelColumn: labelAt))
            }
            skipSpace()
            if eat(")") { return args }
            guard eat(",") else { throw fail("expected ',' or ')'", at: i) }
            if args.count > 8 { throw fail("too many arguments", at: i) }
        }
    }

    /// The deepest values inside values (`timingCurve(.bezier(startControlPoint: UnitPoint(…)…))`).
    static let deepestValue = 4

    /// A value of a type of its own, as an argument: a spring (`.bouncy`, `.snappy(duration:
    /// extraBounce:)`, `Spring(duration:bounce:)`, `Spring(response:dampingRatio:)`,
    /// `Spring(mass:stiffness:damping:allowOverDamping:)`,
    /// `Spring(settlingDuration:dampingRatio:epsilon:)`), a curve (`.easeIn`, `.circularEaseOut`,
    /// `UnitCurve.bezier(startControlPoint:endControlPoint:)`) or a point (`UnitPoint(x:y:)`).
    mutating func typedValue() throws(AnimationSpellingError) -> Argument {
        let at = i
        guard depth < Self.deepestValue else { throw fail("values nest too deeply", at: at) }
        depth += 1
        defer { depth -= 1 }
        var type: String? = nil
        if let name = peekIdentifier() {
            i += name.count
            skipSpace()
            if ["Spring", "UnitCurve", "UnitPoint"].contains(name), eat(".") {
                type = name
            } else if name == "Spring" || name == "UnitPoint" {
                // A type's initializer: `Spring(…)`, `UnitPoint(x:y:)`.
                return try initializer(name, at: at)
            } else {
                throw fail("expected a value: a number, .bouncy, Spring(…), .easeIn, .bezier(…) or UnitPoint(x:y:)", at: at)
            }
        } else {
            guard eat(".") else { throw fail("expected a value", at: at) }
        }
        skipSpace()
        let nameAt = i
        guard let member = identifier() else { throw fail("expected a name after '.'", at: nameAt) }
        if member == "init" { return try initializer(type ?? "Spring", at: at) }
        let args = try arguments()
        func result(_ a: Argument) -> Argument { var a = a; a.column = at; return a }
        if type != "UnitCurve" && type != "UnitPoint", let base = ["smooth": 0.0, "snappy": 0.15, "bouncy": 0.3][member] {
            let v = try bind(args, member, at: nameAt, [("duration", 0.5), ("extraBounce", 0)], bare: true)
            return result(Argument(spring: try spring(duration: v[0], bounce: base + v[1], args ?? []), column: at, labelColumn: at))
        }
        if type != "Spring" && type != "UnitPoint" {
            let named: [String: UnitCurve] = [
                "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut, "circularEaseIn": .circularEaseIn,
                "circularEaseOut": .circularEaseOut, "circularEaseInOut": .circularEaseInOut
            ]
            if let c = named[member] {
                if let args { throw fail("'\(member)' takes no arguments", at: args.first?.column ?? nameAt) }
                return result(Argument(curve: c, column: at, labelColumn: at))
            }
            if member == "bezier" {
                guard let args, args.count == 2, let p1 = args[0].point, let p2 = args[1].point,
                    args[0].label == "startControlPoint", args[1].label == "endControlPoint"
                else {
                    throw fail("bezier takes bezier(startControlPoint: UnitPoint(x:y:), endControlPoint: UnitPoint(x:y:))", at: nameAt)
                }
                // SwiftUI's `UnitCurve` clamps its control points into the unit square.
                func unit(_ v: Double) -> Double { min(1, max(0, v)) }
                return result(Argument(curve: UnitCurve(unit(p1.x), unit(p1.y), unit(p2.x), unit(p2.y)), column: at, labelColumn: at))
            }
        }
        let names = [
            "bouncy", "snappy", "smooth", "linear", "easeIn", "easeOut", "easeInOut", "circularEaseIn", "circularEaseOut", "circularEaseInOut",
            "bezier"
        ]
        let close = closeNames(to: member, in: names)
        throw fail(
            "unknown value '.\(excerpt(member))'" + (close.isEmpty ? "" : " (did you mean \(listForHint(close.map { "'.\($0)'" }))?)"), at: at)
    }

    /// `Spring(…)` in any of its forms, or `UnitPoint(x:y:)`, the name read.
    mutating func initializer(_ type: String, at: Int) throws(AnimationSpellingError) -> Argument {
        let args = try arguments()
        guard let args else { throw fail("'\(type)' needs its arguments in parentheses", at: at) }
        if type == "UnitPoint" {
            let v = try bind(args, type, at: at, [("x", nil), ("y", nil)])
            guard abs(v[0]) <= 10, abs(v[1]) <= 10 else { throw fail("a control point must be within ±10", at: args.first?.column ?? at) }
            return Argument(point: (v[0], v[1]), column: at, labelColumn: at)
        }
        let labels = Set(args.compactMap(\.label))
        let s: Spring
        if labels.contains("settlingDuration") {
            let v = try bind(args, type, at: at, [("settlingDuration", nil), ("dampingRatio", nil), ("epsilon", 0.001)])
            guard v[2] > 0, v[2] < 1 else { throw fail("epsilon must be above 0 and below 1", at: column(of: "epsilon", args)) }
            s = Spring(settlingDuration: v[0], dampingRatio: v[1], epsilon: v[2])
        } else if labels.contains("response") || labels.contains("dampingRatio") {
            let v = try bind(args, type, at: at, [("response", 0.5), ("dampingRatio", 1)])
            s = try spring(response: v[0], zeta: v[1], args)
        } else if labels.contains("stiffness") || labels.contains("mass") || labels.contains("damping") {
            let v = try bind(args, type, at: at, [("mass", 1), ("stiffness", nil), ("damping", nil), ("allowOverDamping", 0)], flags: [3])
            s = try physicalSpring(mass: v[0], stiffness: v[1], damping: v[2], args, allowsOverdamping: v[3] != 0)
        } else {
            let v = try bind(args, type, at: at, [("duration", 0.5), ("bounce", 0)])
            s = try spring(duration: v[0], bounce: v[1], args)
        }
        return Argument(spring: s, column: at, labelColumn: at)
    }

    /// Matches arguments to a signature of (label, default) pairs in order, as Swift does:
    /// labels must match, defaulted ones may be left out. `flags` are the Bool parameters.
    func bind(
        _ args: [Argument]?, _ name: String, at: Int, _ params: [(String?, Double?)], flags: Set<Int> = [], bare: Bool = false
    ) throws(AnimationSpellingError) -> [Double] {
        let signature = params.map { ($0.0 ?? "_") + ":" }.joined()
        guard let args else {
            if bare { return params.map { $0.1 ?? 0 } }
            throw fail("'\(name)' needs arguments: \(name)(\(signature))", at: at)
        }
        var out: [Double] = []
        var k = 0
        for (index, p) in params.enumerated() {
            if k < args.count, args[k].label == p.0 {
                let a = args[k]
                if flags.contains(index) {
                    guard let f = a.flag else { throw fail("'\(p.0 ?? "_")' must be true or false", at: a.column) }
                    out.append(f ? 1 : 0)
                } else {
                    guard let v = a.value else {
                        throw fail(a.flag != nil ? "expected a number, not true or false" : "expected a number here", at: a.column)
                    }
                    out.append(v)
                }
                k += 1
            } else if let d = p.1 {
                out.append(d)
            } else {
                let col = k < args.count ? args[k].labelColumn : at
                throw fail("'\(name)' expects \(name)(\(signature)); \(p.0.map { "'\($0):'" } ?? "an unlabelled value") is missing here", at: col)
            }
        }
        if k < args.count {
            let a = args[k]
            throw fail(
                "'\(name)' has no parameter \(a.label.map { "'\($0):'" } ?? "without a label") here; it takes \(name)(\(signature))",
                at: a.labelColumn)
        }
        return out
    }

    func fail(_ message: String, at index: Int) -> AnimationSpellingError {
        AnimationSpellingError(
            column: max(0, min(index, chars.count)) + 1, message: message,
            hint: "accepted: " + Animation.acceptedSpellings.joined(separator: "; "))
    }
}

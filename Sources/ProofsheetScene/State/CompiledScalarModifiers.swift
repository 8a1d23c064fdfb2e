import ProofsheetCore

/// A modifier of one argument (`{"blur": 10}`, `{"font": "title"}`): how its argument is read
/// and what it makes. The decoder reads these modifiers through this table, and a compiled
/// template evaluates the argument a state gives (`{"blur": "=$drag.active ? 10 : 0"}`) through
/// it too, so each kind's range, names and modifier have one home.
struct ScalarModifier: Sendable {
    /// How the argument is read, and the modifier it makes.
    enum Reading: Sendable {
        /// A number in the range.
        case number(ClosedRange<Double>, @Sendable (Double) -> Modifier)
        /// A length of at least `min` points (a number, an expression, a scaled metric).
        case length(min: Double, @Sendable (Double) -> Modifier)
        case bool(@Sendable (Bool) -> Modifier)
        /// One of the names (a leading dot optional), each the modifier it makes.
        case choice([String: Modifier])
    }
    let reading: Reading
    /// Whether the modified view carries the modifier's place (an effect drawn offscreen).
    let located: Bool
    /// Whether the table reads the argument as written (its other forms, such as a font's
    /// object or `{"lineLimit": null}`, are the decoder's own cases).
    let takes: @Sendable (JSONValue.Kind) -> Bool

    init(_ reading: Reading, located: Bool = false, takes: @escaping @Sendable (JSONValue.Kind) -> Bool = { _ in true }) {
        self.reading = reading
        self.located = located
        self.takes = takes
    }

    /// A finite number in `range`.
    static func number(_ x: ScriptValue, _ range: ClosedRange<Double>) -> Double? {
        guard case .number(let n) = x, n.isFinite, range.contains(n) else { return nil }
        return n
    }

    /// One of `options` by name, a leading dot optional (as ``Context/choice(_:_:)`` reads it).
    static func choice<T>(_ x: ScriptValue, _ options: [String: T]) -> T? {
        guard case .string(let s) = x else { return nil }
        return options[s] ?? (s.hasPrefix(".") ? options[String(s.dropFirst())] : nil)
    }

    static func environment<T>(_ names: [String: T], _ make: (T) -> EnvironmentChange) -> Reading {
        .choice(names.mapValues { .environment(make($0)) })
    }

    static let notObject: @Sendable (JSONValue.Kind) -> Bool = { if case .object = $0 { false } else { true } }
    static let notNull: @Sendable (JSONValue.Kind) -> Bool = { if case .null = $0 { false } else { true } }

    /// The kinds, by name.
    static let kinds: [String: ScalarModifier] = [
        "blur": ScalarModifier(.number(0...500) { .blur(radius: $0) }, located: true),
        "shadow": ScalarModifier(
            .number(0...500) { .shadow(Shadow(color: Color.black.opacity(0.33), radius: $0, x: 0, y: 0)) }, located: true, takes: notObject),
        "layoutPriority": ScalarModifier(.number(-1e9...1e9) { .layoutPriority($0) }),
        "cornerRadius": ScalarModifier(.length(min: 0) { .clipShape(.roundedRectangle(radius: $0, continuous: true)) }),
        "clipShape": ScalarModifier(.choice(Context.shapeNames.mapValues { .clipShape($0) }), takes: notObject),
        "contentShape": ScalarModifier(.choice(Context.shapeNames.mapValues { .contentShape($0) }), takes: notObject),
        "allowsHitTesting": ScalarModifier(.bool { .allowsHitTesting($0) }),
        "flipsForRightToLeftLayoutDirection": ScalarModifier(.bool { .flipsForRightToLeftLayoutDirection($0) }),
        "font": ScalarModifier(environment(Context.textStyles) { .font(.style($0)) }, takes: { if case .string = $0 { true } else { false } }),
        "fontWeight": ScalarModifier(
            environment(FontSpec.weights) { .fontWeight($0) }, takes: { if case .number = $0 { false } else { true } }),
        "fontDesign": ScalarModifier(environment(Context.designs) { .fontDesign($0) }),
        "multilineTextAlignment": ScalarModifier(environment(Context.textAlignments) { .multilineTextAlignment($0) }),
        "lineLimit": ScalarModifier(.number(1...10_000) { .environment(.lineLimit(Int($0))) }, takes: notNull),
        "colorScheme": ScalarModifier(environment(Context.colorSchemes) { .colorScheme($0) }),
        "preferredColorScheme": ScalarModifier(environment(Context.colorSchemes) { .preferredColorScheme($0) }, takes: notNull),
        // `.bold()` is `.fontWeight(.bold)`; `{"bold": false}` (SwiftUI's `bold(false)`) is regular.
        "bold": ScalarModifier(.bool { .environment(.fontWeight($0 ? 700 : 400)) }),
        "italic": ScalarModifier(.bool { .environment(.italic($0)) }),
        "underline": ScalarModifier(.bool { .environment(.underline($0)) }),
        "strikethrough": ScalarModifier(.bool { .environment(.strikethrough($0)) }),
        "kerning": ScalarModifier(.number(-1000...1000) { .environment(.tracking($0)) }),
        "tracking": ScalarModifier(.number(-1000...1000) { .environment(.tracking($0)) }),
        "lineSpacing": ScalarModifier(.number(0...Scene.Limits.maxLength) { .environment(.lineSpacing($0)) }),
        "textCase": ScalarModifier(environment(Context.textCases) { .textCase($0) }, takes: notNull),
        "buttonStyle": ScalarModifier(environment(Context.buttonStyles) { .buttonStyle($0) })
    ]
}

extension Context {
    /// The modifier of one argument `kind` makes of `v`, read as the table says.
    func scalarModifier(_ kind: ScalarModifier, _ v: JSONValue) throws -> Modifier {
        switch kind.reading {
        case .number(let range, let make): return make(try number(v, in: range))
        case .length(let min, let make): return make(try length(v, min: min))
        case .bool(let make): return make(try bool(v))
        case .choice(let names): return try choice(v, names)
        }
    }

    /// The modifier of one argument `kind` makes of the compiled argument `a` in this state.
    func scalarModifier(_ kind: ScalarModifier, _ a: CompiledArgument) throws -> Modifier {
        switch kind.reading {
        case .number(let range, let make): return make(try number(a, in: range))
        case .length(let min, let make): return make(try number(a, in: min...Scene.Limits.maxLength))
        case .bool(let make): return make(try bool(a))
        case .choice(let names): return try choice(a, names)
        }
    }
}

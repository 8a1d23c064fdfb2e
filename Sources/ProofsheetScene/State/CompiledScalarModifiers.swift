import ProofsheetCore

/// A modifier of one argument that a state may give as an expression (`{"blur": "=$drag.active ?
/// 10 : 0"}`): what a value makes, decided once. A value that does not fit makes nothing, and the
/// modifier is read from its JSON, which says why.
struct ScalarModifier: Sendable {
    /// Whether the modified view carries the modifier's place (an effect drawn offscreen).
    let located: Bool
    /// Whether the argument is a length: a number or an expression (other strings are refused by
    /// reading, and left to it).
    let length: Bool
    let make: @Sendable (ScriptValue) -> Modifier?

    init(located: Bool = false, length: Bool = false, _ make: @escaping @Sendable (ScriptValue) -> Modifier?) {
        self.located = located
        self.length = length
        self.make = make
    }

    /// A finite number in `range`.
    static func number(_ x: ScriptValue, _ range: ClosedRange<Double>) -> Double? {
        guard case .number(let n) = x, n.isFinite, range.contains(n) else { return nil }
        return n
    }

    static func bool(_ x: ScriptValue) -> Bool? {
        guard case .bool(let b) = x else { return nil }
        return b
    }

    /// One of `options` by name, a leading dot optional (as ``Context/choice(_:_:)`` reads it).
    static func choice<T>(_ x: ScriptValue, _ options: [String: T]) -> T? {
        guard case .string(let s) = x else { return nil }
        return options[s] ?? (s.hasPrefix(".") ? options[String(s.dropFirst())] : nil)
    }

    static func environment(_ make: @escaping @Sendable (ScriptValue) -> EnvironmentChange?) -> ScalarModifier {
        ScalarModifier { make($0).map { .environment($0) } }
    }

    /// The kinds, by name; each reads its argument as the decoder's modifier of that name reads
    /// an argument that is a string.
    static let kinds: [String: ScalarModifier] = [
        "blur": ScalarModifier(located: true) { number($0, 0...500).map { .blur(radius: $0) } },
        "shadow": ScalarModifier(located: true) {
            number($0, 0...500).map { .shadow(Shadow(color: Color.black.opacity(0.33), radius: $0, x: 0, y: 0)) }
        },
        "layoutPriority": ScalarModifier { number($0, -1e9...1e9).map { .layoutPriority($0) } },
        "cornerRadius": ScalarModifier(length: true) {
            number($0, 0...Scene.Limits.maxLength).map { .clipShape(.roundedRectangle(radius: $0, continuous: true)) }
        },
        "clipShape": ScalarModifier { choice($0, Context.shapeNames).map { .clipShape($0) } },
        "contentShape": ScalarModifier { choice($0, Context.shapeNames).map { .contentShape($0) } },
        "ignoresSafeArea": ScalarModifier { choice($0, Context.edgeNames).map { .ignoresSafeArea($0) } },
        "allowsHitTesting": ScalarModifier { bool($0).map { .allowsHitTesting($0) } },
        "flipsForRightToLeftLayoutDirection": ScalarModifier { bool($0).map { .flipsForRightToLeftLayoutDirection($0) } },
        "font": environment { choice($0, Context.textStyles).map { .font(.style($0)) } },
        "fontWeight": environment { choice($0, FontSpec.weights).map { .fontWeight($0) } },
        "fontDesign": environment { choice($0, Context.designs).map { .fontDesign($0) } },
        "multilineTextAlignment": environment { choice($0, Context.textAlignments).map { .multilineTextAlignment($0) } },
        "lineLimit": environment { number($0, 1...10_000).map { .lineLimit(Int($0)) } },
        "colorScheme": environment { choice($0, Context.colorSchemes).map { .colorScheme($0) } },
        "preferredColorScheme": environment { choice($0, Context.colorSchemes).map { .preferredColorScheme($0) } },
        "dynamicTypeSize": environment {
            guard case .string(let s) = $0, let size = DynamicTypeSize.named(s) else { return nil }
            return .dynamicTypeSize(size...size)
        },
        "bold": environment { bool($0).map { .fontWeight($0 ? 700 : 400) } },
        "italic": environment { bool($0).map { .italic($0) } },
        "underline": environment { bool($0).map { .underline($0) } },
        "strikethrough": environment { bool($0).map { .strikethrough($0) } },
        "kerning": environment { number($0, -1000...1000).map { .tracking($0) } },
        "tracking": environment { number($0, -1000...1000).map { .tracking($0) } },
        "lineSpacing": environment { number($0, 0...Scene.Limits.maxLength).map { .lineSpacing($0) } },
        "textCase": environment { choice($0, Context.textCases).map { .textCase($0) } },
        "buttonStyle": environment { choice($0, Context.buttonStyles).map { .buttonStyle($0) } }
    ]
}

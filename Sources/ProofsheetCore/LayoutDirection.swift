/// SwiftUI's `LayoutDirection`: which way a language's lines run, and so which side leading is.
public enum LayoutDirection: String, Sendable, CaseIterable, Codable {
    case leftToRight, rightToLeft

    /// Its short name, as golden file names carry it (`+rtl`) and options accept it.
    public var shortName: String { self == .leftToRight ? "ltr" : "rtl" }

    /// The direction named by its SwiftUI name or its short name (a leading dot allowed).
    public static func named(_ name: String) -> LayoutDirection? {
        let n = name.hasPrefix(".") ? String(name.dropFirst()) : name
        return LayoutDirection(rawValue: n) ?? allCases.first { $0.shortName == n }
    }

    public static let spellings = "leftToRight or rightToLeft (ltr, rtl)"
}

extension TextAlignment {
    /// The alignment as drawn in `direction`: leading and trailing swap sides right to left.
    public func physical(in direction: LayoutDirection) -> TextAlignment {
        guard direction == .rightToLeft else { return self }
        switch self {
        case .leading: return .trailing
        case .center: return .center
        case .trailing: return .leading
        }
    }
}

/// A Dynamic Type size, SwiftUI's `DynamicTypeSize`: the text size a person chose in Settings,
/// from `xSmall` to `xxxLarge` and the five accessibility sizes. `large` is the default.
public enum DynamicTypeSize: String, Sendable, CaseIterable, Codable, Comparable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// SwiftUI's `isAccessibilitySize`: one of the five accessibility sizes.
    public var isAccessibilitySize: Bool { self >= .accessibility1 }

    /// Its short name, as golden file names carry it (`+ax3`) and options accept it: `xs`, `s`,
    /// `m`, `l`, `xl`, `xxl`, `xxxl`, `ax1` … `ax5`.
    public var shortName: String {
        switch self {
        case .xSmall: "xs"
        case .small: "s"
        case .medium: "m"
        case .large: "l"
        case .xLarge: "xl"
        case .xxLarge: "xxl"
        case .xxxLarge: "xxxl"
        case .accessibility1: "ax1"
        case .accessibility2: "ax2"
        case .accessibility3: "ax3"
        case .accessibility4: "ax4"
        case .accessibility5: "ax5"
        }
    }

    /// The size named by its SwiftUI name or its short name (a leading dot allowed, as in Swift).
    public static func named(_ name: String) -> DynamicTypeSize? {
        let n = name.hasPrefix(".") ? String(name.dropFirst()) : name
        return DynamicTypeSize(rawValue: n) ?? allCases.first { $0.shortName == n }
    }

    /// The names a user may write, for messages.
    public static let spellings = "xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, accessibility1 … accessibility5 (or xs … xxxl, ax1 … ax5)"

    var index: Int { Self.allCases.firstIndex(of: self)! }

    public static func < (a: DynamicTypeSize, b: DynamicTypeSize) -> Bool { a.index < b.index }
}

/// SwiftUI's text styles (`Font.TextStyle`), with their point size at every Dynamic Type size
/// and their weight.
public enum TextStyle: String, Sendable, CaseIterable, Codable {
    case largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2

    /// The point sizes of the style from `xSmall` to `accessibility5`: Apple's Human Interface
    /// Guidelines, Typography, "Dynamic Type sizes" for iOS and iPadOS (the sizes
    /// `UIFont.preferredFont(forTextStyle:)` returns for each content size category; the
    /// accessibility sizes are those of "Larger Accessibility Sizes").
    public var sizes: [Double] {
        switch self {
        case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
        }
    }

    /// The style's point size at `size`.
    public func pointSize(at size: DynamicTypeSize) -> Double { sizes[size.index] }

    /// Its size at the default Dynamic Type size, `large`.
    public var defaultSize: Double { pointSize(at: .large) }

    /// Its weight: semibold for the headline, regular for the others.
    public var weight: Int { self == .headline ? 600 : 400 }

    /// `value` scaled for `size` as this style's text is (UIKit's `UIFontMetrics.scaledValue`,
    /// SwiftUI's `@ScaledMetric(relativeTo:)`): by the ratio of the style's size at `size` to its
    /// default size. The style's own default size gives its table value exactly.
    public func scaled(_ value: Double, at size: DynamicTypeSize) -> Double {
        if size == .large { return value }
        if value == defaultSize { return pointSize(at: size) }
        return value * pointSize(at: size) / defaultSize
    }
}

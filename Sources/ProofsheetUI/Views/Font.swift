import Foundation
import ProofsheetCore
import ProofsheetScene

/// A font, as SwiftUI names them: a text style (`.title`) that follows Dynamic Type, or a
/// system font of a size.
nonisolated public struct Font: Hashable, Sendable {
    let spec: FontSpec

    public static let largeTitle = Font(spec: .style(.largeTitle)), title = Font(spec: .style(.title))
    public static let title2 = Font(spec: .style(.title2)), title3 = Font(spec: .style(.title3))
    public static let headline = Font(spec: .style(.headline)), subheadline = Font(spec: .style(.subheadline))
    public static let body = Font(spec: .style(.body)), callout = Font(spec: .style(.callout))
    public static let footnote = Font(spec: .style(.footnote)), caption = Font(spec: .style(.caption))
    public static let caption2 = Font(spec: .style(.caption2))

    /// `Font.system(size:weight:design:)`: a fixed size.
    public static func system(size: CGFloat, weight: Weight = .regular, design: Design = .default) -> Font {
        Font(spec: FontSpec(design: design, size: Double(size), weight: weight.value))
    }
    /// `Font.system(_:design:weight:)`: a text style in a design and weight.
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        var f = FontSpec.style(style)
        if let design { f.design = design }
        if let weight { f.weight = weight.value }
        return Font(spec: f)
    }

    public func weight(_ weight: Weight) -> Font {
        var f = spec
        f.weight = weight.value
        return Font(spec: f)
    }
    public func bold() -> Font { weight(.bold) }
    public func italic() -> Font {
        var f = spec
        f.italic = true
        return Font(spec: f)
    }

    public typealias Design = FontSpec.Design
    public typealias TextStyle = ProofsheetCore.TextStyle

    /// A weight: `.ultraLight` (100) to `.black` (900).
    public struct Weight: Hashable, Sendable {
        let value: Int
        public static let ultraLight = Weight(value: 100), thin = Weight(value: 200), light = Weight(value: 300)
        public static let regular = Weight(value: 400), medium = Weight(value: 500), semibold = Weight(value: 600)
        public static let bold = Weight(value: 700), heavy = Weight(value: 800), black = Weight(value: 900)
    }
}

extension Text {
    /// Upper or lower case (`.textCase(.uppercase)`).
    public typealias Case = TextCase
}

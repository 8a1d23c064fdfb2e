/// sRGB colours with straight alpha, SwiftUI's and UIKit's named colours (``catalogue``), and
/// linear gradients.
///
/// A named colour keeps its name (``semantic``) beside its light-mode value, so that another
/// colour scheme can resolve it again (``resolved(in:)``); two colours are equal when their values
/// and names are.
public struct Color: Hashable, Sendable, Codable {
    public var red: Double, green: Double, blue: Double, alpha: Double
    /// The catalogue name this colour was taken from (kept through `opacity`); nil for a literal.
    public var semantic: String?
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    init(red: Double, green: Double, blue: Double, alpha: Double, semantic: String?) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha; self.semantic = semantic
    }
    /// A colour from 0xRRGGBB.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(hex: hex, alpha: alpha, semantic: nil)
    }
    init(hex: UInt32, alpha: Double, semantic: String?) {
        self.init(
            red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255, alpha: alpha, semantic: semantic)
    }
    /// The same colour (SwiftUI's `Color(.systemGray6)`).
    public init(_ color: Color) { self = color }
    /// The same colour (SwiftUI's `Color(uiColor: .systemGray6)`).
    public init(uiColor: Color) { self = uiColor }
    /// The same colour with its alpha multiplied by `factor`.
    public func opacity(_ factor: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * factor, semantic: semantic)
    }

    /// Parses `#RGB`, `#RRGGBB`, `#RRGGBBAA` or a named colour (see ``catalogueEntry(_:)``); nil if
    /// neither.
    public static func parse(_ text: String) -> Color? {
        if let c = catalogueEntry(text) { return c.light }
        guard text.hasPrefix("#") else { return nil }
        let hex = text.dropFirst()
        guard hex.allSatisfy(\.isHexDigit), let v = UInt32(hex, radix: 16) else { return nil }
        switch hex.count {
        case 3:
            let r = (v >> 8) & 0xF, g = (v >> 4) & 0xF, b = v & 0xF
            return Color(hex: (r * 17) << 16 | (g * 17) << 8 | b * 17)
        case 6: return Color(hex: v)
        case 8: return Color(hex: v >> 8, alpha: Double(v & 0xFF) / 255)
        default: return nil
        }
    }

    /// `#RRGGBB` or `#RRGGBBAA` (alpha only when not opaque).
    public var hexString: String {
        func h(_ v: Double) -> String {
            let i = Int((max(0, min(1, v)) * 255).rounded())
            let s = String(i, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + h(red) + h(green) + h(blue) + (alpha < 1 ? h(alpha) : "")
    }
}

/// A fill: a solid colour or a linear gradient in the shape's unit square.
public enum Paint: Hashable, Sendable, Codable {
    case color(Color)
    case linearGradient(stops: [GradientStop], start: UnitPoint, end: UnitPoint)

    /// The paint with its alpha multiplied by `factor`.
    public func opacity(_ factor: Double) -> Paint {
        switch self {
        case .color(let c): return .color(c.opacity(factor))
        case .linearGradient(let stops, let s, let e):
            return .linearGradient(
                stops: stops.map { GradientStop(color: $0.color.opacity(factor), location: $0.location) },
                start: s, end: e)
        }
    }
}

/// One colour stop of a gradient, at a location from 0 to 1.
public struct GradientStop: Hashable, Sendable, Codable {
    public var color: Color
    public var location: Double
    public init(color: Color, location: Double) { self.color = color; self.location = location }
}

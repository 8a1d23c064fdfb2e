/// sRGB colours with straight alpha, SwiftUI's named colours, and linear gradients.
public struct Color: Hashable, Sendable, Codable {
    public var red: Double, green: Double, blue: Double, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// A colour from 0xRRGGBB.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }
    /// The same colour with its alpha multiplied by `factor`.
    public func opacity(_ factor: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * factor)
    }
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let red = Color(hex: 0xFF3B30)
    public static let orange = Color(hex: 0xFF9500)
    public static let yellow = Color(hex: 0xFFCC00)
    public static let green = Color(hex: 0x34C759)
    public static let mint = Color(hex: 0x00C7BE)
    public static let teal = Color(hex: 0x30B0C7)
    public static let cyan = Color(hex: 0x32ADE6)
    public static let blue = Color(hex: 0x007AFF)
    public static let indigo = Color(hex: 0x5856D6)
    public static let purple = Color(hex: 0xAF52DE)
    public static let pink = Color(hex: 0xFF2D55)
    public static let brown = Color(hex: 0xA2845E)
    public static let gray = Color(hex: 0x8E8E93)
    public static let primary = Color.black
    public static let secondary = Color(hex: 0x3C3C43, alpha: 0.6)
    /// The default tint (accent) colour.
    public static let accent = Color.blue

    /// SwiftUI's named colours (light mode; iOS system colours, long-standing published values).
    public static let named: [String: Color] = [
        "black": .black, "white": .white, "clear": .clear, "red": .red, "orange": .orange,
        "yellow": .yellow, "green": .green, "mint": .mint, "teal": .teal, "cyan": .cyan,
        "blue": .blue, "indigo": .indigo, "purple": .purple, "pink": .pink, "brown": .brown,
        "gray": .gray, "grey": .gray, "primary": .primary, "secondary": .secondary, "accentColor": .accent,
        "systemRed": .red, "systemOrange": .orange, "systemYellow": .yellow, "systemGreen": .green,
        "systemMint": .mint, "systemTeal": .teal, "systemCyan": .cyan, "systemBlue": .blue,
        "systemIndigo": .indigo, "systemPurple": .purple, "systemPink": .pink, "systemBrown": .brown,
        "systemGray": .gray,
        // UIKit's light-mode greys and semantic colours (published values).
        "systemGray2": Color(hex: 0xAEAEB2), "systemGray3": Color(hex: 0xC7C7CC), "systemGray4": Color(hex: 0xD1D1D6),
        "systemGray5": Color(hex: 0xE5E5EA), "systemGray6": Color(hex: 0xF2F2F7),
        "systemBackground": .white, "secondarySystemBackground": Color(hex: 0xF2F2F7),
        "tertiarySystemBackground": .white, "systemGroupedBackground": Color(hex: 0xF2F2F7),
        "secondarySystemGroupedBackground": .white,
        "label": .black, "secondaryLabel": Color(hex: 0x3C3C43, alpha: 0.6),
        "tertiaryLabel": Color(hex: 0x3C3C43, alpha: 0.3), "quaternaryLabel": Color(hex: 0x3C3C43, alpha: 0.18),
        "separator": Color(hex: 0x3C3C43, alpha: 0.29), "opaqueSeparator": Color(hex: 0xC6C6C8), "link": .blue
    ]

    /// Parses `#RGB`, `#RRGGBB`, `#RRGGBBAA` or a named colour; nil if neither.
    public static func parse(_ text: String) -> Color? {
        if let c = named[text] { return c }
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

import Foundation
import ProofsheetCore
import ProofsheetScene

// The small part of UIKit that SwiftUI screens reach for: haptics (recorded as events of a
// timeline, with no pixels), the screen's bounds and colours (`Color(.systemRed)`). `import
// UIKit` gives these on Linux, and `import SwiftUI` does too, as it does on iOS. The classes
// are the main actor's as UIKit's are, and as UIKit's are seen from Swift 5 code (preconcurrency):
// a Swift 5 file that makes a feedback generator in a plain function compiles, as it does in Xcode.

/// `UIImpactFeedbackGenerator`: an impact felt; recorded as `haptic light` (…).
@MainActor @preconcurrency
public final class UIImpactFeedbackGenerator {
    public enum FeedbackStyle: Int, Sendable { case light, medium, heavy, soft, rigid }
    let style: FeedbackStyle
    public init(style: FeedbackStyle = .medium) { self.style = style }
    public func prepare() {}
    public func impactOccurred() { Haptics.record(["light", "medium", "heavy", "soft", "rigid"][style.rawValue]) }
    public func impactOccurred(intensity: Double) { impactOccurred() }
}

/// `UINotificationFeedbackGenerator`: success, warning or error felt; recorded as an event.
@MainActor @preconcurrency
public final class UINotificationFeedbackGenerator {
    public enum FeedbackType: Int, Sendable { case success, warning, error }
    public init() {}
    public func prepare() {}
    public func notificationOccurred(_ type: FeedbackType) { Haptics.record(["success", "warning", "error"][type.rawValue]) }
}

/// `UISelectionFeedbackGenerator`: a selection change felt; recorded as `haptic selection`.
@MainActor @preconcurrency
public final class UISelectionFeedbackGenerator {
    public init() {}
    public func prepare() {}
    public func selectionChanged() { Haptics.record("selection") }
}

@MainActor
enum Haptics {
    /// Records a haptic in the action running (outside a handler, nothing happens).
    static func record(_ kind: String) {
        guard let access = StateAccess.current, var run = access.run else { return }
        run.steps.append(.annotate("haptic \(kind)"))
        access.run = run
    }
}

/// `UIScreen.main`: the screen of the device being drawn.
@MainActor @preconcurrency
public final class UIScreen {
    /// The device of the screen being drawn (iPhone 14 outside a drawing).
    public static var main: UIScreen { UIScreen(device: StateAccess.current?.environment.device) }
    let device: Device?
    init(device: Device?) { self.device = device }
    public var bounds: CGRect {
        let size = device?.size ?? Size(width: 390, height: 844)
        return CGRect(x: 0, y: 0, width: size.width, height: size.height)
    }
    public var scale: CGFloat { CGFloat(device?.scale ?? 3) }
}

/// `UIImage`, as far as SwiftUI's `Image(uiImage:)` takes one: an image by its asset name (or
/// SF Symbol name), found when it is drawn; a name no asset root has is an error then, not nil
/// here.
public final class UIImage: Sendable {
    let name: String
    let systemName: String?
    public init?(named name: String) {
        guard !name.isEmpty else { return nil }
        self.name = name; systemName = nil
    }
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: Any? = nil) { self.init(named: name) }
    public init?(systemName: String) {
        guard !systemName.isEmpty else { return nil }
        name = systemName; self.systemName = systemName
    }
}

/// `UIColor`, as far as SwiftUI's `Color(_:)` takes one: the system's colours (`.systemRed`,
/// `.label`, `.systemGroupedBackground`, with their dark appearance) and UIKit's fixed ones
/// (`.red` is pure red, as UIKit has it, not SwiftUI's `Color.red`).
public struct UIColor: Hashable, Sendable {
    let value: ProofsheetCore.Color
    init(_ value: ProofsheetCore.Color) { self.value = value }
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        value = ProofsheetCore.Color(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
    }
    public init(white: CGFloat, alpha: CGFloat) { self.init(red: white, green: white, blue: white, alpha: alpha) }
    public init?(named name: String) {
        guard let c = ProofsheetCore.Color.asset(named: name) else { return nil }
        value = c
    }
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor { UIColor(value.opacity(Double(alpha) / max(value.alpha, 1e-9))) }

    static func system(_ name: String) -> UIColor {
        UIColor(ProofsheetCore.Color.parse(name) ?? ProofsheetCore.Color(red: 1, green: 0, blue: 1))
    }
    public static var systemRed: UIColor { system("systemRed") }
    public static var systemOrange: UIColor { system("systemOrange") }
    public static var systemYellow: UIColor { system("systemYellow") }
    public static var systemGreen: UIColor { system("systemGreen") }
    public static var systemMint: UIColor { system("systemMint") }
    public static var systemTeal: UIColor { system("systemTeal") }
    public static var systemCyan: UIColor { system("systemCyan") }
    public static var systemBlue: UIColor { system("systemBlue") }
    public static var systemIndigo: UIColor { system("systemIndigo") }
    public static var systemPurple: UIColor { system("systemPurple") }
    public static var systemPink: UIColor { system("systemPink") }
    public static var systemBrown: UIColor { system("systemBrown") }
    public static var systemGray: UIColor { system("systemGray") }
    public static var systemGray2: UIColor { system("systemGray2") }
    public static var systemGray3: UIColor { system("systemGray3") }
    public static var systemGray4: UIColor { system("systemGray4") }
    public static var systemGray5: UIColor { system("systemGray5") }
    public static var systemGray6: UIColor { system("systemGray6") }
    public static var label: UIColor { system("label") }
    public static var secondaryLabel: UIColor { system("secondaryLabel") }
    public static var tertiaryLabel: UIColor { system("tertiaryLabel") }
    public static var quaternaryLabel: UIColor { system("quaternaryLabel") }
    public static var link: UIColor { system("link") }
    public static var placeholderText: UIColor { system("placeholderText") }
    public static var separator: UIColor { system("separator") }
    public static var opaqueSeparator: UIColor { system("opaqueSeparator") }
    public static var systemBackground: UIColor { system("systemBackground") }
    public static var secondarySystemBackground: UIColor { system("secondarySystemBackground") }
    public static var tertiarySystemBackground: UIColor { system("tertiarySystemBackground") }
    public static var systemGroupedBackground: UIColor { system("systemGroupedBackground") }
    public static var secondarySystemGroupedBackground: UIColor { system("secondarySystemGroupedBackground") }
    public static var tertiarySystemGroupedBackground: UIColor { system("tertiarySystemGroupedBackground") }
    public static var systemFill: UIColor { system("systemFill") }
    public static var secondarySystemFill: UIColor { system("secondarySystemFill") }
    public static var tertiarySystemFill: UIColor { system("tertiarySystemFill") }
    public static var quaternarySystemFill: UIColor { system("quaternarySystemFill") }
    public static var tintColor: UIColor { system("tintColor") }
    public static var lightText: UIColor { system("lightText") }
    public static var darkText: UIColor { system("darkText") }
    public static var black: UIColor { UIColor(white: 0, alpha: 1) }
    public static var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
    public static var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
    public static var white: UIColor { UIColor(white: 1, alpha: 1) }
    public static var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    public static var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    public static var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    public static var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    public static var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    public static var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    public static var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    public static var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    public static var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    public static var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    public static var clear: UIColor { UIColor(white: 0, alpha: 0) }
}

extension Color {
    /// SwiftUI's colour of a UIKit colour (`Color(.systemGray)`).
    public init(_ color: UIColor) { self.init(color.value) }
    public init(uiColor color: UIColor) { self.init(color.value) }
}

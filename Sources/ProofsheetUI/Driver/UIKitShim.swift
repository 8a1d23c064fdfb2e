import Foundation
import ProofsheetCore
import ProofsheetScene

// The small part of UIKit that SwiftUI screens reach for: haptics (recorded as events of a
// timeline, with no pixels) and the screen's bounds. `import UIKit` gives these on Linux.

/// `UIImpactFeedbackGenerator`: an impact felt; recorded as `haptic light` (…).
@MainActor
public final class UIImpactFeedbackGenerator {
    public enum FeedbackStyle: Int, Sendable { case light, medium, heavy, soft, rigid }
    let style: FeedbackStyle
    public init(style: FeedbackStyle = .medium) { self.style = style }
    public func prepare() {}
    public func impactOccurred() { Haptics.record(["light", "medium", "heavy", "soft", "rigid"][style.rawValue]) }
    public func impactOccurred(intensity: Double) { impactOccurred() }
}

/// `UINotificationFeedbackGenerator`: success, warning or error felt; recorded as an event.
@MainActor
public final class UINotificationFeedbackGenerator {
    public enum FeedbackType: Int, Sendable { case success, warning, error }
    public init() {}
    public func prepare() {}
    public func notificationOccurred(_ type: FeedbackType) { Haptics.record(["success", "warning", "error"][type.rawValue]) }
}

/// `UISelectionFeedbackGenerator`: a selection change felt; recorded as `haptic selection`.
@MainActor
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
@MainActor
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

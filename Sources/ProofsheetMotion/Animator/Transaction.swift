/// The context of one state change, as SwiftUI's `Transaction`: the explicit animation
/// (`withAnimation`), or animations turned off altogether.
public struct Transaction: Hashable, Sendable {
    /// The animation of `withAnimation` (nil: none; implicit animations may still apply).
    public var animation: Animation?
    /// No animation at all, implicit ones included.
    public var disablesAnimations: Bool

    public init(animation: Animation? = nil, disablesAnimations: Bool = false) {
        self.animation = animation; self.disablesAnimations = disablesAnimations
    }

    /// A change without any animation.
    public static let immediate = Transaction(disablesAnimations: true)
}

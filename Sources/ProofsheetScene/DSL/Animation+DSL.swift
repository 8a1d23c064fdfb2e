import ProofsheetMotion

/// SwiftUI's animation constructors, for Swift scenes: `.easeOut(duration: 0.3)`,
/// `.spring(response: 0.55, dampingFraction: 0.825)`, `.bouncy.delay(0.1)`. Each gives the same
/// value as the scene format's spelling of it (a bare `.spring()` and `.default` are iOS 17's;
/// see ``AnimationSDK``).
extension Animation {
    public static func linear(duration: Double = 0.35) -> Animation { .curve(.linear, duration: duration) }
    public static func easeIn(duration: Double = 0.35) -> Animation { .curve(.easeIn, duration: duration) }
    public static func easeOut(duration: Double = 0.35) -> Animation { .curve(.easeOut, duration: duration) }
    public static func easeInOut(duration: Double = 0.35) -> Animation { .curve(.easeInOut, duration: duration) }
    public static let linear = Animation.linear()
    public static let easeIn = Animation.easeIn()
    public static let easeOut = Animation.easeOut()
    public static let easeInOut = Animation.easeInOut()
    /// `Animation.timingCurve(_:_:_:_:duration:)`.
    /// The x values clamped into 0…1, as SwiftUI clamps them.
    public static func timingCurve(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double, duration: Double = 0.35) -> Animation {
        .curve(UnitCurve(min(1, max(0, c1x)), c1y, min(1, max(0, c2x)), c2y), duration: duration)
    }
    /// `Animation.timingCurve(_:duration:)` with a `UnitCurve` (iOS 17).
    public static func timingCurve(_ curve: UnitCurve, duration: Double) -> Animation { .curve(curve, duration: duration) }
    /// `.spring()` is iOS 17's (response 0.5, damping fraction 1) unless given.
    public static func spring(response: Double = 0.5, dampingFraction: Double = 1, blendDuration: Double = 0) -> Animation {
        .spring(Spring(response: response, dampingFraction: dampingFraction))
    }
    public static func spring(duration: Double, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
        .spring(Spring(duration: duration, bounce: bounce))
    }
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        .spring(Spring(duration: duration, bounce: extraBounce))
    }
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        .spring(Spring(duration: duration, bounce: 0.15 + extraBounce))
    }
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        .spring(Spring(duration: duration, bounce: 0.3 + extraBounce))
    }
    public static let smooth = Animation.smooth()
    public static let snappy = Animation.snappy()
    public static let bouncy = Animation.bouncy()
    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) -> Animation {
        .spring(Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity))
    }
    /// `interpolatingSpring(_:initialVelocity:)` with a `Spring` (iOS 17): its stiffness and
    /// damping as SwiftUI reads them back.
    public static func interpolatingSpring(_ spring: Spring, initialVelocity: Double = 0) -> Animation {
        var s = spring.asInterpolatingSpring
        s.initialVelocity = initialVelocity
        return .spring(s)
    }
    /// iOS 17's `.default`: a spring of response 0.55, damping fraction 1.
    public static let `default` = AnimationSDK.ios17.defaultAnimation

    public func delay(_ seconds: Double) -> Animation { .delay(self, seconds: seconds) }
    public func speed(_ factor: Double) -> Animation { .speed(self, factor: factor) }
    public func repeatCount(_ count: Int, autoreverses: Bool = true) -> Animation {
        .repeating(self, count: count, autoreverses: autoreverses)
    }
    public func repeatForever(autoreverses: Bool = true) -> Animation { .repeating(self, count: nil, autoreverses: autoreverses) }
    /// When SwiftUI counts the animation done for completions: the motion is the same.
    public func logicallyComplete(after seconds: Double) -> Animation { self }
}

/// SwiftUI's named springs (iOS 17), for `.spring(_:)` and `interpolatingSpring(_:)`.
extension Spring {
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Spring { Spring(duration: duration, bounce: extraBounce) }
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0.15 + extraBounce)
    }
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring { Spring(duration: duration, bounce: 0.3 + extraBounce) }
    public static let smooth = Spring.smooth()
    public static let snappy = Spring.snappy()
    public static let bouncy = Spring.bouncy()
}

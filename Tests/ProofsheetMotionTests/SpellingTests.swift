import Foundation
import Testing
import ProofsheetCore
@testable import ProofsheetMotion

/// Animations spelled as in SwiftUI, and the located errors for bad spellings.
@Suite("Animation spellings")
struct SpellingTests {
    func parse(_ s: String, sdk: AnimationSDK = .ios17) throws -> Animation { try Animation(spelling: s, sdk: sdk) }

    func error(_ s: String) -> AnimationSpellingError? {
        do { _ = try Animation(spelling: s); return nil } catch { return error }
    }

    @Test func curvesAndModifiers() throws {
        #expect(try parse("easeOut") == .curve(.easeOut, duration: 0.35))
        #expect(try parse(".easeInOut(duration: 0.3)") == .curve(.easeInOut, duration: 0.3))
        #expect(try parse("Animation.linear(duration: 2)") == .curve(.linear, duration: 2))
        #expect(try parse("easeOut.delay(0.05)") == .delay(.curve(.easeOut, duration: 0.35), seconds: 0.05))
        #expect(try parse("timingCurve(0.1, 0.2, 0.3, 1, duration: 0.5)") == .curve(UnitCurve(0.1, 0.2, 0.3, 1), duration: 0.5))
        #expect(try parse("easeIn.speed(2)") == .speed(.curve(.easeIn, duration: 0.35), factor: 2))
        #expect(
            try parse("linear(duration: 1).repeatCount(3, autoreverses: false)")
                == .repeating(.curve(.linear, duration: 1), count: 3, autoreverses: false))
        #expect(try parse("easeIn.repeatForever()") == .repeating(.curve(.easeIn, duration: 0.35), count: nil, autoreverses: true))
        #expect(
            try parse("easeIn.repeatForever(autoreverses: false)") == .repeating(.curve(.easeIn, duration: 0.35), count: nil, autoreverses: false))
    }

    @Test func springsAndSDK() throws {
        #expect(try parse("interpolatingSpring(stiffness: 180, damping: 100)") == .spring(Spring(stiffness: 180, damping: 100)))
        #expect(
            try parse("interpolatingSpring(mass: 2, stiffness: 10, damping: 3, initialVelocity: 1)")
                == .spring(Spring(mass: 2, stiffness: 10, damping: 3, initialVelocity: 1)))
        #expect(try parse("spring(response: 0.55, dampingFraction: 0.825)") == .spring(Spring(response: 0.55, dampingFraction: 0.825)))
        #expect(try parse("spring(response: 0.3)") == .spring(Spring(response: 0.3, dampingFraction: 0.825)))
        #expect(try parse("spring(duration: 0.4, bounce: 0.2)") == .spring(Spring(duration: 0.4, bounce: 0.2)))
        #expect(try parse(".spring()") == .spring(Spring(response: 0.5, dampingFraction: 1)))
        #expect(try parse("spring") == .spring(Spring(response: 0.5, dampingFraction: 1)))
        #expect(try parse(".spring()", sdk: .ios13) == .spring(Spring(response: 0.55, dampingFraction: 0.825)))
        #expect(try parse(".default") == .spring(Spring(response: 0.55, dampingFraction: 1)))
        #expect(try parse(".default", sdk: .ios13) == .curve(.easeInOut, duration: 0.35))
        #expect(try parse("smooth") == .spring(Spring(duration: 0.5, bounce: 0)))
        #expect(try parse("snappy") == .spring(Spring(duration: 0.5, bounce: 0.15)))
        #expect(try parse("bouncy(duration: 0.4, extraBounce: 0.1)") == .spring(Spring(duration: 0.4, bounce: 0.4)))
        #expect(try parse("interactiveSpring") == .spring(Spring(response: 0.15, dampingFraction: 0.86)))
        // iOS 17's form adds its extra bounce to a base of 0.15, as SwiftUI's inlined body does.
        #expect(try parse("interactiveSpring(duration: 0.2)") == .spring(Spring(duration: 0.2, bounce: 0.15)))
        #expect(try parse("interactiveSpring(extraBounce: 0.1)") == .spring(Spring(duration: 0.15, bounce: 0.25)))
    }

    @Test func errorsSayWhereAndWhat() throws {
        let typo = try #require(error("easeOut.dely(0.05)"))
        #expect(typo.column == 9)
        #expect(typo.message.contains("'delay'"))
        #expect(typo.hint.contains("repeatForever"))
        let label = try #require(error("spring(respons: 0.5)"))
        #expect(label.column == 8)
        let missing = try #require(error("interpolatingSpring(stiffness: 180)"))
        #expect(missing.message.contains("'damping:'"))
        let unknown = try #require(error("eseOut"))
        #expect(unknown.column == 1)
        #expect(unknown.message.contains("'easeOut'"))
        #expect(error("easeOut(duration: -1)")?.column == 19)
        #expect(error("easeOut(")?.column == 9)
        #expect(error("") != nil)
        #expect(error("spring(response: 0)") != nil)
        #expect(error("interpolatingSpring(stiffness: 100, damping: 0).repeatCount(2)") != nil)
        #expect(error("linear.repeatCount(2.5)") != nil)
        #expect(error(String(repeating: "a", count: 100_000))?.column == Animation.longestSpelling + 1)
        #expect(error("easeIn.delay(1e999)") != nil)
    }

    /// iOS 17's spellings, as pasted from code: springs as values (`.spring(.bouncy)`,
    /// `Spring(…)` in its four forms), `interpolatingSpring(_:initialVelocity:)`, timing curves
    /// as `UnitCurve`s (the circular ones included), and `.logicallyComplete(after:)`.
    @Test func iOS17Spellings() throws {
        #expect(try parse(".spring(.bouncy)") == parse("bouncy"))
        #expect(try parse("spring(.snappy, blendDuration: 0.2)") == parse("snappy"))
        #expect(try parse("spring(.smooth(duration: 0.3, extraBounce: 0.1))") == .spring(Spring(duration: 0.3, bounce: 0.1)))
        #expect(try parse("Animation.spring(Spring(duration: 0.4, bounce: 0.2))") == .spring(Spring(duration: 0.4, bounce: 0.2)))
        #expect(try parse("spring(Spring.bouncy)") == parse("bouncy"))
        #expect(try parse("spring(Spring(response: 0.3, dampingRatio: 0.6))") == .spring(Spring(response: 0.3, dampingFraction: 0.6)))
        // A spring of stiffness and damping that may not overdamp reads back with ratio 1.
        let stiff = try #require(try parse("spring(Spring(mass: 1, stiffness: 180, damping: 100))").plainSpring)
        #expect(abs(stiff.dampingFraction - 1) < 1e-12 && abs(stiff.omega0 - 180.0.squareRoot()) < 1e-9)
        let over = try #require(try parse("spring(Spring(stiffness: 180, damping: 100, allowOverDamping: true))").plainSpring)
        #expect(over.allowsOverdamping && abs(over.dampingFraction - 100 / (2 * 180.0.squareRoot())) < 1e-9)
        // interpolatingSpring(Spring, initialVelocity:): SwiftUI's stiffness and damping of it.
        let i = try #require(try parse("interpolatingSpring(Spring(duration: 0.5, bounce: 0.3), initialVelocity: 2)").plainSpring)
        let b = Spring(duration: 0.5, bounce: 0.3)
        #expect(abs(i.stiffness - b.stiffness) < 1e-9 && abs(i.damping - b.damping) < 1e-9 && i.initialVelocity == 2)
        #expect(!i.allowsOverdamping)
        // An overdamped spring's stiffness reads back as (2ζ² − 1)·k, and moves critically.
        let o = try #require(try parse("interpolatingSpring(Spring(duration: 0.5, bounce: -0.2))").plainSpring)
        let k = pow(2 * Double.pi / 0.5, 2)
        #expect(abs(o.stiffness - (2 * 1.25 * 1.25 - 1) * k) < 1e-9 && abs(o.damping - 2 * 1.25 * 4 * Double.pi) < 1e-9)
        // Spring(settlingDuration:dampingRatio:): it settles (by its envelope) at that time.
        let settled = try #require(try parse("spring(Spring(settlingDuration: 0.6, dampingRatio: 0.5))").plainSpring)
        let w = settled.omega0, z = settled.dampingFraction
        #expect(abs(z - 0.5) < 1e-12)
        let envelope: Double = z / (1 - z * z).squareRoot() * exp(-z * w * 0.6)
        #expect(abs(envelope - 1e-3) < 1e-9)
        let critical = Spring(settlingDuration: 0.5, dampingRatio: 1)
        let u = critical.omega0 * 0.5
        #expect(abs((1 + u) * exp(-u) - 1e-3) < 1e-12)
        // Timing curves as UnitCurves; the circular ones.
        #expect(try parse("timingCurve(.easeIn, duration: 0.3)") == .curve(.easeIn, duration: 0.3))
        #expect(try parse("timingCurve(UnitCurve.circularEaseOut, duration: 1)") == .curve(.circularEaseOut, duration: 1))
        #expect(
            try parse("timingCurve(.bezier(startControlPoint: UnitPoint(x: 0.2, y: 0), endControlPoint: UnitPoint(x: 0.4, y: 1)), duration: 0.5)")
                == .curve(UnitCurve(0.2, 0, 0.4, 1), duration: 0.5))
        // UnitCurve clamps its control points into the unit square; timingCurve's numbers clamp x.
        #expect(
            try parse("timingCurve(.bezier(startControlPoint: UnitPoint(x: -0.5, y: 1.4), endControlPoint: UnitPoint(x: 1.2, y: -1)), duration: 1)")
                == .curve(UnitCurve(0, 1, 1, 0), duration: 1))
        #expect(try parse("timingCurve(-0.2, 1.5, 1.3, 1, duration: 1)") == .curve(UnitCurve(0, 1.5, 1, 1), duration: 1))
        let inOut = UnitCurve.circularEaseInOut
        for x in [0.1, 0.3, 0.7, 0.9] {
            #expect(abs(UnitCurve.circularEaseIn.value(at: x) - (1 - (1 - x * x).squareRoot())) < 1e-12)
            #expect(abs(UnitCurve.circularEaseOut.value(at: x) - (1 - (1 - x) * (1 - x)).squareRoot()) < 1e-12)
            // Point symmetric about the middle, each half a quarter circle scaled.
            #expect(abs(inOut.value(at: x) + inOut.value(at: 1 - x) - 1) < 1e-12)
            let h = 1e-6
            let numeric = (inOut.value(at: x + h) - inOut.value(at: x - h)) / (2 * h)
            #expect(abs(inOut.slope(at: x) - numeric) < 1e-4)
        }
        #expect(inOut.value(at: 0.5) == 0.5 && UnitCurve.circularEaseIn.slope(at: 1) == UnitCurve.steepest)
        // logicallyComplete(after:) changes no motion.
        #expect(try parse("spring(duration: 0.5).logicallyComplete(after: 0.3)") == parse("spring(duration: 0.5)"))
        // Mistakes name their place.
        let unknown = try #require(error("spring(.bouncey)"))
        #expect(unknown.column == 8 && unknown.message.contains("'.bouncy'"))
        #expect(error("timingCurve(.easeIn)")?.message.contains("'duration:' is missing") == true)
        #expect(error("spring(Spring(Spring(Spring(Spring(Spring(duration: 1))))))")?.message.contains("nest") == true)
        #expect(error("timingCurve(.bezier(startControlPoint: UnitPoint(x: 0, y: 0)), duration: 1)") != nil)
    }

    /// A drag's spelling says that its end is a translation from where it starts: `by dx,dy`
    /// and `-> +dx,dy` (and the bare arrow) are one and the same move.
    @Test func aDragIsATranslation() throws {
        let by = try TouchScript("drag #card 20,0 by 150,10 in 0.3s; release")
        #expect(
            by.steps == [.down(view: "card", offset: Point(x: 20, y: 0)), .move(to: Point(x: 150, y: 10), duration: 0.3), .up])
        #expect(try TouchScript("drag #card 20,0 -> +150,+10 in 0.3s; release") == by)
        #expect(try TouchScript("drag #card 20,0 -> 150,10 in 0.3s; release") == by)
        do {
            _ = try TouchScript("drag #card 0,0 to 5,5")
            Issue.record("'to' was accepted")
        } catch {
            #expect(error.message.contains("'by dx,dy' or '-> +dx,dy'"), "\(error.message)")
            #expect(error.hint.contains("by 150,10"))
        }
    }
}

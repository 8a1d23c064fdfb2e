import Testing
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
}

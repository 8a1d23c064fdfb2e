import Testing
import Proofsheet

/// The one parser of typed numbers: decimal spellings only.
@Suite("Decimal numbers")
struct DecimalNumberTests {
    @Test(arguments: ["0", "12", "-3", "+4", "0.5", ".5", "5.", "1e3", "2.5E-2", "007"])
    func decimalSpellingsAreRead(_ text: String) {
        #expect(decimalNumber(text) == Double(text))
    }

    @Test(arguments: ["0x10", "0X1p3", "inf", "-infinity", "nan", "NaN", "1e999", "", "-", ".", "e5", "1e", "1_000", " 1", "1 ", "١٢", "0x"])
    func otherSpellingsAreRefused(_ text: String) {
        #expect(decimalNumber(text) == nil)
    }

    @Test func limitsUseIt() {
        Limit.registerAll()
        #expect(throws: ProofsheetError.self) { try Limit.apply("views=0x10") }
        #expect(throws: ProofsheetError.self) { try Limit.apply("views=infk") }
        #expect(throws: ProofsheetError.self) { try Limit.apply("views=nan") }
        #expect(Scene.Limits.views.int == 200_000)
    }
}

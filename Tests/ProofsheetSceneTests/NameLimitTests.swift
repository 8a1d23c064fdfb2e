import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout

/// "Did you mean" stays cheap and short: no suggestions for huge names, a banded edit
/// distance, and names cut in messages.
@Suite("Name limits")
struct NameLimitTests {
    func scene(_ root: String, vars: String = "{}") -> String { sceneText(root, vars: vars) }

    /// The textbook dynamic programme, for comparison.
    func referenceDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        var d = (0...y.count).map { [$0] + [Int](repeating: 0, count: x.count) }
        for i in 0...x.count { d[0][i] = i }
        for j in 0...y.count { d[j][0] = j }
        for j in stride(from: 1, through: y.count, by: 1) {
            for i in stride(from: 1, through: x.count, by: 1) {
                d[j][i] = min(d[j - 1][i] + 1, d[j][i - 1] + 1, d[j - 1][i - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
        }
        return d[y.count][x.count]
    }

    @Test func theBandedDistanceIsExactUpToItsBound() {
        var rng = SystemRandomNumberGenerator()
        let letters = Array("abcde")
        for _ in 0..<400 {
            let a = String((0..<Int.random(in: 0...12, using: &rng)).map { _ in letters.randomElement(using: &rng)! })
            let b = String((0..<Int.random(in: 0...12, using: &rng)).map { _ in letters.randomElement(using: &rng)! })
            let exact = referenceDistance(a, b)
            #expect(editDistance(a, b) == exact, "\(a) \(b)")
            for bound in 0...6 {
                #expect(editDistance(a, b, atMost: bound) == min(exact, bound + 1), "\(a) \(b) at most \(bound)")
            }
        }
        #expect(editDistance("kitten", "sitting") == 3)
    }

    @Test func ordinaryTyposAreStillSuggested() {
        #expect(closeNames(to: "paddin", in: ["padding", "frame", "offset"]) == ["padding"])
        #expect(closeNames(to: "VStak", in: ["VStack", "HStack", "ZStack"]).first == "VStack")
        #expect(closeNames(to: "backgrund", in: ["background", "blur"]) == ["background"])
        #expect(closeNames(to: "fontt", in: ["font", "fontWeight", "fontDesign"]).first == "font")
    }

    @Test func nothingIsSuggestedForAHugeName() {
        // A name past the length where suggestions are looked for, even one differing from a
        // candidate by one letter.
        let candidate = String(repeating: "n", count: longestSuggestedName + 10)
        #expect(closeNames(to: candidate + "x", in: [candidate]).isEmpty)
        let fits = String(repeating: "n", count: longestSuggestedName - 1)
        #expect(closeNames(to: fits + "x", in: [fits]) == [fits])
    }

    @Test func aHugeUnknownVariableIsLocatedAndCut() throws {
        let name = String(repeating: "v", count: 100_000)
        let vars = "{\"title\": \"a\", \"\(String(repeating: "v", count: 99_999))w\": 1}"
        let e = try #require(decodeError(scene("{\"type\": \"Text\", \"text\": \"$\(name)\"}", vars: vars)))
        #expect(e.message.hasPrefix("in expression '$vvvv"))
        #expect(e.message.contains("unknown variable '$vvvv"))
        #expect(e.message.contains("…"))
        #expect(!e.message.contains("did you mean"))
        #expect(e.location?.path == "$.root.text")
        #expect(e.location?.line == 4)
        #expect(e.description.count < 500, "\(e.description.count) characters")
    }

    @Test func aHugeUnknownColourIsLocatedAndCut() throws {
        let name = String(repeating: "c", count: 1_000_000)
        let e = try #require(decodeError(scene("{\"type\": \"Color\", \"color\": \"\(name)\"}")))
        #expect(e.message == "'\(String(repeating: "c", count: 64))…' is not a colour")
        #expect(e.location?.path == "$.root.color")
        #expect(e.location?.line == 4)
        #expect(e.description.count < 500)
    }

    @Test func hugeKeysAndModifiersAreCutInMessagesAndPaths() throws {
        let key = String(repeating: "k", count: 200_000)
        let e = try #require(decodeError(scene("{\"type\": \"Text\", \"text\": \"a\", \"\(key)\": 1}")))
        #expect(e.message == "unknown key '\(String(repeating: "k", count: 64))…'")
        #expect(e.description.count < 700, "\(e.description.count) characters")
        let m = try #require(decodeError(scene("{\"type\": \"Text\", \"text\": \"a\", \"modifiers\": [{\"\(key)\": 1}]}")))
        #expect(m.message.hasPrefix("unknown modifier 'kkkk"))
        #expect(m.description.count < 1200, "\(m.description.count) characters")
    }

    @Test func theVariablesHintIsBounded() throws {
        let many = (0..<500).map { "\"v\($0)\": \($0)" }.joined(separator: ", ")
        let e = try #require(decodeError(scene("{\"type\": \"Text\", \"text\": \"$nope\"}", vars: "{\(many)}")))
        #expect(e.hint?.hasSuffix(", …") == true)
        #expect((e.hint?.count ?? 0) < 400)
    }
}

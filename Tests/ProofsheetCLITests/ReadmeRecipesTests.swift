import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetLayout

/// The README's Recipes render as written, without overflow, and show what they say; its
/// Colours table names every catalogue colour with its values.
@Suite("README recipes")
struct ReadmeRecipesTests {
    /// The text of the README's section `heading` (up to the next heading of its level).
    static func section(_ heading: String) throws -> String {
        let readme = try String(contentsOfFile: Paths.root + "/README.md", encoding: .utf8)
        let start = try #require(readme.range(of: "\n### \(heading)\n"))
        let rest = readme[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n### ")?.lowerBound ?? rest.endIndex)])
    }

    /// The ```json blocks of a text.
    static func jsonBlocks(_ text: String) -> [String] {
        text.components(separatedBy: "```json\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first }
    }

    @Test func recipesRenderWithoutOverflow() throws {
        let blocks = Self.jsonBlocks(try Self.section("Recipes"))
        #expect(blocks.count == 4)
        var trees: [ResolvedView] = []
        for (k, block) in blocks.enumerated() {
            let scene = try SceneDecoder().template(bytes: Array(block.utf8), file: "recipe-\(k).json").scene(still: nil)
            let layout = try Renderer().layout(scene)
            #expect(layout.tree.overflows(screen: scene.drawingSize).isEmpty, "recipe \(k)")
            #expect(!layout.displayList.items.isEmpty, "recipe \(k) draws nothing")
            trees.append(layout.tree)
        }
        guard trees.count == 4 else { return }
        // The full-width button spans the padded width (390 − 2 × 16); the one with the frame on
        // the button keeps its label's width.
        let full = try #require(trees[0].find("fullWidth")), labelSized = try #require(trees[0].find("labelSized"))
        #expect(full.frame.width == 358)
        #expect(labelSized.frame.width == 358)
        #expect(labelSized.children.first.map { $0.frame.width < 200 } == true)
        // ignoresSafeArea: the first colour fills the screen (844), the bar reaches its top.
        let colours = Self.all(trees[3]) { $0.name == "Color" }
        #expect(colours.map(\.frame.height) == [844, 60])
        #expect(colours.last?.frame.minY == 0)
    }

    @Test func coloursTableNamesEveryColour() throws {
        let text = try Self.section("Colours")
        for entry in Color.catalogue {
            #expect(text.contains("`\(entry.name)`"), "\(entry.name) is not in the README's table")
            #expect(text.contains(entry.light.hexString), "\(entry.name)'s value \(entry.light.hexString) is not in the table")
            #expect(text.contains(entry.dark.hexString), "\(entry.name)'s dark value \(entry.dark.hexString) is not in the table")
        }
    }

    static func all(_ v: ResolvedView, _ match: (ResolvedView) -> Bool) -> [ResolvedView] {
        (match(v) ? [v] : []) + v.children.flatMap { all($0, match) }
    }
}

import Foundation
import Testing
import ProofsheetTestSupport
import ProofsheetCore
import ProofsheetScene

/// The names of the images a scene tree shows (what a render starts decoding before its layout).
@Suite("Image names")
struct ImageNamesTests {
    @Test func everyPlaceAnImageCanBeIsWalkedOnceInOrder() {
        let tree = Node.stack(
            axis: .vertical, alignment: 0.5, spacing: nil,
            children: [
                .image(name: "a", resizable: true),
                .modified(
                    .zstack(alignment: .center, children: [.image(name: "b", resizable: false), .text("t")]),
                    .background(.image(name: "c", resizable: true), alignment: .center)),
                .modified(.text("x"), .overlay(.keyed("k", .image(name: "d", resizable: true)), alignment: .center)),
                .modified(.empty, .safeAreaInset(edge: .top, alignment: 0.5, spacing: 0, content: .image(name: "e", resizable: true))),
                .section(
                    header: .image(name: "f", resizable: true), footer: .image(name: "h", resizable: true),
                    children: [.image(name: "g", resizable: true)]),
                .scrollView(
                    axis: .vertical, offset: 0,
                    children: [
                        .located(.branch("then", .image(name: "i", resizable: true)), SourceLocation(file: nil, path: "$", line: 1, column: 1))
                    ]),
                .viewThatFits(
                    horizontal: true, vertical: false, children: [.group([.image(name: "j", resizable: true), .image(name: "a", resizable: true)])]),
                .geometryReader { _ in .image(name: "never", resizable: true) }
            ])
        #expect(tree.imageNames(limit: 100) == ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"])
        #expect(tree.imageNames(limit: 3) == ["a", "b", "c"])
    }

    @Test func theDeckShowsItsCardsPhotos() throws {
        let scene = try SceneDecoder().template(file: Paths.scenes + "/travel-deck.json").scene(still: "rest")
        let names = scene.root.imageNames(limit: 8)
        #expect(names.count >= 2)
        #expect(names.allSatisfy { $0.hasSuffix(".jpg") || !$0.contains(".") }, "\(names)")
    }
}

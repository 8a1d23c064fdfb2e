import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout
import ProofsheetSheets

/// The device gallery's overview: a section per scene, each image a captioned thumbnail of its
/// own drawing, laid out by numbers.
@Suite("Gallery overview")
struct GalleryOverviewTests {
    /// A flat drawing of a device's size in one colour.
    func picture(_ device: String, _ color: Color) throws -> DisplayList {
        let d = try Device.named(device)
        let scene = Scene(canvas: d.size, scale: 1, background: color, root: .empty)
        return try sharedRenderer.layout(scene).displayList
    }

    func images() throws -> [GalleryImage] {
        var out: [GalleryImage] = []
        for (scene, stills) in [("deck", ["rest", "dragging"]), ("list", [nil])] as [(String, [String?])] {
            for still in stills {
                for device in ["iPhone SE", "iPhone 15 Pro Max"] {
                    out.append(GalleryImage(scene: scene, still: still, device: device, picture: try picture(device, Color(hex: 0x34C759))))
                }
            }
        }
        return out
    }

    func texts(_ v: ResolvedView) -> [String] {
        var out: [String] = []
        if case .text(let t) = v.content { out.append(t.text) }
        for c in v.children { out += texts(c) }
        return out
    }

    @Test func sectionsCellsAndCaptionsByNumbers() throws {
        let overview = GalleryOverview(title: "Gallery", images: try images(), columns: 2, thumbnailScale: 0.3)
        var scene = Scene(canvas: Size(width: 1, height: 1), scale: 1, background: overview.style.background, root: overview.node())
        scene.canvas = try sharedRenderer.size(of: scene)
        let tree = try sharedRenderer.layout(scene).tree
        // One section per scene, in order, the second below the first.
        let deck = try #require(tree.find("scene-deck")).frame, list = try #require(tree.find("scene-list")).frame
        #expect(list.minY > deck.maxY)
        // Each image a cell: the thumbnail its screen's size × 0.3 (wider than its caption), two to a row (devices side by side).
        let se = try #require(tree.find("image-deck-rest-iPhone SE")).frame
        let max = try #require(tree.find("image-deck-rest-iPhone 15 Pro Max")).frame
        let nextRow = try #require(tree.find("image-deck-dragging-iPhone SE")).frame
        #expect(se.width == 375 * 0.3 && max.width == 430 * 0.3)
        #expect(max.minY == se.minY && max.minX == se.maxX + overview.style.spacing)
        #expect(nextRow.minX == se.minX && nextRow.minY > max.maxY)
        // A scene without stills shows as `default`; every caption names scene, still and device.
        #expect(tree.find("image-list-default-iPhone SE") != nil)
        let words = texts(tree)
        #expect(words.filter { $0 == "deck" }.count == 1 + 4 && words.filter { $0 == "list" }.count == 1 + 2)
        #expect(words.filter { $0 == "rest" }.count == 2 && words.filter { $0 == "default" }.count == 2)
        #expect(words.filter { $0 == "iPhone SE" }.count == 3 && words.filter { $0 == "iPhone 15 Pro Max" }.count == 3)
        #expect(words.first == "Gallery")
    }

    /// A thumbnail draws the image's own display list: at thumbnail scale 1 its pixels are the
    /// image's, inside the hairline border.
    @Test func thumbnailIsTheImage() throws {
        let image = GalleryImage(scene: "s", still: nil, device: "iPhone SE", picture: try picture("iPhone SE", Color(hex: 0xFF9500)))
        let overview = GalleryOverview(title: "t", images: [image], columns: 1, thumbnailScale: 1)
        var scene = Scene(canvas: Size(width: 1, height: 1), scale: 1, background: overview.style.background, root: overview.node())
        scene.canvas = try sharedRenderer.size(of: scene)
        let laid = try sharedRenderer.layout(scene)
        let at = try #require(laid.tree.find("image-s-default-iPhone SE")).frame
        let rgba = try sharedRenderer.backend.renderRGBA(laid.displayList, scale: 1)
        let x = Int(at.minX) + 100, y = Int(at.minY) + 300
        let p = Array(rgba.pixels[(y * rgba.width + x) * 4..<(y * rgba.width + x) * 4 + 4])
        #expect(p == [0xFF, 0x95, 0x00, 0xFF])
    }
}

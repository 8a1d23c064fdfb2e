import Foundation
import Testing
import ProofsheetTestSupport
@testable import ProofsheetCairo
import Proofsheet

/// The renderer's image cache under the decoded image memory budget (`image-bytes`): every
/// surface counts, the cache gives memory back when an image needs room, and an image that cannot
/// fit is refused with a message.
@Suite("Image store budget")
struct ImageStoreBudgetTests {
    /// A scene of four 200×200 images (160 KB each) side by side, and the folder they are in.
    func fourImageScene() throws -> (scene: String, dir: String) {
        let dir = try temporaryFolder()
        var children: [String] = []
        for i in 0..<4 {
            try RGBAImage(width: 200, height: 200, fill: RGBAColor(r: UInt8(60 * i), g: 100, b: 0)).writePNG(to: dir + "/img\(i).png")
            children.append(#"{"type": "Image", "name": "img\#(i)", "resizable": true, "modifiers": [{"frame": {"width": 20, "height": 20}}]}"#)
        }
        let scene =
            #"{"canvas": {"width": 80, "height": 20}, "root": {"type": "HStack", "spacing": 0, "children": [\#(children.joined(separator: ", "))]}}"#
        try scene.write(toFile: dir + "/four.json", atomically: true, encoding: .utf8)
        return (dir + "/four.json", dir)
    }

    @Test func renderingStaysWithinTheImageMemoryLimit() throws {
        let (scene, dir) = try fourImageScene()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Room for two decoded images at a time: the renderer's cache gives memory back as it goes.
        // Thirty times: nothing decoded ahead of the layout (on other threads) may take the room
        // its own decoding needs, on any run.
        for _ in 0..<30 {
            let fits = try runProcess(
                Paths.binary,
                [
                    "render", scene, "--assets", dir, "--scale", "1", "-o", dir + "/out.png",
                    "--limit", "image-bytes=400KiB"
                ])
            #expect(fits.status == 0, "\(fits.err)")
            let out = try RGBAImage(contentsOfFile: dir + "/out.png")
            #expect(out[x: 10, y: 10] == RGBAColor(r: 0, g: 100, b: 0))
            #expect(out[x: 70, y: 10] == RGBAColor(r: 180, g: 100, b: 0))
        }
        // Room for none: refused, naming the image and the limit.
        let refused = try runProcess(
            Paths.binary,
            [
                "render", scene, "--assets", dir, "--scale", "1", "-o", dir + "/no.png",
                "--limit", "image-bytes=100KiB"
            ])
        #expect(refused.status == 2)
        #expect(refused.err.contains("img0.png' cannot be decoded: not enough image memory: 200x200 pixels need"), "\(refused.err)")
        #expect(refused.err.contains("--limit image-bytes="))
        #expect(!FileManager.default.fileExists(atPath: dir + "/no.png"))
    }

    @Test func storeEmptiesItsCacheToStayWithinItsBudget() throws {
        let (_, dir) = try fourImageScene()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let imageBytes = 200 * 200 * 4
        let budget = ImageBudget(bytes: 2 * imageBytes + 100_000)
        do {
            let store = ImageStore(budget: budget)
            for i in 0..<4 {
                #expect(try store.pixelSize(path: dir + "/img\(i).png") == (200, 200))
                #expect(budget.used <= 2 * imageBytes)
            }
            // Resampled copies count too, and are given back with the cache.
            let before = budget.used
            let small = try store.surface(path: dir + "/img3.png", width: 50, height: 40)
            #expect(small.width == 50 && budget.used == before + 50 * 40 * 4)
        }
        #expect(budget.used == 0)  // the store and its surfaces are gone
    }

    @Test func storeRefusesAnImageLargerThanItsBudget() throws {
        let (_, dir) = try fourImageScene()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let budget = ImageBudget(bytes: 100_000)
        let store = ImageStore(budget: budget)
        let error = #expect(throws: ProofsheetError.self) { try store.pixelSize(path: dir + "/img0.png") }
        #expect(error?.kind == .badInput)
        #expect(error?.message.contains("img0.png' cannot be decoded: not enough image memory: 200x200 pixels") == true)
        #expect(error?.message.contains("the limit (image-bytes) is 97.7 KiB") == true)
        #expect(budget.used == 0)
    }
}

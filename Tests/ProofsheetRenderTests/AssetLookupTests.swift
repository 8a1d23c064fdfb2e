import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet

/// Where an image name was found is kept for the layouts after the first, as long as that file
/// is still a plain file: one removed is not found, one turned into a link out of its root is
/// refused, and a name in other roots is looked for in them.
@Suite("Asset lookup")
struct AssetLookupTests {
    func scene(in dir: String) throws -> Scene {
        let json = #"{"canvas": {"width": 40, "height": 40}, "root": {"type": "Image", "name": "pic", "resizable": true}}"#
        try json.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        return try SceneDecoder().decode(file: dir + "/s.json")
    }

    func message(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "no error"
        } catch { return "\(error)" }
    }

    @Test func aFoundImageIsLookedForAgainWhenItsFileChanges() throws {
        let dir = try temporaryFolder(), outside = try temporaryFolder()
        defer {
            try? FileManager.default.removeItem(atPath: dir)
            try? FileManager.default.removeItem(atPath: outside)
        }
        try RGBAImage(width: 8, height: 6, fill: RGBAColor(r: 200, g: 10, b: 10)).writePNG(to: dir + "/pic.png")
        try RGBAImage(width: 8, height: 6, fill: RGBAColor(r: 10, g: 10, b: 200)).writePNG(to: outside + "/secret.png")
        let renderer = try Renderer()
        let scene = try scene(in: dir)
        #expect(message { _ = try renderer.layout(scene) } == "no error")
        #expect(message { _ = try renderer.layout(scene) } == "no error")
        // Another scene with the same name in another folder finds its own file.
        let other = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: other) }
        try RGBAImage(width: 3, height: 5, fill: RGBAColor(r: 10, g: 200, b: 10)).writePNG(to: other + "/pic.png")
        let second = try self.scene(in: other)
        let drawn = try renderer.image(of: try renderer.prepare(second), scene: second)
        #expect(drawn[x: 20, y: 20] == RGBAColor(r: 10, g: 200, b: 10))
        // The file found becomes a link to a file outside the root.
        try FileManager.default.removeItem(atPath: dir + "/pic.png")
        try FileManager.default.createSymbolicLink(atPath: dir + "/pic.png", withDestinationPath: outside + "/secret.png")
        #expect(message { _ = try renderer.layout(scene) }.contains("resolves outside its asset root"))
        // It is removed: not found, rather than a path kept from before.
        try FileManager.default.removeItem(atPath: dir + "/pic.png")
        #expect(message { _ = try renderer.layout(scene) }.contains("image 'pic' not found"))
    }
}

import Foundation
import ProofsheetCheck
import ProofsheetCore
import ProofsheetScene
import Testing

/// The one owner of golden paths: what it makes, what it recognises, and which folders may hold
/// goldens.
@Suite("Golden names and folders")
struct GoldenNamesTests {
    @Test(
        "paths it makes are golden paths",
        arguments: [
            ("Assets/Scenes/travel-deck", "default", "iphone-14@3x"), ("s", "dragging-right", "390x844@1x"),
            ("a/b/c", "swipe-right@350ms", "iphone-se@2x+chrome"), ("s", "rest", "iphone-14@1.5x+chrome+frame"), ("s", "rest", "iphone-14@2x+frame"),
            ("s", "rest", "iphone-14@3x+dark"), ("s", "rest", "iphone-se@2x+chrome+frame+dark")
        ])
    func madeAreRecognised(_ scene: String, _ state: String, _ variant: String) {
        let path = GoldenNames.path(scene: scene, state: state, variant: variant)
        #expect(path == "\(scene)/\(state)/\(variant).png")
        #expect(GoldenNames.isGoldenPath(path))
    }

    @Test func aTimelinesFileIsAGoldenPath() {
        let path = GoldenNames.timelinePath(scene: "a/b", timeline: "swipe-right", variant: "iphone-14@2x+dark")
        #expect(path == "a/b/swipe-right@timeline/iphone-14@2x+dark.png")
        #expect(GoldenNames.isGoldenPath(path))
        #expect(GoldenNames.timeline(ofFolder: "swipe-right@timeline") == "swipe-right")
        #expect(GoldenNames.timeline(ofFolder: "swipe-right@350ms") == nil)
        // A still's name has no '@': no still's folder is a timeline's.
        #expect(!Still.isValidName("swipe@timeline"))
    }

    @Test(
        "other files are not golden paths",
        arguments: [
            "logo.png", "docs/home.png", "s/default/notes.png", "s/default/iphone-14@3x.jpg", "s/default/iphone-14.png",
            "s/default/iphone-14@x.png", "s/default/iphone-14@3x+sepia.png", "s/default/iphone-14@3x+dark+chrome.png",
            "s/default/iphone-14@3x+frame+chrome.png",
            "s/default/iphone-14@3x+chrome+chrome.png", "s/default/iPhone-14@3x.png", "s/../default/iphone-14@3x.png",
            "/abs/default/iphone-14@3x.png", "s/.hidden/iphone-14@3x.png", "s/default/390X844@1x.png", "s/default/@1x.png", "s/default/a@1.x.png",
            "s/@timeline/iphone-14@3x.png", "s/Swipe@timeline/iphone-14@3x.png", "s/swipe@timelines/iphone-14@3x.png",
            "s/swipe@timeline@timeline/a@1x.png"
        ])
    func othersAreNot(_ path: String) {
        #expect(!GoldenNames.isGoldenPath(path), "\(path)")
    }

    /// A sandbox folder: `project/` with `scenes/s.json` and `Assets/`, beside `outside/`.
    struct Folders {
        let root: String
        var project: String { root + "/project" }
        init() throws {
            root = NSTemporaryDirectory() + "proofsheet-golden-root-\(UUID().uuidString)"
            let fm = FileManager.default
            for dir in ["project/scenes", "project/Assets/Images", "project/real", "outside"] {
                try fm.createDirectory(atPath: root + "/" + dir, withIntermediateDirectories: true)
            }
            _ = fm.createFile(atPath: project + "/scenes/s.json", contents: Data("{}".utf8))
            try fm.createSymbolicLink(atPath: project + "/out", withDestinationPath: root + "/outside")
            try fm.createSymbolicLink(atPath: project + "/inner", withDestinationPath: project + "/real")
        }
        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test func goldenFolderRules() throws {
        let f = try Folders()
        defer { f.remove() }
        let p = f.project
        let scenes = [p + "/scenes/s.json"], assets = [p + "/Assets/Images"]
        func refusal(_ golden: String) -> String? {
            do {
                try GoldenRoot.check(golden, base: p, scenes: scenes, assets: assets)
                return nil
            } catch let e as ProofsheetError { return e.message } catch { return "\(error)" }
        }
        #expect(refusal(p + "/Tests/Goldens") == nil)
        #expect(refusal(p + "/real/g") == nil)
        #expect(refusal(f.root + "/outside/g") == nil, "a folder outside is the caller's to allow")
        #expect(refusal(p)?.contains("is the project folder") == true)
        #expect(refusal(p + "/scenes/..")?.contains("is the project folder") == true)
        #expect(refusal(f.root)?.contains("above it") == true)
        #expect(refusal(p + "/scenes")?.contains("holds the scene") == true)
        #expect(refusal(p + "/Assets")?.contains("holds the asset folder") == true)
        #expect(refusal(p + "/out")?.contains("symbolic link") == true)
        #expect(refusal(p + "/out/g")?.contains("symbolic link") == true)
        #expect(refusal(p + "/inner/g")?.contains("symbolic link") == true, "a link inside the project is refused too")
    }
}

import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetCairo

/// `proofsheet gallery`: every still of every scene on every device, one PNG each (the very
/// bytes `render` writes), and an overview; bad input writes nothing.
@Suite("Gallery command")
struct GalleryCLITests {
    func run(_ args: [String], cwd: String) throws -> (status: Int32, out: String, err: String) {
        try runProcess(CLITests.binary, args, cwd: cwd)
    }

    static let stills = """
        {"canvas": "iPhone 14", "state": {"c": {"type": "color", "default": "red"}},
         "stills": {"red": {}, "blue": {"c": "blue"}},
         "root": {"type": "Color", "color": "$c", "modifiers": [{"frame": {"width": 100, "height": 100}}]}}
        """
    static let plain = """
        {"canvas": {"width": 200, "height": 300}, "root": {"type": "Text", "text": "Hi"}}
        """

    func folder() throws -> String {
        let dir = try temporaryFolder()
        try Self.stills.write(toFile: dir + "/colours.json", atomically: true, encoding: .utf8)
        try Self.plain.write(toFile: dir + "/plain.json", atomically: true, encoding: .utf8)
        return dir
    }

    /// Several values of a setting: a gallery for each combination, images and overview named
    /// with it, each drawn in it; the names it wrote before are the names with one value.
    @Test func aGalleryForEachVariant() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try run(
            [
                "gallery", "plain.json", "--device", "iPhone SE", "--color-scheme", "light", "--color-scheme", "dark", "--dynamic-type", "ax2", "-o",
                "g", "-q"
            ],
            cwd: dir)
        #expect(r.status == 0, "\(r.err)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/g").sorted()
        #expect(
            names == [
                ".proofsheet-files", "overview.dark+ax2.png", "overview.light+ax2.png", "plain.default.iphone-se.dark+ax2.png",
                "plain.default.iphone-se.light+ax2.png"
            ], "\(names)")
        let light = try RGBAImage(contentsOfFile: dir + "/g/plain.default.iphone-se.light+ax2.png")
        let dark = try RGBAImage(contentsOfFile: dir + "/g/plain.default.iphone-se.dark+ax2.png")
        #expect(light[x: 2, y: 2] == RGBAColor(r: 255, g: 255, b: 255) && dark[x: 2, y: 2] == RGBAColor(r: 0, g: 0, b: 0))
        // The image is what `render` draws in that variant.
        let rendered = try run(
            ["render", "plain.json", "--device", "iPhone SE", "--scale", "1", "--color-scheme", "dark", "--dynamic-type", "ax2", "-o", "r.png"],
            cwd: dir)
        #expect(rendered.status == 0, "\(rendered.err)")
        #expect(try RGBAImage(contentsOfFile: dir + "/r.png") == dark)
    }

    @Test func everyStillOnEveryDeviceAndAnOverview() throws {
        let dir = try folder()
        let r = try run(
            ["gallery", "colours.json", "plain.json", "--device", "iPhone SE", "--device", "iPhone 15 Pro Max", "--chrome", "on", "-o", "g"], cwd: dir
        )
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("drawn 6 of 6 images") && r.err.contains("wrote 6 images into g/"), "\(r.err)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/g").sorted()
        #expect(
            names == [
                ".proofsheet-files", "colours.blue.iphone-15-pro-max.png", "colours.blue.iphone-se.png", "colours.red.iphone-15-pro-max.png",
                "colours.red.iphone-se.png",
                "overview.png", "plain.default.iphone-15-pro-max.png", "plain.default.iphone-se.png"
            ])
        // Each image is what `render` writes for that still and device (scale 1, chrome on).
        let rendered = try run(
            ["render", "colours.json", "--still", "blue", "--device", "iPhone 15 Pro Max", "--chrome", "on", "--scale", "1", "-o", "one.png"],
            cwd: dir)
        #expect(rendered.status == 0, "\(rendered.err)")
        let one = try Data(contentsOf: URL(fileURLWithPath: dir + "/one.png"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/g/colours.blue.iphone-15-pro-max.png")) == one)
        let se = try RGBAImage(decoding: [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/g/plain.default.iphone-se.png"))), source: "se")
        #expect(se.width == 375 && se.height == 667)
        // The overview: the thumbnails at 0.25 under a title, wider than three of them.
        let overview = try RGBAImage(decoding: [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/g/overview.png"))), source: "o")
        #expect(overview.width > Int(375 * 0.25 + 430 * 0.25) && overview.height > Int(932 * 0.25 * 3))
        // The same bytes on one thread.
        let again = try run(
            [
                "gallery", "colours.json", "plain.json", "--device", "iPhone SE", "--device", "iPhone 15 Pro Max", "--chrome", "on", "-o", "h",
                "--jobs",
                "1", "-q"
            ], cwd: dir)
        #expect(again.status == 0 && again.err.isEmpty, "\(again.err)")
        for name in names {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: dir + "/g/" + name)) == Data(contentsOf: URL(fileURLWithPath: dir + "/h/" + name)),
                "\(name)")
        }
    }

    @Test func badInputIsALocatedErrorAndWritesNothing() throws {
        let dir = try folder()
        try "{\"canvas\": \"iPhone 14\", \"root\": {\"type\": \"Txet\"}}".write(toFile: dir + "/typo.json", atomically: true, encoding: .utf8)
        let typo = try run(["gallery", "colours.json", "typo.json", "-o", "g"], cwd: dir)
        #expect(typo.status == 2 && typo.err.contains("typo.json:1:"), "\(typo.err)")
        let device = try run(["gallery", "colours.json", "--device", "iPhone 99", "-o", "g"], cwd: dir)
        #expect(device.status == 2 && device.err.contains("iPhone 99"), "\(device.err)")
        let none = try run(["gallery", "-o", "g"], cwd: dir)
        #expect(none.status == 2 && none.err.contains("no scene file given"), "\(none.err)")
        let overview = try run(["gallery", "colours.json", "--overview", "g/sheet.gif"], cwd: dir)
        #expect(overview.status == 2 && overview.err.contains(".png, .svg or .pdf"), "\(overview.err)")
        try Data().write(to: URL(fileURLWithPath: dir + "/file"))
        let file = try run(["gallery", "colours.json", "-o", "file"], cwd: dir)
        #expect(file.status == 2 && file.err.contains("is a file"), "\(file.err)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/g") && !FileManager.default.fileExists(atPath: dir + "/Output"))
        let help = try run(["gallery", "--help"], cwd: dir)
        #expect(help.status == 0 && help.out.contains("USAGE: proofsheet gallery"))
    }

    /// The gallery's folder is replaced as a whole, and only when it is an earlier gallery exactly
    /// as written: a folder of the user's, a link, or a gallery with a file added is refused
    /// before anything is drawn, and nothing in it changes.
    @Test func aGalleryReplacesOnlyAnEarlierGallery() throws {
        let dir = try folder()
        let fm = FileManager.default
        let gallery = ["gallery", "colours.json", "--device", "iPhone SE", "-q"]
        try fm.createDirectory(atPath: dir + "/mine", withIntermediateDirectories: true)
        try "my notes".write(toFile: dir + "/mine/overview.png", atomically: true, encoding: .utf8)
        let mine = try run(gallery + ["-o", "mine"], cwd: dir)
        #expect(mine.status == 2 && mine.err.contains("not written by Proofsheet"), "\(mine.err)")
        #expect(try fm.contentsOfDirectory(atPath: dir + "/mine") == ["overview.png"])
        #expect(try String(contentsOfFile: dir + "/mine/overview.png", encoding: .utf8) == "my notes")
        try fm.createSymbolicLink(atPath: dir + "/link", withDestinationPath: dir + "/mine")
        let link = try run(gallery + ["-o", "link"], cwd: dir)
        #expect(link.status == 2 && link.err.contains("symbolic link"), "\(link.err)")
        // An earlier gallery is replaced whole: a scene left out leaves no image behind.
        #expect(try run(gallery + ["plain.json", "-o", "g"], cwd: dir).status == 0)
        #expect(try run(gallery + ["-o", "g"], cwd: dir).status == 0)
        #expect(
            try fm.contentsOfDirectory(atPath: dir + "/g").sorted() == [
                ".proofsheet-files", "colours.blue.iphone-se.png", "colours.red.iphone-se.png", "overview.png"
            ])
        try "x".write(toFile: dir + "/g/added.txt", atomically: true, encoding: .utf8)
        let added = try run(gallery + ["-o", "g"], cwd: dir)
        #expect(added.status == 2 && added.err.contains("added.txt"), "\(added.err)")
        #expect(fm.fileExists(atPath: dir + "/g/added.txt") && fm.fileExists(atPath: dir + "/g/overview.png"))
        // An overview in a folder inside the gallery's would be lost with it.
        let inside = try run(gallery + ["-o", "h", "--overview", "h/sub/o.png"], cwd: dir)
        #expect(inside.status == 2 && inside.err.contains("inside the gallery's"), "\(inside.err)")
        let outside = try run(gallery + ["-o", "h", "--overview", "o.png"], cwd: dir)
        #expect(outside.status == 0 && fm.fileExists(atPath: dir + "/o.png") && !fm.fileExists(atPath: dir + "/h/overview.png"), "\(outside.err)")
    }
}

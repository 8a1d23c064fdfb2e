import Foundation

/// Hostile `proofsheet gallery` command lines: each refused with a message, nothing written.
extension HostileCase {
    static let gallery = ["gallery", "s.json"]

    static let galleryCases: [HostileCase] = [
        cli("gallery without a scene", ["gallery"], says: ["no scene file given"]),
        cli("gallery --device unknown", gallery + ["--device", "Pixel 7"], says: ["unknown device 'Pixel 7'"]),
        cli("gallery --device twice", gallery + ["--device", "iPhone SE", "--device", "iphone se"], says: ["given twice"]),
        cli("gallery -o a file", gallery + ["-o", "g"], says: ["is a file"], also: [.file("g", .text("a file\n"))]),
        cli("gallery --overview .gif", gallery + ["--overview", "o.gif"], says: [".png, .svg or .pdf"]),
        cli("gallery --thumb-scale 0", gallery + ["--thumb-scale", "0"], says: ["--thumb-scale '0'"]),
        cli("gallery --columns 1.5", gallery + ["--columns", "1.5"], says: ["--columns '1.5'"]),
        cli("gallery --scale 1e9", gallery + ["--scale", "1e9"], says: ["--scale '1e9'"]),
        cli("gallery --chrome sometimes", gallery + ["--chrome", "sometimes"], says: ["--chrome 'sometimes'"]),
        cli(
            "gallery --overview naming an image", gallery + ["--overview", "Output/gallery/s.default.iphone-se.png"],
            says: ["one of the gallery's images"]),
        cli(
            "gallery of a broken scene", gallery + ["bad.json"], says: ["bad.json:2:1", "unexpected end of file"],
            also: [.file("bad.json", .text("{\"root\": \n"))])
    ]
}

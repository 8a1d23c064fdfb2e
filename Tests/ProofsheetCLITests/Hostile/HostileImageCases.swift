import Foundation

/// Hostile images: files that are not images, corrupt and truncated PNG and JPEG, headers that
/// claim billions of pixels, decompression bombs, outputs that name an input; and scene images
/// that climb out of their asset root.
extension HostileCase {
    static let imageCases: [HostileCase] = diffInputs + diffOutputs + sceneImages

    static let red8: Content = .png(8, 8)
    static let blue8: Content = .png(8, 8, [20, 40, 220, 255])

    /// `proofsheet diff a.png x.png` with x.png holding `content`; it must exit 2 naming x.png.
    static func badImage(_ name: String, _ content: Content, file: String = "x.png", says: [String] = []) -> HostileCase {
        HostileCase(name, [.file("a.png", red8), .file(file, content)], ["diff", "a.png", file], exit: 2, says: [file] + says)
    }

    /// A valid 8x8 red PNG with `extra` chunks before IEND.
    static func png8(_ extra: @autoclosure @escaping @Sendable () -> [UInt8]) -> Content {
        .make {
            HostileBytes.png(HostileBytes.ihdr(8, 8), HostileBytes.idat(rows: 8, width: 8, pixel: [200, 40, 40, 255]), extra(), HostileBytes.iend)
        }
    }

    /// A PNG of these chunks, then IEND.
    static func pngOf(_ chunks: @autoclosure @escaping @Sendable () -> [[UInt8]]) -> Content {
        .make { HostileBytes.pngSignature + chunks().joined() + HostileBytes.iend }
    }

    static let diffInputs: [HostileCase] = [
        HostileCase("diff of a missing image", [.file("a.png", red8)], ["diff", "a.png", "nope.png"], exit: 2, says: ["nope.png"]),
        HostileCase("diff of a folder", [.file("a.png", red8), .folder("x.png")], ["diff", "a.png", "x.png"], exit: 2, says: ["x.png"]),
        HostileCase("diff of a FIFO", [.file("a.png", red8), .fifo("x.png")], ["diff", "a.png", "x.png"], exit: 2, says: ["x.png"]),
        HostileCase(
            "diff of a dangling symlink", [.file("a.png", red8), .symlink("x.png", to: "nowhere.png")],
            ["diff", "a.png", "x.png"], exit: 2, says: ["x.png"]),
        badImage("diff of an empty file", .bytes([])),
        badImage("diff of a text file", .text("not an image\n")),
        badImage("diff of a PNG signature alone", .bytes(HostileBytes.pngSignature)),
        badImage(
            "diff of a truncated PNG",
            .make {
                let p = HostileBytes.uniformPNG(64, 64); return Array(p.prefix(p.count / 2))
            }),
        badImage(
            "diff of a PNG with a bad header checksum",
            pngOf([HostileBytes.ihdr(8, 8, crc: 0xDEAD_BEEF), HostileBytes.idat(rows: 8, width: 8, pixel: [1, 2, 3, 4])])),
        badImage("diff of the 69-byte 2147483647x1 PNG", .pngBomb, says: ["too large"]),
        badImage("diff of a 1x2147483647 PNG", .bytes(HostileBytes.headerBomb(1, 2_147_483_647)), says: ["too large"]),
        badImage("diff of a 65535x65535 PNG", .bytes(HostileBytes.headerBomb(65535, 65535)), says: ["too large"]),
        badImage("diff of a 0x0 PNG", .bytes(HostileBytes.headerBomb(0, 0))),
        badImage(
            "diff of an RGB PNG of bit depth 4",
            pngOf([HostileBytes.ihdr(8, 8, depth: 4, colorType: 2), HostileBytes.chunk("IDAT", HostileBytes.zlib([0, 0, 0, 0, 0]))])),
        badImage(
            "diff of a palette PNG without a palette",
            pngOf([HostileBytes.ihdr(8, 8, colorType: 3), HostileBytes.idat(rows: 8, width: 8, pixel: [0])])),
        badImage(
            "diff of a PNG whose pixels stop after one row",
            pngOf([HostileBytes.ihdr(100, 100), HostileBytes.idat(rows: 1, width: 100, pixel: [1, 2, 3, 255])])),
        HostileCase(
            "diff of a PNG with 100 000 empty IDAT chunks",
            [.file("a.png", red8), .file("x.png", png8(Array([[UInt8]](repeating: HostileBytes.chunk("IDAT", []), count: 100_000).joined())))],
            ["diff", "a.png", "x.png"], exits: [0, 2]
        ).heavyCase,
        // 100 MB of text in 200 KB: an ancillary chunk must not be inflated without a bound.
        HostileCase(
            "diff of a PNG with a 100 MB zTXt bomb",
            [
                .file("a.png", red8),
                .file(
                    "x.png",
                    png8(
                        HostileBytes.chunk(
                            "zTXt",
                            Array("Comment".utf8) + [0, 0]
                                + HostileBytes.zlibRows(rows: 1000, prefix: [], pattern: [0x41], repeats: 100_000))))
            ],
            ["diff", "a.png", "x.png"], exits: [0, 2]
        ).heavyCase,
        badImage("diff of a JPEG claiming 10000x10000 with no data", .jpegBomb, file: "x.jpg").heavyCase,
        badImage("diff of a JPEG start marker alone", .bytes([0xFF, 0xD8, 0xFF]), file: "x.jpg"),
        badImage("diff of a 0x0 JPEG", .bytes(HostileBytes.jpegHeader(0, 0)), file: "x.jpg"),
        badImage("diff of a GIF named .png", .bytes(Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x3B])),
        HostileCase(
            "diff of two bombs", [.file("a.png", .pngBomb), .file("x.png", .pngBomb)], ["diff", "a.png", "x.png"], exit: 2,
            says: ["too large"]),
        HostileCase(
            "diff with a bomb as the mask", [.file("a.png", red8), .file("b.png", red8), .file("m.png", .pngBomb)],
            ["diff", "a.png", "b.png", "--mask", "m.png"], exit: 2, says: ["m.png"]),
        HostileCase(
            "diff with a corrupt mask", [.file("a.png", red8), .file("b.png", red8), .file("m.png", .text("mask\n"))],
            ["diff", "a.png", "b.png", "--mask", "m.png"], exit: 2, says: ["m.png"]),
        HostileCase(
            "diff with a folder as the mask", [.file("a.png", red8), .file("b.png", red8), .folder("m.png")],
            ["diff", "a.png", "b.png", "--mask", "m.png"], exit: 2, says: ["m.png"]),
        HostileCase(
            "diff --ignore near Int.max", [.file("a.png", red8)], ["diff", "a.png", "a.png", "--ignore", "9223372036854775807,0,1,1"],
            exits: [0, 2]),
        HostileCase(
            "diff --ignore of Int.max by Int.max", [.file("a.png", red8)],
            ["diff", "a.png", "a.png", "--ignore", "0,0,9223372036854775807,9223372036854775807"], exits: [0, 2])
    ]

    static let diffOutputs: [HostileCase] = [
        HostileCase(
            "diff -o a folder", [.file("a.png", red8), .file("b.png", blue8), .folder("d.png")],
            ["diff", "a.png", "b.png", "-o", "d.png"], exit: 2, says: ["d.png"]),
        HostileCase(
            "diff -o the expected image", [.file("a.png", red8), .file("b.png", blue8)],
            ["diff", "a.png", "b.png", "-o", "a.png"], exit: 2, says: ["a.png"]),
        HostileCase(
            "diff -o the actual image", [.file("a.png", red8), .file("b.png", blue8)],
            ["diff", "a.png", "b.png", "-o", "b.png"], exit: 2, says: ["b.png"]),
        HostileCase(
            "diff -o the expected image by another path", [.file("a.png", red8), .file("b.png", blue8)],
            ["diff", "a.png", "b.png", "-o", "./a.png"], exit: 2, says: ["a.png"]),
        HostileCase(
            "diff --panels the actual image", [.file("a.png", red8), .file("b.png", blue8)],
            ["diff", "a.png", "b.png", "--panels", "b.png"], exit: 2, says: ["b.png"]),
        HostileCase(
            "diff -o the mask", [.file("a.png", red8), .file("b.png", blue8), .file("m.png", red8)],
            ["diff", "a.png", "b.png", "--mask", "m.png", "-o", "m.png"], exit: 2, says: ["m.png"]),
        HostileCase(
            "diff -o and --panels one file", [.file("a.png", red8), .file("b.png", blue8)],
            ["diff", "a.png", "b.png", "-o", "d.png", "--panels", "d.png"], exit: 2, says: ["d.png"]),
        // Nothing the user named is deleted: the old file stays, and the command says that no diff
        // image was written.
        HostileCase(
            name: "diff -o of images of different sizes over an old diff image",
            setup: [.file("a.png", red8), .file("b.png", .png(9, 8)), .file("out.png", blue8)],
            argv: ["diff", "a.png", "b.png", "-o", "out.png"], exit: [1], reports: ["no diff image"], writes: ["out.png"]),
        HostileCase(
            "diff --panels of two 6000x6000 images",
            [.file("a.png", .png(6000, 6000)), .file("b.png", .png(6000, 6000, [20, 40, 220, 255]))],
            ["diff", "a.png", "b.png", "--panels", "panels.png"], exits: [1], writes: ["panels.png"],
            creates: ["panels.png"]
        ).heavyCase
    ]

    // MARK: - Images in scenes

    static func imageScene(_ name: String, _ imageName: String, also: [Item] = [], says: [String] = [], argv: [String]? = nil) -> HostileCase {
        let json = small("{\"type\": \"Image\", \"name\": ⟦" + quoted(imageName) + ", \"resizable\": true}")
        return scene(name, json, at: "$.root.name", says: says, argv: argv, also: also)
    }

    static func quoted(_ s: String) -> String { HostileBytes.quoted(s) }

    static let sceneImages: [HostileCase] = [
        imageScene("image named ../secret", "../secret", also: [.file("$OUTSIDE/../secret.png", red8)], says: ["'..'"]),
        imageScene("image named by an absolute path", "/etc/hostname", says: ["absolute"]),
        imageScene("image named by the outside folder's path", "$OUTSIDE/secret.png", says: ["absolute"]),
        imageScene("image named sub/../../secret", "sub/../../outside/secret", also: [.folder("sub")], says: ["'..'"]),
        imageScene(
            "image that is a symlink out of the asset root", "photo", also: [.symlink("photo.png", to: "$OUTSIDE/secret.png")],
            says: ["outside its asset root"]),
        imageScene(
            "image in a symlinked folder out of the asset root", "pics/secret", also: [.symlink("pics", to: "$OUTSIDE")],
            says: ["outside its asset root"]),
        imageScene(
            "image found in --assets through a symlink out", "photo",
            also: [.folder("assets"), .symlink("assets/photo.png", to: "$OUTSIDE/secret.png")], says: ["outside its asset root"],
            argv: ["render", "s.json", "--assets", "assets", "-o", "out.png"]),
        imageScene("image named like a folder", "photo", also: [.folder("photo.png")], says: ["photo"]),
        imageScene("image named like a FIFO", "photo", also: [.fifo("photo.png")], says: ["photo"]),
        imageScene("image that is a PNG bomb", "bomb", also: [.file("bomb.png", .pngBomb)], says: ["bomb.png", "too large"]),
        imageScene("image that is a JPEG bomb", "bomb", also: [.file("bomb.jpg", .jpegBomb)], says: ["bomb.jpg"])
            .heavyCase,
        imageScene("image that is empty", "empty", also: [.file("empty.png", .bytes([]))], says: ["empty.png"]),
        imageScene("image that is text", "notes", also: [.file("notes.png", .text("hello\n"))], says: ["notes.png"]),
        {
            var c = imageScene("image named with a NUL", "a\u{0}b", says: ["image name"])
            c.verify = { run in run.stderr.contains("\u{0}") ? ["stderr holds a raw NUL"] : [] }
            return c
        }(),
        imageScene("image with an empty name", "", says: ["image name"]),
        HostileCase(
            "a huge valid image in a small frame",
            [
                .file("big.png", .png(5000, 5000)),
                .file(
                    "s.json",
                    .text(
                        small(
                            #"{"type": "Image", "name": "big", "resizable": true, "#
                                + #""modifiers": [{"frame": {"width": 20, "height": 20}}]}"#)))
            ],
            ["render", "s.json", "-o", "out.png"], exit: 0, writes: ["out.png"], creates: ["out.png"]
        ).heavyCase
    ]
}

import Foundation
import Proofsheet
import ProofsheetCairo
import Testing
import ProofsheetTestSupport

/// The fastest PNG encoder: its scalar and vector paths write the same bytes (random images of
/// every shape and every example scene), and real readers — our own decoder, libpng's pngfix and
/// pngcheck, Pillow, librsvg and Chromium — decode its files to exactly the pixels written.
@Suite("Fastest PNG encoder")
struct FastestPNGTests {
    enum Content: CaseIterable { case flat, noise, gradient, blocks, stripes, sparse }

    /// An image of `content`; `alpha` false makes every pixel opaque, true mixes opaque,
    /// transparent and translucent pixels.
    static func image(_ content: Content, width: Int, height: Int, alpha: Bool, seed: UInt64) throws -> RGBAImage {
        var random = SeededRandom(seed: seed)
        let base = (random.byte(), random.byte(), random.byte())
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                var p: (UInt8, UInt8, UInt8)
                switch content {
                case .flat: p = base
                case .noise: p = (random.byte(), random.byte(), random.byte())
                case .gradient:
                    p = (
                        UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)),
                        UInt8(truncatingIfNeeded: (x + y) * 3)
                    )
                case .blocks:
                    // Flat areas (long runs of zeros once filtered) with noisy tiles between.
                    p = (x / 9 + y / 5) % 3 == 0 ? (random.byte(), random.byte(), random.byte()) : base
                case .stripes: p = y % 4 < 2 ? base : (base.0 &+ 40, base.1, UInt8(x % 7))
                case .sparse: p = random.below(97) == 0 ? (random.byte(), 0, random.byte()) : base
                }
                var a: UInt8 = 255
                if alpha {
                    switch random.below(4) {
                    case 0: a = 0
                    case 1: a = random.byte()
                    default: a = 255
                    }
                    if content == .flat { a = 128 }
                }
                let i = (y * width + x) * 4
                pixels[i] = p.0; pixels[i + 1] = p.1; pixels[i + 2] = p.2; pixels[i + 3] = a
            }
        }
        return try RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Sizes: one pixel, one row, one column, widths that are not multiples of the vector size
    /// (8 pixels, 32 bytes), and rows long enough for runs longer than a match (258 bytes).
    static let sizes: [(Int, Int)] = [(1, 1), (1, 37), (53, 1), (2, 2), (7, 5), (31, 9), (33, 17), (65, 3), (100, 20), (301, 4)]

    /// Every content in every size, opaque and not.
    static func corpus() throws -> [(name: String, image: RGBAImage)] {
        var out: [(String, RGBAImage)] = []
        var seed: UInt64 = 1
        for (w, h) in sizes {
            for content in Content.allCases {
                for alpha in [false, true] {
                    seed += 1
                    let name = "\(content)-\(w)x\(h)\(alpha ? "-alpha" : "")"
                    out.append((name, try image(content, width: w, height: h, alpha: alpha, seed: seed)))
                }
            }
        }
        return out
    }

    /// Premultiplied native-endian ARGB32 (Cairo's format) of straight RGBA.
    static func argb32(_ image: RGBAImage) -> [UInt32] {
        (0..<image.width * image.height).map { i in
            let p = Array(image.pixels[i * 4..<i * 4 + 4]).map(UInt32.init)
            let a = p[3]
            let r = (p[0] * a + 127) / 255, g = (p[1] * a + 127) / 255, b = (p[2] * a + 127) / 255
            return a << 24 | r << 16 | g << 8 | b
        }
    }

    static func encode(argb32 pixels: [UInt32], _ image: RGBAImage, _ compression: PNGCompression, _ path: PNGEncoderPath) throws -> [UInt8] {
        try pixels.withUnsafeBytes { raw in
            try PNGCodec.encode(
                argb32: raw.baseAddress!, width: image.width, height: image.height, stride: image.width * 4,
                compression: compression, path: path)
        }
    }

    @Test func scalarAndVectorPathsWriteTheSameBytes() throws {
        for (name, image) in try Self.corpus() {
            let scalar = try PNGCodec.encode(image, compression: .fastest, path: .scalar)
            let vector = try PNGCodec.encode(image, compression: .fastest, path: .vector)
            #expect(Bool(scalar == vector), "\(name): the paths differ (RGBA)")
            let decoded = try PNGCodec.decode(scalar) == image
            #expect(decoded, "\(name): not the pixels written")

            // From premultiplied ARGB32: RGB when opaque, straight RGBA otherwise, the same
            // pixels as the deflate writer makes from the same buffer.
            let argb = Self.argb32(image)
            let fromARGB = try Self.encode(argb32: argb, image, .fastest, .scalar)
            let sameARGB = try Self.encode(argb32: argb, image, .fastest, .vector) == fromARGB
            #expect(sameARGB, "\(name): the paths differ (ARGB32)")
            let reference = try PNGCodec.decode(Self.encode(argb32: argb, image, .small, .automatic))
            let asReference = try PNGCodec.decode(fromARGB) == reference
            #expect(asReference, "\(name): ARGB32 not written as the deflate writer writes it")
            let opaque = stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 }
            #expect(fromARGB[25] == (opaque ? 2 : 6), "\(name): colour type")
        }
    }

    /// Pixels given up to the encoder (a render's own raster) give the same bytes as pixels
    /// lent: small images, padded rows, and images large enough for the filtered rows to be
    /// written over the pixels themselves (which the opaque ones then are); a translucent pixel
    /// in the last row keeps the pixels as they were.
    @Test func pixelsGivenUpGiveTheSameBytes() throws {
        var cases = try Self.corpus().map { (name: $0.name, image: $0.image, padding: 0) }
        cases += try Self.corpus().prefix(24).map { (name: $0.name + " padded", image: $0.image, padding: 5) }
        for content in [Content.noise, .blocks, .gradient] {
            cases.append(("\(content)-640x480", try Self.image(content, width: 640, height: 480, alpha: false, seed: 11), 0))
        }
        var last = try Self.image(.blocks, width: 640, height: 480, alpha: false, seed: 12)
        last.withUnsafeMutablePixels { $0[$0.count - 1] = 200 }
        cases.append(("blocks-640x480, one translucent pixel last", last, 0))
        for (name, image, padding) in cases {
            let stride = image.width + padding
            var argb = [UInt32](repeating: 0xFF00_0000, count: stride * image.height)
            for (i, p) in Self.argb32(image).enumerated() { argb[(i / image.width) * stride + i % image.width] = p }
            for path in [PNGEncoderPath.scalar, .vector] {
                let lent = try argb.withUnsafeBytes { raw in
                    try PNGCodec.encode(
                        argb32: raw.baseAddress!, width: image.width, height: image.height, stride: stride * 4, compression: .fastest, path: path)
                }
                var given = argb
                let bytes = try given.withUnsafeMutableBytes { raw in
                    try PNGCodec.encode(
                        consumingARGB32: raw.baseAddress!, width: image.width, height: image.height, stride: stride * 4,
                        compression: .fastest, path: path)
                }
                // (Bool: a failing comparison of long arrays would otherwise be diffed element by element.)
                #expect(Bool(bytes == lent), "\(name) (\(path)): given-up pixels give other bytes")
                let overwritten = given != argb
                let opaque =
                    stride == image.width && image.width * image.height >= 640 * 480
                    && Swift.stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 }
                #expect(overwritten == opaque, "\(name) (\(path)): pixels \(overwritten ? "" : "not ")written over")
            }
        }
    }

    /// A large image is written as two parts of rows at once; the file is byte for byte the one
    /// written as one part: every shape of the corpus (split from two rows up), larger images,
    /// a translucent pixel in either part (which starts the image again as RGBA), both paths,
    /// from RGBA, from ARGB32 lent and from ARGB32 given up.
    @Test func twoPartsWriteTheBytesOfOne() throws {
        var cases = try Self.corpus().map { (name: $0.name, image: $0.image) }
        for content in [Content.noise, .blocks, .gradient, .sparse] {
            cases.append(("\(content)-640x481", try Self.image(content, width: 640, height: 481, alpha: false, seed: 21)))
        }
        for row in [0, 240, 241, 480] {
            var image = try Self.image(.blocks, width: 640, height: 481, alpha: false, seed: 22)
            image.withUnsafeMutablePixels { $0[(row * 640 + 17) * 4 + 3] = 90 }
            cases.append(("blocks-640x481, translucent in row \(row)", image))
        }
        let saved = RowSplitting.encoderMinimum
        defer { RowSplitting.encoderMinimum = saved }
        func encodings(_ image: RGBAImage, _ path: PNGEncoderPath) throws -> [[UInt8]] {
            let argb = Self.argb32(image)
            var given = argb
            let consumed = try given.withUnsafeMutableBytes { raw in
                try PNGCodec.encode(
                    consumingARGB32: raw.baseAddress!, width: image.width, height: image.height, stride: image.width * 4,
                    compression: .fastest, path: path)
            }
            return [try PNGCodec.encode(image, compression: .fastest, path: path), try Self.encode(argb32: argb, image, .fastest, path), consumed]
        }
        for (name, image) in cases {
            for path in [PNGEncoderPath.scalar, .vector] {
                RowSplitting.encoderMinimum = Int.max
                let one = try encodings(image, path)
                RowSplitting.encoderMinimum = 0
                let before = RowSplitting.encoderSplits
                let two = try encodings(image, path)
                if image.height >= 2 { #expect(RowSplitting.encoderSplits - before >= 3, "\(name): not written as two parts") }
                for (k, form) in ["RGBA", "ARGB32", "ARGB32 given up"].enumerated() {
                    #expect(Bool(one[k] == two[k]), "\(name) (\(path), \(form)): two parts give other bytes")
                }
                #expect(try PNGCodec.decode(two[0]) == image, "\(name) (\(path)): not the pixels written")
            }
        }
    }

    /// The streaming writer (contact sheets) writes the pixels the whole-image deflate writer
    /// writes, from the same premultiplied buffer, in IDAT chunks that libpng's tools accept.
    @Test func theStreamingWriterWritesTheSamePixels() throws {
        for (name, image) in try Self.corpus() {
            let argb = Self.argb32(image)
            let reference = try PNGCodec.decode(Self.encode(argb32: argb, image, .small, .automatic))
            for compression in [PNGCompression.fast, .small] {
                let streamed = try argb.withUnsafeBytes { raw in
                    try PNGCodec.encodeStreaming(
                        argb32: raw.baseAddress!, width: image.width, height: image.height, stride: image.width * 4, compression: compression)
                }
                let same = try PNGCodec.decode(streamed) == reference
                #expect(same, "\(name) (\(compression)): not the pixels the deflate writer writes")
            }
        }
        // Larger than one 64 KiB chunk of compressed bytes: several IDAT chunks, read back whole.
        let noise = try Self.image(.noise, width: 300, height: 300, alpha: false, seed: 7)
        let argb = Self.argb32(noise)
        let big = try argb.withUnsafeBytes { raw in
            try PNGCodec.encodeStreaming(argb32: raw.baseAddress!, width: 300, height: 300, stride: 1200, compression: .fast)
        }
        let idats = (0..<big.count - 4).filter { big[$0] == 0x49 && big[$0 + 1] == 0x44 && big[$0 + 2] == 0x41 && big[$0 + 3] == 0x54 }.count
        #expect(big.count > 65_536 && idats > 1, "\(big.count) bytes in \(idats) IDAT chunk(s)")
        #expect(try PNGCodec.decode(big) == PNGCodec.decode(Self.encode(argb32: argb, noise, .small, .automatic)))
    }

    @Test func theDefaultPathFollowsTheMachineAndTheEnvironment() {
        let off = ProcessInfo.processInfo.environment["PROOFSHEET_SIMD"] == "off"
        #expect(PNGEncoderPath.automaticIsVector == (PNGEncoderPath.vectorAvailable && !off))
        #if arch(x86_64)
            // The machines this project builds on have AVX2 (x86-64-v3); the vector path must
            // be the one under test.
            #expect(PNGEncoderPath.vectorAvailable, "this x86-64 processor has no AVX2: only the scalar path was tested")
        #endif
    }

    /// Every still of every example scene, rendered at scale 1: both paths write the same bytes,
    /// and the file holds the pixels the deflate writer writes.
    @Test func everyExampleSceneIsTheSameOnBothPaths() throws {
        let renderer = try Renderer()
        let files = try FileManager.default.contentsOfDirectory(atPath: Paths.scenes).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count >= 6)
        for file in files {
            let template = try SceneDecoder().template(file: Paths.scenes + "/" + file)
            let stills: [String?] = template.stills.isEmpty ? [nil] : template.stills.map(\.name)
            for still in stills {
                var scene = try template.scene(still: still)
                scene.scale = 1
                let list = try renderer.layout(scene).displayList
                let scalar = try renderer.backend.renderPNG(list, scale: 1, compression: .fastest, path: .scalar).bytes
                let vector = try renderer.backend.renderPNG(list, scale: 1, compression: .fastest, path: .vector).bytes
                #expect(Bool(scalar == vector), "\(file) \(still ?? "default"): the paths differ")
                let small = try renderer.backend.renderPNG(list, scale: 1, compression: .small).bytes
                let samePixels = try PNGCodec.decode(scalar) == PNGCodec.decode(small)
                #expect(samePixels, "\(file) \(still ?? "default"): other pixels")
            }
        }
    }

    @Test func theEnvironmentSwitchKeepsTheBytes() throws {
        let cli = Paths.binary
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = Paths.scenes + "/swipe-stack.json"
        let auto = try runProcess(cli, ["render", scene, "-o", dir + "/auto.png", "-q"])
        let off = try runProcess(cli, ["render", scene, "-o", dir + "/off.png", "-q"], env: ["PROOFSHEET_SIMD": "off"])
        #expect(auto.status == 0 && off.status == 0, "\(auto.err) \(off.err)")
        #expect(FileManager.default.contentsEqual(atPath: dir + "/auto.png", andPath: dir + "/off.png"))
    }

    /// The corpus written by the fastest encoder into a fresh folder, with each image's straight
    /// RGBA beside it (`<name>.rgba`).
    static func writeCorpus(opaqueOnly: Bool = false) throws -> (folder: String, names: [String], images: [String: RGBAImage]) {
        let folder = try temporaryFolder()
        var names: [String] = []
        var images: [String: RGBAImage] = [:]
        for (name, image) in try corpus() where !opaqueOnly || !name.hasSuffix("-alpha") {
            try Data(PNGCodec.encode(image, compression: .fastest)).write(to: URL(fileURLWithPath: "\(folder)/\(name).png"))
            try Data(image.pixels).write(to: URL(fileURLWithPath: "\(folder)/\(name).rgba"))
            names.append(name)
            images[name] = image
        }
        return (folder, names, images)
    }

    @Test func libpngToolsAcceptEveryFile() throws {
        let pngfix = try #require(which("pngfix"), "pngfix (libpng-tools) is needed; run make deps")
        let pngcheck = try #require(which("pngcheck"), "pngcheck is needed; run make deps")
        let (folder, names, _) = try Self.writeCorpus()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = names.map { "\(folder)/\($0).png" }
        let fix = try runProcess(pngfix, ["--strip=none"] + files)
        #expect(fix.status == 0, "pngfix: \(fix.out.suffix(2000)) \(fix.err.suffix(2000))")
        let check = try runProcess(pngcheck, ["-q"] + files)
        #expect(check.status == 0, "pngcheck: \(check.out.suffix(2000)) \(check.err.suffix(2000))")
    }

    @Test func pillowDecodesTheWrittenPixels() throws {
        // Debian's own Python, where python3-pil is installed (not one first on PATH).
        let python = "/usr/bin/python3"
        try #require(FileManager.default.isExecutableFile(atPath: python), "Debian's python3 and python3-pil are needed; run make deps")
        let (folder, names, _) = try Self.writeCorpus()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = """
            import sys
            from PIL import Image
            bad = []
            for name in sys.argv[2:]:
                im = Image.open(f"{sys.argv[1]}/{name}.png")
                im.load()
                if im.convert("RGBA").tobytes() != open(f"{sys.argv[1]}/{name}.rgba", "rb").read():
                    bad.append(f"{name} ({im.mode})")
            print("checked", len(sys.argv) - 2, "bad:", ", ".join(bad) or "none")
            sys.exit(1 if bad else 0)
            """
        let run = try runProcess(python, ["-c", script, folder] + names)
        #expect(run.status == 0, "Pillow: \(run.out) \(run.err.suffix(2000))")
        #expect(run.out.contains("checked \(names.count) bad: none"))
    }

    /// The opaque images inside one SVG, one above the other at their own size, drawn by
    /// librsvg at 1 pixel per unit.
    @Test func librsvgDrawsThePixelsOfAPNGInsideAnSVG() throws {
        let rsvg = try #require(which("rsvg-convert"), "rsvg-convert (librsvg2-bin) is needed; run make deps")
        let (folder, names, images) = try Self.writeCorpus(opaqueOnly: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let width = names.map { images[$0]!.width }.max()!
        var y = 0
        var body = ""
        var placed: [(String, Int)] = []
        for name in names {
            let image = images[name]!
            let png = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name).png")).base64EncodedString()
            body +=
                "<image x=\"0\" y=\"\(y)\" width=\"\(image.width)\" height=\"\(image.height)\" image-rendering=\"pixelated\" "
                + "href=\"data:image/png;base64,\(png)\"/>\n"
            placed.append((name, y))
            y += image.height
        }
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(y)" viewBox="0 0 \(width) \(y)">
            \(body)</svg>
            """
        try svg.write(toFile: folder + "/all.svg", atomically: true, encoding: .utf8)
        let run = try runProcess(rsvg, ["-o", folder + "/all.png", folder + "/all.svg"])
        try #require(run.status == 0, "rsvg-convert: \(run.err)")
        let drawn = try RGBAImage(contentsOfFile: folder + "/all.png")
        #expect(drawn.width == width && drawn.height == y)
        for (name, top) in placed {
            let image = images[name]!
            var wrong = 0
            for yy in 0..<image.height {
                for x in 0..<image.width where drawn[x: x, y: top + yy] != image[x: x, y: yy] { wrong += 1 }
            }
            #expect(wrong == 0, "\(name): librsvg drew \(wrong) pixels differently")
        }
    }

    /// The opaque images in a page: Chromium decodes each, draws it on a canvas and compares the
    /// canvas's pixels with the expected bytes (sent along as base64); the page prints a verdict.
    @Test func chromiumDecodesThePixels() throws {
        let (folder, names, images) = try Self.writeCorpus(opaqueOnly: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The images are elements of the page, so its load event waits for every decode.
        var imgs = "", cases = ""
        for (i, name) in names.enumerated() {
            let png = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name).png")).base64EncodedString()
            imgs += "<img id=\"i\(i)\" src=\"data:image/png;base64,\(png)\">\n"
            cases += "[\"\(name)\", \"\(Data(images[name]!.pixels).base64EncodedString())\"],\n"
        }
        let page = """
            <!doctype html><meta charset="utf-8"><pre id="out">running</pre>
            \(imgs)<script>
            const cases = [\(cases)];
            function bytes(b64) { const s = atob(b64); const a = new Uint8Array(s.length); for (let i = 0; i < s.length; i++) a[i] = s.charCodeAt(i); return a; }
            function run() {
              const bad = [];
              cases.forEach(([name, rgba], i) => {
                const img = document.getElementById("i" + i);
                if (!img.complete || img.naturalWidth === 0) { bad.push(name + " (not decoded)"); return; }
                const c = document.createElement("canvas");
                c.width = img.naturalWidth; c.height = img.naturalHeight;
                const g = c.getContext("2d");
                g.drawImage(img, 0, 0);
                const got = g.getImageData(0, 0, c.width, c.height).data, want = bytes(rgba);
                let wrong = got.length !== want.length ? -1 : 0;
                for (let k = 0; wrong >= 0 && k < want.length; k++) if (got[k] !== want[k]) wrong++;
                if (wrong) bad.push(name + " (" + wrong + " bytes)");
              });
              document.getElementById("out").textContent = "checked " + cases.length + " bad: " + (bad.join(", ") || "none");
            }
            window.addEventListener("load", () => { try { run(); } catch (e) { document.getElementById("out").textContent = "failed: " + e; } });
            </script>
            """
        try page.write(toFile: folder + "/page.html", atomically: true, encoding: .utf8)
        let artifacts = Paths.artifacts + "/fastest-png"
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: artifacts + "/page.html")
        try FileManager.default.copyItem(atPath: folder + "/page.html", toPath: artifacts + "/page.html")
        let run = try SVGClients.chromium(folder + "/page.html", ["--dump-dom"], window: (1400, 1000))
        #expect(
            run.out.contains("checked \(names.count) bad: none"),
            "Chromium: \(run.out.suffix(300)) (the page is in .build/test-artifacts/fastest-png/)")
    }
}

import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet

/// Image limits end to end: hostile files against the built binary under a memory cap, panels of
/// large images, the `image-bytes` budget in `diff`.
@Suite("Image limits")
struct ImageLimitsTests {
    /// Runs the binary with its address space capped at `megabytes`: a decoder that allocates what
    /// a hostile header asks for fails for lack of memory instead of passing unnoticed.
    func runCapped(_ args: [String], megabytes: Int = 1_000) throws -> (status: Int32, out: String, err: String) {
        try runProcess("/bin/sh", ["-c", "ulimit -v \(megabytes * 1024) && exec \"$0\" \"$@\"", CLITests.binary] + args)
    }

    /// A PNG of about 70 bytes whose IHDR declares `width`×`height` RGBA at `bitDepth`.
    static func bombPNG(width: UInt32, height: UInt32, bitDepth: UInt8) -> [UInt8] {
        func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func crc32(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
            }
            return ~crc
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            be32(UInt32(data.count)) + Array(type.utf8) + data + be32(crc32(Array(type.utf8) + data))
        }
        let ihdr = be32(width) + be32(height) + [bitDepth, 6, 0, 0, 0]
        let idat: [UInt8] = [0x78, 0x01, 0x01, 0x04, 0x00, 0xFB, 0xFF, 0, 0, 0, 0, 0x00, 0x04, 0x00, 0x01]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", idat) + chunk("IEND", [])
    }

    @Test(arguments: [(UInt32(2_147_483_647), UInt8(8)), (2_147_483_647, 16), (400_000_000, 8)])
    func pngBombsAreRefusedUnderAMemoryCap(width: UInt32, bitDepth: UInt8) throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/bomb.png"
        try Data(Self.bombPNG(width: width, height: 1, bitDepth: bitDepth)).write(to: URL(fileURLWithPath: path))
        let r = try runCapped(["diff", path, path])
        #expect(r.status == 2, "\(r.err)")
        #expect(r.err.contains("bomb.png: image is too large: \(width)x1 pixels"), "\(r.err)")
        #expect(r.err.contains("image-pixels"))
    }

    @Test func jpegClaiming10000x10000WithoutDataIsRefusedUnderAMemoryCap() throws {
        var jpeg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Paths.root + "/Assets/Images/cafedeadend.jpg")))
        // Walk the header segments: patch the frame size, cut the scan data after its header.
        var offset = 2
        while jpeg[offset + 1] != 0xDA {
            let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
            if jpeg[offset + 1] == 0xC0 || jpeg[offset + 1] == 0xC2 {
                jpeg.replaceSubrange(offset + 5..<offset + 9, with: [0x27, 0x10, 0x27, 0x10])  // 10000×10000
            }
            offset += 2 + length
        }
        let scanData = offset + 2 + (Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3]))
        let claim = Array(jpeg[..<(scanData + 16)]) + [0xFF, 0xD9]
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/claim.jpg"
        try Data(claim).write(to: URL(fileURLWithPath: path))
        let r = try runCapped(["diff", path, path])
        #expect(r.status == 2, "\(r.out)\(r.err)")
        #expect(r.err.contains("claim.jpg: corrupt JPEG data"), "\(r.err)")
        #expect(r.err.contains("premature end of data segment"))
    }

    @Test func panelsOverThePixelLimitAreShrunkNotAnInternalError() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try RGBAImage(width: 300, height: 300, fill: RGBAColor(r: 200, g: 0, b: 0)).writePNG(to: dir + "/a.png")
        try RGBAImage(width: 300, height: 300, fill: RGBAColor(r: 0, g: 0, b: 200)).writePNG(to: dir + "/b.png")
        // Side by side the panels are 916×300 pixels: over the limit, so they are halved.
        let r = try runProcess(
            CLITests.binary,
            [
                "diff", dir + "/a.png", dir + "/b.png", "--panels", dir + "/p.png",
                "--limit", "image-pixels=100000"
            ])
        #expect(r.status == 1, "\(r.err)")
        #expect(r.err.contains("panels shrunk to 1/2 of their size (458x150 px)"), "\(r.err)")
        #expect(r.err.contains("--limit image-pixels=N"))
        let panels = try RGBAImage(contentsOfFile: dir + "/p.png")
        #expect(panels.size == ImageSize(width: 458, height: 150))
        #expect(panels[x: 0, y: 0] == RGBAColor(r: 200, g: 0, b: 0))
        #expect(panels[x: 457, y: 149] == RGBAColor(r: 0, g: 0, b: 200))
    }

    @Test func diffOverTheImageMemoryLimitNamesTheFileTheSizeAndTheLimit() throws {
        let a = DiffCLITests.fixtures + "/1a.png", b = DiffCLITests.fixtures + "/1b.png"
        // Each 512×256 image holds 512 KiB: the budget has room for one of them.
        let r = try runProcess(CLITests.binary, ["diff", a, b, "--limit", "image-bytes=700KiB"])
        #expect(r.status == 2, "\(r.out)\(r.err)")
        #expect(r.err.contains("1a.png: not enough image memory") || r.err.contains("1b.png: not enough image memory"), "\(r.err)")
        #expect(r.err.contains("512x256 pixels need"))
        #expect(r.err.contains("KiB already decoded"))  // 512 KiB, or a little more while the other decodes
        #expect(r.err.contains("the limit (image-bytes) is 700 KiB"))
        #expect(r.err.contains("--limit image-bytes=2MiB raises it"), "\(r.err)")
        #expect(try runProcess(CLITests.binary, ["diff", a, b, "--limit", "image-bytes=2MiB"]).status == 1)
    }

    @Test func imageLimitsAreRegistered() {
        Limit.registerAll()
        let names = Limit.all.map(\.name)
        #expect(names.contains("image-pixels") && names.contains("image-bytes"))
    }
}

import Foundation

/// Small builders for the bytes hostile cases put in their sandboxes: PNG files chunk by chunk
/// (with a fixed-Huffman deflater, so a header can lie and a tiny stream can expand to a huge
/// one), JPEG headers, and check reports. They use no product code, so a broken encoder in the
/// product cannot hide a broken input here.
enum HostileBytes {
    // MARK: - Checksums

    private static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func bigEndian16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    /// Adler-32 kept as running sums, with a whole block of bytes applied at once (so a row
    /// repeated a million times costs a million steps, not a million rows of bytes).
    struct Adler {
        static let mod: UInt64 = 65521
        var a: UInt64 = 1, b: UInt64 = 0

        /// The sums of one block: its length, the sum of its bytes, and the sum weighted by
        /// the distance from the block's end.
        struct Block { var length: UInt64; var sum: UInt64; var weighted: UInt64 }

        static func block(_ bytes: [UInt8]) -> Block {
            var s: UInt64 = 0, w: UInt64 = 0
            let n = UInt64(bytes.count)
            for (i, byte) in bytes.enumerated() {
                s = (s + UInt64(byte)) % mod
                w = (w + (n - UInt64(i)) % mod * UInt64(byte)) % mod
            }
            return Block(length: n, sum: s, weighted: w)
        }

        mutating func apply(_ k: Block, times: Int = 1) {
            for _ in 0..<times {
                b = (b + k.length % Self.mod * a + k.weighted) % Self.mod
                a = (a + k.sum) % Self.mod
            }
        }

        var value: UInt32 { UInt32(b << 16 | a) }
    }

    // MARK: - Deflate (fixed Huffman codes, literals and matches only)

    struct Deflater {
        private(set) var out: [UInt8] = []
        private var buffer: UInt64 = 0
        private var count = 0

        static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
        static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        static let distanceBase = [
            1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
            2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577
        ]
        static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

        init() { bits(1, 1); bits(1, 2) }  // the final block, fixed codes

        /// `n` bits of `value`, least significant first.
        mutating func bits(_ value: Int, _ n: Int) {
            buffer |= UInt64(value) << UInt64(count)
            count += n
            while count >= 8 { out.append(UInt8(buffer & 0xFF)); buffer >>= 8; count -= 8 }
        }

        /// A Huffman code (most significant bit first) as bits to write least significant first.
        static func code(_ value: Int, _ n: Int) -> (value: Int, count: Int) {
            var r = 0
            for i in 0..<n where value & (1 << i) != 0 { r |= 1 << (n - 1 - i) }
            return (r, n)
        }

        static func symbol(_ s: Int) -> (value: Int, count: Int) {
            switch s {
            case 0...143: return code(0x30 + s, 8)
            case 144...255: return code(0x190 + s - 144, 9)
            case 256...279: return code(s - 256, 7)
            default: return code(0xC0 + s - 280, 8)
            }
        }

        /// All the bits of a match (length code, extra bits, distance code, extra bits), to write
        /// with one call: a debug build writes millions of them for a large image.
        static func matchBits(_ length: Int, _ distance: Int) -> (value: Int, count: Int) {
            precondition((3...258).contains(length) && (1...32768).contains(distance))
            var value = 0, count = 0
            func put(_ p: (value: Int, count: Int)) { value |= p.value << count; count += p.count }
            let li = lengthBase.lastIndex { $0 <= length }!
            put(symbol(257 + li))
            put((length - lengthBase[li], lengthExtra[li]))
            let di = distanceBase.lastIndex { $0 <= distance }!
            put(code(di, 5))
            put((distance - distanceBase[di], distanceExtra[di]))
            return (value, count)
        }

        mutating func symbol(_ s: Int) { let c = Self.symbol(s); bits(c.value, c.count) }

        mutating func literal(_ b: UInt8) { symbol(Int(b)) }

        mutating func match(_ length: Int, _ distance: Int) { let m = Self.matchBits(length, distance); bits(m.value, m.count) }

        /// `count` more bytes repeating `pattern` (which the last `pattern.count` bytes written
        /// already hold).
        mutating func repeatLast(_ pattern: [UInt8], count: Int) {
            let longest = Self.matchBits(258, pattern.count)
            var left = count
            while left > 0 {
                if left < 3 { for i in 0..<left { literal(pattern[(count - left + i) % pattern.count]) }; return }
                var n = min(258, left)
                if left - n > 0 && left - n < 3 { n -= 3 }
                if n == 258 { bits(longest.value, longest.count) } else { match(n, pattern.count) }
                left -= n
            }
        }

        mutating func finish() -> [UInt8] {
            symbol(256)
            if count > 0 { out.append(UInt8(buffer & 0xFF)); buffer = 0; count = 0 }
            return out
        }
    }

    /// A zlib stream of `rows` copies of a row that is `prefix` then `pattern` `repeats` times.
    static func zlibRows(rows: Int, prefix: [UInt8], pattern: [UInt8], repeats: Int) -> [UInt8] {
        var d = Deflater()
        var adler = Adler()
        let row = prefix + Array([[UInt8]](repeating: pattern, count: repeats).joined())
        let block = Adler.block(row)
        for _ in 0..<rows {
            for b in prefix { d.literal(b) }
            guard repeats > 0 else { continue }
            for b in pattern { d.literal(b) }
            d.repeatLast(pattern, count: (repeats - 1) * pattern.count)
        }
        adler.apply(block, times: rows)
        return [0x78, 0x01] + d.finish() + bigEndian(adler.value)
    }

    /// A zlib stream of exactly `bytes`, as literals.
    static func zlib(_ bytes: [UInt8]) -> [UInt8] {
        var d = Deflater()
        for b in bytes { d.literal(b) }
        var adler = Adler()
        adler.apply(Adler.block(bytes))
        return [0x78, 0x01] + d.finish() + bigEndian(adler.value)
    }

    // MARK: - PNG

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A chunk; `crc` overrides the checksum (to forge a bad one).
    static func chunk(_ type: String, _ data: [UInt8], crc: UInt32? = nil) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc ?? crc32(body))
    }

    static func ihdr(_ width: UInt32, _ height: UInt32, depth: UInt8 = 8, colorType: UInt8 = 6, crc: UInt32? = nil) -> [UInt8] {
        chunk("IHDR", bigEndian(width) + bigEndian(height) + [depth, colorType, 0, 0, 0], crc: crc)
    }

    static func png(_ chunks: [UInt8]...) -> [UInt8] { pngSignature + chunks.joined() }

    static var iend: [UInt8] { chunk("IEND", []) }

    /// An IDAT chunk of `rows` rows, each filter byte 0 and `width` times `pixel`.
    static func idat(rows: Int, width: Int, pixel: [UInt8]) -> [UInt8] {
        chunk("IDAT", zlibRows(rows: rows, prefix: [0], pattern: pixel, repeats: width))
    }

    /// A valid RGBA PNG of one colour (any size: rows compress to a few bytes each).
    static func uniformPNG(_ width: Int, _ height: Int, _ rgba: [UInt8] = [200, 40, 40, 255]) -> [UInt8] {
        png(ihdr(UInt32(width), UInt32(height)), idat(rows: height, width: width, pixel: rgba), iend)
    }

    /// A valid RGB PNG of one colour.
    static func uniformRGBPNG(_ width: Int, _ height: Int, _ rgb: [UInt8]) -> [UInt8] {
        png(ihdr(UInt32(width), UInt32(height), colorType: 2), idat(rows: height, width: width, pixel: rgb), iend)
    }

    /// 69 bytes: a header claiming `width`x`height` RGBA pixels, and a tiny IDAT.
    static func headerBomb(_ width: UInt32, _ height: UInt32) -> [UInt8] {
        png(ihdr(width, height), chunk("IDAT", zlib([0, 0, 0, 0])), iend)
    }

    // MARK: - JPEG

    /// A baseline JPEG header (quantisation and Huffman tables, frame and scan headers) claiming
    /// `width`x`height` grey pixels, followed by no scan data at all.
    static func jpegHeader(_ width: Int, _ height: Int) -> [UInt8] {
        var j: [UInt8] = [0xFF, 0xD8]
        j += [0xFF, 0xDB] + bigEndian16(67) + [0x00] + [UInt8](repeating: 1, count: 64)
        j += [0xFF, 0xC0] + bigEndian16(11) + [8] + bigEndian16(height) + bigEndian16(width) + [1, 1, 0x11, 0]
        // One code of length 1 for symbol 0, for DC (a zero difference) and AC (end of block).
        let oneCode: [UInt8] = [1] + [UInt8](repeating: 0, count: 15) + [0]
        j += [0xFF, 0xC4] + bigEndian16(2 + 17 + 1) + [0x00] + oneCode
        j += [0xFF, 0xC4] + bigEndian16(2 + 17 + 1) + [0x10] + oneCode
        j += [0xFF, 0xDA] + bigEndian16(8) + [1, 1, 0x00, 0, 63, 0]
        j += [0xFF, 0xD9]
        return j
    }

    // MARK: - Check reports

    /// One entry of a results.json.
    static func entry(
        scene: String = "red", variant: String = "40x30@1x", status: String = "failed",
        golden: String = "g/red/default/40x30@1x.png",
        actual: String? = "images/red__default__40x30@1x.actual.png",
        expected: String? = nil, diff: String? = nil
    ) -> String {
        var fields = [
            "\"scene\": \(quoted(scene))", "\"state\": \"default\"", "\"variant\": \(quoted(variant))",
            "\"status\": \(quoted(status))", "\"golden\": \(quoted(golden))"
        ]
        if let actual { fields.append("\"actual\": \(quoted(actual))") }
        if let expected { fields.append("\"expected\": \(quoted(expected))") }
        if let diff { fields.append("\"diff\": \(quoted(diff))") }
        fields.append("\"message\": \"forged\"")
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// A results.json with `entries`.
    static func report(
        _ entries: [String], shard: String? = nil, version: String = "3", threshold: String = "0.1",
        goldenRoot: String = "g"
    ) -> String {
        var s =
            "{\n  \"version\": \(version),\n  \"goldenRoot\": \(quoted(goldenRoot)),\n  \"threshold\": \(threshold),\n"
            + "  \"tolerance\": {},\n  \"record\": \"missing\",\n"
        if let shard { s += "  \"shard\": \(quoted(shard)),\n" }
        s += "  \"entries\": [\n    " + entries.joined(separator: ",\n    ") + "\n  ]\n}\n"
        return s
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where u.value < 0x20: out += String(format: "\\u%04x", u.value)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}

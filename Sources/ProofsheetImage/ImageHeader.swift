import Foundation

/// The pixel size a PNG or JPEG file's header claims, read from its first bytes without
/// decoding anything: what a scene's images will cost is known before any is decoded.
package enum ImageHeader {
    /// Width × height from the header of the file at `path`; nil when it cannot be told (not a
    /// PNG or JPEG, or no frame header in the first 256 KiB): the decoder then decides.
    package static func pixels(path: String) -> Int? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 256 << 10) else { return nil }
        return pixels(Array(data))
    }

    package static func pixels(_ b: [UInt8]) -> Int? {
        func be16(_ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
        func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
        if b.count >= 24, b.starts(with: [0x89, 0x50, 0x4E, 0x47]), Array(b[12..<16]) == Array("IHDR".utf8) {
            return be32(16) * be32(20)
        }
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            // SOF0…SOF15 (not DHT, JPG, DAC): the frame header holds the size.
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) { return be16(i + 5) * be16(i + 7) }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            i += 2 + be16(i + 2)
        }
        return nil
    }
}

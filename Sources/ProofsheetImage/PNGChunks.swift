/// PNG's container, byte for byte: the signature, big-endian numbers and chunks with their
/// CRC-32. The one home of what the animated-PNG writer and reader, and the goldens' text chunk,
/// write and read around the pixels (the pixels themselves go through ``PNGCodec``).
public enum PNGChunks {
    /// The eight bytes every PNG starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// `v` as four big-endian bytes.
    public static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    /// The big-endian number at `at` in `bytes` (indices are the collection's own).
    public static func be32(_ bytes: ArraySlice<UInt8>, at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    /// Appends the chunk `type` holding `data`: its length, type, data and CRC.
    public static func append(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        out += be32(UInt32(data.count))
        let body = Array(type.utf8) + data
        out += body
        out += be32(crc32(body))
    }

    static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// CRC-32 (ISO 3309, as PNG uses it).
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}

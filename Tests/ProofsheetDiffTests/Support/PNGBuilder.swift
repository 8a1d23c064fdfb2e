/// Builds PNG files byte by byte so tests control every raw sample, chunk and
/// checksum (including broken ones). Image data uses filter 0 and stored
/// (uncompressed) deflate blocks; interlaced files use Adam7.
struct PNGBuilder {
    /// Colour types from the PNG specification.
    enum ColorType: UInt8 {
        case grey = 0, rgb = 2, palette = 3, greyAlpha = 4, rgba = 6

        var channels: Int {
            switch self {
            case .grey, .palette: 1
            case .greyAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }
    }

    var width: Int
    var height: Int
    var bitDepth: Int
    var colorType: ColorType
    var interlaced = false
    /// Chunks written between IHDR and IDAT (type, payload).
    var chunksBeforeData: [(String, [UInt8])] = []

    /// The PNG file for `samples`: `width * height * channels` raw sample
    /// values, row-major, channel-interleaved (palette images: indices).
    func build(samples: [Int]) -> [UInt8] {
        precondition(samples.count == width * height * colorType.channels)
        var ihdr = [UInt8]()
        ihdr += Self.be32(width)
        ihdr += Self.be32(height)
        ihdr += [UInt8(bitDepth), colorType.rawValue, 0, 0, interlaced ? 1 : 0]

        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += Self.chunk("IHDR", ihdr)
        for (type, data) in chunksBeforeData { file += Self.chunk(type, data) }
        file += Self.chunk("IDAT", Self.zlibStored(scanlines(samples)))
        file += Self.chunk("IEND", [])
        return file
    }

    /// Filtered (filter type 0) scanlines, per Adam7 pass when interlaced.
    private func scanlines(_ samples: [Int]) -> [UInt8] {
        let passes: [(x: Int, y: Int, dx: Int, dy: Int)] =
            interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var out = [UInt8]()
        for pass in passes {
            let xs = Array(stride(from: pass.x, to: width, by: pass.dx))
            let ys = Array(stride(from: pass.y, to: height, by: pass.dy))
            guard !xs.isEmpty, !ys.isEmpty else { continue }
            for y in ys {
                out.append(0)
                var row = [Int]()
                for x in xs {
                    let base = (y * width + x) * colorType.channels
                    row += samples[base..<base + colorType.channels]
                }
                out += pack(row)
            }
        }
        return out
    }

    private func pack(_ values: [Int]) -> [UInt8] {
        switch bitDepth {
        case 16: return values.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case 8: return values.map { UInt8($0) }
        default:
            var bytes = [UInt8]()
            var current = 0
            var used = 0
            for value in values {
                current = current << bitDepth | value
                used += bitDepth
                if used == 8 {
                    bytes.append(UInt8(current))
                    current = 0
                    used = 0
                }
            }
            if used > 0 { bytes.append(UInt8(current << (8 - used))) }
            return bytes
        }
    }

    static func be32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    /// A chunk: length, type, payload, CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return be32(data.count) + typeBytes + data + be32(Int(crc32(typeBytes + data)))
    }

    /// zlib stream made of stored deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let last = offset + count == data.count
            out.append(last ? 1 : 0)
            out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8(~count >> 8 & 0xFF)]
            out += data[offset..<offset + count]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + be32(Int(b << 16 | a))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}

/// pngjs's rescaling: `Math.floor(v * 255 / (2^depth - 1) + 0.5)`.
func pngjsScale(_ value: Int, depth: Int) -> UInt8 {
    let maxIn = Double((1 << depth) - 1)
    return UInt8((Double(value) * 255 / maxIn + 0.5).rounded(.down))
}

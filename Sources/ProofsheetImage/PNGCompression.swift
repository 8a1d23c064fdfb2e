internal import CPixels

/// How hard PNG writers compress. Every choice writes the same pixels; each writes the same bytes
/// for the same pixels on any machine and at any thread count.
public enum PNGCompression: String, Sendable, Hashable, CaseIterable {
    /// Proofsheet's own encoder: rows filtered with sub, up or Paeth (per row), one deflate block
    /// with a Huffman code built for the image, runs of zeros as matches. Vector instructions
    /// (AVX2) where the processor has them, the same bytes either way. For frames, sheets,
    /// reports and diffs.
    case fastest
    /// libdeflate at level 1 with the sub filter.
    case fast
    /// libdeflate at level 6 with a filter chosen per row: for files kept in a repository.
    case small

    /// The option's spellings, for messages: `fastest, fast or small`.
    public static let spellings = "fastest, fast or small"

    /// Reads an option value (`fastest`, `fast` or `small`); nil for anything else.
    public init?(name: String) { self.init(rawValue: name) }
}

/// Which code path the fastest encoder takes. Both give the same bytes; the choice exists to
/// test that, and for the benchmark.
public enum PNGEncoderPath: Sendable, Hashable {
    /// The vector path when the processor has AVX2 and `PROOFSHEET_SIMD` is not `off`.
    case automatic
    /// The scalar path.
    case scalar
    /// The vector path when the processor has AVX2 (else the scalar one).
    case vector

    var code: Int32 {
        switch self {
        case .automatic: return -1
        case .scalar: return 0
        case .vector: return 1
        }
    }

    /// Whether the processor has the vector path (AVX2 on x86-64).
    public static var vectorAvailable: Bool { ps_cpu_has_avx2() != 0 }

    /// Whether `.automatic` takes the vector path here and now.
    public static var automaticIsVector: Bool { ps_simd_enabled() != 0 }
}

/// Calls a C PNG writer and returns its bytes, or throws with its message.
enum CPNGWriter {
    typealias Writer = (
        UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>, UnsafeMutablePointer<CChar>, Int
    ) -> Int32

    static func run(_ write: Writer) -> Result<[UInt8], ImageError> {
        var out: UnsafeMutablePointer<UInt8>? = nil
        var length = 0
        var message = [CChar](repeating: 0, count: 256)
        let rc = message.withUnsafeMutableBufferPointer { write(&out, &length, $0.baseAddress!, $0.count) }
        guard rc == 0, let out else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(ImageError(.encodingFailed(.png), detail: text.isEmpty ? "encoder failed" : text))
        }
        defer { ps_free(out) }
        return .success([UInt8](UnsafeBufferPointer(start: out, count: length)))
    }
}

extension PNGCodec {
    /// Encodes premultiplied native-endian ARGB32 rows (Cairo's image format) as PNG: RGB when
    /// every pixel is opaque, else straight RGBA.
    ///
    /// - Throws: ``ImageError`` for an image out of range or an encoder failure.
    public static func encode(
        argb32 data: UnsafeRawPointer, width: Int, height: Int, stride: Int, compression: PNGCompression,
        path: PNGEncoderPath = .automatic
    ) throws(ImageError) -> [UInt8] {
        let (pixels, w, h, s) = try checkedARGB32(data, width: width, height: height, stride: stride)
        let result = CPNGWriter.run { out, length, message, size in
            switch compression {
            case .fastest: return ps_png_fastest_argb32(pixels, w, h, s, path.code, out, length, message, size)
            case .fast: return ps_png_encode_argb32(pixels, w, h, s, 1, 1, out, length, message, size)
            case .small: return ps_png_encode_argb32(pixels, w, h, s, 6, 5, out, length, message, size)
            }
        }
        return try result.get()
    }

    /// The same bytes as ``encode(argb32:width:height:stride:compression:path:)``, from pixels
    /// the caller gives up: the `.fastest` encoder may write over them (an opaque image's
    /// filtered rows go over its own rows, sparing as much memory fresh from the system).
    ///
    /// - Throws: ``ImageError`` for an image out of range or an encoder failure.
    public static func encode(
        consumingARGB32 data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, compression: PNGCompression,
        path: PNGEncoderPath = .automatic
    ) throws(ImageError) -> [UInt8] {
        guard compression == .fastest else {
            return try encode(argb32: data, width: width, height: height, stride: stride, compression: compression, path: path)
        }
        let (_, w, h, s) = try checkedARGB32(data, width: width, height: height, stride: stride)
        let pixels = data.assumingMemoryBound(to: UInt8.self)
        return try CPNGWriter.run { out, length, message, size in
            ps_png_fastest_argb32_consuming(pixels, w, h, s, path.code, out, length, message, size)
        }.get()
    }

    /// The same PNG through zlib's streaming deflate, row by row: besides the pixels, the memory
    /// is the compressed bytes and a few rows rather than a filtered copy of the whole raster
    /// (large contact sheets). `.fastest` and `.fast` are deflate level 1 with the sub filter,
    /// `.small` level 6 with a filter chosen per row. The bytes differ from ``encode(argb32:width:height:stride:compression:path:)``'s.
    ///
    /// - Throws: ``ImageError`` for an image out of range or an encoder failure.
    public static func encodeStreaming(
        argb32 data: UnsafeRawPointer, width: Int, height: Int, stride: Int, compression: PNGCompression
    ) throws(ImageError) -> [UInt8] {
        let (pixels, w, h, s) = try checkedARGB32(data, width: width, height: height, stride: stride)
        let (level, filter): (Int32, Int32) = compression == .small ? (6, 5) : (1, 1)
        let result = CPNGWriter.run { out, length, message, size in
            ps_png_stream_argb32(pixels, w, h, s, level, filter, out, length, message, size)
        }
        return try result.get()
    }

    /// The arguments of an ARGB32 encoder, checked to be in range.
    private static func checkedARGB32(_ data: UnsafeRawPointer, width: Int, height: Int, stride: Int) throws(ImageError) -> (
        UnsafePointer<UInt8>, UInt32, UInt32, UInt32
    ) {
        guard width > 0, height > 0, width <= Int(Int32.max) / 4, height <= Int(Int32.max), stride >= width * 4,
            stride <= Int(UInt32.max)
        else {
            throw ImageError(.encodingFailed(.png), detail: "image \(width)x\(height) cannot be written as PNG")
        }
        return (data.assumingMemoryBound(to: UInt8.self), UInt32(width), UInt32(height), UInt32(stride))
    }
}

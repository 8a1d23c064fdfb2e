import ProofsheetCore
internal import CPixels

/// A decoded image: straight (not premultiplied) 8-bit RGBA, rows packed.
public struct RGBAImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]
    public init(width: Int, height: Int, pixels: [UInt8]) { self.width = width; self.height = height; self.pixels = pixels }

    /// Decodes PNG or JPEG bytes; `name` labels errors.
    public init(decoding bytes: [UInt8], name: String) throws {
        var w: UInt32 = 0, h: UInt32 = 0
        var px: UnsafeMutablePointer<UInt8>? = nil
        var err = [CChar](repeating: 0, count: 256)
        let rc = bytes.withUnsafeBufferPointer { ps_image_decode($0.baseAddress, $0.count, 0, &w, &h, &px, &err, err.count) }
        guard rc == 0, let px else { throw ImageStore.decodeError(name, err) }
        defer { ps_free(px) }
        self.init(width: Int(w), height: Int(h), pixels: [UInt8](UnsafeBufferPointer(start: px, count: Int(w) * Int(h) * 4)))
    }

    /// Encodes as an RGBA PNG.
    public func pngBytes(_ settings: PNGSettings = .small) throws -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>? = nil
        var len = 0
        var err = [CChar](repeating: 0, count: 256)
        let rc = pixels.withUnsafeBufferPointer {
            ps_png_encode_rgba($0.baseAddress, UInt32(width), UInt32(height), settings.level, settings.filter, &out, &len, &err, err.count)
        }
        guard rc == 0, let out else { throw ProofsheetError.internal("PNG encoding failed") }
        defer { ps_free(out) }
        return [UInt8](UnsafeBufferPointer(start: out, count: len))
    }
}

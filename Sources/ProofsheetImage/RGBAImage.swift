/// An 8-bit, straight (non-premultiplied) RGBA bitmap stored row by row.
///
/// `pixels` always holds exactly `width * height * 4` bytes, in the order
/// R, G, B, A for each pixel, rows top to bottom. The initialisers enforce
/// that invariant, so code that reads the buffer can rely on it.
///
/// A decoded image holds its bytes' reservation in an ``ImageBudget``; the
/// bytes are given back when the last copy of the image goes away. Equality
/// and hashing look at the size and the pixels only.
public struct RGBAImage: Sendable, Hashable {
    /// The largest pixel count (`width * height`) this module will allocate
    /// for a decoded image: the `image-pixels` limit (``ImageLimits/pixels``),
    /// 100 million pixels (400 MB of RGBA) unless changed.
    public static var maxPixelCount: Int { ImageLimits.pixels.int }

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Straight RGBA bytes, `width * height * 4` of them.
    public private(set) var pixels: [UInt8]
    /// For a decoded image: its bytes' share of an ``ImageBudget``.
    private var reservation: ImageBudget.Reservation?

    /// Wraps an existing RGBA buffer.
    ///
    /// - Throws: ``ImageError`` of kind ``ImageError/Kind/invalidGeometry``
    ///   when a dimension is negative or `pixels.count != width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) throws(ImageError) {
        guard width >= 0, height >= 0 else {
            throw ImageError(.invalidGeometry, detail: "negative size \(width)x\(height)")
        }
        let (area, overflow1) = width.multipliedReportingOverflow(by: height)
        let (bytes, overflow2) = area.multipliedReportingOverflow(by: 4)
        guard !overflow1, !overflow2, bytes == pixels.count else {
            throw ImageError(
                .invalidGeometry,
                detail: "\(pixels.count) bytes cannot hold a \(width)x\(height) RGBA image")
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Creates an image filled with one colour (transparent black by default).
    ///
    /// - Precondition: `width` and `height` are not negative.
    public init(width: Int, height: Int, fill: RGBAColor = RGBAColor(r: 0, g: 0, b: 0, a: 0)) {
        precondition(width >= 0 && height >= 0, "RGBAImage size must not be negative")
        self.width = width
        self.height = height
        let byteCount = width * height * 4
        if fill == RGBAColor(r: 0, g: 0, b: 0, a: 0) {
            self.pixels = [UInt8](repeating: 0, count: byteCount)
        } else {
            // Write one pixel, then keep doubling the filled prefix.
            self.pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialized in
                guard let base = buffer.baseAddress, byteCount > 0 else { return }
                base[0] = fill.r
                base[1] = fill.g
                base[2] = fill.b
                base[3] = fill.a
                var filled = 4
                while filled < byteCount {
                    let chunk = Swift.min(filled, byteCount - filled)
                    (base + filled).initialize(from: base, count: chunk)
                    filled += chunk
                }
                initialized = byteCount
            }
        }
    }

    /// Internal initialiser for buffers already known to be the right size.
    package init(uncheckedWidth width: Int, height: Int, pixels: [UInt8], reservation: ImageBudget.Reservation? = nil) {
        assert(pixels.count == width * height * 4)
        self.width = width
        self.height = height
        self.pixels = pixels
        self.reservation = reservation
    }

    public static func == (a: RGBAImage, b: RGBAImage) -> Bool {
        a.width == b.width && a.height == b.height && a.pixels == b.pixels
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(pixels)
    }

    /// The image's size.
    public var size: ImageSize { ImageSize(width: width, height: height) }

    /// The colour at (`x`, `y`); (0, 0) is the top-left pixel.
    ///
    /// - Precondition: the coordinates lie inside the image.
    public subscript(x x: Int, y y: Int) -> RGBAColor {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the image")
            let i = (y * width + x) * 4
            return RGBAColor(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the image")
            let i = (y * width + x) * 4
            pixels[i] = newValue.r
            pixels[i + 1] = newValue.g
            pixels[i + 2] = newValue.b
            pixels[i + 3] = newValue.a
        }
    }

    /// Calls `body` with mutable access to the RGBA bytes (count cannot change).
    public mutating func withUnsafeMutablePixels<R>(
        _ body: (UnsafeMutableBufferPointer<UInt8>) throws -> R
    ) rethrows -> R {
        try pixels.withUnsafeMutableBufferPointer { try body($0) }
    }
}

/// A width and height in pixels.
public struct ImageSize: Sendable, Hashable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `"WIDTHxHEIGHT"`, e.g. `"1170x2532"`.
    public var description: String { "\(width)x\(height)" }
}

/// One straight-alpha RGBA colour.
public struct RGBAColor: Sendable, Hashable {
    /// Red, 0...255.
    public var r: UInt8
    /// Green, 0...255.
    public var g: UInt8
    /// Blue, 0...255.
    public var b: UInt8
    /// Alpha, 0 (transparent) ... 255 (opaque).
    public var a: UInt8

    /// Creates a colour; alpha defaults to opaque.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
}

/// An opaque RGB colour used to paint diff output.
public struct RGBColor: Sendable, Hashable {
    /// Red, 0...255.
    public var r: UInt8
    /// Green, 0...255.
    public var g: UInt8
    /// Blue, 0...255.
    public var b: UInt8

    /// Creates a colour.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }
}

/// A rectangle of pixels to leave out of a comparison.
///
/// Coordinates are in pixels, (0, 0) is the top-left corner; the rectangle
/// covers `x ..< x + width` by `y ..< y + height`. Parts outside the image are
/// clipped away; an empty or negative-size rectangle ignores nothing.
public struct IgnoreRegion: Sendable, Hashable {
    /// Left edge.
    public var x: Int
    /// Top edge.
    public var y: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a region.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// Settings for ``PixelDiff/compare(_:_:options:diffImage:)``.
///
/// The first seven properties are pixelmatch 7.1.0's options with the same
/// names, meanings and defaults. The `ignore…` properties are extensions.
public struct DiffOptions: Sendable, Hashable {
    /// Matching threshold, 0...1; smaller is more sensitive. Default 0.1.
    public var threshold: Double
    /// Count anti-aliased pixels as differences (skip the anti-aliasing
    /// detection). Default `false`.
    public var includeAA: Bool
    /// Opacity of the expected image drawn (as grey, blended with white) under
    /// the diff output. Default 0.1.
    public var alpha: Double
    /// Colour of anti-aliased pixels in the diff output. Default yellow.
    public var aaColor: RGBColor
    /// Colour of differing pixels in the diff output. Default red.
    public var diffColor: RGBColor
    /// Colour of differing pixels where the actual image is darker than the
    /// expected one; `nil` (default) uses ``diffColor`` for those too.
    public var diffColorAlt: RGBColor?
    /// Draw only the differing pixels, on a transparent background.
    /// Default `false`.
    public var diffMask: Bool

    /// Rectangles left out of the comparison (extension).
    ///
    /// Ignored pixels are neither compared nor counted in
    /// ``DiffResult/total``. They still serve as neighbours for the
    /// anti-aliasing detection of nearby pixels, so results outside the
    /// regions are exactly what pixelmatch reports there.
    public var ignoreRegions: [IgnoreRegion]
    /// A mask image, the same size as the compared images, marking pixels to
    /// leave out (extension).
    ///
    /// Rule: a mask pixel means "ignore" when it is visible and not black,
    /// i.e. alpha > 0 and (r, g, b) != (0, 0, 0). Transparent pixels and black
    /// pixels (of any alpha) mean "compare". So both a transparent PNG with
    /// painted areas and a black image with white areas work as masks.
    /// Ignored pixels behave as for ``ignoreRegions``; the two combine.
    public var ignoreMask: RGBAImage?
    /// Colour painting ignored pixels in the diff output (extension); `nil`
    /// (default) draws them like unchanged pixels. In ``diffMask`` mode ignored
    /// pixels always stay transparent.
    public var ignoredColor: RGBColor?

    /// Creates options; every argument defaults to pixelmatch's default.
    public init(
        threshold: Double = 0.1,
        includeAA: Bool = false,
        alpha: Double = 0.1,
        aaColor: RGBColor = RGBColor(255, 255, 0),
        diffColor: RGBColor = RGBColor(255, 0, 0),
        diffColorAlt: RGBColor? = nil,
        diffMask: Bool = false,
        ignoreRegions: [IgnoreRegion] = [],
        ignoreMask: RGBAImage? = nil,
        ignoredColor: RGBColor? = nil
    ) {
        self.threshold = threshold
        self.includeAA = includeAA
        self.alpha = alpha
        self.aaColor = aaColor
        self.diffColor = diffColor
        self.diffColorAlt = diffColorAlt
        self.diffMask = diffMask
        self.ignoreRegions = ignoreRegions
        self.ignoreMask = ignoreMask
        self.ignoredColor = ignoredColor
    }
}

/// Builds side-by-side review images: expected | diff | actual.
///
/// The result never has more than `maxPixelCount` pixels (by default the `image-pixels` limit,
/// ``RGBAImage/maxPixelCount``): when the panels side by side would, every panel and the gap are
/// shrunk by the smallest whole factor that fits (each output pixel the average of a
/// factor×factor block), and ``Composition/shrinkFactor`` says by how much.
public enum DiffPanels {
    /// Default gap between panels, in pixels.
    public static let defaultGap = 8

    /// A panels image and the whole factor its panels were shrunk by to fit the pixel limit.
    public struct Composition: Sendable {
        /// The panels side by side; 0×0 only when not even 1-pixel panels fit the limit.
        public let image: RGBAImage
        /// 1 when the panels are at full size; k when each is 1/k of its width and height.
        public let shrinkFactor: Int
    }

    /// Lays out `expected`, `diff` (if any) and `actual` left to right,
    /// top-aligned, separated by `gap` pixels of `background`.
    ///
    /// The result is `sum(widths) + gap * (panels - 1)` wide and as tall as the
    /// tallest panel; areas not covered by a panel are `background`. Images of
    /// different sizes are fine (e.g. after a size mismatch, with no diff).
    /// Pixels are copied as they are, without blending — unless that would pass
    /// `maxPixelCount` pixels, in which case everything is shrunk to fit (see
    /// ``DiffPanels``).
    public static func compose(
        expected: RGBAImage,
        diff: RGBAImage?,
        actual: RGBAImage,
        gap: Int = defaultGap,
        background: RGBAColor = RGBAColor(r: 255, g: 255, b: 255),
        maxPixelCount: Int = RGBAImage.maxPixelCount
    ) -> RGBAImage {
        composition(
            expected: expected, diff: diff, actual: actual, gap: gap, background: background,
            maxPixelCount: maxPixelCount
        ).image
    }

    /// ``compose(expected:diff:actual:gap:background:maxPixelCount:)``, telling how much the
    /// panels were shrunk.
    public static func composition(
        expected: RGBAImage,
        diff: RGBAImage?,
        actual: RGBAImage,
        gap: Int = defaultGap,
        background: RGBAColor = RGBAColor(r: 255, g: 255, b: 255),
        maxPixelCount: Int = RGBAImage.maxPixelCount
    ) -> Composition {
        let panels = [expected] + (diff.map { [$0] } ?? []) + [actual]
        return composition(panels, gap: gap, background: background, maxPixelCount: maxPixelCount)
    }

    /// Lays out any number of images left to right, top-aligned, separated by
    /// `gap` pixels (negative gaps count as 0) of `background`, shrunk to fit
    /// `maxPixelCount` pixels if need be.
    public static func compose(
        _ panels: [RGBAImage],
        gap: Int = defaultGap,
        background: RGBAColor = RGBAColor(r: 255, g: 255, b: 255),
        maxPixelCount: Int = RGBAImage.maxPixelCount
    ) -> RGBAImage {
        composition(panels, gap: gap, background: background, maxPixelCount: maxPixelCount).image
    }

    /// ``compose(_:gap:background:maxPixelCount:)``, telling how much the panels were shrunk.
    public static func composition(
        _ panels: [RGBAImage],
        gap: Int = defaultGap,
        background: RGBAColor = RGBAColor(r: 255, g: 255, b: 255),
        maxPixelCount: Int = RGBAImage.maxPixelCount
    ) -> Composition {
        let gap = max(gap, 0)
        guard let factor = shrinkFactor(panels.map(\.size), gap: gap, maxPixelCount: maxPixelCount) else {
            return Composition(image: RGBAImage(width: 0, height: 0), shrinkFactor: 1)
        }
        let shown = factor == 1 ? panels : panels.map { $0.shrunk(by: factor) }
        let shownGap = shrink(gap, by: factor)
        // shrinkFactor checked that this size neither overflows nor passes the limit.
        let width = shown.reduce(0) { $0 + $1.width } + shownGap * max(shown.count - 1, 0)
        let height = shown.reduce(0) { max($0, $1.height) }
        var canvas = RGBAImage(width: width, height: height, fill: background)
        guard width > 0, height > 0 else { return Composition(image: canvas, shrinkFactor: factor) }

        canvas.withUnsafeMutablePixels { out in
            var left = 0
            for panel in shown {
                let rowBytes = panel.width * 4
                if rowBytes > 0 {
                    panel.pixels.withUnsafeBytes { source in
                        for y in 0..<panel.height {
                            let destination = UnsafeMutableRawPointer(out.baseAddress!) + (y * width + left) * 4
                            destination.copyMemory(from: source.baseAddress! + y * rowBytes, byteCount: rowBytes)
                        }
                    }
                }
                left += panel.width + shownGap
            }
        }
        return Composition(image: canvas, shrinkFactor: factor)
    }

    /// `length` shrunk by `factor`, rounded up (a non-empty panel or gap keeps at least 1 pixel).
    private static func shrink(_ length: Int, by factor: Int) -> Int {
        length / factor + (length % factor == 0 ? 0 : 1)
    }

    /// The pixels of the panels laid out after shrinking by `factor`; nil on overflow.
    private static func pixelCount(_ sizes: [ImageSize], gap: Int, factor: Int) -> Int? {
        var width = 0, height = 0
        for (index, size) in sizes.enumerated() {
            let step = shrink(max(size.width, 0), by: factor) + (index > 0 ? shrink(gap, by: factor) : 0)
            let (sum, overflow) = width.addingReportingOverflow(step)
            if overflow { return nil }
            width = sum
            height = max(height, shrink(max(size.height, 0), by: factor))
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? nil : pixels
    }

    /// The smallest whole factor that brings the panels within `maxPixelCount` pixels, or nil
    /// when even 1-pixel panels and gaps do not fit.
    static func shrinkFactor(_ sizes: [ImageSize], gap: Int, maxPixelCount: Int) -> Int? {
        func fits(_ factor: Int) -> Bool { pixelCount(sizes, gap: gap, factor: factor).map { $0 <= maxPixelCount } ?? false }
        if fits(1) { return 1 }
        // The pixel count only falls as the factor grows, and stops falling once every panel and
        // the gap are 1 pixel: search between 1 (too large) and that factor.
        let largest = max(sizes.reduce(1) { max($0, $1.width, $1.height) }, gap, 1)
        guard fits(largest) else { return nil }
        var low = 1, high = largest
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if fits(middle) { high = middle } else { low = middle }
        }
        return high
    }
}

/// Builds side-by-side review images: expected | diff | actual.
public enum DiffPanels {
    /// Default gap between panels, in pixels.
    public static let defaultGap = 8

    /// Lays out `expected`, `diff` (if any) and `actual` left to right,
    /// top-aligned, separated by `gap` pixels of `background`.
    ///
    /// The result is `sum(widths) + gap * (panels - 1)` wide and as tall as the
    /// tallest panel; areas not covered by a panel are `background`. Images of
    /// different sizes are fine (e.g. after a size mismatch, with no diff).
    /// Pixels are copied as they are, without blending.
    public static func compose(
        expected: RGBAImage,
        diff: RGBAImage?,
        actual: RGBAImage,
        gap: Int = defaultGap,
        background: RGBAColor = RGBAColor(r: 255, g: 255, b: 255)
    ) -> RGBAImage {
        let panels = [expected] + (diff.map { [$0] } ?? []) + [actual]
        return compose(panels, gap: gap, background: background)
    }

    /// Lays out any number of images left to right, top-aligned, separated by
    /// `gap` pixels (negative gaps count as 0) of `background`.
    public static func compose(
        _ panels: [RGBAImage],
        gap: Int = defaultGap,
        background: RGBAColor = RGBAColor(r: 255, g: 255, b: 255)
    ) -> RGBAImage {
        let gap = max(gap, 0)
        var width = panels.reduce(0) { $0 + $1.width } + gap * max(panels.count - 1, 0)
        var height = panels.reduce(0) { max($0, $1.height) }
        // Panels of very different shapes (a 1×10⁸ strip beside a 10⁸×1 one) would make an
        // enormous canvas: give an empty one instead.
        if width.multipliedReportingOverflow(by: height).overflow || width * height > RGBAImage.maxPixelCount {
            width = 0; height = 0
        }
        var canvas = RGBAImage(width: width, height: height, fill: background)
        guard width > 0, height > 0 else { return canvas }

        canvas.withUnsafeMutablePixels { out in
            var left = 0
            for panel in panels {
                let rowBytes = panel.width * 4
                if rowBytes > 0 {
                    panel.pixels.withUnsafeBytes { source in
                        for y in 0..<panel.height {
                            let destination = UnsafeMutableRawPointer(out.baseAddress!) + (y * width + left) * 4
                            destination.copyMemory(from: source.baseAddress! + y * rowBytes, byteCount: rowBytes)
                        }
                    }
                }
                left += panel.width + gap
            }
        }
        return canvas
    }
}

/// One byte per pixel saying whether the pixel is left out of a comparison.
struct IgnoreMap {
    /// 1 for ignored pixels, 0 for compared ones; row-major.
    var flags: [UInt8]
    /// How many flags are set.
    var count: Int

    /// Builds the map from regions and a same-size mask, or returns `nil`
    /// when nothing is ignored.
    static func make(width: Int, height: Int, regions: [IgnoreRegion], mask: RGBAImage?) -> IgnoreMap? {
        let pixelCount = width * height
        guard pixelCount > 0, !regions.isEmpty || mask != nil else { return nil }
        var flags = [UInt8](repeating: 0, count: pixelCount)

        for region in regions {
            let xs = clip(start: region.x, length: region.width, limit: width)
            let ys = clip(start: region.y, length: region.height, limit: height)
            guard !xs.isEmpty, !ys.isEmpty else { continue }
            for y in ys {
                let row = y * width
                flags.withUnsafeMutableBufferPointer { buffer in
                    for x in xs { buffer[row + x] = 1 }
                }
            }
        }

        if let mask {
            precondition(mask.width == width && mask.height == height, "mask size was validated by the caller")
            mask.pixels.withUnsafeBufferPointer { pixels in
                flags.withUnsafeMutableBufferPointer { buffer in
                    for i in 0..<pixelCount {
                        let p = i * 4
                        if pixels[p + 3] != 0 && (pixels[p] | pixels[p + 1] | pixels[p + 2]) != 0 {
                            buffer[i] = 1
                        }
                    }
                }
            }
        }

        var count = 0
        for flag in flags where flag != 0 { count += 1 }
        return count == 0 ? nil : IgnoreMap(flags: flags, count: count)
    }

    /// `start ..< start + length` intersected with `0 ..< limit`, overflow-safe.
    static func clip(start: Int, length: Int, limit: Int) -> Range<Int> {
        guard length > 0 else { return 0..<0 }
        let (end, overflow) = start.addingReportingOverflow(length)
        let upper = overflow ? limit : min(end, limit)
        let lower = max(start, 0)
        return lower < upper ? lower..<upper : 0..<0
    }
}

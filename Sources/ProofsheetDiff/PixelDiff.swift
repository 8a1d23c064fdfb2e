/// Pixel-level image comparison compatible with pixelmatch 7.1.0.
///
/// ```swift
/// let outcome = try PixelDiff.compare(expected, actual, options: DiffOptions(threshold: 0.05))
/// switch outcome {
/// case .compared(let result): print(result.mismatched, result.ratio)
/// case let .sizeMismatch(expected, actual): print("sizes differ: \(expected) vs \(actual)")
/// }
/// ```
public enum PixelDiff {
    /// Compares `actual` against `expected`, pixel by pixel.
    ///
    /// With default options and no ignores, ``DiffResult/mismatched`` equals
    /// `pixelmatch(expected, actual, output, width, height, options)` and the
    /// diff image equals pixelmatch's output buffer byte for byte (pixelmatch
    /// writes into a zero-filled buffer, so in ``DiffOptions/diffMask`` mode
    /// untouched pixels are transparent black).
    ///
    /// - Parameters:
    ///   - expected: the reference image ("img1"); unchanged pixels of the
    ///     diff image are drawn from it.
    ///   - actual: the image under test ("img2").
    ///   - options: pixelmatch options plus ignore regions / mask.
    ///   - diffImage: whether to produce ``DiffResult/diffImage``.
    /// - Returns: ``DiffOutcome/sizeMismatch(expected:actual:)`` when the sizes
    ///   differ (nothing is compared), otherwise the result.
    /// - Throws: ``DiffError/maskSizeMismatch(mask:images:)`` when the ignore
    ///   mask's size differs from the images'.
    public static func compare(
        _ expected: RGBAImage,
        _ actual: RGBAImage,
        options: DiffOptions = DiffOptions(),
        diffImage: Bool = true
    ) throws(DiffError) -> DiffOutcome {
        guard expected.size == actual.size else {
            return .sizeMismatch(expected: expected.size, actual: actual.size)
        }
        let width = expected.width
        let height = expected.height
        if let mask = options.ignoreMask, mask.size != expected.size {
            throw DiffError.maskSizeMismatch(mask: mask.size, images: expected.size)
        }

        let pixelCount = width * height
        guard pixelCount > 0 else {
            let empty = diffImage ? RGBAImage(width: width, height: height) : nil
            return .compared(DiffResult(width: width, height: height, mismatched: 0, total: 0, ignored: 0, diffImage: empty))
        }

        let ignoreMap = IgnoreMap.make(width: width, height: height, regions: options.ignoreRegions, mask: options.ignoreMask)
        var output: [UInt8] = diffImage ? [UInt8](repeating: 0, count: pixelCount * 4) : []

        let mismatched = expected.pixels.withUnsafeBufferPointer { bytes1 in
            actual.pixels.withUnsafeBufferPointer { bytes2 in
                Pixelmatch.withWords(bytes1) { img1 in
                    Pixelmatch.withWords(bytes2) { img2 in
                        withOutputWords(&output, enabled: diffImage) { out in
                            withIgnoreFlags(ignoreMap) { ignore in
                                Pixelmatch.run(
                                    Pixelmatch.Job(
                                        img1: img1, img2: img2, output: out, width: width, height: height,
                                        options: options, ignore: ignore))
                            }
                        }
                    }
                }
            }
        }

        let ignored = ignoreMap?.count ?? 0
        return .compared(
            DiffResult(
                width: width,
                height: height,
                mismatched: mismatched,
                total: pixelCount - ignored,
                ignored: ignored,
                diffImage: diffImage ? RGBAImage(uncheckedWidth: width, height: height, pixels: output) : nil))
    }

    private static func withOutputWords<R>(
        _ output: inout [UInt8], enabled: Bool, _ body: (UnsafeMutablePointer<UInt32>?) -> R
    ) -> R {
        guard enabled else { return body(nil) }
        return output.withUnsafeMutableBufferPointer { bytes in Pixelmatch.withMutableWords(bytes) { body($0) } }
    }

    private static func withIgnoreFlags<R>(_ map: IgnoreMap?, _ body: (UnsafePointer<UInt8>?) -> R) -> R {
        guard let map else { return body(nil) }
        return map.flags.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}

internal import CPixels

/// The Gaussian blur behind `blur(radius:)`, shadows and materials (`ps_blur` in C), on bytes:
/// `channels` (1 or 4) a pixel, rows packed. Edges: `clamp` repeats the edge pixels outward,
/// otherwise outside counts as 0.
package enum GaussianBlur {
    package static func blur(_ pixels: inout [UInt8], width: Int, height: Int, channels: Int, sigma: Double, clamp: Bool) {
        precondition(pixels.count == width * height * channels)
        pixels.withUnsafeMutableBufferPointer { p in
            _ = ps_blur(p.baseAddress, UInt32(width), UInt32(height), UInt32(width * channels), UInt32(channels), sigma, clamp ? 1 : 0)
        }
    }

    /// The whole factor an image is shrunk by for a blur of `sigma` pixels (1: not shrunk).
    package static func factor(sigma: Double) -> Int { Int(ps_blur_factor(sigma)) }
}

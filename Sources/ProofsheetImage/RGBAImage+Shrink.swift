internal import CPixels

extension RGBAImage {
    /// This image shrunk by a whole `factor`: `ceil(width / factor)` × `ceil(height / factor)`
    /// pixels, each the average of a `factor`×`factor` block (smaller at the right and bottom
    /// edges), colours weighted by alpha. A factor of 1 or less returns the image unchanged.
    package func shrunk(by factor: Int) -> RGBAImage {
        guard factor > 1, width > 0, height > 0 else { return self }
        let factor = min(factor, max(width, height))
        let w = (width + factor - 1) / factor, h = (height + factor - 1) / factor
        let out = [UInt8](unsafeUninitializedCapacity: w * h * 4) { buffer, initialized in
            pixels.withUnsafeBufferPointer { source in
                ps_rgba_shrink(source.baseAddress, UInt32(width), UInt32(height), UInt32(factor), buffer.baseAddress)
            }
            initialized = w * h * 4
        }
        return RGBAImage(uncheckedWidth: w, height: h, pixels: out)
    }
}

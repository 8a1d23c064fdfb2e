internal import CPixels

/// Pixel routines that fill the two halves of a large output's rows at once, the second on a
/// thread of its own. Each output row depends on the input alone, so the bytes are the same
/// either way; tests lower the thresholds to split small outputs.
public enum RowSplitting {
    /// The output pixels from which a material's or a blur's shrunk copy is grown back (bilinear)
    /// in two halves at once: about a million, a phone screen at 2x.
    public static func setGrowMinimum(_ pixels: Int) { ps_grow_set_split(pixels < 0 ? 0 : pixels) }
}

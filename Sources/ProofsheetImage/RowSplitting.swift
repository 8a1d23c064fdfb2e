internal import CPixels

/// The pixel routines that do a large output's two halves of rows at once, the second on a
/// thread of its own (`ps_two_halves`): the fastest PNG encoder and the growing of a material's
/// or blur's shrunk copy. Each half's bytes depend on the input alone, so what is written is the
/// same either way; tests lower the thresholds to split small outputs.
public enum RowSplitting {
    /// The filtered bytes (about 3 a pixel) from which the fastest encoder writes an image as
    /// two halves: 6 MiB, a phone screen at 3x.
    public static var encoderMinimum: Int {
        get { Int(ps_png_fastest_split()) }
        set { ps_png_fastest_set_split(newValue < 0 ? 0 : newValue) }
    }

    /// How many images the fastest encoder has written as two halves in this process.
    public static var encoderSplits: Int { Int(ps_png_fastest_split_count()) }

    /// The output pixels from which a shrunk copy is grown back (bilinear) as two halves: about
    /// a million, a phone screen at 2x.
    public static var growMinimum: Int {
        get { Int(ps_grow_split()) }
        set { ps_grow_set_split(newValue < 0 ? 0 : newValue) }
    }
}

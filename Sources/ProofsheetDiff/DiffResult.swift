/// The numbers (and optionally the picture) from comparing two equally sized images.
public struct DiffResult: Sendable, Hashable {
    /// Width of the compared images.
    public let width: Int
    /// Height of the compared images.
    public let height: Int
    /// Pixels that differ beyond the threshold and are not anti-aliasing
    /// (pixelmatch's return value, restricted to compared pixels).
    public let mismatched: Int
    /// Pixels actually compared: `width * height` minus the ignored ones.
    public let total: Int
    /// Pixels left out through ignore regions or the ignore mask.
    public let ignored: Int
    /// The diff picture, if one was requested.
    public let diffImage: RGBAImage?

    /// Creates a result.
    public init(width: Int, height: Int, mismatched: Int, total: Int, ignored: Int, diffImage: RGBAImage?) {
        self.width = width
        self.height = height
        self.mismatched = mismatched
        self.total = total
        self.ignored = ignored
        self.diffImage = diffImage
    }

    /// `mismatched / total`, or 0 when nothing was compared.
    public var ratio: Double { total == 0 ? 0 : Double(mismatched) / Double(total) }

    /// `true` when no pixel mismatched.
    public var isMatch: Bool { mismatched == 0 }
}

/// What a comparison found: a result, or that the sizes differ.
public enum DiffOutcome: Sendable, Hashable {
    /// The images had the same size and were compared.
    case compared(DiffResult)
    /// The images have different sizes, so no pixel was compared.
    case sizeMismatch(expected: ImageSize, actual: ImageSize)

    /// The result, when the images were compared.
    public var result: DiffResult? {
        if case .compared(let result) = self { return result }
        return nil
    }

    /// `true` only when the images were compared and no pixel mismatched.
    public var isMatch: Bool { result?.isMatch ?? false }
}

/// A comparison that could not be set up as asked.
public enum DiffError: Error, Sendable, Hashable, CustomStringConvertible {
    /// ``DiffOptions/ignoreMask`` is not the size of the compared images.
    case maskSizeMismatch(mask: ImageSize, images: ImageSize)

    /// A one-line human-readable explanation.
    public var description: String {
        switch self {
        case let .maskSizeMismatch(mask, images):
            return "ignore mask is \(mask) but the compared images are \(images)"
        }
    }
}

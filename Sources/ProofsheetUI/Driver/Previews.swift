/// SwiftUI's `PreviewProvider`: a type whose `previews` are the views a team looks at while it
/// works. Proofsheet finds them and draws them (see ``SwiftUIScene``).
@MainActor @preconcurrency
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder @MainActor @preconcurrency static var previews: Self.Previews { get }
}

extension View {
    /// Accepted: a preview's name is the provider's.
    public func previewDisplayName(_ name: String?) -> Self { self }
    /// Accepted: previews are drawn on the device asked for.
    public func previewDevice(_ device: String?) -> Self { self }
    /// Accepted: previews are drawn on the device asked for.
    public func previewLayout(_ layout: PreviewLayout) -> Self { self }
}

/// How a preview is laid out (accepted; Proofsheet draws on a device).
public enum PreviewLayout: Sendable {
    case device, sizeThatFits
    case fixed(width: Double, height: Double)
}

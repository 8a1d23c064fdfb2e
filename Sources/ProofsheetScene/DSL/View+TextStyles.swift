import ProofsheetCore

/// SwiftUI's text styling and the layout modifiers `fixedSize` and `position`.
extension View {
    public func bold(_ isActive: Bool = true) -> ModifiedView { modifier(.environment(.fontWeight(isActive ? 700 : 400))) }
    public func italic(_ isActive: Bool = true) -> ModifiedView { modifier(.environment(.italic(isActive))) }
    public func underline(_ isActive: Bool = true) -> ModifiedView { modifier(.environment(.underline(isActive))) }
    public func strikethrough(_ isActive: Bool = true) -> ModifiedView { modifier(.environment(.strikethrough(isActive))) }
    public func kerning(_ points: Double) -> ModifiedView { modifier(.environment(.tracking(points))) }
    public func tracking(_ points: Double) -> ModifiedView { modifier(.environment(.tracking(points))) }
    public func lineSpacing(_ points: Double) -> ModifiedView { modifier(.environment(.lineSpacing(points))) }
    public func textCase(_ textCase: TextCase?) -> ModifiedView { modifier(.environment(.textCase(textCase))) }
    public func buttonStyle(_ style: ButtonLook.Style) -> ModifiedView { modifier(.environment(.buttonStyle(style))) }
    public func fixedSize() -> ModifiedView { modifier(.fixedSize(horizontal: true, vertical: true)) }
    public func fixedSize(horizontal: Bool, vertical: Bool) -> ModifiedView { modifier(.fixedSize(horizontal: horizontal, vertical: vertical)) }
    public func position(x: Double = 0, y: Double = 0) -> ModifiedView { modifier(.position(x: x, y: y)) }
    /// `alignmentGuide(_:computeValue:)`: `computeValue` gets the view's size.
    public func alignmentGuide(_ guide: AlignmentGuide, computeValue: @escaping @Sendable (Size) -> Double) -> ModifiedView {
        modifier(.alignmentGuide(guide, AlignmentGuideValue { computeValue($0) }))
    }
}

import ProofsheetCore
import ProofsheetScene

/// `alignmentGuide(_:computeValue:)`: the view's guide is the value computed from its size;
/// other guides pass through.
final class AlignmentGuideElement: WrapperElement {
    let guideKind: AlignmentGuide
    let value: AlignmentGuideValue
    /// An expression that failed while a parent asked for the guide: reported when placed.
    private var failure: Error?
    init(_ guide: AlignmentGuide, _ value: AlignmentGuideValue, child: Element) {
        self.guideKind = guide; self.value = value
        super.init(name: "alignmentGuide", child: child)
    }
    override func explicitGuide(_ g: AlignmentGuide, _ size: Size) -> Double? {
        guard g == guideKind else { return super.explicitGuide(g, size) }
        do { return try value.compute(size) } catch {
            if failure == nil { failure = error }
            return nil
        }
    }
    override func placeChildren(_ ctx: LayoutContext) throws {
        if let failure { throw failure }
        try super.placeChildren(ctx)
    }
}

extension Element {
    /// The guide `g` of the element at `size`, from its top-leading corner: set inside it (an
    /// `alignmentGuide`, a text's baselines), else the default.
    final func guide(_ g: AlignmentGuide, _ size: Size) -> Double { explicitGuide(g, size) ?? g.defaultValue(size) }

    /// Where a child of size `s` goes in `rect` aligned by `alignment`: the child's guides (its
    /// explicit ones, else the fractions) on the rectangle's.
    final func alignedByGuides(_ child: Element, _ s: Size, in rect: Rect, _ alignment: Alignment) -> Rect {
        var r = aligned(s, in: rect, alignment)
        if let x = child.explicitGuide(.horizontal(alignment.x), s) { r.origin.x = rect.minX + rect.width * alignment.x - x }
        if let y = child.explicitGuide(.vertical(alignment.y), s) { r.origin.y = rect.minY + rect.height * alignment.y - y }
        return r
    }
}

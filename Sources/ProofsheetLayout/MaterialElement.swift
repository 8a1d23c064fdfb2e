import ProofsheetCore
import ProofsheetScene

/// A material in a shape: takes the size proposed (10 pt where unspecified), like a shape.
final class MaterialElement: Element {
    let material: Material
    let kind: ShapeKind
    init(material: Material, kind: ShapeKind) {
        self.material = material; self.kind = kind
        super.init(name: material.styleName)
    }
    override func sizeThatFits(_ p: Proposal) -> Size {
        p.replacingUnspecified(by: Size(width: 10, height: 10))
    }
    override var content: ResolvedView.Content {
        .material(ResolvedView.MaterialContent(material: material, kind: kind))
    }
}

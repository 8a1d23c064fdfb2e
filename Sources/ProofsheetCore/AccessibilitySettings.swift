/// The display and motion settings of iOS's Accessibility pages a screen can be judged under:
/// Reduce Transparency, Reduce Motion, Bold Text and Increase Contrast. All off by default.
public struct AccessibilitySettings: Hashable, Sendable, Codable {
    /// Materials draw as solid colours (``DisplayList/withOpaqueMaterials()``).
    public var reduceTransparency = false
    /// Transitions that move, slide or scale a view fade it instead.
    public var reduceMotion = false
    /// Text (and symbols) one weight step heavier (``FontSpec/boldTextWeight(_:)``).
    public var boldText = false
    /// Named colours take their high-contrast values (``NamedColor/increasedLight``).
    public var increaseContrast = false

    public init(reduceTransparency: Bool = false, reduceMotion: Bool = false, boldText: Bool = false, increaseContrast: Bool = false) {
        self.reduceTransparency = reduceTransparency; self.reduceMotion = reduceMotion; self.boldText = boldText
        self.increaseContrast = increaseContrast
    }

    /// The contrast colours are drawn at.
    public var contrast: ColorSchemeContrast { increaseContrast ? .increased : .standard }
}

extension FontSpec {
    /// A weight under Bold Text: two steps heavier up to semibold (regular becomes semibold,
    /// as UIKit's system font does), one step from there (semibold becomes bold), black at
    /// most — estimates from how iOS draws its own labels with the setting on.
    public static func boldTextWeight(_ weight: Int) -> Int {
        weight < 600 ? weight + 200 : min(900, weight + 100)
    }
}

extension Material {
    /// The solid colour a material is drawn in with Reduce Transparency on: iOS's
    /// secondary system background (#F2F2F7 light, #1C1C1E dark) — an estimate, as the
    /// materials' recipes are.
    public static let opaqueFallback = Color.secondarySystemBackground
}

extension DisplayList {
    /// The list with every material drawn as its solid fallback colour in its shape
    /// (``Material/opaqueFallback``, in the material's scheme at `contrast`), as Reduce
    /// Transparency draws it.
    public func withOpaqueMaterials(contrast: ColorSchemeContrast = .standard) -> DisplayList {
        var out = self
        out.items = items.map { $0.withOpaqueMaterials(contrast) }
        return out
    }
}

extension DisplayItem {
    func withOpaqueMaterials(_ contrast: ColorSchemeContrast) -> DisplayItem {
        switch self {
        case .material(let m): return .fill(m.shape, .color(Material.opaqueFallback.resolved(in: m.colorScheme, contrast: contrast)))
        case .group(var g):
            g.children = g.children.map { $0.withOpaqueMaterials(contrast) }
            return .group(g)
        default: return self
        }
    }
}

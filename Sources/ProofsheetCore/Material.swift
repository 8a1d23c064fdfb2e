/// SwiftUI's materials: what lies behind a view, blurred, saturated and tinted.
///
/// A material is a semantic value: the display list names it, and the backend looks up its
/// recipe when it draws, so a colour scheme can choose other numbers later.
public enum Material: String, Hashable, Sendable, Codable, CaseIterable {
    case ultraThin, thin, regular, thick, ultraThick

    /// The SwiftUI spelling of the style: `ultraThinMaterial`.
    public var styleName: String { rawValue + "Material" }

    /// The material for a SwiftUI style name (`"thinMaterial"`), or nil.
    public init?(styleName: String) {
        guard styleName.hasSuffix("Material"), let m = Material(rawValue: String(styleName.dropLast("Material".count))) else { return nil }
        self = m
    }

    /// How the material is drawn in light mode (approximations: Apple publishes no figures).
    public var recipe: MaterialRecipe { recipe(in: .light) }

    /// How the material is drawn in `scheme`. Dark materials tint with iOS's dark elevated grey
    /// (#1C1C1E) where light ones tint with white, at the same strengths plus a tenth
    /// (estimates, like the light ones).
    public func recipe(in scheme: ColorScheme) -> MaterialRecipe {
        let light = lightRecipe
        guard scheme == .dark else { return light }
        return MaterialRecipe(blur: light.blur, saturation: light.saturation, tint: Color(hex: 0x1C1C1E, alpha: min(1, light.tint.alpha + 0.1)))
    }

    private var lightRecipe: MaterialRecipe {
        switch self {
        case .ultraThin: return MaterialRecipe(blur: 20, saturation: 1.8, tint: .white.opacity(0.2))
        case .thin: return MaterialRecipe(blur: 25, saturation: 1.8, tint: .white.opacity(0.35))
        case .regular: return MaterialRecipe(blur: 30, saturation: 1.8, tint: .white.opacity(0.5))
        case .thick: return MaterialRecipe(blur: 40, saturation: 1.8, tint: .white.opacity(0.65))
        case .ultraThick: return MaterialRecipe(blur: 50, saturation: 1.8, tint: .white.opacity(0.8))
        }
    }
}

/// The numbers behind a material: the backdrop is blurred (Gaussian σ in points), its
/// saturation multiplied, and the tint composited over it.
public struct MaterialRecipe: Hashable, Sendable {
    public var blur: Double
    public var saturation: Double
    public var tint: Color
    public init(blur: Double, saturation: Double, tint: Color) { self.blur = blur; self.saturation = saturation; self.tint = tint }
}

/// A material filling a shape: the backdrop (everything drawn before this item, wherever it
/// is in the list) blurred, saturated and tinted, clipped to the shape.
public struct MaterialDraw: Hashable, Sendable, Codable {
    public var material: Material
    public var shape: DisplayShape
    /// The colour scheme whose recipe draws it (``Material/recipe(in:)``).
    public var colorScheme: ColorScheme = .light
    /// Where the material was written in a scene file, when it was (for errors found drawing it).
    public var source: SourceLocation? = nil
    public init(material: Material, shape: DisplayShape, source: SourceLocation? = nil) {
        self.material = material; self.shape = shape; self.source = source
    }
}

extension DisplayList {
    /// What is drawn before the item at `path` (indices from the top-level items down through
    /// groups): the items before it, and around it its groups with only their earlier children,
    /// each keeping its transform, clip and effects. A material's backdrop.
    public func backdrop(before path: [Int]) -> DisplayList {
        func cut(_ items: [DisplayItem], _ path: ArraySlice<Int>) -> [DisplayItem] {
            guard let i = path.first, i >= 0, i <= items.count else { return items }
            var out = Array(items[..<min(i, items.count)])
            if i < items.count, path.count > 1, case .group(var g) = items[i] {
                g.children = cut(g.children, path.dropFirst())
                if !g.children.isEmpty { out.append(.group(g)) }
            }
            return out
        }
        return DisplayList(size: size, background: background, items: cut(items, path[...]))
    }
}

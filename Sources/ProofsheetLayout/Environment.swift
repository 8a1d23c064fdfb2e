import ProofsheetCore
import ProofsheetScene

/// Values that flow down the tree: font, foreground, text alignment, line limit, tint.
struct LayoutEnvironment {
    var font: FontSpec = .body
    var weightOverride: Int?
    var designOverride: FontSpec.Design?
    var foreground: Paint = .color(.primary)
    var textAlignment: TextAlignment = .leading
    var lineLimit: Int?
    var tint: Color = .appAccent
    var italic = false
    var underline = false
    var strikethrough = false
    var tracking = 0.0
    var lineSpacing = 0.0
    var textCase: TextCase?
    var buttonStyle: ButtonLook.Style?
    var buttonBorderShape: ButtonLook.BorderShape?
    var controlSize: ButtonLook.ControlSize?
    /// The text size: fonts that follow a text style take the style's size at it.
    var dynamicTypeSize: DynamicTypeSize = .large
    /// Which way the views inside run: right to left, each is mirrored in its parent.
    var layoutDirection: LayoutDirection = .leftToRight
    /// Bold Text and Reduce Motion (the scene's).
    var boldText = false
    var reduceMotion = false
    /// The locale: texts are shown as its strings say, in its language's glyph forms.
    var localization = Localization()

    /// The environment at a scene's root: its text size, direction and accessibility settings.
    init(scene: Scene) {
        dynamicTypeSize = scene.dynamicTypeSize
        layoutDirection = scene.layoutDirection
        boldText = scene.accessibility.boldText
        reduceMotion = scene.accessibility.reduceMotion
        localization = scene.localization
    }

    init() {}

    /// The font text is set in: the font with the weight and design overrides applied.
    var effectiveFont: FontSpec {
        var f = font.sized(for: dynamicTypeSize)
        if let w = weightOverride { f.weight = w }
        if boldText { f.weight = FontSpec.boldTextWeight(f.weight) }
        f.language = localization.language
        if let d = designOverride { f.design = d }
        f.italic = italic; f.underline = underline; f.strikethrough = strikethrough
        f.tracking = tracking; f.lineSpacing = lineSpacing
        return f
    }

    func applying(_ change: EnvironmentChange) -> LayoutEnvironment {
        var e = self
        switch change {
        case .foreground(let p): e.foreground = p
        case .font(let f): e.font = f
        case .fontWeight(let w): e.weightOverride = w
        case .fontDesign(let d): e.designOverride = d
        case .multilineTextAlignment(let a): e.textAlignment = a
        case .lineLimit(let l): e.lineLimit = l
        case .tint(let t): e.tint = t
        case .italic(let on): e.italic = on
        case .underline(let on): e.underline = on
        case .strikethrough(let on): e.strikethrough = on
        case .tracking(let t): e.tracking = t
        case .lineSpacing(let s): e.lineSpacing = s
        case .textCase(let c): e.textCase = c
        case .buttonStyle(let s): e.buttonStyle = s
        case .buttonBorderShape(let s): e.buttonBorderShape = s
        case .controlSize(let s): e.controlSize = s
        case .dynamicTypeSize(let range): e.dynamicTypeSize = min(max(e.dynamicTypeSize, range.lowerBound), range.upperBound)
        case .layoutDirection(let d): e.layoutDirection = d
        case .colorScheme, .preferredColorScheme: break
        }
        return e
    }
}

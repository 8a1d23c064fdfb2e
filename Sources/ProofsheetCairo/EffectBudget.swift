import ProofsheetCore

/// The offscreen work of one render: shadows, blurs, materials' backdrops and translucent
/// groups each draw into a layer of their own, and effects inside effects multiply — a material
/// redraws everything before it, a blur inside a blur holds both layers at once. Each render (each
/// frame of a timeline) has its own budget, bounded by two limits.
public final class EffectBudget {
    /// The most pixels one render may draw into offscreen layers, all its effects together.
    public static let pixels = Limit(
        "effect-pixels", "most pixels one render draws offscreen (shadows, blurs, materials, translucent groups)",
        unit: "pixels", default: 400_000_000, range: 1...100_000_000_000)
    /// The most pixels of offscreen layers one render may hold at once (effects inside effects
    /// each hold a layer while the inner ones draw).
    public static let layerPixels = Limit(
        "effect-layer-pixels", "most pixels of offscreen layers one render holds at once (effects inside effects)",
        unit: "pixels", default: 100_000_000, range: 1...10_000_000_000)

    /// The effect limits, for ``Limit/register(_:)``.
    public static var all: [Limit] { [pixels, layerPixels] }

    private let pixelLimit = EffectBudget.pixels.value
    private let layerLimit = EffectBudget.layerPixels.value
    /// The pixels drawn offscreen so far.
    public private(set) var spent = 0.0
    /// The pixels of the layers alive now.
    public private(set) var alive = 0.0

    /// Pixels per point of the render's output (set by the painter that draws the whole list).
    var outputScale = 1.0

    public init() {}

    /// Opens a layer of `pixels` for `effect` (in `view`, a named view's identity, when known;
    /// written at `source` in a scene file, when it was) and runs `body` while it is alive. The layer costs `covers` pixels of the budget (the
    /// output pixels it stands for: a material's backdrop is drawn with fewer pixels, but each
    /// pass costs the drawing of everything under it), `pixels` when not given.
    ///
    /// - Throws: a bad-input error naming the limit crossed, before the layer is made.
    func layer<T>(
        _ pixels: Double, covers: Double? = nil, _ effect: String, in view: String?, at source: SourceLocation?, _ body: () throws -> T
    ) throws -> T {
        let cost = max(covers ?? pixels, pixels)
        let place = view.map { " (in the view \($0))" } ?? ""
        guard alive + pixels <= layerLimit else {
            throw ProofsheetError.badInput(
                "the scene's effects hold more than \(fmt(layerLimit)) pixels of offscreen layers at once, at a \(effect)\(place)", at: source,
                hint: "each shadow, blur, material and translucent group inside another holds a layer while the inner ones draw: "
                    + "nest fewer, or raise the limit with --limit effect-layer-pixels=N")
        }
        guard spent + cost <= pixelLimit else {
            throw ProofsheetError.badInput(
                "the scene's effects draw more than \(fmt(pixelLimit)) pixels offscreen in one render, at a \(effect)\(place)", at: source,
                hint: "each material redraws what is under it, and each shadow or blur draws its view again: "
                    + "use fewer stacked or nested effects, or raise the limit with --limit effect-pixels=N")
        }
        spent += cost
        alive += pixels
        defer { alive -= pixels }
        return try body()
    }
}

import ProofsheetCore
import ProofsheetImage
import ProofsheetDiff

/// A rectangle in points, as scenes measure: `x, y, width, height`.
public struct PointRect: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// Parses `x,y,w,h` (numbers, width and height ≥ 0); nil when malformed.
    public init?(text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { decimalNumber($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3],
            [x, y, w, h].allSatisfy({ $0.isFinite && $0.magnitude <= 1e6 }), w >= 0, h >= 0
        else { return nil }
        self.init(x: x, y: y, width: w, height: h)
    }

    /// The pixels this rectangle covers at `scale` (every pixel it touches).
    public func pixels(scale: Double) -> IgnoreRegion {
        let x0 = (x * scale).rounded(.down), y0 = (y * scale).rounded(.down)
        let x1 = ((x + width) * scale).rounded(.up), y1 = ((y + height) * scale).rounded(.up)
        return IgnoreRegion(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }

    public var text: String { [x, y, width, height].map(fmt).joined(separator: ",") }
}

/// How images are compared, at one level: the whole check, a scene, or one still of a scene.
/// A level's values replace the level above's; ignore regions and masks add up.
///
/// Nothing set means exact: every pixel equal, anti-aliased pixels included.
public struct CompareSettings: Sendable, Hashable {
    /// pixelmatch's threshold (0…1); nil: 0.
    public var threshold: Double?
    /// Count anti-aliased pixels as differences; nil: yes at threshold 0, no above it.
    public var includeAA: Bool?
    public var maxDiffPixels: Int?
    public var maxDiffRatio: Double?
    /// Rectangles in points left out of the comparison.
    public var ignore: [PointRect] = []
    /// Mask images (paths): where a mask is visible and not black, pixels are left out. A mask is
    /// either the rendered image's size in pixels or the scene's size in points (then scaled).
    public var masks: [String] = []

    public init(
        threshold: Double? = nil, includeAA: Bool? = nil, maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil,
        ignore: [PointRect] = [], masks: [String] = []
    ) {
        self.threshold = threshold; self.includeAA = includeAA; self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio; self.ignore = ignore; self.masks = masks
    }

    /// These settings over `base`: set values replace, lists add up.
    public func over(_ base: CompareSettings) -> CompareSettings {
        CompareSettings(
            threshold: threshold ?? base.threshold, includeAA: includeAA ?? base.includeAA,
            maxDiffPixels: maxDiffPixels ?? base.maxDiffPixels, maxDiffRatio: maxDiffRatio ?? base.maxDiffRatio,
            ignore: base.ignore + ignore, masks: base.masks + masks)
    }

    public var effectiveThreshold: Double { threshold ?? 0 }
    public var effectiveIncludeAA: Bool { includeAA ?? (effectiveThreshold == 0) }
    public var tolerance: Tolerance { Tolerance(maxPixels: maxDiffPixels, maxRatio: maxDiffRatio) }

    /// Whether these settings ask for every pixel to be equal (no tolerance opted in).
    public var isExact: Bool {
        effectiveThreshold == 0 && effectiveIncludeAA && maxDiffPixels == nil && maxDiffRatio == nil
    }

    /// `exact`, or the tolerances in words.
    public var summary: String {
        if isExact { return "exact" }
        var parts: [String] = []
        if effectiveThreshold != 0 { parts.append("threshold \(fmt(effectiveThreshold))") }
        if !effectiveIncludeAA { parts.append("anti-aliasing ignored") }
        if maxDiffPixels != nil || maxDiffRatio != nil { parts.append(tolerance.inWords(none: "")) }
        return parts.joined(separator: ", ")
    }
}

/// Settings for one scene: its own, and its stills' (by still name).
public struct SceneCompareSettings: Sendable, Hashable {
    public var scene = CompareSettings()
    public var stills: [String: CompareSettings] = [:]
    public init(scene: CompareSettings = CompareSettings(), stills: [String: CompareSettings] = [:]) {
        self.scene = scene; self.stills = stills
    }
}

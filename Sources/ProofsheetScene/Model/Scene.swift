import ProofsheetCore

/// A scene: a canvas (a device or a custom size), a scale, a background and a root view.
public struct Scene: Sendable {
    public var canvas: Size
    public var safeArea: EdgeInsets
    /// Pixels per point for raster output.
    public var scale: Double
    public var background: Color?
    public var root: Node
    /// The device preset the canvas came from, if any.
    public var device: Device?
    /// Folders searched for image assets, in order.
    public var assetRoots: [String]
    /// The file the scene was read from, for messages.
    public var file: String?

    public init(
        canvas: Size, safeArea: EdgeInsets = .zero, scale: Double = 1, background: Color? = .white,
        device: Device? = nil, assetRoots: [String] = [], file: String? = nil, root: Node
    ) {
        self.canvas = canvas; self.safeArea = safeArea; self.scale = scale; self.background = background
        self.device = device; self.assetRoots = assetRoots; self.file = file; self.root = root
    }

    /// A scene on a canvas of any size.
    public init(canvas: Size, safeArea: EdgeInsets = .zero, scale: Double = 1, background: Color? = .white, @ViewBuilder root: () -> Node) {
        self.init(canvas: canvas, safeArea: safeArea, scale: scale, background: background, root: root())
    }

    /// A scene on a device preset, at the device's own scale unless given.
    public init(device: Device, scale: Double? = nil, background: Color? = .white, @ViewBuilder root: () -> Node) {
        self.init(canvas: device.size, safeArea: device.safeArea, scale: scale ?? Double(device.scale),
                  background: background, device: device, root: root())
    }

    /// The same scene on another device (its size, safe area, and scale unless `scale` is given).
    public func on(_ device: Device, scale: Double? = nil) -> Scene {
        var s = self
        s.canvas = device.size; s.safeArea = device.safeArea; s.device = device
        s.scale = scale ?? Double(device.scale)
        return s
    }

    /// Limits that keep hostile inputs from exhausting memory or time.
    public enum Limits {
        /// Largest raster side in pixels (Cairo's own limit is 32767).
        public static let maxPixelSide = 16384.0
        /// Largest raster in pixels.
        public static let maxPixels = 80_000_000.0
        /// Largest length or offset, in points.
        public static let maxLength = 100_000.0
        public static let scaleRange: ClosedRange<Double> = 0.25...8
        /// Most views and modifiers a scene may expand to (ForEach and GeometryReader included).
        public static let maxViews = 200_000
        /// Deepest nesting of views and modifiers, so no scene exhausts the stack.
        public static let maxDepth = 400
        /// Largest scene file, in bytes.
        public static let maxFileBytes = 32 << 20
    }

    /// Checks the canvas and scale against `Limits`.
    public func validateSize(at location: SourceLocation? = nil) throws {
        guard Limits.scaleRange.contains(scale) else {
            throw ProofsheetError.badInput("scale \(fmt(scale)) is out of range", at: location, hint: "use a scale from 0.25 to 8 (devices are 2 or 3)")
        }
        let w = canvas.width * scale, h = canvas.height * scale
        guard canvas.width >= 1, canvas.height >= 1, w <= Limits.maxPixelSide, h <= Limits.maxPixelSide, w * h <= Limits.maxPixels else {
            throw ProofsheetError.badInput(
                "canvas \(fmt(canvas.width))x\(fmt(canvas.height)) pt at scale \(fmt(scale)) is \(fmt(w))x\(fmt(h)) px, outside the limits",
                at: location, hint: "sides from 1 pt to \(Int(Limits.maxPixelSide)) px and at most \(Int(Limits.maxPixels / 1_000_000)) megapixels")
        }
    }
}

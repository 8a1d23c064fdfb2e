import ProofsheetCore
import ProofsheetMotion

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
    /// Where the root view is written: an error found at layout with no nearer place names it.
    public var rootLocation: SourceLocation?
    /// What `.spring()` and `.default` mean in the scene's animations.
    public var sdk: AnimationSDK = .ios17
    /// The status bar, home indicator and device frame drawn around the scene's views.
    public var chrome = Chrome()
    /// Light or dark appearance (`"colorScheme"`, `--color-scheme`): named colours, materials
    /// and the chrome take the scheme's values when the scene is painted.
    public var colorScheme: ColorScheme = .light
    /// The text size (`"dynamicTypeSize"`, `--dynamic-type`): text in a text style, and symbols
    /// sized by it, take the style's size at it.
    public var dynamicTypeSize: DynamicTypeSize = .large
    /// Which way the screen's language runs (`"layoutDirection"`, `--layout-direction`): right
    /// to left, every view's place in its parent is mirrored, as SwiftUI mirrors it.
    public var layoutDirection: LayoutDirection = .leftToRight
    /// Reduce Transparency, Reduce Motion and Bold Text (`"accessibility"`, `--variant
    /// reduceMotion=on`).
    public var accessibility = AccessibilitySettings()
    /// The locale and its strings (`"locale"`, `"strings"`, `--locale`).
    public var localization = Localization()

    public init(
        canvas: Size, safeArea: EdgeInsets = .zero, scale: Double = 1, background: Color? = .systemBackground,
        device: Device? = nil, assetRoots: [String] = [], file: String? = nil, root: Node
    ) {
        self.canvas = canvas; self.safeArea = safeArea; self.scale = scale; self.background = background
        self.device = device; self.assetRoots = assetRoots; self.file = file; self.root = root
    }

    /// A scene on a canvas of any size.
    public init(canvas: Size, safeArea: EdgeInsets = .zero, scale: Double = 1, background: Color? = .systemBackground, @ViewBuilder root: () -> Node)
    {
        self.init(canvas: canvas, safeArea: safeArea, scale: scale, background: background, root: root())
    }

    /// A scene on a device preset, at the device's own scale unless given.
    public init(device: Device, scale: Double? = nil, background: Color? = .systemBackground, @ViewBuilder root: () -> Node) {
        self.init(
            canvas: device.size, safeArea: device.safeArea, scale: scale ?? Double(device.scale),
            background: background, device: device, root: root())
    }

    /// The same scene on another device (its size, safe area, and scale unless `scale` is given).
    public func on(_ device: Device, scale: Double? = nil) -> Scene {
        var s = self
        s.canvas = device.size; s.safeArea = device.safeArea; s.device = device
        s.scale = scale ?? Double(device.scale)
        return s
    }

    /// Limits that keep hostile inputs from exhausting memory or time (see ``Limit``; each can be
    /// changed with `--limit name=value`).
    public enum Limits {
        /// Largest raster side in pixels (Cairo's own limit is 32767).
        public static let pixelSide = Limit(
            "canvas-side", "largest side of a rendered image", unit: "pixels",
            default: 16384, range: 1...32767)
        /// Largest raster in pixels. It can be raised to 400 million, the most the PNG encoder
        /// writes (`ps_encode_png`; a 1.6 GB raster): a larger canvas inside raised limits would
        /// be drawn and then fail to encode.
        public static let pixels = Limit(
            "canvas-pixels", "largest rendered image", unit: "pixels",
            default: 80_000_000, range: 1...400_000_000)
        /// Largest scale (pixels per point); the smallest is always 0.25.
        public static let scale = Limit("scale", "largest scale", unit: "pixels per point", default: 8, range: 1...16, whole: false)
        /// Most views and modifiers a scene may expand to (ForEach and GeometryReader included).
        public static let views = Limit(
            "views", "most views and modifiers one scene expands to", unit: "views",
            default: 200_000, range: 1...10_000_000)
        /// Deepest nesting of views and modifiers, so no scene exhausts the stack.
        public static let depth = Limit(
            "nesting", "deepest nesting of views and modifiers", unit: "levels",
            default: 400, range: 1...Double(DeepStack.maxNesting))
        /// Largest scene file, in bytes.
        public static let fileBytes = Limit(
            "scene-bytes", "largest scene file", unit: "bytes",
            default: 32 * 1_048_576, range: 1...1_073_741_824)
        /// Longest text of one `Text` (or button title), and longest string an expression or a
        /// `${…}` interpolation may build, in characters (Unicode code points).
        public static let textLength = Limit(
            "text-length", "longest text of one Text view or built string", unit: "characters",
            default: 100_000, range: 1...100_000_000)
        /// Most characters of text one scene expands to, all its Texts together (a ForEach
        /// repeating a long text counts each copy).
        public static let sceneText = Limit(
            "scene-text", "most characters of text one scene expands to", unit: "characters",
            default: 1_000_000, range: 1...1_000_000_000)
        /// Most bytes of strings (expressions, interpolations, names) one scene reads as values,
        /// and that its expressions compare or join, each ForEach item counting again.
        public static let stringBytes = Limit(
            "scene-strings", "most bytes of strings and expressions one scene reads", unit: "bytes",
            default: 64 * 1_048_576, range: 1...16 * 1_073_741_824)
        /// Largest length or offset, in points.
        public static let maxLength = 100_000.0
        /// Most elements an action may grow a state array to.
        public static let maxStateArray = 100_000
        /// The scales accepted now: 0.25 up to the `scale` limit.
        public static var scaleRange: ClosedRange<Double> { 0.25...scale.value }

        /// Every scene limit, for ``Limit/register(_:)``.
        public static var all: [Limit] { [pixelSide, pixels, scale, views, depth, fileBytes, textLength, sceneText, stringBytes] }

        /// The length of `text` in characters (Unicode code points), counted no further than
        /// `cap + 1`: enough to tell whether it is longer than `cap` without reading all of a
        /// huge text.
        public static func characterCount(_ text: some StringProtocol, upTo cap: Int) -> Int {
            if text.utf8.count <= cap { return text.unicodeScalars.count }
            var n = 0
            for _ in text.unicodeScalars {
                n += 1
                if n > cap { break }
            }
            return n
        }

        /// Checks `text` against ``textLength``.
        ///
        /// - Throws: a located error that does not quote the text.
        public static func checkText(_ text: String, at location: SourceLocation?) throws {
            guard characterCount(text, upTo: textLength.int) <= textLength.int else {
                throw ProofsheetError.badInput(
                    "the text is longer than \(textLength.int) characters", at: location,
                    hint: "shorten it, or raise the limit with --limit text-length=N")
            }
        }
    }

    /// Checks the canvas and scale against `Limits`.
    public func validateSize(at location: SourceLocation? = nil) throws {
        // Name the scene file when there is no finer location.
        let location = location ?? file.map { SourceLocation(file: $0, path: "", line: 1, column: 1) }
        guard Limits.scaleRange.contains(scale) else {
            throw ProofsheetError.badInput(
                "scale \(fmt(scale)) is out of range", at: location, hint: "use a scale from 0.25 to \(fmt(Limits.scale.value)) (devices are 2 or 3)")
        }
        try validateChrome(at: location)
        let w = drawingSize.width * scale, h = drawingSize.height * scale
        guard canvas.width >= 1, canvas.height >= 1, w.rounded() >= 1, h.rounded() >= 1,
            w <= Limits.pixelSide.value, h <= Limits.pixelSide.value, w * h <= Limits.pixels.value
        else {
            throw ProofsheetError.badInput(
                "canvas \(fmt(canvas.width))x\(fmt(canvas.height)) pt at scale \(fmt(scale)) is \(fmt(w))x\(fmt(h)) px, outside the limits",
                at: location,
                hint:
                    "sides from 1 pt and 1 px to \(Limits.pixelSide.int) px and at most \(fmt(Limits.pixels.value / 1_000_000)) megapixels (--limit canvas-side=N, --limit canvas-pixels=N)"
            )
        }
    }
}

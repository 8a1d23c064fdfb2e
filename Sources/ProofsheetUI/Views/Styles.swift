import Foundation
import ProofsheetCore
import ProofsheetScene

/// What fills a shape or colours text: a colour, a gradient or a material.
public protocol ShapeStyle {
    /// How the engine paints it (nil: a material, which is drawn from what is behind).
    var paint: Paint? { get }
    /// The material it is, if it is one.
    var material: ProofsheetCore.Material? { get }
}

extension ShapeStyle {
    public var material: ProofsheetCore.Material? { nil }
}

/// A colour, as SwiftUI names and makes them. As a view it fills what it is offered.
nonisolated public struct Color: Hashable, Sendable, ShapeStyle, PrimitiveView {
    let value: ProofsheetCore.Color

    init(_ value: ProofsheetCore.Color) { self.value = value }
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        value = ProofsheetCore.Color(red: red, green: green, blue: blue, alpha: opacity)
    }
    public init(white: Double, opacity: Double = 1) {
        value = ProofsheetCore.Color(red: white, green: white, blue: white, alpha: opacity)
    }
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        // HSB to RGB, as SwiftUI converts it.
        let h = (hue - hue.rounded(.down)) * 6, s = min(max(saturation, 0), 1), v = min(max(brightness, 0), 1)
        let c = v * s, x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)), m = v - c
        let (r, g, b): (Double, Double, Double) =
            h < 1 ? (c, x, 0) : h < 2 ? (x, c, 0) : h < 3 ? (0, c, x) : h < 4 ? (0, x, c) : h < 5 ? (x, 0, c) : (c, 0, x)
        value = ProofsheetCore.Color(red: r + m, green: g + m, blue: b + m, alpha: opacity)
    }
    /// A named colour: a colour set of the app's asset catalogue (`Color("Brand")`, with its
    /// dark appearance), one of SwiftUI's and UIKit's (`"systemGray6"`) or `#RRGGBB`; a name it
    /// does not know is drawn magenta, so that it shows. The bundle is not looked in: the
    /// catalogues are those the command found.
    public init(_ name: String, bundle: Bundle? = nil) {
        value = ProofsheetCore.Color.asset(named: name) ?? ProofsheetCore.Color.parse(name) ?? ProofsheetCore.Color(red: 1, green: 0, blue: 1)
    }

    /// The same colour with its opacity multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> Color { Color(value.opacity(opacity)) }

    public var paint: Paint? { .color(value) }
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node { .paint(.color(value)) }

    public static let red = Color(ProofsheetCore.Color.red), orange = Color(ProofsheetCore.Color.orange), yellow = Color(ProofsheetCore.Color.yellow),
        green = Color(ProofsheetCore.Color.green)
    public static let mint = Color(ProofsheetCore.Color.mint), teal = Color(ProofsheetCore.Color.teal), cyan = Color(ProofsheetCore.Color.cyan),
        blue = Color(ProofsheetCore.Color.blue)
    public static let indigo = Color(ProofsheetCore.Color.indigo), purple = Color(ProofsheetCore.Color.purple),
        pink = Color(ProofsheetCore.Color.pink), brown = Color(ProofsheetCore.Color.brown)
    public static let white = Color(ProofsheetCore.Color.white), gray = Color(ProofsheetCore.Color.gray), black = Color(ProofsheetCore.Color.black),
        clear = Color(ProofsheetCore.Color.clear)
    public static let primary = Color(ProofsheetCore.Color.primary), secondary = Color(ProofsheetCore.Color.secondary)
    /// The app's accent colour: its asset catalogue's `AccentColor` colour set, else system blue.
    public static var accentColor: Color { Color(ProofsheetCore.Color.appAccent) }
}

/// Stops of a gradient.
nonisolated public struct Gradient: Hashable, Sendable {
    public struct Stop: Hashable, Sendable {
        public var color: Color
        public var location: CGFloat
        public init(color: Color, location: CGFloat) { self.color = color; self.location = location }
    }
    public var stops: [Stop]
    public init(colors: [Color]) {
        let n = Swift.max(colors.count - 1, 1)
        stops = colors.enumerated().map { Stop(color: $1, location: CGFloat(Double($0) / Double(n))) }
    }
    public init(stops: [Stop]) { self.stops = stops }
}

/// A linear gradient, as a view or a fill.
nonisolated public struct LinearGradient: Hashable, Sendable, ShapeStyle, PrimitiveView {
    let gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient; self.startPoint = startPoint; self.endPoint = endPoint
    }
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }
    public var paint: Paint? {
        .linearGradient(
            stops: gradient.stops.map { GradientStop(color: $0.color.value, location: Double($0.location)) }, start: startPoint, end: endPoint)
    }
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node { .paint(paint!) }
}

/// A material: what is drawn behind it, blurred, saturated and tinted.
nonisolated public struct Material: Hashable, Sendable, ShapeStyle, PrimitiveView {
    let value: ProofsheetCore.Material
    public var paint: Paint? { nil }
    public var material: ProofsheetCore.Material? { value }
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node { .material(value, in: .rectangle) }

    public static let ultraThinMaterial = Material(value: .ultraThin), thinMaterial = Material(value: .thin)
    public static let regularMaterial = Material(value: .regular), thickMaterial = Material(value: .thick)
    public static let ultraThickMaterial = Material(value: .ultraThick)
    public static let ultraThin = ultraThinMaterial, thin = thinMaterial, regular = regularMaterial
    public static let thick = thickMaterial, ultraThick = ultraThickMaterial
}

// MARK: - Shapes

/// A shape: a view filled with the foreground style unless `fill` says otherwise.
public protocol Shape: View {
    /// The engine's kind of this shape.
    var kind: ShapeKind { get }
}

/// The corner style of a rounded rectangle.
public enum RoundedCornerStyle: Hashable, Sendable { case circular, continuous }

nonisolated public struct Rectangle: Shape, PrimitiveView {
    public init() {}
    public var kind: ShapeKind { .rectangle }
}
nonisolated public struct Circle: Shape, PrimitiveView {
    public init() {}
    public var kind: ShapeKind { .circle }
}
nonisolated public struct Ellipse: Shape, PrimitiveView {
    public init() {}
    public var kind: ShapeKind { .ellipse }
}
nonisolated public struct Capsule: Shape, PrimitiveView {
    public init(style: RoundedCornerStyle = .continuous) {}
    public var kind: ShapeKind { .capsule }
}
nonisolated public struct RoundedRectangle: Shape, PrimitiveView {
    let radius: CGFloat, style: RoundedCornerStyle
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) { radius = cornerRadius; self.style = style }
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) { radius = cornerSize.width; self.style = style }
    public var kind: ShapeKind { .roundedRectangle(radius: Double(radius), continuous: style == .continuous) }
}

extension Shape where Self: PrimitiveView {
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node { .shape(kind, fill: nil) }
}

/// A shape filled or outlined with a style.
public struct StyledShape: PrimitiveView {
    let node: Node
    func node(in resolver: ViewResolver, at id: ViewID) throws -> Node { node }
}

extension Shape {
    /// The shape filled with `style` (a colour, a gradient or a material).
    public func fill<S: ShapeStyle>(_ style: S) -> StyledShape {
        if let m = style.material { return StyledShape(node: .material(m, in: kind)) }
        return StyledShape(node: .shape(kind, fill: style.paint))
    }
    public func fill(_ color: Color) -> StyledShape { StyledShape(node: .shape(kind, fill: color.paint)) }
    public func fill(_ material: Material) -> StyledShape { StyledShape(node: .material(material.value, in: kind)) }
    /// The outline, centred on the edge.
    public func stroke<S: ShapeStyle>(_ style: S, lineWidth: CGFloat = 1) -> StyledShape { outline(style.paint, lineWidth, inside: false) }
    public func stroke(_ color: Color, lineWidth: CGFloat = 1) -> StyledShape { outline(color.paint, lineWidth, inside: false) }
    public func stroke(lineWidth: CGFloat = 1) -> StyledShape { outline(nil, lineWidth, inside: false) }
    /// The outline, inside the edge.
    public func strokeBorder<S: ShapeStyle>(_ style: S, lineWidth: CGFloat = 1) -> StyledShape { outline(style.paint, lineWidth, inside: true) }
    public func strokeBorder(_ color: Color, lineWidth: CGFloat = 1) -> StyledShape { outline(color.paint, lineWidth, inside: true) }

    func outline(_ paint: Paint?, _ lineWidth: CGFloat, inside: Bool) -> StyledShape {
        StyledShape(node: .strokedShape(kind, paint: paint, lineWidth: Double(lineWidth), inside: inside))
    }
}

// A colour or material where any style may stand (`.background(.white, in: Capsule())`,
// `.foregroundStyle(.secondary)`), as SwiftUI spells them on `ShapeStyle`.
extension ShapeStyle where Self == Color {
    public static var red: Color { Color.red }
    public static var orange: Color { Color.orange }
    public static var yellow: Color { Color.yellow }
    public static var green: Color { Color.green }
    public static var mint: Color { Color.mint }
    public static var teal: Color { Color.teal }
    public static var cyan: Color { Color.cyan }
    public static var blue: Color { Color.blue }
    public static var indigo: Color { Color.indigo }
    public static var purple: Color { Color.purple }
    public static var pink: Color { Color.pink }
    public static var brown: Color { Color.brown }
    public static var white: Color { Color.white }
    public static var gray: Color { Color.gray }
    public static var black: Color { Color.black }
    public static var clear: Color { Color.clear }
    public static var primary: Color { Color.primary }
    public static var secondary: Color { Color.secondary }
    public static var accentColor: Color { Color.accentColor }
}

extension ShapeStyle where Self == Material {
    public static var ultraThinMaterial: Material { Material.ultraThinMaterial }
    public static var thinMaterial: Material { Material.thinMaterial }
    public static var regularMaterial: Material { Material.regularMaterial }
    public static var thickMaterial: Material { Material.thickMaterial }
    public static var ultraThickMaterial: Material { Material.ultraThickMaterial }
}

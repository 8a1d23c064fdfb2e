import ProofsheetCore
import ProofsheetMotion

/// A button's look, reduced to plain views: a button is its styled label (a mockup has no taps).
public struct ButtonLook: Hashable, Sendable {
    /// `.plain` draws the label as it is; `.borderedProminent` fills a shape with the tint
    /// behind a white label; `.automatic` tints the label.
    public enum Style: String, Hashable, Sendable, CaseIterable { case automatic, plain, bordered, borderedProminent }
    /// The bordered styles' shape.
    public enum BorderShape: Hashable, Sendable {
        case automatic, capsule
        case roundedRectangle(radius: Double?)
    }
    /// `controlSize`.
    public enum ControlSize: String, Hashable, Sendable, CaseIterable { case mini, small, regular, large, extraLarge }

    public var style: Style = .automatic
    public var tint: Color? = nil
    public var borderShape: BorderShape = .automatic
    public var controlSize: ControlSize = .regular
    /// Pressed, the button is not dimmed but gets this background over its whole frame (an
    /// alert's buttons; nil: dimmed as its style is, ``pressedOpacity``).
    public var pressedHighlight: Color? = nil
    public init(
        style: Style = .automatic, tint: Color? = nil, borderShape: BorderShape = .automatic, controlSize: ControlSize = .regular,
        pressedHighlight: Color? = nil
    ) {
        self.style = style; self.tint = tint; self.borderShape = borderShape; self.controlSize = controlSize
        self.pressedHighlight = pressedHighlight
    }

    // NB: iOS publishes no figures for bordered button insets; these approximate iOS 17
    // (regular 7/12, large 14/20, corner radius 6 regular and 12 large for the automatic shape).
    var insets: EdgeInsets {
        switch controlSize {
        case .mini: return EdgeInsets(top: 2, leading: 6, bottom: 2, trailing: 6)
        case .small: return EdgeInsets(top: 4, leading: 10, bottom: 4, trailing: 10)
        case .regular: return EdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
        case .large, .extraLarge: return EdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20)
        }
    }

    var shape: ShapeKind {
        switch borderShape {
        case .capsule: return .capsule
        case .roundedRectangle(let r): return .roundedRectangle(radius: r ?? automaticRadius, continuous: true)
        case .automatic: return .roundedRectangle(radius: automaticRadius, continuous: true)
        }
    }

    var automaticRadius: Double { controlSize == .large || controlSize == .extraLarge ? 12 : 6 }

    // NB: iOS publishes no figures for the pressed look either; these are estimates from the
    // system's look: the default (borderless) button's label all but vanishes while pressed, as
    // UIKit's system buttons do; plain and bordered buttons dim less.
    /// How opaque the button is drawn while a finger is down on it.
    public var pressedOpacity: Double {
        if pressedHighlight != nil { return 1 }
        switch style {
        case .automatic: return 0.2
        case .plain, .bordered, .borderedProminent: return 0.6
        }
    }
    /// How a button comes back when the finger lifts: it was dimmed at once, it fades back.
    public static let releaseAnimation = Animation.curve(.easeOut, duration: 0.2)

    /// The button as views, tinted with the look's tint or else `environmentTint`.
    public func apply(to label: Node, environmentTint: Color) -> Node {
        let tintColor = tint ?? environmentTint
        switch style {
        case .plain:
            return label
        case .automatic:
            return .modified(label, .environment(.foreground(.color(tintColor))))
        case .bordered:
            let body = Node.modified(.modified(label, .environment(.foreground(.color(tintColor)))), .padding(insets))
            return .modified(body, .background(.shape(shape, fill: .color(tintColor.opacity(0.15))), alignment: .center))
        case .borderedProminent:
            let body = Node.modified(.modified(label, .environment(.foreground(.color(.white)))), .padding(insets))
            return .modified(body, .background(.shape(shape, fill: .color(tintColor)), alignment: .center))
        }
    }
}

/// A button, drawn as its label in the chosen style.
public struct Button: PrimitiveView {
    public let node: Node
    public init(look: ButtonLook = ButtonLook(), @ViewBuilder label: () -> Node) {
        node = .button(label(), look)
    }
    public init(_ title: String, look: ButtonLook = ButtonLook()) {
        node = .button(.text(title), look)
    }
}

import ProofsheetCore

/// What a screenshot shows around an app's own views: the status bar and the home indicator,
/// and optionally the device itself around the screen.
///
/// The scene option `"chrome"` sets it (`true`, or `{"show": true, "content": "light",
/// "deviceFrame": true}`); `--chrome on|off` and `--device-frame` override it. Off by default.
public struct Chrome: Hashable, Sendable {
    /// The status bar (9:41, signal, Wi-Fi, battery) and, on devices without a home button,
    /// the home indicator, drawn over the scene.
    public var show = false
    /// The colour of the status bar's content: dark glyphs on light screens unless chosen
    /// (``contentChosen``), light ones in a dark scene.
    public var content: Content = .dark
    /// Whether `content` was chosen (else it follows the scene's colour scheme).
    public var contentChosen = false
    /// The device around the screen: the screen's rounded corners (transparent outside), the
    /// notch or Dynamic Island and a bezel.
    public var deviceFrame = false

    /// Chrome shown or not; `content` chooses the status bar's colours (nil: by the scene's
    /// colour scheme).
    public init(show: Bool = false, content: Content? = nil, deviceFrame: Bool = false) {
        self.show = show; self.content = content ?? .dark; self.contentChosen = content != nil; self.deviceFrame = deviceFrame
    }

    /// The status bar's content in a scene of `scheme`: the chosen one, else UIKit's default
    /// style — dark content on light screens, light content on dark ones.
    public func content(in scheme: ColorScheme) -> Content {
        contentChosen ? content : (scheme == .dark ? .light : .dark)
    }

    /// The colour scheme of the status bar's content (UIKit's `.darkContent` and
    /// `.lightContent`): dark glyphs for light screens, the default, or light glyphs for dark ones.
    public enum Content: String, Hashable, Sendable, CaseIterable {
        case dark, light
    }

    /// Whether anything is drawn beyond the scene's own views.
    public var isVisible: Bool { show || deviceFrame }
}

extension Scene {
    /// The size of the drawing in points: the canvas, grown by the device's body when the
    /// device frame is drawn.
    public var drawingSize: Size {
        guard chrome.deviceFrame, let device else { return canvas }
        let i = DeviceChrome.Frame.insets(for: device)
        return Size(width: canvas.width + i.leading + i.trailing, height: canvas.height + i.top + i.bottom)
    }

    /// The scene with chrome shown or not (`--chrome on|off`), and with the device frame when
    /// `deviceFrame` is true (`--device-frame`); nil leaves the scene's own choice.
    public func with(chrome show: Bool?, deviceFrame: Bool = false) -> Scene {
        var s = self
        if let show { s.chrome.show = show }
        if deviceFrame { s.chrome.deviceFrame = true }
        return s
    }

    /// Checks that chrome is drawn only on a device: a canvas of any size has no status bar.
    func validateChrome(at location: SourceLocation?) throws {
        if chrome.deviceFrame, let device, device.orientation == .landscape {
            throw ProofsheetError.badInput(
                "the device frame is drawn in portrait only, and \(device.name) is turned", at: location,
                hint: "drop the device frame, or render on the device in portrait")
        }
        guard chrome.isVisible, device == nil else { return }
        throw ProofsheetError.badInput(
            "chrome and the device frame need a device, but this canvas is \(fmt(canvas.width))x\(fmt(canvas.height)) pt", at: location,
            hint: "set \"canvas\": \"iPhone 14\" (or render with --device NAME), or turn chrome off")
    }
}

extension SceneTemplate {
    /// The template shown on `device` (`--device`): `$device` describes it in every expression.
    /// The scenes it makes still have the file's canvas until moved with ``Scene/on(_:scale:)``.
    public func on(_ device: Device?) -> SceneTemplate {
        var t = self
        t.device = device
        return t
    }
}

extension Device {
    /// `$device` in expressions: the name, size and scale, the safe area and whether the device
    /// has a home button.
    public var scriptValue: ScriptValue {
        .object([
            "name": .string(name), "width": .number(size.width), "height": .number(size.height), "scale": .number(Double(scale)),
            "safeArea": .object([
                "top": .number(safeArea.top), "bottom": .number(safeArea.bottom), "leading": .number(safeArea.leading),
                "trailing": .number(safeArea.trailing)
            ]),
            "hasHomeButton": .bool(hasHomeButton), "idiom": .string(idiom.rawValue), "orientation": .string(orientation.rawValue),
            "horizontalSizeClass": .string(sizeClasses.horizontal), "verticalSizeClass": .string(sizeClasses.vertical)
        ])
    }
}

extension Context {
    /// The `"chrome"` option: `true`, `false`, or `{"show", "content", "deviceFrame"}`.
    func chrome(_ v: JSONValue) throws -> Chrome {
        if case .bool(let b) = v.kind { return Chrome(show: b) }
        guard case .object = v.kind else {
            throw ProofsheetError.badInput(
                "'chrome' must be true, false or an object, got \(v.typeName)", at: v.location,
                hint: "\"chrome\": true, or \"chrome\": {\"show\": true, \"content\": \"light\"}")
        }
        let o = try object(v, allowed: ["show", "content", "deviceFrame"])
        var c = Chrome(show: true)
        if let s = o["show"] { c.show = try bool(s) }
        if let s = o["content"] {
            c.content = try choice(s, Dictionary(uniqueKeysWithValues: Chrome.Content.allCases.map { ($0.rawValue, $0) }))
            c.contentChosen = true
        }
        if let s = o["deviceFrame"] { c.deviceFrame = try bool(s) }
        return c
    }

    /// `$device`: the device the scene is shown on (`--device`, or the canvas's), or for a
    /// canvas of any size a device named `custom` of that size with its safe area. Read before
    /// the canvas is checked, so constants may use it; a canvas in error is reported later.
    func deviceValue(_ m: [String: JSONValue]) -> ScriptValue {
        // A device given or named reads nothing from the state: its value is kept with the
        // parts made once for the device and variant.
        if let device { return readOnce?.value(of: .device) { device.held(by: variant).scriptValue } ?? device.held(by: variant).scriptValue }
        guard let canvas = m["canvas"] else { return .unknown }
        if case .string(let name) = canvas.kind {
            let value = { (try? Device.named(name))?.held(by: variant).scriptValue ?? .unknown }
            return readOnce?.value(of: .device, value) ?? value()
        }
        guard case .object = canvas.kind, let c = try? object(canvas, allowed: ["device", "width", "height", "safeArea"]) else { return .unknown }
        var d = Device(name: "custom", size: Size(width: 390, height: 844), scale: 1, safeArea: .zero)
        if let dn = c["device"] {
            guard case .string(let name) = dn.kind, let preset = try? Device.named(name) else { return .unknown }
            d = preset.held(by: variant)
        }
        if let w = c["width"] { d.size.width = (try? length(w, min: 1)) ?? d.size.width }
        if let h = c["height"] { d.size.height = (try? length(h, min: 1)) ?? d.size.height }
        if let s = c["safeArea"] { d.safeArea = (try? insets(s)) ?? d.safeArea }
        return d.scriptValue
    }
}

import ProofsheetCore

/// How the scenes of a running timeline are drawn: moved to a device and scale (`--device`,
/// `--scale`), with the chrome asked for (`--chrome on|off`), and never inside the device frame,
/// even when the scene asks for it: touches are in screen points. `proofsheet frames`, `strip`,
/// `storyboard`, `animate`, `check --timelines`, a library's timeline snapshots and `sweep`'s
/// states all draw their scenes this way.
public struct TimelineFraming: Sendable, Hashable {
    public var device: Device?
    /// Pixels per point; nil: the device's (with a device), else the scene's own.
    public var scale: Double?
    /// Whether chrome is drawn; nil: the scene's own choice.
    public var chrome: Bool?
    /// The colour scheme and text size (`--color-scheme`, `--dynamic-type`); each nil: the
    /// scene's own.
    public var variant: Variant

    public init(device: Device? = nil, scale: Double? = nil, chrome: Bool? = nil, variant: Variant = .none) {
        self.device = device; self.scale = scale; self.chrome = chrome; self.variant = variant
    }

    /// `scene` as the timeline shows it.
    public func apply(_ scene: Scene) -> Scene {
        var s = scene
        if let device { s = s.on(device, scale: scale) } else if let scale { s.scale = scale }
        s = s.with(chrome: chrome)
        s = variant.apply(s)
        s.chrome.deviceFrame = false
        return s
    }
}

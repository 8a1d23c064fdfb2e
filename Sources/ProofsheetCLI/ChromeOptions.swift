import Proofsheet

/// `--chrome on|off`: shows or hides the status bar and home indicator whatever the scene
/// says; nil when not given (the scene's `"chrome"` option decides, off by default).
func chromeOption(_ args: inout Arguments) throws -> Bool? {
    guard let text = try args.value("--chrome") else { return nil }
    switch text.lowercased() {
    case "on", "true", "yes": return true
    case "off", "false", "no": return false
    default:
        throw ProofsheetError.usage(
            "--chrome '\(clipped(text))' is not on or off", hint: "--chrome on draws the status bar and home indicator; --chrome off leaves them out")
    }
}

/// Checks that chrome can be drawn on a scene's canvas before anything is laid out: a canvas of
/// any size has no device, so `--chrome on` or `--device-frame` needs `--device`.
func checkChrome(_ scene: Scene, path: String) throws {
    guard scene.chrome.isVisible, scene.device == nil else { return }
    throw ProofsheetError.usage(
        "\(clipped(path)) has a canvas of its own size, which has no status bar or device frame",
        hint: "add --device NAME (e.g. --device \"iPhone 14\"), or drop --chrome on / --device-frame")
}

extension Device {
    /// What `proofsheet devices` says of the top of the screen: `, Dynamic Island`, `, notch`
    /// or `, home button`.
    var featureNote: String {
        switch cutout {
        case .island: return ", Dynamic Island"
        case .notch: return ", notch"
        case .none: return hasHomeButton ? ", home button" : idiom == .pad ? ", iPad" : ""
        }
    }
}

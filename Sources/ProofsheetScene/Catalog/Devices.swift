import Foundation
import ProofsheetCore

/// A phone or tablet screen: size in points, default scale and safe-area insets.
public struct Device: Hashable, Sendable {
    /// What kind of device it is (UIKit's user-interface idiom).
    public enum Idiom: String, Hashable, Sendable { case phone, pad }
    /// How it is held.
    public enum Orientation: String, Hashable, Sendable { case portrait, landscape }

    public var name: String
    public var size: Size
    public var scale: Int
    public var safeArea: EdgeInsets
    /// Whether the device has a home button (no home indicator then).
    public var hasHomeButton: Bool
    /// The screen's corner radius in points (0 for square corners).
    public var cornerRadius: Double
    /// What the screen has cut out at its top: nothing, a notch or the Dynamic Island.
    public var cutout: Cutout
    public var idiom: Idiom
    public var orientation: Orientation = .portrait
    public init(
        name: String, size: Size, scale: Int, safeArea: EdgeInsets, hasHomeButton: Bool = false, cornerRadius: Double = 0,
        cutout: Cutout = .none, idiom: Idiom = .phone
    ) {
        self.name = name; self.size = size; self.scale = scale; self.safeArea = safeArea
        self.hasHomeButton = hasHomeButton; self.cornerRadius = cornerRadius; self.cutout = cutout; self.idiom = idiom
    }

    /// The part of the screen the camera takes, at the top centre, in points.
    public enum Cutout: Hashable, Sendable {
        case none
        /// A notch from the top edge down, its lower corners rounded.
        case notch(width: Double, height: Double)
        /// The Dynamic Island: a capsule `top` points below the top edge.
        case island(width: Double, height: Double, top: Double)
    }

    /// The canonical presets (SPEC: points, scale, safe area top/bottom; the newer phones'
    /// sizes and insets from published simulator readings, their cut-outs partly estimated —
    /// see the README's fidelity notes).
    public static let presets: [Device] = [
        Device(
            name: "iPhone SE", size: Size(width: 375, height: 667), scale: 2,
            safeArea: EdgeInsets(top: 20, leading: 0, bottom: 0, trailing: 0), hasHomeButton: true),
        Device(
            name: "iPhone 13 mini", size: Size(width: 375, height: 812), scale: 3,
            safeArea: EdgeInsets(top: 50, leading: 0, bottom: 34, trailing: 0), cornerRadius: 44,
            cutout: .notch(width: 170, height: 33)),
        Device(
            name: "iPhone 14", size: Size(width: 390, height: 844), scale: 3,
            safeArea: EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0), cornerRadius: 47,
            cutout: .notch(width: 162, height: 33)),
        Device(
            name: "iPhone 13 Pro Max", size: Size(width: 428, height: 926), scale: 3,
            safeArea: EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0), cornerRadius: 53,
            cutout: .notch(width: 162, height: 33)),
        Device(
            name: "iPhone 15 Pro", size: Size(width: 393, height: 852), scale: 3,
            safeArea: EdgeInsets(top: 59, leading: 0, bottom: 34, trailing: 0), cornerRadius: 55,
            cutout: .island(width: 126, height: 37, top: 11)),
        Device(
            name: "iPhone 15 Pro Max", size: Size(width: 430, height: 932), scale: 3,
            safeArea: EdgeInsets(top: 59, leading: 0, bottom: 34, trailing: 0), cornerRadius: 55,
            cutout: .island(width: 126, height: 37, top: 11)),
        Device(
            name: "iPhone 16e", size: Size(width: 390, height: 844), scale: 3,
            safeArea: EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0), cornerRadius: 47,
            cutout: .notch(width: 162, height: 33)),
        Device(
            name: "iPhone 16", size: Size(width: 393, height: 852), scale: 3,
            safeArea: EdgeInsets(top: 59, leading: 0, bottom: 34, trailing: 0), cornerRadius: 55,
            cutout: .island(width: 126, height: 37, top: 11)),
        Device(
            name: "iPhone 16 Plus", size: Size(width: 430, height: 932), scale: 3,
            safeArea: EdgeInsets(top: 59, leading: 0, bottom: 34, trailing: 0), cornerRadius: 55,
            cutout: .island(width: 126, height: 37, top: 11)),
        Device(
            name: "iPhone 16 Pro", size: Size(width: 402, height: 874), scale: 3,
            safeArea: EdgeInsets(top: 62, leading: 0, bottom: 34, trailing: 0), cornerRadius: 62,
            cutout: .island(width: 126, height: 37, top: 14)),
        Device(
            name: "iPhone 16 Pro Max", size: Size(width: 440, height: 956), scale: 3,
            safeArea: EdgeInsets(top: 62, leading: 0, bottom: 34, trailing: 0), cornerRadius: 62,
            cutout: .island(width: 126, height: 37, top: 14)),
        Device(
            name: "iPhone 17", size: Size(width: 402, height: 874), scale: 3,
            safeArea: EdgeInsets(top: 62, leading: 0, bottom: 34, trailing: 0), cornerRadius: 62,
            cutout: .island(width: 126, height: 37, top: 14)),
        Device(
            name: "iPhone 17 Pro", size: Size(width: 402, height: 874), scale: 3,
            safeArea: EdgeInsets(top: 62, leading: 0, bottom: 34, trailing: 0), cornerRadius: 62,
            cutout: .island(width: 126, height: 37, top: 14)),
        Device(
            name: "iPhone 17 Pro Max", size: Size(width: 440, height: 956), scale: 3,
            safeArea: EdgeInsets(top: 62, leading: 0, bottom: 34, trailing: 0), cornerRadius: 62,
            cutout: .island(width: 126, height: 37, top: 14)),
        Device(
            name: "iPhone Air", size: Size(width: 420, height: 912), scale: 3,
            safeArea: EdgeInsets(top: 68, leading: 0, bottom: 34, trailing: 0), cornerRadius: 62,
            cutout: .island(width: 125, height: 37, top: 20)),
        // iPads without a Home button: a 24 pt status bar and a 20 pt home-indicator inset
        // (published simulator readings); corner radii estimated.
        pad("iPad mini", 744, 1133, cornerRadius: 21.5),
        pad("iPad", 820, 1180, cornerRadius: 18),
        pad("iPad Air 13-inch", 1024, 1366, cornerRadius: 18),
        pad("iPad Pro 11-inch", 834, 1210, cornerRadius: 30),
        pad("iPad Pro 13-inch", 1032, 1376, cornerRadius: 30)
    ]

    /// An iPad preset of `width` × `height` points at 2x with iPadOS's insets.
    private static func pad(_ name: String, _ width: Double, _ height: Double, cornerRadius: Double) -> Device {
        Device(
            name: name, size: Size(width: width, height: height), scale: 2,
            safeArea: EdgeInsets(top: 24, leading: 0, bottom: 20, trailing: 0), cornerRadius: cornerRadius, idiom: .pad)
    }

    /// Other names accepted for the presets.
    public static let aliases: [String: String] = [
        "iPhone 8": "iPhone SE", "iPhone SE 3": "iPhone SE",
        "iPhone 12": "iPhone 14", "iPhone 13": "iPhone 14",
        "iPhone 12 Pro Max": "iPhone 13 Pro Max",
        "iPhone 14 Pro": "iPhone 15 Pro", "iPhone 15": "iPhone 15 Pro",
        "iPhone 15 Plus": "iPhone 15 Pro Max", "iPhone 14 Pro Max": "iPhone 15 Pro Max",
        "iPhone 17 Air": "iPhone Air",
        "iPad Air": "iPad", "iPad Air 11-inch": "iPad", "iPad 10th generation": "iPad", "iPad Pro 11": "iPad Pro 11-inch",
        "iPad Pro 13": "iPad Pro 13-inch", "iPad Pro 12.9-inch": "iPad Air 13-inch", "iPad mini 6": "iPad mini"
    ]

    /// The device turned on its side (home button or home indicator on the right): the size
    /// swapped; phones with a notch or island keep their top inset at each side and 21 pt at
    /// the bottom, as UIKit gives them, and hide the status bar (top 0); a home-button phone has
    /// no insets; an iPad keeps its status bar and home indicator insets. Named "<name> landscape".
    public var landscape: Device {
        guard orientation == .portrait else { return self }
        var d = self
        d.orientation = .landscape
        d.name = name + " landscape"
        d.size = Size(width: size.height, height: size.width)
        switch (idiom, hasHomeButton) {
        case (.pad, _): d.safeArea = safeArea
        case (.phone, true): d.safeArea = .zero
        case (.phone, false): d.safeArea = EdgeInsets(top: 0, leading: safeArea.top, bottom: 21, trailing: safeArea.top)
        }
        return d
    }

    /// The device held upright: the preset itself for a turned one, else as it is.
    public var portrait: Device {
        guard orientation == .landscape, name.hasSuffix(" landscape"), let d = try? Device.named(String(name.dropLast(" landscape".count)))
        else { return self }
        return d
    }

    /// The device held in `orientation`.
    public func held(_ orientation: Orientation) -> Device { orientation == .landscape ? landscape : portrait }

    /// UIKit's size classes on the device as held: iPads are regular both ways; phones are
    /// compact wide in portrait, and in landscape compact high and regular wide from a 414 pt
    /// portrait width up (the Plus, Max and Air phones).
    public var sizeClasses: (horizontal: String, vertical: String) {
        if idiom == .pad { return ("regular", "regular") }
        if orientation == .portrait { return ("compact", "regular") }
        return (size.height >= 414 ? "regular" : "compact", "compact")
    }

    /// The preset for a name or alias (case-insensitive), or an error listing the valid names;
    /// " landscape" after a name turns it (" portrait" is the preset as it is).
    public static func named(_ name: String, at location: SourceLocation? = nil) throws -> Device {
        // One lookup, of bounded work: no preset name is this long.
        let key = name.utf8.count <= 256 ? name.lowercased().trimmingCharacters(in: .whitespaces) : ""
        if let d = preset(key) { return d }
        for (suffix, turn) in [(" landscape", true), (" portrait", false)] where key.hasSuffix(suffix) {
            if let d = preset(String(key.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)) { return turn ? d.landscape : d }
        }
        throw ProofsheetError.badInput(
            "unknown device '\(excerpt(name))'", at: location,
            hint: "use one of \(listForHint(presets.map { "'\($0.name)'" })) (or an alias such as 'iPhone 13'), with ' landscape' after it to turn it"
        )
    }

    /// The preset (in portrait) for a lowercased name or alias, if any.
    private static func preset(_ key: String) -> Device? {
        guard !key.isEmpty else { return nil }
        return byKey[key]
    }

    /// The presets by their lowercased names and aliases (an alias before a name).
    private static let byKey: [String: Device] = {
        var byName: [String: Device] = [:]
        for d in presets { byName[d.name.lowercased()] = byName[d.name.lowercased()] ?? d }
        var all = byName
        for (alias, name) in aliases { all[alias.lowercased()] = byName[name.lowercased()] }
        return all
    }()
}

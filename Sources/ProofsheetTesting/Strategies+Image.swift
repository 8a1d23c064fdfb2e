import Foundation

extension Diffing where Format == RGBAImage {
    /// Images stored as PNG and compared pixel by pixel with `PixelDiff` (pixelmatch's
    /// algorithm): they match when `tolerance` accepts the differing pixels at `threshold`.
    ///
    /// A mismatch brings two artifacts: `diff.png` (pixelmatch's diff picture) and `panels.png`
    /// (reference | diff | actual side by side).
    public static func image(threshold: Double = 0.1, tolerance: Tolerance = .exact) -> Diffing<RGBAImage> {
        Diffing(
            toData: { image in Data(try PNGCodec.encode(image)) },
            fromData: { data in try RGBAImage(decoding: [UInt8](data), source: "reference PNG") },
            diff: { reference, actual in
                let outcome: DiffOutcome
                do {
                    outcome = try PixelDiff.compare(reference, actual, options: DiffOptions(threshold: threshold), diffImage: true)
                } catch {
                    return ("the images could not be compared: \(error)", [:])
                }
                if tolerance.passes(outcome) { return nil }
                switch outcome {
                case .compared(let result):
                    var artifacts: [String: Data] = [:]
                    if let diff = result.diffImage {
                        artifacts["diff.png"] = try? Data(PNGCodec.encode(diff, compression: .fastest))
                    }
                    let panels = DiffPanels.compose(expected: reference, diff: result.diffImage, actual: actual)
                    artifacts["panels.png"] = try? Data(PNGCodec.encode(panels, compression: .fastest))
                    let message =
                        "\(result.mismatched) of \(result.total) pixels (\(percent(result.ratio))) differ"
                        + " at threshold \(fmt(threshold)); allowed: \(describe(tolerance))"
                    return (message, artifacts)
                case let .sizeMismatch(expected, actualSize):
                    let panels = DiffPanels.compose(expected: reference, diff: nil, actual: actual)
                    let message = "the sizes differ: the reference is \(expected) px, the actual image \(actualSize) px"
                    return (message, ["panels.png": (try? Data(PNGCodec.encode(panels, compression: .fastest))) ?? Data()])
                }
            })
    }

    /// `ratio` as a percentage with two decimals; never rounds a difference away to `0.00%`.
    static func percent(_ ratio: Double) -> String {
        if ratio == 0 { return "0%" }
        if ratio < 0.0001 { return "<0.01%" }
        return String(format: "%.2f%%", ratio * 100)
    }

    /// A tolerance in words: `none`, `at most 10 pixels`, `at most 0.5% of the pixels`.
    static func describe(_ tolerance: Tolerance) -> String { tolerance.inWords(none: "none") }
}

extension Snapshotting where Value == Scene, Format == RGBAImage {
    /// The scene as it is, rendered to PNG and compared exactly.
    public static var image: Snapshotting { image() }

    /// The scene rendered to PNG and compared with ``Diffing/image(threshold:tolerance:)``;
    /// `device` moves it to that preset (its size, safe area and scale), `scale` overrides the scale.
    public static func image(
        device: String? = nil, scale: Double? = nil, threshold: Double = 0.1, tolerance: Tolerance = .exact
    ) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(threshold: threshold, tolerance: tolerance)) { scene in
            let scene = try SnapshotScenes.scene(scene, device: device, scale: scale)
            let png = try SharedRenderer.get().render(scene, format: .png)
            return try RGBAImage(decoding: png, source: "rendered snapshot")
        }
    }
}

extension Snapshotting where Value: View, Format == RGBAImage {
    /// The view on an iPhone 14 at its scale (3), rendered to PNG and compared exactly.
    public static var image: Snapshotting { image() }

    /// The view filling the screen of the device preset `device` (a name or alias from
    /// `Device.named`), at `scale` (the device's own when nil), rendered to PNG and compared
    /// with ``Diffing/image(threshold:tolerance:)``.
    public static func image(
        device: String = "iPhone 14", scale: Double? = nil, threshold: Double = 0.1, tolerance: Tolerance = .exact
    ) -> Snapshotting {
        Snapshotting<Scene, RGBAImage>.image(threshold: threshold, tolerance: tolerance).pullback { view in
            try SnapshotScenes.scene(for: view, device: device, scale: scale)
        }
    }

    /// The view laid out as `layout` says — at its own size (`.sizeThatFits`), in a fixed
    /// size, or filling a device's screen — at `scale` (for a device: its own when nil, else 1),
    /// rendered to PNG and compared with ``Diffing/image(threshold:tolerance:)``. A component
    /// is snapshotted at its own size rather than centred on a phone screen.
    public static func image(
        layout: SnapshotLayout, scale: Double? = nil, threshold: Double = 0.1, tolerance: Tolerance = .exact
    ) -> Snapshotting {
        Snapshotting<Scene, RGBAImage>.image(threshold: threshold, tolerance: tolerance).pullback { view in
            try SnapshotScenes.scene(for: view, layout: layout, scale: scale)
        }
    }

    /// The view on a white canvas of `canvas` points (no safe area) at `scale`, rendered to PNG
    /// and compared with ``Diffing/image(threshold:tolerance:)``.
    public static func image(
        canvas: Size, scale: Double = 1, threshold: Double = 0.1, tolerance: Tolerance = .exact
    ) -> Snapshotting {
        Snapshotting<Scene, RGBAImage>.image(threshold: threshold, tolerance: tolerance).pullback { view in
            SnapshotScenes.scene(for: view, canvas: canvas, scale: scale)
        }
    }
}

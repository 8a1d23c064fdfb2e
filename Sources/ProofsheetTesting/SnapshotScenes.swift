/// The scenes that strategies render: a scene moved to another device or scale, or a view placed
/// on a device or a canvas.
enum SnapshotScenes {
    /// `scene` on `device` (its size and safe area) and at `scale`, where given.
    static func scene(_ scene: Scene, device: String?, scale: Double?) throws -> Scene {
        var scene = scene
        if let device { scene = scene.on(try Device.named(device), scale: scale) } else if let scale { scene.scale = scale }
        return scene
    }

    /// `view` filling the screen of the device preset named `device`, at the device's scale
    /// unless `scale` is given.
    static func scene(for view: some View, device: String, scale: Double?) throws -> Scene {
        let preset = try Device.named(device)
        return Scene(
            canvas: preset.size, safeArea: preset.safeArea, scale: scale ?? Double(preset.scale),
            device: preset, root: view.node)
    }

    /// `view` on a white canvas of `canvas` points with no safe area.
    static func scene(for view: some View, canvas: Size, scale: Double) -> Scene {
        Scene(canvas: canvas, scale: scale, root: view.node)
    }

    /// `view` laid out as `layout` says, at `scale` (a device's own when nil, else 1).
    static func scene(for view: some View, layout: SnapshotLayout, scale: Double?) throws -> Scene {
        switch layout {
        case .device(let name):
            return try scene(for: view, device: name, scale: scale)
        case .fixed(let width, let height):
            return scene(for: view, canvas: Size(width: width, height: height), scale: scale ?? 1)
        case .sizeThatFits:
            let probe = Scene(canvas: Size(width: 1, height: 1), scale: scale ?? 1, root: view.node)
            let size = try SharedRenderer.get().size(of: probe)
            guard size.width.isFinite, size.height.isFinite, size.width >= 1, size.height >= 1 else {
                throw SizeThatFitsError(size: size)
            }
            return scene(for: view, canvas: size, scale: scale ?? 1)
        }
    }

    /// A view whose own size cannot be an image.
    struct SizeThatFitsError: Error, CustomStringConvertible {
        var size: Size
        var description: String {
            "the view's own size is \(fmt(size.width))x\(fmt(size.height)) pt, which cannot be an image; "
                + "give it a frame, or use .image(layout: .fixed(width:height:))"
        }
    }
}

/// How a view is laid out for a snapshot, as swift-snapshot-testing's `SwiftUISnapshotLayout`.
public enum SnapshotLayout: Sendable, Equatable {
    /// At the size the view chooses for itself (its ideal size): a component at its own size.
    case sizeThatFits
    /// In a canvas of this size, in points (no safe area).
    case fixed(width: Double, height: Double)
    /// Filling the screen of a device preset (its size, safe area and scale).
    case device(String)
}

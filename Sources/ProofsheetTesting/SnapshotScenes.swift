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
}

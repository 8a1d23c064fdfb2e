import ProofsheetScene
import ProofsheetUI

/// Snapshots of SwiftUI views (`import SwiftUI` code, drawn by ProofsheetUI): the same
/// strategies as for the DSL's views, the view drawn as a still shows it (after its `onAppear`).
///
/// ```swift
/// assertSnapshot(of: ContentView(), as: .image(layout: .device("iPhone 14"), scale: 2))
/// ```
extension Snapshotting where Value: ProofsheetUI.View & SendableMetatype, Format == RGBAImage {
    /// The view laid out as `layout` says (a device's screen, a fixed size, or its own size),
    /// at `scale` (for a device: its own when nil, else 1), rendered to PNG and compared with
    /// ``Diffing/image(threshold:tolerance:)``.
    public static func image(
        layout: SnapshotLayout, scale: Double? = nil, threshold: Double = 0.1, tolerance: Tolerance = .exact
    ) -> Snapshotting {
        Snapshotting<ProofsheetScene.Scene, RGBAImage>.image(threshold: threshold, tolerance: tolerance).pullback { view in
            let device: String
            if case .device(let name) = layout { device = name } else { device = "iPhone 14" }
            return try SnapshotScenes.scene(for: try sceneTree(of: view, device: device), layout: layout, scale: scale)
        }
    }

    /// The view filling the screen of the device preset `device`.
    public static func image(
        device: String = "iPhone 14", scale: Double? = nil, threshold: Double = 0.1, tolerance: Tolerance = .exact
    ) -> Snapshotting {
        image(layout: .device(device), scale: scale, threshold: threshold, tolerance: tolerance)
    }
}

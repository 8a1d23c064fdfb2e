import Foundation

extension Diffing where Format == String {
    /// Text stored as UTF-8 and compared exactly; a mismatch shows the first differing lines.
    public static var lines: Diffing<String> { lines(describing: "the text") }

    /// Like ``lines``, naming what the text is (`the display list`) in the message.
    public static func lines(describing noun: String) -> Diffing<String> {
        Diffing(
            toData: { Data($0.utf8) },
            fromData: { String(decoding: $0, as: UTF8.self) },
            diff: { reference, actual in
                guard reference != actual else { return nil }
                let old = LineDiff.lines(reference).count, new = LineDiff.lines(actual).count
                let diff = LineDiff.render(reference: reference, actual: actual)
                let body = diff.isEmpty ? "(they differ only in the final newline)" : diff
                return (
                    "\(noun) differs from the reference (\(old) lines in the reference, \(new) in the actual; - reference, + actual):\n\(body)", [:]
                )
            })
    }
}

extension Diffing where Format == Data {
    /// Bytes compared exactly (for outputs that are deterministic, such as SVG): a mismatch says
    /// where the first difference is and, for UTF-8 text, shows the first differing lines.
    public static func bytes(describing noun: String = "the output") -> Diffing<Data> {
        Diffing(
            toData: { $0 },
            fromData: { $0 },
            diff: { reference, actual in
                guard reference != actual else { return nil }
                let r = [UInt8](reference), a = [UInt8](actual)
                let at = (0..<min(r.count, a.count)).first { r[$0] != a[$0] } ?? min(r.count, a.count)
                let line = r[..<at].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
                var message =
                    "\(noun) differs from the reference byte for byte (reference \(r.count) bytes, actual \(a.count) bytes; first difference at byte \(at), line \(line))"
                if let old = String(validating: r, as: UTF8.self), let new = String(validating: a, as: UTF8.self) {
                    let diff = LineDiff.render(reference: old, actual: new)
                    if !diff.isEmpty { message += "; - reference, + actual:\n" + diff }
                }
                return (message, [:])
            })
    }
}

extension Snapshotting where Value == Scene, Format == String {
    /// The scene's display list as text (`DisplayList.dump()`), compared line by line.
    public static var displayList: Snapshotting { displayList() }

    /// The scene's display list: what would be drawn, as text, one item per line. `device` moves
    /// the scene to that preset, `scale` overrides its scale (layout snaps to pixels, so it matters).
    public static func displayList(device: String? = nil, scale: Double? = nil) -> Snapshotting {
        Snapshotting(pathExtension: "txt", diffing: .lines(describing: "the display list")) { scene in
            let scene = try SnapshotScenes.scene(scene, device: device, scale: scale)
            return try SharedRenderer.get().layout(scene).displayList.dump()
        }
    }
}

extension Snapshotting where Value: View, Format == String {
    /// The view's display list on an iPhone 14 at its scale.
    public static var displayList: Snapshotting { displayList() }

    /// The view's display list on the device preset `device`, at `scale` (the device's own when nil).
    public static func displayList(device: String = "iPhone 14", scale: Double? = nil) -> Snapshotting {
        Snapshotting<Scene, String>.displayList().pullback { view in
            try SnapshotScenes.scene(for: view, device: device, scale: scale)
        }
    }

    /// The view's display list on a canvas of `canvas` points at `scale`.
    public static func displayList(canvas: Size, scale: Double = 1) -> Snapshotting {
        Snapshotting<Scene, String>.displayList().pullback { view in
            SnapshotScenes.scene(for: view, canvas: canvas, scale: scale)
        }
    }
}

extension Snapshotting where Value == Scene, Format == Data {
    /// The scene as SVG, compared byte for byte.
    public static var svg: Snapshotting { svg() }

    /// The scene as SVG, compared byte for byte: the output is deterministic (ids are renumbered),
    /// so any difference is a change. `device` moves the scene to that preset, `scale` overrides
    /// its scale.
    /// Images inside the SVG are embedded at most at the scale.
    public static func svg(device: String? = nil, scale: Double? = nil) -> Snapshotting {
        Snapshotting(pathExtension: "svg", diffing: .bytes(describing: "the SVG")) { scene in
            let scene = try SnapshotScenes.scene(scene, device: device, scale: scale)
            return Data(try SharedRenderer.get().render(scene, format: .svg))
        }
    }
}

extension Snapshotting where Value: View, Format == Data {
    /// The view as SVG on an iPhone 14.
    public static var svg: Snapshotting { svg() }

    /// The view as SVG on the device preset `device`, at `scale` (the device's own when nil).
    public static func svg(device: String = "iPhone 14", scale: Double? = nil) -> Snapshotting {
        Snapshotting<Scene, Data>.svg().pullback { view in
            try SnapshotScenes.scene(for: view, device: device, scale: scale)
        }
    }

    /// The view as SVG on a canvas of `canvas` points at `scale`.
    public static func svg(canvas: Size, scale: Double = 1) -> Snapshotting {
        Snapshotting<Scene, Data>.svg().pullback { view in
            SnapshotScenes.scene(for: view, canvas: canvas, scale: scale)
        }
    }
}

import ProofsheetMotion

/// Shrinks `factor` (the scale of a view's thumbnails or panels) until the scene `make(factor)`
/// builds fits the raster limits at `pixelsPerPoint` (labels and margins do not shrink with it,
/// so it may take a few rounds), and says so to `note` (`thumbnails at 0.4× to keep the sheet
/// within …`). Returns the last scene made. Storyboards, strips, sweeps and gallery overviews
/// are fitted this way.
package func fittingRasterLimits(
    _ factor: inout Double, at pixelsPerPoint: Double, parts: String, whole: String, note: ((String) -> Void)?, _ make: (Double) throws -> Scene
) throws -> Scene {
    var scene = try make(factor)
    let side = Scene.Limits.pixelSide.value, most = Scene.Limits.pixels.value
    var shrunk = false
    for _ in 0..<12 {
        let w = (scene.canvas.width * pixelsPerPoint).rounded(.up), h = (scene.canvas.height * pixelsPerPoint).rounded(.up)
        guard max(w, h) > side || w * h > most else { break }
        factor *= min(side / max(w, h), (most / (w * h)).squareRoot()) * 0.97
        scene = try make(factor)
        shrunk = true
    }
    if shrunk, let note {
        note("\(parts) at \(format(factor, digits: 3))× to keep \(whole) within \(Int(side)) px a side and \(Int(most)) px")
    }
    return scene
}

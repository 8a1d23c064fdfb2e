import ProofsheetCore

/// The pixels each image asset is embedded at in a PDF: as in the SVG writer, the most pixels
/// any of its draws covers at the output scale (transforms of the groups around it included, so
/// a frame shown at half size on a storyboard needs half the pixels), or its own size when that
/// is smaller. Every draw of the asset uses that one size, so the PDF holds it once.
func vectorImageSizes(_ list: DisplayList, scale: Double, images: ImageStore) throws -> [String: (width: Int, height: Int)] {
    var needs: [String: (width: Int, height: Int)] = [:]
    func walk(_ items: [DisplayItem], sx: Double, sy: Double) throws {
        for item in items {
            switch item {
            case .image(let img):
                let f = img.frame
                guard f.width > 0, f.height > 0 else { continue }
                let own = try images.pixelSize(path: img.path)
                let w = max(1, min(own.width, 16384, Int(min(16384, (f.width * scale * sx).rounded(.up)))))
                let h = max(1, min(own.height, 16384, Int(min(16384, (f.height * scale * sy).rounded(.up)))))
                let had = needs[img.path] ?? (0, 0)
                needs[img.path] = (max(had.width, w), max(had.height, h))
            case .group(let g):
                let t = g.transform
                try walk(g.children, sx: sx * (t.a * t.a + t.b * t.b).squareRoot(), sy: sy * (t.c * t.c + t.d * t.d).squareRoot())
            case .fill, .stroke, .text, .symbol, .material: continue
            }
        }
    }
    try walk(list.items, sx: 1, sy: 1)
    // At most 40 megapixels, as a single draw (beyond that the image is drawn from fewer pixels).
    let budget = 40_000_000.0
    for (path, size) in needs where Double(size.width) * Double(size.height) > budget {
        let k = (budget / (Double(size.width) * Double(size.height))).squareRoot()
        needs[path] = (max(1, Int((Double(size.width) * k).rounded(.down))), max(1, Int((Double(size.height) * k).rounded(.down))))
    }
    return needs
}

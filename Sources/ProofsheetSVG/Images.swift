import ProofsheetCore

/// Images: each asset is embedded once, in `<defs>`, and drawn with `<use>` wherever the display
/// list draws it. It is embedded at the most pixels any of its uses covers at the output scale,
/// or at its own size when that is smaller; as the original file's bytes (JPEG or PNG) when those
/// are no larger than a resampled PNG.
extension SVGWriter {
    mutating func writeImage(_ image: ImageDraw) throws {
        let f = image.frame
        guard f.width > 0, f.height > 0 else { return }
        let size = try source.imageSize(path: image.path)
        let needW = max(1, min(size.width, Int((f.width * scale * transformScale.x).rounded(.up))))
        let needH = max(1, min(size.height, Int((f.height * scale * transformScale.y).rounded(.up))))
        let id: String
        if var use = images[image.path] {
            use.width = max(use.width, needW); use.height = max(use.height, needH)
            images[image.path] = use
            id = use.id
        } else {
            id = newID("img")
            images[image.path] = ImageUse(id: id, width: needW, height: needH)
            imageOrder.append(image.path)
        }
        // The definition is a unit square; the use stretches it over the frame.
        body.element(
            "use",
            [("xlink:href", "#" + id), ("transform", "translate(\(num(f.minX)) \(num(f.minY)))"), ("width", num(f.width)), ("height", num(f.height))])
    }

    /// An image made while writing (a PNG), embedded once in `<defs>` and drawn over `frame`.
    mutating func writeEmbeddedImage(png: [UInt8], frame f: Rect) {
        let id = newID("img")
        writeImageSymbol(id: id, mediaType: "image/png", bytes: png)
        body.element(
            "use",
            [("xlink:href", "#" + id), ("transform", "translate(\(num(f.minX)) \(num(f.minY)))"), ("width", num(f.width)), ("height", num(f.height))])
    }

    mutating func writeImageSymbol(id: String, mediaType: String, bytes: [UInt8]) {
        defs.open("symbol", [("id", id), ("viewBox", "0 0 1 1"), ("preserveAspectRatio", "none"), ("overflow", "hidden")])
        defs.open(
            "image",
            [("width", "1"), ("height", "1"), ("preserveAspectRatio", "none"), ("xlink:href", "data:\(mediaType);base64," + base64(bytes))],
            selfClosing: true)
        defs.close("symbol")
        defs.raw("\n")
    }

    /// The `<image>` of each asset used: `width` and `height` of 1 (the uses' frames scale it).
    mutating func writeImageDefinitions() throws {
        for path in imageOrder {
            guard let use = images[path] else { continue }
            let size = try source.imageSize(path: path)
            var data: (bytes: [UInt8], mediaType: String)
            let original = try source.imageFile(path: path)
            if use.width >= size.width && use.height >= size.height {
                data = original
            } else {
                let png = try source.imagePNG(path: path, width: use.width, height: use.height)
                data = png.count < original.bytes.count ? (png, "image/png") : original
            }
            writeImageSymbol(id: use.id, mediaType: data.mediaType, bytes: data.bytes)
        }
    }
}

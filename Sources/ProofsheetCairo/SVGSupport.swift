import Foundation
import ProofsheetCore
import ProofsheetImage
import ProofsheetSVG
internal import CCairo
internal import CPangoCairo
internal import CHarfBuzzSubset

/// What the SVG writer asks of the raster path's engines: text laid out by the same Pango
/// layouts the painter draws (runs, fonts, glyphs, outlines), symbol outlines placed as the
/// painter places them, images from the image store, and font subsets made by HarfBuzz.
///
/// One is made per SVG, inside one text context, and used by one thread.
final class CairoSVGSource: SVGSource {
    let text: TextContext
    let images: ImageStore
    /// The offscreen work of the whole SVG: each material's pixels are drawn offscreen, its
    /// backdrop with them, and all of one SVG's count against one budget.
    let effects = EffectBudget()
    /// The HarfBuzz face of each font met, by its key (a reference each, dropped at the end).
    private var faces: [String: OpaquePointer] = [:]
    /// The glyphs of every run handed out, by run index, for its outline.
    private var runGlyphs: [(glyphs: UnsafeMutablePointer<PangoGlyphString>, font: UnsafeMutablePointer<PangoFont>)] = []
    /// A context on an unbounded recording surface where paths are built (nothing is drawn;
    /// on a bounded surface Pango leaves out glyphs outside it).
    private let surface: OpaquePointer
    private let cr: OpaquePointer

    init(text: TextContext, images: ImageStore) throws {
        self.text = text
        self.images = images
        surface = cairo_recording_surface_create(CAIRO_CONTENT_ALPHA, nil)
        cr = cairo_create(surface)
        try checkCairo(cairo_status(cr), "creating a path context")
    }

    deinit {
        for face in faces.values { hb_face_destroy(face) }
        for run in runGlyphs {
            pango_glyph_string_free(run.glyphs)
            g_object_unref(UnsafeMutableRawPointer(run.font))
        }
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    // MARK: - Text

    func textRuns(_ run: TextRun) throws -> [SVGTextRun] {
        // The layout the raster draws, kept by the context (a storyboard's panels share their labels).
        let layout = text.drawingLayout(
            text: run.text, font: run.font, width: run.layoutWidth, lineLimit: run.lineLimit, alignment: run.alignment)
        guard let cText = pango_layout_get_text(layout) else { return [] }
        let textBytes = UnsafeRawBufferPointer(start: cText, count: strlen(cText))
        var runs: [SVGTextRun] = []
        let iter = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iter) }
        var line = 0
        var lastLine: UnsafeMutablePointer<PangoLayoutLine>? = nil
        let scale = Double(PANGO_SCALE)
        let shift = text.baselineShift(run.font)
        repeat {
            let current = pango_layout_iter_get_line_readonly(iter)
            if lastLine != nil && current != lastLine { line += 1 }
            lastLine = current
            guard let glyphItem = pango_layout_iter_get_run_readonly(iter), let item = glyphItem.pointee.item,
                let glyphs = glyphItem.pointee.glyphs, let font = item.pointee.analysis.font
            else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(iter, nil, &logical)
            let baseline = Double(pango_layout_iter_get_baseline(iter)) / scale
            let flags = Int32(item.pointee.analysis.flags)
            var s: String
            if flags & PANGO_ANALYSIS_FLAG_IS_ELLIPSIS != 0 {
                s = "\u{2026}"
            } else {
                let start = Int(item.pointee.offset), length = Int(item.pointee.length)
                guard start >= 0, length >= 0, start + length <= textBytes.count else { continue }
                s = String(decoding: textBytes[start..<(start + length)], as: UTF8.self)
                if flags & PANGO_ANALYSIS_FLAG_NEED_HYPHEN != 0 { s += "\u{2010}" }
            }
            var ids: [UInt32] = []
            for k in 0..<Int(glyphs.pointee.num_glyphs) {
                let g = glyphs.pointee.glyphs[k].glyph
                if g & PANGO_GLYPH_UNKNOWN_FLAG == 0 && g != PANGO_GLYPH_EMPTY { ids.append(g) }
            }
            runGlyphs.append((pango_glyph_string_copy(glyphs), font))
            g_object_ref(UnsafeMutableRawPointer(font))
            runs.append(
                SVGTextRun(
                    text: s, x: run.frame.minX + Double(logical.x) / scale, baseline: run.frame.minY + shift + baseline,
                    width: Double(logical.width) / scale, line: line, font: svgFont(font), glyphs: ids, index: runGlyphs.count - 1))
        } while pango_layout_iter_next_run(iter) != 0
        return runs
    }

    /// The font's key (its description without the size) and family, its HarfBuzz face kept.
    private func svgFont(_ font: UnsafeMutablePointer<PangoFont>) -> SVGFont {
        let description = pango_font_describe(font)
        defer { pango_font_description_free(description) }
        pango_font_description_unset_fields(description, PANGO_FONT_MASK_SIZE)
        let cKey = pango_font_description_to_string(description)
        let key = cKey.map { String(cString: $0) } ?? "?"
        g_free(cKey)
        let family = pango_font_description_get_family(description).map { String(cString: $0) } ?? key
        if faces[key] == nil, let hbFont = pango_font_get_hb_font(font), let face = hb_font_get_face(hbFont) {
            faces[key] = hb_face_reference(face)
        }
        return SVGFont(key: key, family: family)
    }

    /// Whether a font draws in colour glyphs (bitmaps, layers or SVG), like Noto Color Emoji.
    private func isColorFont(_ font: SVGFont) -> Bool {
        guard let face = faces[font.key] else { return false }
        return hb_ot_color_has_png(face) != 0 || hb_ot_color_has_layers(face) != 0 || hb_ot_color_has_svg(face) != 0
    }

    func colorGlyphImage(of textRun: SVGTextRun, in run: TextRun, scale: Double) throws -> (png: [UInt8], frame: Rect)? {
        guard textRun.index >= 0, textRun.index < runGlyphs.count, isColorFont(textRun.font) else { return nil }
        let (glyphs, font) = runGlyphs[textRun.index]
        var ink = PangoRectangle()
        pango_glyph_string_extents(glyphs, font, &ink, nil)
        let unit = Double(PANGO_SCALE)
        let x0 = Double(ink.x) / unit, y0 = Double(ink.y) / unit
        let x1 = x0 + Double(ink.width) / unit, y1 = y0 + Double(ink.height) / unit
        // Whole pixels at the output scale, around the ink.
        let px0 = ((textRun.x + x0) * scale).rounded(.down), py0 = ((textRun.baseline + y0) * scale).rounded(.down)
        let px1 = ((textRun.x + x1) * scale).rounded(.up), py1 = ((textRun.baseline + y1) * scale).rounded(.up)
        let w = Int(px1 - px0), h = Int(py1 - py0)
        guard w > 0, h > 0, w <= 16384, h <= 16384 else { return nil }
        let surface = try CairoSurface(width: w, height: h)
        try surface.draw { cr in
            cairo_translate(cr, -px0, -py0)
            cairo_scale(cr, scale, scale)
            if case .color(let c) = run.paint { cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha) }
            cairo_move_to(cr, textRun.x, textRun.baseline)
            pango_cairo_show_glyph_string(cr, font, glyphs)
        }
        var result: Result<[UInt8], ImageError> = .success([])
        surface.withData { data, stride in
            result = Result { () throws(ImageError) in
                try PNGCodec.encode(argb32: UnsafeRawPointer(data), width: w, height: h, stride: stride, compression: .small)
            }
        }
        let png: [UInt8]
        do { png = try result.get() } catch { throw ProofsheetError.internal("PNG encoding failed: \(error.description)") }
        return (png, Rect(x: px0 / scale, y: py0 / scale, width: Double(w) / scale, height: Double(h) / scale))
    }

    func outline(of textRun: SVGTextRun, in run: TextRun) throws -> String? {
        guard textRun.index >= 0, textRun.index < runGlyphs.count, !isColorFont(textRun.font) else { return nil }
        let (glyphs, font) = runGlyphs[textRun.index]
        cairo_new_path(cr)
        cairo_move_to(cr, textRun.x, textRun.baseline)
        pango_cairo_glyph_string_path(cr, font, glyphs)
        return try pathData()
    }

    // MARK: - Symbols

    func symbolLayers(_ s: SymbolDraw) throws -> [(path: String, knockout: Bool)] {
        var out: [(path: String, knockout: Bool)] = []
        for layer in s.layers {
            if let name = layer.drawing {
                guard let drawing = SymbolDrawings.named(name) else { continue }
                cairo_new_path(cr)
                drawing.appendPath(layer: layer, of: s, to: cr)
                out.append((try pathData(), layer.knockout))
                continue
            }
            guard let (layout, origin) = text.iconGlyph(layer, of: s) else { continue }
            defer { text.release(layout) }
            cairo_new_path(cr)
            cairo_move_to(cr, origin.x, origin.y)
            pango_cairo_layout_path(cr, layout)
            out.append((try pathData(), layer.knockout))
        }
        return out
    }

    /// The current path of the path context as SVG path data.
    private func pathData() throws -> String {
        guard let path = cairo_copy_path(cr) else { return "" }
        defer { cairo_path_destroy(path) }
        try checkCairo(path.pointee.status, "reading glyph outlines")
        var d = ""
        var i = 0
        let n = Int(path.pointee.num_data)
        guard let data = path.pointee.data else { return "" }
        func p(_ k: Int) -> String {
            let pt = data[k].point
            return svgNumber(pt.x) + " " + svgNumber(pt.y)
        }
        while i < n {
            let header = data[i].header
            switch header.type {
            case CAIRO_PATH_MOVE_TO: d += "M" + p(i + 1)
            case CAIRO_PATH_LINE_TO: d += "L" + p(i + 1)
            case CAIRO_PATH_CURVE_TO: d += "C" + p(i + 1) + " " + p(i + 2) + " " + p(i + 3)
            case CAIRO_PATH_CLOSE_PATH: d += "Z"
            default: break
            }
            i += max(1, Int(header.length))
        }
        // A move at the end (Pango's pen left after the last glyph) draws nothing.
        if let lastMove = d.lastIndex(of: "M"), !d[lastMove...].contains(where: { $0 == "L" || $0 == "C" || $0 == "Z" }) {
            d = String(d[..<lastMove])
        }
        // A path that only moves draws nothing.
        return d.contains(where: { $0 == "L" || $0 == "C" }) ? d : ""
    }

    // MARK: - Images

    func imageSize(path: String) throws -> (width: Int, height: Int) { try images.pixelSize(path: path) }

    func imageFile(path: String) throws -> (bytes: [UInt8], mediaType: String) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ProofsheetError.internal("cannot read the image \(path) again for the SVG")
        }
        let bytes = [UInt8](data)
        switch ImageFormat.sniff(bytes) {
        case .jpeg?: return (bytes, "image/jpeg")
        default: return (bytes, "image/png")
        }
    }

    func imagePNG(path: String, width: Int, height: Int) throws -> [UInt8] {
        let s = try images.surface(path: path, width: width, height: height)
        var result: Result<[UInt8], ImageError> = .success([])
        s.withData { data, stride in
            result = Result { () throws(ImageError) in
                try PNGCodec.encode(argb32: UnsafeRawPointer(data), width: s.width, height: s.height, stride: stride, compression: .small)
            }
        }
        do {
            return try result.get()
        } catch {
            throw ProofsheetError.internal("PNG encoding failed: \(error.description)")
        }
    }

    // MARK: - Materials

    /// Where the material at `path` (or the innermost located group around it) was written.
    private static func source(at path: ArraySlice<Int>, in items: [DisplayItem]) -> SourceLocation? {
        guard let i = path.first, items.indices.contains(i) else { return nil }
        switch items[i] {
        case .material(let m): return m.source
        case .group(let g): return source(at: path.dropFirst(), in: g.children) ?? g.source
        default: return nil
        }
    }

    func materialImage(in list: DisplayList, path: [Int], scale: Double) throws -> (png: [UInt8], frame: Rect)? {
        // Everything but the material (and the groups around it) left out; its backdrop is still
        // the whole list, found by the same path.
        func keep(_ items: [DisplayItem], _ rest: ArraySlice<Int>) -> [DisplayItem] {
            guard let index = rest.first else { return items }
            return items.enumerated().map { i, item in
                guard i == index else { return .group(DisplayGroup(children: [])) }
                if case .group(var g) = item, rest.count > 1 {
                    g.children = keep(g.children, rest.dropFirst())
                    return .group(g)
                }
                return item
            }
        }
        let items = keep(list.items, path[...])
        let w = Int((list.size.width * scale).rounded()), h = Int((list.size.height * scale).rounded())
        guard w > 0, h > 0, Double(w) * Double(h) <= Painter.maxMaterialPixels else { return nil }
        let surface = try effects.layer(Double(w) * Double(h), "material", in: nil, at: Self.source(at: path[...], in: list.items)) {
            let surface = try CairoSurface(width: w, height: h)
            try surface.draw { cr in
                cairo_scale(cr, scale, scale)
                var painter = Painter(text: text, images: images, scale: scale, rasterTarget: true)
                painter.effects = effects
                painter.effects.outputScale = scale
                painter.backdrop = BackdropSource(list: list)
                painter.pixels = PixelSpace(scale: scale, offset: .zero)
                for (i, item) in items.enumerated() { try painter.draw(item, cr, path: [i]) }
                try checkCairo(cairo_status(cr), "drawing a material")
            }
            return surface
        }
        // The pixels it covers.
        var result: Result<(png: [UInt8], frame: Rect)?, ImageError> = .success(nil)
        surface.withData { data, stride in
            let bytes = data.assumingMemoryBound(to: UInt8.self)
            var x0 = w, y0 = h, x1 = -1, y1 = -1
            for y in 0..<h {
                let row = bytes + y * stride
                for x in 0..<w where row[x * 4 + 3] != 0 {
                    x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
                }
            }
            guard x1 >= x0, y1 >= y0 else { return }
            result = Result { () throws(ImageError) in
                let png = try PNGCodec.encode(
                    argb32: UnsafeRawPointer(bytes + y0 * stride + x0 * 4), width: x1 - x0 + 1, height: y1 - y0 + 1, stride: stride,
                    compression: .small)
                let frame = Rect(
                    x: Double(x0) / scale, y: Double(y0) / scale, width: Double(x1 - x0 + 1) / scale, height: Double(y1 - y0 + 1) / scale)
                return (png, frame)
            }
        }
        do {
            return try result.get()
        } catch {
            throw ProofsheetError.internal("PNG encoding failed: \(error.description)")
        }
    }

    // MARK: - Fonts

    func fontSubset(_ font: SVGFont, glyphs: Set<UInt32>, text: Set<Unicode.Scalar>) throws -> (bytes: [UInt8], mediaType: String) {
        guard let face = faces[font.key] else { throw ProofsheetError.internal("no font face for \(font.key)") }
        guard let input = hb_subset_input_create_or_fail() else { throw ProofsheetError.internal("HarfBuzz: cannot subset \(font.key)") }
        defer { hb_subset_input_destroy(input) }
        let glyphSet = hb_subset_input_glyph_set(input)
        for g in glyphs.sorted() { hb_set_add(glyphSet, g) }
        let unicodeSet = hb_subset_input_unicode_set(input)
        for u in text.map(\.value).sorted() { hb_set_add(unicodeSet, u) }
        guard let subset = hb_subset_or_fail(face, input) else { throw ProofsheetError.internal("HarfBuzz could not subset \(font.key)") }
        defer { hb_face_destroy(subset) }
        let blob = hb_face_reference_blob(subset)
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else {
            throw ProofsheetError.internal("HarfBuzz made an empty subset of \(font.key)")
        }
        let bytes = [UInt8](UnsafeRawBufferPointer(start: data, count: Int(length)))
        let isCFF = bytes.starts(with: Array("OTTO".utf8))
        return (bytes, isCFF ? "font/otf" : "font/ttf")
    }
}

import ProofsheetCore
internal import CCairo
internal import CPangoCairo
#if canImport(Glibc)
    import Glibc
#endif

/// Draws display items onto a Cairo context whose user space is points.
struct Painter {
    /// The text context all of one render's text is drawn in, so that a document refers to each
    /// font through one font object (an SVG or PDF embeds one subset per font object).
    let text: TextContext
    let images: ImageStore
    /// Pixels per point of the final output (for resampling images and offscreen effects).
    let scale: Double
    /// Whether the target is a raster surface (device space in pixels) or a vector one (points).
    let rasterTarget: Bool
    /// On an SVG or PDF target: where groups painted as sources are kept until it is finished.
    var vectorSources: VectorSources? = nil
    /// Where this painter's pixels lie on the canvas, for materials (see ``PixelSpace``).
    var pixels: PixelSpace? = nil
    /// The list being drawn, whose earlier items are a material's backdrop (set by `draw(list)`).
    var backdrop: BackdropSource? = nil
    /// How many backdrops deep this painter draws (a backdrop of a material inside a backdrop…).
    var backdropDepth = 0
    /// On a PDF: the pixels each image asset is embedded at, whatever the size of a draw (see
    /// `vectorImageSizes`).
    var vectorImages: [String: (width: Int, height: Int)]? = nil
    /// Shortcuts that give the same pixels with less work, on for a render's own surface (whose
    /// pixels are all of the output): a top-level list leaves out what an opaque material drawn
    /// later hides (``Occlusion``), and an opaque material is grown straight into the surface.
    var shortcuts = false
    /// The render's offscreen work, shared by every painter of one render.
    var effects = EffectBudget()
    /// The innermost named view being drawn, for messages.
    var view: String? = nil
    /// Where the innermost effect being drawn was written in a scene file, for messages (in a
    /// material's backdrop: the material).
    var source: SourceLocation? = nil

    func draw(_ list: DisplayList, _ cr: OpaquePointer) throws {
        if let bg = list.background {
            setColor(cr, bg)
            cairo_rectangle(cr, 0, 0, list.size.width, list.size.height)
            cairo_fill(cr)
        }
        var painter = self
        painter.backdrop = BackdropSource(list: list)
        if painter.pixels == nil {
            painter.pixels = PixelSpace(scale: scale, offset: .zero)
            effects.outputScale = scale
        }
        // Materials find their backdrops in the list as given; what they hide is left out of the
        // list drawn here, each item in its place.
        var shown = list
        if shortcuts, rasterTarget, backdropDepth == 0, let target = cairo_get_target(cr) {
            var m = cairo_matrix_t()
            cairo_get_matrix(cr, &m)
            let device = Transform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
            let surface = Rect(
                x: 0, y: 0, width: Double(cairo_image_surface_get_width(target)), height: Double(cairo_image_surface_get_height(target)))
            shown = Occlusion.hidingCovered(list, device: device, surface: surface) ?? list
        }
        for (i, item) in shown.items.enumerated() { try painter.draw(item, cr, path: [i]) }
        try checkCairo(cairo_status(cr), "drawing the scene")
    }

    /// Draws an item; `path` is its place in the list being drawn (indices down through groups).
    func draw(_ item: DisplayItem, _ cr: OpaquePointer, path: [Int] = []) throws {
        switch item {
        case .fill(let shape, let paint):
            self.path(shape, cr)
            setPaint(cr, paint, in: shape.bounds)
            cairo_fill(cr)
        case .stroke(let shape, let paint, let width):
            self.path(shape, cr)
            setPaint(cr, paint, in: shape.bounds)
            cairo_set_line_width(cr, width)
            cairo_stroke(cr)
        case .text(let run): drawText(run, cr)
        case .image(let img): try drawImage(img, cr)
        case .symbol(let s): drawSymbol(s, cr)
        case .group(let g): try drawGroup(g, cr, path: path)
        case .material(let m): try drawMaterial(m, cr, path: path)
        }
    }

    // MARK: - Paths and paints

    func path(_ shape: DisplayShape, _ cr: OpaquePointer) {
        cairo_new_path(cr)
        switch shape {
        case .rect(let r):
            cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
        case .ellipse(let r):
            guard r.width > 0, r.height > 0 else { return }
            cairo_save(cr)
            cairo_translate(cr, r.minX + r.width / 2, r.minY + r.height / 2)
            cairo_scale(cr, r.width / 2, r.height / 2)
            cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
            cairo_restore(cr)
        case .capsule(let r):
            roundedRect(r, radius: min(r.width, r.height) / 2, continuous: false, cr)
        case .roundedRect(let r, let radius, let continuous):
            roundedRect(r, radius: radius, continuous: continuous, cr)
        case .polyline(let points, let closed):
            for (i, p) in points.enumerated() {
                if i == 0 { cairo_move_to(cr, p.x, p.y) } else { cairo_line_to(cr, p.x, p.y) }
            }
            if !closed { return }
        }
        cairo_close_path(cr)
    }

    /// A rounded rectangle. Circular corners are quarter circles; continuous corners are a
    /// smoother curve that starts 1.2 radii from the corner (an approximation of Apple's
    /// "continuous" squircle corner, which has no published formula).
    func roundedRect(_ r: Rect, radius: Double, continuous: Bool, _ cr: OpaquePointer) {
        let half = min(r.width, r.height) / 2
        let rad = max(0, min(radius, half))
        if rad == 0 { cairo_rectangle(cr, r.minX, r.minY, r.width, r.height); return }
        if !continuous || rad >= half {
            cairo_arc(cr, r.maxX - rad, r.minY + rad, rad, -.pi / 2, 0)
            cairo_arc(cr, r.maxX - rad, r.maxY - rad, rad, 0, .pi / 2)
            cairo_arc(cr, r.minX + rad, r.maxY - rad, rad, .pi / 2, .pi)
            cairo_arc(cr, r.minX + rad, r.minY + rad, rad, .pi, 3 * .pi / 2)
            return
        }
        let ext = min(rad * 1.2, half)  // where the corner curve meets the straight edge
        let c = ext * 0.4  // distance of the control points from the corner
        cairo_move_to(cr, r.minX + ext, r.minY)
        cairo_line_to(cr, r.maxX - ext, r.minY)
        cairo_curve_to(cr, r.maxX - c, r.minY, r.maxX, r.minY + c, r.maxX, r.minY + ext)
        cairo_line_to(cr, r.maxX, r.maxY - ext)
        cairo_curve_to(cr, r.maxX, r.maxY - c, r.maxX - c, r.maxY, r.maxX - ext, r.maxY)
        cairo_line_to(cr, r.minX + ext, r.maxY)
        cairo_curve_to(cr, r.minX + c, r.maxY, r.minX, r.maxY - c, r.minX, r.maxY - ext)
        cairo_line_to(cr, r.minX, r.minY + ext)
        cairo_curve_to(cr, r.minX, r.minY + c, r.minX + c, r.minY, r.minX + ext, r.minY)
    }

    func setColor(_ cr: OpaquePointer, _ c: Color) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }

    func setPaint(_ cr: OpaquePointer, _ paint: Paint, in r: Rect) {
        switch paint {
        case .color(let c): setColor(cr, c)
        case .linearGradient(let stops, let s, let e):
            let p = cairo_pattern_create_linear(
                r.minX + s.x * r.width, r.minY + s.y * r.height, r.minX + e.x * r.width, r.minY + e.y * r.height)!
            for stop in stops {
                cairo_pattern_add_color_stop_rgba(p, stop.location, stop.color.red, stop.color.green, stop.color.blue, stop.color.alpha)
            }
            cairo_set_source(cr, p)
            cairo_pattern_destroy(p)
        }
    }

    // MARK: - Text and symbols

    func drawText(_ run: TextRun, _ cr: OpaquePointer) {
        let layout = text.drawingLayout(
            text: run.text, font: run.font, width: run.layoutWidth, lineLimit: run.lineLimit, alignment: run.alignment)
        cairo_save(cr)
        setPaint(cr, run.paint, in: run.frame)
        cairo_move_to(cr, run.frame.minX, run.frame.minY + text.baselineShift(run.font))
        pango_cairo_show_layout(cr, layout)
        cairo_restore(cr)
    }

    func drawSymbol(_ s: SymbolDraw, _ cr: OpaquePointer) {
        let knockout = s.layers.contains { $0.knockout }
        cairo_save(cr)
        if knockout {
            clipLayer(to: s.frame, margin: s.pointSize + Self.layerMargin, cr)
            cairo_push_group(cr)
        }
        setPaint(cr, s.paint, in: s.frame)
        for layer in s.layers {
            if let name = layer.drawing {
                guard let drawing = SymbolDrawings.named(name) else { continue }
                cairo_set_operator(cr, layer.knockout ? CAIRO_OPERATOR_DEST_OUT : CAIRO_OPERATOR_OVER)
                cairo_new_path(cr)
                drawing.appendPath(layer: layer, of: s, to: cr)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
                cairo_fill(cr)
                continue
            }
            guard let (layout, origin) = text.iconGlyph(layer, of: s) else { continue }
            defer { text.release(layout) }
            cairo_set_operator(cr, layer.knockout ? CAIRO_OPERATOR_DEST_OUT : CAIRO_OPERATOR_OVER)
            cairo_move_to(cr, origin.x, origin.y)
            pango_cairo_show_layout(cr, layout)
        }
        if knockout {
            popGroupToSource(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            cairo_paint(cr)
        }
        cairo_restore(cr)
    }

    // MARK: - Images

    func drawImage(_ img: ImageDraw, _ cr: OpaquePointer) throws {
        let f = img.frame
        guard f.width > 0, f.height > 0 else { return }
        // Resample to the pixels the frame covers at the output scale (the device scale on a
        // raster target also folds in transforms such as scaleEffect).
        var sx = scale, sy = scale
        if rasterTarget {
            var m = cairo_matrix_t()
            cairo_get_matrix(cr, &m)
            sx = (m.xx * m.xx + m.yx * m.yx).squareRoot()
            sy = (m.xy * m.xy + m.yy * m.yy).squareRoot()
        }
        // At most 16384 px a side and 40 megapixels: beyond that the image is drawn from fewer
        // pixels, not refused.
        var wpx = max(1, min(16384, (f.width * sx).rounded())), hpx = max(1, min(16384, (f.height * sy).rounded()))
        let budget = 40_000_000.0
        if wpx * hpx > budget {
            let k = (budget / (wpx * hpx)).squareRoot()
            wpx = max(1, (wpx * k).rounded(.down)); hpx = max(1, (hpx * k).rounded(.down))
        }
        var pw = Int(wpx), ph = Int(hpx)
        if !rasterTarget, let size = vectorImages?[img.path] { (pw, ph) = size }
        let surface = try images.surface(path: img.path, width: pw, height: ph)
        // Each draw gets its own surface over the shared pixels: on a PDF, an id made of the
        // asset and its pixel size lets Cairo embed the image once however often it is drawn
        // (a storyboard draws the same photo in every panel).
        if !rasterTarget { setUniqueID("\(img.path)@\(pw)x\(ph)", on: surface.raw) }
        cairo_save(cr)
        cairo_translate(cr, f.minX, f.minY)
        cairo_scale(cr, f.width / Double(pw), f.height / Double(ph))
        cairo_set_source_surface(cr, surface.raw, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_rectangle(cr, 0, 0, Double(pw), Double(ph))
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// Gives a surface Cairo's unique id, so that a vector surface embeds every surface with the
    /// same id once.
    private func setUniqueID(_ id: String, on surface: OpaquePointer) {
        let bytes = Array(id.utf8)
        guard let copy = malloc(bytes.count) else { return }
        copy.copyMemory(from: bytes, byteCount: bytes.count)
        let status = cairo_surface_set_mime_data(
            surface, CAIRO_MIME_TYPE_UNIQUE_ID, copy.assumingMemoryBound(to: UInt8.self), UInt(bytes.count), { free($0) }, copy)
        if status != CAIRO_STATUS_SUCCESS { free(copy) }
    }

    // MARK: - Groups

    func drawGroup(_ g: DisplayGroup, _ cr: OpaquePointer, path: [Int]) throws {
        if let name = g.name {
            // Effects inside a named view are reported in it.
            var named = self
            named.view = "'\(excerpt(name, limit: 80))'" + (g.identity.map { " at \(excerpt($0, limit: 200))" } ?? "")
            var plain = g
            plain.name = nil
            return try named.drawGroup(plain, cr, path: path)
        }
        if let place = g.source, backdropDepth == 0 {
            // Effects inside a located one are reported at it, unless they have a place of their
            // own; inside a material's backdrop, at the material (whose redrawing it is).
            var located = self
            located.source = place
            var plain = g
            plain.source = nil
            return try located.drawGroup(plain, cr, path: path)
        }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if !g.transform.isIdentity {
            let t = g.transform
            // A transform that flattens everything (scaleEffect 0) draws nothing, as in SwiftUI;
            // Cairo would reject the matrix.
            let det = t.a * t.d - t.b * t.c
            guard det.isFinite, abs(det) > 1e-12 else { return }
            var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
            cairo_transform(cr, &m)
        }
        if let clip = g.clip {
            self.path(clip, cr)
            cairo_clip(cr)
        }
        let needsLayer = g.opacity < 1 || g.shadow != nil || g.blur != nil
        guard needsLayer else {
            for (i, c) in g.children.enumerated() { try draw(c, cr, path: path + [i]) }
            return
        }
        if g.shadow != nil || g.blur != nil {
            try drawBlurred(g, cr, path: path)
            return
        }
        if let bounds = DisplayItem.group(DisplayGroup(children: g.children)).bounds {
            clipLayer(to: bounds, margin: Self.layerMargin, cr)
        }
        try effects.layer(layerPixels(cr), "translucent group", in: view, at: source) {
            cairo_push_group(cr)
            for (i, c) in g.children.enumerated() { try draw(c, cr, path: path + [i]) }
            popGroupToSource(cr)
            cairo_paint_with_alpha(cr, g.opacity)
        }
    }

    /// How far past its items' bounds (in points) a layer reaches: room for what draws past a
    /// frame (glyph overhangs, antialiasing).
    static let layerMargin = 16.0

    /// On a raster target, clips to `r` grown by `margin`, out to whole device pixels, before a
    /// layer (`cairo_push_group`) is made: the layer is then as large as what it holds, not the
    /// whole canvas, to clear and to composite. An exact pixel-aligned clip outside the ink
    /// changes no pixel.
    func clipLayer(to r: Rect, margin: Double, _ cr: OpaquePointer) {
        guard rasterTarget, r.width.isFinite, r.height.isFinite else { return }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let t = Transform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        let grown = Rect(x: r.minX - margin, y: r.minY - margin, width: r.width + 2 * margin, height: r.height + 2 * margin)
        let d = t.apply(grown)
        guard d.minX.isFinite, d.minY.isFinite, d.maxX.isFinite, d.maxY.isFinite else { return }
        let x0 = d.minX.rounded(.down), y0 = d.minY.rounded(.down)
        cairo_identity_matrix(cr)
        cairo_rectangle(cr, x0, y0, d.maxX.rounded(.up) - x0, d.maxY.rounded(.up) - y0)
        cairo_clip(cr)
        cairo_set_matrix(cr, &m)
    }

    /// The device pixels a layer made now covers (the clip's extents); none on a vector target,
    /// which keeps groups as drawing commands.
    func layerPixels(_ cr: OpaquePointer) -> Double {
        guard rasterTarget else { return 0 }
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let d = Transform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0).apply(Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1))
        let area = d.width * d.height
        return area.isFinite ? max(0, area) : 0
    }

    /// `cairo_pop_group_to_source`, keeping the group until the end on a vector target.
    func popGroupToSource(_ cr: OpaquePointer) {
        guard let vectorSources else { cairo_pop_group_to_source(cr); return }
        let group: OpaquePointer = cairo_pop_group(cr)
        cairo_set_source(cr, group)
        vectorSources.keep(group)
    }
}

/// The groups painted onto an SVG or PDF surface, destroyed only after it is finished. Cairo 1.16
/// records a group painted there as a snapshot; a group destroyed before the page is written is
/// copied, and the copy is never freed (472 bytes a group) and read uninitialised when the page
/// is written — valgrind shows both, with Cairo alone too. (Its SVG backend still loses groups of
/// the second and later SVGs a process writes: see scripts/hardening/valgrind.supp.)
final class VectorSources {
    private var patterns: [OpaquePointer] = []

    func keep(_ pattern: OpaquePointer) { patterns.append(pattern) }

    /// Destroys the groups, once the document is finished.
    func release() {
        for p in patterns { cairo_pattern_destroy(p) }
        patterns.removeAll()
    }
}

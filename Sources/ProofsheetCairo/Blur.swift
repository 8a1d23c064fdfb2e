import ProofsheetCore
internal import CCairo
internal import CPixels

/// Shadows and blurs: the group is drawn offscreen at output resolution, blurred (`ps_blur`:
/// box passes matched to the Gaussian's variance, on a shrunk copy for large radii; transparent
/// past the offscreen's edges), and composited back.
extension Painter {
    func drawBlurred(_ g: DisplayGroup, _ cr: OpaquePointer, path: [Int]) throws {
        var content = g
        content.transform = .identity; content.clip = nil; content.opacity = 1; content.shadow = nil; content.blur = nil
        guard let bounds = DisplayItem.group(content).bounds else { return }
        let sigma = g.blur ?? g.shadow?.radius ?? 0
        // Only a shadow's pixels are raster on a vector target (PDF); what casts it is drawn as
        // vectors over them. A blurred group is pixels on any target.
        let vectorContent = !rasterTarget && g.blur == nil
        // The offscreen covers the content and the blur's spread, in device pixels.
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let ctm = Transform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        let pixelsPerUnit = rasterTarget ? 1 : scale
        let spread = 3 * sigma + 2
        let shadowShift = g.shadow.map { Rect(x: bounds.minX + $0.x, y: bounds.minY + $0.y, width: bounds.width, height: bounds.height) }
        let area = (shadowShift.map { bounds.union($0) } ?? bounds).insetBy(-spread)
        let devScale = (ctm.a * ctm.a + ctm.b * ctm.b).squareRoot() * pixelsPerUnit
        // Only what can be seen (the clip, plus the blur's reach into it) is drawn offscreen.
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        let visible = ctm.apply(Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1))
        let reach = spread * devScale
        func toPixels(_ r: Rect) -> Rect {
            Rect(x: r.minX * pixelsPerUnit, y: r.minY * pixelsPerUnit, width: r.width * pixelsPerUnit, height: r.height * pixelsPerUnit)
        }
        var device = toPixels(ctm.apply(area)).intersection(toPixels(visible).insetBy(-reach))
        device = Rect(
            x: device.minX.rounded(.down), y: device.minY.rounded(.down),
            width: device.width.rounded(.up) + 1, height: device.height.rounded(.up) + 1)
        guard device.width.isFinite, device.height.isFinite, device.width >= 1, device.height >= 1 else { return }
        guard device.width <= 32767, device.height <= 32767, device.width * device.height <= offscreenLimit else {
            // Too large to blur: draw the content plainly rather than lose it.
            for (i, c) in g.children.enumerated() { try draw(c, cr, path: path + [i]) }
            return
        }
        // The offscreen (and the shadow's, as large) counts against the render's effect budget.
        let layerSize = device.width * device.height * (g.shadow != nil ? 2 : 1)
        try effects.layer(layerSize, g.shadow != nil ? "shadow" : "blur", in: view, at: source) {
            let off = try CairoSurface(width: Int(device.width), height: Int(device.height))
            try off.draw { ocr in
                cairo_translate(ocr, -device.minX, -device.minY)
                cairo_scale(ocr, pixelsPerUnit, pixelsPerUnit)
                cairo_transform(ocr, &m)
                var inner = Painter(text: text, images: images, scale: scale, rasterTarget: true)
                inner.effects = effects
                inner.view = view
                inner.source = source
                // Materials inside find their backdrop in the whole list, in the offscreen's pixels.
                inner.backdrop = backdrop
                inner.backdropDepth = backdropDepth
                inner.pixels = pixels.map { PixelSpace(scale: $0.scale, offset: Point(x: $0.offset.x + device.minX, y: $0.offset.y + device.minY)) }
                for (i, c) in g.children.enumerated() { try inner.draw(c, ocr, path: path + [i]) }
            }
            // Paint back in device space.
            cairo_save(cr)
            cairo_identity_matrix(cr)
            cairo_scale(cr, 1 / pixelsPerUnit, 1 / pixelsPerUnit)
            if g.opacity < 1 { cairo_push_group(cr) }
            if let s = g.shadow {
                let shadow = try CairoSurface(width: off.width, height: off.height)
                let sigmaPx = s.radius * devScale
                shadow.withData { dst, dstStride in
                    off.withData { src, srcStride in
                        ps_shadow_argb32(
                            src.assumingMemoryBound(to: UInt8.self), UInt32(srcStride), dst.assumingMemoryBound(to: UInt8.self),
                            UInt32(dstStride), UInt32(off.width), UInt32(off.height), sigmaPx,
                            s.color.red, s.color.green, s.color.blue, s.color.alpha)
                    }
                }
                let dx = (s.x * ctm.a + s.y * ctm.c) * pixelsPerUnit, dy = (s.x * ctm.b + s.y * ctm.d) * pixelsPerUnit
                cairo_set_source_surface(cr, shadow.raw, device.minX + dx, device.minY + dy)
                cairo_paint(cr)
            }
            if let b = g.blur {
                let sigmaPx = b * devScale
                off.withData { data, stride in
                    ps_box_blur_argb32(data.assumingMemoryBound(to: UInt8.self), UInt32(off.width), UInt32(off.height), UInt32(stride), sigmaPx)
                }
            }
            if vectorContent {
                // A vector target keeps the content as drawing commands over the shadow's
                // pixels (text stays text): back in the group's own space.
                cairo_set_matrix(cr, &m)
                for (i, c) in g.children.enumerated() { try draw(c, cr, path: path + [i]) }
            } else {
                cairo_set_source_surface(cr, off.raw, device.minX, device.minY)
                cairo_paint(cr)
            }
            if g.opacity < 1 {
                popGroupToSource(cr)
                cairo_paint_with_alpha(cr, g.opacity)
            }
            cairo_restore(cr)
        }
    }
}

/// Largest offscreen for a shadow or blur, in pixels.
private let offscreenLimit = 80_000_000.0

import ProofsheetCore
internal import CCairo
internal import CPixels

/// Where a painter's pixels lie on the canvas: canvas point `p` is pixel `p × scale − offset`.
/// The output's pixels (scale = the output scale, no offset), an offscreen's (shifted), or a
/// backdrop's (fewer pixels a point).
struct PixelSpace {
    var scale: Double
    var offset: Point
}

/// The display list a painter draws, whose items before a material are its backdrop.
final class BackdropSource: @unchecked Sendable {
    let list: DisplayList
    init(list: DisplayList) { self.list = list }
}

/// Materials: a backdrop pass. Everything drawn before the material — the items before it in the
/// whole list, not only its own view's — is drawn again into a raster with fewer pixels (as many
/// fewer as the blur lets go: `ps_blur_factor`), over the material's area and the blur's reach,
/// blurred there with the canvas edges clamped (the edge pixels repeat, so the blur does not fade
/// at the screen's edge), saturated and tinted, grown back to the output scale and painted in the
/// material's shape. On SVG and PDF the result is one image at the output scale.
extension Painter {
    /// Backdrops inside backdrops deeper than this show the tint alone.
    static let maxBackdropDepth = 3
    /// The largest material image, in output pixels (larger ones show the tint alone).
    static let maxMaterialPixels = 80_000_000.0

    func drawMaterial(_ m: MaterialDraw, _ cr: OpaquePointer, path: [Int]) throws {
        let recipe = m.material.recipe(in: m.colorScheme)
        var mat = cairo_matrix_t()
        cairo_get_matrix(cr, &mat)
        let ctm = Transform(a: mat.xx, b: mat.yx, c: mat.xy, d: mat.yy, tx: mat.x0, ty: mat.y0)
        let perUnit = rasterTarget ? 1 : scale
        func toPixels(_ r: Rect) -> Rect { Rect(x: r.minX * perUnit, y: r.minY * perUnit, width: r.width * perUnit, height: r.height * perUnit) }
        // The part of the shape that can be seen, in this painter's pixels, out to whole pixels.
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        let visible = toPixels(ctm.apply(Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)))
        let seen = toPixels(ctm.apply(m.shape.bounds)).intersection(visible)
        let x0 = seen.minX.rounded(.down), y0 = seen.minY.rounded(.down)
        let area = Rect(x: x0, y: y0, width: seen.maxX.rounded(.up) - x0, height: seen.maxY.rounded(.up) - y0)
        guard area.width.isFinite, area.height.isFinite, area.width >= 1, area.height >= 1 else { return }
        guard let source = backdrop, let space = pixels, backdropDepth < Self.maxBackdropDepth,
            area.width <= 32767, area.height <= 32767, area.width * area.height <= Self.maxMaterialPixels
        else {
            fillTint(m, recipe, cr)
            return
        }
        // On the canvas's pixel grid (this painter's pixels plus its offset).
        let sigma = recipe.blur * space.scale
        let k = ps_blur_factor(sigma)
        let kk = Double(k)
        let onCanvas = Rect(x: area.minX + space.offset.x, y: area.minY + space.offset.y, width: area.width, height: area.height)
        let canvas = Rect(x: 0, y: 0, width: source.list.size.width * space.scale, height: source.list.size.height * space.scale)
        let need = onCanvas.insetBy(-(3 * sigma + 2 * kk)).intersection(canvas)
        guard need.width > 0, need.height > 0 else {
            fillTint(m, recipe, cr)
            return
        }
        // The backdrop with k× fewer pixels a side, its pixel (0, 0) at canvas pixel (lx, ly)·k.
        let lx = (need.minX / kk).rounded(.down), ly = (need.minY / kk).rounded(.down)
        // NB: where the canvas's edge cuts a coarse pixel, that pixel is left out (it would be
        // partly transparent, and clamping would spread the gap); the one before it repeats.
        func end(_ maxEdge: Double, _ canvasEdge: Double, _ start: Double) -> Int {
            let up = (maxEdge / kk).rounded(.up)
            let whole = maxEdge >= canvasEdge ? (canvasEdge / kk).rounded(.down) : up
            return Int(max(whole > start ? whole : up, start + 1) - start)
        }
        let lw = end(need.maxX, canvas.maxX, lx), lh = end(need.maxY, canvas.maxY, ly)
        // A pass inside a backdrop draws with fewer pixels, but costs as much drawing: counted
        // at the output's scale.
        let fullScale = effects.outputScale / space.scale
        // The backdrop pass and the grown result count against the render's effect budget; what
        // a backdrop's redrawing costs is reported at the material it is for.
        let place = backdropDepth == 0 ? m.source ?? self.source : self.source
        let layerSize = Double(max(1, lw) * max(1, lh)) + area.width * area.height
        let covers = need.width * need.height * fullScale * fullScale + area.width * area.height
        try effects.layer(layerSize, covers: covers, "material", in: view, at: place) {
            let low = try CairoSurface(width: max(1, lw), height: max(1, lh))
            try low.draw { lcr in
                cairo_translate(lcr, -lx, -ly)
                cairo_scale(lcr, space.scale / kk, space.scale / kk)
                var inner = Painter(text: text, images: images, scale: space.scale / kk, rasterTarget: true)
                inner.effects = effects
                inner.view = view
                inner.source = place
                inner.pixels = PixelSpace(scale: space.scale / kk, offset: Point(x: lx, y: ly))
                inner.backdropDepth = backdropDepth + 1
                try inner.draw(source.list.backdrop(before: path), lcr)
            }
            let tint = recipe.tint
            low.withData { data, stride in
                let px = data.assumingMemoryBound(to: UInt8.self)
                _ = ps_blur_at_scale(px, UInt32(low.width), UInt32(low.height), UInt32(stride), 4, ps_blur_sigma_at_factor(sigma, k), 1)
                ps_saturate_tint_argb32(
                    px, UInt32(low.width), UInt32(low.height), UInt32(stride), recipe.saturation, tint.red, tint.green, tint.blue, tint.alpha)
            }
            // An opaque result filling whole pixels of the surface drawn on is grown straight into
            // it: painting an opaque source replaces what is there, so the pixels are those the
            // painting below would give, without a surface of the area's size and a pass over it.
            if let target = directTarget(m, area: area, ctm: ctm, cr), low.isOpaque {
                cairo_surface_flush(target)
                let stride = Int(cairo_image_surface_get_stride(target))
                let origin = cairo_image_surface_get_data(target)! + Int(area.minY) * stride + Int(area.minX) * 4
                low.withData { src, srcStride in
                    ps_grow(
                        src.assumingMemoryBound(to: UInt8.self), UInt32(low.width), UInt32(low.height), UInt32(srcStride), 4, k,
                        Int(onCanvas.minX - lx * kk), Int(onCanvas.minY - ly * kk), origin, UInt32(area.width), UInt32(area.height),
                        UInt32(stride))
                }
                cairo_surface_mark_dirty_rectangle(target, Int32(area.minX), Int32(area.minY), Int32(area.width), Int32(area.height))
                return
            }
            // Grown back to this painter's pixels over the area (every pixel written).
            let out = try CairoSurface(width: Int(area.width), height: Int(area.height), cleared: false)
            out.withData { dst, dstStride in
                low.withData { src, srcStride in
                    ps_grow(
                        src.assumingMemoryBound(to: UInt8.self), UInt32(low.width), UInt32(low.height), UInt32(srcStride), 4, k,
                        Int(onCanvas.minX - lx * kk), Int(onCanvas.minY - ly * kk), dst.assumingMemoryBound(to: UInt8.self),
                        UInt32(out.width), UInt32(out.height), UInt32(dstStride))
                }
            }
            cairo_save(cr)
            self.path(m.shape, cr)
            cairo_clip(cr)
            cairo_identity_matrix(cr)
            cairo_scale(cr, 1 / perUnit, 1 / perUnit)
            cairo_set_source_surface(cr, out.raw, area.minX, area.minY)
            cairo_paint(cr)
            cairo_restore(cr)
        }
    }

    /// The image surface `cr` draws on, when a material can be grown straight into it: a
    /// rectangle on whole pixels of it (`area`), drawn on the surface itself (not a group), with
    /// no transform but scale and translation, inside a clip of rectangles.
    private func directTarget(_ m: MaterialDraw, area: Rect, ctm: Transform, _ cr: OpaquePointer) -> OpaquePointer? {
        guard shortcuts, rasterTarget, case .rect(let r) = m.shape, ctm.b == 0, ctm.c == 0,
            let target = cairo_get_target(cr), cairo_get_group_target(cr) == target,
            cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE, cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32
        else { return nil }
        var ox = 0.0, oy = 0.0
        cairo_surface_get_device_offset(target, &ox, &oy)
        let device = ctm.apply(r)
        let whole = [device.minX, device.minY, device.maxX, device.maxY].allSatisfy { $0 == $0.rounded() }
        guard ox == 0, oy == 0, whole, device == area, area.minX >= 0, area.minY >= 0,
            area.maxX <= Double(cairo_image_surface_get_width(target)), area.maxY <= Double(cairo_image_surface_get_height(target))
        else { return nil }
        // Inside one rectangle of the clip (in user space; none: the whole surface).
        guard let clips = cairo_copy_clip_rectangle_list(cr) else { return nil }
        defer { cairo_rectangle_list_destroy(clips) }
        guard clips.pointee.status == CAIRO_STATUS_SUCCESS else { return nil }
        let inside = (0..<Int(clips.pointee.num_rectangles)).contains { i in
            let c = clips.pointee.rectangles[i]
            let d = ctm.apply(Rect(x: c.x, y: c.y, width: c.width, height: c.height))
            return d.minX <= area.minX && d.minY <= area.minY && d.maxX >= area.maxX && d.maxY >= area.maxY
        }
        return inside ? target : nil
    }

    /// The material's tint alone in its shape (where there is no backdrop to draw).
    private func fillTint(_ m: MaterialDraw, _ recipe: MaterialRecipe, _ cr: OpaquePointer) {
        path(m.shape, cr)
        setColor(cr, recipe.tint)
        cairo_fill(cr)
    }
}

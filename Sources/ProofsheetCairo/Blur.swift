import ProofsheetCore
internal import CCairo

/// Shadows and blurs: the group is drawn offscreen at output resolution, blurred with three box
/// blurs (the SVG filter recipe for a Gaussian), and composited back.
extension Painter {
    func drawBlurred(_ g: DisplayGroup, _ cr: OpaquePointer) throws {
        var content = g
        content.transform = .identity; content.clip = nil; content.opacity = 1; content.shadow = nil; content.blur = nil
        guard let bounds = DisplayItem.group(content).bounds else { return }
        let sigma = g.blur ?? g.shadow?.radius ?? 0
        // The offscreen covers the content and the blur's spread, in device pixels.
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let ctm = Transform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        let pixelsPerUnit = rasterTarget ? 1 : scale
        let spread = 3 * sigma + 2
        let shadowShift = g.shadow.map { Rect(x: bounds.minX + $0.x, y: bounds.minY + $0.y, width: bounds.width, height: bounds.height) }
        let area = (shadowShift.map { bounds.union($0) } ?? bounds).insetBy(-spread)
        var device = ctm.apply(area)
        device = Rect(x: (device.minX * pixelsPerUnit).rounded(.down), y: (device.minY * pixelsPerUnit).rounded(.down),
                      width: (device.width * pixelsPerUnit).rounded(.up) + 1, height: (device.height * pixelsPerUnit).rounded(.up) + 1)
        guard device.width >= 1, device.height >= 1, device.width * device.height <= offscreenLimit else { return }
        let off = try CairoSurface(width: Int(device.width), height: Int(device.height))
        let devScale = (ctm.a * ctm.a + ctm.b * ctm.b).squareRoot() * pixelsPerUnit
        try off.draw { ocr in
            cairo_translate(ocr, -device.minX, -device.minY)
            cairo_scale(ocr, pixelsPerUnit, pixelsPerUnit)
            cairo_transform(ocr, &m)
            let inner = Painter(fonts: fonts, images: images, scale: scale, rasterTarget: true)
            for c in g.children { try inner.draw(c, ocr) }
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
                    tintAlpha(src: src, srcStride: srcStride, dst: dst, dstStride: dstStride,
                              width: off.width, height: off.height, color: s.color)
                }
                if sigmaPx > 0.01 { boxBlur3(dst, stride: dstStride, width: off.width, height: off.height, sigma: sigmaPx) }
            }
            let dx = (s.x * ctm.a + s.y * ctm.c) * pixelsPerUnit, dy = (s.x * ctm.b + s.y * ctm.d) * pixelsPerUnit
            cairo_set_source_surface(cr, shadow.raw, device.minX + dx, device.minY + dy)
            cairo_paint(cr)
        }
        if let b = g.blur {
            let sigmaPx = b * devScale
            off.withData { data, stride in
                if sigmaPx > 0.01 { boxBlur3(data, stride: stride, width: off.width, height: off.height, sigma: sigmaPx) }
            }
        }
        cairo_set_source_surface(cr, off.raw, device.minX, device.minY)
        cairo_paint(cr)
        if g.opacity < 1 {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, g.opacity)
        }
        cairo_restore(cr)
    }
}

/// Largest offscreen for a shadow or blur, in pixels.
private let offscreenLimit = 80_000_000.0

/// Writes `color` (premultiplied) scaled by the source's alpha: the shape of a shadow.
private func tintAlpha(src: UnsafeMutableRawPointer, srcStride: Int, dst: UnsafeMutableRawPointer, dstStride: Int,
                       width: Int, height: Int, color: Color) {
    let ca = color.alpha
    let r = color.red * ca, g = color.green * ca, b = color.blue * ca
    for y in 0..<height {
        let s = (src + y * srcStride).assumingMemoryBound(to: UInt32.self)
        let d = (dst + y * dstStride).assumingMemoryBound(to: UInt32.self)
        for x in 0..<width {
            let a = Double(s[x] >> 24)
            func c(_ v: Double) -> UInt32 { UInt32((v * a).rounded()) }
            d[x] = c(ca) << 24 | c(r) << 16 | c(g) << 8 | c(b)
        }
    }
}

/// Three box blurs in each direction approximating a Gaussian of `sigma` pixels, on
/// premultiplied ARGB32 (all four channels).
func boxBlur3(_ data: UnsafeMutableRawPointer, stride: Int, width: Int, height: Int, sigma: Double) {
    // The SVG recipe: d = ⌊σ·3·√(2π)/4 + 0.5⌋; odd d → three centred boxes of d; even d → two
    // offset boxes of d and one centred box of d + 1.
    let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
    guard d > 1 else { return }
    let passes: [(size: Int, shift: Int)] = d % 2 == 1
        ? [(d, 0), (d, 0), (d, 0)]
        : [(d, 0), (d, -1), (d + 1, 0)]
    let n = max(width, height)
    var line = [UInt32](repeating: 0, count: n)
    var acc = [UInt32](repeating: 0, count: n)
    func run(count: Int, get: (Int) -> UInt32, set: (Int, UInt32) -> Void) {
        for i in 0..<count { line[i] = get(i) }
        for (size, shift) in passes {
            let left = size / 2 + shift, right = size - 1 - left
            var sa = 0, sr = 0, sg = 0, sb = 0
            func add(_ p: UInt32, _ k: Int) {
                sa += k * Int(p >> 24); sr += k * Int((p >> 16) & 0xFF); sg += k * Int((p >> 8) & 0xFF); sb += k * Int(p & 0xFF)
            }
            for i in -left...right where i >= 0 && i < count { add(line[i], 1) }
            for i in 0..<count {
                func avg(_ s: Int) -> UInt32 { UInt32((s + size / 2) / size) }
                acc[i] = avg(sa) << 24 | avg(sr) << 16 | avg(sg) << 8 | avg(sb)
                let out = i - left, inn = i + right + 1
                if out >= 0 { add(line[out], -1) }
                if inn < count { add(line[inn], 1) }
            }
            for i in 0..<count { line[i] = acc[i] }
        }
        for i in 0..<count { set(i, line[i]) }
    }
    for y in 0..<height {
        let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
        run(count: width, get: { row[$0] }, set: { row[$0] = $1 })
    }
    for x in 0..<width {
        run(count: height, get: { (data + $0 * stride).assumingMemoryBound(to: UInt32.self)[x] },
            set: { (data + $0 * stride).assumingMemoryBound(to: UInt32.self)[x] = $1 })
    }
}

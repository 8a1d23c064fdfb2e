import ProofsheetCore

/// Groups and their effects as SVG: the transform as a `transform` attribute, the clip as a
/// `clipPath`, shadows and blurs as filters with the raster path's σ, opacity as `opacity`. One
/// `<g>` carries them all: SVG applies the filter, then the clip, then the opacity, in the
/// group's transformed user space, which is the display list's nesting. A named view's group
/// has its name as its `id`, so a designer finds it in the layer list.
extension SVGWriter {
    mutating func writeGroup(_ g: DisplayGroup) throws {
        var attributes: [(String, String)] = []
        if let name = g.name { attributes.append(("id", viewID(name))) }
        if let identity = g.identity { attributes.append(("class", Self.viewClass(identity))) }
        let outerScale = transformScale, outerCTM = ctm, outerPath = path
        defer {
            transformScale = outerScale
            ctm = outerCTM
            path = outerPath
        }
        if !g.transform.isIdentity {
            let t = g.transform
            // A transform that flattens everything draws nothing (as on the raster path).
            let det = t.a * t.d - t.b * t.c
            guard det.isFinite, abs(det) > 1e-12 else { return }
            attributes.append(
                ("transform", "matrix(\([t.a, t.b, t.c, t.d].map { num($0, decimals: 6) }.joined(separator: " ")) \(num(t.tx)) \(num(t.ty)))"))
            transformScale.x *= (t.a * t.a + t.b * t.b).squareRoot()
            transformScale.y *= (t.c * t.c + t.d * t.d).squareRoot()
            ctm = t.concatenating(ctm)
        }
        if let clip = g.clip {
            let id = newID("clip")
            defs.open("clipPath", [("id", id)])
            let (name, geometry) = Self.shapeElement(clip)
            defs.open(name, geometry, selfClosing: true)
            defs.close("clipPath")
            defs.raw("\n")
            attributes.append(("clip-path", "url(#\(id))"))
        }
        if g.shadow != nil || g.blur != nil, let id = writeFilter(g) {
            attributes.append(("filter", "url(#\(id))"))
        }
        if g.opacity < 1 { attributes.append(("opacity", num(max(0, g.opacity), decimals: 4))) }
        guard !attributes.isEmpty else {
            for (i, c) in g.children.enumerated() {
                path = outerPath + [i]
                try write(c)
            }
            return
        }
        body.open("g", attributes)
        body.raw("\n")
        for (i, c) in g.children.enumerated() {
            path = outerPath + [i]
            try write(c)
        }
        body.close("g")
        body.raw("\n")
    }

    /// A filter drawing the group's shadow under it and/or blurring it, over the content's
    /// bounds grown by the blur's reach (3σ) and the shadow's offset; nil when nothing is drawn.
    mutating func writeFilter(_ g: DisplayGroup) -> String? {
        var content = g
        content.transform = .identity; content.clip = nil; content.opacity = 1; content.shadow = nil; content.blur = nil
        guard let bounds = DisplayItem.group(content).bounds else { return nil }
        var area = bounds.insetBy(-(3 * (g.blur ?? 0) + 1))
        if let s = g.shadow {
            let moved = Rect(x: bounds.minX + s.x, y: bounds.minY + s.y, width: bounds.width, height: bounds.height)
            area = area.union(moved.insetBy(-(3 * s.radius + 1)))
        }
        let id = newID("filter")
        defs.open(
            "filter",
            [
                ("id", id), ("filterUnits", "userSpaceOnUse"), ("x", num(area.minX)), ("y", num(area.minY)), ("width", num(area.width)),
                ("height", num(area.height)), ("color-interpolation-filters", "sRGB")
            ])
        defs.raw("\n")
        var content_ = "SourceGraphic"
        if let b = g.blur {
            defs.element("feGaussianBlur", [("in", "SourceGraphic"), ("stdDeviation", num(max(0, b))), ("result", "blur")])
            content_ = "blur"
        }
        if let s = g.shadow {
            defs.element("feGaussianBlur", [("in", "SourceAlpha"), ("stdDeviation", num(max(0, s.radius)))])
            defs.element("feOffset", [("dx", num(s.x)), ("dy", num(s.y)), ("result", "offset")])
            defs.element("feFlood", [("flood-color", colorHex(s.color)), ("flood-opacity", num(max(0, min(1, s.color.alpha)), decimals: 4))])
            defs.element("feComposite", [("in2", "offset"), ("operator", "in"), ("result", "shadow")])
            defs.open("feMerge", [])
            defs.open("feMergeNode", [("in", "shadow")], selfClosing: true)
            defs.open("feMergeNode", [("in", content_)], selfClosing: true)
            defs.close("feMerge")
            defs.raw("\n")
        }
        defs.close("filter")
        defs.raw("\n")
        return id
    }
}

import ProofsheetCore
internal import CCairo

extension SymbolDrawing {
    /// Adds the drawing's outline to the current path of `cr`, placed as `layer` of `symbol`:
    /// scaled by the point size and the layer's scale, centred on the frame's centre moved by
    /// the layer's offset.
    func appendPath(layer: SymbolLayer, of symbol: SymbolDraw, to cr: OpaquePointer) {
        let k = symbol.pointSize * layer.scale
        let cx = symbol.frame.minX + symbol.frame.width / 2 + layer.dx * symbol.pointSize
        let cy = symbol.frame.minY + symbol.frame.height / 2 + layer.dy * symbol.pointSize
        let x0 = cx - size.width * k / 2, y0 = cy - size.height * k / 2
        for e in elements {
            switch e {
            case .move(let p): cairo_move_to(cr, x0 + p.x * k, y0 + p.y * k)
            case .line(let p): cairo_line_to(cr, x0 + p.x * k, y0 + p.y * k)
            case .curve(let a, let b, let c):
                cairo_curve_to(cr, x0 + a.x * k, y0 + a.y * k, x0 + b.x * k, y0 + b.y * k, x0 + c.x * k, y0 + c.y * k)
            case .close: cairo_close_path(cr)
            }
        }
    }
}

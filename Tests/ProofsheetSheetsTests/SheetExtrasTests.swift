import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetCairo
import ProofsheetImage
import ProofsheetLayout
import ProofsheetSheets
import ProofsheetTimeline

/// A sheet's extras by numbers: onion ghosts, plotted properties, touches, haptic badges.
@Suite("Contact sheet extras")
struct SheetExtrasTests {
    /// The swipe stack's throw at `times` on a 1x iPhone SE: each frame's tree, touches, events.
    func frames(_ times: [Double]) throws -> (frames: [Frame], size: Size) {
        let template = try SceneDecoder().template(file: ContactSheetTests.stackPath)
        let first = try template.scene().on(try Device.named("iPhone SE"), scale: 1)
        let session = try MotionSession(template: template, timeline: try template.timeline(named: "throw-right")) {
            try sharedRenderer.layout($0.on(try Device.named("iPhone SE"), scale: 1)).tree
        }
        var out: [Frame] = []
        try FrameSampler.run(session, at: times) { out.append($0) }
        return (out, first.canvas)
    }

    /// Each thumbnail carries the view's earlier positions, the nearest first and most opaque,
    /// each exactly the view as it was drawn in that earlier frame; the view now on top.
    @Test func onionGhostsAreTheEarlierFramesFading() throws {
        let (fs, size) = try frames([0, 0.2, 0.3, 0.4])
        let track = try #require(ViewTrack(id: "card-0", in: fs[0].tree))
        let views = try fs.map { try #require(track.isolate(in: $0.tree)) }.map { DisplayList(painting: $0, size: size, background: nil, scale: 1) }
        // The card moves: its drawings differ from frame to frame.
        #expect(views[1] != views[3])
        let base = DisplayList(painting: fs[3].tree, size: size, background: nil, scale: 1)
        let onion = Onion.overlay(base, ghosts: [views[2], views[1], views[0]], current: views[3])
        let groups = onion.items.suffix(4).compactMap { item -> DisplayGroup? in if case .group(let g) = item { return g } else { return nil } }
        #expect(groups.map(\.name) == ["onion-3", "onion-2", "onion-1", "onion-now"])
        #expect(groups[0].children == views[0].items && groups[1].children == views[1].items && groups[2].children == views[2].items)
        #expect(groups[3].children == views[3].items && groups[3].opacity == 1)
        #expect(groups[2].opacity == 0.5 && groups[1].opacity < groups[2].opacity && groups[0].opacity < groups[1].opacity)
        // Isolated: only the card and what contains it, not the other cards.
        #expect(views[0].dump().components(separatedBy: "Number").count == 2)
    }

    /// `--supersample`: a thumbnail is the frame drawn at 4× its pixels and averaged 4×4 down —
    /// the same pixels as an independent box filter over that drawing — where drawn at its own
    /// scale it is not.
    @Test func supersampledThumbnailIsTheFineDrawingAveraged() throws {
        let (fs, size) = try frames([0.3])
        let list = DisplayList(painting: fs[0].tree, size: size, background: Color(red: 1, green: 1, blue: 1), scale: 1)
        let thumb = Rect(x: 2, y: 3, width: size.width / 4, height: size.height / 4)
        func canvas(_ supersampled: Bool) throws -> RGBAImage {
            let c = try RasterCanvas(
                backend: sharedRenderer.backend, size: Size(width: thumb.maxX + 2, height: thumb.maxY + 2), scale: 1, background: nil)
            if supersampled {
                try c.drawSupersampled(list, at: .zero, in: thumb, factor: 4)
            } else {
                var shrunk = DisplayList(size: thumb.size, background: nil, items: [])
                shrunk.items = [.group(DisplayGroup(transform: .scale(0.25, 0.25), children: list.items))]
                shrunk.background = list.background
                try c.draw(shrunk, at: thumb.origin)
            }
            return try PNGCodec.decode(try c.png(compression: .fastest))
        }
        let fine = try sharedRenderer.backend.renderRGBA(list, scale: 1).shrunk(by: 4)
        func difference(_ image: RGBAImage) -> (mean: Double, max: Int) {
            var total = 0, worst = 0
            for y in 0..<Int(thumb.height) {
                for x in 0..<Int(thumb.width) {
                    for ch in 0..<3 {
                        let a = Int(image.pixels[((y + 3) * image.width + x + 2) * 4 + ch]), b = Int(fine.pixels[(y * fine.width + x) * 4 + ch])
                        total += abs(a - b); worst = max(worst, abs(a - b))
                    }
                }
            }
            return (Double(total) / Double(Int(thumb.width) * Int(thumb.height) * 3), worst)
        }
        let supersampled = difference(try canvas(true)), direct = difference(try canvas(false))
        #expect(supersampled.mean < 0.6 && supersampled.max <= 6, "supersampled: \(supersampled)")
        #expect(direct.mean > supersampled.mean * 2, "drawn at its own scale: \(direct), supersampled: \(supersampled)")
    }

    /// A plotted property is the view's effects summed along its modifiers and containers; the
    /// chart has a dot at each frame's (time, value) and a line through the fine samples.
    @Test func plotMarkersAtEachFramesValue() throws {
        let times = [0, 0.2, 0.3, 0.4]
        let (fs, _) = try frames(times)
        let track = try #require(ViewTrack(id: "card-0", in: fs[0].tree))
        let p = try PlottedProperty(parsing: "#card-0.rotation")
        let values = try fs.map { f -> Double in
            let v = try #require(track.find(in: f.tree))
            return p.property.value(v, try #require(track.effects(in: f.tree)))
        }
        // At rest, then turning as the drag goes right (25° per 300 pt).
        #expect(values[0] == 0 && values[2] > values[1] && values[2] > 0)
        let series = PropertyPlot.Series(
            label: p.label, unit: p.property.unit, samples: zip(times, values).map { ($0, $1) },
            markers: zip(times, values).enumerated().map { ($0, $1.0, $1.1) })
        let plot = PropertyPlot(series: [series], start: 0, end: 0.4, width: 300, style: ContactSheet.Style())
        let list = plot.drawing(series)
        let lo = values.min()!, hi = values.max()!
        let dots = list.items.compactMap { item -> Point? in
            if case .fill(.ellipse(let r), _) = item { return Point(x: r.minX + r.width / 2, y: r.minY + r.height / 2) } else { return nil }
        }
        #expect(dots.count == 4)
        for (k, d) in dots.enumerated() {
            let want = PropertyPlot.place(times[k], values[k], start: 0, end: 0.4, lo: lo, hi: hi, size: Size(width: 300, height: plot.chartHeight))
            #expect(abs(d.x - want.x) < 1e-9 && abs(d.y - want.y) < 1e-9, "marker \(k)")
        }
        #expect(dots[0].x == 6 && abs(dots[3].x - 294) < 1e-9 && dots[0].y > dots[2].y)
        // Unknown properties are refused with a suggestion.
        #expect(throws: ProofsheetError.self) { try PlottedProperty(parsing: "#card-0.rotaton") }
        // Another separator before the property is named with the spelling meant.
        for typo in ["card-0:offset.x", "#card-0/offset.x", "card-0 offset.x"] {
            do {
                _ = try PlottedProperty(parsing: typo)
                Issue.record("\(typo) was accepted")
            } catch let e as ProofsheetError {
                #expect(e.hint == "did you mean '#card-0.offset.x'?", "\(typo): \(e)")
            }
        }
        #expect(try PlottedProperty(parsing: "card-0.offset.x").label == "#card-0.offset.x")
        #expect(ViewTrack(id: "crad-0", in: fs[0].tree) == nil)
    }

    /// The plot's time axis: ticks every 10, 20, 50 ms … as many as 8 fit, each a grid line
    /// across the chart at its instant; each event a line of its own colour; the range as the
    /// values are, not rounded.
    @Test func plotTimeAxisEventsAndRange() throws {
        #expect(PropertyPlot.tickStep(span: 1.3) == 0.2 && PropertyPlot.tickStep(span: 0.4) == 0.05 && PropertyPlot.tickStep(span: 8) == 1)
        let series = PropertyPlot.Series(
            label: "#v.offset.x", unit: "pt", samples: [(0, 0), (0.5, 12.3456), (1.3, 3)], markers: [(0, 0, 0)])
        var plot = PropertyPlot(series: [series], start: 0, end: 1.3, width: 300, style: ContactSheet.Style())
        plot.events = [(0.4, "release"), (0.4, "card removed"), (2, "after the end")]
        #expect(plot.ticks.count == 7 && abs(plot.ticks[6] - 1.2) < 1e-9)
        let size = Size(width: 300, height: plot.chartHeight)
        var grid: [Double] = [], events: [Double] = []
        for item in plot.drawing(series).items {
            guard case .stroke(.polyline(let points, _), .color(let c), _) = item, points.count == 2, points[0].x == points[1].x else { continue }
            if c == PropertyPlot.gridColor { grid.append(points[0].x) }
            if c == PropertyPlot.eventColor { events.append(points[0].x) }
        }
        let x = { (t: Double) in PropertyPlot.place(t, 0, start: 0, end: 1.3, lo: 0, hi: 1, size: size).x }
        #expect(grid.count == 7 && zip(grid, plot.ticks).allSatisfy { abs($0 - x($1)) < 1e-9 })
        #expect(events.count == 2 && events.allSatisfy { abs($0 - x(0.4)) < 1e-9 })
        // The heading says the range exactly; the caption lists the events by instant.
        let dump = try sharedRenderer.layout(Scene(canvas: Size(width: 400, height: 400), scale: 1, root: plot.node())).displayList.dump()
        #expect(dump.contains("0 … 12.346 pt"), "\(dump)")
        #expect(dump.contains("400 ms release, card removed"), "\(dump)")
        #expect(dump.contains("\"1200 ms\""), "\(dump)")
    }

    /// A touch is a dot where the finger is, and its path since it went down.
    @Test func touchDotAtTheTouchPoint() throws {
        let (fs, _) = try frames([0.15, 0.25, 0.3])
        let p = try #require(fs[2].touches.first)
        let trail = fs.compactMap(\.touches.first)
        #expect(trail.count == 3 && trail[0] != p)
        let items = TouchMarks.items(point: p, trail: trail)
        var discs: [Rect] = [], lines: [[Point]] = []
        for item in items {
            if case .fill(.ellipse(let r), _) = item { discs.append(r) }
            if case .stroke(.polyline(let points, _), _, _) = item { lines.append(points) }
        }
        #expect(discs.last == Rect(x: p.x - 22, y: p.y - 22, width: 44, height: 44))
        #expect(lines == [trail])
        #expect(TouchMarks.items(point: nil, trail: []).isEmpty)
    }

    /// A haptic has no pixels: its frame's thumbnail gets a badge naming it.
    @Test func hapticsGetABadge() throws {
        let picture = DisplayList(size: Size(width: 100, height: 200), background: Color(hex: 0xFFFFFF), items: [])
        let frames = [
            SheetFrame(index: 0, time: 0, events: ["touch down"], picture: picture),
            SheetFrame(index: 1, time: 0.5, events: ["release", "haptic warning"], picture: picture)
        ]
        let sheet = ContactSheet(title: "t", frames: frames, columns: 2, thumbnailScale: 1)
        var scene = Scene(canvas: Size(width: 1, height: 1), scale: 1, background: nil, root: sheet.node())
        scene.canvas = try sharedRenderer.size(of: scene)
        let tree = try sharedRenderer.layout(scene).tree
        #expect(try #require(tree.find("frame-0")).find("haptics") == nil)
        let thumb = try #require(tree.find("frame-1"))
        let badge = try #require(thumb.find("haptics"))
        var texts: [String] = []
        func walk(_ v: ResolvedView) {
            if case .text(let t) = v.content { texts.append(t.text) }
            v.children.forEach(walk)
        }
        walk(badge)
        #expect(texts == ["haptic warning"])
        #expect(badge.frame.minX == thumb.frame.minX && badge.frame.minY == thumb.frame.minY)
    }
}

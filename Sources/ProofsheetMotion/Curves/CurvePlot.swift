import Foundation
import ProofsheetCore

/// Samples of an animation's progress over time, and a plot of them as a display list (so it
/// goes through the same backends as every scene).
public struct CurveSamples: Hashable, Sendable {
    public var animation: Animation
    /// The time span sampled: the settling time, or the duration asked for.
    public var duration: Double
    /// The settling time (nil: it never settles).
    public var settlingTime: Double?
    public var samples: [(t: Double, value: Double)]

    public static func == (a: Self, b: Self) -> Bool {
        a.animation == b.animation && a.duration == b.duration && a.settlingTime == b.settlingTime
            && a.samples.map(\.t) == b.samples.map(\.t) && a.samples.map(\.value) == b.samples.map(\.value)
    }
    public func hash(into h: inout Hasher) { h.combine(animation); h.combine(duration) }

    /// `count` samples evenly spaced over [0, duration] (both ends included).
    public init(_ animation: Animation, count: Int, duration: Double) {
        self.animation = animation
        self.duration = duration
        self.settlingTime = animation.settlingTime
        let n = max(2, count)
        samples = (0..<n).map { k in
            let t = k == n - 1 ? duration : duration * Double(k) / Double(n - 1)
            return (t, animation.progress(at: t))
        }
    }

    /// A plot of progress against time: axes with ticks, the target line, the settle line and
    /// the curve, with `title` above it.
    public func plot(title: String) -> DisplayList {
        let size = Size(width: 560, height: 352)
        let area = Rect(x: 64, y: 60, width: 464, height: 236)
        let fine = CurveSamples(animation, count: 481, duration: duration)
        let values = fine.samples.map(\.value)
        let low = min(0, values.min() ?? 0), high = max(1, values.max() ?? 1)
        let yStep = niceStep((high - low) / 5)
        let y0 = (low / yStep).rounded(.down) * yStep, y1 = (high / yStep).rounded(.up) * yStep
        let xStep = niceStep(max(duration, 1e-6) / 6)
        let x1 = max(1, (max(duration, 1e-6) / xStep - 1e-9).rounded(.up)) * xStep
        func px(_ t: Double) -> Double { area.minX + t / x1 * area.width }
        func py(_ v: Double) -> Double { area.maxY - (v - y0) / (y1 - y0) * area.height }

        let ink = Color(hex: 0x1C1C1E), grid = Color(hex: 0xE5E5EA), curve = Color(hex: 0x007AFF), settle = Color(hex: 0xFF9500)
        let small = FontSpec(size: 11), label = FontSpec(size: 13, weight: 600)
        var items: [DisplayItem] = []
        func line(_ a: Point, _ b: Point, _ c: Color, _ w: Double) {
            items.append(.stroke(.polyline([a, b], closed: false), .color(c), lineWidth: w))
        }
        func text(_ s: String, _ r: Rect, _ font: FontSpec, _ align: TextAlignment, _ c: Color = Color(hex: 0x3C3C43)) {
            items.append(.text(TextRun(text: s, frame: r, font: font, paint: .color(c), alignment: align, lineLimit: 1)))
        }
        // Grid and ticks.
        var v = y0
        while v <= y1 + yStep / 2 {
            line(Point(x: area.minX, y: py(v)), Point(x: area.maxX, y: py(v)), grid, 1)
            text(format(v), Rect(x: 0, y: py(v) - 8, width: area.minX - 8, height: 16), small, .trailing)
            v += yStep
        }
        var t = 0.0
        while t <= x1 + xStep / 2 {
            line(Point(x: px(t), y: area.minY), Point(x: px(t), y: area.maxY), grid, 1)
            text(format(t) + " s", Rect(x: px(t) - 40, y: area.maxY + 6, width: 80, height: 16), small, .center)
            t += xStep
        }
        // The target (progress 1), dashed.
        var d = 0.0
        while d < area.width {
            line(Point(x: area.minX + d, y: py(1)), Point(x: area.minX + min(d + 6, area.width), y: py(1)), Color(hex: 0x8E8E93), 1)
            d += 10
        }
        // Axes.
        line(Point(x: area.minX, y: area.minY), Point(x: area.minX, y: area.maxY), ink, 1.5)
        line(Point(x: area.minX, y: py(0)), Point(x: area.maxX, y: py(0)), ink, 1.5)
        // The settle line.
        if let s = settlingTime, s <= x1 {
            line(Point(x: px(s), y: area.minY), Point(x: px(s), y: area.maxY), settle, 1.5)
            let right = px(s) + 150 <= size.width
            text(
                "settled at \(format(s, digits: 3)) s", Rect(x: right ? px(s) + 4 : px(s) - 154, y: area.minY + 2, width: 150, height: 16), small,
                right ? .leading : .trailing, settle)
        }
        // The curve.
        items.append(.stroke(.polyline(fine.samples.map { Point(x: px($0.t), y: py($0.value)) }, closed: false), .color(curve), lineWidth: 2))
        text(title, Rect(x: 16, y: 10, width: size.width - 32, height: 20), label, .leading, ink)
        text("progress", Rect(x: 8, y: area.minY - 22, width: 120, height: 16), small, .leading)
        text("time", Rect(x: area.maxX - 80, y: area.maxY + 24, width: 80, height: 16), small, .trailing)
        return DisplayList(size: size, background: .white, items: items)
    }

    /// 1, 2, 2.5 or 5 times a power of ten, at least `raw`.
    private func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let p = pow(10, (log10(raw)).rounded(.down))
        for m in [1.0, 2, 2.5, 5, 10] where m * p >= raw { return m * p }
        return 10 * p
    }
}

/// A number for a label or a sample: at most `digits` decimals, no trailing zeros.
public func format(_ v: Double, digits: Int = 2) -> String {
    decimalText(v, places: digits) ?? "\(v)"
}

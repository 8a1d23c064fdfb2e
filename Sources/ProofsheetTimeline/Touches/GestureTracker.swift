import ProofsheetCore
import ProofsheetMotion
import ProofsheetScene

/// One gesture following one finger, as a value: touch events and time in, gesture changes
/// out (SwiftUI's facts: a drag begins after its minimum distance, a long press succeeds after
/// its minimum duration unless the finger moved too far, a sequenced gesture starts its second
/// part the moment the first succeeds).
struct GestureTracker {
    enum Output: Equatable {
        case changed(GestureValue)
        case ended(GestureValue)
        case failed
    }

    let spec: GestureSpec
    let owner: ViewID
    let downTime: Double
    let downPoint: Point
    /// 0: the gesture (or a sequence's first part); 1: a sequence's second part.
    private(set) var stage = 0
    private var stageStart: Point
    private var stageStartTime: Double
    private var began = false
    private(set) var finished = false
    private var recent: [(t: Double, p: Point)] = []
    private var last: Point

    init(spec: GestureSpec, owner: ViewID, at t: Double, point: Point) {
        self.spec = spec; self.owner = owner; downTime = t; downPoint = point
        stageStart = point; stageStartTime = t; last = point
        recent = [(t, point)]
    }

    private var kind: GestureSpec.Kind {
        if case .sequenced(let a, let b) = spec.kind { return stage == 0 ? a : b }
        return spec.kind
    }
    private var isSequence: Bool { if case .sequenced = spec.kind { return true }; return false }

    /// When the current part succeeds by time alone (a long press), if it does.
    var deadline: Double? {
        guard !finished, case .longPress(let d, _) = kind else { return nil }
        return stageStartTime + d
    }

    /// The finger went down: a long press (or tap) is pressing from now.
    mutating func down() -> [Output] {
        switch kind {
        case .longPress, .tap: return [.changed(value(at: downTime, phase: "pressing"))]
        default: return []
        }
    }

    mutating func move(to p: Point, at t: Double) -> [Output] {
        guard !finished else { return [] }
        record(p, t)
        switch kind {
        case .drag(let minimum):
            if !began, distance(p, stageStart) >= minimum { began = true }
            return began ? [.changed(value(at: t, phase: "dragging"))] : []
        case .longPress(_, let maximum):
            if distance(p, stageStart) > maximum { finished = true; return [.failed] }
            return []
        case .tap:
            if distance(p, downPoint) > GestureSpec.tapSlop { finished = true; return [.failed] }
            return []
        case .sequenced:
            return []
        }
    }

    /// Time passed to `t` with the finger still: a long press may succeed.
    mutating func tick(at t: Double) -> [Output] {
        guard let d = deadline, t >= d else { return [] }
        if isSequence && stage == 0 {
            stage = 1
            stageStart = last; stageStartTime = t; began = false
            return [.changed(value(at: t, phase: "dragging"))]
        }
        finished = true
        return [.ended(value(at: t, phase: "ended"))]
    }

    mutating func up(at t: Double, point p: Point) -> [Output] {
        guard !finished else { return [] }
        record(p, t)
        finished = true
        switch kind {
        case .drag: return began || (isSequence && stage == 1 && began) ? [.ended(value(at: t, phase: "ended"))] : [.failed]
        case .tap: return distance(p, downPoint) <= GestureSpec.tapSlop ? [.ended(value(at: t, phase: "ended"))] : [.failed]
        case .longPress, .sequenced: return [.failed]
        }
    }

    private mutating func record(_ p: Point, _ t: Double) {
        last = p
        recent.append((t, p))
        // Velocity is measured over the last 1/30 s of the finger's path.
        while recent.count > 2, let first = recent.first, t - first.t > 1.0 / 30 + 1e-9 { recent.removeFirst() }
    }

    /// The gesture's values now, for `$gesture`.
    func value(at t: Double, phase: String) -> GestureValue {
        let translation =
            (stage == 0 && !isDrag) || !began ? Size(width: 0, height: 0) : Size(width: last.x - stageStart.x, height: last.y - stageStart.y)
        var velocity = Size(width: 0, height: 0)
        if let first = recent.first, let end = recent.last, end.t > first.t {
            velocity = Size(width: (end.p.x - first.p.x) / (end.t - first.t), height: (end.p.y - first.p.y) / (end.t - first.t))
        }
        return GestureValue(
            translation: translation, location: last, startLocation: stageStart, velocity: velocity,
            predictedEndTranslation: Size(
                width: translation.width + velocity.width * GestureSpec.projection,
                height: translation.height + velocity.height * GestureSpec.projection),
            phase: phase, time: t - downTime)
    }

    private var isDrag: Bool { if case .drag = kind { return true }; return false }
}

/// A gesture's values as expressions see them (`$gesture`).
struct GestureValue: Equatable {
    var translation: Size
    var location: Point
    var startLocation: Point
    var velocity: Size
    var predictedEndTranslation: Size
    var phase: String
    var time: Double

    var script: ScriptValue {
        func size(_ s: Size) -> ScriptValue { .object(["width": .number(s.width), "height": .number(s.height)]) }
        func point(_ p: Point) -> ScriptValue { .object(["x": .number(p.x), "y": .number(p.y)]) }
        return .object([
            "translation": size(translation), "location": point(location), "startLocation": point(startLocation),
            "velocity": size(velocity), "predictedEndTranslation": size(predictedEndTranslation), "phase": .string(phase),
            "time": .number(time)
        ])
    }
}

func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }

import ProofsheetCore

/// What a gesture recognises, compiled: its numbers typed arguments a state may give.
indirect enum CompiledGestureKind: Sendable {
    case drag(minimumDistance: CompiledArgument?)
    case longPress(minimumDuration: CompiledArgument?, maximumDistance: CompiledArgument?)
    case tap
    case sequenced(CompiledGestureKind, CompiledGestureKind)
}

/// A gesture whose recogniser reads the state: its kind compiled, what it updates and its
/// actions read once (as written, whatever the state; a state gives it the values it captures).
struct CompiledGesture: Sendable {
    let kind: CompiledGestureKind
    let updating: [SceneAction.Assignment]
    let onChanged: [SceneAction]
    let onEnded: [SceneAction]
    let at: SourceLocation
}

extension Context {
    /// `{"gesture": v}` compiled, with what reading its updates and actions takes; nil when a
    /// member's form is left to the decoder.
    func compiledGesture(_ v: JSONValue) -> (CompiledGesture, ReadCost)? {
        guard case .object(let members) = v.kind, members.allSatisfy({ (Self.gestureKinds + ["updating", "onChanged", "onEnded"]).contains($0.key) })
        else { return nil }
        let kinds = Self.gestureKinds.filter { v[$0] != nil }
        guard kinds.count == 1, let kind = compiledGestureKind(kinds[0], v[kinds[0]]!, depth: 0),
            let ((updating, onChanged, onEnded), cost) = try? measured({ ctx in
                let actions = ctx.actionContext()
                var count = 0
                let updating = try v["updating"].map { u in
                    try actions.members(u).map { try actions.assignment($0.key, $0.value, schema: ctx.schema) }
                }
                let onChanged = try v["onChanged"].map { try actions.actions($0, schema: ctx.schema, count: &count) }
                let onEnded = try v["onEnded"].map { try actions.actions($0, schema: ctx.schema, count: &count) }
                return (updating ?? [], onChanged ?? [], onEnded ?? [])
            })
        else { return nil }
        return (CompiledGesture(kind: kind, updating: updating, onChanged: onChanged, onEnded: onEnded, at: v.location), cost)
    }

    func compiledGestureKind(_ name: String, _ v: JSONValue, depth: Int) -> CompiledGestureKind? {
        func members(_ allowed: Set<String>) -> Bool {
            guard case .object(let m) = v.kind else { return false }
            return m.allSatisfy { allowed.contains($0.key) }
        }
        switch name {
        case "drag":
            guard members(["minimumDistance"]), let d = compiledOptional(v["minimumDistance"], compiledArgument) else { return nil }
            return .drag(minimumDistance: d)
        case "longPress":
            guard members(["minimumDuration", "maximumDistance"]), let t = compiledOptional(v["minimumDuration"], compiledArgument),
                let d = compiledOptional(v["maximumDistance"], compiledArgument)
            else { return nil }
            return .longPress(minimumDuration: t, maximumDistance: d)
        case "tap":
            return members([]) ? .tap : nil
        default:
            guard depth < 4, case .array(let items) = v.kind, items.count == 2 else { return nil }
            var parts: [CompiledGestureKind] = []
            for item in items {
                guard case .object = item.kind, item.objectKeys.count == 1, let k = item.objectKeys.first, Self.gestureKinds.contains(k),
                    let part = compiledGestureKind(k, item[k]!, depth: depth + 1)
                else { return nil }
                parts.append(part)
            }
            return .sequenced(parts[0], parts[1])
        }
    }

    /// A compiled gesture's kind in this state.
    func gestureKind(_ k: CompiledGestureKind) throws -> GestureSpec.Kind {
        switch k {
        case .drag(let d): return .drag(minimumDistance: try d.map { try number($0, in: 0...10_000) } ?? 10)
        case .longPress(let t, let d):
            return .longPress(
                minimumDuration: try t.map { try number($0, in: 0...600) } ?? 0.5, maximumDistance: try d.map { try number($0, in: 0...10_000) } ?? 10
            )
        case .tap: return .tap
        case .sequenced(let a, let b): return .sequenced(try gestureKind(a), try gestureKind(b))
        }
    }
}

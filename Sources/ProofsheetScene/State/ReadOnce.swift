import Foundation
import ProofsheetCore

/// What reading a part of a scene takes from an instantiation's budget (see ``ViewBudget``):
/// views and modifiers, characters of text, bytes of strings, and how many levels it nests.
struct ReadCost: Sendable {
    var views = 0, text = 0, stringBytes = 0, depth = 0
}

/// The parts of a scene file that read nothing from the state, each made once when the template
/// is read: instantiating a state takes them as they are, and reads again only what an
/// expression can change.
///
/// A part is a view (with its modifiers and everything inside it) or a single modifier. It is
/// *fixed* when none of its strings is an expression (`"$…"`, `"=…"`, `"…${…}…"`) and it holds
/// nothing that takes values from its place: no `GeometryReader` (its content is made at layout),
/// no component (its body reads its arguments), no gesture or button action (they capture the
/// `ForEach` element they are in). A gesture is made once too, less what it captures. A view or
/// modifier that reads the state is compiled: its arguments typed, its expressions kept as
/// trees (``CompiledViewObject``, ``CompiledModifier``), so a state evaluates them and reads no
/// JSON.
///
/// Parts are found by the template's validation, which visits every view and modifier once in
/// its context (inside a `List`, in a component's body): each largest fixed part is made there,
/// outside the validation (as an instantiation makes it), with what it costs. Where a fixed part
/// does not fit what is left of an instantiation's budget, it is read again instead, so that the
/// error names the view that passes the limit, as before.
final class ReadOnceParts: @unchecked Sendable {
    /// A place in a scene file (a component may come from another file).
    struct Place: Hashable, Sendable {
        let file: String?
        let line: Int
        let column: Int
        init(_ location: SourceLocation) { file = location.file; line = location.line; column = location.column }
    }

    /// A view that reads the state, its object read once: its type, its members (checked against
    /// what the type allows) and, for a component, its definition. Its members are read for each
    /// state; its views and modifiers inside may be parts of their own.
    struct ReadView: Sendable {
        let type: String
        /// The `type` string, whose bytes each reading of the view takes from the budget.
        let typeValue: JSONValue
        let members: [String: JSONValue]
        let definition: ComponentDefinition?
        let modifierCount: Int
    }

    enum Part: Sendable {
        /// A view and everything inside it.
        case view(Node, ReadCost)
        /// A view that reads the state, its object read once.
        case read(ReadView)
        /// A modifier: `wrapper` holds ``hole`` where the view it modifies goes.
        case modifier(wrapper: Node, ReadCost)
        /// A gesture (a `gesture` or `onTapGesture` modifier), less the values it captures.
        case gesture(GestureSpec, ReadCost)
        /// A modifier that reads the state, compiled: each state evaluates its arguments.
        case compiled(CompiledModifierPart)
        /// A view that reads the state, compiled with what is inside it.
        case compiledView(CompiledViewObject)
        /// An alert, compiled: each state makes it from its texts, shown when its bool is true.
        case alert(CompiledAlert)
    }

    /// Where a part was made, and whether inside a list (a `Label` draws its icon in the accent
    /// colour there): a component's body may be used in both.
    private struct Key: Hashable {
        let place: Place
        let inList: Bool
    }

    private struct Table {
        var parts: [Key: Part] = [:]
        /// Whether each object or array read so far is fixed, by place.
        var fixed: [Place: Bool] = [:]
    }
    private let lock = NSLock()
    private var table = Table()
    private func withTable<T>(_ body: (inout Table) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&table)
    }

    /// What the parts made once may take, together: as much as one instantiation may. A scene of
    /// many large fixed parts (each within the limits) is not made whole many times over when it
    /// is read: once this is spent, the parts after are read for each state, as before.
    let budget = ViewBudget()

    /// The scene's own variables that read no state: `$device` and `$env` when the device is
    /// given or named.
    enum Variable { case device, env }
    private var variables: [Variable: ScriptValue] = [:]

    /// The value of `variable`, made once by `make`.
    func value(of variable: Variable, _ make: () -> ScriptValue) -> ScriptValue {
        if let kept = withTable({ _ in variables[variable] }) { return kept }
        let value = make()
        withTable { _ in variables[variable] = value }
        return value
    }

    /// How many times a state read a view or modifier from its JSON: a kind or form not
    /// compiled, or a value that did not fit (tests: the compiled template leaves none).
    private var jsonReads = 0
    func countReadFromJSON() { withTable { _ in jsonReads += 1 } }
    var readsFromJSON: Int { withTable { _ in jsonReads } }

    /// The components' names: a use of one is never fixed.
    let components: Set<String>

    init(components: Set<String>) { self.components = components }

    /// The part made once at `location` (inside a list or not), if any.
    func part(at location: SourceLocation, inList: Bool) -> Part? {
        withTable { $0.parts[Key(place: Place(location), inList: inList)] }
    }

    /// Keeps `part` for `location` (the first one kept for a place stays).
    func keep(_ part: Part, at location: SourceLocation, inList: Bool) {
        withTable { t in
            let key = Key(place: Place(location), inList: inList)
            if t.parts[key] == nil { t.parts[key] = part }
        }
    }

    /// How many parts are kept (tests).
    var count: Int { withTable { $0.parts.count } }

    /// The views and modifiers the kept parts hold together (tests).
    var views: Int {
        withTable { t in
            t.parts.values.reduce(0) { sum, part in
                switch part {
                case .view(_, let cost), .modifier(_, let cost), .gesture(_, let cost): sum + cost.views
                case .read, .compiled, .compiledView, .alert: sum
                }
            }
        }
    }

    /// The node a modifier made once is made around: ``Node/filling(_:with:)`` puts the view there.
    static let hole = Node.keyed("\u{0}read-once", .empty)

    /// Whether `v` reads nothing from the state or its place (see the type's notes).
    func isFixed(_ v: JSONValue) -> Bool {
        switch v.kind {
        case .string(let s): return !Self.reads(s)
        case .number, .bool, .null: return true
        case .array(let items):
            if let known = withTable({ $0.fixed[Place(v.location)] }) { return known }
            let fixed = items.allSatisfy(isFixed)
            withTable { $0.fixed[Place(v.location)] = fixed }
            return fixed
        case .object(let members):
            if let known = withTable({ $0.fixed[Place(v.location)] }) { return known }
            var fixed = true
            for (key, value) in members {
                if key == "gesture" || key == "onTapGesture" || key == "alert" { fixed = false; break }
                if key == "type", case .string(let type) = value.kind,
                    type == "GeometryReader" || components.contains(type) || (type == "Button" && v["action"] != nil)
                {
                    fixed = false
                    break
                }
                if !isFixed(value) { fixed = false; break }
            }
            withTable { $0.fixed[Place(v.location)] = fixed }
            return fixed
        }
    }

    /// Whether a string is read as an expression or holds one (as ``Context/value(_:)`` reads it).
    static func reads(_ s: String) -> Bool {
        Context.reference(s) != nil || s.hasPrefix("=") || s.contains("${")
    }
}

/// A template's parts made once, by the device and variant they were made for: copies of the
/// template (`on(_:)`, `with(variant:)`) share it, so a check of many stills on a device makes
/// them once, when the first still is instantiated. The most recent few settings are kept.
final class ReadOnceCache: @unchecked Sendable {
    private struct Settings: Hashable {
        let device: Device?
        let variant: Variant
    }
    private let lock = NSLock()
    private var entries: [(settings: Settings, parts: ReadOnceParts?)] = []
    /// How many settings are kept (a check's matrix of devices and variants cycles through them).
    static let most = 32

    /// The parts for `device` and `variant`: those kept, else `make`'s (made outside the lock).
    func parts(device: Device?, variant: Variant, make: () -> ReadOnceParts?) -> ReadOnceParts? {
        let settings = Settings(device: device, variant: variant)
        lock.lock()
        if let kept = entries.first(where: { $0.settings == settings }) {
            lock.unlock()
            return kept.parts
        }
        lock.unlock()
        let made = make()
        lock.lock()
        defer { lock.unlock() }
        if let kept = entries.first(where: { $0.settings == settings }) { return kept.parts }
        if entries.count >= Self.most { entries.removeFirst() }
        entries.append((settings, made))
        return made
    }
}

extension Node {
    /// This node with `node` in place of ``ReadOnceParts/hole``, looked for through modifiers and
    /// places only (where a modifier puts the view it modifies); nil when it is not there.
    func filling(with node: Node) -> Node? {
        switch self {
        case .keyed(let key, .empty) where key == "\u{0}read-once": return node
        case .modified(let inner, let m): return inner.filling(with: node).map { .modified($0, m) }
        case .located(let inner, let at): return inner.filling(with: node).map { .located($0, at) }
        default: return nil
        }
    }
}

extension Context {
    /// Makes `json`'s view once, outside the validation, when it is a largest fixed part (see
    /// ``ReadOnceParts``); true when it is fixed, so that the validation keeps no part inside it.
    mutating func keepFixedView(_ json: JSONValue) -> Bool {
        guard let parts = readOnce, !insideFixedPart, parts.isFixed(json) else { return false }
        if let (node, cost) = try? measured({ try $0.view(json) }) { parts.keep(.view(node, cost), at: json.location, inList: inList) }
        return true
    }

    /// Compiles a view that reads the state (see ``CompiledViewObject``), or where its kind is not
    /// compiled, reads its object once (its type a plain string): its members are read for each
    /// state from what is kept, never its object again.
    func keepReadView(_ json: JSONValue) {
        guard let parts = readOnce, !insideFixedPart, parts.part(at: json.location, inList: inList) == nil else { return }
        if let compiled = compiledViewObject(json) {
            parts.keep(.compiledView(compiled), at: json.location, inList: inList)
            return
        }
        guard case .object = json.kind, let t = json["type"], case .string(let type) = t.kind,
            !ReadOnceParts.reads(type), !type.hasPrefix("\\"), let read = try? readMembers(type, t, json)
        else { return }
        if let mods = json["modifiers"] {
            guard case .array = mods.kind else { return }
        }
        parts.keep(.read(read), at: json.location, inList: inList)
    }

    /// Makes the modifier `json` once when it is fixed, or its gesture less what it captures, or
    /// compiles it (unless a part is kept for its place already).
    func keepModifier(_ json: JSONValue) {
        guard let parts = readOnce, !insideFixedPart, parts.part(at: json.location, inList: inList) == nil,
            let part = modifierPart(json)
        else { return }
        parts.keep(part, at: json.location, inList: inList)
    }

    /// The part the modifier `json` is made into once (see ``keepModifier(_:)``), or nil.
    func modifierPart(_ json: JSONValue) -> ReadOnceParts.Part? {
        guard let parts = readOnce, case .object(let members) = json.kind, members.count == 1 else { return nil }
        let (name, v) = (members[0].key, members[0].value)
        if name == "gesture" || name == "onTapGesture" {
            // Its actions are read as written, whatever the state; what it recognises must be fixed.
            if name == "gesture", case .object(let o) = v.kind,
                o.contains(where: { !["updating", "onChanged", "onEnded"].contains($0.key) && !parts.isFixed($0.value) })
            {
                return compiledGesture(v).map { .compiled(CompiledModifierPart(modifier: .gesture($0), fixedCost: $1)) }
            }
            guard let (wrapper, cost) = try? measured({ try $0.modifier(json, on: ReadOnceParts.hole) }),
                case .modified(let inner, .gesture(let spec)) = wrapper, inner.filling(with: .empty) != nil
            else { return nil }
            return .gesture(spec, cost)
        }
        if name == "alert" { return compiledAlert(v).map { .alert($0) } }
        // `listStyle`, which the List it modifies reads: each state checks it is on a List.
        guard name != "listStyle", parts.isFixed(json) else { return compiledModifier(name, v, at: json).map { .compiled($0) } }
        guard let (wrapper, cost) = try? measured({ try $0.modifier(json, on: ReadOnceParts.hole) }),
            wrapper.filling(with: .empty) != nil
        else { return nil }
        return .modifier(wrapper: wrapper, cost)
    }

    /// A copy of this context that reads as an instantiation does (the state still unknown).
    func outsideValidation() -> Context {
        var probe = self
        probe.validating = false
        probe.errors = nil
        probe.warnings = nil
        probe.readOnce = nil
        return probe
    }

    /// `body`'s result, read outside the validation from what is left of the parts' budget
    /// (``ReadOnceParts/budget``), and what it took.
    func measured<T>(_ body: (inout Context) throws -> T) throws -> (T, ReadCost) {
        var probe = outsideValidation()
        probe.budget = readOnce?.budget ?? ViewBudget()
        probe.deepest = probe.depth
        let before = probe.budget.left
        let value = try body(&probe)
        let after = probe.budget.left
        let cost = ReadCost(
            views: before.views - after.views, text: before.text - after.text, stringBytes: before.stringBytes - after.stringBytes,
            depth: probe.deepest - depth)
        return (value, cost)
    }

    /// Takes a part's cost from the budget when all of it fits (nothing otherwise).
    func fits(_ cost: ReadCost) -> Bool {
        depth + cost.depth <= Scene.Limits.depth.int && budget.take(cost)
    }

    /// `node` with the modifier at `json` made once around it, when it was and fits, or compiled
    /// and its values fit (when they do not, the budget is as it was: the caller reads the
    /// modifier from its JSON, which says what is wrong).
    func readOnceModifier(_ json: JSONValue, on node: Node) -> Node? {
        guard let parts = readOnce, let part = parts.part(at: json.location, inList: inList) else { return nil }
        return applying(part, on: node)
    }

    /// `node` with the modifier `part` around it, or nil where the modifier is to be read from
    /// its JSON.
    func applying(_ part: ReadOnceParts.Part, on node: Node) -> Node? {
        switch part {
        case .modifier(let wrapper, let cost):
            guard fits(cost) else { return nil }
            return wrapper.filling(with: node)
        case .gesture(var spec, let cost):
            guard fits(cost) else { return nil }
            spec.captures = locals
            return .modified(node, .gesture(spec))
        case .compiled(let compiled):
            let before = budget.left
            do { return try applying(compiled, on: node) } catch {
                budget.restore(before)
                return nil
            }
        case .alert(let alert):
            let before = budget.left
            do { return try applying(alert, on: node) } catch {
                budget.restore(before)
                return nil
            }
        case .view, .read, .compiledView:
            return nil
        }
    }
}

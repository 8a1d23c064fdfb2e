import Foundation
import ProofsheetCore
import ProofsheetMotion

/// Reads a scene file (see the README's scene format) into a `Scene`, with located errors.
public struct SceneDecoder: Sendable {
    public init() {}

    /// Reads a scene file and gives its default state; the file's folder is its asset root.
    public func decode(file path: String) throws -> Scene {
        try template(file: path).scene()
    }

    /// Decodes a scene from JSON bytes in its default state; `file` names it in messages.
    public func decode(bytes: [UInt8], file: String?) throws -> Scene {
        try template(bytes: bytes, file: file).scene()
    }

    /// The bytes of a scene file, refusing a folder, a device, a FIFO or a file over the limit
    /// unread.
    static func read(file path: String) throws -> [UInt8] {
        // Look before reading: a folder, a device or a FIFO, or a huge file, is refused unread.
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw ProofsheetError.badInput("no such file '\(path)'", hint: "give the path of a scene .json file")
        }
        // A symbolic link to a scene is followed: the user named it.
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard !isDir.boolValue, FileOutput.isRegularFile(path) else {
            throw ProofsheetError.badInput(
                "'\(path)' is \(isDir.boolValue ? "a folder" : "not a regular file"), not a scene file",
                hint: "give the path of a scene .json file")
        }
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        guard size <= Scene.Limits.fileBytes.int else {
            throw ProofsheetError.badInput(
                "'\(path)' is \(byteSize(size)); scene files are limited to \(byteSize(Scene.Limits.fileBytes.int))",
                hint: "raise the limit with --limit scene-bytes=N")
        }
        guard let data = FileManager.default.contents(atPath: path), data.count <= Scene.Limits.fileBytes.int else {
            throw ProofsheetError.badInput("cannot read '\(path)'", hint: "check that the file is readable")
        }
        let bytes = [UInt8](data)
        if GitLFS.isPointer(bytes) {
            throw ProofsheetError.badInput("'\(path)' is a Git LFS pointer, not the scene file itself", hint: GitLFS.fetchHint(path))
        }
        return bytes
    }
}

/// How many views and modifiers, and how many characters of text, a scene may still expand to;
/// shared by every copy of a decoding context, including those a GeometryReader keeps to build
/// its content at layout time.
final class ViewBudget: @unchecked Sendable {
    private let lock = NSLock()
    private var remaining = Scene.Limits.views.int
    private var remainingText = Scene.Limits.sceneText.int
    private var remainingStringBytes = Scene.Limits.stringBytes.int

    init() {}

    /// A new budget with what is left of this one: a GeometryReader builds its content from
    /// this each time it is laid out, so laying a scene out again never spends it.
    func copy() -> ViewBudget {
        lock.lock(); defer { lock.unlock() }
        let b = ViewBudget()
        b.remaining = remaining; b.remainingText = remainingText; b.remainingStringBytes = remainingStringBytes
        return b
    }
    /// Takes `n` from the budget; false when it is spent.
    func take(_ n: Int) -> Bool {
        lock.lock(); defer { lock.unlock() }
        remaining -= n
        return remaining >= 0
    }
    /// The bytes of strings still to be read.
    var stringBytesLeft: Int {
        lock.lock(); defer { lock.unlock() }
        return remainingStringBytes
    }
    /// Takes `n` bytes of strings read from the budget; false when it is spent.
    func takeStringBytes(_ n: Int) -> Bool {
        lock.lock(); defer { lock.unlock() }
        remainingStringBytes -= n
        return remainingStringBytes >= 0
    }
    /// Takes `n` characters of text from the budget; false when it is spent.
    func takeText(_ n: Int) -> Bool {
        lock.lock(); defer { lock.unlock() }
        remainingText -= n
        return remainingText >= 0
    }
}

/// The state of one decoding: variables in scope, the budget of views and the nesting depth.
struct Context {
    let file: String?
    var vars: [String: ScriptValue] = [:]
    var budget = ViewBudget()
    var depth = 0
    /// Checking a template: the state is unknown, both branches of every `If` are read, a
    /// `ForEach` body once.
    var validating = false
    /// Where the state's values came from, so an error at a use names where it was written.
    var origins: [String: ValueOrigin] = [:]
    /// Where validation notes what it does not refuse.
    var warnings: WarningLog?
    /// The declared state, for the actions of gestures and buttons.
    var schema = StateSchema(variables: [], constants: [])
    /// The custom views the scene defines and imports (see ``ComponentDefinition``).
    var components = ComponentLibrary()
    /// The components being expanded, outermost first (a component may not contain itself).
    var componentStack: [String] = []

    init(file: String?) { self.file = file }

    static let sceneKeys: Set<String> = [
        "canvas", "scale", "background", "state", "vars", "stills", "timelines", "markers", "sdk", "root", "$schema", "comment", "title",
        "chrome", "components", "import"
    ]
    /// The device the scene is shown on when not the canvas's own (`--device`): `$device`
    /// describes it.
    var device: Device?
    /// What `.spring()` and `.default` mean in this scene's animations (the `"sdk"` option).
    var sdk = AnimationSDK.ios17

    // MARK: - Scene

    mutating func scene(_ json: JSONValue) throws -> Scene {
        let m = try object(json, allowed: Self.sceneKeys)
        if let s = m["sdk"] { sdk = try choice(s, Dictionary(uniqueKeysWithValues: AnimationSDK.allCases.map { ($0.rawValue, $0) })) }
        try loadVars(m)
        var size = Size(width: 390, height: 844)
        var safe = EdgeInsets.zero
        var scale: Double? = nil
        var device: Device? = nil
        guard let canvas = m["canvas"] else {
            throw ProofsheetError.badInput(
                "missing 'canvas'", at: json.location, hint: "add \"canvas\": \"iPhone 14\" or \"canvas\": {\"width\": 390, \"height\": 844}")
        }
        if case .string(let name) = canvas.kind {
            let d = try Device.named(try stringOrUnknown(canvas) ?? name, at: canvas.location)
            device = d; size = d.size; safe = d.safeArea
        } else {
            let c = try object(canvas, allowed: ["device", "width", "height", "safeArea"])
            if let dn = c["device"] {
                let d = try Device.named(try stringOrUnknown(dn) ?? Device.presets[0].name, at: dn.location)
                device = d; size = d.size; safe = d.safeArea
            }
            if let w = c["width"] { size.width = try length(w, min: 1) }
            if let h = c["height"] { size.height = try length(h, min: 1) }
            if c["device"] == nil, c["width"] == nil || c["height"] == nil {
                throw ProofsheetError.badInput("a canvas needs a 'device' or both 'width' and 'height'", at: canvas.location)
            }
            if let s = c["safeArea"] {
                safe = try insets(s)
                guard validating || (safe.top + safe.bottom <= size.height && safe.leading + safe.trailing <= size.width) else {
                    throw ProofsheetError.badInput(
                        "the safe area (\(fmt(safe.top)), \(fmt(safe.leading)), \(fmt(safe.bottom)), \(fmt(safe.trailing))) "
                            + "is larger than the \(fmt(size.width))x\(fmt(size.height)) canvas", at: s.location,
                        hint: "insets on opposite sides must add up to at most the canvas size")
                }
            }
        }
        if let s = m["scale"] { scale = try number(s) }
        var scene = Scene(canvas: size, safeArea: safe, scale: scale ?? Double(device?.scale ?? 1), device: device, file: file, root: .empty)
        scene.sdk = sdk
        if !validating { try scene.validateSize(at: m["scale"]?.location ?? canvas.location) }
        // Read after the size is checked: a canvas of its own size may still be shown on a
        // device (`--device`), which is when chrome is checked.
        if let c = m["chrome"] { scene.chrome = try chrome(c) }
        if let b = m["background"] {
            if case .null = b.kind { scene.background = nil } else { scene.background = try color(b) }
        }
        guard let root = m["root"] else {
            throw ProofsheetError.badInput("missing 'root'", at: json.location, hint: "add \"root\": {\"type\": \"VStack\", \"children\": [...]}")
        }
        scene.root = try view(root)
        return scene
    }

    /// The constants (`"vars"`), in order: a string may be an expression over the state and
    /// earlier ones.
    mutating func loadVars(_ m: [String: JSONValue]) throws {
        vars["device"] = deviceValue(m)
        if let v = m["vars"] {
            for (k, val) in try members(v) {
                if k == "device" {
                    throw ProofsheetError.badInput(
                        "'device' is a name the scene reserves ($device describes the device)", at: val.location, hint: "choose another name")
                }
                if case .string = val.kind { vars[k] = try value(val) } else { vars[k] = ScriptValue(val) }
            }
        }
    }

    // MARK: - Views

    static let viewTypes: [String: Set<String>] = [
        "VStack": ["alignment", "spacing", "children"],
        "HStack": ["alignment", "spacing", "children"],
        "ZStack": ["alignment", "children"],
        "Text": ["text"],
        "Image": ["name", "systemName", "resizable"],
        "Rectangle": ["fill", "stroke", "strokeBorder", "lineWidth"], "Circle": ["fill", "stroke", "strokeBorder", "lineWidth"],
        "Ellipse": ["fill", "stroke", "strokeBorder", "lineWidth"], "Capsule": ["fill", "stroke", "strokeBorder", "lineWidth"],
        "RoundedRectangle": ["fill", "stroke", "strokeBorder", "lineWidth", "cornerRadius", "style"],
        "Color": ["color"],
        "Material": ["material"],
        "LinearGradient": ["colors", "stops", "startPoint", "endPoint"],
        "Spacer": ["minLength"],
        "Button": ["title", "label", "style", "tint", "borderShape", "controlSize", "action"],
        "ForEach": ["data", "count", "as", "key", "content"],
        "If": ["condition", "then", "else"],
        "GeometryReader": ["content"],
        "EmptyView": [],
        "Group": ["children"]
    ].merging(systemViewTypes) { own, _ in own }

    mutating func view(_ json: JSONValue) throws -> Node {
        let modifierCount: Int = {
            if case .array(let a)? = json["modifiers"]?.kind { return a.count }; return 0
        }()
        guard budget.take(1 + modifierCount) else {
            throw ProofsheetError.badInput(
                "the scene expands to more than \(Scene.Limits.views.int) views and modifiers", at: json.location,
                hint: "use smaller ForEach counts, or raise the limit with --limit views=N")
        }
        // A view and its modifiers nest one level each.
        depth += 1 + modifierCount
        defer { depth -= 1 + modifierCount }
        guard depth <= Scene.Limits.depth.int else {
            throw ProofsheetError.badInput(
                "views and modifiers nest more than \(Scene.Limits.depth.int) levels deep", at: json.location,
                hint: "flatten the scene (fewer nested stacks or modifiers), or raise the limit with --limit nesting=N")
        }
        guard case .object = json.kind else {
            throw ProofsheetError.badInput(
                "expected a view object, got \(json.typeName)", at: json.location, hint: "a view looks like {\"type\": \"Text\", \"text\": \"Hello\"}"
            )
        }
        guard let t = json["type"] else {
            throw ProofsheetError.badInput("a view needs a 'type'", at: json.location, hint: "one of \(listForHint(Self.viewTypes.keys.sorted()))")
        }
        let type = try string(t)
        var node: Node
        let m: [String: JSONValue]
        if let allowed = Self.viewTypes[type] {
            m = try object(json, allowed: allowed.union(["type", "modifiers"]))
            node = try body(type, m, json)
        } else if let definition = components.definitions[type] {
            m = try object(json, allowed: Set(definition.parameters.map(\.name)).union(["type", "modifiers"]))
            node = try component(definition, m, json)
        } else {
            throw unknownViewType(type, at: t.location)
        }
        if let mods = m["modifiers"] {
            guard case .array(let list) = mods.kind else {
                throw ProofsheetError.badInput(
                    "'modifiers' must be an array, got \(mods.typeName)", at: mods.location, hint: "e.g. \"modifiers\": [{\"padding\": 16}]")
            }
            for mj in list { node = try modifier(mj, on: node) }
        }
        if case .geometryReader = node { return node }
        return node
    }

    mutating func children(_ m: [String: JSONValue]) throws -> [Node] {
        guard let c = m["children"] else { return [] }
        guard case .array(let list) = c.kind else {
            throw ProofsheetError.badInput("'children' must be an array of views, got \(c.typeName)", at: c.location)
        }
        return try list.map { try view($0) }
    }

    mutating func body(_ type: String, _ m: [String: JSONValue], _ json: JSONValue) throws -> Node {
        switch type {
        case "VStack", "HStack":
            let axis: Axis = type == "VStack" ? .vertical : .horizontal
            var a = 0.5
            if let aj = m["alignment"] {
                let names: [String: Double] =
                    axis == .vertical
                    ? ["leading": 0, "center": 0.5, "trailing": 1]
                    : [
                        "top": 0, "center": 0.5, "bottom": 1, "firstTextBaseline": Node.firstTextBaseline,
                        "lastTextBaseline": Node.lastTextBaseline
                    ]
                a = try choice(aj, names)
            }
            let spacing = try m["spacing"].map { try length($0, min: -Scene.Limits.maxLength) }
            return .stack(axis: axis, alignment: a, spacing: spacing, children: try children(m))
        case "ZStack":
            return .zstack(alignment: try m["alignment"].map(alignment) ?? .center, children: try children(m))
        case "Group":
            return .group(try children(m))
        case "Text":
            guard let t = m["text"] else { throw missing("text", json, example: "\"text\": \"Hello\"") }
            return .text(try text(t))
        case "Image":
            if let s = m["systemName"] {
                guard let name = try stringOrUnknown(s) else { return .empty }
                _ = try SymbolCatalog.layers(for: name, at: s.location)
                return .located(.symbol(name: name), json.location)
            }
            guard let n = m["name"] else { throw missing("name", json, example: "\"name\": \"yosemite-usa\" or \"systemName\": \"heart\"") }
            let resizable = try m["resizable"].map(bool) ?? false
            return .located(.image(name: try assetName(n), resizable: resizable), n.location)
        case "Rectangle", "Circle", "Ellipse", "Capsule", "RoundedRectangle":
            let kind: ShapeKind
            switch type {
            case "Rectangle": kind = .rectangle
            case "Circle": kind = .circle
            case "Ellipse": kind = .ellipse
            case "Capsule": kind = .capsule
            default:
                guard let r = m["cornerRadius"] else { throw missing("cornerRadius", json, example: "\"cornerRadius\": 10") }
                let style = try m["style"].map { try choice($0, ["continuous": true, "circular": false]) } ?? true
                kind = .roundedRectangle(radius: try length(r, min: 0), continuous: style)
            }
            if m["stroke"] != nil || m["strokeBorder"] != nil {
                guard m["fill"] == nil, m["stroke"] == nil || m["strokeBorder"] == nil else {
                    throw ProofsheetError.badInput(
                        "a shape is filled, stroked or stroke-bordered: one of 'fill', 'stroke', 'strokeBorder'", at: json.location)
                }
                let inside = m["strokeBorder"] != nil
                let p = try paint(m["strokeBorder"] ?? m["stroke"]!)
                let width = try m["lineWidth"].map { try length($0, min: 0) } ?? 1
                return .strokedShape(kind, paint: p, lineWidth: width, inside: inside)
            }
            if let f = m["fill"], let material = Self.material(f) { return .located(.material(material, in: kind), json.location) }
            return .shape(kind, fill: try m["fill"].map(paint))
        case "Material":
            guard let v = m["material"] else { throw missing("material", json, example: "\"material\": \"ultraThinMaterial\"") }
            guard let material = Self.material(v) else {
                throw badValue(
                    "'material' must name a material", v, hint: "one of \(listForHint(Material.allCases.map { "'\($0.styleName)'" }))")
            }
            return .located(.material(material, in: .rectangle), json.location)
        case "Color":
            guard let c = m["color"] else { throw missing("color", json, example: "\"color\": \"red\"") }
            return .paint(try paint(c))
        case "LinearGradient":
            return .paint(try gradient(m, json))
        case "Spacer":
            return .spacer(minLength: try m["minLength"].map { try length($0, min: 0) })
        case "Button":
            var look = ButtonLook()
            if let s = m["style"] {
                look.style = try choice(s, Dictionary(uniqueKeysWithValues: ButtonLook.Style.allCases.map { ($0.rawValue, $0) }))
            }
            if let t = m["tint"] { look.tint = try color(t) }
            if let c = m["controlSize"] {
                look.controlSize = try choice(c, Dictionary(uniqueKeysWithValues: ButtonLook.ControlSize.allCases.map { ($0.rawValue, $0) }))
            }
            if let b = m["borderShape"] { look.borderShape = try borderShape(b) }
            let label: Node
            if let l = m["label"] {
                label = try view(l)
            } else if let t = m["title"] {
                label = .text(try text(t))
            } else {
                throw missing("title", json, example: "\"title\": \"Book\" or \"label\": {view}")
            }
            if let a = m["action"] {
                var count = 0
                let actions = try actionContext().actions(a, schema: schema, count: &count)
                return .modified(
                    .button(label, look),
                    .gesture(GestureSpec(kind: .tap, updating: [], onChanged: [], onEnded: actions, location: a.location, captures: locals)))
            }
            return .button(label, look)
        case "ForEach":
            guard let content = m["content"] else { throw missing("content", json, example: "\"content\": {view}") }
            return try forEach(m, json, content: content)
        case "If":
            guard let c = m["condition"] else { throw missing("condition", json, example: "\"condition\": \"$dragging\"") }
            let condition = try value(c)
            if validating {
                // Both branches are checked, whatever the condition.
                _ = try m["then"].map { try view($0) }
                _ = try m["else"].map { try view($0) }
                return .empty
            }
            let branch = condition.truthy ? "then" : "else"
            return .branch(branch, try m[branch].map { try view($0) } ?? .empty)
        case "GeometryReader":
            guard let content = m["content"] else { throw missing("content", json, example: "\"content\": {view using $width and $height}") }
            if validating {
                var inner = self
                inner.vars["width"] = .unknown
                inner.vars["height"] = .unknown
                _ = try inner.view(content)
                return .empty
            }
            let captured = self
            return .geometryReader { size in
                // Each layout builds the content afresh, from its own copy of the budget.
                var inner = captured
                inner.budget = captured.budget.copy()
                inner.vars["width"] = .number(size.width)
                inner.vars["height"] = .number(size.height)
                return try inner.view(content)
            }
        default:
            return try systemView(type, m, json) ?? .empty
        }
    }

    /// `ForEach`: the content once per element, each with its key (see ``ViewID``): `key`
    /// evaluated for the element, else the element's `id` field, else its position.
    mutating func forEach(_ m: [String: JSONValue], _ json: JSONValue, content: JSONValue) throws -> Node {
        let name = try m["as"].map(string) ?? "item"
        var items: [ScriptValue] = []
        var counted = false
        if let d = m["data"] {
            let v = try value(d)
            if v.isUnknown {
                items = [.unknown]
            } else {
                guard case .array(let a) = v else {
                    throw badValue("'data' must be an array (or a $variable holding one), got \(v.typeName)", d)
                }
                items = a
            }
        } else if let c = m["count"] {
            counted = true
            if try value(c).isUnknown {
                items = [.unknown]
            } else {
                let n = try number(c)
                guard n >= 0, n <= Double(Scene.Limits.views.int), n == n.rounded() else {
                    throw badValue("'count' must be a whole number from 0 to \(Scene.Limits.views.int)", c)
                }
                // While validating, the body is read once: the numbers are not needed.
                items = validating ? [] : (0..<Int(n)).map { .number(Double($0)) }
            }
        } else {
            throw missing("data", json, example: "\"data\": [...] or \"count\": 3")
        }
        if validating {
            // The body is checked once, for an element not known yet.
            if m["key"] == nil, !counted, items.contains(where: { !$0.isUnknown && Self.idField($0) == nil }) {
                warnings?.add(
                    "\(json.location): ForEach has no \"key\" and its elements have no \"id\": each is known by its position, "
                        + "so an element does not keep its identity when one before it is removed; add \"key\": \"$\(name).<field>\"")
            }
            var inner = self
            inner.vars[name] = .unknown
            inner.vars["index"] = .unknown
            if let k = m["key"] { _ = try inner.value(k) }
            _ = try inner.view(content)
            return .empty
        }
        var out: [Node] = []
        var seen: [String: Int] = [:]
        let saved = vars
        defer { vars = saved }
        for (idx, item) in items.enumerated() {
            vars[name] = item
            vars["index"] = .number(Double(idx))
            let key: String
            if let k = m["key"] {
                switch try value(k) {
                case .string(let s): key = s
                case .number(let n): key = fmt(n)
                case let other: throw badValue("a ForEach key must be a string or a number, got \(other.typeName) for element \(idx)", k)
                }
            } else if !counted, let id = Self.idField(item) {
                key = id
            } else {
                key = String(idx)
            }
            if let first = seen[key] {
                throw ProofsheetError.badInput(
                    "elements \(first) and \(idx) of the ForEach have the same key '\(excerpt(key))'", at: (m["key"] ?? json).location,
                    hint: "keys identify elements, so each must be different (as SwiftUI needs for Identifiable data or id:)")
            }
            seen[key] = idx
            out.append(.keyed(key, try view(content)))
        }
        return .group(out)
    }

    /// An element's `id` field as a key, if it has one that is a string or a number.
    static func idField(_ item: ScriptValue) -> String? {
        guard case .object(let o) = item else { return nil }
        switch o["id"] {
        case .string(let s)?: return s
        case .number(let n)?: return fmt(n)
        default: return nil
        }
    }

    func missing(_ key: String, _ json: JSONValue, example: String) -> ProofsheetError {
        .badInput("\(try! string(json["type"]!)) needs '\(key)'", at: json.location, hint: "add \(example)")
    }

    // MARK: - Modifiers

    static let modifierNames: [String] =
        [
            "padding", "frame", "background", "overlay", "cornerRadius", "clipShape", "clipped", "offset",
            "scaleEffect", "rotationEffect", "opacity", "shadow", "blur", "zIndex", "layoutPriority",
            "aspectRatio", "scaledToFill", "scaledToFit", "ignoresSafeArea", "hidden", "id",
            "foregroundColor", "foregroundStyle", "font", "fontWeight", "fontDesign",
            "multilineTextAlignment", "lineLimit", "tint", "animation", "transition", "allowsHitTesting", "contentShape", "gesture", "onTapGesture",
            "alert", "listStyle", "navigationTitle", "navigationBarTitleDisplayMode", "toolbar"
        ] + textAndLayoutModifierNames

    mutating func modifier(_ json: JSONValue, on node: Node) throws -> Node {
        guard case .object(let members) = json.kind, members.count == 1, let (name, v) = members.first.map({ ($0.key, $0.value) }) else {
            throw ProofsheetError.badInput(
                "a modifier is an object with exactly one key, got \(json.typeName == "an object" ? "\(json.typeName) with \(json.objectCount) keys" : json.typeName)",
                at: json.location, hint: "e.g. {\"padding\": 16}; put several modifiers in order in the array")
        }
        func wrap(_ m: Modifier) -> Node { .modified(node, m) }
        // Effects that draw offscreen carry their place, for errors found while drawing them.
        func located(_ m: Modifier) -> Node { .located(.modified(node, m), json.location) }
        switch name {
        case "padding": return wrap(.padding(try paddingInsets(v)))
        case "frame": return wrap(try frame(v))
        case "background", "overlay":
            var content: Node
            var align = Alignment.center
            if case .object = v.kind, v["type"] == nil, let c = v["content"] {
                let o = try object(v, allowed: ["content", "alignment"])
                content = try layer(c)
                if let a = o["alignment"] { align = try alignment(a) }
            } else {
                content = try layer(v)
            }
            return wrap(name == "background" ? .background(content, alignment: align) : .overlay(content, alignment: align))
        case "cornerRadius":
            return wrap(.clipShape(.roundedRectangle(radius: try length(v, min: 0), continuous: true)))
        case "clipShape": return wrap(.clipShape(try shapeKind(v)))
        case "clipped": try flag(v); return wrap(.clipped)
        case "offset":
            let o = try object(v, allowed: ["x", "y"])
            return wrap(.offset(x: try o["x"].map { try length($0) } ?? 0, y: try o["y"].map { try length($0) } ?? 0))
        case "scaleEffect":
            if case .object = v.kind {
                let o = try object(v, allowed: ["scale", "x", "y", "anchor"])
                let s = try o["scale"].map { try number($0, in: -1000...1000) } ?? 1
                return wrap(
                    .scaleEffect(
                        x: try o["x"].map { try number($0, in: -1000...1000) } ?? s, y: try o["y"].map { try number($0, in: -1000...1000) } ?? s,
                        anchor: try o["anchor"].map(unitPoint) ?? .center))
            }
            let s = try number(v, in: -1000...1000)
            return wrap(.scaleEffect(x: s, y: s, anchor: .center))
        case "rotationEffect":
            if case .object = v.kind {
                let o = try object(v, allowed: ["degrees", "anchor"])
                guard let d = o["degrees"] else { throw ProofsheetError.badInput("rotationEffect needs 'degrees'", at: v.location) }
                return wrap(.rotationEffect(degrees: try number(d, in: -100_000...100_000), anchor: try o["anchor"].map(unitPoint) ?? .center))
            }
            return wrap(.rotationEffect(degrees: try number(v, in: -100_000...100_000), anchor: .center))
        case "opacity": return located(.opacity(try number(v, in: 0...1)))
        case "shadow":
            if case .object = v.kind {
                let o = try object(v, allowed: ["color", "radius", "x", "y"])
                return located(
                    .shadow(
                        Shadow(
                            color: try o["color"].map(color) ?? Color.black.opacity(0.33),
                            radius: try o["radius"].map { try number($0, in: 0...500) } ?? 0,
                            x: try o["x"].map { try length($0) } ?? 0, y: try o["y"].map { try length($0) } ?? 0)))
            }
            return located(.shadow(Shadow(color: Color.black.opacity(0.33), radius: try number(v, in: 0...500), x: 0, y: 0)))
        case "blur": return located(.blur(radius: try number(v, in: 0...500)))
        case "zIndex": return wrap(.zIndex(try number(v, in: -1e9...1e9)))
        case "layoutPriority": return wrap(.layoutPriority(try number(v, in: -1e9...1e9)))
        case "aspectRatio":
            let o = try object(v, allowed: ["ratio", "contentMode"])
            let ratio = try o["ratio"].map { try number($0, in: 0.0001...10000) }
            let mode = try o["contentMode"].map { try choice($0, ["fit": ContentMode.fit, "fill": .fill]) } ?? .fit
            return wrap(.aspectRatio(ratio, mode))
        case "scaledToFill": try flag(v); return wrap(.aspectRatio(nil, .fill))
        case "scaledToFit": try flag(v); return wrap(.aspectRatio(nil, .fit))
        case "ignoresSafeArea":
            if case .bool(true) = v.kind { return wrap(.ignoresSafeArea(.all)) }
            return wrap(.ignoresSafeArea(try edges(v)))
        case "hidden": try flag(v); return wrap(.hidden)
        case "id": return wrap(.id(try string(v)))
        case "foregroundColor", "foregroundStyle": return wrap(.environment(.foreground(try paint(v))))
        case "font": return wrap(.environment(.font(try font(v))))
        case "fontWeight": return wrap(.environment(.fontWeight(try weight(v))))
        case "fontDesign": return wrap(.environment(.fontDesign(try design(v))))
        case "multilineTextAlignment":
            return wrap(
                .environment(.multilineTextAlignment(try choice(v, ["leading": TextAlignment.leading, "center": .center, "trailing": .trailing]))))
        case "lineLimit":
            if case .null = v.kind { return wrap(.environment(.lineLimit(nil))) }
            let n = try number(v, in: 1...10_000)
            return wrap(.environment(.lineLimit(Int(n))))
        case "tint": return wrap(.environment(.tint(try color(v))))
        case "animation": return wrap(.animation(try implicitAnimation(v)))
        case "transition": return wrap(.transition(try transition(v)))
        case "allowsHitTesting": return wrap(.allowsHitTesting(try bool(v)))
        case "contentShape": return wrap(.contentShape(try shapeKind(v)))
        case "gesture": return wrap(.gesture(try gesture(v)))
        case "alert":
            let (spec, presented) = try alert(v)
            // Validating: both the alert and nothing are checked.
            let overlay: Node = validating || presented ? .branch("then", spec.node()) : .branch("else", .empty)
            return wrap(.overlay(overlay, alignment: .center))
        case _ where Self.textAndLayoutModifierNames.contains(name):
            return wrap(try textOrLayoutModifier(name, v))
        case "listStyle", "navigationTitle", "navigationBarTitleDisplayMode", "toolbar":
            return try systemModifier(name, v, on: node, at: json)
        case "onTapGesture":
            var count = 0
            let actions = try actionContext().actions(v, schema: schema, count: &count)
            return wrap(.gesture(GestureSpec(kind: .tap, updating: [], onChanged: [], onEnded: actions, location: v.location, captures: locals)))
        default:
            let close = closeNames(to: name, in: Self.modifierNames)
            throw ProofsheetError.badInput(
                "unknown modifier '\(excerpt(name))'", at: json.location.with(path: json.location.jsonPath.member(name)),
                hint: close.isEmpty
                    ? "modifiers: \(Self.modifierNames.joined(separator: ", "))" : "did you mean \(listForHint(close.map { "'\($0)'" }))?")
        }
    }

    /// `{"animation": "easeOut"}` (every change), `{"animation": null}` (none), or
    /// `{"animation": {"curve": "spring()", "value": "=$users"}}` (changes of `value`).
    func implicitAnimation(_ v: JSONValue) throws -> ImplicitAnimation {
        if case .object = v.kind {
            let o = try object(v, allowed: ["curve", "value"])
            guard let c = o["curve"] else {
                throw ProofsheetError.badInput(
                    "an animation needs 'curve'", at: v.location,
                    hint: "{\"curve\": \"spring()\", \"value\": \"=$drag\"}; \"curve\": null turns animation off")
            }
            let watched = try o["value"].map { try value($0).canonicalText }
            return ImplicitAnimation(try animationOrNil(c), value: watched)
        }
        return ImplicitAnimation(try animationOrNil(v), value: nil)
    }

    /// An animation spelled as in SwiftUI, or null for none; a bad spelling is located at its
    /// column in the file.
    func animationOrNil(_ v: JSONValue) throws -> Animation? {
        if case .null = v.kind { return nil }
        guard let text = try stringOrUnknown(v) else { return nil }
        do { return try Animation(spelling: text, sdk: sdk) } catch { throw spellingError(error, in: text, at: v, what: "animation") }
    }

    /// A transition spelled as in SwiftUI: `"opacity"`, `"move(edge: .trailing)"`.
    func transition(_ v: JSONValue) throws -> Transition {
        guard let text = try stringOrUnknown(v) else { return .identity }
        do { return try Transition(spelling: text) } catch { throw spellingError(error, in: text, at: v, what: "transition") }
    }

    func spellingError(_ e: AnimationSpellingError, in text: String, at v: JSONValue, what: String) -> ProofsheetError {
        var at = v.location
        // The string's opening quote is at the value's column: point inside it when on one line.
        if case .string(let raw) = v.kind, raw == text { at.column += e.column }
        return .badInput("bad \(what) '\(excerpt(text))' at column \(e.column) of the spelling: \(e.message)", at: at, hint: e.hint)
    }

    /// A background or overlay: a view object, a paint, a material (which, as SwiftUI's
    /// `background(_:ignoresSafeAreaEdges:)`, reaches into the safe area where the view meets
    /// it), or `{"style": colour or material, "in": shape}` (SwiftUI's `background(_:in:)`).
    mutating func layer(_ v: JSONValue) throws -> Node {
        if case .object = v.kind, v["type"] != nil { return try view(v) }
        if let material = Self.material(v) { return .modified(.located(.material(material, in: .rectangle), v.location), .ignoresSafeArea(.all)) }
        if case .object = v.kind, let style = v["style"] {
            let o = try object(v, allowed: ["style", "in"])
            let kind = try o["in"].map(shapeKind) ?? .rectangle
            if let material = Self.material(style) {
                let drawn = Node.located(.material(material, in: kind), v.location)
                return o["in"] == nil ? .modified(drawn, .ignoresSafeArea(.all)) : drawn
            }
            return .shape(kind, fill: try paint(style))
        }
        return .paint(try paint(v))
    }

    /// The material a JSON string names (`"thinMaterial"`), or nil.
    static func material(_ v: JSONValue) -> Material? {
        guard case .string(let s) = v.kind else { return nil }
        return Material(styleName: s.hasPrefix(".") ? String(s.dropFirst()) : s)
    }

    func flag(_ v: JSONValue) throws {
        guard case .bool(true) = v.kind else {
            throw ProofsheetError.badInput("expected true, got \(v.typeName)", at: v.location, hint: "write the modifier as {\"name\": true}")
        }
    }

    func paddingInsets(_ v: JSONValue) throws -> EdgeInsets {
        // SwiftUI's `.padding(.horizontal)`: an edge name, the default 16 on those edges.
        if case .string(let s) = v.kind, !s.hasPrefix("$"), !s.hasPrefix("=") {
            return EdgeInsets(edges: try edges(v), length: 16)
        }
        if case .array = v.kind { return EdgeInsets(edges: try edges(v), length: 16) }
        switch v.kind {
        case .number, .string: return EdgeInsets(all: try length(v))
        case .bool(true): return EdgeInsets(all: 16)
        case .object:
            let o = try object(v, allowed: ["edges", "length", "top", "leading", "bottom", "trailing", "horizontal", "vertical"])
            var e = EdgeInsets.zero
            if o["edges"] != nil || o["length"] != nil {
                let set = try o["edges"].map(edges) ?? .all
                let l = try o["length"].map { try length($0) } ?? 16
                if set.contains(.top) { e.top = l }
                if set.contains(.bottom) { e.bottom = l }
                if set.contains(.leading) { e.leading = l }
                if set.contains(.trailing) { e.trailing = l }
            }
            if let h = o["horizontal"] { let l = try length(h); e.leading = l; e.trailing = l }
            if let vv = o["vertical"] { let l = try length(vv); e.top = l; e.bottom = l }
            if let x = o["top"] { e.top = try length(x) }
            if let x = o["bottom"] { e.bottom = try length(x) }
            if let x = o["leading"] { e.leading = try length(x) }
            if let x = o["trailing"] { e.trailing = try length(x) }
            return e
        default:
            throw ProofsheetError.badInput(
                "expected a number or an object for padding, got \(v.typeName)", at: v.location,
                hint: "{\"padding\": 16} or {\"padding\": {\"edges\": \"horizontal\", \"length\": 15}}")
        }
    }

    func frame(_ v: JSONValue) throws -> Modifier {
        let flexKeys = ["minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"]
        let o = try object(v, allowed: Set(["width", "height", "alignment"] + flexKeys))
        let align = try o["alignment"].map(alignment) ?? .center
        if flexKeys.contains(where: { o[$0] != nil }) {
            // A fixed width with a max height (or the other way round), as users write it: the
            // fixed axis is pinned (min = ideal = max), which lays out as SwiftUI's two frames.
            for (fixed, axis) in [("width", "Width"), ("height", "Height")] where o[fixed] != nil {
                if let other = ["min", "ideal", "max"].first(where: { o[$0 + axis] != nil }) {
                    throw ProofsheetError.badInput(
                        "a frame has '\(fixed)' or '\(other)\(axis)', not both", at: v.location,
                        hint: "give the \(fixed) as a number, or its limits")
                }
            }
            // Only a maximum may be infinite, as in SwiftUI.
            func lim(_ k: String) throws -> Double? {
                if k.hasSuffix("Width"), let w = o["width"] { return try length(w, min: 0) }
                if k.hasSuffix("Height"), let h = o["height"] { return try length(h, min: 0) }
                return try o[k].map { try length($0, min: 0, allowInfinity: k.hasPrefix("max")) }
            }
            let f = FlexFrame(
                minWidth: try lim("minWidth"), idealWidth: try lim("idealWidth"), maxWidth: try lim("maxWidth"),
                minHeight: try lim("minHeight"), idealHeight: try lim("idealHeight"), maxHeight: try lim("maxHeight"), alignment: align)
            if !validating, let a = f.minWidth, let b = f.maxWidth, a > b {
                throw ProofsheetError.badInput("minWidth \(fmt(a)) is larger than maxWidth \(fmt(b))", at: v.location)
            }
            if !validating, let a = f.minHeight, let b = f.maxHeight, a > b {
                throw ProofsheetError.badInput("minHeight \(fmt(a)) is larger than maxHeight \(fmt(b))", at: v.location)
            }
            return .flexFrame(f)
        }
        return .frame(width: try o["width"].map { try length($0, min: 0) }, height: try o["height"].map { try length($0, min: 0) }, alignment: align)
    }

    // MARK: - Values

    func object(_ v: JSONValue, allowed: Set<String>) throws -> [String: JSONValue] {
        guard case .object(let members) = v.kind else {
            throw ProofsheetError.badInput("expected an object, got \(v.typeName)", at: v.location)
        }
        var out: [String: JSONValue] = [:]
        for (k, val) in members {
            guard allowed.contains(k) else {
                let close = closeNames(to: k, in: allowed)
                throw ProofsheetError.badInput(
                    "unknown key '\(excerpt(k))'", at: val.location,
                    hint: close.isEmpty
                        ? "allowed here: \(allowed.sorted().joined(separator: ", "))" : "did you mean \(listForHint(close.map { "'\($0)'" }))?")
            }
            out[k] = val
        }
        return out
    }

    func members(_ v: JSONValue) throws -> [(key: String, value: JSONValue)] {
        guard case .object(let members) = v.kind else { throw ProofsheetError.badInput("expected an object, got \(v.typeName)", at: v.location) }
        return members
    }

    /// The value of a JSON value: an expression string `"= …"` or `"$var"` is evaluated;
    /// other strings are interpolated (`"${…}"`).
    func value(_ v: JSONValue) throws -> ScriptValue {
        if case .string(let s) = v.kind {
            // Reading a string (an expression, an interpolation) costs its length, and a
            // ForEach reads its content's strings once per item: bounded per scene.
            guard budget.takeStringBytes(s.utf8.count) else {
                throw ProofsheetError.badInput(
                    "the scene reads more than \(Scene.Limits.stringBytes.int) bytes of strings and expressions", at: v.location,
                    hint:
                        "a ForEach reads its content's strings once per item: use smaller counts or shorter strings, or raise the limit with --limit scene-strings=N"
                )
            }
            if Self.reference(s) != nil { return try evaluate(s, at: v) }
            if s.hasPrefix("=") { return try evaluate(String(s.dropFirst()), at: v) }
            // `\=` and `\$` begin a text that starts with `=` or `$`; `\\` one that starts with `\`.
            if s.hasPrefix("\\"), let next = s.dropFirst().first, next == "=" || next == "$" || next == "\\" {
                return .string(try interpolate(String(s.dropFirst()), at: v))
            }
            return .string(try interpolate(s, at: v))
        }
        return ScriptValue(v)
    }

    /// The variable a `"$name.field"` string reads (`name`), or nil if it is not one.
    static func reference(_ s: String) -> Substring? {
        guard s.hasPrefix("$"), !s.dropFirst().isEmpty, s.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else {
            return nil
        }
        return s.dropFirst().split(separator: ".", omittingEmptySubsequences: false).first
    }

    /// The value of `v`, or nil when it is not known yet (while a template is validated).
    func known(_ v: JSONValue) throws -> ScriptValue? {
        let x = try value(v)
        return x.isUnknown ? nil : x
    }

    /// A bad-input error at a use of a value; when the value is read from the state, the
    /// message also says where that value was written (its default, a still or `--set`).
    func badValue(_ message: String, _ v: JSONValue, hint: String? = nil) -> ProofsheetError {
        .badInput(message + originNote(v), at: v.location, hint: hint)
    }

    /// ` (… comes from …)` for a value read from state variables, or "".
    func originNote(_ v: JSONValue) -> String {
        guard case .string(let s) = v.kind, !origins.isEmpty else { return "" }
        var names: [String] = []
        if let name = Self.reference(s) {
            names = [String(name)]
        } else if s.hasPrefix("=") || s.contains("${") {
            // Every state variable the expression reads.
            var rest = Substring(s)
            while let dollar = rest.firstIndex(of: "$") {
                rest = rest[rest.index(after: dollar)...]
                let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                if origins[String(name)] != nil, !names.contains(String(name)) { names.append(String(name)) }
            }
        }
        let notes = names.compactMap { n in origins[n].map { "$\(n) comes from \($0)" } }
        return notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"
    }

    func evaluate(_ source: String, at v: JSONValue) throws -> ScriptValue {
        // What the expression compares or joins is read from the same budget as the strings.
        var work = 0
        defer { _ = budget.takeStringBytes(work) }
        do { return try Expression.evaluate(source, vars: vars, workLimit: budget.stringBytesLeft, work: &work) } catch {
            throw ProofsheetError.badInput(
                "in expression '\(excerpt(source))': \(error.message)\(originNote(v))", at: v.location,
                hint: vars.isEmpty ? "this scene defines no variables (add \"vars\")" : "variables here: \(namesForHint(vars.keys.map { "$" + $0 }))")
        }
    }

    func interpolate(_ s: String, at v: JSONValue) throws -> String {
        guard s.contains("${") else { return s }
        var out = ""
        // The result is bounded like any built string (`text-length`), counted piece by piece.
        let cap = Scene.Limits.textLength.int
        var length = 0
        func append(_ piece: some StringProtocol) throws {
            length += Scene.Limits.characterCount(piece, upTo: cap - length)
            guard length <= cap else {
                throw ProofsheetError.badInput(
                    "the string with its ${…} values is longer than \(cap) characters", at: v.location,
                    hint: "shorten it, or raise the limit with --limit text-length=N")
            }
            out += piece
        }
        // One pass over the bytes (`$`, `{` and `}` are ASCII, so their indices fall between
        // code points): searching the rest of the string anew for each `${` took quadratic time.
        let bytes = s.utf8
        func slice(_ r: Range<String.Index>) -> Substring { Substring(s.unicodeScalars[r]) }
        var literalStart = bytes.startIndex
        var i = bytes.startIndex
        while i != bytes.endIndex {
            let next = bytes.index(after: i)
            // `\${` is a literal `${`.
            if bytes[i] == UInt8(ascii: "\\"), next != bytes.endIndex, bytes[next] == UInt8(ascii: "$"),
                bytes.index(after: next) != bytes.endIndex, bytes[bytes.index(after: next)] == UInt8(ascii: "{")
            {
                try append(slice(literalStart..<i))
                try append("${")
                i = bytes.index(next, offsetBy: 2)
                literalStart = i
                continue
            }
            guard bytes[i] == UInt8(ascii: "$"), next != bytes.endIndex, bytes[next] == UInt8(ascii: "{") else { i = next; continue }
            try append(slice(literalStart..<i))
            let source = bytes.index(after: next)
            guard let end = bytes[source...].firstIndex(of: UInt8(ascii: "}")) else {
                throw ProofsheetError.badInput("unterminated '${' in a string", at: v.location, hint: "write ${$name} with a closing brace")
            }
            try append(try evaluate(String(slice(source..<end)), at: v).text)
            i = bytes.index(after: end)
            literalStart = i
        }
        try append(slice(literalStart..<bytes.endIndex))
        return out
    }

    func string(_ v: JSONValue) throws -> String { try stringOrUnknown(v) ?? "" }

    /// A string, or nil while validating when it depends on the state.
    func stringOrUnknown(_ v: JSONValue) throws -> String? {
        guard let x = try known(v) else { return nil }
        guard case .string(let s) = x else { throw badValue("expected a string, got \(x.typeName)", v) }
        return s
    }

    /// The text of a `Text` or a button title: a string within the `text-length` limit, taken
    /// from the scene's `scene-text` budget.
    func text(_ v: JSONValue) throws -> String {
        let s = try string(v)
        try Scene.Limits.checkText(s, at: v.location)
        guard budget.takeText(Scene.Limits.characterCount(s, upTo: Scene.Limits.textLength.int)) else {
            throw ProofsheetError.badInput(
                "the scene expands to more than \(Scene.Limits.sceneText.int) characters of text", at: v.location,
                hint: "use smaller ForEach counts or shorter texts, or raise the limit with --limit scene-text=N")
        }
        return s
    }

    func bool(_ v: JSONValue) throws -> Bool {
        guard let x = try known(v) else { return false }
        guard case .bool(let b) = x else { throw badValue("expected true or false, got \(x.typeName)", v) }
        return b
    }

    /// A number; while validating, a value depending on the state stands in as the range's
    /// lower bound (or 0).
    func number(_ v: JSONValue, in range: ClosedRange<Double>? = nil) throws -> Double {
        guard let x = try known(v) else { return range?.lowerBound ?? 0 }
        guard case .number(let n) = x else {
            throw badValue(
                "expected a number, got \(x.typeName)", v,
                hint: range.map { "a number from \(exact($0.lowerBound)) to \(exact($0.upperBound))" })
        }
        guard n.isFinite else { throw badValue("expected a finite number", v) }
        if let range, !range.contains(n) {
            throw badValue("\(exact(n)) is out of range", v, hint: "use a number from \(exact(range.lowerBound)) to \(exact(range.upperBound))")
        }
        return n
    }

    /// A number for a message: `fmt`'s short form when that is the number itself, else all its
    /// digits, so a bound such as 0.0001 is not shown as 0 (which it refuses).
    func exact(_ v: Double) -> String {
        let short = fmt(v)
        return Double(short) == v ? short : "\(v)"
    }

    /// A length in points, within ±`Scene.Limits.maxLength` (or "infinity" where allowed).
    func length(_ v: JSONValue, min: Double = -Scene.Limits.maxLength, allowInfinity: Bool = false) throws -> Double {
        if case .string(let s) = v.kind, !s.hasPrefix("$"), !s.hasPrefix("=") {
            if allowInfinity, s == "infinity" || s == ".infinity" { return .infinity }
            throw ProofsheetError.badInput(
                "'\(excerpt(s))' is not a length", at: v.location,
                hint: allowInfinity ? "a number of points, or \"infinity\"" : "a number of points (only maxWidth and maxHeight may be \"infinity\")")
        }
        return try number(v, in: min...Scene.Limits.maxLength)
    }

    func choice<T>(_ v: JSONValue, _ options: [String: T]) throws -> T {
        guard let s = try stringOrUnknown(v) else { return options[options.keys.min()!]! }
        if let t = options[s] { return t }
        let close = closeNames(to: s, in: options.keys)
        throw badValue(
            "'\(excerpt(s))' is not a valid value here", v,
            hint: close.isEmpty
                ? "use one of \(listForHint(options.keys.sorted().map { "'\($0)'" }))"
                : "did you mean \(listForHint(close.map { "'\($0)'" }))?"
                    + (options.count <= 12 ? " (one of \(listForHint(options.keys.sorted().map { "'\($0)'" })))" : ""))
    }

    func unitPoint(_ v: JSONValue) throws -> UnitPoint {
        if case .object = v.kind {
            let o = try object(v, allowed: ["x", "y"])
            return UnitPoint(x: try o["x"].map { try number($0, in: -100...100) } ?? 0.5, y: try o["y"].map { try number($0, in: -100...100) } ?? 0.5)
        }
        return try choice(v, UnitPoint.named)
    }

    func alignment(_ v: JSONValue) throws -> Alignment { try choice(v, UnitPoint.named) }

    func edges(_ v: JSONValue) throws -> Edges {
        let names: [String: Edges] = [
            "all": .all, "top": .top, "bottom": .bottom, "leading": .leading, "trailing": .trailing, "horizontal": .horizontal, "vertical": .vertical
        ]
        if case .array(let list) = v.kind { return try list.reduce(into: Edges()) { $0.formUnion(try choice($1, names)) } }
        if case .string(let s) = v.kind, !s.hasPrefix("$"), !s.hasPrefix("="), names[s] == nil {
            throw badValue(
                "'\(excerpt(s))' is not an edge", v,
                hint: (closeNames(to: s, in: names.keys).first.map { "did you mean '\($0)'? " } ?? "")
                    + "one of all, top, bottom, leading, trailing, horizontal, vertical, or an array of them")
        }
        return try choice(v, names)
    }

    func insets(_ v: JSONValue) throws -> EdgeInsets {
        let o = try object(v, allowed: ["top", "leading", "bottom", "trailing"])
        return EdgeInsets(
            top: try o["top"].map { try length($0, min: 0) } ?? 0, leading: try o["leading"].map { try length($0, min: 0) } ?? 0,
            bottom: try o["bottom"].map { try length($0, min: 0) } ?? 0, trailing: try o["trailing"].map { try length($0, min: 0) } ?? 0)
    }

    func color(_ v: JSONValue) throws -> Color {
        if case .object = v.kind {
            let o = try object(v, allowed: ["color", "opacity", "red", "green", "blue"])
            var c: Color
            if let base = o["color"] {
                c = try color(base)
            } else {
                c = Color(
                    red: try o["red"].map { try number($0, in: 0...1) } ?? 0, green: try o["green"].map { try number($0, in: 0...1) } ?? 0,
                    blue: try o["blue"].map { try number($0, in: 0...1) } ?? 0)
            }
            if let op = o["opacity"] { c = c.opacity(try number(op, in: 0...1)) }
            return c
        }
        guard let s = try stringOrUnknown(v) else { return .black }
        guard let c = Color.parse(s) else {
            let close = Color.closeNames(to: s)
            throw badValue(
                "'\(excerpt(s))' is not a colour", v,
                hint: (close.isEmpty ? "" : "did you mean \(listForHint(close.map { "'\($0)'" }))? ")
                    + "use a SwiftUI or UIKit colour name (`proofsheet colors` lists them), #RGB, #RRGGBB or #RRGGBBAA")
        }
        return c
    }

    func paint(_ v: JSONValue) throws -> Paint {
        if case .object = v.kind, let g = v["linearGradient"] {
            _ = try object(v, allowed: ["linearGradient"])
            return try gradient(try object(g, allowed: ["colors", "stops", "startPoint", "endPoint"]), g)
        }
        return .color(try color(v))
    }

    func gradient(_ m: [String: JSONValue], _ json: JSONValue) throws -> Paint {
        var stops: [GradientStop] = []
        if let c = m["colors"] {
            guard case .array(let list) = c.kind, list.count >= 2 else {
                throw ProofsheetError.badInput("'colors' must be an array of at least two colours", at: c.location)
            }
            stops = try list.enumerated().map { GradientStop(color: try color($1), location: Double($0) / Double(list.count - 1)) }
        } else if let s = m["stops"] {
            guard case .array(let list) = s.kind, list.count >= 2 else {
                throw ProofsheetError.badInput("'stops' must be an array of at least two {color, location}", at: s.location)
            }
            stops = try list.map {
                let o = try object($0, allowed: ["color", "location"])
                guard let c = o["color"], let l = o["location"] else {
                    throw ProofsheetError.badInput("a stop needs 'color' and 'location'", at: $0.location)
                }
                return GradientStop(color: try color(c), location: try number(l, in: 0...1))
            }
        } else {
            throw ProofsheetError.badInput("a gradient needs 'colors'", at: json.location, hint: "\"colors\": [\"red\", \"green\"]")
        }
        return .linearGradient(stops: stops, start: try m["startPoint"].map(unitPoint) ?? .top, end: try m["endPoint"].map(unitPoint) ?? .bottom)
    }

    func shapeKind(_ v: JSONValue) throws -> ShapeKind {
        if case .object = v.kind {
            let o = try object(v, allowed: ["roundedRectangle", "style"])
            guard let r = o["roundedRectangle"] else { throw ProofsheetError.badInput("expected {\"roundedRectangle\": radius}", at: v.location) }
            let cont = try o["style"].map { try choice($0, ["continuous": true, "circular": false]) } ?? true
            return .roundedRectangle(radius: try length(r, min: 0), continuous: cont)
        }
        return try choice(v, ["rectangle": ShapeKind.rectangle, "circle": .circle, "ellipse": .ellipse, "capsule": .capsule])
    }

    func borderShape(_ v: JSONValue) throws -> ButtonLook.BorderShape {
        if case .object = v.kind {
            let o = try object(v, allowed: ["roundedRectangle"])
            guard let r = o["roundedRectangle"] else { throw ProofsheetError.badInput("expected {\"roundedRectangle\": radius}", at: v.location) }
            return .roundedRectangle(radius: try length(r, min: 0))
        }
        return try choice(v, ["automatic": ButtonLook.BorderShape.automatic, "capsule": .capsule, "roundedRectangle": .roundedRectangle(radius: nil)])
    }

    func weight(_ v: JSONValue) throws -> Int {
        if case .number = v.kind { return Int(try number(v, in: 100...900)) }
        return try choice(v, FontSpec.weights)
    }

    func design(_ v: JSONValue) throws -> FontSpec.Design {
        try choice(v, Dictionary(uniqueKeysWithValues: FontSpec.Design.allCases.map { ($0.rawValue, $0) }))
    }

    func font(_ v: JSONValue) throws -> FontSpec {
        if case .string = v.kind {
            return try choice(v, Dictionary(uniqueKeysWithValues: FontSpec.textStyles.keys.map { ($0, FontSpec.style($0)!) }))
        }
        let o = try object(v, allowed: ["style", "size", "weight", "design"])
        var f: FontSpec
        if let s = o["style"] {
            if o["size"] != nil { throw ProofsheetError.badInput("a font has a 'style' or a 'size', not both", at: v.location) }
            f = try font(s)
        } else if let s = o["size"] {
            f = FontSpec(size: try number(s, in: 1...1000))
        } else {
            throw ProofsheetError.badInput(
                "a font needs a 'style' or a 'size'", at: v.location, hint: "{\"style\": \"headline\", \"design\": \"rounded\"} or {\"size\": 30}")
        }
        if let w = o["weight"] { f.weight = try weight(w) }
        if let d = o["design"] { f.design = try design(d) }
        return f
    }

    func assetName(_ v: JSONValue) throws -> String {
        guard let name = try stringOrUnknown(v) else { return "?" }
        guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains(".."), !name.contains("\0") else {
            throw badValue(
                "image name '\(excerpt(name))' may not be absolute or contain '..'", v,
                hint: "name an image inside an asset root: the scene's folder, the built-in assets, or --assets DIR")
        }
        return name
    }
}

extension JSONValue {
    var objectCount: Int { if case .object(let m) = kind { return m.count }; return 0 }
}

extension SourceLocation {
    func with(path: JSONPath) -> SourceLocation { SourceLocation(file: file, jsonPath: path, line: line, column: column) }
}

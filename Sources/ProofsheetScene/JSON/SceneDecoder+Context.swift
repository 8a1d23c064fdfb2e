import Foundation
import Synchronization
import ProofsheetCore
import ProofsheetMotion

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
    /// Whether any of its limits is passed.
    var isSpent: Bool {
        lock.lock(); defer { lock.unlock() }
        return remaining < 0 || remainingText < 0 || remainingStringBytes < 0
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
    /// What is left: views and modifiers, characters of text, bytes of strings.
    var left: (views: Int, text: Int, stringBytes: Int) {
        lock.lock(); defer { lock.unlock() }
        return (remaining, remainingText, remainingStringBytes)
    }
    /// Takes all of `cost` when all of it is left, else nothing; false then.
    func take(_ cost: ReadCost) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard cost.views <= remaining, cost.text <= remainingText, cost.stringBytes <= remainingStringBytes else { return false }
        remaining -= cost.views; remainingText -= cost.text; remainingStringBytes -= cost.stringBytes
        return true
    }
    /// Takes `n` characters of text from the budget; false when it is spent.
    func takeText(_ n: Int) -> Bool {
        lock.lock(); defer { lock.unlock() }
        remainingText -= n
        return remainingText >= 0
    }
}

/// The located errors a template's validation found and went on past, in the file's order.
final class ErrorLog: Sendable {
    /// The most errors one file reports at once.
    static let most = 20
    private let errors = Mutex<[ProofsheetError]>([])
    var all: [ProofsheetError] { errors.withLock { $0 } }
    /// Records `e`; false when the log is full (the error is then thrown as it is).
    func add(_ e: ProofsheetError) -> Bool {
        errors.withLock { list in
            guard list.count < Self.most - 1 else { return false }
            list.append(e)
            return true
        }
    }
}

/// The state of one decoding: variables in scope, the budget of views and the nesting depth.
struct Context {
    let file: String?
    var vars: [String: ScriptValue] = [:]
    var budget = ViewBudget()
    var depth = 0
    /// The deepest `depth` reached (what a part read once nests, see ``ReadCost``).
    var deepest = 0
    /// The parts of the scene made once (see ``ReadOnceParts``): kept while a template is
    /// validated, taken as they are while it is instantiated.
    var readOnce: ReadOnceParts?
    /// Validating inside a part made once: no part inside it is kept.
    var insideFixedPart = false
    /// The views being read are a list's (or a form's) rows: a `Label`'s icon takes the accent
    /// colour there.
    var inList = false
    /// Checking a template: the state is unknown, both branches of every `If` are read, a
    /// `ForEach` body once.
    var validating = false
    /// Where the state's values came from, so an error at a use names where it was written.
    var origins: [String: ValueOrigin] = [:]
    /// Where validation notes what it does not refuse.
    var warnings: WarningLog?
    /// Where validation keeps the errors it goes on past (nil: the first is thrown).
    var errors: ErrorLog?
    /// The declared state, for the actions of gestures and buttons.
    var schema = StateSchema(variables: [], constants: [])
    /// The custom views the scene defines and imports (see ``ComponentDefinition``).
    var components = ComponentLibrary()
    /// Most `.strings` and `.xcstrings` files one scene may read.
    static let maxStringFiles = 64
    /// The scene's string tables when its template has read them already.
    var readStringTables: [String: [String: String]]?
    /// The components being expanded, outermost first (a component may not contain itself).
    var componentStack: [String] = []
    /// The trees of the scene's expressions, read once with the template.
    var expressions = ExpressionTrees()
    /// The animations and transitions it spells, parsed once with the template.
    var spellings = Spellings()

    init(file: String?) { self.file = file }

    static let sceneKeys: Set<String> = [
        "canvas", "scale", "background", "state", "vars", "stills", "timelines", "markers", "sdk", "root", "$schema", "comment", "title",
        "chrome", "components", "import", "colorScheme", "dynamicTypeSize", "layoutDirection", "accessibility", "locale", "strings"
    ]
    /// The device the scene is shown on when not the canvas's own (`--device`): `$device`
    /// describes it.
    var device: Device?
    /// The environment the scene is shown in where not its own (`--color-scheme`,
    /// `--dynamic-type`): `$env` says it, and the scene takes it.
    var variant = Variant.none
    /// The text size the scene is shown at (read with its vars): `{"scaledMetric": …}` scales by it.
    var dynamicTypeSize = DynamicTypeSize.large
    /// What `.spring()` and `.default` mean in this scene's animations (the `"sdk"` option).
    var sdk = AnimationSDK.ios17

    /// Whether `e`, thrown while reading one view or modifier, is kept for later so that the
    /// views after it are checked too: while validating a scene's own views (a component's
    /// errors name where it is used), for a located error of the input, while views and
    /// nesting are within their limits.
    func keeps(_ e: ProofsheetError) -> Bool {
        guard validating, componentStack.isEmpty, let errors, e.kind == .badInput, e.location != nil, !budget.isSpent, depth < Scene.Limits.depth.int
        else { return false }
        return errors.add(e)
    }

    // MARK: - Scene

    mutating func scene(_ json: JSONValue) throws -> Scene {
        let m = try object(json, allowed: Self.sceneKeys)
        if let s = m["sdk"] { sdk = try choice(s, Self.options(AnimationSDK.self)) }
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
        scene.rootLocation = m["root"]?.location
        if !validating { try scene.validateSize(at: m["scale"]?.location ?? canvas.location) }
        // Read after the size is checked: a canvas of its own size may still be shown on a
        // device (`--device`), which is when chrome is checked.
        if let c = m["chrome"] { scene.chrome = try chrome(c) }
        if let c = m["colorScheme"] {
            scene.colorScheme = try choice(c, Self.colorSchemes)
        }
        if let d = m["dynamicTypeSize"] { scene.dynamicTypeSize = try dynamicTypeSize(d) }
        if let d = m["layoutDirection"] { scene.layoutDirection = try layoutDirection(d) }
        if let a = m["accessibility"] { scene.accessibility = try accessibility(a) }
        if let l = m["locale"] { scene.localization.locale = try locale(l) }
        if let t = m["strings"] { scene.localization.tables = try readStringTables ?? stringTables(t) }
        scene = variant.apply(scene)
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
        let typeSize = effectiveDynamicTypeSize(m)
        dynamicTypeSize = typeSize
        // Made from the scene's own settings, the variant and the device: kept with the parts
        // made once for the device and variant when the device is given or named (a canvas of
        // its own size may read the state).
        if let parts = readOnce, device != nil || m["canvas"].map({ if case .string = $0.kind { true } else { false } }) == true {
            vars["env"] = parts.value(of: .env) { environmentValue(m, typeSize) }
        } else {
            vars["env"] = environmentValue(m, typeSize)
        }
        if let v = m["vars"] {
            for (k, val) in try members(v) {
                if k == "device" || k == "env" {
                    throw ProofsheetError.badInput(
                        "'\(k)' is a name the scene reserves ($device describes the device, $env the environment)", at: val.location,
                        hint: "choose another name")
                }
                if case .string = val.kind { vars[k] = try value(val) } else { vars[k] = ScriptValue(val) }
            }
        }
    }

    /// `$env`: the environment the scene is shown in, as its own keys and the variant set it.
    func environmentValue(_ m: [String: JSONValue], _ typeSize: DynamicTypeSize) -> ScriptValue {
        var env: [String: ScriptValue] = [
            "colorScheme": .string(effectiveColorScheme(m).rawValue),
            "dynamicTypeSize": .string(typeSize.rawValue), "isAccessibilitySize": .bool(typeSize.isAccessibilitySize),
            "layoutDirection": .string(effectiveLayoutDirection(m).rawValue)
        ]
        // SwiftUI's names: `accessibilityReduceTransparency`, `accessibilityReduceMotion`,
        // `legibilityWeight` ("bold" with Bold Text, else "regular") and `colorSchemeContrast`
        // ("increased" with Increase Contrast, else "standard").
        let settings = effectiveAccessibility(m)
        env["accessibilityReduceTransparency"] = .bool(settings.reduceTransparency)
        env["accessibilityReduceMotion"] = .bool(settings.reduceMotion)
        env["legibilityWeight"] = .string(settings.boldText ? "bold" : "regular")
        env["colorSchemeContrast"] = .string(settings.contrast.rawValue)
        let locale = effective(variant.locale, "locale", m, { Localization.isValidTag($0) ? $0 : nil }, default: "")
        env["locale"] = locale.isEmpty ? .null : .string(locale)
        // The size classes of the device the scene is shown on, as `$device` has them.
        if case .object(let d) = vars["device"] {
            for key in ["horizontalSizeClass", "verticalSizeClass"] { env[key] = d[key] ?? .unknown }
        }
        return .object(env)
    }

    /// A setting the scene is shown in, for `$env` (read with the vars, before the scene's keys
    /// are checked): the one given from outside, else the scene's own `key` where it reads,
    /// else the default. A bad value is reported when the key is read for the scene.
    func effective<T>(_ outside: T?, _ key: String, _ m: [String: JSONValue], _ parse: (String) -> T?, default value: T) -> T {
        if let outside { return outside }
        if case .string(let name)? = m[key]?.kind, let t = parse(name) { return t }
        return value
    }

    func effectiveColorScheme(_ m: [String: JSONValue]) -> ColorScheme {
        effective(variant.colorScheme, "colorScheme", m, { ColorScheme(rawValue: $0.hasPrefix(".") ? String($0.dropFirst()) : $0) }, default: .light)
    }

    /// The accessibility settings the scene is shown with: its own `"accessibility"` (when it
    /// reads), with the ones given from outside over them.
    func effectiveAccessibility(_ m: [String: JSONValue]) -> AccessibilitySettings {
        var s = AccessibilitySettings()
        if let a = m["accessibility"], case .object = a.kind {
            func flag(_ key: String) -> Bool { if case .bool(let b)? = a[key]?.kind { return b }; return false }
            s = AccessibilitySettings(
                reduceTransparency: flag("reduceTransparency"), reduceMotion: flag("reduceMotion"), boldText: flag("boldText"),
                increaseContrast: flag("increaseContrast"))
        }
        return variant.apply(s)
    }

    func effectiveLayoutDirection(_ m: [String: JSONValue]) -> LayoutDirection {
        effective(variant.layoutDirection, "layoutDirection", m, LayoutDirection.named, default: .leftToRight)
    }

    func effectiveDynamicTypeSize(_ m: [String: JSONValue]) -> DynamicTypeSize {
        effective(variant.dynamicTypeSize, "dynamicTypeSize", m, DynamicTypeSize.named, default: .large)
    }
}

import Foundation
import ProofsheetCore

/// A custom view a scene file defines under `"components"` (or imports from another file with
/// `"import"`): a name, typed parameters with defaults, and a body, used like a built-in view —
/// `{"type": "CardView", "title": "$trip.destination"}`.
///
/// The body reads its parameters only (as a SwiftUI `View` struct reads its properties); the
/// use site's modifiers wrap the body's, so a component expands to the very views it was
/// written for and keeps their identity (see ``ViewID``).
struct ComponentDefinition: Sendable {
    struct Parameter: Sendable {
        var name: String
        var type: StateType
        /// The value when the use site gives none; nil: the use site must give one.
        var defaultValue: ScriptValue?
        var location: SourceLocation
    }
    var name: String
    var parameters: [Parameter]
    var body: JSONValue
    /// Where the definition is written (its name's value).
    var location: SourceLocation

    func parameter(_ name: String) -> Parameter? { parameters.first { $0.name == name } }
}

/// The components a scene can use: its own and those of the files it imports, by name.
struct ComponentLibrary: Sendable {
    var definitions: [String: ComponentDefinition] = [:]

    static let fileKeys: Set<String> = ["components", "import", "comment", "$schema"]
    /// Most files one scene may import, all levels together.
    static let maxImports = 64

    /// The components of a scene file (`m` its members) and of everything it imports; `folder`
    /// is where its imports are looked for.
    static func load(_ m: [String: JSONValue], folder: String, file: String?) throws -> ComponentLibrary {
        var library = ComponentLibrary()
        var loading: [String] = file.map { [Self.canonical($0)] } ?? []
        var count = 0
        library.root = SceneFiles.real(folder.isEmpty ? "." : folder)
        try library.add(m, folder: folder, loading: &loading, count: &count)
        return library
    }

    /// The scene's folder, links resolved: every import, at every level, must be a file in it or
    /// below it once its links are resolved (a link out of the folder, to a file or through a
    /// folder, is refused before the file is read).
    private var root: String? = nil

    /// Adds the definitions of one file, then those of its imports (depth first).
    private mutating func add(_ m: [String: JSONValue], folder: String, loading: inout [String], count: inout Int) throws {
        if let c = m["components"] {
            guard case .object(let members) = c.kind else {
                throw ProofsheetError.badInput(
                    "'components' must be an object of named components, got \(c.typeName)", at: c.location,
                    hint: "\"components\": {\"CardView\": {\"parameters\": {\"title\": \"string\"}, \"body\": {view}}}")
            }
            for (name, def) in members { try define(name, def) }
        }
        guard let imports = m["import"] else { return }
        guard case .array(let list) = imports.kind else {
            throw ProofsheetError.badInput(
                "'import' must be an array of file names, got \(imports.typeName)", at: imports.location,
                hint: "\"import\": [\"cards.json\"]")
        }
        for item in list {
            guard case .string(let name) = item.kind else {
                throw ProofsheetError.badInput(
                    "an import is a file name, got \(item.typeName)", at: item.location, hint: "\"import\": [\"cards.json\"]")
            }
            let path = try SceneFiles.path(
                name, in: folder, root: root, at: item.location, what: "import", example: "\"components/cards.json\"")
            let key = Self.canonical(path)
            if let start = loading.firstIndex(of: key) {
                let cycle = (loading[start...] + [key]).map { ($0 as NSString).lastPathComponent }.joined(separator: " → ")
                throw ProofsheetError.badInput(
                    "import cycle: \(cycle)", at: item.location, hint: "a file may not import itself, directly or through others")
            }
            count += 1
            guard count <= Self.maxImports else {
                throw ProofsheetError.badInput(
                    "the scene imports more than \(Self.maxImports) files", at: item.location, hint: "merge component files")
            }
            // The file is named by the import that asks for it.
            let bytes = try SceneFiles.read(path, name: name, at: item.location, failure: "cannot import")
            let json = try JSONReader.parse(bytes, file: path)
            let members = try Context(file: path).object(json, allowed: Self.fileKeys)
            loading.append(key)
            try add(members, folder: (path as NSString).deletingLastPathComponent, loading: &loading, count: &count)
            loading.removeLast()
        }
    }

    /// Reads one definition: `{"parameters": {…}, "body": {view}}`.
    private mutating func define(_ name: String, _ def: JSONValue) throws {
        guard let first = name.unicodeScalars.first, CharacterSet.uppercaseLetters.contains(first),
            name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else {
            throw ProofsheetError.badInput(
                "'\(excerpt(name))' cannot name a component", at: def.location,
                hint: "start with a capital letter and use letters, digits and '_' (as a Swift type: CardView)")
        }
        if Context.viewTypes[name] != nil {
            throw ProofsheetError.badInput(
                "'\(name)' is a built-in view; a component cannot take its name", at: def.location, hint: "choose another name, e.g. My\(name)")
        }
        if let earlier = definitions[name] {
            throw ProofsheetError.badInput(
                "the component '\(name)' is defined twice: here and at \(earlier.location)", at: def.location,
                hint: "rename one of them")
        }
        let ctx = Context(file: def.location.file)
        let o = try ctx.object(def, allowed: ["parameters", "body", "comment"])
        guard let body = o["body"] else {
            throw ProofsheetError.badInput(
                "the component '\(name)' needs a 'body'", at: def.location, hint: "\"body\": {\"type\": \"Text\", \"text\": \"$title\"}")
        }
        var parameters: [ComponentDefinition.Parameter] = []
        if let p = o["parameters"] {
            for (pname, spec) in try ctx.members(p) {
                guard !pname.isEmpty, pname.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !pname.first!.isNumber else {
                    throw ProofsheetError.badInput(
                        "'\(excerpt(pname))' cannot name a parameter", at: spec.location,
                        hint: "use letters, digits and '_', not starting with a digit (it is read as $\(excerpt(pname)))")
                }
                guard !["type", "modifiers", "width", "height"].contains(pname) else {
                    throw ProofsheetError.badInput(
                        "'\(pname)' cannot name a parameter: the scene format reserves it", at: spec.location, hint: "choose another name")
                }
                // `"string"` (given at every use) or `{"type": "string", "default": "…"}`.
                if case .object = spec.kind, let t = spec["type"] {
                    let so = try ctx.object(spec, allowed: ["type", "default", "comment"])
                    let type = try StateType.parse(t)
                    let d = try so["default"].map { try type.value(of: $0) } ?? (type.isOptional ? ScriptValue.null : nil)
                    parameters.append(.init(name: pname, type: type, defaultValue: d, location: spec.location))
                } else {
                    let type = try StateType.parse(spec)
                    parameters.append(.init(name: pname, type: type, defaultValue: type.isOptional ? .null : nil, location: spec.location))
                }
            }
        }
        definitions[name] = ComponentDefinition(name: name, parameters: parameters, body: body, location: def.location)
    }

    /// A path's canonical form, so two spellings of one file are seen as one.
    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}

extension Context {
    /// The body of `definition` for a use (`json`, its members `m`): the arguments are read in
    /// the use site's scope and checked against the parameters' types, the body in a scope of
    /// its parameters only. An error inside the body names the use site too.
    mutating func component(_ definition: ComponentDefinition, _ m: [String: JSONValue], _ json: JSONValue) throws -> Node {
        let use = json.location
        if componentStack.contains(definition.name) {
            throw ProofsheetError.badInput(
                "the component '\(definition.name)' uses itself (\((componentStack + [definition.name]).joined(separator: " → ")))",
                at: use, hint: "a component's body may not contain the component, directly or through others")
        }
        var args: [String: ScriptValue] = [:]
        for p in definition.parameters {
            if let a = m[p.name] {
                let v = try value(a)
                guard p.type.accepts(v) else {
                    throw badValue(
                        "the argument '\(p.name)' of \(definition.name) is \(v.typeName), not \(p.type)", a,
                        hint: "the parameter is declared at \(p.location)")
                }
                args[p.name] = v
            } else if let d = p.defaultValue {
                args[p.name] = d
            } else {
                throw ProofsheetError.badInput(
                    "\(definition.name) needs '\(p.name)' (\(p.type))", at: use,
                    hint: "add \"\(p.name)\": …; the parameter is declared at \(p.location)")
            }
        }
        var inner = self
        inner.vars = args
        inner.origins = [:]
        inner.componentStack.append(definition.name)
        do {
            return try inner.view(definition.body)
        } catch var e as ProofsheetError {
            let note = " (in \(definition.name), used at \(use))"
            if !e.message.hasSuffix(note) { e.message += note }
            throw e
        }
    }

    /// Checks every definition once, whoever uses it, with its parameters unknown.
    func validateComponents() throws {
        for name in components.definitions.keys.sorted() {
            let d = components.definitions[name]!
            var inner = self
            inner.validating = true
            inner.vars = Dictionary(uniqueKeysWithValues: d.parameters.map { ($0.name, ScriptValue.unknown) })
            inner.origins = [:]
            inner.componentStack = [d.name]
            _ = try inner.view(d.body)
        }
    }
}

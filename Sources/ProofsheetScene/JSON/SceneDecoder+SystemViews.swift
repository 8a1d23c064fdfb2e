import ProofsheetCore

/// The scene format's system views: `List`, `Form`, `Section`, `ScrollView`, `Divider`, `Label`,
/// `Toggle`, `TextField` and `NavigationStack`, built by ``SystemViews``.
extension Context {
    static let systemViewTypes: [String: Set<String>] = [
        "List": ["style", "contentOffset", "children"],
        "Form": ["contentOffset", "children"],
        "Section": ["header", "footer", "children"],
        "ScrollView": ["axis", "contentOffset", "children"],
        "Divider": [],
        "Label": ["title", "systemImage", "icon"],
        "Toggle": ["title", "label", "isOn"],
        "TextField": ["prompt", "text", "style"],
        "NavigationStack": ["title", "titleDisplayMode", "toolbar", "toolbarVisibility", "content"]
    ]

    static func options<T: RawRepresentable & CaseIterable>(_: T.Type) -> [String: T] where T.RawValue == String {
        Dictionary(uniqueKeysWithValues: T.allCases.map { ($0.rawValue, $0) })
    }

    /// A system view of type `type` (one of ``systemViewTypes``), or nil for other types.
    mutating func systemView(_ type: String, _ m: [String: JSONValue], _ json: JSONValue) throws -> Node? {
        switch type {
        case "List":
            var style = try m["style"].map { try choice($0, Self.listStyles) } ?? .automatic
            // SwiftUI's spelling, `.listStyle(.plain)`, among the list's own modifiers.
            if case .array(let mods)? = m["modifiers"]?.kind {
                for mod in mods { if let v = mod["listStyle"] { style = try choice(v, Self.listStyles) } }
            }
            let outer = inList
            inList = true
            defer { inList = outer }
            return SystemViews.list(style: style, offset: try contentOffset(m), children: try children(m))
        case "Form":
            // iOS draws a form as an inset-grouped list.
            let outer = inList
            inList = true
            defer { inList = outer }
            return SystemViews.list(style: .insetGrouped, offset: try contentOffset(m), children: try children(m))
        case "Section":
            return .section(header: try sectionPart(m["header"]), footer: try sectionPart(m["footer"]), children: try children(m))
        case "ScrollView":
            let axis = try m["axis"].map { try choice($0, Self.scrollAxes) } ?? .vertical
            return .scrollView(axis: axis, offset: try contentOffset(m), children: try children(m))
        case "Divider":
            return .divider
        case "Label":
            guard let t = m["title"] else { throw missing("title", json, example: "\"title\": \"Favourites\"") }
            let icon: Node
            if let s = m["systemImage"] {
                guard m["icon"] == nil else {
                    throw ProofsheetError.badInput("a Label has 'systemImage' or 'icon', not both", at: json.location)
                }
                guard let name = try stringOrUnknown(s) else { return .empty }
                _ = try SymbolCatalog.layers(for: name, at: s.location)
                icon = .located(.symbol(name: name), s.location)
            } else if let i = m["icon"] {
                icon = try view(i)
            } else {
                throw missing("systemImage", json, example: "\"systemImage\": \"star\" or \"icon\": {view}")
            }
            return SystemViews.label(title: .text(try text(t)), icon: icon, inList: inList)
        case "Toggle":
            let label = try labelOrTitle(m, json, title: "Wi-Fi")
            guard let on = m["isOn"] else { throw missing("isOn", json, example: "\"isOn\": true or \"isOn\": \"$wifi\"") }
            return SystemViews.toggle(label: label, isOn: try bool(on))
        case "TextField":
            let style = try m["style"].map { try choice($0, Self.textFieldStyles) } ?? false
            return SystemViews.textField(
                prompt: try m["prompt"].map { try text($0) } ?? "", text: try m["text"].map { try text($0) } ?? "", roundedBorder: style)
        case "NavigationStack":
            guard let c = m["content"] else { throw missing("content", json, example: "\"content\": {view}") }
            var bar = NavigationBarSpec()
            if let t = m["title"] { bar.title = try text(t) }
            if let d = m["titleDisplayMode"] { bar.displayMode = try choice(d, Self.titleDisplayModes) }
            if let v = m["toolbarVisibility"] { bar.hidden = try visibility(v) }
            if let t = m["toolbar"] { bar.items = try toolbarItems(t) }
            // SwiftUI's spellings: `navigationTitle`, `navigationBarTitleDisplayMode` and
            // `toolbar` (items, or `"hidden"`) among the content's own modifiers.
            let (content, barModifiers) = Self.splitBarModifiers(c)
            for (name, v) in barModifiers {
                switch name {
                case "navigationTitle": bar.title = try text(v)
                case "navigationBarTitleDisplayMode": bar.displayMode = try choice(v, Self.titleDisplayModes)
                default:
                    if case .array = v.kind { bar.items = try toolbarItems(v) } else { bar.hidden = try visibility(v) }
                }
            }
            return SystemViews.navigationStack(bar, content: try view(content))
        default:
            return nil
        }
    }

    /// `automatic`, `visible` or `hidden`: whether the bar is hidden.
    func visibility(_ v: JSONValue) throws -> Bool { try choice(v, Self.visibilities) }

    static let visibilities = ["automatic": false, "visible": false, "hidden": true]
    static let listStyles = options(ListStyle.self)
    /// A text field's styles: whether each draws a rounded border.
    static let textFieldStyles = ["automatic": false, "plain": false, "roundedBorder": true]

    /// `[{"placement": "topBarTrailing", "content": {view}}]`.
    mutating func toolbarItems(_ t: JSONValue) throws -> [(placement: ToolbarPlacement, view: Node)] {
        guard case .array(let list) = t.kind, list.count <= 16 else {
            throw ProofsheetError.badInput(
                "'toolbar' is an array of at most 16 items (or, as a modifier, \"hidden\")", at: t.location,
                hint: "[{\"placement\": \"topBarTrailing\", \"content\": {view}}]")
        }
        return try list.map { itemJSON in
            let o = try object(itemJSON, allowed: ["placement", "content"])
            guard let content = o["content"] else {
                throw ProofsheetError.badInput("a toolbar item needs 'content'", at: itemJSON.location, hint: "\"content\": {view}")
            }
            let placement = try o["placement"].map { try choice($0, Self.toolbarPlacements) } ?? .topBarTrailing
            return (placement, try view(content))
        }
    }

    static let barModifierNames: Set<String> = ["navigationTitle", "navigationBarTitleDisplayMode", "toolbar"]

    /// A navigation stack's content without the modifiers that set its bar, and those modifiers
    /// in order (name, value).
    static func splitBarModifiers(_ content: JSONValue) -> (JSONValue, [(String, JSONValue)]) {
        guard case .object(let members) = content.kind, let mods = content["modifiers"], case .array(let list) = mods.kind else {
            return (content, [])
        }
        var kept: [JSONValue] = []
        var bar: [(String, JSONValue)] = []
        for mod in list {
            if case .object(let mm) = mod.kind, mm.count == 1, barModifierNames.contains(mm[0].key) {
                bar.append((mm[0].key, mm[0].value))
            } else {
                kept.append(mod)
            }
        }
        guard !bar.isEmpty else { return (content, []) }
        let rest = members.map { $0.key == "modifiers" ? (key: $0.key, value: JSONValue(kind: .array(kept), location: mods.location)) : $0 }
        return (JSONValue(kind: .object(rest), location: content.location), bar)
    }

    /// `listStyle` (read by the `List` itself) and the bar's modifiers (read by the
    /// `NavigationStack` around the view): anywhere else they are errors that say where they go.
    func systemModifier(_ name: String, _ v: JSONValue, on node: Node, at json: JSONValue) throws -> Node {
        let at = json.location.with(path: json.location.jsonPath.member(name))
        if name == "listStyle" {
            guard SystemViews.isList(node) else {
                throw ProofsheetError.badInput("'listStyle' applies to a List", at: at, hint: "put it among the List's modifiers")
            }
            _ = try choice(v, Self.listStyles)
            return node
        }
        throw ProofsheetError.badInput(
            "'\(name)' sets the navigation bar: it goes on the view directly inside a NavigationStack (its 'content')", at: at,
            hint: "{\"type\": \"NavigationStack\", \"content\": {…, \"modifiers\": [{\"\(name)\": …}]}}")
    }

    /// `contentOffset`: how far the content is scrolled, in points (0 or more).
    func contentOffset(_ m: [String: JSONValue]) throws -> Double {
        try m["contentOffset"].map { try length($0, min: 0) } ?? 0
    }

    /// A section's header or footer: a text, or a view.
    mutating func sectionPart(_ v: JSONValue?) throws -> Node {
        guard let v else { return .empty }
        if case .object = v.kind { return try view(v) }
        return .text(try text(v))
    }
}

import ProofsheetCore

/// The scene format's system views: `List`, `Section`, `ScrollView`, `Divider`, `Label`,
/// `Toggle`, `TextField` and `NavigationStack`, built by ``SystemViews``.
extension Context {
    static let systemViewTypes: [String: Set<String>] = [
        "List": ["style", "contentOffset", "children"],
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
            let style = try m["style"].map { try choice($0, Self.options(ListStyle.self)) } ?? .automatic
            return SystemViews.list(style: style, offset: try contentOffset(m), children: try children(m))
        case "Section":
            return .section(header: try sectionPart(m["header"]), footer: try sectionPart(m["footer"]), children: try children(m))
        case "ScrollView":
            let axis = try m["axis"].map { try choice($0, ["vertical": Axis.vertical, "horizontal": .horizontal]) } ?? .vertical
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
            return SystemViews.label(title: .text(try text(t)), icon: icon)
        case "Toggle":
            let label: Node
            if let l = m["label"] {
                label = try view(l)
            } else if let t = m["title"] {
                label = .text(try text(t))
            } else {
                throw missing("title", json, example: "\"title\": \"Wi-Fi\" or \"label\": {view}")
            }
            guard let on = m["isOn"] else { throw missing("isOn", json, example: "\"isOn\": true or \"isOn\": \"$wifi\"") }
            return SystemViews.toggle(label: label, isOn: try bool(on))
        case "TextField":
            let style = try m["style"].map { try choice($0, ["automatic": false, "plain": false, "roundedBorder": true]) } ?? false
            return SystemViews.textField(
                prompt: try m["prompt"].map { try text($0) } ?? "", text: try m["text"].map { try text($0) } ?? "", roundedBorder: style)
        case "NavigationStack":
            guard let c = m["content"] else { throw missing("content", json, example: "\"content\": {view}") }
            var bar = NavigationBarSpec()
            if let t = m["title"] { bar.title = try text(t) }
            if let d = m["titleDisplayMode"] { bar.displayMode = try choice(d, Self.options(TitleDisplayMode.self)) }
            if let v = m["toolbarVisibility"] {
                bar.hidden = try choice(v, ["automatic": false, "visible": false, "hidden": true])
            }
            if let t = m["toolbar"] {
                guard case .array(let list) = t.kind, list.count <= 16 else {
                    throw ProofsheetError.badInput(
                        "'toolbar' is an array of at most 16 items", at: t.location,
                        hint: "[{\"placement\": \"topBarTrailing\", \"content\": {view}}]")
                }
                bar.items = try list.map { itemJSON in
                    let o = try object(itemJSON, allowed: ["placement", "content"])
                    guard let content = o["content"] else {
                        throw ProofsheetError.badInput("a toolbar item needs 'content'", at: itemJSON.location, hint: "\"content\": {view}")
                    }
                    let placement = try o["placement"].map { try choice($0, Self.options(ToolbarPlacement.self)) } ?? .topBarTrailing
                    return (placement, try view(content))
                }
            }
            return SystemViews.navigationStack(bar, content: try view(c))
        default:
            return nil
        }
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

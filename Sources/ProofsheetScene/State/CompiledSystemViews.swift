import ProofsheetCore

/// The system views and `Button` compiled (see ``CompiledViewObject``): their texts, names and
/// values typed arguments, the views inside them compiled, their actions read once. A state
/// makes them as reading their JSON makes them, taking from its budget what reading takes, in
/// the same order.
enum CompiledSystemView: Sendable {
    /// `List` or `Form` (`style` and the `listStyle` modifiers of a `List`, in order; the last
    /// sets its style); its children are made inside a list.
    case list(form: Bool, styles: [CompiledArgument], offset: CompiledArgument?, children: [CompiledView])
    case section(header: CompiledLabel?, footer: CompiledLabel?, children: [CompiledView])
    case scrollView(axis: CompiledArgument?, offset: CompiledArgument?, children: [CompiledView])
    /// A `Label`: its icon, then its title.
    case label(title: CompiledArgument, icon: CompiledIcon)
    case toggle(label: CompiledLabel, isOn: CompiledArgument)
    case textField(style: CompiledArgument?, prompt: CompiledArgument?, text: CompiledArgument?)
    case navigationStack(CompiledBar, content: CompiledView)
    case button(CompiledButton)
    /// `in`: an axis, or (`several`) an array of them.
    case viewThatFits(axes: [CompiledArgument], several: Bool, children: [CompiledView])
    case spacer(minLength: CompiledArgument?)
    /// A view of another kind whose members are written as they are (its modifiers read the
    /// state): its body made once, with what reading it takes.
    case made(Node, ReadCost)
}

/// A button's or toggle's label (a view), or its title; a section's header or footer.
enum CompiledLabel: Sendable {
    case view(CompiledView)
    case text(CompiledArgument)
}

/// A label's icon: a symbol by name (at the name's place), or a view.
enum CompiledIcon: Sendable {
    case symbol(CompiledArgument, at: SourceLocation)
    case view(CompiledView)
}

/// A navigation stack's bar: its members, then the bar's modifiers on its content, in order.
struct CompiledBar: Sendable {
    enum Setting: Sendable {
        case title(CompiledArgument)
        case displayMode(CompiledArgument)
        case hidden(CompiledArgument)
        case items([CompiledToolbarItem])
    }
    let settings: [Setting]
}

struct CompiledToolbarItem: Sendable {
    let placement: CompiledArgument?
    let content: CompiledView
}

/// A button: its style, tint, control size and border shape, its label, and its action read
/// once (a state gives it the values it captures).
struct CompiledButton: Sendable {
    let style: CompiledArgument?
    let tint: CompiledColor?
    let controlSize: CompiledArgument?
    /// A name, or `{"roundedRectangle": radius}` (`rounded`).
    let borderShape: (CompiledArgument, rounded: Bool)?
    let label: CompiledLabel
    let action: (actions: [SceneAction], cost: ReadCost, at: SourceLocation)?
}

/// An alert compiled: its binding read once, its texts typed arguments, its buttons' actions
/// read once (as written, whatever the state).
struct CompiledAlert: Sendable {
    struct Button: Sendable {
        let role: CompiledArgument?
        let title: CompiledArgument
        let actions: [SceneAction]?
        let id: CompiledArgument?
    }
    /// `isPresented`: the bool state that shows it.
    let binding: Fixed<String>
    let buttons: [Button]
    /// What reading every button's actions takes.
    let actionsCost: ReadCost
    let title: CompiledArgument?
    let message: CompiledArgument?
    let at: SourceLocation
}

extension Context {
    // MARK: Compiling

    /// `{"alert": v}` compiled; nil when a member's form is left to the decoder.
    func compiledAlert(_ v: JSONValue) -> CompiledAlert? {
        guard case .object(let members) = v.kind, members.allSatisfy({ ["isPresented", "title", "message", "buttons"].contains($0.key) }),
            let b = v["isPresented"], let binding = fixed(b, { try $0.string(b) }), let variable = schema[binding.value],
            variable.type.wrapped == .bool, let title = compiledOptional(v["title"], compiledArgument),
            let message = compiledOptional(v["message"], compiledArgument)
        else { return nil }
        var buttons: [CompiledAlert.Button] = []
        var actionLists: [JSONValue?] = []
        if let list = v["buttons"] {
            guard case .array(let items) = list.kind, items.count <= 8 else { return nil }
            for item in items {
                guard case .object(let bm) = item.kind, bm.allSatisfy({ ["title", "role", "action", "id"].contains($0.key) }),
                    let t = item["title"], let title = compiledArgument(t), let id = compiledOptional(item["id"], compiledArgument)
                else { return nil }
                guard let role = compiledOptional(item["role"], compiledArgument) else { return nil }
                buttons.append(CompiledAlert.Button(role: role, title: title, actions: nil, id: id))
                actionLists.append(item["action"])
            }
        }
        // The buttons' actions, read as the decoder reads them: in one context, counted together.
        guard
            let (actions, cost) = try? measured({ ctx -> [[SceneAction]?] in
                let actionContext = ctx.actionContext()
                var count = 0
                return try actionLists.map { a in try a.map { try actionContext.actions($0, schema: ctx.schema, count: &count) } }
            })
        else { return nil }
        buttons = zip(buttons, actions).map { CompiledAlert.Button(role: $0.role, title: $0.title, actions: $1, id: $0.id) }
        return CompiledAlert(binding: binding, buttons: buttons, actionsCost: cost, title: title, message: message, at: v.location)
    }

    /// A system view or `Button` of type `type` compiled; nil when a member's form is left to the
    /// decoder (or the type is another).
    func compiledSystemView(_ type: String, _ m: [String: JSONValue], _ json: JSONValue) -> CompiledSystemView? {
        switch type {
        case "List", "Form":
            var styles: [CompiledArgument] = []
            if type == "List" {
                var written: [JSONValue] = m["style"].map { [$0] } ?? []
                if case .array(let mods)? = m["modifiers"]?.kind { written += mods.compactMap { $0["listStyle"] } }
                for v in written {
                    guard let a = compiledArgument(v) else { return nil }
                    styles.append(a)
                }
            }
            var inner = self
            inner.inList = true
            guard let offset = compiledOptional(m["contentOffset"], compiledLength), let children = inner.compiledChildren(m) else { return nil }
            return .list(form: type == "Form", styles: styles, offset: offset, children: children)
        case "Section":
            guard let header = compiledOptional(m["header"], compiledLabel), let footer = compiledOptional(m["footer"], compiledLabel),
                let children = compiledChildren(m)
            else { return nil }
            return .section(header: header, footer: footer, children: children)
        case "ScrollView":
            guard let axis = compiledOptional(m["axis"], compiledArgument), let offset = compiledOptional(m["contentOffset"], compiledLength),
                let children = compiledChildren(m)
            else { return nil }
            return .scrollView(axis: axis, offset: offset, children: children)
        case "Label":
            guard let t = m["title"], let title = compiledArgument(t) else { return nil }
            if let s = m["systemImage"] {
                guard m["icon"] == nil, let name = compiledArgument(s) else { return nil }
                return .label(title: title, icon: .symbol(name, at: s.location))
            }
            guard let i = m["icon"] else { return nil }
            return .label(title: title, icon: .view(compiledChild(i)))
        case "Toggle":
            guard let label = compiledLabel(m), let on = m["isOn"], let isOn = compiledArgument(on) else { return nil }
            return .toggle(label: label, isOn: isOn)
        case "TextField":
            guard let style = compiledOptional(m["style"], compiledArgument), let prompt = compiledOptional(m["prompt"], compiledArgument),
                let text = compiledOptional(m["text"], compiledArgument)
            else {
                return nil
            }
            return .textField(style: style, prompt: prompt, text: text)
        case "NavigationStack":
            return compiledNavigationStack(m)
        case "Button":
            return compiledButton(m)
        case "ViewThatFits":
            var axes: [CompiledArgument] = [], several = false
            if let a = m["in"] {
                var items = [a]
                if case .array(let list) = a.kind { (items, several) = (list, true) }
                for item in items {
                    guard let c = compiledArgument(item) else { return nil }
                    axes.append(c)
                }
            }
            return compiledChildren(m).map { .viewThatFits(axes: axes, several: several, children: $0) }
        case "Spacer":
            return compiledOptional(m["minLength"], compiledLength).map { .spacer(minLength: $0) }
        default:
            // Another kind, its members written as they are: its body made once.
            guard let parts = readOnce, Self.viewTypes[type] != nil, type != "GeometryReader",
                m.allSatisfy({ $0.key == "modifiers" || parts.isFixed($0.value) }),
                let (node, cost) = try? measured({ try $0.body(type, m, json) })
            else { return nil }
            return .made(node, cost)
        }
    }

    /// `v` compiled by `compile` when present: nil (the outer) when present and not compiled.
    func compiledOptional<T>(_ v: JSONValue?, _ compile: (JSONValue) -> T?) -> T?? {
        guard let v else { return .some(nil) }
        return compile(v).map { .some($0) }
    }

    /// A section's header or footer: a view (an object), else a text.
    func compiledLabel(_ v: JSONValue) -> CompiledLabel? {
        if case .object = v.kind { return .view(compiledChild(v)) }
        return compiledArgument(v).map { .text($0) }
    }

    /// A button's or toggle's `label` (a view), else its `title` (a text).
    func compiledLabel(_ m: [String: JSONValue]) -> CompiledLabel? {
        if let l = m["label"] { return .view(compiledChild(l)) }
        return m["title"].flatMap(compiledArgument).map { .text($0) }
    }

    func compiledNavigationStack(_ m: [String: JSONValue]) -> CompiledSystemView? {
        guard let c = m["content"] else { return nil }
        var settings: [CompiledBar.Setting] = []
        func title(_ v: JSONValue) -> Bool {
            guard let a = compiledArgument(v) else { return false }
            settings.append(.title(a))
            return true
        }
        func displayMode(_ v: JSONValue) -> Bool {
            guard let a = compiledArgument(v) else { return false }
            settings.append(.displayMode(a))
            return true
        }
        func hidden(_ v: JSONValue) -> Bool {
            guard let a = compiledArgument(v) else { return false }
            settings.append(.hidden(a))
            return true
        }
        func items(_ v: JSONValue) -> Bool {
            guard case .array(let list) = v.kind, list.count <= 16 else { return false }
            var items: [CompiledToolbarItem] = []
            for item in list {
                guard case .object(let members) = item.kind, members.allSatisfy({ $0.key == "placement" || $0.key == "content" }),
                    let content = item["content"]
                else { return false }
                guard let placement = compiledOptional(item["placement"], compiledArgument) else { return false }
                items.append(CompiledToolbarItem(placement: placement, content: compiledChild(content)))
            }
            settings.append(.items(items))
            return true
        }
        if let t = m["title"], !title(t) { return nil }
        if let d = m["titleDisplayMode"], !displayMode(d) { return nil }
        if let v = m["toolbarVisibility"], !hidden(v) { return nil }
        if let t = m["toolbar"], !items(t) { return nil }
        let (content, barModifiers) = Self.splitBarModifiers(c)
        for (name, v) in barModifiers {
            let read: Bool
            switch name {
            case "navigationTitle": read = title(v)
            case "navigationBarTitleDisplayMode": read = displayMode(v)
            default:
                if case .array = v.kind { read = items(v) } else { read = hidden(v) }
            }
            guard read else { return nil }
        }
        return .navigationStack(CompiledBar(settings: settings), content: compiledChild(content))
    }

    func compiledButton(_ m: [String: JSONValue]) -> CompiledSystemView? {
        guard let style = compiledOptional(m["style"], compiledArgument), let tint = compiledOptional(m["tint"], compiledColor),
            let controlSize = compiledOptional(m["controlSize"], compiledArgument)
        else { return nil }
        var borderShape: (CompiledArgument, rounded: Bool)? = nil
        if let b = m["borderShape"] {
            if case .object(let members) = b.kind {
                guard members.count == 1, let r = b["roundedRectangle"], let radius = compiledLength(r) else { return nil }
                borderShape = (radius, true)
            } else {
                guard let name = compiledArgument(b) else { return nil }
                borderShape = (name, false)
            }
        }
        guard let label = compiledLabel(m) else { return nil }
        var action: (actions: [SceneAction], cost: ReadCost, at: SourceLocation)? = nil
        if let a = m["action"] {
            // Read as written, whatever the state (as a gesture's actions are).
            guard
                let (actions, cost) = try? measured({ ctx -> [SceneAction] in
                    var count = 0
                    return try ctx.actionContext().actions(a, schema: ctx.schema, count: &count)
                })
            else { return nil }
            action = (actions, cost, a.location)
        }
        return .button(CompiledButton(style: style, tint: tint, controlSize: controlSize, borderShape: borderShape, label: label, action: action))
    }

    // MARK: Instantiating

    /// A compiled system view in this state (``CompiledMismatch`` when a value does not fit).
    mutating func made(_ s: CompiledSystemView) throws -> Node {
        switch s {
        case .list(let form, let styles, let offset, let children):
            var style: ListStyle = form ? .insetGrouped : .automatic
            for a in styles { style = try choice(a, Self.listStyles) }
            let outer = inList
            inList = true
            defer { inList = outer }
            let o = try offset.map { try number($0, in: 0...Scene.Limits.maxLength) } ?? 0
            return SystemViews.list(style: style, offset: o, children: try children.map { try made($0) })
        case .section(let header, let footer, let children):
            let h = try header.map { try made($0) } ?? .empty, f = try footer.map { try made($0) } ?? .empty
            return .section(header: h, footer: f, children: try children.map { try made($0) })
        case .scrollView(let axis, let offset, let children):
            let a = try axis.map { try choice($0, Self.scrollAxes) } ?? .vertical
            let o = try offset.map { try number($0, in: 0...Scene.Limits.maxLength) } ?? 0
            return .scrollView(axis: a, offset: o, children: try children.map { try made($0) })
        case .label(let title, let icon):
            let i: Node
            switch icon {
            case .symbol(let a, let at):
                let name = try string(a)
                guard (try? SymbolCatalog.layers(for: name, at: nil)) != nil else { throw CompiledMismatch() }
                i = .located(.symbol(name: name), at)
            case .view(let v): i = try made(v)
            }
            return SystemViews.label(title: .text(try text(title)), icon: i, inList: inList)
        case .toggle(let label, let isOn):
            let l = try made(label)
            return SystemViews.toggle(label: l, isOn: try bool(isOn))
        case .textField(let style, let prompt, let text):
            let roundedBorder = try style.map { try choice($0, Self.textFieldStyles) } ?? false
            let p = try prompt.map { try self.text($0) } ?? "", t = try text.map { try self.text($0) } ?? ""
            return SystemViews.textField(prompt: p, text: t, roundedBorder: roundedBorder)
        case .navigationStack(let compiled, let content):
            var bar = NavigationBarSpec()
            for setting in compiled.settings {
                switch setting {
                case .title(let a): bar.title = try text(a)
                case .displayMode(let a): bar.displayMode = try choice(a, Self.titleDisplayModes)
                case .hidden(let a): bar.hidden = try choice(a, Self.visibilities)
                case .items(let items):
                    bar.items = try items.map { item in
                        (try item.placement.map { try choice($0, Self.toolbarPlacements) } ?? .topBarTrailing, try made(item.content))
                    }
                }
            }
            return SystemViews.navigationStack(bar, content: try made(content))
        case .button(let b):
            var look = ButtonLook()
            if let s = b.style { look.style = try choice(s, Self.buttonStyles) }
            if let t = b.tint { look.tint = try color(t) }
            if let c = b.controlSize { look.controlSize = try choice(c, Self.controlSizes) }
            if let (a, rounded) = b.borderShape {
                look.borderShape =
                    rounded ? .roundedRectangle(radius: try number(a, in: 0...Scene.Limits.maxLength)) : try choice(a, Self.borderShapes)
            }
            let label = try made(b.label)
            guard let action = b.action else { return .button(label, look) }
            try takeCompiled(action.cost)
            return .modified(
                .button(label, look),
                .gesture(GestureSpec(kind: .tap, updating: [], onChanged: [], onEnded: action.actions, location: action.at, captures: locals)))
        case .viewThatFits(let axes, let several, let children):
            var (h, v) = several ? (false, false) : (true, true)
            for a in axes {
                let (x, y) = try choice(a, Self.viewThatFitsNames)
                (h, v) = several ? (h || x, v || y) : (x, y)
            }
            return .viewThatFits(horizontal: h, vertical: v, children: try children.map { try made($0) })
        case .spacer(let minLength):
            return .spacer(minLength: try minLength.map { try number($0, in: 0...Scene.Limits.maxLength) })
        case .made(let node, let cost):
            guard fits(cost) else { throw CompiledMismatch() }
            return node
        }
    }

    /// `node` with the alert `a` over it, shown when its bool is true in this state.
    func applying(_ a: CompiledAlert, on node: Node) throws -> Node {
        try takeCompiled(a.binding.cost)
        try takeCompiled(a.actionsCost)
        var buttons = try a.buttons.map { b in
            let role = try b.role.map { try choice($0, Self.alertRoles) } ?? .normal
            return AlertSpec.ButtonSpec(title: try text(b.title), role: role, actions: b.actions ?? [], id: try b.id.map(string))
        }
        if buttons.isEmpty { buttons = [AlertSpec.ButtonSpec(title: "OK", role: .normal, actions: [], id: nil)] }
        let spec = AlertSpec(
            binding: a.binding.value, title: try a.title.map(text) ?? "", message: try a.message.map(text) ?? "", buttons: buttons, location: a.at)
        if case .bool(true)? = vars[a.binding.value] { return spec.presenting(on: node, presented: true) }
        return spec.presenting(on: node, presented: false)
    }

    mutating func made(_ label: CompiledLabel) throws -> Node {
        switch label {
        case .view(let v): return try made(v)
        case .text(let a): return .text(try text(a))
        }
    }

    /// A compiled argument's text, as ``text(_:)`` reads one: within the `text-length` limit,
    /// taken from the `scene-text` budget.
    func text(_ a: CompiledArgument) throws -> String {
        let s = try string(a)
        do { try Scene.Limits.checkText(s, at: nil) } catch { throw CompiledMismatch() }
        guard budget.takeText(Scene.Limits.characterCount(s, upTo: Scene.Limits.textLength.int)) else { throw CompiledMismatch() }
        return s
    }

    /// Takes what reading a member written as it is takes.
    func takeCompiled(_ cost: ReadCost?) throws {
        guard let cost else { return }
        guard budget.take(cost) else { throw CompiledMismatch() }
    }
}

import ProofsheetCore
import ProofsheetMotion

/// SwiftUI's `.alert(_:isPresented:actions:message:)`, presented by a bool in the state: while
/// it is true, the screen is dimmed and the alert drawn over it; tapping any of its buttons runs
/// the button's actions and sets the bool back to false, as SwiftUI dismisses an alert.
///
/// ```json
/// {"alert": {"isPresented": "showAlert", "title": "", "message": "確定要刪除嗎？",
///            "buttons": [{"title": "取消", "role": "cancel"},
///                        {"title": "確認", "role": "destructive", "action": [{"remove": "cards", "at": "$target"}]}]}}
/// ```
///
/// Drawn as iOS draws it (``SystemMetrics``: UIAlertController's published 270 pt width, corner
/// radius 13 and 44 pt buttons; the insets are estimates): on `.regularMaterial` (UIKit's
/// `.systemMaterial`, as alert libraries that mimic UIAlertController use; an estimate; see
/// ``AlertSpec/background``), title 17 pt semibold and message 13 pt centred, 44 pt buttons split
/// by one-pixel hairlines — two side by side (the cancel button leading, semibold), more stacked;
/// a destructive button in system red; the screen under it dimmed with black at 20 %.
///
/// It comes and goes as UIKit's alert does, whatever the change's animation: the dimming fades
/// in and the box fades in from 1.2 times its size over 0.4 s (a spring without bounce), both
/// fade out over 0.25 s when it is dismissed (estimates of UIAlertController's transitions;
/// ``presentation`` and ``dismissal``).
public struct AlertSpec: Sendable {
    public struct ButtonSpec: Sendable {
        public enum Role: String, Sendable, CaseIterable { case cancel, destructive, normal }
        public var title: String
        public var role: Role
        public var actions: [SceneAction]
        public var id: String?
        public init(title: String, role: Role, actions: [SceneAction], id: String?) {
            self.title = title; self.role = role; self.actions = actions; self.id = id
        }
    }
    /// The state variable (a bool) that presents it.
    public var binding: String
    public var title: String
    public var message: String
    public var buttons: [ButtonSpec]
    public var location: SourceLocation
    /// What a button does to put the alert away, after its own actions (nil: set `binding` to
    /// false, a scene file's state; a Swift screen writes its own binding).
    public var dismiss: [SceneAction]? = nil

    public init(binding: String, title: String, message: String, buttons: [ButtonSpec], location: SourceLocation, dismiss: [SceneAction]? = nil) {
        self.binding = binding; self.title = title; self.message = message; self.buttons = buttons; self.location = location
        self.dismiss = dismiss
    }

    /// What the alert box is drawn on: UIKit's alerts sit on the system material
    /// (`.systemMaterial`, SwiftUI's `.regularMaterial`).
    public static let background: Node = .material(.regular, in: .rectangle)

    /// How the alert comes in: 0.4 s, a spring without bounce (UIKit's alert grows into place
    /// without overshooting).
    public static let presentation = Animation.spring(Spring(duration: 0.4, bounce: 0))
    /// How it goes: a 0.25 s fade.
    public static let dismissal = Animation.curve(.easeOut, duration: 0.25)
    /// The dimming's transition: a fade in and out.
    public static let dimTransition = Transition.asymmetric(
        insertion: .animated(.opacity, presentation), removal: .animated(.opacity, dismissal))
    /// The box's transition: in from 1.2 times its size, fading in; out fading.
    public static let boxTransition = Transition.asymmetric(
        insertion: .animated(.combined(.scale(1.2, anchor: .center), .opacity), presentation), removal: .animated(.opacity, dismissal))

    /// `node` with the alert over it while `presented`: the dimming and the box, each an overlay
    /// of its own with its transition (`validating` checks both the alert and nothing).
    public func presenting(on node: Node, presented: Bool) -> Node {
        let (dim, box) = layers()
        func layer(_ v: Node, _ t: Transition) -> Node {
            presented ? .branch("then", .modified(v, .transition(t))) : .branch("else", .empty)
        }
        return .modified(
            .modified(node, .overlay(layer(dim, Self.dimTransition), alignment: .center)),
            .overlay(layer(box, Self.boxTransition), alignment: .center))
    }

    /// The alert as views: the dimming and the alert box, to overlay the screen.
    func layers() -> (dim: Node, box: Node) {
        let dismiss = SceneAction.Assignment(
            path: [binding], value: JSONValue(kind: .bool(false), location: location), type: .bool)
        // The cancel button goes first (on the leading side) when there are two.
        var ordered = buttons
        if ordered.count == 2, ordered[1].role == .cancel, ordered[0].role != .cancel { ordered.swapAt(0, 1) }
        func button(_ b: ButtonSpec) -> Node {
            var label: Node = .text(b.title)
            if b.role == .cancel { label = .modified(label, .environment(.fontWeight(600))) }
            let color: Color = b.role == .destructive ? .systemRed : .systemBlue
            label = .modified(label, .environment(.foreground(.color(color))))
            label = .modified(label, .frame(width: nil, height: SystemMetrics.alertButtonHeight, alignment: .center))
            label = .modified(label, .flexFrame(FlexFrame(maxWidth: .infinity)))
            // A button whose row is highlighted while pressed, as UIAlertController's are.
            label = .button(label, ButtonLook(style: .plain, pressedHighlight: SystemMetrics.alertPressedHighlight))
            label = .modified(label, .contentShape(.rectangle))
            label = .modified(
                label,
                .gesture(
                    GestureSpec(kind: .tap, updating: [], onChanged: [], onEnded: b.actions + (self.dismiss ?? [.set([dismiss])]), location: location)
                ))
            if let id = b.id { label = .modified(label, .id(id)) }
            return label
        }
        let m = SystemMetrics.self
        var texts: [Node] = []
        if !title.isEmpty { texts.append(.modified(.text(title), .environment(.font(.style(.headline))))) }
        if !message.isEmpty { texts.append(.modified(.text(message), .environment(.font(.style(.footnote))))) }
        var header: Node = .stack(axis: .vertical, alignment: 0.5, spacing: m.alertTextSpacing, children: texts)
        header = .modified(header, .environment(.multilineTextAlignment(.center)))
        header = .modified(header, .flexFrame(FlexFrame(maxWidth: .infinity)))
        header = .modified(header, .padding(m.alertTextInsets))
        // Hairlines are dividers: one pixel at any scale, across the stack they are in.
        let row: Node
        if ordered.count == 2 {
            row = .modified(
                .stack(axis: .horizontal, alignment: 0.5, spacing: 0, children: [button(ordered[0]), .divider, button(ordered[1])]),
                .frame(width: nil, height: m.alertButtonHeight, alignment: .center))
        } else {
            row = .stack(
                axis: .vertical, alignment: 0.5, spacing: 0,
                children: ordered.enumerated().flatMap { k, b in (k > 0 ? [Node.divider] : []) + [button(b)] })
        }
        var box: Node = .stack(axis: .vertical, alignment: 0.5, spacing: 0, children: [header] + (ordered.isEmpty ? [] : [.divider, row]))
        box = .modified(box, .frame(width: m.alertWidth, height: nil, alignment: .center))
        box = .modified(box, .background(Self.background, alignment: .center))
        box = .modified(box, .clipShape(.roundedRectangle(radius: m.alertCornerRadius, continuous: true)))
        box = .modified(box, .id("alert"))
        let dim: Node = .modified(.paint(.color(m.alertDimming)), .ignoresSafeArea(.all))
        return (dim, box)
    }
}

extension Context {
    /// `{"isPresented": "name", "title": …, "message": …, "buttons": [{"title", "role", "action", "id"}]}`.
    func alert(_ v: JSONValue) throws -> (AlertSpec, presented: Bool) {
        let o = try object(v, allowed: ["isPresented", "title", "message", "buttons"])
        guard let b = o["isPresented"] else {
            throw ProofsheetError.badInput(
                "an alert needs 'isPresented': the bool state that shows it", at: v.location, hint: "\"isPresented\": \"showAlert\"")
        }
        let name = try string(b)
        guard let variable = schema[name], variable.type.wrapped == .bool else {
            throw ProofsheetError.badInput(
                "'\(excerpt(name))' is not a bool state variable", at: b.location, hint: "declare it: \"state\": {\"\(excerpt(name))\": false}")
        }
        let ctx = actionContext()
        var count = 0
        var buttons: [AlertSpec.ButtonSpec] = []
        if let list = o["buttons"] {
            guard case .array(let items) = list.kind, items.count <= 8 else {
                throw ProofsheetError.badInput("'buttons' is an array of at most 8 buttons", at: list.location)
            }
            buttons = try items.map { item in
                let bo = try object(item, allowed: ["title", "role", "action", "id"])
                guard let t = bo["title"] else { throw ProofsheetError.badInput("an alert button needs a 'title'", at: item.location) }
                let role =
                    try bo["role"].map {
                        try choice($0, Self.alertRoles)
                    } ?? .normal
                return AlertSpec.ButtonSpec(
                    title: try text(t), role: role, actions: try bo["action"].map { try ctx.actions($0, schema: schema, count: &count) } ?? [],
                    id: try bo["id"].map { try string($0) })
            }
        }
        if buttons.isEmpty { buttons = [AlertSpec.ButtonSpec(title: "OK", role: .normal, actions: [], id: nil)] }
        let spec = AlertSpec(
            binding: name, title: try o["title"].map { try text($0) } ?? "", message: try o["message"].map { try text($0) } ?? "",
            buttons: buttons, location: v.location)
        let presented: Bool
        if case .bool(let p)? = vars[name] { presented = p } else { presented = false }
        return (spec, presented)
    }
}

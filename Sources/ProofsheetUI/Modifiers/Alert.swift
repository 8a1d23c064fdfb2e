import Foundation
import ProofsheetCore
import ProofsheetScene

/// An alert in the older spelling: `.alert(isPresented: $show) { Alert(title: …, primaryButton:
/// …, secondaryButton: …) }`.
public struct Alert {
    let title: String, message: String
    let buttons: [Button]

    public init(title: Text, message: Text? = nil, dismissButton: Button? = nil) {
        self.title = title.text; self.message = message?.text ?? ""
        buttons = [dismissButton ?? .default(Text("OK"))]
    }
    public init(title: Text, message: Text? = nil, primaryButton: Button, secondaryButton: Button) {
        self.title = title.text; self.message = message?.text ?? ""
        buttons = [primaryButton, secondaryButton]
    }

    /// A button of an alert.
    public struct Button {
        let title: String, role: AlertSpec.ButtonSpec.Role
        let action: (@MainActor () -> Void)?
        public static func `default`(_ label: Text, action: (@MainActor () -> Void)? = {}) -> Button {
            Button(title: label.text, role: .normal, action: action)
        }
        public static func cancel(_ label: Text, action: (@MainActor () -> Void)? = {}) -> Button {
            Button(title: label.text, role: .cancel, action: action)
        }
        public static func cancel(_ action: (@MainActor () -> Void)? = {}) -> Button { cancel(Text("Cancel"), action: action) }
        public static func destructive(_ label: Text, action: (@MainActor () -> Void)? = {}) -> Button {
            Button(title: label.text, role: .destructive, action: action)
        }
    }
}

extension View {
    /// The alert over the screen while `isPresented` (over the whole screen, whichever view it
    /// is on; not yet from inside a `GeometryReader`): its buttons (`Button("Delete", role:
    /// .destructive) { … }`) run their action and put the alert away; UIKit's look, in and out.
    public func alert<S: StringProtocol, A: View>(
        _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, fileID: String = #fileID, line: Int = #line
    ) -> ModifiedContent {
        presentingAlert(String(title), "", isPresented, Self.alertButtons(.of(actions())), fileID, line)
    }
    public func alert<S: StringProtocol, A: View, M: View>(
        _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M, fileID: String = #fileID,
        line: Int = #line
    ) -> ModifiedContent {
        presentingAlert(String(title), Button.text(in: .of(message())) ?? "", isPresented, Self.alertButtons(.of(actions())), fileID, line)
    }
    /// The older spelling.
    public func alert(isPresented: Binding<Bool>, content: () -> Alert, fileID: String = #fileID, line: Int = #line) -> ModifiedContent {
        let alert = content()
        return presentingAlert(alert.title, alert.message, isPresented, alert.buttons.map { ($0.title, $0.role, $0.action) }, fileID, line)
    }

    /// The buttons of an alert's `actions`.
    static func alertButtons(_ content: ViewContent) -> [(String, AlertSpec.ButtonSpec.Role, (@MainActor () -> Void)?)] {
        switch content.kind {
        case .view(let b as Button): return [(b.title, b.role?.role ?? .normal, b.action)]
        case .group(let parts): return parts.flatMap { alertButtons($0) }
        case .branch(_, let inner), .keyed(_, let inner): return alertButtons(inner)
        default: return []
        }
    }

    func presentingAlert(
        _ title: String, _ message: String, _ isPresented: Binding<Bool>, _ buttons: [(String, AlertSpec.ButtonSpec.Role, (@MainActor () -> Void)?)],
        _ fileID: String, _ line: Int
    ) -> ModifiedContent {
        let location = SourceLocation(file: fileID, path: "", line: line, column: 1)
        let handlers = buttons.map { $0.2.map { action in Handler { _ in action() } } }
        let titles = buttons.map { ($0.0, $0.1) }
        return ModifiedContent(
            self,
            .resolved { node, resolver, id in
                let environment = resolver.environment
                func native(_ handler: Handler) -> SceneAction {
                    .native(HandlerAction(location: location, environment: environment) { handler.body($0) }.native)
                }
                let dismiss = Handler { _ in isPresented.wrappedValue = false }
                let specs = zip(titles, handlers).map { b, handler in
                    // Touches find a button by its title, as UI tests find an alert's buttons.
                    AlertSpec.ButtonSpec(title: b.0, role: b.1, actions: handler.map { [native($0)] } ?? [], id: b.0)
                }
                let spec = AlertSpec(
                    binding: "isPresented", title: title, message: message,
                    buttons: specs.isEmpty ? [AlertSpec.ButtonSpec(title: "OK", role: .normal, actions: [], id: nil)] : specs, location: location,
                    dismiss: [native(dismiss)])
                // Presented over the whole screen, as SwiftUI presents it, whichever view it is on.
                resolver.alerts.append((id.description, spec, isPresented.wrappedValue))
                return node
            })
    }
}

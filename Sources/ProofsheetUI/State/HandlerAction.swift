import ProofsheetCore
import ProofsheetScene

/// A handler written in Swift (a button's action, a gesture's `onChanged`) as the motion
/// engine runs it: on the main actor, with `@State` writes going to the engine's run of the
/// action, so that they are changes of state and `withAnimation` makes transactions.
struct HandlerAction {
    let native: NativeAction

    /// `body` gets the gesture's values as the engine gives them (nil outside a gesture).
    init(location: SourceLocation, environment: EnvironmentValues, _ body: @escaping @MainActor (ScriptValue?) -> Void) {
        let handler = Handler(body)
        native = NativeAction(location: location) { run in
            let before = run
            run = try onMain {
                let access = StateAccess(store: ViewStore(), environment: environment, run: before)
                StateAccess.with(access) { handler.body(before.extra["gesture"]) }
                return access.run ?? before
            }
        }
    }
}

/// A handler, kept to run on the main actor.
final class Handler: @unchecked Sendable {
    // NB: `@unchecked` because the handler runs on the main actor only (``onMain(_:)``).
    let body: @MainActor (ScriptValue?) -> Void
    init(_ body: @escaping @MainActor (ScriptValue?) -> Void) { self.body = body }
}

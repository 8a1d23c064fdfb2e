import ProofsheetCore
import ProofsheetScene

/// A preview: a screen of Swift views with a name, and the timelines to play on it.
///
/// `proofsheet swiftui` makes one of each `#Preview { … }`, each `PreviewProvider` and each
/// `App`'s window it finds in a team's files; a team lists its own, with timelines, in a type
/// that conforms to ``PreviewTimelines``:
///
///     struct DeckPreviews: PreviewTimelines {
///         static var previews: [Preview] {
///             [Preview("rest") { ContentView() }
///                 .timeline("swipe-right") { drag("card", by: CGSize(width: 150, height: 10), in: 0.3); release() }]
///         }
///     }
public struct Preview: Sendable {
    /// The name the preview was given (nil: it is named after its file).
    public let name: String?
    let root: PreviewRoot
    /// Its timelines, in the order given.
    public private(set) var timelines: [PreviewTimeline] = []
    /// Where it was declared.
    public let fileID: String
    public let line: Int

    /// A preview of the views `body` makes (Xcode's `#Preview(_:body:)`).
    public init<V: View>(
        _ name: String? = nil, fileID: String = #fileID, line: Int = #line, @ViewBuilder body: @escaping @MainActor () -> V
    ) {
        self.name = name
        self.root = PreviewRoot { .of(body()) }
        self.fileID = fileID; self.line = line
    }

    /// Xcode's `#Preview(_:traits:body:)`: the traits are accepted; Proofsheet draws on the
    /// device it is asked for.
    public init<V: View>(
        _ name: String? = nil, traits: PreviewTrait, _ more: PreviewTrait..., fileID: String = #fileID, line: Int = #line,
        @ViewBuilder body: @escaping @MainActor () -> V
    ) {
        self.init(name, fileID: fileID, line: line, body: body)
    }

    /// The preview with a timeline: the touches `steps` make, begun `at` seconds in (none: the
    /// screen appears and settles).
    public func timeline(_ name: String, at: Double = 0, @TouchBuilder _ steps: () -> [TouchStep] = { [] }) -> Preview {
        var p = self
        let script = steps().map(\.text).joined(separator: "; ")
        p.timelines.append(PreviewTimeline(name: name, at: at, script: script.isEmpty ? nil : script))
        return p
    }

    /// The preview with a timeline given in the touch scripts' written form
    /// (`drag #card 0,0 -> 150,10 in 0.3s; release`).
    public func timeline(_ name: String, at: Double = 0, script: String) -> Preview {
        var p = self
        p.timelines.append(PreviewTimeline(name: name, at: at, script: script))
        return p
    }

    /// The preview as a screen on `device`, with its timelines.
    public func screen(device: String = "iPhone 14", scale: Double? = nil, colorScheme: ColorScheme = .light) throws -> SwiftUIScene {
        let root = self.root
        var screen = try SwiftUIScene(device: device, scale: scale) { root.make() }
        screen.environment.colorScheme = colorScheme
        for t in timelines { screen = try screen.timeline(t.name, at: t.at, fileID: fileID, line: line, t.script) }
        return screen
    }
}

/// A timeline of a ``Preview``.
public struct PreviewTimeline: Sendable, Hashable {
    public let name: String
    public let at: Double
    /// The touches, in the touch scripts' written form (nil: none).
    public let script: String?
}

/// What makes a preview's views, on the main actor.
final class PreviewRoot: Sendable {
    let make: @MainActor () -> ViewContent
    init(_ make: @escaping @MainActor () -> ViewContent) { self.make = make }
}

/// A type that lists previews with timelines: `proofsheet swiftui` finds it by its conformance.
@MainActor @preconcurrency
public protocol PreviewTimelines {
    @MainActor @preconcurrency static var previews: [Preview] { get }
}

/// Xcode's preview traits (accepted: Proofsheet draws on the device it is asked for).
public struct PreviewTrait: Sendable {
    let name: String
    public static let sizeThatFitsLayout = PreviewTrait(name: "sizeThatFitsLayout")
    public static let portrait = PreviewTrait(name: "portrait")
    public static let landscapeLeft = PreviewTrait(name: "landscapeLeft")
    public static let landscapeRight = PreviewTrait(name: "landscapeRight")
    public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait { PreviewTrait(name: "fixedLayout") }
}

// MARK: - Touches

/// One step of a finger on the screen, for ``Preview/timeline(_:at:_:)``. Points are offsets from
/// the centre of the view named by its `.id(_:)` or accessibility identifier, or screen points
/// when no view is named.
public struct TouchStep: Sendable, Hashable {
    /// The step in the touch scripts' written form.
    public let text: String
}

/// Builds a timeline's touches: `{ drag("card", by: CGSize(width: 150, height: 0), in: 0.3); release() }`.
@resultBuilder
public enum TouchBuilder {
    public static func buildExpression(_ step: TouchStep) -> [TouchStep] { [step] }
    public static func buildExpression(_ steps: [TouchStep]) -> [TouchStep] { steps }
    public static func buildBlock(_ parts: [TouchStep]...) -> [TouchStep] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [TouchStep]?) -> [TouchStep] { part ?? [] }
    public static func buildEither(first: [TouchStep]) -> [TouchStep] { first }
    public static func buildEither(second: [TouchStep]) -> [TouchStep] { second }
    public static func buildArray(_ parts: [[TouchStep]]) -> [TouchStep] { parts.flatMap { $0 } }
}

private func number(_ v: CGFloat) -> String { fmt(Double(v)) }
private func point(_ p: CGPoint) -> String { "\(number(p.x)),\(number(p.y))" }
private func target(_ id: String?) -> String { id.map { "#" + $0 } ?? "" }

/// The finger goes down on the view `id` (its centre plus `at`) and moves by `by` in `in` seconds.
public func drag(_ id: String, at: CGPoint = .zero, by: CGSize, in seconds: Double) -> TouchStep {
    TouchStep(text: "drag #\(id) \(point(at)) by \(number(by.width)),\(number(by.height)) in \(fmt(seconds))s")
}

/// The finger goes down at the screen point `from` and moves to the screen point `to` in `in`
/// seconds.
public func drag(from: CGPoint, to: CGPoint, in seconds: Double) -> TouchStep {
    TouchStep(text: "drag \(point(from)) by \(number(to.x - from.x)),\(number(to.y - from.y)) in \(fmt(seconds))s")
}

/// The finger goes down on the view `id` (its centre plus `at`), or at the screen point `at`.
public func down(_ id: String? = nil, at: CGPoint = .zero) -> TouchStep { TouchStep(text: "down \(target(id)) \(point(at))") }

/// The finger moves to `to` (measured from where it went down) in `in` seconds.
public func move(to: CGPoint, in seconds: Double) -> TouchStep { TouchStep(text: "move \(point(to)) in \(fmt(seconds))s") }

/// The finger stays still for `seconds`.
public func hold(_ seconds: Double) -> TouchStep { TouchStep(text: "hold \(fmt(seconds))s") }

/// The finger lifts.
public func release() -> TouchStep { TouchStep(text: "release") }

/// A tap on the view `id` (its centre plus `at`), or at the screen point `at`.
public func tap(_ id: String? = nil, at: CGPoint = .zero) -> TouchStep { TouchStep(text: "tap \(target(id)) \(point(at))") }

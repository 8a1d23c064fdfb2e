import Dispatch
import Foundation
import ProofsheetCore
import ProofsheetScene

/// `DispatchQueue`, as SwiftUI code uses it: `DispatchQueue.main.asyncAfter(deadline: .now() +
/// 0.3) { … }` in a handler runs its work on the timeline's clock, 0.3 s later in the timeline,
/// in the handler's transaction, as the engine's scheduled actions do. Every other use is
/// Dispatch's own queue.
///
/// It is a type of its own, which a team's `import SwiftUI` sees before Dispatch's: the main
/// queue's work must be on the timeline's clock to be drawn at the same instants every run. Its
/// work is main-actor code, as Swift infers for Dispatch's main queue, so that it may set
/// `@State`; on another queue it is run on the main actor too.
public struct DispatchQueue: Sendable {
    /// Dispatch's own queue.
    public let queue: Dispatch.DispatchQueue
    let isMain: Bool

    init(_ queue: Dispatch.DispatchQueue, isMain: Bool = false) { self.queue = queue; self.isMain = isMain }

    /// The main queue: work from a handler is scheduled on the timeline.
    public static let main = DispatchQueue(.main, isMain: true)
    public static func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue { DispatchQueue(.global(qos: qos)) }
    public init(
        label: String, qos: DispatchQoS = .unspecified, attributes: Dispatch.DispatchQueue.Attributes = [],
        autoreleaseFrequency: Dispatch.DispatchQueue.AutoreleaseFrequency = .inherit, target: Dispatch.DispatchQueue? = nil
    ) {
        self.init(Dispatch.DispatchQueue(label: label, qos: qos, attributes: attributes, autoreleaseFrequency: autoreleaseFrequency, target: target))
    }

    /// `work` after `deadline`: on the main queue from a handler, at that time of the timeline.
    public func asyncAfter(
        deadline: DispatchTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], fileID: String = #fileID, line: Int = #line,
        execute work: @escaping @MainActor () -> Void
    ) {
        // The delay to the millisecond: `.now() + 0.3` was read a moment before this.
        let nanoseconds = Double(deadline.uptimeNanoseconds) - Double(DispatchTime.now().uptimeNanoseconds)
        let delay = (max(0, nanoseconds) / 1e6).rounded() / 1000
        if isMain, TimelineClock.schedule(after: delay, location: SourceLocation(file: fileID, path: "", line: line, column: 1), work) { return }
        queue.asyncAfter(deadline: deadline, qos: qos, flags: flags) { Task { @MainActor in work() } }
    }
    /// `work` soon: on the main queue from a handler, later in the same instant of the timeline.
    public func async(
        group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], fileID: String = #fileID, line: Int = #line,
        execute work: @escaping @MainActor () -> Void
    ) {
        if isMain, TimelineClock.schedule(after: 0, location: SourceLocation(file: fileID, path: "", line: line, column: 1), work) { return }
        queue.async(group: group, qos: qos, flags: flags) { Task { @MainActor in work() } }
    }
    public func sync<T>(execute work: () throws -> T) rethrows -> T { try queue.sync(execute: work) }
}

/// Work scheduled from a handler, run on the timeline's clock.
enum TimelineClock {
    /// Schedules `work` `delay` seconds later in the action running; false when no action runs
    /// (the work then goes to Dispatch).
    static func schedule(after delay: Double, location: SourceLocation, _ work: @escaping @MainActor () -> Void) -> Bool {
        guard
            let scheduled = onMainActorNow({ () -> Bool in
                guard let access = StateAccess.current, var run = access.run else { return false }
                let environment = access.environment
                let action = HandlerAction(location: location, environment: environment) { _ in work() }
                run.steps.append(.schedule(after: min(delay, SceneAction.longestDelay), action.native, run.transaction))
                access.run = run
                return true
            })
        else { return false }
        return scheduled
    }
}

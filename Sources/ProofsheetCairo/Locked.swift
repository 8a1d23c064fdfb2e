import Foundation

/// State behind an `NSLock`, with `Mutex`'s `withLock`. The backend's shared caches use it rather
/// than `Mutex` because ThreadSanitizer (`make tsan`) sees the ordering a pthread mutex gives, and
/// reports the accesses `Mutex` guards on Linux as races.
final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    init(_ state: State) { self.state = state }

    func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}

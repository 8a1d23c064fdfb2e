import Foundation
import Synchronization

/// `body(0..<count)` run on up to `jobs` threads, the results in index order. When some
/// throw, the error of the lowest index is thrown, so what is reported does not depend on
/// timing or thread count.
package func parallelMap<T: Sendable>(_ count: Int, jobs: Int, _ body: @Sendable (Int) throws -> T) throws -> [T] {
    guard count > 0 else { return [] }
    let workers = max(1, min(jobs, count))
    if workers == 1 { return try (0..<count).map(body) }
    let results = Mutex<[Int: Result<T, any Error>]>([:])
    let next = Atomic<Int>(0)
    // Worker threads with room for the deepest scene the nesting limit allows.
    DeepStack.concurrentPerform(iterations: workers) { _ in
        while true {
            let i = next.add(1, ordering: .relaxed).oldValue
            guard i < count else { return }
            let r = Result { try body(i) }
            results.withLock { $0[i] = r }
        }
    }
    return try results.withLock { all in try (0..<count).map { try all[$0]!.get() } }
}

/// The number of jobs to run at once when none is given: the processor count.
package var defaultJobs: Int { ProcessInfo.processInfo.activeProcessorCount }

/// Work running on a thread of its own; `wait()` gives its result (or throws its error).
package final class BackgroundJob<T>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<T, Error>?

    package init(_ work: @escaping @Sendable () throws -> T) {
        let thread = Thread { [self] in
            result = Result { try work() }
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    package func wait() throws -> T {
        done.wait()
        done.signal()
        return try result!.get()
    }
}

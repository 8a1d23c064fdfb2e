import Foundation

/// Threads whose stack holds the deepest scene the `nesting` limit allows.
///
/// Decoding, layout, painting and writing SVG and PDF recurse once per level of nesting, so a
/// scene nested as deep as the limit's maximum needs far more stack than a process's main
/// thread (8 MiB) or a worker thread has. Every command runs its work on a thread of
/// ``stackBytes``, and so does each worker of ``parallelMap(_:jobs:_:)``; the stack is address
/// space reserved, not memory used: only the pages a deep scene touches are ever made resident.
public enum DeepStack {
    /// The deepest nesting of views and modifiers the `nesting` limit can be raised to.
    public static let maxNesting = 2_000
    /// The stack one level of nesting may take in decoding, layout, painting and SVG or PDF
    /// output, with room to spare: 2 000 nested paddings grow the peak resident memory (stack
    /// and heap together) by about 24 KiB a level in a debug build and 17 KiB in a release one.
    /// Kept small enough that a process capped at 1 GB of address space (`ulimit -v`) still
    /// has room for a 400 MB image.
    public static let bytesPerLevel = 40 << 10
    /// The stack of the work around the nesting (the command line, Cairo, Pango, libpng).
    public static let baseBytes = 8 << 20
    /// The stack of a thread for scenes nested `levels` deep.
    public static func stackBytes(levels: Int) -> Int { baseBytes + min(max(levels, 1), maxNesting) * bytesPerLevel }
    /// The stack for the deepest nesting the limit can be raised to.
    public static var stackBytes: Int { stackBytes(levels: maxNesting) }
    /// The stack for the `nesting` limit in effect (the maximum when no such limit is
    /// registered): what a command's thread and each worker of
    /// ``concurrentPerform(iterations:_:)`` get, once the options are read. A process capped in
    /// address space (`ulimit -v`) then keeps its room for images.
    public static var workerStackBytes: Int {
        stackBytes(levels: Limit.all.first { $0.name == "nesting" }?.int ?? maxNesting)
    }

    private final class Job: @unchecked Sendable {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Runs `body` on a new thread of ``workerStackBytes`` (the limits read first) and waits
    /// for it; on the calling thread if no such thread can be made.
    public static func run<T>(_ body: () throws -> T) throws -> T {
        var result: Result<T, any Error>?
        withoutActuallyEscaping({ result = Result { try body() } }) { work in
            if !start([work], stack: workerStackBytes) { work() }
        }
        return try result!.get()
    }

    /// Runs `body(0..<count)` each on its own thread of ``workerStackBytes``, and waits for all.
    public static func concurrentPerform(iterations count: Int, _ body: (Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            let works = (0..<count).map { i in { body(i) } }
            if !start(works, stack: workerStackBytes) { for w in works { w() } }
        }
    }

    /// Starts a thread for each of `works` and joins them all; false (and nothing run) when
    /// not one thread could be made.
    private static func start(_ works: [() -> Void], stack: Int) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stack)
        var threads: [pthread_t] = []
        var leftOver: [() -> Void] = []
        for work in works {
            let job = Unmanaged.passRetained(Job(work))
            var thread = pthread_t()
            let made = pthread_create(
                &thread, &attributes,
                { raw in
                    let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
                    job.body()
                    return nil
                }, job.toOpaque())
            if made == 0 {
                threads.append(thread)
            } else {
                job.release()
                leftOver.append(work)
            }
        }
        guard !threads.isEmpty else { return false }
        // Works no thread could be made for run here, after the others are under way.
        for w in leftOver { w() }
        for t in threads { pthread_join(t, nil) }
        return true
    }
}

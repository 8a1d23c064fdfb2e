import Synchronization

/// Numbers a test's unnamed snapshots 1, 2, 3… in the order its assertions run.
enum SnapshotCounter {
    private static let counts = Mutex<[String: Int]>([:])

    /// The next number for the test `testName` in the file `filePath`.
    static func next(filePath: String, testName: String) -> Int {
        counts.withLock { counts in
            let key = filePath + "\u{0}" + testName
            let n = (counts[key] ?? 0) + 1
            counts[key] = n
            return n
        }
    }
}

import Foundation
import Testing
import XCTest

/// Reports a snapshot failure to the test framework that is running: Swift Testing when there is
/// a current test, XCTest otherwise.
enum FailureReporter {
    /// Records `failure` as an issue at the caller's location (Swift Testing, with the actual
    /// snapshot and artifacts attached) or as an `XCTFail`.
    static func report(_ failure: SnapshotFailure, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        if Test.current != nil {
            let location = Testing.SourceLocation(
                fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
            Issue.record(Comment(rawValue: failure.message), sourceLocation: location)
            for path in [failure.actual].compactMap({ $0 }) + failure.artifacts.values.sorted() {
                if let data = FileManager.default.contents(atPath: path) {
                    Attachment.record([UInt8](data), named: URL(fileURLWithPath: path).lastPathComponent, sourceLocation: location)
                }
            }
        } else {
            XCTFail(failure.message, file: filePath, line: line)
        }
    }
}

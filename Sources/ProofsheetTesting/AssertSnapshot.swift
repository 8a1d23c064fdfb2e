/// Asserts that `value` matches its reference snapshot, recording the reference when the record
/// mode says so, and reports a failure to Swift Testing or XCTest.
///
/// ```swift
/// @Test func bookingCard() {
///     assertSnapshot(of: BookingCard(), as: .image(canvas: Size(width: 200, height: 120)))
///     assertSnapshot(of: BookingCard(), as: .image(device: "iPhone SE", scale: 1), named: "se")
///     assertSnapshot(of: BookingCard(), as: .displayList)
/// }
/// ```
///
/// References live in `__Snapshots__/<TestFile>/<testName>.<n or name>.<ext>` next to the test
/// file. The record mode is `record` when given, else `PROOFSHEET_RECORD` (all, failed, missing,
/// never), else `never` when `CI` is set and `missing` otherwise. Writing a reference always
/// fails the assertion. On a mismatch the actual snapshot (and for images a diff and
/// reference | diff | actual panels) go to the artifacts folder, and the message says where.
public func assertSnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as snapshotting: Snapshotting<Value, Format>,
    named name: String? = nil,
    record: SnapshotRecordMode? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    guard
        let failure = verifySnapshot(
            of: try value(), as: snapshotting, named: name, record: record,
            filePath: "\(filePath)", testName: testName)
    else { return }
    FailureReporter.report(failure, fileID: fileID, filePath: filePath, line: line, column: column)
}

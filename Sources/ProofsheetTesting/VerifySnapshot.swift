import Foundation
import Testing

/// Checks `value` against its reference snapshot and returns the failure instead of reporting it
/// (`nil` when it matches). ``assertSnapshot(of:as:named:record:fileID:filePath:testName:line:column:)``
/// is this plus reporting.
///
/// - Parameters:
///   - value: the view or scene to snapshot.
///   - snapshotting: how to snapshot and compare it (`.image(…)`, `.svg`, `.displayList`).
///   - name: names the snapshot in its file name; unnamed snapshots of a test are numbered 1, 2…
///   - record: the record mode; nil reads `PROOFSHEET_RECORD` (else `never` with `CI` set,
///     `missing` otherwise).
///   - snapshotDirectory: where references go, instead of `__Snapshots__/<TestFile>` next to
///     `filePath`.
///   - artifactsDirectory: where failure artifacts go, instead of
///     ``SnapshotPaths/artifactsDirectory(forTestFile:environment:)``.
///   - filePath: the test file (it names the reference folder).
///   - testName: the test function (it names the reference file).
public func verifySnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as snapshotting: Snapshotting<Value, Format>,
    named name: String? = nil,
    record: SnapshotRecordMode? = nil,
    snapshotDirectory: String? = nil,
    artifactsDirectory: String? = nil,
    filePath: String = #filePath,
    testName: String = #function
) -> SnapshotFailure? {
    let environment = ProcessInfo.processInfo.environment
    let folder = snapshotDirectory ?? SnapshotPaths.snapshotDirectory(forTestFile: filePath)
    let mode: SnapshotRecordMode
    do { mode = try SnapshotRecordMode.resolve(record, environment: environment) } catch {
        return SnapshotFailure(
            kind: .error, message: "Snapshots of \(testName) were not checked: \(error)",
            reference: folder, recordMode: nil)
    }
    if name == nil, Test.Case.current?.isParameterized == true {
        return SnapshotFailure(
            kind: .error,
            message: """
                Snapshot of \(testName) was not checked: the test is parameterized, so its cases run in parallel and \
                numbered snapshots would collide. Pass `named:` with a name made from the arguments.
                """, reference: folder, recordMode: mode)
    }

    let id =
        SnapshotPaths.sanitize(testName) + "."
        + (name.map(SnapshotPaths.sanitize) ?? String(SnapshotCounter.next(filePath: filePath, testName: testName)))
    let fileName = id + "." + snapshotting.pathExtension
    let reference = URL(fileURLWithPath: folder).appendingPathComponent(fileName).standardizedFileURL.path
    let artifactsFolder = URL(
        fileURLWithPath: artifactsDirectory
            ?? SnapshotPaths.artifactsDirectory(forTestFile: filePath, environment: environment)
    ).standardizedFileURL
    let actualPath = artifactsFolder.appendingPathComponent(fileName).path

    func failure(
        _ kind: SnapshotFailure.Kind, _ message: String, mode: SnapshotRecordMode?,
        actual: String? = nil, artifacts: [String: String] = [:]
    ) -> SnapshotFailure {
        SnapshotFailure(kind: kind, message: message, reference: reference, actual: actual, artifacts: artifacts, recordMode: mode)
    }
    let modeSource =
        record != nil
        ? "record: .\(mode)"
        : environment[SnapshotRecordMode.environmentVariable].map { _ in "\(SnapshotRecordMode.environmentVariable)=\(mode)" }
            ?? (SnapshotRecordMode.isCI(environment) ? "CI is set" : "the default")

    let filter = "swift test --filter " + (testName.split(separator: "(").first.map(String.init) ?? testName)
    let noun = snapshotting.pathExtension == "png" ? "image" : "snapshot"

    // Take the snapshot.
    let actual: Format, actualData: Data
    do {
        actual = try snapshotting.snapshot(try value())
        actualData = try snapshotting.diffing.toData(actual)
    } catch {
        let reason = (error as? ProofsheetError).map { e in e.message + (e.hint.map { " (\($0))" } ?? "") } ?? "\(error)"
        return failure(.error, "Snapshot \"\(id)\" could not be taken: \(reason)", mode: mode)
    }

    // One decision, shared with `proofsheet check`: record, compare, or report.
    let fm = FileManager.default
    let exists = fm.fileExists(atPath: reference)
    var unreadable = false
    func compare() -> Diffing<Format>.Difference? {
        guard let data = fm.contents(atPath: reference) else { unreadable = true; return nil }
        do {
            return snapshotting.diffing.diff(try snapshotting.diffing.fromData(data), actual)
        } catch {
            return ("the reference could not be decoded: \(error)", [:])
        }
    }
    var difference: Diffing<Format>.Difference? = nil
    let verdict = GoldenVerdict.decide(mode: mode, goldenExists: exists) {
        difference = compare()
        return difference == nil && !unreadable
    }
    if unreadable {
        return failure(.error, "Snapshot \"\(id)\": the reference \(reference) could not be read.", mode: mode)
    }
    if verdict == .passed { return nil }

    func write(_ data: Data, to path: String) -> String? {
        do { try FileOutput.write([UInt8](data), to: path); return nil } catch { return "\(error)" }
    }

    // Record mode `all`: write whatever came out.
    if case .recorded(.all(let replaced)) = verdict {
        if replaced { difference = compare() }
        if let problem = write(actualData, to: reference) {
            return failure(.error, "Snapshot \"\(id)\" could not be recorded: \(problem)", mode: mode)
        }
        let before =
            !replaced
            ? "there was none before"
            : difference.map { "it replaced a reference that differed: \($0.message)" } ?? "it is the same as the previous one"
        return failure(
            .recorded,
            """
            Snapshot "\(id)" was recorded because the record mode is all (\(modeSource)); \(before).
              reference: \(reference)
            Look at it, then run the test without record mode all to compare against it.
            """, mode: mode)
    }

    // No reference: report it, or record it.
    if verdict == .missing {
        let kept = write(actualData, to: actualPath) == nil
        return failure(
            .missing,
            """
            Snapshot "\(id)" has no reference, and none was recorded because the record mode is never (\(modeSource)).
              reference (missing): \(reference)
            """ + (kept ? "\n  actual: \(actualPath)" : "") + """

                To record it, run `PROOFSHEET_RECORD=missing \(filter)` (missing is the default on a workstation), \
                look at the new file and commit it\(kept ? "; or copy the actual \(noun) there after looking at it" : "").
                """, mode: mode, actual: kept ? actualPath : nil)
    }
    if verdict == .recorded(.absent) {
        if let problem = write(actualData, to: reference) {
            return failure(.error, "Snapshot \"\(id)\" has no reference and it could not be recorded: \(problem)", mode: mode)
        }
        return failure(
            .recorded,
            """
            Snapshot "\(id)" had no reference, so it was recorded (record mode \(mode): \(modeSource)).
              reference: \(reference)
            Look at it; if it is right, commit it. The next run compares against it.
            """, mode: mode)
    }

    // A mismatch: write the actual snapshot and the artifacts for review.
    let (what, extra) = difference!
    var written: [String: String] = [:]
    var problems: [String] = []
    if let problem = write(actualData, to: actualPath) { problems.append(problem) }
    for (key, data) in extra.sorted(by: { $0.key < $1.key }) {
        let path = artifactsFolder.appendingPathComponent(id + "." + key).path
        if let problem = write(data, to: path) {
            problems.append(problem)
        } else {
            written[String(key.prefix { $0 != "." })] = path
        }
    }
    let actualWritten = problems.isEmpty || fm.fileExists(atPath: actualPath) ? actualPath : nil
    var files = "  reference: \(reference)"
    if let actualWritten { files += "\n  actual: \(actualWritten)" }
    for (label, path) in written.sorted(by: { $0.key < $1.key }) {
        files += "\n  \(label): \(path)" + (label == "panels" ? " (reference | diff | actual)" : "")
    }
    if !problems.isEmpty { files += "\n  (could not write some artifacts: \(problems.joined(separator: "; ")))" }

    if verdict.writesGolden {
        if let problem = write(actualData, to: reference) {
            return failure(
                .error, "Snapshot \"\(id)\" does not match its reference (\(what)) and could not be re-recorded: \(problem)",
                mode: mode, actual: actualWritten, artifacts: written)
        }
        return failure(
            .recorded,
            """
            Snapshot "\(id)" did not match its reference: \(what)
            It was re-recorded because the record mode is failed (\(modeSource)).
            \(files)
            Look at the new reference (git shows the old one) and commit it if the change is intended.
            """, mode: mode, actual: actualWritten, artifacts: written)
    }
    return failure(
        .mismatch,
        """
        Snapshot "\(id)" does not match its reference: \(what)
        \(files)
        If the change is intended, check the actual \(noun)\(written.isEmpty ? "" : " and the diff"), then re-record: \
        `PROOFSHEET_RECORD=failed \(filter)` (or pass record: .failed). Otherwise fix the view.
        """, mode: mode, actual: actualWritten, artifacts: written)
}

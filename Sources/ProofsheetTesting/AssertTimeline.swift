import Foundation

/// Asserts a timeline at its key instants, each against its own reference
/// `<testName>.<timeline>-<t>ms.png` next to the test file: the instants `proofsheet check
/// --timelines` checks (0, 1 ms after each event, 25 %, 50 % and 75 % of each animation, the
/// end; whole milliseconds). A changed animation (another spring, another duration) moves
/// instants or changes their pictures, and fails.
///
/// ```swift
/// @Test func swipeRight() throws {
///     let deck = try SceneDecoder().template(file: "Assets/Scenes/travel-deck.json")
///     assertTimelineSnapshots(of: deck, timeline: "swipe-right", device: "iPhone 14", scale: 1)
/// }
/// ```
///
/// One failure is reported, for the first diverging instant: its time, why it is key and what
/// happened by then, with the later instants that diverge too. The record mode works as for
/// ``assertSnapshot(of:as:named:record:fileID:filePath:testName:line:column:)`` (every
/// reference recorded fails the assertion once, listing them).
public func assertTimelineSnapshots(
    of program: some SceneProgram,
    timeline: String,
    device: String? = nil,
    scale: Double? = nil,
    threshold: Double = 0,
    tolerance: Tolerance = .exact,
    record: SnapshotRecordMode? = nil,
    snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    guard
        let failure = verifyTimelineSnapshots(
            of: program, timeline: timeline, device: device, scale: scale, threshold: threshold, tolerance: tolerance, record: record,
            snapshotDirectory: snapshotDirectory, filePath: "\(filePath)", testName: testName)
    else { return }
    FailureReporter.report(failure, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// ``assertTimelineSnapshots(of:timeline:device:scale:threshold:tolerance:record:snapshotDirectory:fileID:filePath:testName:line:column:)``
/// without reporting: the failure of the first diverging instant, or nil when every instant
/// matches its reference.
public func verifyTimelineSnapshots(
    of program: some SceneProgram,
    timeline: String,
    device: String? = nil,
    scale: Double? = nil,
    threshold: Double = 0,
    tolerance: Tolerance = .exact,
    record: SnapshotRecordMode? = nil,
    snapshotDirectory: String? = nil,
    artifactsDirectory: String? = nil,
    filePath: String = #filePath,
    testName: String = #function
) -> SnapshotFailure? {
    let folder = snapshotDirectory ?? SnapshotPaths.snapshotDirectory(forTestFile: filePath)
    let instants: [TimelineInstant], images: [RGBAImage]
    do {
        let renderer = try SharedRenderer.get()
        let preset = try device.map { try Device.named($0) }
        // A scene file sees the device in its expressions, as `check --device` shows it.
        let runs: any SceneProgram = (program as? SceneTemplate).map { $0.on(preset) } ?? program
        let recording = try renderer.record(runs, timeline: timeline, framing: TimelineFraming(device: preset, scale: scale))
        instants = recording.keyInstants
        images = try recording.images(at: instants.map(\.milliseconds))
    } catch {
        let reason = (error as? ProofsheetError).map { e in e.message + (e.hint.map { " (\($0))" } ?? "") } ?? "\(error)"
        return SnapshotFailure(
            kind: .error, message: "The timeline '\(timeline)' of \(testName) was not checked: \(reason)", reference: folder, recordMode: record)
    }
    let strategy = Snapshotting<RGBAImage, RGBAImage>(pathExtension: "png", diffing: .image(threshold: threshold, tolerance: tolerance)) { $0 }
    var failures: [(instant: TimelineInstant, failure: SnapshotFailure)] = []
    for (instant, image) in zip(instants, images) {
        if let f = verifySnapshot(
            of: image, as: strategy, named: TimelineInstant.folder(timeline: timeline, milliseconds: instant.milliseconds), record: record,
            snapshotDirectory: snapshotDirectory, artifactsDirectory: artifactsDirectory, filePath: filePath, testName: testName)
        {
            failures.append((instant, f))
        }
    }
    guard var first = failures.first?.failure, let at = failures.first?.instant else { return nil }
    var words: [String] = []
    if !at.reasons.isEmpty { words.append(at.reasons.joined(separator: ", ")) }
    if !at.events.isEmpty { words.append("events: " + at.events.joined(separator: ", ")) }
    var message =
        "The timeline '\(timeline)' first diverges at \(at.milliseconds) ms" + (words.isEmpty ? "" : " (\(words.joined(separator: "; ")))")
        + " of its key instants \(instants.map { "\($0.milliseconds)" }.joined(separator: ", ")) ms:\n" + first.message
    let later = failures.dropFirst()
    if !later.isEmpty {
        message +=
            "\nLater instants that fail too: " + later.map { "\($0.instant.milliseconds) ms (\($0.failure.kind.rawValue))" }.joined(separator: ", ")
    }
    first.message = message
    return first
}

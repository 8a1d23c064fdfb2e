import Foundation

/// Asserts a scene's named stills, each against its own reference `<testName>.<still>.<ext>`.
///
/// ```swift
/// @Test func travelDeck() throws {
///     let deck = try SceneDecoder().template(file: "Assets/Scenes/travel-deck.json")
///     assertStills(of: deck, as: .image(scale: 1))                       // every still
///     assertStills(of: deck, ["rest", "dragging-right"], as: .displayList) // some, by name
/// }
/// ```
///
/// `stills` nil means every still of the scene (a scene without stills: its default state,
/// named `default`). A still the scene does not have fails the assertion with the scene's
/// stills in the message; so does a still that cannot be instantiated.
public func assertStills<Format>(
    of template: SceneTemplate,
    _ stills: [String]? = nil,
    as snapshotting: Snapshotting<Scene, Format>,
    record: SnapshotRecordMode? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let names = stills ?? (template.stills.isEmpty ? ["default"] : template.stills.map(\.name))
    for name in names {
        let scene: Scene
        do {
            scene = try template.scene(still: name == "default" && template.stills.isEmpty ? nil : name)
        } catch {
            FailureReporter.report(
                SnapshotFailure(
                    kind: .error, message: "The still '\(name)' of \(testName) was not checked: \(error)",
                    reference: SnapshotPaths.snapshotDirectory(forTestFile: "\(filePath)"), recordMode: record),
                fileID: fileID, filePath: filePath, line: line, column: column)
            continue
        }
        assertSnapshot(
            of: scene, as: snapshotting, named: name, record: record, fileID: fileID, filePath: filePath, testName: testName, line: line,
            column: column)
    }
}

import Foundation
import ProofsheetCore
import ProofsheetMotion

/// Reads a scene file (see the README's scene format) into a `Scene`, with located errors.
public struct SceneDecoder: Sendable {
    public init() {}

    /// Reads a scene file and gives its default state; the file's folder is its asset root.
    public func decode(file path: String) throws -> Scene {
        try template(file: path).scene()
    }

    /// Decodes a scene from JSON bytes in its default state; `file` names it in messages.
    public func decode(bytes: [UInt8], file: String?) throws -> Scene {
        try template(bytes: bytes, file: file).scene()
    }

    /// The bytes of a scene file, refusing a folder, a device, a FIFO or a file over the limit
    /// unread.
    static func read(file path: String) throws -> [UInt8] {
        // Look before reading: a folder, a device or a FIFO, or a huge file, is refused unread.
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw ProofsheetError.badInput("no such file '\(path)'", hint: "give the path of a scene .json file")
        }
        // A symbolic link to a scene is followed: the user named it.
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard !isDir.boolValue, FileOutput.isRegularFile(path) else {
            throw ProofsheetError.badInput(
                "'\(path)' is \(isDir.boolValue ? "a folder" : "not a regular file"), not a scene file",
                hint: "give the path of a scene .json file")
        }
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        guard size <= Scene.Limits.fileBytes.int else {
            throw ProofsheetError.badInput(
                "'\(path)' is \(byteSize(size)); scene files are limited to \(byteSize(Scene.Limits.fileBytes.int))",
                hint: "raise the limit with --limit scene-bytes=N")
        }
        guard let data = FileManager.default.contents(atPath: path), data.count <= Scene.Limits.fileBytes.int else {
            throw ProofsheetError.badInput("cannot read '\(path)'", hint: "check that the file is readable")
        }
        let bytes = [UInt8](data)
        if GitLFS.isPointer(bytes) {
            throw ProofsheetError.badInput("'\(path)' is a Git LFS pointer, not the scene file itself", hint: GitLFS.fetchHint(path))
        }
        return bytes
    }
}

import Foundation
import ProofsheetCore

/// Files a scene names besides itself — component imports and string tables — and the one rule
/// for where they may be: a relative path to a file in the scene's folder or below it, with no
/// `..`, checked again once symbolic links are resolved, so that no scene reads outside the
/// folder it was given in.
enum SceneFiles {
    /// The path of the file `name`, given at `location` in a file of `folder`, once it has
    /// passed the rule; `root` is the scene's folder with its links resolved (nil: not checked).
    /// `what` names the kind of file in messages (`import`, `strings file`); `example` is a
    /// valid spelling.
    static func path(_ name: String, in folder: String, root: String?, at location: SourceLocation, what: String, example: String) throws -> String {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.hasPrefix("~"), !name.split(separator: "/").contains(".."), !name.contains("\0")
        else {
            throw ProofsheetError.badInput(
                "\(what) '\(excerpt(name))' may not be absolute or contain '..'", at: location,
                hint: "name a file in the scene's folder or below it, e.g. \(example)")
        }
        let path = folder.isEmpty || folder == "." ? name : (folder as NSString).appendingPathComponent(name)
        if let real = real(path), let root, !(root == "/" || real.hasPrefix(root + "/")) {
            throw ProofsheetError.badInput(
                "\(what) '\(excerpt(name))' resolves outside the scene's folder (through a symbolic link)", at: location,
                hint: "\(what)s are files in the scene's folder or below it: copy the file there instead of linking to it")
        }
        return path
    }

    /// The bytes of the file at `path`, named `name` by the scene at `location`: read as scene
    /// files are (a regular file, within the scene size limit, not a Git LFS pointer), an error
    /// located at the value that names it and led by `failure` (`cannot import`).
    static func read(_ path: String, name: String, at location: SourceLocation, failure: String) throws -> [UInt8] {
        do { return try SceneDecoder.read(file: path) } catch var e as ProofsheetError {
            // Scene files' own wording (", not a scene file", "give the path of a scene .json
            // file") would mislead here: the file is named by the scene, relative to its folder.
            e.message = "\(failure) '\(excerpt(name))': " + e.message.replacingOccurrences(of: ", not a scene file", with: "")
            if e.hint?.hasPrefix("give the path of a scene") == true { e.hint = "name a file in the scene's folder or below it" }
            e.location = location
            throw e
        }
    }

    /// The canonical path of an existing file or folder (links resolved), or nil.
    static func real(_ path: String) -> String? {
        guard let r = realpath(path, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }
}

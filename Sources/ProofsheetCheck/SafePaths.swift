import Foundation
import ProofsheetCore
import ProofsheetScene
import ProofsheetImage
import ProofsheetDiff

/// Paths that come from untrusted places — scene file names, `results.json`, shard folders —
/// checked before anything is read or written through them.
///
/// The rule: a name that becomes part of a path is one plain component (letters, digits, `.`,
/// `-`, `_`, `@`, not starting with a dot); a relative path is made of such components; and
/// nothing below a root may be a symbolic link, so a path can never lead out of its root.
public enum SafePaths {
    /// Whether `name` is one plain path component: `[A-Za-z0-9_@][A-Za-z0-9._@-]{0,127}`.
    public static func isPlainComponent(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.utf8.count <= 128 else { return false }
        func ok(_ c: Unicode.Scalar) -> Bool {
            (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "_" || c == "@" || c == "-" || c == "." || c == "+"
        }
        return first != "." && first != "-" && name.unicodeScalars.allSatisfy(ok)
    }

    /// The components of a relative path made only of plain components, or nil.
    public static func plainComponents(_ relative: String) -> [String]? {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !parts.isEmpty, parts.allSatisfy(isPlainComponent) else { return nil }
        return parts
    }

    /// The canonical absolute path of an existing folder (symlinks resolved), or nil.
    public static func realFolder(_ path: String) -> String? {
        guard let r = realpath(path, nil) else { return nil }
        defer { free(r) }
        let s = String(cString: r)
        return FileOutput.isFolder(s) ? s : nil
    }

    /// `root/relative`, checked: `relative` is plain components, and no existing component below
    /// the root is a symbolic link (the root itself may be one; it is resolved). The last
    /// component may not exist yet; when it exists it must be a regular file.
    ///
    /// - Throws: a bad-input error saying what is wrong, for `what` (e.g. "the golden of x/y/z").
    public static func inside(_ root: String, _ relative: String, what: String, folder: Bool = false) throws -> String {
        guard let parts = plainComponents(relative) else {
            throw ProofsheetError.badInput(
                "\(what): '\(clip(relative))' is not a plain relative path",
                hint: "paths in a report are folders and files named with letters, digits, '.', '-', '_' and '@', never '..' or absolute")
        }
        guard let base = realFolder(root) else {
            throw ProofsheetError.badInput("\(what): the folder \(clip(root)) does not exist")
        }
        var path = base
        var shown = root  // the path as the user knows it, for messages
        for (i, part) in parts.enumerated() {
            path += "/" + part
            shown += "/" + part
            var st = stat()
            guard lstat(path, &st) == 0 else { continue }
            let type = st.st_mode & S_IFMT
            if type == S_IFLNK {
                throw ProofsheetError.badInput("\(what): \(clip(shown)) is a symbolic link; links are not followed out of \(clip(root))")
            }
            if i < parts.count - 1 && type != S_IFDIR {
                throw ProofsheetError.badInput("\(what): \(clip(shown)) is not a folder")
            }
            if i == parts.count - 1 && type != (folder ? S_IFDIR : S_IFREG) {
                throw ProofsheetError.badInput("\(what): \(clip(shown)) is not a \(folder ? "folder" : "regular file")")
            }
        }
        return path
    }

    /// Reads a regular file inside `root` (see ``inside(_:_:what:)``), at most `limit` bytes.
    public static func read(_ root: String, _ relative: String, what: String, limit: Int) throws -> [UInt8] {
        let path = try inside(root, relative, what: what)
        var st = stat()
        guard lstat(path, &st) == 0 else {
            throw ProofsheetError.badInput("\(what): \(clip(root + "/" + relative)) is missing")
        }
        guard Int(st.st_size) <= limit else {
            throw ProofsheetError.badInput("\(what): \(clip(path)) is \(st.st_size) bytes, over the limit of \(limit)")
        }
        guard let bytes = FileOutput.readRegularFile(path, limit: limit) else {
            throw ProofsheetError.badInput("\(what): cannot read \(clip(path)) as a regular file of at most \(limit) bytes")
        }
        return bytes
    }

    /// `path` made absolute from the working directory, `.` and `..` taken away by name
    /// (symbolic links are not resolved).
    public static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: full).standardizedFileURL.path
    }

    /// At most 200 characters of `s`, for messages, control characters escaped.
    public static func clip(_ s: String) -> String {
        visible(s.count <= 200 ? s : String(s.prefix(200)) + "…")
    }
}

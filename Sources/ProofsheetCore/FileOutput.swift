import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing output files so that a failure, or a kill at any moment, never leaves a partial file:
/// the bytes go to a temporary file that this code opens itself in the target's folder, are
/// flushed, and the temporary file is renamed over the target.
///
/// Temporary files are named `.proofsheet-<pid>-<random>.tmp` — short, whatever the target's
/// name, so a legal 255-byte file name still has room — and a write first removes those left in
/// the same folder by processes that no longer run (after a SIGKILL, say).
public enum FileOutput {
    /// The prefix and suffix of temporary files.
    static let tempPrefix = ".proofsheet-"
    static let tempSuffix = ".tmp"

    /// Writes `bytes` to `path` atomically, creating missing folders when `createFolders`.
    ///
    /// - Throws: a bad-input ``ProofsheetError`` naming `path` when it is a folder, its folder
    ///   cannot be created, or the file cannot be written (permissions, a full disk).
    /// `sync: false` skips flushing to disk (files in a temporary folder that is renamed into
    /// place as a whole).
    public static func write(_ bytes: [UInt8], to path: String, createFolders: Bool = true, sync: Bool = true) throws {
        guard !path.isEmpty, !path.hasSuffix("/") else {
            throw ProofsheetError.badInput("'\(path)' names a folder, not a file", hint: "give a file name")
        }
        let folder = parent(of: path)
        if createFolders { try makeFolders(folder) }
        var st = stat()
        if stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
            throw ProofsheetError.badInput("'\(path)' is a folder; it cannot be replaced by a file", hint: "give a file name")
        }
        removeStaleTemporaries(in: folder)
        let tmp = folder + "/" + tempPrefix + "\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 16))" + tempSuffix
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(path, errno) }
        var ok = true
        var code: Int32 = 0
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    ok = false; code = errno; return
                }
                offset += n
            }
        }
        if ok && sync && fsync(fd) != 0 { ok = false; code = errno }
        if close(fd) != 0 && ok { ok = false; code = errno }
        guard ok, rename(tmp, path) == 0 else {
            if ok { code = errno }
            unlink(tmp)
            throw failure(path, code)
        }
    }

    /// Whether `path` exists (any type, symlinks not followed).
    public static func exists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    /// Whether `path` is a folder (symlinks followed).
    public static func isFolder(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether `path` is a symbolic link.
    public static func isLink(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
    }

    /// Whether `path` is a regular file (symlinks followed).
    public static func isRegularFile(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether two paths name the same file (same device and inode), following symlinks.
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }

    /// The folder part of a path (`.` for a bare name).
    public static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let p = String(path[..<slash])
        return p.isEmpty ? "/" : p
    }

    /// Creates `folder` and its missing parents.
    public static func makeFolders(_ folder: String) throws {
        if isFolder(folder) { return }
        let up = parent(of: folder)
        if up != folder && !folder.isEmpty { try makeFolders(up) }
        if mkdir(folder, 0o755) != 0 && errno != EEXIST {
            throw ProofsheetError.badInput(
                "cannot create the folder \(folder): \(String(cString: strerror(errno)))",
                hint: "check that the path is writable")
        }
        guard isFolder(folder) else {
            throw ProofsheetError.badInput("cannot create the folder \(folder): a file of that name is in the way")
        }
    }

    /// The folders already cleaned by this process (each is scanned once, so writing many files
    /// into one folder stays linear).
    private static let cleaned = Mutex<Set<String>>([])

    /// Removes temporary files in `folder` left by processes that are gone.
    static func removeStaleTemporaries(in folder: String) {
        guard cleaned.withLock({ $0.insert(folder).inserted }) else { return }
        guard let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        var stale: [String] = []
        while let entry = readdir(dir) {
            // NB: read up to the NUL in place; the record may be shorter than `d_name`'s 256
            // bytes, so copying the whole field reads past the entry.
            let name = withUnsafePointer(to: &entry.pointee.d_name) { field in
                field.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) { String(cString: $0) }
            }
            guard name.hasPrefix(tempPrefix), name.hasSuffix(tempSuffix) else { continue }
            let middle = name.dropFirst(tempPrefix.count).dropLast(tempSuffix.count)
            guard let pidText = middle.split(separator: "-").first, let pid = Int32(pidText) else { continue }
            if pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH { stale.append(name) }
        }
        for name in stale { unlink(folder + "/" + name) }
    }

    static func failure(_ path: String, _ code: Int32) -> ProofsheetError {
        let reason = String(cString: strerror(code))
        let hint: String
        switch code {
        case EACCES, EPERM, EROFS: hint = "check that the folder is writable"
        case ENOSPC, EDQUOT: hint = "free some disk space"
        case ENAMETOOLONG: hint = "use a shorter file name (at most 255 bytes)"
        default: hint = "check the path"
        }
        return .badInput("cannot write \(path): \(reason)", hint: hint)
    }
}

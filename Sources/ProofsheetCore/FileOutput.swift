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
/// The temporary file has no name while it is written (`O_TMPFILE`), so a process killed then
/// leaves nothing behind; it is given one only for the rename, `.proofsheet-<pid>-<random>.tmp`
/// (short, whatever the target's name, so a legal 255-byte file name still has room). Where the
/// file system has no unnamed files it is named from the start. Nothing is ever deleted by its
/// name alone: a user's file named like a temporary is the user's.
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
        try checkTarget(path)
        let tmp = try written(bytes, for: path, createFolders: createFolders, sync: sync)
        let code = tmp.publish(as: path)
        if code == 0 { tmp.close() } else { tmp.discard() }
        if code != 0 { throw failure(path, code) }
    }

    /// Writes several files as ``write(_:to:createFolders:sync:)`` writes each, their bytes
    /// written and flushed to disk on several threads at once (a flush waits for the disk; many
    /// at once share its round trips), then renamed into place in order. Files go in groups of
    /// at most 64 (their temporary files are open at once). Every target is checked before any
    /// file is written (a folder, a name too long: nothing is written), and no file of a group
    /// is renamed into place before all of them are written and flushed, so a failure to write
    /// (a full disk) leaves none of that group; a rename the system refuses leaves the files
    /// before it. The error is the first in order.
    public static func write(all files: [(bytes: [UInt8], path: String)], createFolders: Bool = true) throws {
        // A target that can never be written (a folder, a name too long) fails before any file is.
        for file in files { try checkTarget(file.path) }
        var start = 0
        while start < files.count {
            let group = Array(files[start..<min(files.count, start + 64)])
            start += group.count
            let made = try parallelMap(group.count, jobs: min(8, group.count)) { k in
                Result { try written(group[k].bytes, for: group[k].path, createFolders: createFolders, sync: true) }
            }
            var failed: (any Error)?
            for case .failure(let e) in made where failed == nil { failed = e }
            for (k, r) in made.enumerated() {
                guard case .success(let tmp) = r else { continue }
                guard failed == nil else { tmp.discard(); continue }
                let code = tmp.publish(as: group[k].path)
                if code == 0 { tmp.close() } else { tmp.discard(); failed = failure(group[k].path, code) }
            }
            if let failed { throw failed }
        }
    }

    /// Throws unless `path` names a file that may be written: not a folder (by its spelling or
    /// on disk), and a name a folder entry takes (the rename would refuse a longer one).
    private static func checkTarget(_ path: String) throws {
        guard !path.isEmpty, !path.hasSuffix("/") else {
            throw ProofsheetError.badInput("'\(path)' names a folder, not a file", hint: "give a file name")
        }
        var st = stat()
        if stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
            throw ProofsheetError.badInput("'\(path)' is a folder; it cannot be replaced by a file", hint: "give a file name")
        }
        if path.split(separator: "/").last.map({ $0.utf8.count > Int(NAME_MAX) }) == true { throw failure(path, ENAMETOOLONG) }
    }

    /// The temporary file of `path` (checked by ``checkTarget(_:)``) holding `bytes`, flushed to
    /// disk unless `sync` is false, not yet renamed into place.
    private static func written(_ bytes: [UInt8], for path: String, createFolders: Bool, sync: Bool) throws -> TemporaryFile {
        let folder = parent(of: path)
        if createFolders { try makeFolders(folder) }
        let tmp = try TemporaryFile(in: folder, for: path)
        var code: Int32 = 0
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(tmp.fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    code = errno; return
                }
                offset += n
            }
        }
        if code == 0 && sync && fsync(tmp.fd) != 0 { code = errno }
        if code != 0 {
            tmp.discard()
            throw failure(path, code)
        }
        return tmp
    }

    /// A temporary file for a target in `folder`: unnamed where the file system allows it,
    /// named only to be renamed over the target (see ``FileOutput``).
    struct TemporaryFile {
        let fd: Int32
        let folder: String
        /// The name it was made with; nil while it has none.
        let name: String?

        /// `O_TMPFILE` (Linux's `__O_TMPFILE | O_DIRECTORY`; Glibc's module does not show it).
        static let unnamed: Int32 = 0o20000000 | O_DIRECTORY
        /// `AT_EMPTY_PATH` (Linux; not shown by Glibc's module either).
        static let emptyPath: Int32 = 0x1000

        static func freshName(in folder: String) -> String {
            folder + "/" + tempPrefix + "\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 16))" + tempSuffix
        }

        init(in folder: String, for path: String) throws {
            self.folder = folder
            let anonymous = open(folder, Self.unnamed | O_RDWR | O_CLOEXEC, 0o644)
            if anonymous >= 0 {
                fd = anonymous; name = nil
                return
            }
            let named = Self.freshName(in: folder)
            let fd = open(named, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw FileOutput.failure(path, errno) }
            self.fd = fd; name = named
        }

        /// Gives the finished (flushed) file the name `path`; returns 0 or the error number.
        func publish(as path: String) -> Int32 {
            var named = name
            if named == nil {
                let fresh = Self.freshName(in: folder)
                // Through /proc (any user), else by the descriptor itself (root), else a copy.
                if linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, fresh, AT_SYMLINK_FOLLOW) == 0
                    || linkat(fd, "", AT_FDCWD, fresh, Self.emptyPath) == 0
                {
                    named = fresh
                } else {
                    let code = copy(to: fresh)
                    guard code == 0 else { return code }
                    named = fresh
                }
            }
            guard let named else { return EIO }
            guard rename(named, path) == 0 else {
                let code = errno
                unlink(named)
                return code
            }
            return 0
        }

        /// Copies the unnamed file into a new file `target` (flushed); returns 0 or the error.
        private func copy(to target: String) -> Int32 {
            let out = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard out >= 0 else { return errno }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            var offset = 0
            var code: Int32 = 0
            while code == 0 {
                let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(offset)) }
                if n < 0 && errno == EINTR { continue }
                if n < 0 { code = errno; break }
                if n == 0 { break }
                var done = 0
                while done < n {
                    let w = buffer.withUnsafeBytes { Glibc.write(out, $0.baseAddress! + done, n - done) }
                    if w < 0 && errno == EINTR { continue }
                    if w < 0 { code = errno; break }
                    done += w
                }
                offset += n
            }
            if code == 0 && fsync(out) != 0 { code = errno }
            if Glibc.close(out) != 0 && code == 0 { code = errno }
            if code != 0 { unlink(target) }
            return code
        }

        /// Closes the file (after ``publish(as:)``).
        func close() {
            _ = Glibc.close(fd)
        }

        /// Gives up: a named file is removed (an unnamed one vanishes when closed).
        func discard() {
            _ = Glibc.close(fd)
            if let name { unlink(name) }
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
    /// The bytes of the regular file at `path`, never through a link (nor blocking on a FIFO):
    /// nil when it is missing, not a regular file, or larger than `limit` bytes. With `prefix`,
    /// a larger file gives its first `limit` bytes instead.
    public static func readRegularFile(_ path: String, limit: Int, prefix: Bool = false) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size >= 0, prefix || st.st_size <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: min(Int(st.st_size), limit))
        var got = 0
        while got < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + got, $0.count - got) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            got += n
        }
        return Array(bytes.prefix(got))
    }

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

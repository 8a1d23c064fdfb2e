#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileOutput {
    /// A file written a piece at a time, as ``FileOutput/write(_:to:createFolders:sync:)`` writes
    /// one whole: into a temporary file beside the target, renamed over it by `commit()` once
    /// complete. Until then the target is untouched; a stream dropped or discarded unfinished
    /// removes its temporary file, so there is never a partial output.
    public final class Stream: @unchecked Sendable {
        public let path: String
        private let temporary: FileOutput.TemporaryFile
        private var fd: Int32
        /// Bytes written so far.
        public private(set) var count = 0

        /// Opens a temporary file for `path`, creating missing folders.
        public init(path: String) throws {
            guard !path.isEmpty, !path.hasSuffix("/") else {
                throw ProofsheetError.badInput("'\(path)' names a folder, not a file", hint: "give a file name")
            }
            let folder = FileOutput.parent(of: path)
            try FileOutput.makeFolders(folder)
            var st = stat()
            if stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
                throw ProofsheetError.badInput("'\(path)' is a folder; it cannot be replaced by a file", hint: "give a file name")
            }
            self.path = path
            temporary = try FileOutput.TemporaryFile(in: folder, for: path)
            fd = temporary.fd
        }

        deinit { discard() }

        /// Appends `bytes`.
        public func write(_ bytes: [UInt8]) throws {
            try write(bytes, at: count)
            count += bytes.count
        }

        /// Writes `bytes` over what is at `offset` (already written).
        public func overwrite(_ bytes: [UInt8], at offset: Int) throws {
            precondition(offset >= 0 && offset + bytes.count <= count, "overwriting past the end of a stream")
            try write(bytes, at: offset)
        }

        private func write(_ bytes: [UInt8], at offset: Int) throws {
            guard fd >= 0 else { throw ProofsheetError.internal("writing to \(path) after it was finished") }
            var code: Int32 = 0
            bytes.withUnsafeBytes { raw in
                var done = 0
                while done < raw.count {
                    let n = pwrite(fd, raw.baseAddress! + done, raw.count - done, off_t(offset + done))
                    if n < 0 {
                        if errno == EINTR { continue }
                        code = errno; return
                    }
                    done += n
                }
            }
            if code != 0 {
                discard()
                throw FileOutput.failure(path, code)
            }
        }

        /// Flushes the file to disk and renames it over the target.
        public func commit() throws {
            guard fd >= 0 else { throw ProofsheetError.internal("\(path) was already finished") }
            var code: Int32 = 0
            if fsync(fd) != 0 { code = errno }
            if code == 0 { code = temporary.publish(as: path) }
            if code == 0 { temporary.close() } else { temporary.discard() }
            fd = -1
            if code != 0 { throw FileOutput.failure(path, code) }
        }

        /// Gives up: the temporary file is removed and the target left as it was.
        public func discard() {
            guard fd >= 0 else { return }
            temporary.discard()
            fd = -1
        }
    }
}

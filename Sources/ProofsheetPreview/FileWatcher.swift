import Foundation
import ProofsheetCore

/// Watches folders with inotify and reports the files in them that were written, moved in,
/// created or deleted: a save in an editor (written in place, or written aside and renamed over
/// the file) is one change.
///
/// Changes arriving within ``settle`` of each other are reported together, once, on the
/// watcher's own thread.
public final class FileWatcher: @unchecked Sendable {
    /// How long to wait for more changes after one (an editor's save may be several events).
    public static let settle: Int32 = 15  // milliseconds
    private let fd: Int32
    private var folders: [Int32: String] = [:]
    private let onChange: @Sendable ([String]) -> Void
    private let stopped = LockedFlag()

    /// The events watched: a file written and closed, moved in or out, made or deleted.
    private let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM)
    /// The most folders watched, those made later included.
    private let mostFolders: Int

    /// Watches `folders` (each once), and folders made in them later (up to `mostFolders` in
    /// all); `onChange` hears the paths of the files that changed.
    public init(folders: [String], mostFolders: Int = 256, onChange: @escaping @Sendable ([String]) -> Void) throws {
        fd = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
        guard fd >= 0 else { throw ProofsheetError.internal("inotify: \(String(cString: strerror(errno)))") }
        self.onChange = onChange
        self.mostFolders = mostFolders
        for folder in Set(folders).sorted() {
            let wd = inotify_add_watch(fd, folder, mask)
            guard wd >= 0 else {
                throw ProofsheetError.badInput("cannot watch the folder \(folder): \(String(cString: strerror(errno)))")
            }
            self.folders[wd] = folder
        }
    }

    deinit { close(fd) }

    /// Watches on a thread of its own until ``stop()``.
    public func start() {
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 64 << 10)
            while !stopped.value {
                var changed = Set<String>()
                // Wait for a first event, then for the ones that follow it closely.
                var timeout: Int32 = 250
                while true {
                    var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    let ready = poll(&p, 1, timeout)
                    if ready < 0 && errno == EINTR { continue }
                    guard ready > 0 else { break }
                    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                    guard n > 0 else { break }
                    changed.formUnion(parse(buffer, count: n))
                    timeout = Self.settle
                }
                if !changed.isEmpty && !stopped.value { onChange(changed.sorted()) }
            }
        }
        thread.name = "proofsheet-preview-watch"
        thread.start()
    }

    public func stop() { stopped.value = true }

    /// The files named by the events in `buffer`.
    private func parse(_ buffer: [UInt8], count: Int) -> [String] {
        // Only the watcher's thread changes `folders` after `init`.
        var out: [String] = []
        var at = 0
        let header = MemoryLayout<inotify_event>.size
        while at + header <= count {
            let (wd, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                let event = raw.loadUnaligned(fromByteOffset: at, as: inotify_event.self)
                return (event.wd, event.mask, Int(event.len))
            }
            let nameBytes = buffer[(at + header)..<min(count, at + header + length)]
            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            if let folder = folders[wd], !name.isEmpty {
                let path = folder + "/" + name
                out.append(path)
                // A folder made (or moved in) below a watched one is watched too, within the bound.
                if mask & UInt32(IN_ISDIR) != 0, mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0, folders.count < mostFolders,
                    !name.hasPrefix(".")
                {
                    let added = inotify_add_watch(fd, path, self.mask)
                    if added >= 0 { folders[added] = path }
                }
            }
            at += header + length
        }
        return out
    }
}

import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Runs a ``HostileCase``: builds a fresh sandbox, snapshots it, runs the binary in it (spawned
/// directly, so the child's peak memory comes back from `wait4`), and checks everything.
enum HostileRunner {
    /// Bound on one run's processor time (user + system, all threads); the child is killed
    /// past it. Processor time, not wall time: on two cores shared with the rest of the suite,
    /// a sound 4 s run can take 12 s of wall time.
    static let timeLimit = 10.0
    /// Wall-clock bound, a multiple of ``timeLimit``: for a child that hangs without working.
    static let wallFactor = 6.0
    /// Peak resident memory bound, in KiB (`ru_maxrss` is in KiB on Linux).
    static let memoryLimitKiB = 1_572_864
    /// The most stderr a message may take: a message quotes, it does not echo.
    static let stderrLimit = 64 * 1024

    static var debugBinary: String { Paths.root + "/.build/debug/proofsheet" }
    static var releaseBinary: String { Paths.root + "/.build/release/proofsheet" }

    /// The release binary `make test` builds for the table and names in
    /// `PROOFSHEET_RELEASE_BINARY`: whatever ran before (`make demo` builds the release binary
    /// first, so the debug test build is then the newer one), heavy cases run through it.
    static var namedReleaseBinary: String? {
        guard let path = ProcessInfo.processInfo.environment["PROOFSHEET_RELEASE_BINARY"], !path.isEmpty else { return nil }
        return path
    }

    /// Heavy cases (bombs, huge text, huge files, deep nesting) run through the release binary:
    /// the one `PROOFSHEET_RELEASE_BINARY` names (`make test`), else one that exists and is not
    /// older than the debug one. A debug build parses, decodes and lays out several times
    /// slower, so with only the debug binary (or a stale release one) they get twice the time.
    static func binary(heavy: Bool) -> (path: String, timeLimit: Double) {
        if heavy, let named = namedReleaseBinary { return (named, timeLimit) }
        if heavy, let release = modified(releaseBinary), release >= modified(debugBinary) ?? .distantPast {
            return (releaseBinary, timeLimit)
        }
        return (debugBinary, heavy ? 2 * timeLimit : timeLimit)
    }

    static func modified(_ path: String) -> Date? {
        guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
        return (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// At most three cases at once, and two heavy ones beside them: a heavy case that hangs
    /// waits out its whole time bound, and should not hold up the quick ones; more heavy ones at
    /// once on two cores made sound ones (a 4 s panels diff) run past the bound.
    static let slots = Slots(3)
    static let heavySlots = Slots(2)

    /// Runs the case; returns the problems found (each with the run's context).
    ///
    /// The sandbox, the snapshots and the wait for the child are blocking work: they run on a
    /// thread of their own, never on the cooperative pool (whose few threads would otherwise be
    /// held by one case while another's child went unwatched past its bounds).
    static func run(_ c: HostileCase) async throws -> [String] {
        let pool = c.heavy ? heavySlots : slots
        await pool.acquire()
        let outcome = await withCheckedContinuation { (done: CheckedContinuation<Result<[String], any Error>, Never>) in
            let thread = Thread { done.resume(returning: Result { try runBlocking(c) }) }
            thread.stackSize = 8 << 20
            thread.start()
        }
        await pool.release()
        return try outcome.get()
    }

    /// Builds the sandbox, runs the child and returns the problems found (each with the run's
    /// context).
    static func runBlocking(_ c: HostileCase) throws -> [String] {
        let began = Date()
        let base = NSTemporaryDirectory() + "proofsheet-hostile-\(UUID().uuidString)"
        let work = base + "/work", sandbox = work + "/sandbox", outside = work + "/outside"
        let fm = FileManager.default
        try fm.createDirectory(atPath: sandbox, withIntermediateDirectories: true)
        try fm.createDirectory(atPath: outside, withIntermediateDirectories: true)
        defer { if ProcessInfo.processInfo.environment["HOSTILE_KEEP"] == nil { try? fm.removeItem(atPath: base) } }

        func expand(_ s: String) -> String {
            s.replacingOccurrences(of: "$OUTSIDE", with: outside).replacingOccurrences(of: "$SANDBOX", with: sandbox)
        }
        // Something to lose in the outside folder, for every case.
        try Data("top secret\n".utf8).write(to: URL(fileURLWithPath: outside + "/secret.txt"))
        try Data(HostileBytes.uniformPNG(3, 3, [1, 2, 3, 255])).write(to: URL(fileURLWithPath: outside + "/secret.png"))
        try build(c.setup, sandbox: sandbox, expand: expand)

        let before = try Snapshot(work)
        let (binary, limit) = binary(heavy: c.heavy)
        // A pending case that hangs today spins until its time bound: at low priority, so that
        // it does not slow the others past theirs.
        let child = try Child.run(
            binary, c.argv.map(expand), cwd: sandbox, environment: c.environment,
            io: base, timeLimit: limit, memoryLimitKiB: memoryLimitKiB, background: c.pending != nil)
        let after = try Snapshot(work)

        let run = HostileRun(sandbox: sandbox, outside: outside, status: child.status, stdout: child.stdout, stderr: child.stderr)
        var problems: [String] = []
        if child.timedOut {
            problems.append("used more than \(fmt(limit)) s of processor time (or \(fmt(wallFactor * limit)) s of wall time) and was killed")
        } else if child.tooBig {
            problems.append("grew past \(memoryLimitKiB / 1024) MiB and was killed")
        } else if child.signal != 0 {
            problems.append("died of signal \(child.signal)")
        } else if !c.exit.contains(child.status) {
            problems.append("exit code \(child.status), expected \(c.exit.sorted().map(String.init).joined(separator: " or "))")
        }
        if child.maxRSSKiB > memoryLimitKiB { problems.append("peak memory \(child.maxRSSKiB / 1024) MiB, over \(memoryLimitKiB / 1024) MiB") }
        for s in c.says.map(expand) where !child.stderr.contains(s) { problems.append("stderr lacks \"\(s.prefix(300))\"") }
        for s in c.prints.map(expand) where !child.stdout.contains(s) { problems.append("stdout lacks \"\(s.prefix(300))\"") }
        for s in c.reports.map(expand) where !(child.stdout + child.stderr).lowercased().contains(s.lowercased()) {
            problems.append("neither stdout nor stderr says \"\(s.prefix(300))\"")
        }
        if child.stderrBytes > stderrLimit { problems.append("stderr is \(child.stderrBytes) bytes, over \(stderrLimit)") }
        if !c.exit.contains(3) && child.stderr.contains("internal error") { problems.append("stderr reports an internal error") }
        // Progress lines may come first; the error itself is a line of its own.
        if c.exit == [2] && !child.timedOut && !child.stderr.split(separator: "\n").contains(where: { $0.hasPrefix("proofsheet: ") }) {
            problems.append("stderr has no 'proofsheet: ' error line")
        }
        problems += before.changes(to: after, allowing: c.writes.map { "sandbox/" + expand($0) })
        for p in c.creates.map(expand) where !fm.fileExists(atPath: sandbox + "/" + p) { problems.append("\(p) was not written") }
        if let verify = c.verify { problems += verify(run) }

        let debugNote =
            c.heavy && binary.hasSuffix("/debug/proofsheet")
            ? "\n  (ran the debug binary: build the release one first, `make release`, as `make test` does)"
            : ""
        let context = """
            \(c.name): \(c.argv.joined(separator: " ").prefix(300))\(debugNote)
              exit \(child.status), \(fmt(child.seconds)) s (\(fmt(child.cpuSeconds)) s of processor time), \(child.maxRSSKiB / 1024) MiB
              stderr: \(child.stderr.prefix(1200))
              stdout: \(child.stdout.prefix(400))
            """
        let reported = problems.map { "\($0)\n\(context)" }
        // HOSTILE_LOG=file appends a line per case (name, child seconds, peak MiB, case seconds,
        // exit, pending reason, problems, stderr): what the table asks of the product at a glance.
        if let log = ProcessInfo.processInfo.environment["HOSTILE_LOG"] {
            let line =
                [
                    c.name, fmt(child.seconds), "\(child.maxRSSKiB / 1024)", fmt(Date().timeIntervalSince(began)), "\(child.status)",
                    c.pending ?? "-", problems.joined(separator: " | "), String(child.stderr.prefix(400))
                ]
                .map { $0.replacingOccurrences(of: "\n", with: "⏎").replacingOccurrences(of: "\t", with: " ") }
                .joined(separator: "\t") + "\n"
            logLock.withLock {
                if let h = FileHandle(forWritingAtPath: log) {
                    h.seekToEndOfFile(); h.write(Data(line.utf8)); try? h.close()
                } else {
                    _ = FileManager.default.createFile(atPath: log, contents: Data(line.utf8))
                }
            }
        }
        return reported
    }

    /// Builds the sandbox's contents.
    static func build(_ items: [HostileCase.Item], sandbox: String, expand: (String) -> String) throws {
        let fm = FileManager.default
        func place(_ p: String) throws -> String {
            let full = p.hasPrefix("$OUTSIDE") ? expand(p) : sandbox + "/" + p
            try fm.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            return full
        }
        for item in items {
            switch item {
            case .file(let p, .pieces(let pieces)):
                let path = try place(p)
                guard FileManager.default.createFile(atPath: path, contents: nil),
                    let handle = FileHandle(forWritingAtPath: path)
                else { throw POSIXError(.EIO) }
                defer { try? handle.close() }
                for (unit, count) in pieces {
                    let perBlock = max(1, min(count, 65536 / max(1, unit.utf8.count)))
                    let block = Data(String(repeating: unit, count: perBlock).utf8)
                    for _ in 0..<(count / perBlock) { try handle.write(contentsOf: block) }
                    try handle.write(contentsOf: Data(String(repeating: unit, count: count % perBlock).utf8))
                }
            case .file(let p, let content):
                let bytes: [UInt8]
                switch content {
                case .text(let t): bytes = Array(expand(t).utf8)
                case .bytes(let b): bytes = b
                case .make(let f): bytes = f()
                case .pieces: bytes = []
                }
                try Data(bytes).write(to: URL(fileURLWithPath: try place(p)))
            case .folder(let p):
                try fm.createDirectory(atPath: try place(p), withIntermediateDirectories: true)
            case .symlink(let p, let target):
                try fm.createSymbolicLink(atPath: try place(p), withDestinationPath: expand(target))
            case .fifo(let p):
                guard mkfifo(try place(p), 0o644) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
            case .sparse(let p, let size):
                let fd = open(try place(p), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
                defer { close(fd) }
                guard ftruncate(fd, off_t(size)) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
            }
        }
    }

    static func fmt(_ v: Double) -> String { String(format: "%.1f", v) }
    static let logLock = NSLock()
}

/// A counting semaphore for async tasks.
actor Slots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []
    init(_ n: Int) { free = n }

    func acquire() async {
        if free > 0 { free -= 1; return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }
}

/// glibc's `posix_spawn_file_actions_addchdir_np` (2.29+), which Swift's Glibc module does not
/// show: the child starts in the sandbox without the test process changing folder.
private let addChdir: @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32 = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else {
        fatalError("posix_spawn_file_actions_addchdir_np is missing (glibc 2.29 or later is needed)")
    }
    return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)
}()

/// A child process run with `posix_spawn`, reaped with `wait4` (for its peak memory).
struct Child {
    var status: Int32 = -1
    var signal: Int32 = 0
    var timedOut = false
    /// Killed for growing past the memory bound.
    var tooBig = false
    var seconds = 0.0
    /// Processor time, user and system, in seconds.
    var cpuSeconds = 0.0
    var maxRSSKiB = 0
    var stdout = ""
    var stderr = ""
    var stderrBytes = 0

    static func run(
        _ binary: String, _ argv: [String], cwd: String, environment: [String: String], io: String,
        timeLimit: Double, memoryLimitKiB: Int, background: Bool
    ) throws -> Child {
        let outPath = io + "/stdout", errPath = io + "/stderr"
        var env = ProcessInfo.processInfo.environment
        env["CI"] = nil
        for (k, v) in environment { env[k] = v }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard addChdir(&actions, cwd) == 0 else { throw POSIXError(.ENOSYS) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), defaults = sigset_t()
        sigemptyset(&noSignals)
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let args = ([binary] + argv).map { strdup($0) } + [nil]
        let envs = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in args + envs { free(p) } }

        var pid: pid_t = 0
        let start = Date()
        let rc = posix_spawn(&pid, binary, &actions, &attributes, args, envs)
        guard rc == 0 else { throw POSIXError(.init(rawValue: rc) ?? .EIO) }
        if background { setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(pid), 15) }

        var child = Child()
        var status: Int32 = 0
        var usage = rusage()
        while true {
            let r = wait4(pid, &status, WNOHANG, &usage)
            if r == pid { break }
            if r < 0 && errno != EINTR { throw POSIXError(.init(rawValue: errno) ?? .ECHILD) }
            let late = processorSeconds(pid) > timeLimit || Date().timeIntervalSince(start) > HostileRunner.wallFactor * timeLimit
            let big = !late && residentKiB(pid) > memoryLimitKiB
            if late || big {
                kill(pid, SIGKILL)
                while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
                child.timedOut = late
                child.tooBig = big
                break
            }
            usleep(5000)
        }
        child.seconds = Date().timeIntervalSince(start)
        child.cpuSeconds =
            Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        child.maxRSSKiB = usage.ru_maxrss
        if status & 0x7F == 0 { child.status = (status >> 8) & 0xFF } else { child.signal = status & 0x7F }
        let out = FileManager.default.contents(atPath: outPath) ?? Data()
        let err = FileManager.default.contents(atPath: errPath) ?? Data()
        child.stdout = String(decoding: out.prefix(1 << 20), as: UTF8.self)
        child.stderr = String(decoding: err.prefix(1 << 20), as: UTF8.self)
        child.stderrBytes = err.count
        return child
    }
}

/// The resident memory of a running process, from /proc (0 when it cannot be read): checked
/// while the child runs, so a bomb is stopped at the bound instead of taking the machine.
/// The processor time a running process has used, user and system, in seconds (0 when it
/// cannot be read): fields 14 and 15 of /proc/PID/stat, after the command name in parentheses.
func processorSeconds(_ pid: pid_t) -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return 0 }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

func residentKiB(_ pid: pid_t) -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * sysconf(Int32(_SC_PAGESIZE)) / 1024
}

/// Every path under a folder with its type, size, permissions, modification time and a content
/// hash (symlinks are not followed; FIFOs are never opened).
struct Snapshot {
    struct Node: Equatable {
        var kind: String
        var size: Int64 = 0
        var mode: UInt32 = 0
        var modified: Int = 0
        var hash: UInt64 = 0
        var target: String?
    }
    var nodes: [String: Node] = [:]

    init(_ root: String) throws {
        try walk(root, "")
    }

    private mutating func walk(_ root: String, _ rel: String) throws {
        let full = rel.isEmpty ? root : root + "/" + rel
        var st = stat()
        guard lstat(full, &st) == 0 else { return }
        var node = Node(kind: "other", mode: st.st_mode & 0o7777)
        switch st.st_mode & S_IFMT {
        case S_IFDIR:
            node.kind = "folder"
            if !rel.isEmpty { nodes[rel] = node }
            for name in try FileManager.default.contentsOfDirectory(atPath: full).sorted() {
                try walk(root, rel.isEmpty ? name : rel + "/" + name)
            }
            return
        case S_IFREG:
            node.kind = "file"
            node.size = Int64(st.st_size)
            node.modified = st.st_mtim.tv_sec * 1_000_000_000 + st.st_mtim.tv_nsec
            node.hash = Self.hash(full, size: Int(st.st_size))
        case S_IFLNK:
            node.kind = "symlink"
            node.target = try? FileManager.default.destinationOfSymbolicLink(atPath: full)
        case S_IFIFO:
            node.kind = "fifo"
        default:
            break
        }
        nodes[rel] = node
    }

    /// FNV-1a (eight bytes at a time) over the whole file up to 1 MiB; over the first and last
    /// 256 KiB of larger (maybe sparse) files, whose changes the size and modification time
    /// also show.
    static func hash(_ path: String, size: Int) -> UInt64 {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        let chunk = 1 << 18
        var buffer = [UInt8](repeating: 0, count: chunk)
        func mix(from offset: Int, count: Int) {
            var done = 0
            while done < count {
                let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, min(chunk, count - done), off_t(offset + done)) }
                guard n > 0 else { return }
                buffer.withUnsafeBytes { raw in
                    var i = 0
                    while i + 8 <= n { h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x100_0000_01B3; i += 8 }
                    while i < n { h = (h ^ UInt64(raw[i])) &* 0x100_0000_01B3; i += 1 }
                }
                done += n
            }
        }
        if size <= 4 * chunk {
            mix(from: 0, count: size)
        } else {
            mix(from: 0, count: chunk)
            mix(from: size - chunk, count: chunk)
        }
        return h
    }

    /// What changed from this snapshot to `after`, outside the paths `allowed` (patterns
    /// relative to the snapshot's root), plus any new hidden file (a temporary left behind)
    /// wherever it is, but for the marker of an output folder where that may be written.
    func changes(to after: Snapshot, allowing allowed: [String]) -> [String] {
        func isAllowed(_ path: String, _ kind: String?) -> Bool {
            for pattern in allowed {
                if fnmatch(pattern, path, 0) == 0 { return true }
                if pattern.hasSuffix("/**") && path == String(pattern.dropLast(3)) { return true }
                // The folders an allowed output is written into may be created.
                if kind == "folder" && pattern.hasPrefix(path + "/") { return true }
            }
            return false
        }
        var problems: [String] = []
        for path in Set(nodes.keys).union(after.nodes.keys).sorted() {
            let old = nodes[path], new = after.nodes[path]
            let name = (path as NSString).lastPathComponent
            // The marker of a whole output folder (`.proofsheet-files`) is no temporary: it may
            // appear where the folder it lists may be written.
            if old == nil, new != nil, name.hasPrefix("."), !(name == ".proofsheet-files" && isAllowed(path, new?.kind)) {
                problems.append("stray temporary file left: \(path)")
                continue
            }
            if isAllowed(path, new?.kind ?? old?.kind) { continue }
            switch (old, new) {
            case (nil, let n?): problems.append("wrote \(path) (\(n.kind))")
            case (_?, nil): problems.append("deleted \(path)")
            case (let o?, let n?) where o.kind == "folder" && n.kind == "folder":
                if o.mode != n.mode { problems.append("changed the permissions of \(path)") }
            case (let o?, let n?) where o != n: problems.append("changed \(path) (\(o.kind) \(o.size) bytes → \(n.kind) \(n.size) bytes)")
            default: break
            }
        }
        return problems
    }
}

import Foundation
import ProofsheetCore

/// A small HTTP/1.1 server on the loopback interface, written on POSIX sockets: what
/// `proofsheet preview` serves its page, images and events with.
///
/// - It binds 127.0.0.1 only; a request whose `Host` is not that address or `localhost` (at the
///   server's port) is refused, so a page elsewhere cannot reach it through DNS rebinding.
/// - Requests are `GET` (or `HEAD`), their head at most 8 KiB, all read within 2 seconds; the target
///   is split into a path and query parameters, and the handler decides everything else. Nothing
///   in a request names a file: the handler answers from what it holds.
/// - At most ``mostConnections`` requests are handled at once; an event stream, once opened,
///   holds no worker.
/// - Every response closes its connection (`Connection: close`), is never cached, and says its
///   type (`nosniff`).
public final class HTTPServer: @unchecked Sendable {
    /// A request, parsed.
    public struct Request: Sendable {
        public var method: String
        /// The path, without the query (`/frame`).
        public var path: String
        /// The query's parameters, percent-decoded.
        public var query: [String: String]
    }

    /// What to answer.
    public enum Response {
        /// A whole response.
        case body(status: Int, type: String, bytes: [UInt8])
        /// An event stream (`text/event-stream`): the connection is handed to the closure, which
        /// keeps it for as long as it wants to send.
        case events((EventStream) -> Void)
    }

    /// The most requests handled at once.
    public static let mostConnections = 64
    /// The longest request head, in bytes.
    public static let mostHeadBytes = 8192

    public let port: Int
    private let socket: Int32
    private let handler: @Sendable (Request) -> Response
    private let workers = DispatchSemaphore(value: HTTPServer.mostConnections)
    private let stopped = LockedFlag()

    /// Binds 127.0.0.1:`port` (0: a free port the system picks).
    ///
    /// - Throws: a usage error when the port is taken or cannot be bound.
    public init(port: Int, handler: @escaping @Sendable (Request) -> Response) throws {
        signal(SIGPIPE, SIG_IGN)
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ProofsheetError.internal("cannot open a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.loopback(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw ProofsheetError.usage("cannot listen on 127.0.0.1:\(port): \(reason)", hint: "choose another --port, or 0 for any free one")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        self.port = Int(UInt16(bigEndian: actual.sin_port))
        self.socket = fd
        self.handler = handler
    }

    /// Accepts connections on a thread of its own until ``stop()``.
    public func start() {
        let thread = Thread { [self] in
            while !stopped.value {
                let client = accept(socket, nil, nil)
                if client >= 0 { _ = fcntl(client, F_SETFD, FD_CLOEXEC) }
                if client < 0 {
                    if errno == EINTR || errno == ECONNABORTED { continue }
                    if stopped.value { return }
                    usleep(10_000)
                    continue
                }
                workers.wait()
                // A thread of its own: a connection waits on its socket, which must not hold
                // one of the few threads the dispatch pool runs its work on.
                Thread.detachNewThread { [self] in
                    defer { workers.signal() }
                    serve(client)
                }
            }
        }
        thread.name = "proofsheet-preview-accept"
        thread.start()
    }

    /// Stops accepting connections.
    public func stop() {
        stopped.value = true
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }

    /// Reads one request from `client`, answers it, and closes the connection (unless an event
    /// stream keeps it).
    private func serve(_ client: Int32) {
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var sending = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &sending, socklen_t(MemoryLayout<timeval>.size))
        guard let head = readHead(client) else {
            Self.send(client, status: 400, type: "text/plain; charset=utf-8", body: Array("bad request\n".utf8))
            close(client)
            return
        }
        switch parse(head) {
        case .failure(let status):
            Self.send(client, status: status, type: "text/plain; charset=utf-8", body: Array("\(Self.reason(status))\n".utf8))
            close(client)
        case .success(let request):
            switch handler(request) {
            case .body(let status, let type, let bytes):
                Self.send(client, status: status, type: type, body: request.method == "HEAD" ? [] : bytes, length: bytes.count)
                close(client)
            case .events(let keep):
                let header =
                    "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
                    + "Connection: keep-alive\r\n\r\n"
                guard Self.write(client, Array(header.utf8)) else {
                    close(client)
                    return
                }
                keep(EventStream(client))
            }
        }
    }

    /// The request head (up to the blank line), or nil when it is too long, cut short, or not
    /// all there within 2 seconds (however slowly it trickles in).
    private func readHead(_ fd: Int32) -> String? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 2048)
        let deadline = Date().addingTimeInterval(2)
        while bytes.count < Self.mostHeadBytes && Date() < deadline {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            bytes += chunk[0..<n]
            if let end = bytes.firstRange(of: [13, 10, 13, 10]) {
                return String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
            }
        }
        return nil
    }

    private enum Parsed { case success(Request), failure(Int) }

    /// The request line and the `Host` header, checked.
    private func parse(_ head: String) -> Parsed {
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let parts = lines.first?.split(separator: " ", omittingEmptySubsequences: false) ?? []
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else { return .failure(400) }
        let method = String(parts[0])
        guard method == "GET" || method == "HEAD" else { return .failure(405) }
        // DNS rebinding: only this machine's own names for the server.
        let host = lines.dropFirst().first { $0.lowercased().hasPrefix("host:") }.map { $0.dropFirst(5).trimmingCharacters(in: .whitespaces) }
        guard let host, ["127.0.0.1:\(port)", "localhost:\(port)"].contains(host.lowercased()) else { return .failure(421) }
        let target = parts[1]
        guard target.hasPrefix("/"), target.utf8.count <= 2048 else { return .failure(400) }
        let pathEnd = target.firstIndex(of: "?") ?? target.endIndex
        var query: [String: String] = [:]
        if pathEnd < target.endIndex {
            for pair in target[target.index(after: pathEnd)...].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let key = kv[0].removingPercentEncoding, let value = (kv.count == 2 ? String(kv[1]) : "").removingPercentEncoding else {
                    return .failure(400)
                }
                query[key] = value
            }
        }
        return .success(Request(method: method, path: String(target[..<pathEnd]), query: query))
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 421: return "Misdirected Request"
        case 422: return "Unprocessable Content"
        case 503: return "Service Unavailable"
        default: return "Internal Server Error"
        }
    }

    static func send(_ fd: Int32, status: Int, type: String, body: [UInt8], length: Int? = nil) {
        let head =
            "HTTP/1.1 \(status) \(reason(status))\r\nContent-Type: \(type)\r\nContent-Length: \(length ?? body.count)\r\n"
            + "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\nConnection: close\r\n\r\n"
        _ = write(fd, Array(head.utf8) + body)
    }

    /// Writes all of `bytes`; false when the peer has gone.
    static func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            sent += n
        }
        return true
    }
}

extension HTTPServer {
    /// The address 127.0.0.1:`port`.
    public static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        return address
    }

    /// A socket connected to 127.0.0.1:`port` (the caller closes it).
    public static func connect(port: Int) throws -> Int32 {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, connected == 0 else {
            close(fd)
            throw ProofsheetError.internal("cannot connect to 127.0.0.1:\(port)")
        }
        return fd
    }

    /// A GET of `target` on 127.0.0.1:`port` with the `Host` header `host` (the server's own by
    /// default): the status and the body. What the benchmark and the tests ask the server with.
    public static func get(port: Int, _ target: String, host: String? = nil) throws -> (status: Int, body: [UInt8]) {
        let fd = try connect(port: port)
        defer { close(fd) }
        _ = write(fd, Array("GET \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n\r\n".utf8))
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += chunk[..<n]
        }
        let status = Int(String(decoding: bytes.prefix(16), as: UTF8.self).split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, bytes.firstRange(of: [13, 10, 13, 10]).map { Array(bytes[$0.upperBound...]) } ?? [])
    }
}

/// An open event stream (server-sent events) to one page.
public final class EventStream: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()
    private var open = true

    init(_ fd: Int32) { self.fd = fd }

    deinit { if open { close(fd) } }

    /// Sends an event named `name` with `data` (one line); false once the page has gone (the
    /// stream is then closed).
    @discardableResult
    public func send(_ name: String, _ data: String) -> Bool {
        lock.withLock {
            guard open else { return false }
            let line = data.replacingOccurrences(of: "\n", with: " ")
            if HTTPServer.write(fd, Array("event: \(name)\ndata: \(line)\n\n".utf8)) { return true }
            open = false
            close(fd)
            return false
        }
    }

    /// Closes the stream.
    public func finish() {
        lock.withLock {
            guard open else { return }
            open = false
            close(fd)
        }
    }
}

/// A flag read and set from several threads.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    var value: Bool {
        get { lock.withLock { flag } }
        set { lock.withLock { flag = newValue } }
    }
}

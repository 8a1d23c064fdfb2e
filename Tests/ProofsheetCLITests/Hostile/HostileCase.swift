import Foundation
import Testing

/// One hostile input for the `proofsheet` binary: a sandbox to build, the command line to run in
/// it, and what must come out.
///
/// Every case is checked for: the exit code; the words of the message; that nothing was
/// written, changed or deleted outside `writes`, in the sandbox or in the sibling "outside"
/// folder; no temporary file left behind; under 10 s and 1.5 GB (see ``HostileRunner``).
///
/// Text in `argv`, `says`, `prints`, symlink targets and text files may use `$OUTSIDE` (the
/// absolute path of the outside folder) and `$SANDBOX` (of the sandbox, the working folder).
struct HostileCase: Sendable, CustomTestStringConvertible {
    /// What the sandbox holds before the run. Paths are relative to the sandbox, or start with
    /// `$OUTSIDE/` for the outside folder.
    enum Item: Sendable {
        case file(String, Content)
        case folder(String)
        case symlink(String, to: String)
        case fifo(String)
        /// A sparse file of this many bytes (reads as zeros; costs no disk).
        case sparse(String, bytes: Int)
    }

    enum Content: Sendable {
        case text(String)
        case bytes([UInt8])
        /// Bytes made when the sandbox is built (large inputs are not kept in the table).
        case make(@Sendable () -> [UInt8])
        /// Text made of pieces, each repeated a number of times: megabytes of text written in
        /// large blocks (building them byte by byte is slow in a debug build).
        case pieces([(String, Int)])
    }

    var name: String
    var setup: [Item] = []
    var argv: [String]
    /// The exit codes that are correct (usually one).
    var exit: Set<Int32>
    /// Strings stderr must contain.
    var says: [String] = []
    /// Strings stdout must contain.
    var prints: [String] = []
    /// Strings stdout or stderr must contain (either will do).
    var reports: [String] = []
    /// Paths (relative to the sandbox; `*` matches anything, `dir/**` everything below `dir`)
    /// that may appear, change or vanish.
    var writes: [String] = []
    /// Paths that must exist afterwards.
    var creates: [String] = []
    /// Bombs, huge text, huge files and deep nesting: run through the release binary when it
    /// is built, in a pool of their own (see ``HostileRunner/binary(heavy:)``).
    var heavy = false
    /// Why the case fails today: it then runs inside `withKnownIssue`, so the suite stays green
    /// while it fails and reports it once it passes.
    var pending: String? = nil
    var environment: [String: String] = [:]
    /// More checks on the finished run; returns the problems found.
    var verify: (@Sendable (HostileRun) -> [String])? = nil

    var testDescription: String { name }

    /// Marks the case as failing today for `reasons` (from ``Pending``).
    func pending(_ reasons: String...) -> HostileCase { var c = self; c.pending = reasons.joined(separator: "; "); return c }
    /// Marks the case as heavy.
    var heavyCase: HostileCase { var c = self; c.heavy = true; return c }
}

/// What a finished run left, for ``HostileCase/verify``.
struct HostileRun: Sendable {
    var sandbox: String
    var outside: String
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Why pending cases fail today, one constant per cause: the list of bugs the table finds. A case
/// marked pending that starts to pass fails the suite ("Known issue was not recorded"), so the
/// mark is removed with the fix.
enum Pending {}

// MARK: - Building cases

extension HostileCase {
    init(
        _ name: String, _ setup: [Item] = [], _ argv: [String], exit: Int32, says: [String] = [], prints: [String] = [],
        writes: [String] = [], creates: [String] = [], verify: (@Sendable (HostileRun) -> [String])? = nil
    ) {
        self.init(
            name: name, setup: setup, argv: argv, exit: [exit], says: says, prints: prints, writes: writes,
            creates: creates, verify: verify)
    }

    init(
        _ name: String, _ setup: [Item] = [], _ argv: [String], exits: Set<Int32>, says: [String] = [], prints: [String] = [],
        writes: [String] = [], creates: [String] = [], verify: (@Sendable (HostileRun) -> [String])? = nil
    ) {
        self.init(
            name: name, setup: setup, argv: argv, exit: exits, says: says, prints: prints, writes: writes,
            creates: creates, verify: verify)
    }

    /// The marker for where a located message must point in scene text.
    static let marker = "⟦"

    /// A scene case: `json` (with ``marker`` where the error is, if it has one) written as
    /// `file`, run with `argv` (default: render it to out.png). The message must start
    /// `file:LINE:COL (at PATH): error:` and contain `says`.
    static func scene(
        _ name: String, _ json: String, at path: String? = nil, says: [String] = [], exit: Int32 = 2,
        file: String = "s.json", argv: [String]? = nil, also: [Item] = [], writes: [String]? = nil
    ) -> HostileCase {
        let (text, place) = locate(json)
        var expected: [String] = []
        if let (line, column) = place {
            expected.append("\(file):\(line):\(column)" + (path.map { " (at \($0)): error:" } ?? ": error:"))
        } else if let path {
            expected.append("(at \(path))")
        }
        return HostileCase(
            name: name, setup: [.file(file, .text(text))] + also,
            argv: argv ?? ["render", file, "-o", "out.png"], exit: [exit], says: expected + says,
            writes: writes ?? (exit == 0 ? ["out.png"] : []))
    }

    /// A heavy scene of `pieces` (text repeated so many times). The error is at ⟦ in the first
    /// piece, or at `location` (`file:LINE:COL (at PATH): error:`) when given.
    static func bigScene(
        _ name: String, _ pieces: [(String, Int)], at path: String? = nil, location: String? = nil,
        says: [String] = [], exit: Int32 = 2
    ) -> HostileCase {
        var pieces = pieces
        var expected = location.map { [$0] } ?? []
        let (head, place) = locate(pieces[0].0)
        pieces[0].0 = head
        if let (line, column) = place {
            expected.append("s.json:\(line):\(column)" + (path.map { " (at \($0)): error:" } ?? ": error:"))
        }
        return HostileCase(
            name: name, setup: [.file("s.json", .pieces(pieces))], argv: ["render", "s.json", "-o", "out.png"],
            exit: [exit], says: expected + says, writes: exit == 0 ? ["out.png"] : [], heavy: true)
    }

    /// The text without the marker, and the marker's line and column (columns count Unicode
    /// scalars, as the product does).
    static func locate(_ json: String) -> (String, (Int, Int)?) {
        guard let r = json.range(of: marker) else { return (json, nil) }
        let before = json[..<r.lowerBound]
        var line = 1, column = 1
        for u in before.unicodeScalars {
            if u == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return (json.replacingCharacters(in: r, with: ""), (line, column))
    }

    /// A 40x30 pt scene with `root` (and `extra` top-level members before it).
    static func small(_ root: String, extra: String = "") -> String {
        "{\"canvas\": {\"width\": 40, \"height\": 30},\(extra)\n \"root\": \(root)}\n"
    }

    /// A valid 40x30 scene, red, and that scene as s.json.
    static let redScene = small(#"{"type": "Color", "color": "red"}"#)
    static let sceneFile: Item = .file("s.json", .text(redScene))
}

// MARK: - Contents

extension HostileCase.Content {
    static func png(_ width: Int, _ height: Int, _ rgba: [UInt8] = [200, 40, 40, 255]) -> Self {
        .make { HostileBytes.uniformPNG(width, height, rgba) }
    }
    /// The 69-byte PNG whose header says 2147483647x1.
    static var pngBomb: Self { .bytes(HostileBytes.headerBomb(2_147_483_647, 1)) }
    /// A JPEG header claiming 10000x10000 pixels, with no scan data.
    static var jpegBomb: Self { .bytes(HostileBytes.jpegHeader(10000, 10000)) }
}

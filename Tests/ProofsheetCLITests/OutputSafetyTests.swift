import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet

/// What the commands write, and what they must never touch: the user's inputs, folders, files
/// outside the roots they were given.
@Suite("Output safety")
struct OutputSafetyTests {
    static let red = "{\"canvas\": {\"width\": 40, \"height\": 30}, \"root\": {\"type\": \"Color\", \"color\": \"red\"}}"

    func folder(_ files: [String: String] = [:]) throws -> String {
        let dir = try temporaryFolder()
        for (name, text) in files {
            try FileManager.default.createDirectory(
                atPath: (dir + "/" + name as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            try text.write(toFile: dir + "/" + name, atomically: false, encoding: .utf8)
        }
        return dir
    }

    func png(_ w: Int, _ h: Int, _ dir: String, _ name: String) throws {
        try Data(try PNGCodec.encode(RGBAImage(width: w, height: h, fill: RGBAColor(r: 9, g: 9, b: 9)))).write(
            to: URL(fileURLWithPath: dir + "/" + name))
    }

    func listing(_ dir: String) -> [String] {
        (FileManager.default.enumerator(atPath: dir)?.allObjects as? [String] ?? []).sorted()
    }

    // MARK: - FileOutput

    @Test func writesReplaceAtomicallyAndLeaveNoTemporaries() throws {
        let dir = try folder()
        try FileOutput.write([1, 2, 3], to: dir + "/a/b/out.bin")
        try FileOutput.write([4], to: dir + "/a/b/out.bin")
        #expect(FileManager.default.contents(atPath: dir + "/a/b/out.bin") == Data([4]))
        #expect(listing(dir) == ["a", "a/b", "a/b/out.bin"])
    }

    /// Several files written at once land with their bytes, in folders made for them, across
    /// groups (more than 64 files); a target that cannot be written (a folder, too long a name),
    /// in any group, leaves no file written, keeps what was there and leaves no temporary.
    @Test func filesWrittenTogetherLandWholeOrNotAtAll() throws {
        let dir = try folder(["kept/old.bin": "old", "x/keep.txt": "keep"])
        let many = (0..<150).map { k in (bytes: [UInt8](repeating: UInt8(k), count: 1000 + k), path: dir + "/many/\(k % 3)/f\(k).bin") }
        try FileOutput.write(all: many)
        for (bytes, path) in many { #expect(FileManager.default.contents(atPath: path) == Data(bytes), "\(path)") }
        for bad in [dir + "/x", dir + "/" + String(repeating: "n", count: 256)] {
            let files = [(bytes: [UInt8]([1]), path: dir + "/kept/old.bin"), ([2], dir + "/kept/new.bin"), ([3], bad), ([4], dir + "/kept/later.bin")]
            #expect(throws: ProofsheetError.self) { try FileOutput.write(all: files) }
            #expect(FileManager.default.contents(atPath: dir + "/kept/old.bin") == Data("old".utf8))
            #expect(listing(dir + "/kept") == ["old.bin"])
            #expect(listing(dir + "/x") == ["keep.txt"])
        }
        // A target that cannot be written in a later group: nothing of any group is written.
        let groups = (0..<70).map { k in (bytes: [UInt8]([1]), path: dir + "/groups/f\(k).bin") } + [([2], dir + "/x")]
        #expect(throws: ProofsheetError.self) { try FileOutput.write(all: groups) }
        #expect(!FileManager.default.fileExists(atPath: dir + "/groups"))
    }

    @Test func aLegalLongNameCanBeWritten() throws {
        let dir = try folder()
        let name = String(repeating: "n", count: 251) + ".png"  // 255 bytes, the limit of a name
        try FileOutput.write([1], to: dir + "/" + name)
        #expect(FileManager.default.fileExists(atPath: dir + "/" + name))
        #expect {
            try FileOutput.write([1], to: dir + "/" + name + "x")
        } throws: { "\($0)".contains("File name too long") && "\($0)".contains("shorter file name") }
    }

    @Test func aFolderIsNeverReplaced() throws {
        let dir = try folder(["x/keep.txt": "keep"])
        #expect(throws: ProofsheetError.self) { try FileOutput.write([1], to: dir + "/x") }
        #expect(FileManager.default.contents(atPath: dir + "/x/keep.txt") == Data("keep".utf8))
    }

    /// Files are never deleted by their name alone: a user's file named like a temporary of a
    /// process that is gone (pid 2^22 + 1 is above Linux's pid_max default) is the user's. A
    /// write leaves no temporary of its own behind either.
    @Test func filesNamedLikeTemporariesAreKept() throws {
        let dir = try folder()
        let dead = dir + "/.proofsheet-4194305-abc.tmp"
        let live = dir + "/.proofsheet-1-abc.tmp"
        let other = dir + "/.proofsheet-notes.tmp"
        for p in [dead, live, other] { try Data([0]).write(to: URL(fileURLWithPath: p)) }
        try FileOutput.write([1], to: dir + "/out.png")
        let stream = try FileOutput.Stream(path: dir + "/streamed.png")
        try stream.write([1, 2, 3])
        try stream.commit()
        for p in [dead, live, other] { #expect(FileManager.default.fileExists(atPath: p), "\(p) was deleted") }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(names == [".proofsheet-1-abc.tmp", ".proofsheet-4194305-abc.tmp", ".proofsheet-notes.tmp", "out.png", "streamed.png"])
        #expect(FileManager.default.contents(atPath: dir + "/streamed.png") == Data([1, 2, 3]))
    }

    @Test func folderTemporariesOfDeadProcessesAreCleanedAndLiveOnesKept() throws {
        let dir = try folder()
        let fm = FileManager.default
        // Ours: a partial folder whose marker names its (dead) process, and an old folder holding
        // exactly what its marker lists.
        let partial = dir + "/.frames.partial-4194305-abc", old = dir + "/.frames.old-4194305-abc"
        try fm.createDirectory(atPath: partial + "/inner", withIntermediateDirectories: true)
        try "proofsheet files 1\npartial 4194305\n".write(toFile: partial + "/.proofsheet-files", atomically: false, encoding: .utf8)
        try fm.createDirectory(atPath: old, withIntermediateDirectories: true)
        try "ab".write(toFile: old + "/a.png", atomically: false, encoding: .utf8)
        try "proofsheet files 1\n2 a.png\n".write(toFile: old + "/.proofsheet-files", atomically: false, encoding: .utf8)
        // Not ours, or not stale: a live process's, another target's, a name without a pid, a
        // user's folder of our name without a marker, one whose marker names another process,
        // and an old folder changed since.
        let kept = [
            dir + "/.frames.partial-1-abc", dir + "/.other.partial-4194305-abc", dir + "/.frames.partial-x-abc",
            dir + "/.frames.partial-4194305-user", dir + "/.frames.partial-4194305-other", dir + "/.frames.old-4194305-changed"
        ]
        for p in kept { try fm.createDirectory(atPath: p + "/inner", withIntermediateDirectories: true) }
        try "proofsheet files 1\npartial 4194306\n".write(toFile: kept[4] + "/.proofsheet-files", atomically: false, encoding: .utf8)
        try "proofsheet files 1\n- inner\n".write(toFile: kept[5] + "/.proofsheet-files", atomically: false, encoding: .utf8)
        try "note".write(toFile: kept[5] + "/inner/note.txt", atomically: false, encoding: .utf8)
        let temp = try FileOutput.temporaryFolder(beside: dir + "/frames")
        try FileOutput.replaceFolder(dir + "/frames", with: temp)
        for p in [partial, old] { #expect(!fm.fileExists(atPath: p), "\(p) was left") }
        for p in kept { #expect(fm.fileExists(atPath: p + "/inner"), "\(p) was removed") }
    }

    /// The one rule of whole output folders: a folder is replaced only when it holds exactly
    /// the files its marker lists (names, sizes, regular files, no links).
    @Test func aFolderIsOursOnlyWhenItHoldsExactlyWhatItsMarkerLists() throws {
        let dir = try folder()
        let fm = FileManager.default
        let target = dir + "/out"
        // Written once: the marker lists every file and folder, with sizes.
        var temp = try FileOutput.temporaryFolder(beside: target)
        #expect(fm.fileExists(atPath: temp + "/.proofsheet-files"), "a temporary folder is marked partial from the start")
        try FileOutput.write([1, 2, 3], to: temp + "/images/a.png")
        try FileOutput.write([4], to: temp + "/results.json")
        try FileOutput.replaceFolder(target, with: temp)
        let marker = try String(contentsOfFile: target + "/.proofsheet-files", encoding: .utf8)
        #expect(marker == "proofsheet files 1\n- images\n3 images/a.png\n1 results.json\n")
        #expect(FileOutput.isOurFolder(target))
        try FileOutput.checkReplaceableFolder(target, what: "tests")
        // Replaced again, as a whole.
        temp = try FileOutput.temporaryFolder(beside: target)
        try FileOutput.write([5], to: temp + "/b.png")
        try FileOutput.replaceFolder(target, with: temp)
        #expect(listing(target) == [".proofsheet-files", "b.png"])
        // Anything else is refused, naming what is foreign; the folder is left as it was.
        func refused(_ change: () throws -> Void, _ says: String, undo: () throws -> Void) throws {
            try change()
            #expect(!FileOutput.isOurFolder(target))
            #expect { try FileOutput.checkReplaceableFolder(target, what: "tests") } throws: { "\($0)".contains(says) }
            let t = try FileOutput.temporaryFolder(beside: target)
            #expect(throws: ProofsheetError.self) { try FileOutput.replaceFolder(target, with: t) }
            FileOutput.discardFolder(t)
            try undo()
            #expect(FileOutput.isOurFolder(target))
        }
        try refused({ try "mine".write(toFile: target + "/notes.txt", atomically: false, encoding: .utf8) }, "notes.txt") {
            try fm.removeItem(atPath: target + "/notes.txt")
        }
        try refused({ try Data([5, 6]).write(to: URL(fileURLWithPath: target + "/b.png")) }, "b.png (1 → 2 bytes)") {
            try Data([5]).write(to: URL(fileURLWithPath: target + "/b.png"))
        }
        try refused({ try fm.moveItem(atPath: target + "/b.png", toPath: dir + "/b.png") }, "b.png (missing)") {
            try fm.moveItem(atPath: dir + "/b.png", toPath: target + "/b.png")
        }
        try refused(
            {
                try fm.moveItem(atPath: target + "/b.png", toPath: dir + "/b.png")
                try fm.createSymbolicLink(atPath: target + "/b.png", withDestinationPath: dir + "/b.png")
            }, "b.png (not a file)"
        ) {
            try fm.removeItem(atPath: target + "/b.png")
            try fm.moveItem(atPath: dir + "/b.png", toPath: target + "/b.png")
        }
        try refused({ try fm.removeItem(atPath: target + "/.proofsheet-files") }, "older version") {
            try "proofsheet files 1\n1 b.png\n".write(toFile: target + "/.proofsheet-files", atomically: false, encoding: .utf8)
        }
        // A link to our folder is never followed.
        try fm.createSymbolicLink(atPath: dir + "/link", withDestinationPath: target)
        #expect { try FileOutput.checkReplaceableFolder(dir + "/link", what: "tests") } throws: { "\($0)".contains("symbolic link") }
        #expect(listing(target) == [".proofsheet-files", "b.png"])
    }

    @Test func aFolderBelowAPathHoldingPartialIsReplacedInPlace() throws {
        let dir = try folder()
        let target = dir + "/.x.partial-1-a/out"
        for byte: UInt8 in [1, 2] {
            let temp = try FileOutput.temporaryFolder(beside: target)
            try FileOutput.write([byte], to: temp + "/a.png")
            try FileOutput.replaceFolder(target, with: temp)
        }
        #expect(FileManager.default.contents(atPath: target + "/a.png") == Data([2]))
        #expect(listing(dir + "/.x.partial-1-a") == ["out", "out/.proofsheet-files", "out/a.png"])
    }

    /// Every message escapes control characters: no input starts a line of its own.
    @Test func messagesEscapeControlCharacters() {
        #expect(visible("a\n::error::x\r\u{1B}[31m\u{2028}\u{9B}") == "a\\u{a}::error::x\\u{d}\\u{1b}[31m\\u{2028}\\u{9b}")
        #expect(visible(visible("a\nb")) == visible("a\nb"))
        let e = ProofsheetError.badInput("'red\n::error::x' is not a colour", hint: "try\n::warning::y")
        #expect(e.description == "error: 'red\\u{a}::error::x' is not a colour\n  hint: try\\u{a}::warning::y")
        #expect(!e.description.split(separator: "\n").contains { $0.hasPrefix("::") })
    }

    @Test func diffNeverWritesOverItsInputsOrAFolder() throws {
        let dir = try folder(["out/keep.txt": "keep"])
        try png(4, 4, dir, "a.png")
        try png(4, 4, dir, "b.png")
        let before = try Data(contentsOf: URL(fileURLWithPath: dir + "/a.png"))
        for output in ["a.png", "./b.png", "out", "out/"] {
            let r = try runProcess(CLITests.binary, ["diff", "a.png", "b.png", "-o", output], cwd: dir)
            #expect(r.status == 2, "\(output): \(r.err)")
        }
        let panels = try runProcess(CLITests.binary, ["diff", "a.png", "b.png", "--panels", "a.png"], cwd: dir)
        #expect(panels.status == 2 && panels.err.contains("one of the input images"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/a.png")) == before)
        #expect(FileManager.default.contents(atPath: dir + "/out/keep.txt") == Data("keep".utf8))
    }

    @Test func aSizeMismatchDeletesNothingAndSaysNoDiffWasWritten() throws {
        let dir = try folder(["old.png": "an older diff"])
        try png(4, 4, dir, "a.png")
        try png(5, 4, dir, "b.png")
        let r = try runProcess(CLITests.binary, ["diff", "a.png", "b.png", "-o", "old.png"], cwd: dir)
        #expect(r.status == 1)
        #expect(r.err.contains("no diff image written to old.png"))
        #expect(FileManager.default.contents(atPath: dir + "/old.png") == Data("an older diff".utf8))
    }

    // MARK: - render and layout

    @Test func twoScenesOfOneNameAreRefusedBeforeWriting() throws {
        let dir = try folder(["a/s.json": Self.red, "b/s.json": Self.red])
        let r = try runProcess(CLITests.binary, ["render", "a/s.json", "b/s.json", "--out-dir", "out"], cwd: dir)
        #expect(r.status == 2)
        #expect(r.err.contains("a/s.json and b/s.json would both be written to out/s.png"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }

    @Test(arguments: [["-o", "x.png"], ["--out-dir", "o"], ["--format", "svg"], ["--png-compression", "small"]])
    func layoutRefusesOptionsItWouldIgnore(option: [String]) throws {
        let dir = try folder(["s.json": Self.red])
        let r = try runProcess(CLITests.binary, ["layout", "s.json"] + option, cwd: dir)
        #expect(r.status == 2)
        #expect(r.err.contains("\(option[0]) does not apply"))
        #expect(listing(dir) == ["s.json"])
    }

    @Test func aCanvasUnderOnePixelNamesTheSceneFile() throws {
        let dir = try folder([
            "tiny.json": "{\"canvas\": {\"width\": 1, \"height\": 1}, \"scale\": 0.25, \"root\": {\"type\": \"Color\", \"color\": \"red\"}}"
        ])
        for args in [["render", "tiny.json", "-o", "t.png"], ["check", "tiny.json", "--golden", "g"]] {
            let r = try runProcess(CLITests.binary, args, cwd: dir)
            #expect(r.status == 2, "\(args[0]): \(r.err)")
            #expect(r.err.contains("tiny.json"), "\(args[0]): \(r.err)")
        }
        #expect(listing(dir) == ["tiny.json"])
    }

    // MARK: - check

    @Test func aSceneFileNamedDotsCannotNameAGoldenFolder() throws {
        let dir = try folder(["...json": Self.red])
        let r = try runProcess(CLITests.binary, ["check", "...json", "--golden", "g/h", "--record", "all"], cwd: dir)
        #expect(r.status == 2)
        #expect(r.err.contains("cannot name a golden folder"))
        #expect(listing(dir) == ["...json"])
    }

    @Test(arguments: ["corrupt", "folder"])
    func anUnreadableGoldenIsBadInputNotAnInternalFailure(kind: String) throws {
        let dir = try folder(["red.json": Self.red])
        let golden = dir + "/g/red/default/40x30@1x.png"
        try FileManager.default.createDirectory(atPath: (golden as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        if kind == "corrupt" {
            try Data("not a png".utf8).write(to: URL(fileURLWithPath: golden))
        } else {
            try FileManager.default.createDirectory(atPath: golden, withIntermediateDirectories: true)
        }
        let r = try runProcess(CLITests.binary, ["check", "red.json", "--golden", "g", "--report", "rep"], cwd: dir, env: ["CI": "1"])
        #expect(r.status == 2, "\(r.out) \(r.err)")
        #expect(r.err.contains("red/default/40x30@1x"))
        #expect(FileOutput.exists(golden))
    }
}

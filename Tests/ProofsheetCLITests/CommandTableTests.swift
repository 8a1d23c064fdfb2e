import Foundation
import Testing
import ProofsheetTestSupport

/// Every command is declared once: its help, `help CMD`, the README's synopsis, the options it
/// parses and shell completion all come from that one declaration, and agree.
@Suite("Commands declared once")
struct CommandTableTests {
    func run(_ args: [String], cwd: String? = nil) throws -> (status: Int32, out: String, err: String) {
        try runProcess(CLITests.binary, args, cwd: cwd)
    }

    /// The commands the main help lists.
    func commands() throws -> [String] {
        let main = try run(["--help"]).out
        guard let list = main.components(separatedBy: "COMMANDS:\n").last?.components(separatedBy: "\n\n").first else { return [] }
        return list.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// Each command's options, as the bash completion lists them.
    func declaredOptions() throws -> [String: [String]] {
        let script = try run(["completion", "bash"]).out
        var out: [String: [String]] = [:]
        var current: String?
        for line in script.split(separator: "\n") {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.hasSuffix(")"), !t.contains(" "), !t.hasPrefix("-") { current = String(t.dropLast()) }
            if let c = current, t.hasPrefix("options=\"") { out[c] = t.dropFirst(9).dropLast().split(separator: " ").map(String.init) }
        }
        return out
    }

    @Test func helpOfACommandIsOneText() throws {
        let names = try commands()
        #expect(names.count == 24, "\(names)")
        #expect(names.contains("merge-reports") && names.contains("completion") && names.contains("contrast"))
        for c in names {
            let a = try run([c, "--help"]), b = try run(["help", c])
            #expect(a.status == 0 && b.status == 0, "\(c)")
            #expect(a.out == b.out, "proofsheet \(c) --help and proofsheet help \(c) differ")
            #expect(a.out.contains("USAGE: proofsheet \(c)"), "\(c)")
        }
        let unknown = try run(["help", "rendr"])
        #expect(unknown.status == 2 && unknown.err.contains("did you mean 'render'"), "\(unknown.err)")
    }

    @Test func theReadmeSynopsisIsTheDeclarations() throws {
        let synopsis = try run(["help", "synopsis"])
        #expect(synopsis.status == 0)
        let readme = try String(contentsOfFile: Paths.root + "/README.md", encoding: .utf8)
        let block = readme.components(separatedBy: "## Command line").dropFirst().first?.components(separatedBy: "```\n").dropFirst().first
        #expect(block == synopsis.out, "README's synopsis differs from `proofsheet help synopsis`: regenerate it")
        // Every command is in it, with every option it declares.
        let options = try declaredOptions()
        #expect(options.count == 24)
        for (command, names) in options {
            #expect(synopsis.out.contains("proofsheet \(command)"), "\(command)")
            for n in names where !["-h", "--help", "--limit"].contains(n) {
                #expect(synopsis.out.contains(n), "\(command) \(n) is not in the synopsis")
            }
        }
    }

    /// Every option a command declares is one it parses: given (with a value), it is never
    /// called unknown; an option it does not declare is, with the close names.
    @Test func everyDeclaredOptionIsParsed() throws {
        // In a folder of its own: an option's value may name an output (`--report 1`).
        let dir = NSTemporaryDirectory() + "proofsheet-options-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (command, names) in try declaredOptions() {
            for n in names where !["-h", "--help"].contains(n) {
                let r = try run([command, n, "1", "/nonexistent/x.json"], cwd: dir)
                #expect(!r.err.contains("unknown option '\(n)"), "\(command) declares \(n) but does not parse it: \(r.err)")
            }
        }
        let typo = try run(["strip", "x.json", "--timeline", "t", "--fsp", "30"])
        #expect(typo.status == 2)
        #expect(typo.err.contains("unknown option '--fsp' for strip") && typo.err.contains("did you mean '--fps'"), "\(typo.err)")
    }

    /// The bash script completes commands, a command's options and an option's choices, and
    /// the zsh and fish scripts parse.
    @Test func completionScriptsWork() throws {
        let dir = NSTemporaryDirectory() + "proofsheet-completion-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for shell in ["bash", "zsh", "fish"] {
            let r = try run(["completion", shell])
            #expect(r.status == 0, "\(shell)")
            try r.out.write(toFile: "\(dir)/proofsheet.\(shell)", atomically: true, encoding: .utf8)
        }
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let script = """
                source '\(dir)/proofsheet.bash'
                COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
                _proofsheet
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let r = try runProcess("/bin/bash", ["-c", script], cwd: dir)
            #expect(r.status == 0, "\(r.err)")
            return r.out.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["proofsheet", "st"]) == ["stills", "strip", "storyboard"])
        #expect(try complete(["proofsheet", "render", "--for"]) == ["--format"])
        #expect(try complete(["proofsheet", "render", "--format", ""]) == ["png", "svg", "pdf"])
        #expect(try complete(["proofsheet", "diff", "--include"]) == ["--include-aa"])
        for (shell, check) in [("zsh", ["zsh", "-n"]), ("fish", ["fish", "--no-execute"])] {
            guard let tool = ["/usr/bin/", "/bin/"].map({ $0 + check[0] }).first(where: FileManager.default.isExecutableFile) else {
                Issue.record("\(check[0]) is not installed (scripts/install-deps.sh installs it)")
                continue
            }
            let r = try runProcess(tool, Array(check.dropFirst()) + ["\(dir)/proofsheet.\(shell)"])
            #expect(r.status == 0, "\(shell): \(r.err)")
        }
    }
}

import Proofsheet

/// A command, declared once (see `CommandTable.swift`): its name and one-line abstract, what it
/// does, its usage, and its options in titled sections, each with the names it is given by and
/// its help. Everything about a command on the command line is made from this: `Arguments`
/// parses only options declared here, `--help` and `proofsheet help CMD` print ``help``, the
/// README's synopsis is ``synopsis``, and `proofsheet completion` completes its options.
struct CommandSpec: Sendable {
    /// `render`, `merge-reports`.
    let name: String
    /// One line, for the list of commands.
    let abstract: String
    /// The paragraph at the top of its help.
    let about: String
    /// What follows `USAGE: `, a line each (the later ones indented by `usageIndent`).
    let usage: [String]
    let usageIndent: Int
    let sections: [Section]
    /// Options the command reads only to refuse them with a message of its own (`layout -o`:
    /// layout prints; `check --set`: a state without a name has no golden).
    var refuses: Set<String> = []

    enum Section: Sendable {
        /// A paragraph (or examples) of the help, as written.
        case text(String)
        /// A titled list of options, their help starting at `column`.
        case options(String, column: Int, [OptionSpec])
    }

    /// The options this command declares, in the order its help lists them.
    var options: [OptionSpec] {
        sections.flatMap { section -> [OptionSpec] in
            if case .options(_, _, let list) = section { return list }
            return []
        }
    }

    /// Every option name the command takes: its own, `-h`/`--help` and the options every
    /// command takes (`--limit`).
    var optionNames: Set<String> { Set(options.flatMap(\.names) + OptionSpec.everyCommand.flatMap(\.names) + ["-h", "--help"]) }

    /// The command's help text.
    var help: String {
        var lines = about.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + [""]
        lines.append("USAGE: " + usage[0])
        lines += usage.dropFirst().map { String(repeating: " ", count: usageIndent) + $0 }
        for section in sections {
            lines.append("")
            switch section {
            case .text(let text): lines += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            case .options(let title, let column, let list):
                lines.append(title)
                lines += Self.optionLines(list, column: column)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Options as help lines: each label indented by two, its help from `column` (on the next
    /// line when the label leaves no room).
    static func optionLines(_ list: [OptionSpec], column: Int) -> [String] {
        var lines: [String] = []
        let indent = String(repeating: " ", count: column)
        for o in list {
            let label = "  " + o.label
            var help = o.help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if !o.help.isEmpty, label.count + 1 <= column {
                lines.append(label + String(repeating: " ", count: column - label.count) + help.removeFirst())
            } else {
                lines.append(label)
                if o.help.isEmpty { help = [] }
            }
            lines += help.map { indent + $0 }
        }
        return lines
    }

    /// The arguments of its usage that are not an optional option: files, and options it needs
    /// (`<scene.json>`, `--timeline NAME`, `[<scene.json>...]`).
    var arguments: [String] {
        var out: [String] = []
        var skipping = 0
        for word in usage[0].split(separator: " ").dropFirst(2).map(String.init) {
            if skipping > 0 || (word.hasPrefix("[") && !word.hasPrefix("[<")) {
                skipping += word.filter { $0 == "[" }.count - word.filter { $0 == "]" }.count
                continue
            }
            out.append(word)
        }
        return out
    }

    /// The command found by its name (or `colours`, the other spelling of `colors`).
    static func named(_ name: String) -> CommandSpec? {
        let name = name == "colours" ? "colors" : name
        return all.first { $0.name == name }
    }

    /// The command line in brief, a command a line (wrapped at `width`, later lines indented
    /// under the first argument), each under its abstract as a comment: the README's synopsis.
    static func synopsis(width: Int = 100) -> String {
        var out: [String] = []
        for c in all {
            out.append("# " + c.abstract)
            let head = "proofsheet \(c.name)"
            let arguments = c.arguments
            let given = Set(arguments.filter { $0.hasPrefix("-") })
            let words = arguments + c.options.filter { $0.names != ["-h", "--help"] && given.isDisjoint(with: $0.names) }.map { "[\($0.label)]" }
            var line = head
            for w in words {
                if line.count + 1 + w.count > width && line.count > head.count {
                    out.append(line)
                    line = String(repeating: " ", count: head.count)
                }
                line += " " + w
            }
            out.append(line)
        }
        out.append("# Every command also takes:")
        out.append("proofsheet <command> " + OptionSpec.everyCommand.map { "[\($0.label)]" }.joined(separator: " ") + " [-h | --help]")
        return out.joined(separator: "\n")
    }
}

/// An option as its help lists it: a label (`-o, --output FILE`, `--format png|svg|pdf`) and its
/// help text (lines as written). Its names and its value come from the label.
struct OptionSpec: Sendable {
    let label: String
    let help: String
    init(_ label: String, _ help: String) { self.label = label; self.help = help }

    /// The names in the label: `-o`, `--output`; `-j` and `--jobs` from `-j/--jobs N`.
    var names: [String] {
        var out: [String] = []
        var current = ""
        var previous: Character = " "
        for ch in label + " " {
            if current.isEmpty {
                if ch == "-", previous == " " || previous == "," || previous == "/" || previous == "[" { current = "-" }
            } else if ch.isLetter || ch.isNumber || ch == "-" {
                current.append(ch)
            } else {
                if current.count > 1, current != "--" { out.append(current) }
                current = ""
            }
            previous = ch
        }
        return out
    }

    /// The values a choice takes (`png|svg|pdf`), empty when the value is free (or none).
    var choices: [String] {
        let words = label.split(separator: " ")
        guard words.count == 2, words[1].contains("|"), !words[1].contains("["), !words[1].contains(".") else { return [] }
        return words[1].split(separator: "|").map(String.init)
    }

    /// Whether the option takes a value (its label names one after the option).
    var takesValue: Bool { label.split(separator: " ").count > 1 }

    /// The options every command takes.
    static let everyCommand = [OptionSpec("--limit NAME=VALUE", "Raise or lower a limit for this run (repeatable)")]
}

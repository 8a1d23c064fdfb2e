import Proofsheet

/// `proofsheet completion bash|zsh|fish`: a completion script made from the command table —
/// the commands with their abstracts, each command's options, the values of options that are a
/// choice (`--format png|svg|pdf`), and files elsewhere.
func completionCommand(_ args: inout Arguments) throws -> Int32 {
    let shells = try args.positionals()
    guard shells.count == 1, let script = completionScript(for: shells[0]) else {
        throw ProofsheetError.usage(
            shells.count == 1 ? "no completion for the shell '\(clipped(shells[0]))'" : "completion takes one shell: bash, zsh or fish",
            hint: "e.g. proofsheet completion bash > /etc/bash_completion.d/proofsheet")
    }
    print(script, terminator: "")
    return 0
}

/// The script for `shell`, nil for a shell it does not know.
func completionScript(for shell: String) -> String? {
    switch shell {
    case "bash": return Completion.bash
    case "zsh": return Completion.zsh
    case "fish": return Completion.fish
    default: return nil
    }
}

enum Completion {
    /// The options a command completes: its own, then those every command takes.
    static func options(_ c: CommandSpec) -> [OptionSpec] {
        c.options + OptionSpec.everyCommand + [OptionSpec("-h, --help", "Show this help")]
    }

    /// The first line of an option's help, without the characters a shell's quoting or zsh's
    /// option specs would read as syntax.
    static func description(_ o: OptionSpec) -> String {
        let first = o.help.split(separator: "\n").first.map(String.init) ?? ""
        return String(first.filter { !"[]:'\"`$\\".contains($0) })
    }

    static var bash: String {
        var s = """
            # bash completion for proofsheet (made by `proofsheet completion bash`)
            _proofsheet() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                if [[ $COMP_CWORD -eq 1 ]]; then
                    COMPREPLY=($(compgen -W "\(CommandSpec.all.map(\.name).joined(separator: " ")) help --help --version" -- "$cur"))
                    return
                fi
                local options="" choices=""
                case "${COMP_WORDS[1]}" in

            """
        for c in CommandSpec.all {
            let list = options(c)
            s += "        \(c.name))\n"
            s += "            options=\"\(list.flatMap(\.names).joined(separator: " "))\"\n"
            let choices = list.filter { !$0.choices.isEmpty }
            if !choices.isEmpty {
                s += "            case \"$prev\" in\n"
                for o in choices { s += "                \(o.names.joined(separator: "|"))) choices=\"\(o.choices.joined(separator: " "))\" ;;\n" }
                s += "            esac\n"
            }
            s += "            ;;\n"
        }
        s += """
                esac
                if [[ -n $choices ]]; then
                    COMPREPLY=($(compgen -W "$choices" -- "$cur"))
                elif [[ $cur == -* ]]; then
                    COMPREPLY=($(compgen -W "$options" -- "$cur"))
                else
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
            }
            complete -o filenames -o bashdefault -F _proofsheet proofsheet

            """
        return s
    }

    static var zsh: String {
        var s = """
            #compdef proofsheet
            # zsh completion for proofsheet (made by `proofsheet completion zsh`)
            _proofsheet() {
                local -a commands
                commands=(

            """
        for c in CommandSpec.all { s += "        '\(c.name):\(c.abstract.filter { !"':".contains($0) })'\n" }
        s += """
                )
                if (( CURRENT == 2 )); then
                    _describe 'command' commands
                    return
                fi
                case $words[2] in

            """
        for c in CommandSpec.all {
            s += "    \(c.name))\n        _arguments -s \\\n"
            for o in options(c) {
                let names = o.names
                let exclusive = names.count > 1 ? "'(\(names.joined(separator: " ")))'" : ""
                let spelled = names.count > 1 ? "{\(names.joined(separator: ","))}" : names[0]
                let value = !o.takesValue ? "" : o.choices.isEmpty ? ":value:_files" : ":value:(\(o.choices.joined(separator: " ")))"
                s += "            \(exclusive)'*'\(spelled)'[\(description(o))]\(value)' \\\n"
            }
            s += "            '*:file:_files'\n        ;;\n"
        }
        s += """
                esac
            }
            _proofsheet "$@"

            """
        return s
    }

    static var fish: String {
        func quoted(_ text: String) -> String {
            "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        }
        var s = "# fish completion for proofsheet (made by `proofsheet completion fish`)\ncomplete -c proofsheet -f\n"
        for c in CommandSpec.all {
            s += "complete -c proofsheet -n __fish_use_subcommand -a \(c.name) -d \(quoted(c.abstract))\n"
        }
        for c in CommandSpec.all {
            let when = "-n '__fish_seen_subcommand_from \(c.name)'"
            s += "complete -c proofsheet \(when) -F\n"
            for o in options(c) {
                var parts = ["complete -c proofsheet", when]
                for n in o.names { parts.append(n.hasPrefix("--") ? "-l \(n.dropFirst(2))" : "-s \(n.dropFirst())") }
                if o.takesValue { parts.append(o.choices.isEmpty ? "-r -F" : "-x -a \(quoted(o.choices.joined(separator: " ")))") }
                parts.append("-d \(quoted(description(o)))")
                s += parts.joined(separator: " ") + "\n"
            }
        }
        return s
    }
}

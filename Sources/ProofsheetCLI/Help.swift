import Foundation
import Proofsheet
import ProofsheetMotion

/// The help texts, one per command.
enum Help {
    static let versionNumber = ReleaseVersion.current.description
    static let version = "proofsheet \(versionNumber)"

    static var main: String {
        """
        proofsheet — render SwiftUI-like scenes to PNG, SVG and PDF on Linux.

        USAGE: proofsheet <command> [options]

        COMMANDS:
        \(commandList)

        OPTIONS:
          -h, --help           Show help (also `proofsheet <command> --help`)
          --version            Show the version
          --limit NAME=VALUE   Raise or lower a limit, on any command (repeatable; see
                               `proofsheet limits`)

        EXIT CODES: 0 success, 1 a reported difference, 2 bad input or usage, 3 internal failure.
        """
    }

    /// The commands with their abstracts, a line each, for the main help.
    static var commandList: String {
        CommandSpec.all.map { c in
            let name = "  " + c.name
            return (name.count + 1 <= 13 ? name + String(repeating: " ", count: 13 - name.count) : name + "  ") + c.abstract
        }.joined(separator: "\n")
    }
}

/// What `--png-compression` means, for every command that takes it.
let pngCompressionText = [
    "fastest: Proofsheet's own encoder (AVX2 where the processor has it;",
    "PROOFSHEET_SIMD=off forces the scalar path: the same bytes); fast: deflate",
    "level 1; small: deflate level 6 with a filter chosen per row"
].joined(separator: "\n")

/// Prints a command's help with the limits option every command takes.
func printHelp(_ command: CommandSpec) {
    print(command.help + "\n")
    print(
        """
        EVERY COMMAND:
          --limit NAME=VALUE       Raise or lower a limit for this run (repeatable):
                                   \(Limit.all.map(\.name).joined(separator: ", "))
                                   (`proofsheet limits` lists them with their defaults)
        """)
}

/// `proofsheet --version`: the version, then what renders depend on — the environment
/// fingerprint goldens carry (with the processor architecture) and the built-in assets folder — so an
/// installed binary (`make install`, `make deb`, the container) shows where it found its files.
func versionCommand() throws -> Int32 {
    print(Help.version)
    FileHandle.standardOutput.synchronizeFile()
    let renderer = try Renderer()
    let rows = [("environment", renderer.environment(version: Help.versionNumber).text), ("assets", try Resources.assets())]
    for (name, value) in rows { print(name.padding(toLength: 14, withPad: " ", startingAt: 0) + value) }
    return 0
}

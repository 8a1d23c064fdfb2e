import Proofsheet
import ProofsheetCairo
import ProofsheetLayout

/// A small command-line parser: flags with values, repeatable options, positionals. It reads
/// only the options its command declares (``CommandSpec``): reading another is a mistake in
/// Proofsheet, caught by every debug build and test; an option given that the command does not
/// declare is a usage error naming the close ones.
struct Arguments {
    private var items: [String]
    let command: String
    /// The command's declaration (nil for a command that is not one, such as `help`).
    let spec: CommandSpec?

    init(command: String, _ items: [String]) {
        self.command = command
        self.items = items
        spec = CommandSpec.named(command)
    }

    /// Checks (in debug builds) that the command declares the options it reads.
    private func declared(_ names: [String]) {
        assert(
            spec.map { s in names.allSatisfy { s.optionNames.contains($0) || s.refuses.contains($0) } } ?? true,
            "\(command) reads \(names.joined(separator: ", ")), which its CommandSpec does not declare")
    }

    /// Removes and returns whether `--flag` was given.
    mutating func flag(_ names: String...) -> Bool {
        declared(names)
        var found = false
        items.removeAll {
            if names.contains($0) { found = true; return true }; return false
        }
        return found
    }

    /// Removes and returns every value of `--name VALUE` / `--name=VALUE`.
    mutating func values(_ names: String...) throws -> [String] {
        declared(names)
        var out: [String] = []
        var rest: [String] = []
        var i = 0
        while i < items.count {
            let a = items[i]
            if names.contains(a) {
                guard i + 1 < items.count else {
                    throw ProofsheetError.usage("\(a) needs a value", hint: "see `proofsheet \(command) --help`")
                }
                out.append(items[i + 1]); i += 2; continue
            }
            if let n = names.first(where: { a.hasPrefix($0 + "=") }) {
                out.append(String(a.dropFirst(n.count + 1))); i += 1; continue
            }
            rest.append(a); i += 1
        }
        items = rest
        return out
    }

    /// The single value of an option (an error if given twice).
    mutating func value(_ names: String...) throws -> String? {
        var out: [String] = []
        for n in names { out += try values(n) }
        guard out.count <= 1 else { throw ProofsheetError.usage("\(names[0]) given more than once") }
        return out.first
    }

    /// Removes and returns `--png-compression fastest|fast|small`, nil when not given. Every
    /// command that writes PNGs reads it here and applies its own default.
    mutating func pngCompression() throws -> PNGCompression? {
        guard let name = try value("--png-compression") else { return nil }
        guard let compression = PNGCompression(name: name) else {
            throw ProofsheetError.usage(
                "--png-compression '\(name.prefix(40))' is not \(PNGCompression.spellings)",
                hint: "fastest: Proofsheet's own encoder; fast: deflate level 1; small: deflate level 6")
        }
        return compression
    }

    /// Removes and returns `--svg-text text|embed|outline`, nil when not given.
    mutating func svgText() throws -> SVGTextMode? {
        guard let name = try value("--svg-text") else { return nil }
        guard let mode = SVGTextMode(rawValue: name) else {
            throw ProofsheetError.usage(
                "--svg-text '\(name.prefix(40))' is not \(SVGTextMode.spellings)",
                hint: "text: selectable text in the fonts' names; embed: the same with the glyphs embedded; outline: glyph outlines")
        }
        return mode
    }

    /// Checks that nothing is left: the command takes no positional arguments.
    func noPositionals() throws {
        let rest = try positionals()
        if let first = rest.first {
            throw ProofsheetError.usage(
                "\(command) takes no file arguments, but got '\(first.prefix(200))'",
                hint: "see `proofsheet \(command) --help`")
        }
    }

    /// What is left: positionals. Unknown options are a usage error.
    /// The one scene file a command draws (the only positional argument), or a usage error:
    /// `draws` is how the command says what it does ("renders"), `example` a whole command line.
    func oneScene(draws: String = "draws", example: String? = nil) throws -> String {
        let scenes = try positionals()
        guard scenes.count == 1, let path = scenes.first else {
            throw ProofsheetError.usage(
                scenes.isEmpty ? "no scene file given" : "\(command) \(draws) one scene at a time",
                hint: example ?? "proofsheet \(command) <scene.json> --timeline NAME")
        }
        return path
    }

    /// The one scene file a timeline command draws and the `--timeline` it was given (read
    /// already), or a usage error that says where the scene's timelines are listed.
    func sceneAndTimeline(_ timeline: String?, draws: String = "draws", example: String? = nil) throws -> (path: String, timeline: String) {
        let path = try oneScene(draws: draws, example: example)
        guard let timeline else {
            throw ProofsheetError.usage("\(command) needs --timeline NAME", hint: "`proofsheet stills \(path)` lists the scene's timelines")
        }
        return (path, timeline)
    }

    func positionals() throws -> [String] {
        if let bad = items.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            let close = spec.map { closeNames(to: String(bad.prefix { $0 != "=" }), in: $0.optionNames) } ?? []
            throw ProofsheetError.usage(
                "unknown option '\(clipped(bad))' for \(command)",
                hint: close.isEmpty ? "see `proofsheet \(command) --help`" : "did you mean \(listForHint(close.map { "'\($0)'" }))?")
        }
        return items
    }
}

/// Checks output paths before any work, so a bad one fails first and writes nothing: `files`
/// must not be folders; `folders` must not be files, nor hold a folder where a report file goes.
func checkOutputs(files: [String?], folders: [String?] = []) throws {
    for case let f? in files where FileOutput.isFolder(f) || f.hasSuffix("/") {
        throw ProofsheetError.usage("the output '\(clipped(f))' is a folder", hint: "give a file name")
    }
    for case let d? in folders {
        if FileOutput.exists(d) && !FileOutput.isFolder(d) {
            throw ProofsheetError.usage("the output folder '\(clipped(d))' is a file", hint: "give a folder name")
        }
        for name in ["results.json", "index.html"] where FileOutput.isFolder(d + "/" + name) {
            throw ProofsheetError.usage("'\(clipped(d))/\(name)' is a folder; the report cannot be written there")
        }
    }
}

/// At most 200 characters of a user's text, for messages, control characters escaped.
func clipped(_ s: String) -> String { visible(s.count <= 200 ? s : s.prefix(200) + "…") }

/// Parses a number option within a range.
func number(_ text: String, option: String, in range: ClosedRange<Double>, whole: Bool = false) throws -> Double {
    guard let v = decimalNumber(text), range.contains(v), !whole || v == v.rounded() else {
        throw ProofsheetError.usage(
            "\(option) '\(clipped(text))' is not a \(whole ? "whole number" : "number") from \(fmt(range.lowerBound)) to \(fmt(range.upperBound))")
    }
    return v
}

import Foundation
import Proofsheet
import ProofsheetCore
import ProofsheetScene

/// The program `proofsheet swiftui` builds from a team's files: it is given the previews found
/// there and draws them into a folder, as the command asks.
///
/// Arguments (the command passes them; run by hand they work the same):
/// `--list` prints each preview (`name<TAB>file:line<TAB>timeline,…`) and draws nothing;
/// `--out DIR` (required otherwise), `--device NAME`, `--scale S`, `--dark`,
/// `--format png|svg|pdf`, `--only NAME` (repeatable), `--assets DIR` (repeatable),
/// `--strips` (each timeline as a contact sheet), `--frames` (each timeline frame by frame),
/// `--fps N`.
public enum PreviewRunner {
    /// Runs with the process's arguments and exits: 0 when every preview was drawn, 2 for a bad
    /// argument or a preview that cannot be drawn, 3 for an internal failure.
    public static func main(_ previews: @MainActor () -> [Preview]) -> Never {
        // A program started from a thread that blocks signals inherits the mask: Ctrl-C and
        // SIGTERM reach this one again.
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, nil)
        let status: Int32
        do {
            let list = MainActor.assumeIsolated { previews() }
            status = try run(Array(CommandLine.arguments.dropFirst()), previews: list) { line in
                FileHandle.standardError.write(Data((line + "\n").utf8))
            }
        } catch let e as ProofsheetError {
            FileHandle.standardError.write(Data("proofsheet: \(e.description)\n".utf8))
            status = e.exitCode
        } catch {
            FileHandle.standardError.write(Data("proofsheet: internal error: \(error)\n".utf8))
            status = 3
        }
        exit(status)
    }

    /// The file name (without extension) each preview is drawn to, in order: its name with
    /// anything but letters, digits, `-` and `_` made `-` (an unnamed preview takes its file's
    /// name), numbered `-2`, `-3`… when an earlier preview has it (letter case aside).
    public static func fileNames(of previews: [Preview]) -> [String] {
        var names: [String] = []
        var seen: Set<String> = []
        for p in previews {
            let file = p.fileID.split(separator: "/").last.map(String.init) ?? p.fileID
            let base = safe(p.name ?? (file.hasSuffix(".swift") ? String(file.dropLast(6)) : file))
            var name = base
            var k = 1
            while !seen.insert(name.lowercased()).inserted {
                k += 1
                name = "\(base)-\(k)"
            }
            names.append(name)
        }
        return names
    }

    static func safe(_ name: String) -> String {
        var s = ""
        for c in name.unicodeScalars.prefix(64) {
            let ok = ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "-" || c == "_"
            s.unicodeScalars.append(ok ? c : "-")
        }
        return s.isEmpty || s.hasPrefix(".") ? "preview" + s : s
    }

    /// Draws `previews` as `arguments` ask, telling `note` what it wrote.
    public static func run(_ arguments: [String], previews: [Preview], note: (String) -> Void) throws -> Int32 {
        var options = try Options(arguments)
        let names = fileNames(of: previews)
        if options.list {
            for (p, name) in zip(previews, names) {
                print("\(name)\t\(p.fileID):\(p.line)\t\(p.timelines.map(\.name).joined(separator: ","))")
            }
            return 0
        }
        guard let out = options.out else { throw ProofsheetError.usage("no output folder", hint: "give --out DIR") }
        // The previews are written into a temporary folder that `proofsheet swiftui` made (or a
        // new folder in it, one for each program) and moves into place as a whole (the rule of
        // every whole folder); never into any other.
        guard FileOutput.isStagingFolder(out) || (!FileOutput.exists(out) && FileOutput.isStagingFolder(FileOutput.parent(of: out))) else {
            throw ProofsheetError.usage(
                "--out \(excerpt(out)) is not a folder `proofsheet swiftui` is writing: previews replace their folder as a whole",
                hint: "run the previews through proofsheet swiftui -o DIR")
        }
        for wanted in options.only where !names.contains(wanted) {
            throw ProofsheetError.usage(
                "no preview named '\(excerpt(wanted))'", hint: "the previews: \(names.isEmpty ? "none" : names.joined(separator: ", "))")
        }
        options.only = options.only.isEmpty ? Set(names) : options.only
        // The colour sets of the app's asset catalogues: `Color("Brand")`. One that cannot be
        // read is an error of the preview that uses it.
        AssetCatalogue.registerColors(in: options.assets)
        _ = ProofsheetCore.Color.takeUsedBadAsset()
        let renderer = try Renderer(assetRoots: options.assets)
        for (p, name) in zip(previews, names) where options.only.contains(name) {
            // An error names the preview and where it is declared.
            do {
                let screen = try p.screen(device: options.device, scale: options.scale, colorScheme: options.dark ? .dark : .light)
                let scene = try screen.instantiate(try screen.appeared(try screen.state(still: nil)))
                if let unreadable = ProofsheetCore.Color.takeUsedBadAsset() { throw unreadable }
                let file = "\(name).\(options.format.rawValue)"
                try FileOutput.write(try renderer.render(scene, format: options.format, png: .fast), to: out + "/" + file, sync: false)
                note("drew \(file)")
                for t in p.timelines {
                    if options.strips {
                        let run = try renderer.run(of: screen, timeline: t.name, framing: TimelineFraming(scale: options.scale))
                        let strip = "\(name).\(t.name).strip.png"
                        let made = try renderer.writeStrip(
                            of: run, title: "\(name) — \(t.name) · \(options.device)", to: out + "/" + strip, scale: options.scale ?? 2)
                        note("drew \(strip): \(made.frames) frames")
                    }
                    if options.frames {
                        let folder = "\(name).\(t.name)"
                        let count = try renderer.writeFrames(
                            of: screen, timeline: t.name, scene: name, fps: options.fps, framing: TimelineFraming(scale: options.scale),
                            to: out + "/" + folder)
                        note("drew \(folder)/: \(count) frames")
                    }
                }
                if let unreadable = ProofsheetCore.Color.takeUsedBadAsset() { throw unreadable }
            } catch var e as ProofsheetError {
                e.message = "preview '\(name)' (\(p.fileID):\(p.line)): " + e.message
                throw e
            }
        }
        return 0
    }

    struct Options {
        var list = false
        var out: String?
        var device = "iPhone 14"
        var scale: Double?
        var dark = false
        var format = OutputFormat.png
        var only: Set<String> = []
        var assets: [String] = []
        var strips = false
        var frames = false
        var fps = 30.0

        init(_ arguments: [String]) throws {
            var i = 0
            func value(_ option: String) throws -> String {
                i += 1
                guard i < arguments.count else { throw ProofsheetError.usage("\(option) needs a value") }
                return arguments[i]
            }
            while i < arguments.count {
                let a = arguments[i]
                switch a {
                case "--list": list = true
                case "--out": out = try value(a)
                case "--device": device = try value(a)
                case "--scale":
                    let text = try value(a)
                    guard let s = Double(text), s >= 0.25, s <= 4 else {
                        throw ProofsheetError.usage("--scale \(excerpt(text)): expected a number from 0.25 to 4")
                    }
                    scale = s
                case "--dark": dark = true
                case "--format":
                    let text = try value(a)
                    guard let f = OutputFormat(rawValue: text) else {
                        throw ProofsheetError.usage("--format \(excerpt(text)): expected png, svg or pdf")
                    }
                    format = f
                case "--only": only.insert(try value(a))
                case "--assets": assets.append(try value(a))
                case "--strips": strips = true
                case "--frames": frames = true
                case "--fps":
                    let text = try value(a)
                    guard let f = Double(text), f >= 1, f <= 240 else { throw ProofsheetError.usage("--fps \(excerpt(text)): expected 1 to 240") }
                    fps = f
                default: throw ProofsheetError.usage("unknown option '\(excerpt(a))'")
                }
                i += 1
            }
        }
    }
}

// MARK: - Apps

/// SwiftUI's `App`: an app's windows. `proofsheet swiftui` draws each app's first window as a
/// preview named after the app; an app built on its own (`@main`) draws it as a preview
/// program does (see ``PreviewRunner``).
@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    init()
}

extension App {
    /// The app run on its own: a preview program for its window.
    public static func main() {
        PreviewRunner.main { [Preview(String(describing: Self.self)) { Self().body.window }] }
    }
}

/// SwiftUI's `Scene`: what an app shows (here, the views of its first window).
@MainActor @preconcurrency
public protocol Scene {
    /// The views of the window.
    var window: ViewContent { get }
}

/// SwiftUI's `WindowGroup`.
public struct WindowGroup: Scene {
    public let window: ViewContent
    public init(@ViewBuilder content: () -> ViewContent) { window = content() }
    public init(_ title: String, @ViewBuilder content: () -> ViewContent) { window = content() }
}

/// SwiftUI's `@SceneBuilder` (an app's first scene is its window).
@resultBuilder @MainActor
public enum SceneBuilder {
    public static func buildBlock<S: Scene>(_ scene: S) -> S { scene }
    public static func buildBlock<S: Scene, T: Scene>(_ first: S, _ rest: T) -> S { first }
}

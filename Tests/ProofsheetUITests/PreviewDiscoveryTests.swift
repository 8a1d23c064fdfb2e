import Foundation
import ProofsheetCore
import Testing

@testable import ProofsheetUIBuild

/// How `proofsheet swiftui` reads a team's files: the tokens (comments and strings skipped
/// whole), the previews found, the text compiled, and the program's entry.
@Suite struct PreviewDiscoveryTests {
    @Test func commentsAndStringsAreSkippedWhole() throws {
        let source = #"""
            let a = "a } \(f("}")) b" // } #Preview
            /* outer /* inner } */ still #Preview */
            let b = #"raw \(no) "quote" }"#
            let c = """
                multi } "line"
                """
            struct S {}
            """#
        let tokens = try SwiftTokenizer.tokens(of: source)
        let braces = tokens.filter { $0.kind == .punctuation(0x7B) || $0.kind == .punctuation(0x7D) }
        #expect(braces.count == 2, "only S's braces are code")
        #expect(!tokens.contains { $0.kind == .pound("Preview") })
        #expect(tokens.filter { $0.kind == .string }.count == 3)
        let s = try #require(tokens.first { $0.kind == .identifier("S") })
        #expect(s.line == 7 && s.column == 8)
    }

    @Test func anUnterminatedStringOrCommentNamesItsPlace() throws {
        for (source, line, column, message) in [
            ("let a = 1\n  let b = \"open\n", 2, 11, "a string that is never closed"),
            ("/* /* */ x", 1, 1, "a comment that is never closed ('*/')")
        ] {
            #expect(throws: SwiftTokenError(message: message, line: line, column: column)) { try SwiftTokenizer.tokens(of: source) }
        }
        // Strings nested in interpolations without end: refused at a depth, not a crash.
        let deep = String(repeating: "\"\\(", count: 100_000)
        #expect(throws: SwiftTokenError(message: "strings nested in interpolations more than 64 deep", line: 1, column: 193)) {
            try SwiftTokenizer.tokens(of: deep)
        }
        // A raw string of 50 000 pounds and 50 000 backslashes after it: each look at the
        // delimiter stops at the first byte that is not a pound (read once, not 50 000²).
        let raw = String(repeating: "#", count: 50_000) + "\"" + String(repeating: "\\", count: 50_000)
        #expect(throws: SwiftTokenError(message: "a string that is never closed", line: 1, column: 1)) { try SwiftTokenizer.tokens(of: raw) }
        let error = #expect(throws: ProofsheetError.self) { try PreviewSourceFile(path: "V.swift", text: "#Preview(\"x\")\nlet a = 1", index: 0) }
        #expect(error?.description.contains("V.swift:1:1: #Preview without its body") == true)
    }

    /// Hostile text made of the characters the reader cares about, 3 000 times: it is read
    /// or refused with a place, never a crash or a hang, and what is compiled keeps its lines.
    @Test func anyTextIsReadOrRefused() throws {
        let alphabet = Array("\"\\()#{}/*\n `@ Preview main struct X: PreviewProvider if else endif \u{00E9} Observable class var = -> static")
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(alphabet.count))
        }
        var read = 0
        for _ in 0..<3_000 {
            let text = String((0..<(next() * 3)).map { _ in alphabet[next()] })
            do {
                let file = try PreviewSourceFile(path: "F.swift", text: text, index: 0)
                read += 1
                #expect(
                    file.compiled.split(separator: "\n", omittingEmptySubsequences: false).count == text.split(
                        separator: "\n", omittingEmptySubsequences: false
                    ).count + 1)
            } catch let e as ProofsheetError {
                #expect(e.description.contains("F.swift:"), "\(e.description)")
            }
        }
        #expect(read > 100, "\(read) of 3000 read")
    }

    /// An `@Observable` class becomes an `ObservableObject` whose stored instance `var`s are
    /// `@Published`, on the same lines: static, lazy, computed and ignored ones are left alone.
    @Test func observableClassesKeepTheirValuesInTheState() throws {
        let source = """
            @Observable
            final class Model: Identifiable {
                var count = 0
                var items: [String: [Int]] = [:]
                private(set) var name: String
                var transform: (Int) -> Int = { $0 }
                var label: String { "n" }
                var watched = 1 { didSet { print(watched) } }
                @ObservationIgnored var cache = 0
                static var shared = 0
                lazy var big = [0]
                let id = 1
                var last: Int
                init() { name = ""; last = 0 }
            }
            @MainActor @Observable class Plain<T> where T: Equatable { var value = 1 }
            """
        let compiled = try PreviewSourceFile(path: "M.swift", text: source, index: 0).compiled
        let expected = """
            #sourceLocation(file: "M.swift", line: 1)
                       \("")
            final class Model: ProofsheetUI.ObservableObject, Identifiable {
                @ProofsheetUI.Published var count = 0
                @ProofsheetUI.Published var items: [String: [Int]] = [:]
                @ProofsheetUI.Published private(set) var name: String
                @ProofsheetUI.Published var transform: (Int) -> Int = { $0 }
                var label: String { "n" }
                @ProofsheetUI.Published var watched = 1 { didSet { print(watched) } }
                                    var cache = 0
                static var shared = 0
                lazy var big = [0]
                let id = 1
                @ProofsheetUI.Published var last: Int
                init() { name = ""; last = 0 }
            }
            @MainActor             class Plain<T>: ProofsheetUI.ObservableObject where T: Equatable { @ProofsheetUI.Published var value = 1 }
            """
        #expect(compiled == expected, "\(compiled)")
    }

    @Test func previewsAreFoundAndExpandedInPlace() throws {
        let source = """
            import SwiftUI
            @main struct MyApp: App { var body: some Scene { WindowGroup { Text("a") } } }
            #Preview { Text("}") }
            #Preview("Named", traits: .sizeThatFitsLayout) {
                Text("b")
            }
            #if DEBUG
            struct Card_Previews: PreviewProvider { static var previews: some View { Text("c") } }
            #elseif os(Linux)
            struct Deck: PreviewTimelines { static var previews: [Preview] { [] } }
            #else
            private struct Hidden: PreviewProvider { static var previews: some View { Text("d") } }
            #endif
            struct Inner { struct Nested: PreviewProvider { static var previews: some View { Text("e") } } }
            """
        let file = try PreviewSourceFile(path: "Views/Card.swift", text: source, index: 3)
        #expect(
            file.previews == [
                .init(kind: .app(type: "MyApp"), line: 2, condition: nil),
                .init(kind: .macro(function: "__proofsheetPreview_3_1"), line: 3, condition: nil),
                .init(kind: .macro(function: "__proofsheetPreview_3_2"), line: 4, condition: nil),
                .init(kind: .provider(type: "Card_Previews"), line: 8, condition: "(DEBUG)"),
                .init(kind: .timelines(type: "Deck"), line: 10, condition: "!(DEBUG) && (os(Linux))")
            ])
        #expect(file.skipped == ["Views/Card.swift:12: Hidden is private: the preview program cannot reach it (make it internal)"])
        let lines = file.compiled.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "#sourceLocation(file: \"Views/Card.swift\", line: 1)")
        // Every line of the file stays on its line.
        #expect(lines.count == source.split(separator: "\n", omittingEmptySubsequences: false).count + 1)
        #expect(lines[2].hasPrefix("      struct MyApp: App"))
        #expect(lines[3] == "@MainActor func __proofsheetPreview_3_1() -> ProofsheetUI.Preview { ProofsheetUI.Preview { Text(\"}\") } }")
        #expect(
            lines[4]
                == "@MainActor func __proofsheetPreview_3_2() -> ProofsheetUI.Preview { ProofsheetUI.Preview(\"Named\", traits: .sizeThatFitsLayout) {"
        )
        #expect(lines[6] == "} }")

        let main = PreviewSourceFile.main(of: [file], module: "Screens")
        #expect(
            main == """
                // The preview program's entry, written by `proofsheet swiftui`: the previews found in the files.
                import ProofsheetUI
                ProofsheetUI.PreviewRunner.main {
                    var previews: [ProofsheetUI.Preview] = []
                    previews.append(ProofsheetUI.Preview("MyApp", fileID: "Screens/Card.swift", line: 2) { MyApp().body.window })
                    previews.append(__proofsheetPreview_3_1())
                    previews.append(__proofsheetPreview_3_2())
                    #if (DEBUG)
                    previews.append(ProofsheetUI.Preview("Card", fileID: "Screens/Card.swift", line: 8) { Card_Previews.previews })
                    #endif
                    #if !(DEBUG) && (os(Linux))
                    previews += Deck.previews
                    #endif
                    return previews
                }

                """)
    }

    @Test func sourceFilesSkipWhatIsNotTheApp() throws {
        let root = NSTemporaryDirectory() + "proofsheet-sources-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: root) }
        for path in [
            "App/ContentView.swift", "App/Views/Card.swift", "AppTests/CardTests.swift", ".hidden/X.swift", "Package.swift",
            "App/Assets.xcassets/Y.swift", "App/notes.txt", ".build/debug/Z.swift"
        ] {
            try FileOutput.write(Array("// \(path)\n".utf8), to: root + "/" + path)
        }
        try FileManager.default.createSymbolicLink(atPath: root + "/App/Linked.swift", withDestinationPath: "/etc/hostname")
        #expect(try PreviewProgram.sourceFiles(in: [root]) == [root + "/App/ContentView.swift", root + "/App/Views/Card.swift"])
        #expect(PreviewProgram.assetCatalogues(in: [root]) == [root + "/App/Assets.xcassets"])
        // A link named on the command line is the folder it names (links inside are not followed).
        try FileManager.default.createSymbolicLink(atPath: root + "/Named", withDestinationPath: root + "/App")
        #expect(try PreviewProgram.sourceFiles(in: [root + "/Named"]) == [root + "/Named/ContentView.swift", root + "/Named/Views/Card.swift"])
        try FileOutput.write(Array("print(1)\n".utf8), to: root + "/App/main.swift")
        #expect(throws: ProofsheetError.self) { try PreviewProgram.sourceFiles(in: [root]) }
        #expect(throws: ProofsheetError.self) { try PreviewProgram.sourceFiles(in: [root + "/App/notes.txt"]) }
        #expect(throws: ProofsheetError.self) { try PreviewProgram.sourceFiles(in: [root + "/nothing"]) }
    }
}

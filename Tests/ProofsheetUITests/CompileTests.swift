import Foundation
import ProofsheetTestSupport
import Testing

/// What a team's file meets when it compiles: SwiftUI's names that ProofsheetUI does not draw
/// yet are compile errors that name them, and the example views type-check clean. Files are
/// type-checked with the compiler against the modules of this build.
@Suite struct CompileTests {
    /// `swiftc -typecheck` of `source` against this build's modules: its status and messages.
    func typecheck(_ source: String) throws -> (status: Int32, messages: String) {
        let debug = Paths.root + "/.build/debug"
        var args = ["-typecheck", "-I", debug + "/Modules"]
        // The C modules the engine's modules import: the package's module maps, and the
        // headers of the system libraries they name.
        let sources = try FileManager.default.contentsOfDirectory(atPath: Paths.root + "/Sources").filter { $0.hasPrefix("C") }
        for name in sources.sorted() where FileManager.default.fileExists(atPath: Paths.root + "/Sources/\(name)/module.modulemap") {
            args += ["-Xcc", "-fmodule-map-file=\(Paths.root)/Sources/\(name)/module.modulemap"]
        }
        args += ["-Xcc", "-fmodule-map-file=\(debug)/CPixels.build/module.modulemap"]
        let pkgConfig = try runProcess(
            which("pkg-config")!, ["--cflags-only-I", "pangocairo", "cairo", "libpng", "libwebpmux", "vpx", "harfbuzz-subset", "libdeflate"])
        for flag in pkgConfig.out.split(whereSeparator: \.isWhitespace) { args += ["-Xcc", String(flag)] }
        let file = try temporaryFolder() + "/Screen.swift"
        try Data(source.utf8).write(to: URL(fileURLWithPath: file))
        let result = try runProcess(which("swiftc")!, args + [file])
        return (result.status, result.err)
    }

    @Test func unsupportedSwiftUIIsACompileErrorThatNamesIt() throws {
        let (status, messages) = try typecheck(
            """
            import SwiftUI
            struct Screen: View {
                var body: some View {
                    TabView {
                        NavigationLink(destination: Text("Next")) { Text("Go") }
                            .sheet(isPresented: .constant(true)) { Text("Sheet") }
                    }
                    Picker("Size", selection: .constant(1)) { Text("One") }
                    Stepper("Count", value: .constant(1), in: 0...9)
                    EditButton()
                    List { ForEach([1, 2], id: \\.self) { Text("\\($0)") }.onDelete { _ in } }
                    Text("Off").disabled(true)
                }
            }
            """)
        #expect(status != 0)
        for expected in [
            "'TabView' is unavailable: TabView is not supported by ProofsheetUI yet",
            "'NavigationLink' is unavailable: NavigationLink is not supported by ProofsheetUI yet",
            "is unavailable: sheet is not supported by ProofsheetUI yet",
            "'Picker' is unavailable: Picker is not supported by ProofsheetUI yet",
            "'Stepper' is unavailable: Stepper is not supported by ProofsheetUI yet",
            "'EditButton' is unavailable: EditButton is not supported by ProofsheetUI yet",
            "is unavailable: onDelete is not supported by ProofsheetUI yet",
            "is unavailable: disabled is not supported by ProofsheetUI yet"
        ] {
            #expect(messages.contains(expected), "\(expected)\n\(messages.prefix(2000))")
        }
        // A style of one's own: the protocol says it (the compiler stops at it, so apart).
        let style = try typecheck("import SwiftUI\nstruct Pressed: ButtonStyle {}\n")
        #expect(style.status != 0)
        #expect(style.messages.contains("'ButtonStyle' is unavailable: ButtonStyle is not supported by ProofsheetUI yet"), "\(style.messages)")
    }

    /// A team's layouts of their own and animation completions, as they write them for iOS 17,
    /// type-check clean: a cache of `()` and one of their own, `AnyLayout` chosen by state, the
    /// three spellings of `withAnimation` with a completion.
    @Test func layoutsAndAnimationCompletionsTypeCheckClean() throws {
        let (status, messages) = try typecheck(
            """
            import SwiftUI
            struct TagFlow: Layout {
                var spacing: CGFloat = 8
                func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
                    let maxWidth = proposal.width ?? .infinity
                    var x: CGFloat = 0, y: CGFloat = 0, rowHeight: CGFloat = 0
                    for view in subviews {
                        let size = view.sizeThatFits(.unspecified)
                        if x + size.width > maxWidth { x = 0; y += rowHeight + spacing; rowHeight = 0 }
                        x += size.width + spacing
                        rowHeight = max(rowHeight, size.height)
                    }
                    return CGSize(width: proposal.replacingUnspecifiedDimensions().width, height: y + rowHeight)
                }
                func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
                    var point = bounds.origin
                    for index in subviews.indices {
                        let dimensions = subviews[index].dimensions(in: .unspecified)
                        subviews[index].place(at: point, proposal: ProposedViewSize(width: dimensions.width, height: dimensions.height))
                        point.x += dimensions.width + subviews[index].spacing.distance(to: .zero, along: .horizontal)
                    }
                }
            }
            struct EqualWidths: Layout {
                struct CacheData { var widest: CGFloat }
                func makeCache(subviews: Subviews) -> CacheData {
                    CacheData(widest: subviews.map { $0.sizeThatFits(.unspecified).width }.max() ?? 0)
                }
                func updateCache(_ cache: inout CacheData, subviews: Subviews) { cache = makeCache(subviews: subviews) }
                func spacing(subviews: Subviews, cache: inout CacheData) -> ViewSpacing { ViewSpacing() }
                func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout CacheData) -> CGSize {
                    CGSize(width: cache.widest, height: subviews.reduce(0) { $0 + $1.sizeThatFits(.unspecified).height })
                }
                func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout CacheData) {
                    var y = bounds.minY
                    for subview in subviews where subview.priority >= 0 {
                        subview.place(at: CGPoint(x: bounds.midX, y: y), anchor: .top, proposal: ProposedViewSize(width: cache.widest, height: nil))
                        y += subview.dimensions(in: .unspecified).height
                    }
                }
            }
            struct Screen: View {
                @State private var wide = true
                @State private var done = false
                var body: some View {
                    let layout = wide ? AnyLayout(TagFlow()) : AnyLayout(EqualWidths())
                    layout {
                        Text("One")
                        Text("Two").layoutPriority(1)
                    }
                    TagFlow(spacing: 4) { ForEach(0..<3) { Text("\\($0)") } }
                    Button("Go") {
                        withAnimation(.bouncy) { wide.toggle() } completion: { done = true }
                        withAnimation(.easeIn, completionCriteria: .removed) { wide.toggle() } completion: { done = false }
                        withAnimation { wide.toggle() } completion: { done.toggle() }
                    }
                }
            }
            """)
        #expect(status == 0, "\(messages.prefix(2000))")
    }

    @Test func theExampleScreensTypeCheckClean() throws {
        let folder = Paths.root + "/Sources/SwiftUIExamples"
        for name in ["GradientStack.swift", "Settings.swift"] {
            let source = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            let (status, messages) = try typecheck(source)
            #expect(status == 0, "\(name): \(messages.prefix(2000))")
        }
    }
}

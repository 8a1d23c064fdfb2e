// swift-tools-version:6.2
import PackageDescription

/// Proofsheet: SwiftUI-like scenes rendered to PNG, SVG and PDF through Cairo.
///
/// Data flows one way: scene (JSON or DSL) → `Node` tree → layout → display list → Cairo backend.
/// Only the `C*` bridges and `ProofsheetCairo` see C types.
let package = Package(
    name: "Proofsheet",
    products: [
        .library(name: "Proofsheet", targets: ["Proofsheet"]),
        .library(name: "ProofsheetTesting", targets: ["ProofsheetTesting"]),
        // SwiftUI source: a team's own `import SwiftUI` view files render through Proofsheet.
        .library(name: "ProofsheetUI", targets: ["ProofsheetUI"]),
        .library(name: "SwiftUI", targets: ["SwiftUI", "UIKit"]),
        // What `proofsheet swiftui` links a team's view files with: the engine and the SwiftUI
        // modules in one static archive (with the release build's modules beside it).
        .library(name: "ProofsheetUIRuntime", type: .static, targets: ["SwiftUI", "UIKit", "ProofsheetUI"]),
        .executable(name: "proofsheet", targets: ["ProofsheetCLI"])
    ],
    targets: [
        // MARK: - C bridges (system libraries from Debian packages, found with pkg-config)
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(
            name: "CPangoCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libfontconfig-dev", "libfreetype-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // Animated previews: giflib (no pkg-config file; linked by its module map) and libwebp's
        // animation encoder.
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CVPX", pkgConfig: "vpx", providers: [.apt(["libvpx-dev"])]),
        // Font subsets for SVGs that embed their fonts.
        .systemLibrary(name: "CHarfBuzzSubset", pkgConfig: "harfbuzz-subset", providers: [.apt(["libharfbuzz-dev"])]),
        // Pixel work in C: PNG/JPEG decoding (libpng and libjpeg fail by longjmp), the fast PNG
        // writer, and the blur kernel.
        .target(name: "CPixels", dependencies: ["CPNG", "CJPEG", "CDeflate"], linkerSettings: [.linkedLibrary("z")]),

        // MARK: - Images and the visual diff
        .target(name: "ProofsheetImage", dependencies: ["ProofsheetCore", "CPixels"]),
        .target(name: "ProofsheetDiff", dependencies: ["ProofsheetImage"]),
        // Animated previews: APNG (the project's own PNG encoder), GIF (giflib) and WebP (libwebp);
        // video: WebM (VP9 through libvpx, in the project's own Matroska muxer).
        .target(name: "ProofsheetAnimation", dependencies: ["ProofsheetCore", "ProofsheetImage", "CGif", "CWebP", "CVPX"]),

        // MARK: - Pure Swift: values, scene, layout
        .target(name: "ProofsheetCore"),
        // Motion values: curves and springs, transitions, property tracks (pure functions of time).
        .target(name: "ProofsheetMotion", dependencies: ["ProofsheetCore"]),
        .target(name: "ProofsheetScene", dependencies: ["ProofsheetCore", "ProofsheetMotion"]),
        .target(name: "ProofsheetLayout", dependencies: ["ProofsheetCore", "ProofsheetScene"]),
        // The motion engine: timelines, transactions over resolved trees, gestures and touches,
        // hit testing, frames.
        .target(name: "ProofsheetTimeline", dependencies: ["ProofsheetCore", "ProofsheetScene", "ProofsheetLayout", "ProofsheetMotion"]),
        // Contact sheets and storyboards: views built from rendered frames (a storyboard runs the
        // timeline to its key instants).
        .target(name: "ProofsheetSheets", dependencies: ["ProofsheetCore", "ProofsheetScene", "ProofsheetLayout", "ProofsheetTimeline"]),

        // The SVG writer: SVG straight from the display list (text as text, effects as filters,
        // images once), asking the backend only for text layout, outlines, images and font subsets.
        .target(name: "ProofsheetSVG", dependencies: ["ProofsheetCore"]),

        // MARK: - Backend (the only Swift code that imports C)
        .target(
            name: "ProofsheetCairo",
            dependencies: ["ProofsheetCore", "ProofsheetImage", "ProofsheetSVG", "CCairo", "CPangoCairo", "CPixels", "CHarfBuzzSubset"]),

        // MARK: - Golden checks: record modes, the check, reports, approve, merge
        .target(
            name: "ProofsheetCheck",
            dependencies: ["ProofsheetCore", "ProofsheetScene", "ProofsheetImage", "ProofsheetDiff"]),

        // MARK: - Facade, CLI, benchmark
        // The facade draws what the commands write: frames folders, strips, storyboards and animated
        // previews are library calls, and the CLI parses options, calls and prints.
        .target(
            name: "Proofsheet",
            dependencies: [
                "ProofsheetCore", "ProofsheetScene", "ProofsheetLayout", "ProofsheetCairo", "ProofsheetSVG", "ProofsheetDiff", "ProofsheetCheck",
                "ProofsheetMotion", "ProofsheetTimeline", "ProofsheetSheets", "ProofsheetAnimation"
            ]),
        // SwiftUI source: SwiftUI's views, modifiers, state and gestures over the engine; the
        // `SwiftUI` module is the name a team's files import.
        .target(
            name: "ProofsheetUI",
            dependencies: ["Proofsheet", "ProofsheetCore", "ProofsheetScene", "ProofsheetMotion", "ProofsheetCairo"]),
        .target(name: "SwiftUI", dependencies: ["ProofsheetUI"]),
        // `proofsheet swiftui`: a team's Swift files found, their previews discovered, compiled
        // with the Swift compiler against the `ProofsheetUIRuntime` archive, cached.
        .target(name: "ProofsheetUIBuild", dependencies: ["ProofsheetCore"]),
        .target(name: "UIKit", dependencies: ["ProofsheetUI"]),
        // Example screens written as SwiftUI views (the scene files' screens, in Swift).
        .target(name: "SwiftUIExamples", dependencies: ["SwiftUI"]),
        // `proofsheet preview`: a loopback HTTP server (POSIX sockets), inotify, the page.
        .target(name: "ProofsheetPreview", dependencies: ["Proofsheet", "ProofsheetTimeline"]),
        .executableTarget(
            name: "ProofsheetCLI",
            dependencies: [
                "Proofsheet", "ProofsheetLayout", "ProofsheetCairo", "ProofsheetMotion", "ProofsheetTimeline", "ProofsheetSheets",
                "ProofsheetAnimation", "ProofsheetPreview", "ProofsheetUIBuild"
            ]),
        // Snapshot assertions for users' own Swift tests.
        .target(name: "ProofsheetTesting", dependencies: ["Proofsheet", "ProofsheetUI"]),
        .executableTarget(
            name: "ProofsheetBench",
            dependencies: [
                "Proofsheet", "ProofsheetLayout", "ProofsheetCairo", "ProofsheetTimeline", "ProofsheetAnimation", "ProofsheetPreview",
                "ProofsheetUI", "SwiftUIExamples"
            ]),
        // The lean C baseline the diff benchmark compares `proofsheet diff` with.
        .executableTarget(name: "DiffReference", dependencies: ["CPNG"]),
        // The lean C baseline the frames benchmark compares `proofsheet frames` with: Cairo draws,
        // libdeflate compresses, one thread.
        .executableTarget(name: "FramesReference", dependencies: ["CCairo", "CDeflate"]),
        // Fuzz targets for the parsers and decoders: a libFuzzer entry point when built with
        // `-DFUZZING -sanitize=fuzzer` (`make fuzz`), otherwise a driver that replays files.
        .executableTarget(name: "ProofsheetFuzz", dependencies: ["Proofsheet", "ProofsheetLayout", "ProofsheetCairo"]),

        // MARK: - Tests
        // Helpers the test targets share: package paths, fixed text metrics, processes, pixels.
        .target(
            name: "ProofsheetTestSupport", dependencies: ["Proofsheet", "ProofsheetTesting", "ProofsheetLayout", "ProofsheetCairo"],
            path: "Tests/Support"),
        .testTarget(
            name: "ProofsheetSceneTests",
            dependencies: [
                "ProofsheetTestSupport", "Proofsheet", "ProofsheetCore", "ProofsheetScene", "ProofsheetLayout", "ProofsheetCairo",
                "ProofsheetTesting",
                "ProofsheetTimeline"
            ],
            exclude: ["__Snapshots__", "Fixtures"]),
        .testTarget(
            name: "ProofsheetLayoutTests",
            dependencies: ["ProofsheetTestSupport", "Proofsheet", "ProofsheetLayout", "ProofsheetCairo", "ProofsheetTesting"],
            exclude: ["Goldens", "__Snapshots__"]),
        .testTarget(
            name: "ProofsheetRenderTests",
            dependencies: ["ProofsheetTestSupport", "Proofsheet", "ProofsheetLayout", "ProofsheetCairo", "ProofsheetSVG", "ProofsheetTesting"],
            exclude: ["__Snapshots__"]),
        // The built `proofsheet` binary end to end: commands, hostile inputs, the README's
        // examples, CI, output safety; and the fuzz regressions.
        .testTarget(
            name: "ProofsheetCLITests",
            dependencies: [
                "ProofsheetTestSupport", "Proofsheet", "ProofsheetTesting", "ProofsheetLayout", "ProofsheetCairo", "ProofsheetImage",
                "ProofsheetFuzz",
                "ProofsheetPreview"
            ],
            exclude: ["Fixtures"]),
        // SwiftUI source: view code drawn, its state and gestures run, public samples compiled
        // (each sample a module of its own, as its authors wrote it: see Tests/Samples/README.md).
        .testTarget(
            name: "ProofsheetUITests",
            dependencies: [
                "ProofsheetTestSupport", "Proofsheet", "ProofsheetTesting", "ProofsheetUI", "ProofsheetUIBuild", "SwiftUI", "UIKit",
                "SwiftUIExamples",
                "SampleDragCard",
                "SampleToggleButton", "SampleSolidCircles", "SampleFloatingActionButton"
            ],
            exclude: ["__Snapshots__"]),
        .testTarget(name: "ProofsheetTestingTests", dependencies: ["ProofsheetTesting"], exclude: ["__Snapshots__"]),
        .testTarget(name: "ProofsheetMotionTests", dependencies: ["ProofsheetMotion", "ProofsheetTestSupport"]),
        .testTarget(name: "ProofsheetTimelineTests", dependencies: ["ProofsheetTimeline", "Proofsheet", "ProofsheetCairo"]),
        .testTarget(name: "ProofsheetSVGTests", dependencies: ["ProofsheetTestSupport", "ProofsheetSVG", "Proofsheet", "ProofsheetCairo"]),
        .testTarget(
            name: "ProofsheetSheetsTests",
            dependencies: ["ProofsheetTestSupport", "ProofsheetSheets", "ProofsheetTimeline", "Proofsheet", "ProofsheetCairo", "ProofsheetImage"]),
        .testTarget(
            name: "ProofsheetCheckTests", dependencies: ["ProofsheetCheck", "ProofsheetDiff", "ProofsheetCore", "ProofsheetImage", "ProofsheetScene"]),
        .testTarget(
            name: "ProofsheetDiffTests",
            dependencies: ["ProofsheetDiff", "ProofsheetCore", "ProofsheetTestSupport"],
            exclude: ["Fixtures"])
    ]
)

// SwiftUI files written elsewhere (Tests/Samples), each a module of its own, compiled in Swift 5
// as they were written.
package.targets += ["DragCard", "ToggleButton", "SolidCircles", "FloatingActionButton"].map { name in
    .target(
        name: "Sample" + name, dependencies: ["SwiftUI"], path: "Tests/Samples/" + name, exclude: ["LICENSE"],
        swiftSettings: [.swiftLanguageMode(.v5), .treatAllWarnings(as: .warning)])
}

// Warnings are errors in Proofsheet's own code; the samples written elsewhere keep theirs as
// warnings (their authors' Swift 5 code warns as it would in Xcode).
for target in package.targets where target.type != .system && !target.name.hasPrefix("Sample") {
    target.swiftSettings = (target.swiftSettings ?? []) + [.treatAllWarnings(as: .error)]
}

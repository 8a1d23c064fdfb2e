import Foundation
import Proofsheet
import ProofsheetCore
import ProofsheetTestSupport
import Testing

/// `proofsheet swiftui` as a team runs it: a folder of `import SwiftUI` files compiled with the
/// Swift compiler against ProofsheetUI, their previews drawn; the compiler's messages naming the
/// team's own files; a trap in their code, an output folder of the user's, a cached build.
@Suite(.serialized) struct SwiftUICommandTests {
    let folder: String
    let cache: String

    init() throws {
        folder = try temporaryFolder()
        cache = folder + "/cache"
    }

    func run(_ args: [String]) throws -> (status: Int32, out: String, err: String) {
        try runProcess(Paths.binary, ["swiftui"] + args + ["--cache", cache])
    }

    func write(_ text: String, _ path: String) throws { try FileOutput.write(Array(text.utf8), to: folder + "/" + path) }

    /// The example screens' folder, as the demo draws it: each preview found (providers and a
    /// timeline list), the gradient stack the scene file's pixels, its timeline a contact sheet.
    @Test func theExampleScreensPreviewsAreDrawnFromTheirSource() throws {
        let examples = Paths.root + "/Sources/SwiftUIExamples"
        let list = try run([examples, "--list"])
        #expect(list.status == 0, "\(list.err)")
        let names = list.out.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(names.map { $0[0] } == ["GradientStack", "Settings", "GradientStack-remove"])
        #expect(names.map { $0[2] } == ["", "", "remove"])
        #expect(names.first?[1] == "Screens/Previews.swift:6")

        let out = folder + "/out"
        let r = try run([examples, "-o", out, "--scale", "1", "--strips"])
        #expect(r.status == 0, "\(r.err)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(
            files == [
                ".proofsheet-files", "GradientStack-remove.png", "GradientStack-remove.remove.strip.png", "GradientStack.png", "Settings.png"
            ])
        let drawn = try PNGCodec.decode(contentsOfFile: out + "/GradientStack.png")
        let renderer = try Renderer()
        var scene = try SceneDecoder().template(file: Paths.root + "/Assets/Scenes/gradient-stack.json").scene(still: "rest")
        scene.scale = 1
        let json = try renderer.backend.renderRGBA(try renderer.layout(scene).displayList, scale: 1)
        #expect(drawn == json, "the Swift source's preview is the scene file's screen, pixel for pixel")

        // The same files again: the build is found, not made.
        let again = try run([examples, "-o", out, "--scale", "1", "--only", "Settings"])
        #expect(again.status == 0, "\(again.err)")
        #expect(again.err.contains("using the build of these files"), "\(again.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [".proofsheet-files", "Settings.png"])
    }

    /// `#Preview`, an `App` and the colour scheme: the views a folder of an Xcode project holds.
    @Test func previewMacrosAndAppsAreDrawn() throws {
        try write(
            """
            import SwiftUI
            struct Badge: View {
                var body: some View { Text("New").padding().background(Color.orange) }
            }
            #Preview { Badge() }
            #Preview("Badge, dark") { Badge().preferredColorScheme(.dark) }
            """, "Project/App/Badge.swift")
        try write(
            """
            import SwiftUI
            @main struct BadgeApp: App {
                var body: some Scene { WindowGroup { Badge() } }
            }
            """, "Project/App/BadgeApp.swift")
        try write("import XCTest\nfinal class BadgeTests: XCTestCase {}\n", "Project/AppTests/BadgeTests.swift")
        let out = folder + "/previews"
        let r = try run([folder + "/Project", "-o", out, "--scale", "1", "--color-scheme", "dark"])
        #expect(r.status == 0, "\(r.err)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [
                ".proofsheet-files", "Badge--dark.png", "Badge.png", "BadgeApp.png"
            ])
        let badge = try PNGCodec.decode(contentsOfFile: out + "/Badge.png")
        #expect(badge.width == 390 && badge.height == 844)
        // Dark: the screen's ground is black, the badge's orange in the middle.
        #expect(badge[x: 5, y: 5] == RGBAColor(r: 0, g: 0, b: 0, a: 255))
        let middle = badge[x: 195, y: 422]
        #expect(middle.r > 200 && middle.b < 80, "\(middle)")
        #expect(try PNGCodec.decode(contentsOfFile: out + "/BadgeApp.png") == badge)
    }

    /// An `@Observable` model, as SwiftUI holds one: in a `@State`, given down plain, through
    /// `@Bindable` and `.environment(_:)`. Its values are the timeline's state, frame by frame
    /// (each frame its own count), and what `@ObservationIgnored` marks is the object's own.
    @Test func observableModelsAreTheState() throws {
        try write(
            """
            import SwiftUI
            import Observation

            @Observable final class Counter {
                var count = 0
                var history: [Int] = []
                @ObservationIgnored var taps = 0
                func increment() { count += 1; history.append(count); taps += 1 }
            }

            struct CounterScreen: View {
                @State private var counter = Counter()
                var body: some View {
                    VStack {
                        Text("Count \\(counter.count)")
                        Adder(counter: counter)
                        History().environment(counter)
                    }
                }
            }

            struct Adder: View {
                @Bindable var counter: Counter
                var body: some View {
                    Text("Add").padding().onTapGesture { counter.increment() }.id("add")
                    Toggle("Reset", isOn: $counter.count.isPositive)
                }
            }

            extension Int {
                var isPositive: Bool { get { self > 0 } set { if !newValue { self = 0 } } }
            }

            struct History: View {
                @Environment(Counter.self) private var counter
                var body: some View { Text("History \\(counter.history.map(String.init).joined(separator: ","))") }
            }

            struct CounterPreviews: PreviewTimelines {
                static var previews: [Preview] {
                    [Preview("counter") { CounterScreen() }.timeline("taps", at: 0.1) { tap("add"); hold(0.2); tap("add") }]
                }
            }
            """, "Observed/Counter.swift")
        let out = folder + "/observed"
        let r = try run([folder + "/Observed", "-o", out, "--scale", "1", "--frames", "--fps", "10", "-q"])
        #expect(r.status == 0, "\(r.err)")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/counter.taps/manifest.json")))
        let frames = try #require((manifest as? [String: Any])?["frames"] as? [[String: Any]])
        let counts = frames.compactMap { ($0["changes"] as? [String: Any])?["|CounterScreen.counter._count"] as? Int }
        #expect(counts == [1, 2])
        let histories = frames.compactMap { ($0["changes"] as? [String: Any])?["|CounterScreen.counter._history"] as? [Int] }
        #expect(histories == [[1], [1, 2]])
        // The first frame shows 0 and the last 2: they differ where the count is written.
        let first = try PNGCodec.decode(contentsOfFile: out + "/counter.taps/frame-00000.png")
        let last = try PNGCodec.decode(contentsOfFile: out + "/counter.taps/" + (frames.last?["file"] as? String ?? ""))
        #expect(first != last)
        #expect(try PNGCodec.decode(contentsOfFile: out + "/counter.png") == first)
    }

    /// An Xcode project's asset catalogue: `Image("Stamp")` is the image set's largest scale,
    /// that many pixels a point, found in a group; `Color("Brand")` is the colour set, its dark
    /// appearance in dark mode; an image set that names a file outside its folder is refused.
    @Test func assetCataloguesGiveImagesByName() throws {
        let set = folder + "/Stamps/App/Assets.xcassets/Icons/Stamp.imageset"
        let red = RGBAImage(width: 40, height: 20, fill: RGBAColor(r: 255, g: 0, b: 0, a: 255))
        let green = RGBAImage(width: 20, height: 10, fill: RGBAColor(r: 0, g: 255, b: 0, a: 255))
        try FileOutput.write(try PNGCodec.encode(red), to: set + "/stamp@2x.png")
        try FileOutput.write(try PNGCodec.encode(green), to: set + "/stamp.png")
        // A colour set: orange in light appearance (0…1 components), blue in dark (0…255).
        try write(
            #"{"colors": [{"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "1.000", "green": "0.502", "blue": "0.000", "alpha": "1.000"}}}, {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}], "color": {"color-space": "srgb", "components": {"red": "0", "green": "128", "blue": "255", "alpha": "1.000"}}}]}"#,
            "Stamps/App/Assets.xcassets/Brand.colorset/Contents.json")
        try write("import SwiftUI\n#Preview { Color(\"Brand\").frame(width: 10, height: 10) }\n", "Stamps/App/Brand.swift")
        try write(
            #"{"images": [{"filename": "stamp.png", "idiom": "universal", "scale": "1x"}, {"filename": "stamp@2x.png", "idiom": "universal", "scale": "2x"}], "info": {"version": 1, "author": "xcode"}}"#,
            "Stamps/App/Assets.xcassets/Icons/Stamp.imageset/Contents.json")
        try write("import SwiftUI\n#Preview { Image(\"Stamp\") }\n", "Stamps/App/Stamp.swift")
        let out = folder + "/stamps-out"
        let r = try run([folder + "/Stamps", "-o", out, "--scale", "1"])
        #expect(r.status == 0, "\(r.err)")
        let image = try PNGCodec.decode(contentsOfFile: out + "/Stamp.png")
        // The 2x image, 20 × 10 points, in the middle of the safe area.
        var reds: [(Int, Int)] = []
        for y in 0..<image.height {
            for x in 0..<image.width where image[x: x, y: y] == RGBAColor(r: 255, g: 0, b: 0, a: 255) { reds.append((x, y)) }
        }
        #expect(reds.count == 200, "\(reds.count) red pixels")
        #expect(reds.first.map { $0 == (185, 424) } == true, "\(String(describing: reds.first)) \(String(describing: reds.last))")

        let brand = try PNGCodec.decode(contentsOfFile: out + "/Brand.png")
        #expect(brand[x: 195, y: 428] == RGBAColor(r: 255, g: 128, b: 0, a: 255))
        let dark = try run([folder + "/Stamps", "-o", folder + "/stamps-dark", "--scale", "1", "--color-scheme", "dark"])
        #expect(dark.status == 0, "\(dark.err)")
        #expect(try PNGCodec.decode(contentsOfFile: folder + "/stamps-dark/Brand.png")[x: 195, y: 428] == RGBAColor(r: 0, g: 128, b: 255, a: 255))
        try write(
            #"{"images": [{"filename": "../../../Stamp.swift", "scale": "1x"}]}"#, "Stamps/App/Assets.xcassets/Icons/Stamp.imageset/Contents.json")
        let bad = try run([folder + "/Stamps", "-o", out, "--scale", "1"])
        #expect(bad.status == 2 && bad.err.contains("which is not a file in its folder"), "\(bad.err)")
    }

    /// A package's folder: its manifest read by SwiftPM, each view target (one that uses the
    /// SwiftUI product) drawn into a folder of its own; a view target that needs another target
    /// is refused with what to do.
    @Test func aPackagesViewTargetsAreDrawn() throws {
        // SwiftPM names a package found by its path after its folder.
        let identity = (Paths.root as NSString).lastPathComponent.lowercased()
        try write(
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Shop",
                dependencies: [.package(path: "\(backslashEscaped(Paths.root, .dump))")],
                targets: [
                    .target(name: "Cards", dependencies: [.product(name: "SwiftUI", package: "\(identity)")], exclude: ["Old"]),
                    .target(name: "Lists", dependencies: [.product(name: "SwiftUI", package: "\(identity)")], path: "Code/Lists"),
                    .target(name: "Model", dependencies: ["Core"]),
                    .target(name: "Core"),
                    .testTarget(name: "CardsTests", dependencies: ["Cards"])
                ]
            )
            """, "Shop/Package.swift")
        // The guard a package that SwiftPM builds on Linux needs, open to `proofsheet swiftui`.
        try write(
            "import SwiftUI\nstruct Card: View { var body: some View { Text(\"Card\") } }\n#if !os(Linux) || PROOFSHEET_PREVIEWS\n#Preview { Card() }\n#endif\n",
            "Shop/Sources/Cards/Card.swift")
        try write("this is not Swift {", "Shop/Sources/Cards/Old/Broken.swift")
        try write("import SwiftUI\n#Preview(\"Rows\") { List { Text(\"Row\") } }\n", "Shop/Code/Lists/Rows.swift")
        try write(
            "import Core\npublic struct Item {\n    public let name: String\n    public init(name: String) { self.name = name }\n    public var label: String { name + \" \" + Price.symbol }\n}\n",
            "Shop/Sources/Model/Item.swift")
        try write("public enum Price { public static let symbol = \"€\" }\n", "Shop/Sources/Core/Price.swift")
        let list = try run([folder + "/Shop", "--list"])
        #expect(list.status == 0, "\(list.err)")
        #expect(list.out == "# Cards\nCard\tCards/Card.swift:4\t\n# Lists\nRows\tLists/Rows.swift:2\t\n", "\(list.out)")
        let out = folder + "/shop-out"
        let r = try run([folder + "/Shop", "-o", out, "--scale", "1", "--target", "Lists"])
        #expect(r.status == 0, "\(r.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [".proofsheet-files", "Rows.png"])
        try FileManager.default.copyItem(atPath: out + "/Rows.png", toPath: folder + "/shop-first.png")

        let unknown = try run([folder + "/Shop", "--target", "Model"])
        #expect(unknown.status == 2 && unknown.err.contains("has no view target named 'Model'"), "\(unknown.err)")
        try write(
            (try String(contentsOfFile: folder + "/Shop/Package.swift", encoding: .utf8)).replacingOccurrences(
                of: "package: \"\(identity)\")], path:", with: "package: \"\(identity)\"), \"Model\"], path:"), "Shop/Package.swift")
        // The package's own targets the views import are built with them, each before those
        // that import it (Core, then Model).
        try write("import SwiftUI\nimport Model\n#Preview(\"Rows\") { List { Text(Item(name: \"Row\").label) } }\n", "Shop/Code/Lists/Rows.swift")
        let imported = try run([folder + "/Shop", "-o", out, "--scale", "1", "--target", "Lists"])
        #expect(imported.status == 0, "\(imported.err)")
        #expect(imported.err.contains("compiling the module Core") && imported.err.contains("compiling the module Model"), "\(imported.err)")
        #expect(try PNGCodec.decode(contentsOfFile: out + "/Rows.png") != (try PNGCodec.decode(contentsOfFile: folder + "/shop-first.png")))
        // Another package's product is not built: refused, naming it and who needs it.
        try write(
            (try String(contentsOfFile: folder + "/Shop/Package.swift", encoding: .utf8)).replacingOccurrences(
                of: "dependencies: [\"Core\"]", with: "dependencies: [\"Core\", .product(name: \"Proofsheet\", package: \"\(identity)\")]"),
            "Shop/Package.swift")
        let needs = try run([folder + "/Shop", "--target", "Lists"])
        #expect(
            needs.status == 2 && needs.err.contains("the view target Lists needs Proofsheet (Model's dependency on another package)"), "\(needs.err)")
        // A target whose folder is a link out of the package is not read.
        try write(
            (try String(contentsOfFile: folder + "/Shop/Package.swift", encoding: .utf8)).replacingOccurrences(
                of: ", .product(name: \"Proofsheet\", package: \"\(identity)\")]", with: "]"),
            "Shop/Package.swift")
        try write("public enum Price { public static let symbol = \"$\" }\n", "Elsewhere/Price.swift")
        try FileManager.default.removeItem(atPath: folder + "/Shop/Sources/Core")
        try FileManager.default.createSymbolicLink(atPath: folder + "/Shop/Sources/Core", withDestinationPath: folder + "/Elsewhere")
        let linked = try run([folder + "/Shop", "-o", folder + "/linked-out", "--target", "Lists"])
        #expect(linked.status == 2 && linked.err.contains("the source folder of the target Core (Sources/Core) leads outside"), "\(linked.err)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/linked-out"))
    }

    /// What a user meets when things go wrong: the compiler's messages at their own file and
    /// line; their code trapping; a folder of theirs as the output; a name that is not a preview.
    @Test func failuresAreClearAndLoseNothing() throws {
        try write(
            """
            import SwiftUI
            struct Tabs: View {
                var body: some View {
                    TabView { Text("One") }
                }
            }
            """, "Broken/Tabs.swift")
        let broken = try run([folder + "/Broken", "-o", folder + "/broken-out"])
        #expect(broken.status == 2)
        #expect(
            broken.err.contains("Broken/Tabs.swift:4:9: error: 'TabView' is unavailable: TabView is not supported by ProofsheetUI yet"),
            "\(broken.err)")
        #expect(broken.err.contains("the Swift files did not compile"))
        #expect(!FileOutput.exists(folder + "/broken-out"))

        try write(
            """
            import SwiftUI
            struct Boom: View {
                let items: [String] = []
                var body: some View { Text(items[3]) }
            }
            #Preview { Boom() }
            """, "Trap/Boom.swift")
        let trap = try run([folder + "/Trap", "-o", folder + "/trap-out"])
        #expect(trap.status == 2)
        #expect(trap.err.contains("the views' own code trapped"), "\(trap.err)")
        #expect(!FileOutput.exists(folder + "/trap-out"))

        // An image no folder holds: the error names the preview and where it is declared.
        try write("import SwiftUI\n\n#Preview(\"Hero\") { Image(\"hero-photo\") }\n", "Missing/Hero.swift")
        let missing = try run([folder + "/Missing", "-o", folder + "/missing-out"])
        #expect(
            missing.status == 2 && missing.err.contains("preview 'Hero' (Screens/Hero.swift:3): image 'hero-photo' not found"), "\(missing.err)")

        // A model no ancestor put in the environment: SwiftUI's own message.
        try write(
            "import SwiftUI\nfinal class Cart: ObservableObject { @Published var n = 0 }\nstruct Needs: View {\n    @EnvironmentObject var cart: Cart\n    var body: some View { Text(\"\\(cart.n)\") }\n}\n#Preview { Needs() }\n",
            "Needs/Needs.swift")
        let needs = try run([folder + "/Needs", "-o", folder + "/needs-out"])
        #expect(needs.status == 2 && needs.err.contains("No ObservableObject of type Cart found"), "\(needs.err)")

        // A view whose code never finishes: stopped after --timeout.
        try write(
            "import SwiftUI\nstruct Spin: View {\n    var body: some View {\n        var k = 0\n        while k >= 0 { k = (k + 1) % 7 }\n        return Text(\"\\(k)\")\n    }\n}\n#Preview { Spin() }\n",
            "Spin/Spin.swift")
        let spin = try run([folder + "/Spin", "-o", folder + "/spin-out", "--timeout", "2"])
        #expect(spin.status == 2 && spin.err.contains("ran longer than 2 s and was stopped"), "\(spin.err)")
        #expect(!FileOutput.exists(folder + "/spin-out"))

        // A folder of the user's is never replaced.
        try write("keep me", "mine/notes.txt")
        let mine = try run([folder + "/Trap", "-o", folder + "/mine"])
        #expect(mine.status == 2 && mine.err.contains("not written by Proofsheet"), "\(mine.err)")
        #expect(try String(contentsOfFile: folder + "/mine/notes.txt", encoding: .utf8) == "keep me")

        try write("import SwiftUI\n#Preview { Text(\"a\") }\n", "One/A.swift")
        let unknown = try run([folder + "/One", "-o", folder + "/one-out", "--only", "B"])
        #expect(unknown.status == 2 && unknown.err.contains("no preview named 'B'") && unknown.err.contains("the previews: A"), "\(unknown.err)")
        let usage = try run([folder + "/One", "--format", "gif"])
        #expect(usage.status == 2 && usage.err.contains("--format 'gif' is not png, svg or pdf"))
        let none = try run([folder + "/mine"])
        #expect(none.status == 2 && none.err.contains("no .swift files in"))
    }
}

import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetLayout

/// Custom components: a scene's own views with typed parameters, imported from other files,
/// expanding to exactly the views they stand for, with errors at the use and the definition.
@Suite("Components")
struct ComponentTests {
    func decode(_ text: String, file: String = "t.json") throws -> Scene {
        try SceneDecoder().decode(bytes: Array(text.utf8), file: file)
    }

    func error(_ text: String) -> ProofsheetError? {
        do { _ = try decode(text); return nil } catch let e as ProofsheetError { return e } catch { return nil }
    }

    func laidOut(_ scene: Scene) throws -> LayoutResult {
        try LayoutEngine(measurer: FixedMetrics(), assets: FakeAssets()).layout(scene)
    }

    static let pill = """
        "Pill": {
          "parameters": {"title": "string", "color": {"type": "color", "default": "white"}, "size": {"type": "number", "default": 20}},
          "body": {"type": "Text", "text": "$title", "modifiers": [{"font": {"size": "$size"}}, {"padding": 8}, {"background": "$color"}]}
        }
        """

    @Test func expandsToTheViewsItStandsFor() throws {
        let inline = try decode(
            """
            {"canvas": {"width": 300, "height": 100}, "root": {"type": "HStack", "children": [
              {"type": "Text", "text": "Hi", "modifiers": [{"font": {"size": 20}}, {"padding": 8}, {"background": "white"}, {"id": "a"}]},
              {"type": "Text", "text": "There", "modifiers": [{"font": {"size": 10}}, {"padding": 8}, {"background": "red"}, {"id": "b"}]}
            ]}}
            """)
        let used = try decode(
            """
            {"canvas": {"width": 300, "height": 100}, "components": {\(Self.pill)},
             "root": {"type": "HStack", "children": [
              {"type": "Pill", "title": "Hi", "modifiers": [{"id": "a"}]},
              {"type": "Pill", "title": "There", "color": "red", "size": 10, "modifiers": [{"id": "b"}]}
            ]}}
            """)
        let a = try laidOut(inline), b = try laidOut(used)
        #expect(a.root.description == b.root.description)
        // Same identity (the body's modifiers counted first, then the use site's) and frames.
        #expect(try identity(a, "b") == identity(b, "b"))
        #expect(try identity(b, "b") == "/1:2")
        #expect(try exactFrame(b, "a") == Rect(x: 107.5, y: 30, width: 36, height: 40))
        #expect(a.displayList == b.displayList)
    }

    @Test func argumentsAreReadAtTheUseSiteAndTheBodySeesOnlyItsParameters() throws {
        let s = try decode(
            """
            {"canvas": {"width": 300, "height": 100}, "vars": {"name": "Ada"},
             "components": {"Greeting": {"parameters": {"who": "string"}, "body": {"type": "Text", "text": "Hello ${$who}", "modifiers": [{"id": "g"}]}}},
             "root": {"type": "Greeting", "who": "=$name + '!'"}}
            """)
        #expect(try laidOut(s).tree.find("g")?.name == "Text \"Hello Ada!\"")
        let e = try #require(
            error(
                """
                {"canvas": {"width": 300, "height": 100}, "vars": {"name": "Ada"},
                 "components": {"Greeting": {"body": {"type": "Text", "text": "$name"}}},
                 "root": {"type": "Greeting"}}
                """))
        #expect(e.message.contains("name"))
        #expect(e.location?.path == "$.components.Greeting.body.text")
    }

    @Test func errorsAtTheUseSite() throws {
        let base = "{\"canvas\": {\"width\": 300, \"height\": 100}, \"components\": {\(Self.pill)},\n \"root\": "
        let missing = try #require(error(base + "{\"type\": \"Pill\"}}"))
        #expect(missing.message == "Pill needs 'title' (string)")
        #expect(missing.location?.path == "$.root")
        #expect(missing.location?.line == 5)
        #expect(missing.hint?.contains("declared at t.json:2:") == true)
        let wrongType = try #require(error(base + "{\"type\": \"Pill\", \"title\": 3}}"))
        #expect(wrongType.message.contains("the argument 'title' of Pill is a number, not string"))
        #expect(wrongType.location?.path == "$.root.title")
        let unknown = try #require(error(base + "{\"type\": \"Pill\", \"titel\": \"x\"}}"))
        #expect(unknown.message == "unknown key 'titel'")
        #expect(unknown.hint?.contains("'title'") == true)
        let bad = try #require(error(base + "{\"type\": \"Pill\", \"title\": \"x\", \"color\": \"blu\"}}"))
        #expect(bad.location?.path == "$.root.color")
    }

    @Test func anErrorInsideTheBodyNamesTheDefinitionAndTheUse() throws {
        let e = try #require(
            error(
                """
                {"canvas": {"width": 300, "height": 100},
                 "components": {"Half": {"parameters": {"n": "number"}, "body": {"type": "Text", "text": "=$n / 2"}}},
                 "root": {"type": "VStack", "children": [{"type": "Half", "n": 4}]}}
                """))
        #expect(e.location?.path == "$.components.Half.body.text")
        #expect(e.location?.line == 2)
        #expect(e.message.hasSuffix("(in Half, used at t.json:3:42 (at $.root.children[0]))"))
    }

    @Test func definitionsAreCheckedOnceEvenUnused() throws {
        let e = try #require(
            error(
                """
                {"canvas": {"width": 300, "height": 100},
                 "components": {"Unused": {"body": {"type": "Txt"}}},
                 "root": {"type": "EmptyView"}}
                """))
        #expect(e.location?.path == "$.components.Unused.body.type")
        #expect(e.hint == "did you mean 'Text'?")
    }

    @Test(arguments: [
        ("{\"Text\": {\"body\": {\"type\": \"EmptyView\"}}}", "'Text' is a built-in view"),
        ("{\"card\": {\"body\": {\"type\": \"EmptyView\"}}}", "'card' cannot name a component"),
        ("{\"C\": {\"parameters\": {\"modifiers\": \"string\"}, \"body\": {\"type\": \"EmptyView\"}}}", "'modifiers' cannot name a parameter"),
        ("{\"C\": {\"parameters\": {\"x\": \"strin\"}, \"body\": {\"type\": \"EmptyView\"}}}", "'strin' is not a state type"),
        ("{\"C\": {\"parameters\": {\"x\": {\"type\": \"number\", \"default\": \"a\"}}, \"body\": {\"type\": \"EmptyView\"}}}", "expected a number"),
        ("{\"C\": {}}", "the component 'C' needs a 'body'"),
        ("{\"C\": {\"body\": {\"type\": \"D\"}}, \"D\": {\"body\": {\"type\": \"C\"}}}", "uses itself (C → D → C)"),
        ("[]", "'components' must be an object")
    ])
    func badDefinitions(_ components: String, _ message: String) throws {
        let e = try #require(
            error("{\"canvas\": {\"width\": 300, \"height\": 100}, \"components\": \(components), \"root\": {\"type\": \"EmptyView\"}}"))
        #expect(e.message.contains(message), "\(e)")
        #expect(e.location != nil)
    }

    @Test func importsAreConfinedAndAcyclic() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/parts", withIntermediateDirectories: true)
        func write(_ name: String, _ text: String) throws { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        try write(
            "parts/cards.json", "{\"import\": [\"pills.json\"], \"components\": {\"Card\": {\"body\": {\"type\": \"Pill\", \"title\": \"C\"}}}}")
        try write("parts/pills.json", "{\"components\": {\(Self.pill)}}")
        try write(
            "ok.json",
            "{\"canvas\": {\"width\": 300, \"height\": 100}, \"import\": [\"parts/cards.json\"], \"root\": {\"type\": \"Card\", \"modifiers\": [{\"id\": \"c\"}]}}"
        )
        let scene = try SceneDecoder().decode(file: dir + "/ok.json")
        #expect(try laidOut(scene).tree.find("c") != nil)

        func importError(_ imports: String) throws -> ProofsheetError {
            try write("bad.json", "{\"canvas\": {\"width\": 300, \"height\": 100}, \"import\": \(imports), \"root\": {\"type\": \"EmptyView\"}}")
            do { _ = try SceneDecoder().decode(file: dir + "/bad.json") } catch let e as ProofsheetError { return e }
            throw ProofsheetError.internal("no error")
        }
        #expect(try importError("[\"/etc/passwd\"]").message.contains("may not be absolute or contain '..'"))
        #expect(try importError("[\"../x.json\"]").location?.path == "$.import[0]")
        let missing = try importError("[\"parts/none.json\"]")
        #expect(missing.message.hasPrefix("cannot import 'parts/none.json': no such file"))
        #expect(missing.location?.file == dir + "/bad.json")
        try write("parts/a.json", "{\"import\": [\"b.json\"]}")
        try write("parts/b.json", "{\"import\": [\"a.json\"]}")
        let cycle = try importError("[\"parts/a.json\"]")
        #expect(cycle.message == "import cycle: a.json → b.json → a.json")
        #expect(cycle.location?.file == dir + "/parts/b.json")
        try write("parts/twice.json", "{\"components\": {\(Self.pill)}}")
        let twice = try importError("[\"parts/pills.json\", \"parts/twice.json\"]")
        #expect(twice.message.contains("the component 'Pill' is defined twice"))
        try write("parts/extra.json", "{\"root\": {}}")
        #expect(try importError("[\"parts/extra.json\"]").message == "unknown key 'root'")
    }

    @Test func unsupportedViewsSayWhatToUseInstead() throws {
        let e = try #require(error("{\"canvas\": {\"width\": 300, \"height\": 100}, \"root\": {\"type\": \"LazyVStack\"}}"))
        #expect(e.message == "LazyVStack is not a view of the scene format")
        #expect(e.hint == "use a VStack (every view is laid out at once)")
        let other = try #require(error("{\"canvas\": {\"width\": 300, \"height\": 100}, \"root\": {\"type\": \"Frobnicator\"}}"))
        #expect(other.hint?.contains("GeometryReader") == false, "not the list of every view")
        #expect(other.hint?.contains("\"components\"") == true)
    }

    @Test func theExampleScenesUseTheSeedsComponents() throws {
        for (scene, names) in [
            ("travel-deck", ["TopBarMenu", "CardView", "BottomBarMenu"]), ("swipe-stack", ["NumberCard"]), ("gradient-stack", ["CardView"]),
            ("travel-deck-all-trips", ["TopBarMenu", "CardView", "BottomBarMenu"]), ("review", ["RatingRow"]), ("swipe-to-delete", ["IdentityCard"])
        ] {
            let text = try String(contentsOfFile: Paths.scenes + "/\(scene).json", encoding: .utf8)
            for name in names { #expect(text.contains("\"type\": \"\(name)\""), "\(scene) uses \(name)") }
        }
    }
}

/// The README's Swift equivalent of a component: a `View` struct.
private struct ReadmeCardView: View {
    var image: String
    var title: String
    var body: some View {
        Image(image).resizable().scaledToFill().cornerRadius(10)
            .overlay(alignment: .bottom) { Text(title) }
    }
}

private func readmeTopBarMenu() -> Node {
    HStack {
        Image(systemName: "line.horizontal.3")
        Spacer()
        Image(systemName: "heart.circle.fill")
    }
    .padding(16).node
}

@Suite("Components in Swift")
struct SwiftComponentTests {
    @Test func aViewStructLaysOutAsTheSceneFilesComponent() throws {
        let swift = Scene(canvas: Size(width: 300, height: 400)) {
            VStack {
                readmeTopBarMenu()
                ReadmeCardView(image: "yosemite-usa", title: "Yosemite, USA").id("card")
            }
        }
        let json = try SceneDecoder().decode(
            bytes: Array(
                """
                {"canvas": {"width": 300, "height": 400},
                 "components": {
                   "TopBarMenu": {"body": {"type": "HStack", "children": [
                     {"type": "Image", "systemName": "line.horizontal.3"}, {"type": "Spacer"}, {"type": "Image", "systemName": "heart.circle.fill"}],
                     "modifiers": [{"padding": 16}]}},
                   "CardView": {"parameters": {"image": "string", "title": "string"}, "body": {
                     "type": "Image", "name": "$image", "resizable": true, "modifiers": [{"scaledToFill": true}, {"cornerRadius": 10},
                     {"overlay": {"alignment": "bottom", "content": {"type": "Text", "text": "$title"}}}]}}
                 },
                 "root": {"type": "VStack", "children": [
                   {"type": "TopBarMenu"}, {"type": "CardView", "image": "yosemite-usa", "title": "Yosemite, USA", "modifiers": [{"id": "card"}]}]}}
                """.utf8), file: "t.json")
        let engine = LayoutEngine(measurer: FixedMetrics(), assets: FakeAssets())
        let a = try engine.layout(swift), b = try engine.layout(json)
        #expect(a.root.description == b.root.description)
        // The same drawing (the named group's identity, its place in each tree, differs: the
        // dump leaves identities out).
        #expect(a.displayList.dump() == b.displayList.dump())
        #expect(try exactFrame(a, "card").width == 300)
    }
}

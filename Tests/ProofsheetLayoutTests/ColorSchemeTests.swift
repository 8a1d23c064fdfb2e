import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetCairo
import ProofsheetCheck
import ProofsheetLayout

/// Dark mode: a display list in a colour scheme (named colours take their dark values, literal
/// ones stay, materials draw by the dark recipe), a scene's `"colorScheme"`, the status bar's
/// automatic content, system views in their dark colours, and golden names.
@Suite("Colour schemes")
struct ColorSchemeTests {
    /// Named colours resolve, everywhere a list holds colours; literal ones and images do not
    /// change; materials are marked with the scheme; light is the list itself.
    @Test func aListResolvedInDark() throws {
        let r = Rect(x: 0, y: 0, width: 10, height: 10)
        let list = DisplayList(
            size: Size(width: 10, height: 10), background: .systemBackground,
            items: [
                .fill(.rect(r), .color(.label)),
                .fill(.rect(r), .color(Color(hex: 0x123456))),
                .stroke(.rect(r), .color(Color.separator.opacity(0.5)), lineWidth: 1),
                .fill(
                    .rect(r),
                    .linearGradient(
                        stops: [GradientStop(color: .systemBlue, location: 0), GradientStop(color: .white, location: 1)], start: .top, end: .bottom)),
                .group(
                    DisplayGroup(
                        shadow: Shadow(color: .systemGray, radius: 2, x: 0, y: 1),
                        children: [.material(MaterialDraw(material: .thin, shape: .rect(r)))])),
                .image(ImageDraw(path: "/p.png", frame: r))
            ])
        #expect(list.resolved(in: .light) == list)
        let dark = list.resolved(in: .dark)
        #expect(dark.background?.hexString == "#000000")
        guard case .fill(_, .color(let label)) = dark.items[0], case .fill(_, .color(let literal)) = dark.items[1],
            case .stroke(_, .color(let separator), _) = dark.items[2], case .fill(_, .linearGradient(let stops, _, _)) = dark.items[3],
            case .group(let g) = dark.items[4], case .material(let m) = g.children[0]
        else {
            Issue.record("the list changed shape: \(dark.items)")
            return
        }
        #expect(label.hexString == "#FFFFFF" && literal.hexString == "#123456")
        // The separator's dark value (#545458 at 60 %), at half of it as the light one was.
        #expect(separator.hexString == "#5454584D")
        #expect(stops.map(\.color.hexString) == ["#0A84FF", "#FFFFFF"])
        #expect(g.shadow?.color.hexString == Color.systemGray.resolved(in: .dark).hexString && m.colorScheme == .dark)
        #expect(dark.items[5] == list.items[5])
        // A dark material tints with the dark grey, a light one with white.
        #expect(Material.thin.recipe(in: .dark).tint.hexString.hasPrefix("#1C1C1E") && Material.thin.recipe(in: .light) == Material.thin.recipe)
    }

    func render(_ json: String, scheme: ColorScheme? = nil) throws -> RGBAImage {
        var scene = try SceneDecoder().decode(bytes: Array(json.utf8), file: "s.json")
        if let scheme { scene.colorScheme = scheme }
        return try sharedRenderer.image(of: try sharedRenderer.layout(scene), scene: scene)
    }

    /// A scene's `"colorScheme"`: its default background is the system background (black in
    /// dark), its text the label colour (white); a literal white stays white. A bad value is a
    /// located error.
    @Test func aSceneInDark() throws {
        let json = """
            {"canvas": {"width": 60, "height": 40}, "colorScheme": "dark",
             "root": {"type": "HStack", "spacing": 0, "children": [
               {"type": "Rectangle", "fill": "white", "modifiers": [{"frame": {"width": 20, "height": 40}}]},
               {"type": "Rectangle", "fill": "secondarySystemBackground", "modifiers": [{"frame": {"width": 20, "height": 40}}]},
               {"type": "Rectangle", "modifiers": [{"frame": {"width": 20, "height": 40}}]}]}}
            """
        let dark = try render(json)
        #expect(dark[x: 10, y: 20] == RGBAColor(r: 255, g: 255, b: 255) && dark[x: 30, y: 20] == RGBAColor(r: 0x1C, g: 0x1C, b: 0x1E))
        #expect(dark[x: 50, y: 20] == RGBAColor(r: 255, g: 255, b: 255), "a shape's default fill is the foreground, white in dark")
        let light = try render(json, scheme: .light)
        #expect(light[x: 30, y: 20] == RGBAColor(r: 0xF2, g: 0xF2, b: 0xF7) && light[x: 50, y: 20] == RGBAColor(r: 0, g: 0, b: 0))
        let empty = try render(#"{"canvas": {"width": 10, "height": 10}, "colorScheme": "dark", "root": {"type": "EmptyView"}}"#)
        #expect(empty[x: 5, y: 5] == RGBAColor(r: 0, g: 0, b: 0))
        do {
            _ = try SceneDecoder().decode(
                bytes: Array(#"{"canvas": {"width": 10, "height": 10}, "colorScheme": "dim", "root": {"type": "EmptyView"}}"#.utf8), file: "s.json")
            Issue.record("'dim' was accepted")
        } catch let e as ProofsheetError {
            #expect(e.location?.path == "$.colorScheme" && e.hint?.contains("dark") == true, "\(e)")
        }
    }

    /// The status bar's content follows the scheme unless the scene chose it: white glyphs in
    /// dark; a chosen dark content stays dark.
    @Test func theStatusBarFollowsTheScheme() throws {
        func time(_ chrome: String) throws -> RGBAColor {
            let img = try render(#"{"canvas": "iPhone 14", "scale": 1, "colorScheme": "dark", "chrome": \#(chrome), "root": {"type": "EmptyView"}}"#)
            var brightest = RGBAColor(r: 0, g: 0, b: 0), darkest = RGBAColor(r: 255, g: 255, b: 255)
            for y in 12..<34 {
                for x in 30..<85 {
                    let p = img[x: x, y: y]
                    if p.r > brightest.r { brightest = p }
                    if p.r < darkest.r { darkest = p }
                }
            }
            return chrome.contains("dark") ? darkest : brightest
        }
        #expect(try time("true").r > 230)
        // Chosen dark content on a dark screen: black on black, nothing bright.
        #expect(try time(#"{"show": true, "content": "dark"}"#).r < 20)
        #expect(Chrome(show: true).content(in: .dark) == .light && Chrome(show: true, content: .dark).content(in: .dark) == .dark)
    }

    /// System views draw in their dark colours: a grouped list's background and rows, the
    /// alert's buttons.
    @Test func systemViewsInDark() throws {
        let json = """
            {"canvas": "iPhone 14", "scale": 1, "colorScheme": "dark",
             "root": {"type": "List", "style": "insetGrouped", "children": [{"type": "Text", "text": "Row"}]}}
            """
        let img = try render(json)
        // The grouped background (black) at the edge; the row (#1C1C1E) under its text.
        #expect(img[x: 5, y: 400] == RGBAColor(r: 0, g: 0, b: 0))
        var row = false
        for y in 60..<200 where img[x: 195, y: y] == RGBAColor(r: 0x1C, g: 0x1C, b: 0x1E) { row = true }
        #expect(row, "no dark row")
        #expect(Color.systemBlue.resolved(in: .dark).hexString == "#0A84FF")
    }

    /// Part of a scene in another scheme (`.environment(\.colorScheme, …)`, or the older
    /// `.colorScheme(_:)`): that view and everything inside it, its siblings as they were; and
    /// `.preferredColorScheme` anywhere draws the whole screen in its scheme, over the scene's.
    @Test func partOfASceneAndThePreferredScheme() throws {
        func scene(_ modifier: String, scheme: String = "light") -> String {
            """
            {"canvas": {"width": 40, "height": 20}, "colorScheme": "\(scheme)",
             "root": {"type": "HStack", "spacing": 0, "children": [
               {"type": "Rectangle", "modifiers": [{"frame": {"width": 20, "height": 20}}, \(modifier)]},
               {"type": "Rectangle", "fill": "systemGray6", "modifiers": [{"frame": {"width": 10, "height": 20}}]}]}}
            """
        }
        let white = RGBAColor(r: 255, g: 255, b: 255), black = RGBAColor(r: 0, g: 0, b: 0)
        let gray6Light = RGBAColor(r: 0xF2, g: 0xF2, b: 0xF7), gray6Dark = RGBAColor(r: 0x1C, g: 0x1C, b: 0x1E)
        for spelling in [#"{"environment": {"colorScheme": "dark"}}"#, #"{"colorScheme": "dark"}"#] {
            let img = try render(scene(spelling))
            #expect(img[x: 10, y: 10] == white && img[x: 25, y: 10] == gray6Light && img[x: 35, y: 10] == white, "\(spelling)")
        }
        let lightInDark = try render(scene(#"{"environment": {"colorScheme": "light"}}"#, scheme: "dark"))
        #expect(lightInDark[x: 10, y: 10] == black && lightInDark[x: 25, y: 10] == gray6Dark && lightInDark[x: 35, y: 10] == black)
        // The preferred scheme: the whole screen, the background included, whatever the scene
        // or the command line says.
        let preferred = try render(scene(#"{"preferredColorScheme": "dark"}"#), scheme: .light)
        #expect(preferred[x: 10, y: 10] == white && preferred[x: 25, y: 10] == gray6Dark && preferred[x: 35, y: 10] == black)
        let none = try render(scene(#"{"preferredColorScheme": null}"#))
        #expect(none[x: 25, y: 10] == gray6Light)
        // In Swift.
        let s = Scene(canvas: Size(width: 20, height: 20)) { Rectangle().fill(.label).colorScheme(.dark).node }
        #expect(try sharedRenderer.image(of: try sharedRenderer.layout(s), scene: s)[x: 5, y: 5] == white)
        // A value that is no scheme is located.
        #expect(throws: ProofsheetError.self) {
            try SceneDecoder().decode(bytes: Array(scene(#"{"environment": {"colourScheme": "dark"}}"#).utf8), file: "s.json")
        }
    }

    /// `$env.colorScheme` says the scheme the scene is shown in: its own, or the one given from
    /// outside (`--color-scheme`, `SceneTemplate.with(variant:)`), which the scene then takes;
    /// `env` is a reserved name.
    @Test func expressionsReadTheScheme() throws {
        func json(_ own: String) -> String {
            #"{"canvas": {"width": 10, "height": 10}, \#(own) "root": {"type": "Color", "color": "=$env.colorScheme == 'dark' ? 'red' : 'blue'"}}"#
        }
        func pixel(_ text: String, _ scheme: ColorScheme? = nil) throws -> RGBAColor {
            let template = try SceneDecoder().template(bytes: Array(text.utf8), file: "s.json").with(variant: Variant(colorScheme: scheme))
            let scene = try template.scene()
            return try sharedRenderer.image(of: try sharedRenderer.layout(scene), scene: scene)[x: 5, y: 5]
        }
        // `red` and `blue` are systemRed and systemBlue: their dark values in a dark scene.
        let lightBlue = RGBAColor(r: 0x00, g: 0x7A, b: 0xFF), darkRed = RGBAColor(r: 0xFF, g: 0x45, b: 0x3A)
        #expect(try pixel(json("")) == lightBlue)
        #expect(try pixel(json(#""colorScheme": "dark","#)) == darkRed)
        // From outside: the expression sees it and the scene is drawn in it (red's dark value).
        #expect(try pixel(json(""), .dark) == darkRed)
        #expect(try pixel(json(#""colorScheme": "dark","#), .light) == lightBlue)
        for reserved in [#""state": {"env": 1},"#, #""vars": {"env": 1},"#] {
            #expect(throws: ProofsheetError.self, "\(reserved)") { try SceneDecoder().template(bytes: Array(json(reserved).utf8), file: "s.json") }
        }
    }

    /// Dark goldens are named so: `+dark` after the other suffixes.
    @Test func darkGoldenNames() throws {
        var s = Scene(device: try Device.named("iPhone 14")) { EmptyView().node }
        s.colorScheme = .dark
        #expect(GoldenNames.variant(of: s) == "iphone-14@3x+dark")
        #expect(GoldenNames.variant(of: s.with(chrome: true)) == "iphone-14@3x+chrome+dark")
        s.colorScheme = .light
        #expect(GoldenNames.variant(of: s) == "iphone-14@3x")
    }
}

import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout

/// Device chrome: the status bar and home indicator per device, laid out by numbers and drawn;
/// the device frame's transparent corners; golden names; `$device` in expressions.
@Suite("Device chrome")
struct ChromeTests {
    /// A plain scene on `device`: a white screen with one square in the middle.
    func scene(_ device: String, chrome: Bool = true, content: Chrome.Content = .dark, background: Color = .white) throws -> Scene {
        var s = Scene(device: try Device.named(device), scale: 1, background: background) {
            Rectangle().fill(.blue).frame(width: 40, height: 40).id("square")
        }
        s.chrome = Chrome(show: chrome, content: content)
        return s
    }

    func layout(_ scene: Scene) throws -> LayoutResult {
        try LayoutEngine(measurer: FixedMetrics(), assets: FakeAssets()).layout(scene)
    }

    func centre(_ r: Rect) -> Point { Point(x: r.minX + r.width / 2, y: r.minY + r.height / 2) }

    // MARK: - Present or absent

    @Test func chromeIsOffUnlessAsked() throws {
        let plain = try layout(try scene("iPhone 14", chrome: false))
        #expect(plain.tree.find("statusBar") == nil)
        #expect(plain.tree.find("homeIndicator") == nil)
        #expect(plain.tree.name != "screen")
        let on = try layout(try scene("iPhone 14"))
        #expect(on.tree.find("statusBar") != nil)
        #expect(on.tree.find("homeIndicator") != nil)
        #expect(on.tree.name == "screen")
        // The scene's own views keep their frames and identities under chrome.
        #expect(try exactFrame(on, "square") == exactFrame(plain, "square"))
        #expect(try identity(on, "square") == identity(plain, "square"))
    }

    @Test func noHomeIndicatorOnAPhoneWithAHomeButton() throws {
        let se = try layout(try scene("iPhone SE"))
        #expect(se.tree.find("statusBar") != nil)
        #expect(se.tree.find("homeIndicator") == nil)
        for name in ["iPhone 14", "iPhone 15 Pro", "iPhone 16e", "iPhone 17 Pro Max", "iPhone Air"] {
            #expect(try layout(try scene(name)).tree.find("homeIndicator") != nil, "\(name)")
        }
    }

    /// The chrome's own glyphs (the Wi-Fi fan's rings are larger than their quarters, by
    /// design) are no overflow, on any device, in either content: `--chrome on` with
    /// `--overflow error` passes a scene that fits.
    @Test func chromeHasNoOverflowOfItsOwn() throws {
        for device in Device.presets {
            for content in [Chrome.Content.dark, .light] {
                let s = try scene(device.name, content: content)
                let found = try layout(s).tree.overflows(screen: s.drawingSize)
                #expect(found.isEmpty, "\(device.name): \(found.map(\.message))")
            }
        }
    }

    // MARK: - Layout by numbers

    /// iPhone 14: the time centred in the ear left of the 162 pt notch, on the bar's middle
    /// line (23 pt); the glyphs centred in the right ear; the home indicator 134 × 5, 8 pt up.
    @Test func iPhone14SplitsAroundTheNotch() throws {
        let r = try layout(try scene("iPhone 14"))
        let ear = (390 - 162) / 2.0
        // FixedMetrics: "9:41" at 17 pt is 4 × 8.5 wide, 22 tall.
        #expect(try exactFrame(r, "time") == Rect(x: ear / 2 - 17, y: 23 - 11, width: 34, height: 22))
        let glyphs = 17 + 6 + 15.56 + 6 + 27.3
        let signal = try exactFrame(r, "signal"), battery = try exactFrame(r, "battery")
        #expect(abs(signal.minX - (390 - ear / 2 - glyphs / 2)) < 1e-9)
        #expect(abs(battery.maxX - (390 - ear / 2 + glyphs / 2)) < 1e-9)
        #expect(abs(centre(battery).y - 23) < 1e-9)
        #expect(try exactFrame(r, "homeIndicator") == Rect(x: 128, y: 844 - 8 - 5, width: 134, height: 5))
    }

    /// iPhone 15 Pro and Pro Max: the wider split around the 126 pt Dynamic Island, the content
    /// on the island's centre line (11 + 37 / 2).
    @Test func dynamicIslandPhonesSplitAroundTheIsland() throws {
        for (name, width) in [("iPhone 15 Pro", 393.0), ("iPhone 15 Pro Max", 430.0)] {
            let r = try layout(try scene(name))
            let ear = (width - 126) / 2
            let time = try exactFrame(r, "time")
            #expect(abs(centre(time).x - ear / 2) < 1e-9, "\(name)")
            #expect(abs(centre(time).y - 29.5) < 1e-9, "\(name)")
            let wifi = try exactFrame(r, "wifi")
            #expect(abs(centre(wifi).y - 29.5) < 1e-9, "\(name)")
            #expect(wifi.minX > width - ear, "\(name): the glyphs are right of the island")
        }
        // The Air's island sits lower: the content follows it.
        #expect(abs(centre(try exactFrame(try layout(try scene("iPhone Air")), "time")).y - 38.5) < 1e-9)
    }

    /// iPhone SE: a 20 pt bar, the time (with AM) centred, signal and Wi-Fi at the leading
    /// edge and the battery at the trailing edge, 6 pt in.
    @Test func iPhoneSECentresTheTime() throws {
        let r = try layout(try scene("iPhone SE"))
        // "9:41 AM" at 12 pt: 7 × 6 wide, 16 tall.
        #expect(try exactFrame(r, "time") == Rect(x: 187.5 - 21, y: 2, width: 42, height: 16))
        #expect(try exactFrame(r, "signal").minX == 6)
        #expect(try exactFrame(r, "battery").maxX == 375 - 6)
        #expect(try exactFrame(r, "statusBar").height == 20)
    }

    /// The home indicator adapts to what is drawn under it, as iOS's does: black where black has
    /// more contrast (WCAG's ratio), white elsewhere, whatever the status bar's content.
    @Test func homeIndicatorAdaptsToItsBackdrop() throws {
        struct Photos: AssetProvider {
            func image(named name: String) throws -> (path: String, size: Size) { ("/fake/\(name).png", Size(width: 100, height: 200)) }
            func meanColor(ofImage path: String, in unit: Rect) -> Color? {
                // Asked of the image's bottom edge only (the indicator is 8 pt above the screen's).
                guard unit.minY > 0.9 else { return .red }
                return path.contains("night") ? Color(hex: 0x101820) : Color(hex: 0xF0E8D8)
            }
        }
        func indicator(_ content: Chrome.Content, background: Color = .white, _ root: () -> Node) throws -> Color? {
            var s = Scene(device: try Device.named("iPhone 14"), scale: 1, background: background) { root() }
            s.chrome = Chrome(show: true, content: content)
            let tree = try LayoutEngine(measurer: FixedMetrics(), assets: Photos()).layout(s).tree
            func paint(_ v: ResolvedView) -> Color? {
                if case .shape(let shape) = v.content, case .color(let c) = shape.paint { return c }
                return v.children.lazy.compactMap(paint).first
            }
            return tree.find("homeIndicator").flatMap(paint)
        }
        let black = DeviceChrome.Colors.label(.dark), white = DeviceChrome.Colors.label(.light)
        // The screen's background, either way round the status bar's content.
        #expect(try indicator(.light) { Spacer().node } == black)
        #expect(try indicator(.dark, background: .black) { Spacer().node } == white)
        // A view reaching under it: a colour through the safe area, a gradient at its bottom.
        #expect(try indicator(.dark) { Color.black.ignoresSafeArea().node } == white)
        #expect(
            try indicator(.dark, background: .black) {
                VStack {
                    Spacer(); Color.white.frame(height: 20)
                }.ignoresSafeArea().node
            } == black)
        #expect(
            try indicator(.dark) { LinearGradient(colors: [.white, .black], startPoint: .top, endPoint: .bottom).ignoresSafeArea().node } == white)
        #expect(
            try indicator(.dark, background: .black) {
                LinearGradient(colors: [.black, .white], startPoint: .top, endPoint: .bottom).ignoresSafeArea().node
            } == black)
        // Translucent layers composite: white at 30% over black is still dark; a material's tint
        // over black too.
        #expect(try indicator(.dark, background: .black) { Color.white.opacity(0.3).ignoresSafeArea().node } == white)
        #expect(try indicator(.dark, background: .black) { Rectangle().fill(.ultraThinMaterial).ignoresSafeArea().node } == white)
        #expect(try indicator(.dark, background: .black) { Color.white.opacity(0.8).ignoresSafeArea().node } == black)
        // A view above it changes nothing; a photo under it gives its mean colour there.
        #expect(try indicator(.light, background: .black) { Color.white.frame(height: 100).node } == white)
        #expect(try indicator(.dark) { Image("night").resizable().ignoresSafeArea().node } == white)
        #expect(try indicator(.light, background: .black) { Image("day").resizable().ignoresSafeArea().node } == black)
    }

    /// iPads: a 24 pt bar with the time and date at the leading edge and Wi-Fi and the battery
    /// at the trailing one, 20 pt in (no cellular signal); a 315 pt home indicator; `$device`
    /// says the idiom; golden names slug the name.
    @Test func iPadsHaveTheirStatusBarAndHomeIndicator() throws {
        for name in ["iPad mini", "iPad", "iPad Air 13-inch", "iPad Pro 11-inch", "iPad Pro 13-inch"] {
            let d = try Device.named(name)
            #expect(d.idiom == .pad && d.safeArea.top == 24 && d.safeArea.bottom == 20 && d.scale == 2, "\(name)")
            let r = try layout(try scene(name))
            let w = d.size.width
            #expect(try exactFrame(r, "time").minX == 20, "\(name)")
            let battery = try exactFrame(r, "battery")
            #expect(abs(battery.maxX - (w - 20)) < 1e-9, "\(name): \(battery)")
            #expect(r.tree.find("signal") == nil, "\(name)")
            #expect(abs(centre(try exactFrame(r, "time")).y - 12) < 1e-9, "\(name)")
            #expect(try exactFrame(r, "homeIndicator") == Rect(x: (w - 315) / 2, y: d.size.height - 8 - 5, width: 315, height: 5), "\(name)")
        }
        #expect(try Device.named("iPad Air").name == "iPad" && Device.named("iPhone 14").idiom == .phone)
        #expect(
            GoldenNames.variant(of: try scene("iPad Pro 11-inch", chrome: false).on(try Device.named("iPad Pro 11-inch"))) == "ipad-pro-11-inch@2x")
        let s = try SceneDecoder().decode(
            bytes: Array(#"{"canvas": "iPad", "root": {"type": "Text", "text": "=$device.idiom", "modifiers": [{"id": "t"}]}}"#.utf8), file: "s.json")
        func text(_ v: ResolvedView) -> String? {
            if case .text(let t) = v.content { return t.text }
            return v.children.lazy.compactMap(text).first
        }
        #expect(text(try #require(try layout(s).tree.find("t"))) == "pad")
    }

    /// A device named with " landscape" is turned: its size swapped; a notch or island phone
    /// keeps its top inset at each side and 21 pt at the bottom and hides the status bar; an
    /// iPad keeps its insets; the size classes follow UIKit's; the device frame is refused.
    @Test func landscapeDevices() throws {
        let p = try Device.named("iPhone 14 landscape")
        #expect(p.name == "iPhone 14 landscape" && p.orientation == .landscape && p.size == Size(width: 844, height: 390))
        #expect(p.safeArea == EdgeInsets(top: 0, leading: 47, bottom: 21, trailing: 47))
        #expect(try Device.named("iPhone SE landscape").safeArea == .zero)
        #expect(try Device.named("iPad Pro 11-inch LANDSCAPE").safeArea == EdgeInsets(top: 24, leading: 0, bottom: 20, trailing: 0))
        #expect(try Device.named("iPhone 14 portrait") == Device.named("iPhone 14"))
        #expect(throws: ProofsheetError.self) { try Device.named("iPhone 14 landscape landscape") }
        #expect(Device.presets[2].sizeClasses == ("compact", "regular") && p.sizeClasses == ("compact", "compact"))
        #expect(try Device.named("iPhone 15 Pro Max landscape").sizeClasses == ("regular", "compact"))
        #expect(try Device.named("iPad").sizeClasses == ("regular", "regular"))
        // Chrome on a turned phone: the home indicator, no status bar; the views in the safe area.
        let r = try layout(try scene("iPhone 14 landscape"))
        #expect(r.tree.find("statusBar") == nil)
        #expect(try exactFrame(r, "homeIndicator") == Rect(x: (844 - 134) / 2, y: 390 - 8 - 5, width: 134, height: 5))
        #expect(centre(try exactFrame(r, "square")) == Point(x: 422, y: (390 - 21) / 2))
        // Golden names and expressions say it.
        #expect(GoldenNames.variant(of: try scene("iPhone 14", chrome: false).on(p)) == "iphone-14-landscape@3x")
        let s = try SceneDecoder().decode(
            bytes: Array(
                #"{"canvas": "iPhone 14 landscape", "root": {"type": "Text", "text": "=$env.verticalSizeClass + ' ' + $device.orientation", "modifiers": [{"id": "t"}]}}"#
                    .utf8),
            file: "s.json")
        func text(_ v: ResolvedView) -> String? {
            if case .text(let t) = v.content { return t.text }
            return v.children.lazy.compactMap(text).first
        }
        #expect(text(try #require(try layout(s).tree.find("t"))) == "compact landscape")
        var framed = try scene("iPhone 14 landscape")
        framed.chrome.deviceFrame = true
        #expect(throws: ProofsheetError.self) { try framed.validateSize() }
    }

    // MARK: - Pixels

    /// The chrome is drawn: dark time and home indicator over a white screen by default, white
    /// ones over a black screen with light content; nothing there without chrome.
    @Test func chromeIsDrawnInTheContentColour() throws {
        let renderer = try Renderer()
        func image(_ s: Scene) throws -> RGBAImage { try renderer.image(of: try renderer.layout(s), scene: s) }
        let on = try image(try scene("iPhone 14"))
        let off = try image(try scene("iPhone 14", chrome: false))
        // The home indicator's middle, and the darkest pixel of the time's box.
        func darkest(_ img: RGBAImage, _ r: Rect) -> Int {
            var m = 255
            for y in Int(r.minY)..<Int(r.maxY) { for x in Int(r.minX)..<Int(r.maxX) { m = min(m, Int(img[x: x, y: y].r)) } }
            return m
        }
        #expect(on[x: 195, y: 833].r < 40)
        #expect(off[x: 195, y: 833].r == 255)
        #expect(darkest(on, Rect(x: 30, y: 12, width: 55, height: 22)) < 40)
        #expect(darkest(off, Rect(x: 30, y: 12, width: 55, height: 22)) == 255)
        let light = try image(try scene("iPhone 14", content: .light, background: .black))
        #expect(light[x: 195, y: 833].r > 215)
        // SE: no home indicator drawn.
        let se = try image(try scene("iPhone SE"))
        #expect(darkest(se, Rect(x: 100, y: 650, width: 175, height: 17)) == 255)
    }

    /// The device frame: the drawing grows by the bezel, the pixels outside the device's
    /// rounded outline are transparent, the bezel is opaque, the island is drawn over the
    /// screen and the screen's own corner is clipped.
    @Test func deviceFrameHasTransparentCorners() throws {
        let renderer = try Renderer()
        var s = try scene("iPhone 15 Pro", chrome: false)
        s.chrome.deviceFrame = true
        let img = try renderer.image(of: try renderer.layout(s), scene: s)
        let b = Int(DeviceChrome.Frame.bezel)
        #expect(img.width == 393 + 2 * b && img.height == 852 + 2 * b)
        for (x, y) in [(0, 0), (img.width - 1, 0), (0, img.height - 1), (img.width - 1, img.height - 1), (8, 8)] {
            #expect(img[x: x, y: y].a == 0, "(\(x), \(y)) should be transparent")
        }
        // The bezel's middle on the left edge; on the diagonal of the top-left corner, between
        // the device's outline and the screen's 55 pt corner, the bezel (dark), not the white
        // screen; further in, the screen.
        #expect(img[x: b / 2, y: img.height / 2].a == 255)
        #expect(img[x: 28, y: 28].a == 255 && img[x: 28, y: 28].r < 20)
        #expect(img[x: 36, y: 36].r == 255)
        // The screen is white; the island black at its centre (11 + 37 / 2 below the screen top).
        #expect(img[x: b + 100, y: b + 200] == RGBAColor(r: 255, g: 255, b: 255, a: 255))
        let island = img[x: b + 196, y: b + 29]
        #expect(island.r < 10 && island.a == 255)
        // Without the frame, the corners are the scene's background.
        var plain = s
        plain.chrome.deviceFrame = false
        #expect(try renderer.image(of: try renderer.layout(plain), scene: plain)[x: 0, y: 0].a == 255)
    }

    /// A home-button phone has its forehead and chin: the body is 28 pt wider on each side and
    /// 112 pt taller above and below; the earpiece and camera sit in the middle of the
    /// forehead, the Home button in the middle of the chin; the screen is moved in by the
    /// insets and keeps its square corners.
    @Test func homeButtonPhoneHasForeheadAndChin() throws {
        var s = try scene("iPhone SE", chrome: false)
        s.chrome.deviceFrame = true
        #expect(s.drawingSize == Size(width: 375 + 56, height: 667 + 224))
        let r = try layout(s)
        #expect(try exactFrame(r, "bezel") == Rect(x: 0, y: 0, width: 431, height: 891))
        #expect(try exactFrame(r, "homeButton") == Rect(x: 215.5 - 34, y: 891 - 56 - 34, width: 68, height: 68))
        #expect(try exactFrame(r, "earpiece") == Rect(x: 215.5 - 26, y: 56 - 3, width: 52, height: 6))
        let camera = try exactFrame(r, "frontCamera")
        #expect(camera.width == 11 && abs(centre(camera).x - (215.5 - 52)) < 1e-9 && centre(camera).y == 56)
        let screen = try #require(r.tree.children.last)
        #expect(screen.effects.offset == Point(x: 28, y: 112) && screen.effects.clip == .roundedRectangle(radius: 0, continuous: true))
        // Drawn: the Home button's ring (rim grey) on the dark chin, the white screen, the
        // transparent corner.
        let renderer = try Renderer()
        let img = try renderer.image(of: try renderer.layout(s), scene: s)
        try #require(img.width == 431 && img.height == 891, "\(img.width)x\(img.height)")
        let ring = img[x: 215, y: 891 - 56 - 33], chin = img[x: 215, y: 891 - 56], corner = img[x: 2, y: 2]
        #expect(ring.r > 60 && ring.r < 120 && chin.r < 20 && chin.a == 255 && corner.a == 0, "\(ring) \(chin) \(corner)")
        #expect(img[x: 28 + 100, y: 112 + 300] == RGBAColor(r: 255, g: 255, b: 255, a: 255))
        // Phones without a Home button keep the even 14 pt bezel and no button.
        var x = try scene("iPhone 14", chrome: false)
        x.chrome.deviceFrame = true
        #expect(x.drawingSize == Size(width: 390 + 28, height: 844 + 28))
        #expect(try layout(x).tree.find("homeButton") == nil)
    }

    @Test func deviceFrameClipsTheScreenInSVG() throws {
        let renderer = try Renderer()
        var s = try scene("iPhone 14", chrome: false)
        let plain = String(decoding: try renderer.render(s, format: .svg), as: UTF8.self)
        s.chrome.deviceFrame = true
        let framed = String(decoding: try renderer.render(s, format: .svg), as: UTF8.self)
        #expect(!plain.contains("clipPath"))
        #expect(framed.contains("clipPath"))
        #expect(framed.contains("width=\"418\""))
    }

    // MARK: - Names

    @Test func goldensWithChromeSayTheyHaveIt() throws {
        let s = try scene("iPhone 14", chrome: false).on(try Device.named("iPhone 14"))
        #expect(GoldenNames.variant(of: s) == "iphone-14@3x")
        #expect(GoldenNames.variant(of: s.with(chrome: true)) == "iphone-14@3x+chrome")
        #expect(GoldenNames.variant(of: s.with(chrome: true, deviceFrame: true)) == "iphone-14@3x+chrome+frame")
        #expect(GoldenNames.variant(of: s.with(chrome: true).with(chrome: false)) == "iphone-14@3x")
    }

    // MARK: - $device

    @Test func expressionsReadTheDevice() throws {
        let json = """
            {"canvas": "iPhone 14", "vars": {"compact": "=$device.height < 700"},
             "root": {"type": "VStack", "children": [
               {"type": "Text", "text": "${$device.name}|${$device.width}|${$device.height}|${$device.scale}|${$device.safeArea.top}|${$device.safeArea.bottom}|${$device.hasHomeButton}",
                "modifiers": [{"id": "info"}]},
               {"type": "If", "condition": "$compact", "then": {"type": "Text", "text": "compact", "modifiers": [{"id": "compact"}]}}
             ]}}
            """
        let template = try SceneDecoder().template(bytes: Array(json.utf8), file: "d.json")
        func text(_ t: SceneTemplate, _ id: String) throws -> String? {
            guard let v = try layout(try t.scene()).tree.find(id), case .text(let c) = v.content else { return nil }
            return c.text
        }
        #expect(try text(template, "info") == "iPhone 14|390|844|3|47|34|false")
        #expect(try text(template, "compact") == nil)
        let se = template.on(try Device.named("iPhone SE"))
        #expect(try text(se, "info") == "iPhone SE|375|667|2|20|0|true")
        #expect(try text(se, "compact") == "compact")
    }

    @Test func deviceIsAReservedName() throws {
        let json = #"{"canvas": "iPhone 14", "state": {"device": 1}, "root": {"type": "Text", "text": "x"}}"#
        #expect(throws: ProofsheetError.self) { try SceneDecoder().template(bytes: Array(json.utf8), file: "r.json") }
    }

    // MARK: - Presets

    @Test func currentPhonesArePresets() throws {
        let expected: [(String, Double, Double, Double)] = [
            ("iPhone 16", 393, 852, 59), ("iPhone 16 Plus", 430, 932, 59), ("iPhone 16 Pro", 402, 874, 62),
            ("iPhone 16 Pro Max", 440, 956, 62), ("iPhone 16e", 390, 844, 47), ("iPhone 17", 402, 874, 62),
            ("iPhone 17 Pro", 402, 874, 62), ("iPhone 17 Pro Max", 440, 956, 62), ("iPhone Air", 420, 912, 68)
        ]
        for (name, w, h, top) in expected {
            let d = try Device.named(name)
            #expect(d.size == Size(width: w, height: h) && d.safeArea.top == top && d.safeArea.bottom == 34 && d.scale == 3, "\(name)")
            #expect(!d.hasHomeButton && d.cornerRadius > 0 && d.cutout != .none, "\(name)")
        }
    }
}

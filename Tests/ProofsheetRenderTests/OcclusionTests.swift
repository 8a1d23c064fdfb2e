import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetCairo
import ProofsheetImage
import ProofsheetLayout

/// The raster shortcuts: what an opaque material hides is left out of a render (``Occlusion``),
/// and an opaque material on whole pixels is grown straight into the surface. Which items are
/// left out, by numbers; and the pixels of every example still and of made-up lists the same
/// with the shortcuts and without.
@Suite("Raster shortcuts", .serialized)
struct OcclusionTests {
    let r = sharedRenderer

    static let red = Color(red: 1, green: 0, blue: 0)
    static let white = Color(red: 1, green: 1, blue: 1)
    static let empty = DisplayItem.group(DisplayGroup(children: []))

    static func fill(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ c: Color = red) -> DisplayItem {
        .fill(.rect(Rect(x: x, y: y, width: w, height: h)), .color(c))
    }
    static func material(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> DisplayItem {
        .material(MaterialDraw(material: .ultraThin, shape: .rect(Rect(x: x, y: y, width: w, height: h))))
    }
    static func list(_ items: [DisplayItem], background: Color? = white) -> DisplayList {
        DisplayList(size: Size(width: 100, height: 100), background: background, items: items)
    }
    /// The list as a raster at `scale` draws it: nil when nothing is left out.
    static func hidden(_ list: DisplayList, scale: Double = 1) -> DisplayList? {
        Occlusion.hidingCovered(
            list, device: .scale(scale, scale),
            surface: Rect(x: 0, y: 0, width: (list.size.width * scale).rounded(), height: (list.size.height * scale).rounded()))
    }

    @Test func whatAnOpaqueMaterialHidesIsLeftOut() throws {
        let inside = Self.fill(10, 10, 30, 30), after = Self.fill(20, 20, 10, 10)
        // Before the material and inside it: left out; the material's group and what follows: drawn.
        let plain = Self.list([inside, .group(DisplayGroup(children: [Self.material(0, 0, 100, 100)])), after])
        let out = try #require(Self.hidden(plain))
        #expect(out.items[0] == Self.empty)
        #expect(out.items[1] == plain.items[1] && out.items[2] == after)
        // A sibling before it in its own group is left out, the group is kept.
        let sibling = Self.list([.group(DisplayGroup(children: [inside, Self.material(0, 0, 100, 100), after]))])
        let kept = try #require(Self.hidden(sibling))
        guard case .group(let g) = kept.items[0] else { Issue.record("the group is gone"); return }
        #expect(g.children == [Self.empty, Self.material(0, 0, 100, 100), after])
        // A group without effects partly covered: its covered children only.
        let partly = Self.list([
            .group(DisplayGroup(children: [inside, Self.fill(40, 0, 20, 10)])), Self.material(0, 0, 50, 100)
        ])
        guard case .group(let p) = try #require(Self.hidden(partly)).items[0] else { Issue.record("the group is gone"); return }
        #expect(p.children == [Self.empty, Self.fill(40, 0, 20, 10)])
        // A group holding a material or a group with effects is not left out whole: its other
        // children are.
        for held in [Self.material(20, 20, 10, 10), .group(DisplayGroup(opacity: 0.5, children: [Self.fill(20, 20, 10, 10)]))] {
            let holding = Self.list([.group(DisplayGroup(children: [held, inside])), Self.material(0, 0, 100, 100)])
            guard case .group(let h) = try #require(Self.hidden(holding)).items[0] else { Issue.record("the group is gone"); return }
            #expect(h.children == [held, Self.empty])
        }
        // Off the surface counts as hidden (nothing outside it is kept): a photo wider than the screen.
        #expect(Self.hidden(Self.list([Self.fill(-50, 0, 200, 100), Self.material(0, 0, 100, 100)]))?.items[0] == Self.empty)
    }

    @Test func nothingIsLeftOutUnlessTheMaterialIsSurelyOpaqueAndCovers() {
        let inside = Self.fill(10, 10, 30, 30), cover = Self.material(0, 0, 100, 100)
        // No background, or a translucent one: the material is not opaque.
        #expect(Self.hidden(Self.list([inside, cover], background: nil)) == nil)
        #expect(Self.hidden(Self.list([inside, cover], background: Color(red: 1, green: 1, blue: 1, alpha: 0.5))) == nil)
        // A material in a group that turns it, fades it, blurs it or clips it to a circle.
        for group in [
            DisplayGroup(transform: .rotation(degrees: 10), children: [cover]), DisplayGroup(opacity: 0.5, children: [cover]),
            DisplayGroup(blur: 2, children: [cover]),
            DisplayGroup(shadow: Shadow(color: Self.red, radius: 3, x: 0, y: 0), children: [cover]),
            DisplayGroup(clip: .ellipse(Rect(x: 0, y: 0, width: 100, height: 100)), children: [cover])
        ] {
            #expect(Self.hidden(Self.list([inside, .group(group)])) == nil, "\(group)")
        }
        // A material not in a rectangle; items after it; one reaching past it.
        let rounded = DisplayItem.material(
            MaterialDraw(material: .thin, shape: .roundedRect(Rect(x: 0, y: 0, width: 100, height: 100), radius: 8, continuous: true)))
        #expect(Self.hidden(Self.list([inside, rounded])) == nil)
        #expect(Self.hidden(Self.list([cover, inside])) == nil)
        #expect(Self.hidden(Self.list([Self.fill(10, 10, 50, 10), Self.material(0, 0, 55, 100)])) == nil)
        // Groups with effects and materials are always drawn (their work counts against the budget).
        let blurred = DisplayItem.group(DisplayGroup(blur: 1, children: [inside]))
        #expect(Self.hidden(Self.list([blurred, Self.material(10, 10, 50, 50), cover])) == nil)
        // Only whole pixels count: an edge at 0.4 px covers from pixel 1, and anti-aliasing
        // reaches a pixel out.
        #expect(Self.hidden(Self.list([Self.fill(1, 10, 10, 10), Self.material(0.4, 0, 99.6, 100)])) == nil)
        #expect(Self.hidden(Self.list([Self.fill(2, 10, 10, 10), Self.material(0.4, 0, 99.6, 100)])) != nil)
        // Strokes reach their miter limit; text a font size past its frame.
        let stroke = DisplayItem.stroke(.rect(Rect(x: 30, y: 30, width: 10, height: 10)), .color(Self.red), lineWidth: 4)
        #expect(Self.hidden(Self.list([stroke, Self.material(15, 15, 40, 40)])) == nil)
        #expect(Self.hidden(Self.list([stroke, Self.material(5, 5, 60, 60)])) != nil)
    }

    /// Made-up lists drawn with and without leaving out: the same pixels, translucent items
    /// over the material included; with a translucent canvas nothing may be left out.
    /// A material's and a blur's shrunk copy grown back in two halves of rows at once gives the
    /// bytes one pass gives: the review overlay (its material grown straight into the surface),
    /// a material over a translucent background (grown into a surface of its own) and a blur.
    @Test func growingInTwoHalvesGivesTheSameBytes() throws {
        var lists: [(String, DisplayList)] = []
        let review = try SceneDecoder().template(file: Paths.scenes + "/review.json").scene(still: nil)
        lists.append(("review", try r.layout(review).displayList))
        lists.append(("translucent", Self.list([Self.fill(10, 10, 30, 30), Self.material(5, 7, 90, 81)], background: nil)))
        lists.append(("blur", Self.list([.group(DisplayGroup(blur: 6, children: [Self.fill(10, 10, 50, 30), Self.fill(40, 30, 40, 60)]))])))
        let saved = RowSplitting.growMinimum
        defer { RowSplitting.growMinimum = saved }
        for (name, list) in lists {
            for scale in [1.0, 2] {
                RowSplitting.growMinimum = Int.max
                let one = try r.backend.renderPNG(list, scale: scale).bytes
                RowSplitting.growMinimum = 0
                let two = try r.backend.renderPNG(list, scale: scale).bytes
                #expect(Bool(one == two), "\(name) at \(scale)x: other bytes in two halves")
            }
        }
    }

    @Test func madeUpListsDrawTheSamePixels() throws {
        let cases: [DisplayList] = [
            Self.list([
                Self.fill(10, 10, 30, 30), Self.material(0, 0, 100, 100), Self.fill(20, 20, 40, 40, Color(red: 0, green: 0, blue: 1, alpha: 0.3))
            ]),
            Self.list([
                .group(
                    DisplayGroup(
                        transform: .translation(3, 5), clip: .rect(Rect(x: 0, y: 0, width: 80, height: 80)),
                        children: [
                            Self.fill(0, 0, 100, 100),
                            .text(
                                TextRun(
                                    text: "Hidden", frame: Rect(x: 20, y: 30, width: 60, height: 20), font: f20, paint: .color(Self.red),
                                    alignment: .leading, lineLimit: 1)),
                            Self.material(0, 0, 90, 90)
                        ]))
            ]),
            Self.list([Self.fill(10, 10, 30, 30), Self.material(0, 0, 100, 100)], background: Color(red: 1, green: 1, blue: 1, alpha: 0.5)),
            Self.list([Self.fill(0.5, 10, 30, 30), Self.material(0.4, 0.4, 60.3, 70.7)])
        ]
        for (k, list) in cases.enumerated() {
            for scale in [1.0, 2, 3] {
                let full = try r.backend.renderRGBA(list, scale: scale, shortcuts: false)
                let shown = try r.backend.renderRGBA(list, scale: scale, shortcuts: true)
                #expect(Bool(full == shown), "case \(k) at \(scale)x")
            }
        }
    }

    /// Every still of every example scene, and the review overlay (which leaves out its photo
    /// and the screen under its material) at 1x to 3x: the same pixels.
    @Test func everyExampleStillDrawsTheSamePixels() throws {
        var leftOut = 0
        let scenes = try FileManager.default.contentsOfDirectory(atPath: Paths.scenes).filter { $0.hasSuffix(".json") }.sorted()
        for file in scenes {
            let template = try SceneDecoder().template(file: Paths.scenes + "/" + file)
            let stills: [String?] = template.stills.isEmpty ? [nil] : template.stills.map(\.name)
            for still in stills {
                let scene = try template.scene(still: still)
                let list = try r.layout(scene).displayList
                let scales = file == "review.json" && still == "overlay" ? [1.0, 2, 3] : [1.0]
                for scale in scales {
                    if Self.hidden(list, scale: scale) != nil { leftOut += 1 }
                    let full = try r.backend.renderRGBA(list, scale: scale, shortcuts: false)
                    let shown = try r.backend.renderRGBA(list, scale: scale, shortcuts: true)
                    #expect(Bool(full == shown), "\(file) \(still ?? "-") at \(scale)x")
                }
            }
        }
        #expect(leftOut >= 3, "the review overlay leaves its photo out at every scale")
    }
}

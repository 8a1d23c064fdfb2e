import Foundation

/// Resource bombs: nesting as deep as the `nesting` limit's range allows (the stack), effects that
/// multiply (stacked materials, nested blurs and shadows), and numbers no option may read
/// (hexadecimal, infinities, NaN); and a scene file that is a Git LFS pointer.
extension HostileCase {
    static let bombSafetyCases: [HostileCase] = deepNesting + effectBombs + sceneImageBombs + giantCanvases + nonDecimalNumbers + lfsScenes

    /// A 40x30 scene with a timeline `t`, whose root is a red colour with `count` copies of
    /// `modifier`, or `count` VStacks around it.
    static func deepScene(_ modifier: String?, _ count: Int, width: Int = 40, height: Int = 30) -> Content {
        let head =
            #"{"canvas": {"width": \#(width), "height": \#(height)}, "state": {"x": 0},"#
            + #" "timelines": {"t": [{"at": 0.1, "set": {"x": 1}}]}, "root": "#
        guard let modifier else {
            return .pieces([
                (head, 1), (#"{"type": "VStack", "children": ["#, count), (#"{"type": "Color", "color": "red"}"#, 1), ("]}", count), ("}\n", 1)
            ])
        }
        return .pieces([
            (head + #"{"type": "Color", "color": "red", "modifiers": [{"padding": 0}"#, 1), (", " + modifier, count - 1), ("]}}\n", 1)
        ])
    }

    /// `argv` on d.json holding `count` nested `modifier`s, at the top of the nesting limit's range.
    static func deep(_ name: String, _ modifier: String?, _ count: Int, _ argv: [String], writes: [String], exit: Int32 = 0, says: [String] = [])
        -> HostileCase
    {
        HostileCase(
            name: name, setup: [.file("d.json", deepScene(modifier, count))], argv: argv + ["--limit", "nesting=2000"], exit: [exit],
            says: says, writes: writes, heavy: true)
    }

    static let padding = #"{"padding": 1}"#
    static let deepNesting: [HostileCase] = [
        deep("1999 nested paddings at nesting=2000 render", padding, 1999, ["render", "d.json", "-o", "out.png"], writes: ["out.png"]),
        deep(
            "1990 nested fixed frames render (no 3ⁿ alignment guides)", #"{"frame": {"width": 30, "height": 20}}"#, 1990,
            ["render", "d.json", "-o", "out.png"], writes: ["out.png"]),
        deep("1990 nested offsets render", #"{"offset": {"x": 0.01, "y": 0}}"#, 1990, ["render", "d.json", "-o", "out.png"], writes: ["out.png"]),
        deep("1990 nested opacities render", #"{"opacity": 0.999}"#, 1990, ["render", "d.json", "-o", "out.png"], writes: ["out.png"]),
        deep("1990 nested opacities to SVG", #"{"opacity": 0.999}"#, 1990, ["render", "d.json", "-o", "out.svg"], writes: ["out.svg"]),
        deep("1990 nested paddings to SVG", padding, 1990, ["render", "d.json", "-o", "out.svg"], writes: ["out.svg"]),
        deep("1990 nested paddings to PDF", padding, 1990, ["render", "d.json", "-o", "out.pdf"], writes: ["out.pdf"]),
        deep(
            "1990 nested paddings, frames", padding, 1990, ["frames", "d.json", "--timeline", "t", "--fps", "10", "-o", "out", "-q"],
            writes: ["out/**"]),
        deep(
            "1990 nested paddings, strip", padding, 1990, ["strip", "d.json", "--timeline", "t", "--frames", "3", "-o", "sheet.png"],
            writes: ["sheet.png"]),
        deep(
            "1990 nested paddings, storyboard", padding, 1990, ["storyboard", "d.json", "--timeline", "t", "-o", "board.svg"], writes: ["board.svg"]),
        deep("1990 nested paddings, layout with --jobs 2", padding, 1990, ["layout", "d.json", "d.json", "--jobs", "2"], writes: []),
        // JSON itself nests at most 200 levels: 99 VStacks (two levels each) are as deep as a
        // scene file can hold them.
        deep("99 nested VStacks render", nil, 99, ["render", "d.json", "-o", "out.png"], writes: ["out.png"]),
        deep(
            "2000 nested VStacks are refused by the JSON depth", nil, 2000, ["render", "d.json", "-o", "out.png"], writes: [], exit: 2,
            says: ["d.json:1:", "deeper than 200 levels"])
    ]

    /// A 390x844 screen of a red colour under `count` full-screen materials.
    static func stackedMaterials(_ count: Int) -> Content {
        .pieces([
            (#"{"canvas": {"width": 390, "height": 844}, "root": {"type": "ZStack", "children": [{"type": "Color", "color": "red"}"#, 1),
            (#", {"type": "Material", "material": "thinMaterial"}"#, count), ("]}}\n", 1)
        ])
    }

    /// A side×side view of a red colour with `count` nested `modifier`s (blurs or shadows).
    static func nestedEffects(_ modifier: String, _ count: Int, side: Int = 3000) -> Content {
        .pieces([
            (
                #"{"canvas": {"width": \#(side), "height": \#(side)}, "root": {"type": "Color", "color": "red", "modifiers": [{"frame": {"width": \#(side), "height": \#(side)}}"#,
                1
            ),
            (", " + modifier, count), ("]}}\n", 1)
        ])
    }

    /// A 390x844 screen of a red colour with `count` full-screen material backgrounds, each
    /// redrawing the ones inside it.
    static func stackedBackgrounds(_ count: Int) -> Content {
        .pieces([
            (#"{"canvas": {"width": 390, "height": 844}, "root": {"type": "Color", "color": "red", "modifiers": [{"padding": 1}"#, 1),
            (#", {"background": "thinMaterial"}"#, count), ("]}}\n", 1)
        ])
    }

    /// A 390x844 screen of a red colour under `count` full-screen capsules filled with a material.
    static func materialShapes(_ count: Int) -> Content {
        .pieces([
            (#"{"canvas": {"width": 390, "height": 844}, "root": {"type": "ZStack", "children": [{"type": "Color", "color": "red"}"#, 1),
            (#", {"type": "Capsule", "fill": "regularMaterial"}"#, count), ("]}}\n", 1)
        ])
    }

    static let blur = #"{"blur": 4}"#
    static let shadow = #"{"shadow": {"radius": 4}}"#

    static let effectBombs: [HostileCase] = [
        HostileCase(
            "40 stacked full-screen materials", [.file("m.json", stackedMaterials(40))], ["render", "m.json", "-o", "out.png"], exit: 2,
            says: ["m.json:1:1068 (at $.root.children[20])", "more than 400000000 pixels offscreen", "material", "--limit effect-pixels="]
        ).heavyCase,
        // One SVG or PDF is one render: its materials' images share one budget.
        HostileCase(
            "40 stacked full-screen materials as SVG", [.file("m.json", stackedMaterials(40))], ["render", "m.json", "-o", "out.svg"], exit: 2,
            says: ["m.json:1:1068 (at $.root.children[20])", "pixels offscreen", "--limit effect-pixels="]
        ).heavyCase,
        HostileCase(
            "40 stacked full-screen materials as PDF", [.file("m.json", stackedMaterials(40))], ["render", "m.json", "-o", "out.pdf"], exit: 2,
            says: ["m.json:1:", "(at $.root.children[", "pixels offscreen", "--limit effect-pixels="]
        ).heavyCase,
        HostileCase(
            "12 stacked material backgrounds as SVG under effect-pixels=20M", [.file("m.json", stackedBackgrounds(12))],
            ["render", "m.json", "-o", "out.svg", "--limit", "effect-pixels=20M"], exit: 2,
            says: ["m.json:1:", "(at $.root.modifiers[", "].background)", "--limit effect-pixels="]
        ).heavyCase,
        HostileCase(
            "material-filled shapes are located", [.file("m.json", materialShapes(12))],
            ["render", "m.json", "-o", "out.png", "--limit", "effect-pixels=20M"], exit: 2,
            says: ["m.json:1:", "(at $.root.children[", "material", "--limit effect-pixels="]
        ).heavyCase,
        HostileCase(
            "3 nested translucent groups on 1000x1000 under effect-layer-pixels=2M are located",
            [.file("b.json", nestedEffects(#"{"opacity": 0.9}"#, 3, side: 1000))],
            ["render", "b.json", "-o", "out.png", "--limit", "effect-layer-pixels=2M"], exit: 2,
            says: ["b.json:1:145 (at $.root.modifiers[1])", "translucent group", "effect-layer-pixels"]
        ).heavyCase,
        HostileCase(
            "160 stacked full-screen materials", [.file("m.json", stackedMaterials(160))], ["render", "m.json", "-o", "out.png"], exit: 2,
            says: ["pixels offscreen", "--limit effect-pixels="]
        ).heavyCase,
        HostileCase(
            "160 stacked full-screen materials under check", [.file("m.json", stackedMaterials(160))],
            ["check", "m.json", "--no-config", "--golden", "g", "--record", "never"], exit: 2,
            says: ["pixels offscreen", "--limit effect-pixels="], writes: ["g/**"]
        ).heavyCase,
        HostileCase(
            "120 nested blurs on a 3000x3000 view", [.file("b.json", nestedEffects(blur, 120))], ["render", "b.json", "-o", "out.png"], exit: 2,
            says: ["pixels of offscreen layers at once", "blur", "--limit effect-layer-pixels="]
        ).heavyCase,
        HostileCase(
            "120 nested shadows on a 3000x3000 view", [.file("b.json", nestedEffects(shadow, 120))], ["render", "b.json", "-o", "out.png"],
            exit: 2, says: ["b.json:1:", "(at $.root.modifiers[", "pixels of offscreen layers at once", "shadow", "--limit effect-layer-pixels="]
        ).heavyCase,
        HostileCase(
            "398 nested blurs on a 3000x3000 view at nesting=2000", [.file("b.json", nestedEffects(blur, 398))],
            ["render", "b.json", "-o", "out.png", "--limit", "nesting=2000"], exit: 2, says: ["pixels of offscreen layers at once"]
        ).heavyCase,
        HostileCase(
            "3 nested blurs on 1000x1000 are refused under effect-layer-pixels=2M", [.file("b.json", nestedEffects(blur, 3, side: 1000))],
            ["render", "b.json", "-o", "out.png", "--limit", "effect-layer-pixels=2M"], exit: 2,
            says: ["b.json:1:158 (at $.root.modifiers[2])", "at a blur", "effect-layer-pixels"]
        ).heavyCase,
        HostileCase(
            "3 nested blurs on 1000x1000 render at the top of both effect limits' ranges", [.file("b.json", nestedEffects(blur, 3, side: 1000))],
            ["render", "b.json", "-o", "out.png", "--limit", "effect-layer-pixels=10G", "--limit", "effect-pixels=100G"], exit: 0,
            writes: ["out.png"]
        ).heavyCase,
        cli("--limit effect-pixels=0", render + ["-o", "out.png", "--limit", "effect-pixels=0"], says: ["--limit effect-pixels=0 is outside"]),
        cli("limits lists the effect budgets", ["limits"], exit: 0, prints: ["effect-pixels=400000000", "effect-layer-pixels=100000000"])
    ]

    /// A scene of `count` resizable images i0…, each 40x30 pt, in a VStack.
    static func images(_ count: Int) -> String {
        let views = (0..<count).map {
            #"{"type": "Image", "name": "i\#($0)", "resizable": true, "modifiers": [{"frame": {"width": 4, "height": 3}}]}"#
        }
        return small(#"{"type": "VStack", "children": ["# + views.joined(separator: ", ") + "]}")
    }

    /// `count` distinct (differently coloured) side×side PNGs i0.png….
    static func bigPNGs(_ count: Int, side: Int) -> [Item] {
        (0..<count).map { .file("i\($0).png", .png(side, side, [UInt8(10 * $0), 40, 40, 255])) }
    }

    static let sceneImageBombs: [HostileCase] = [
        HostileCase(
            "eight distinct 10000x10000 PNGs in one scene", [.file("s.json", .text(images(8)))] + bigPNGs(8, side: 10000),
            ["render", "s.json", "-o", "out.png"], exit: 2, says: ["s.json:2:", "image 'i1'", "--limit scene-image-pixels="]
        ).heavyCase,
        HostileCase(
            "two distinct 8000x8000 PNGs under a raised scene-image-pixels", [.file("s.json", .text(images(2)))] + bigPNGs(2, side: 8000),
            ["render", "s.json", "-o", "out.png", "--limit", "scene-image-pixels=200M"], exit: 0, writes: ["out.png"]
        ).heavyCase,
        HostileCase(
            "three 100x100 PNGs under scene-image-pixels=20000", [.file("s.json", .text(images(3)))] + bigPNGs(3, side: 100),
            ["render", "s.json", "-o", "out.png", "--limit", "scene-image-pixels=20000"], exit: 2, says: ["image 'i2'", "past the limit of 20000"]),
        HostileCase(
            "one image drawn three times counts once",
            [
                .file(
                    "s.json",
                    .text(
                        small(
                            #"{"type": "VStack", "children": [{"type": "Image", "name": "i0"}, {"type": "Image", "name": "i0"}, {"type": "Image", "name": "i0"}]}"#
                        )))
            ] + bigPNGs(1, side: 100),
            ["render", "s.json", "-o", "out.png", "--limit", "scene-image-pixels=10000"], exit: 0, writes: ["out.png"])
    ]

    static let giantCanvas = #"{"canvas": {"width": 31200, "height": 31250}, "root": {"type": "Color", "color": "red"}}"# + "\n"

    static let giantCanvases: [HostileCase] = [
        HostileCase(
            "a 3.9 GB canvas under canvas-pixels=1G", [.file("g.json", .text(giantCanvas))],
            ["render", "g.json", "-o", "out.png", "--limit", "canvas-pixels=1G", "--limit", "canvas-side=32767"], exit: 2,
            says: ["--limit canvas-pixels=1000000000 is outside 1…400000000"]),
        HostileCase(
            "a 3.9 GB canvas inside raised limits", [.file("g.json", .text(giantCanvas))],
            ["render", "g.json", "-o", "out.png", "--limit", "canvas-pixels=400M", "--limit", "canvas-side=32767"], exit: 2,
            says: ["g.json:1:12", "canvas): error:", "31200x31250 px, outside the limits"])
    ]

    static let nonDecimalNumbers: [HostileCase] = [
        cli("--scale 0x2", render + ["-o", "out.png", "--scale", "0x2"], says: ["--scale '0x2' is not a number"]),
        cli("--scale inf (a spelling Double reads)", render + ["-o", "out.png", "--scale", "inf"], says: ["--scale 'inf'"]),
        cli("--scale nan (a spelling Double reads)", render + ["-o", "out.png", "--scale", "nan"], says: ["--scale 'nan'"]),
        cli("--scale 1e999", render + ["-o", "out.png", "--scale", "1e999"], says: ["--scale '1e999'"]),
        cli("--limit views=0x10", render + ["-o", "out.png", "--limit", "views=0x10"], says: ["--limit views='0x10' is not a number"]),
        cli("--limit views=infinity", render + ["-o", "out.png", "--limit", "views=infinity"], says: ["is not a number"]),
        cli("--limit views=0x1k", render + ["-o", "out.png", "--limit", "views=0x1k"], says: ["is not a number"]),
        cli("--samples 0x10", ["curve", "easeIn", "--samples", "0x10"], says: ["--samples '0x10'"]),
        cli("--jobs 0x2", render + ["-o", "out.png", "--jobs", "0x2"], says: ["--jobs '0x2'"]),
        HostileCase(
            "--set x=0x10", [.file("st.json", .text(small(#"{"type": "Color", "color": "red"}"#, extra: #" "state": {"x": 0},"#)))],
            ["render", "st.json", "--set", "x=0x10", "-o", "o.png"], exit: 2, says: ["'0x10' is not a number"]),
        HostileCase(
            "--set x=nan", [.file("st.json", .text(small(#"{"type": "Color", "color": "red"}"#, extra: #" "state": {"x": 0},"#)))],
            ["render", "st.json", "--set", "x=nan", "-o", "o.png"], exit: 2, says: ["'nan' is not a number"]),
        HostileCase(
            "--vary x=0x0...10", [.file("st.json", .text(small(#"{"type": "Color", "color": "red"}"#, extra: #" "state": {"x": 0},"#)))],
            ["sweep", "st.json", "--vary", "x=0x0...10", "-o", "o.png"], exit: 2, says: ["FROM and TO must be numbers"]),
        HostileCase(
            "diff --ignore 0x1,0,4,4", [.file("a.png", red8), .file("b.png", red8)], ["diff", "a.png", "b.png", "--ignore", "0x1,0,4,4"],
            exit: 2, says: ["0x1,0,4,4"])
    ]

    static let lfsPointer =
        "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n"

    static let lfsScenes: [HostileCase] = [
        HostileCase(
            "a scene file that is a Git LFS pointer", [.file("s.json", .text(lfsPointer))], ["render", "s.json", "-o", "out.png"], exit: 2,
            says: ["'s.json' is a Git LFS pointer", "git lfs pull"]),
        HostileCase(
            "check of a scene file that is a Git LFS pointer", [.file("s.json", .text(lfsPointer))],
            ["check", "s.json", "--no-config", "--golden", "g", "--record", "never"], exit: 2, says: ["Git LFS pointer", "git lfs pull"],
            writes: ["g/**"])
    ]
}

import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetTesting
import ProofsheetCairo
import ProofsheetLayout

/// Layout by numbers: each expected frame is worked out from SwiftUI's rules (SPEC Part B) with
/// `FixedMetrics` (10 pt per character at size 20, 24 pt lines), on a 390×844 canvas at scale 1
/// unless stated.
@Suite("Layout")
struct LayoutTests {
    // MARK: Text and centring

    @Test func textIsCentredInTheCanvas() throws {
        let r = try layout { Text("Hello").font(f20).id("t") }
        #expect(try frame(r, "t") == Rect(x: 170, y: 410, width: 50, height: 24))
    }

    @Test func textStyleSetsLineHeight() throws {
        // headline: 17 pt, SF Pro's 20.287 pt lines, 21 on the grid at scale 1 → "Hi" is 17 × 21.
        let r = try layout { Text("Hi").font(.headline).id("t") }
        #expect(try frame(r, "t") == snapped(186.5, 411.5, 17, 21))
    }

    /// A text is as high as SF Pro's lines (ascent + descent: 1.193 em), rounded up to the pixel
    /// grid as SwiftUI rounds: one line of body text is 21 pt at scale 1, 20.5 at 2, 20⅓ at 3
    /// (the figure SwiftUI reports on a 3× iPhone); the styles follow the same rule, not
    /// Apple's published leading (body 22).
    @Test func textIsAsHighAsItsLinesOnThePixelGrid() throws {
        func height(_ font: FontSpec, scale: Double, _ text: String = "Hi", width: Double? = nil) throws -> Double {
            let r = try layout(scale: scale) {
                if let width { Text(text).font(font).id("t").frame(width: width) } else { Text(text).font(font).id("t") }
            }
            return try exactFrame(r, "t").height
        }
        #expect(FontSpec.body.lineHeight == 17.0 * 2444 / 2048)
        #expect(try height(.body, scale: 1) == 21)
        #expect(try height(.body, scale: 2) == 20.5)
        #expect(try height(.body, scale: 3) == 61.0 / 3)
        // Every style at scale 1 and 3: ⌈size × 1.193 × scale⌉ / scale.
        let styles: [(FontSpec, Double, Double)] = [
            (.largeTitle, 41, 122.0 / 3), (.title, 34, 101.0 / 3), (.title2, 27, 79.0 / 3), (.title3, 24, 72.0 / 3),
            (.headline, 21, 61.0 / 3), (.callout, 20, 58.0 / 3), (.subheadline, 18, 54.0 / 3), (.footnote, 16, 47.0 / 3),
            (.caption, 15, 43.0 / 3), (.caption2, 14, 40.0 / 3)
        ]
        for (font, at1, at3) in styles {
            #expect(try height(font, scale: 1) == at1, "\(font.size) pt at scale 1")
            #expect(abs(try height(font, scale: 3) - at3) < 1e-9, "\(font.size) pt at scale 3")
        }
        // Lines add up before the rounding: three lines of body are 60.86 → 61, not 3 × 21.
        #expect(try height(.body, scale: 1, "aaaa bbbb cccc", width: 45) == 61)
    }

    @Test func textWrapsAtTheProposedWidth() throws {
        let r = try layout { Text("aaaa bbbb cccc").font(f20).id("t").frame(width: 100) }
        // 14 chars = 140 > 100: "aaaa bbbb" (90) fits, "cccc" wraps → 90 × 48.
        #expect(try frame(r, "t") == Rect(x: 150, y: 398, width: 90, height: 48))
    }

    @Test func lineLimitCapsLines() throws {
        let r = try layout { Text("aaaa bbbb cccc").font(f20).lineLimit(1).id("t").frame(width: 100) }
        #expect(try frame(r, "t").height == 24)
    }

    @Test func shortProposedHeightDropsLines() throws {
        // Three lines of 24 do not fit 50: two do.
        let r = try layout { Text("aaaa bbbb cccc").font(f20).id("t").frame(width: 40, height: 50) }
        #expect(try frame(r, "t") == Rect(x: 175, y: 398, width: 40, height: 48))
    }

    // MARK: Stacks

    @Test func vstackDefaultSpacingAndCentreAlignment() throws {
        let r = try layout {
            VStack {
                Text("Hello").font(f20).id("a"); Text("Hi").font(f20).id("b")
            }.id("s")
        }
        #expect(try frame(r, "s") == Rect(x: 170, y: 394, width: 50, height: 56))
        #expect(try frame(r, "a") == Rect(x: 170, y: 394, width: 50, height: 24))
        #expect(try frame(r, "b") == Rect(x: 185, y: 426, width: 20, height: 24))
    }

    @Test func vstackLeadingAlignment() throws {
        let r = try layout {
            VStack(alignment: .leading) {
                Text("Hello").font(f20); Text("Hi").font(f20).id("b")
            }
        }
        #expect(try frame(r, "b").minX == 170)
    }

    @Test func vstackTrailingAlignment() throws {
        let r = try layout {
            VStack(alignment: .trailing) {
                Text("Hello").font(f20); Text("Hi").font(f20).id("b")
            }
        }
        #expect(try frame(r, "b").minX == 200)
    }

    @Test func vstackExplicitSpacing() throws {
        let r = try layout {
            VStack(spacing: 20) {
                Text("A").font(f20); Text("B").font(f20).id("b")
            }.id("s")
        }
        #expect(try frame(r, "s").height == 68)
        #expect(try frame(r, "b").minY == 388 + 44)
    }

    @Test func hstackDefaultSpacing() throws {
        let r = try layout {
            HStack {
                Text("Hello").font(f20).id("a"); Text("Hi").font(f20).id("b")
            }.id("s")
        }
        #expect(try frame(r, "s") == Rect(x: 156, y: 410, width: 78, height: 24))
        #expect(try frame(r, "b") == Rect(x: 214, y: 410, width: 20, height: 24))
    }

    @Test func hstackZeroSpacing() throws {
        let r = try layout {
            HStack(spacing: 0) {
                Text("Hello").font(f20).id("a"); Text("Hi").font(f20).id("b")
            }
        }
        #expect(try frame(r, "a").minX == 160)
        #expect(try frame(r, "b").minX == 210)
    }

    @Test func hstackVerticalAlignmentTop() throws {
        let r = try layout {
            HStack(alignment: .top) {
                Color.red.frame(width: 10, height: 100); Text("Hi").font(f20).id("t")
            }
        }
        #expect(try frame(r, "t").minY == 372)
    }

    @Test func hstackVerticalAlignmentBottom() throws {
        let r = try layout {
            HStack(alignment: .bottom) {
                Color.red.frame(width: 10, height: 100); Text("Hi").font(f20).id("t")
            }
        }
        #expect(try frame(r, "t").maxY == 472)
    }

    @Test func spacerPushesToTheEdgesWithNoSpacingBesideIt() throws {
        let r = try layout {
            VStack {
                Text("Hello").font(f20).id("a"); Spacer().id("sp"); Text("Hi").font(f20).id("b")
            }.id("s")
        }
        #expect(try frame(r, "s") == Rect(x: 170, y: 0, width: 50, height: 844))
        #expect(try frame(r, "a").minY == 0)
        #expect(try frame(r, "sp") == Rect(x: 195, y: 24, width: 0, height: 796))
        #expect(try frame(r, "b").minY == 820)
    }

    @Test func hstackSpacerTakesTheRest() throws {
        let r = try layout {
            HStack {
                Text("Hello").font(f20).id("a"); Spacer(); Text("Hi").font(f20).id("b")
            }
        }
        #expect(try frame(r, "a") == Rect(x: 0, y: 410, width: 50, height: 24))
        #expect(try frame(r, "b") == Rect(x: 370, y: 410, width: 20, height: 24))
    }

    @Test func twoSpacersShareEqually() throws {
        let r = try layout {
            HStack {
                Color.red.frame(width: 30, height: 30); Spacer().id("s1"); Color.red.frame(width: 30, height: 30); Spacer().id("s2");
                Color.red.frame(width: 30, height: 30)
            }
        }
        // 390 − 90 = 300 for two spacers: 150 each.
        #expect(try frame(r, "s1").width == 150)
        #expect(try frame(r, "s2").width == 150)
    }

    @Test func spacerMinLengthOverflowsAndTheStackIsCentred() throws {
        let r = try layout {
            VStack {
                Color.red.frame(height: 830).id("c"); Spacer(minLength: 20)
            }.id("s")
        }
        // 830 + 20 = 850 > 844: the stack is 850 tall, centred → y = −3.
        #expect(try frame(r, "s") == Rect(x: 0, y: -3, width: 390, height: 850))
        #expect(try frame(r, "c").minY == -3)
    }

    @Test func defaultSpacerMinLengthIsEight() throws {
        // 386 + a spacer offered 4 that insists on 8 = 394, centred → x = −2.
        let r = try layout {
            HStack {
                Color.red.frame(width: 386, height: 10); Spacer()
            }.id("s")
        }
        #expect(try frame(r, "s").width == 394)
        #expect(try frame(r, "s").minX == -2)
    }

    @Test func leastFlexibleChildIsOfferedSpaceFirst() throws {
        // The text (flexibility 90 − 40 = 50) goes before the colour (infinite): it gets half of
        // 200 = 100 ≥ 90 and stays on one line; the colour gets 200 − 90 = 110.
        let r = try layout {
            HStack(spacing: 0) {
                Color.red.id("c"); Text("aaaa aaaa").font(f20).id("t")
            }.frame(width: 200, height: 50)
        }
        #expect(try frame(r, "t").width == 90)
        #expect(try frame(r, "c").width == 110)
    }

    @Test func equalFlexibilityGoesInDeclarationOrder() throws {
        // Two texts of 90 (minimum 40) in 130: the first is offered 65 and wraps to 40; the
        // second is offered 90 and fits.
        let r = try layout {
            HStack(spacing: 0) {
                Text("aaaa aaaa").font(f20).id("a"); Text("bbbb bbbb").font(f20).id("b")
            }.frame(width: 130)
        }
        #expect(try frame(r, "a").size == Size(width: 40, height: 48))
        #expect(try frame(r, "b").size == Size(width: 90, height: 24))
    }

    @Test func layoutPriorityGoesFirst() throws {
        // With priority the first text is offered 130 − 40 (the other's minimum) = 90 and fits.
        let r = try layout {
            HStack(spacing: 0) {
                Text("aaaa aaaa").font(f20).id("a").layoutPriority(1)
                Text("bbbb bbbb").font(f20).id("b")
            }.frame(width: 130)
        }
        #expect(try frame(r, "a").size == Size(width: 90, height: 24))
        #expect(try frame(r, "b").size == Size(width: 40, height: 48))
    }

    @Test func forEachSplicesIntoTheStack() throws {
        let r = try layout { VStack(spacing: 10) { ForEach(0..<3) { i in Color.red.frame(width: 10, height: 10).id("c\(i)") } }.id("s") }
        #expect(try frame(r, "s").height == 50)
        #expect(try frame(r, "c2").minY == 397 + 40)
    }

    @Test func conditionalContentDropsTheFalseBranch() throws {
        let show = false
        let r = try layout {
            VStack {
                Text("A").font(f20)
                if show { Text("B").font(f20) } else { Text("CC").font(f20).id("c") }
            }.id("s")
        }
        #expect(try frame(r, "s").height == 56)
        #expect(try frame(r, "c").width == 20)
    }

    @Test func nestedStacks() throws {
        let r = try layout {
            HStack(spacing: 10) {
                VStack(spacing: 0) {
                    Text("aa").font(f20); Text("bbbb").font(f20)
                }.id("v")
                Text("c").font(f20).id("c")
            }.id("h")
        }
        // VStack 40 × 48; HStack 40 + 10 + 10 = 60 × 48.
        #expect(try frame(r, "h") == Rect(x: 165, y: 398, width: 60, height: 48))
        #expect(try frame(r, "c") == Rect(x: 215, y: 410, width: 10, height: 24))
    }

    // MARK: ZStack, background, overlay

    @Test func zstackTakesTheLargestChild() throws {
        let r = try layout {
            ZStack {
                Color.red.id("c"); Text("Hi").font(f20).id("t")
            }.id("z")
        }
        #expect(try frame(r, "z") == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(try frame(r, "t") == Rect(x: 185, y: 410, width: 20, height: 24))
    }

    @Test func zstackAlignmentBottomTrailing() throws {
        let r = try layout {
            ZStack(alignment: .bottomTrailing) {
                Color.red.frame(width: 100, height: 100); Text("Hi").font(f20).id("t")
            }.id("z")
        }
        #expect(try frame(r, "z") == Rect(x: 145, y: 372, width: 100, height: 100))
        #expect(try frame(r, "t") == Rect(x: 225, y: 448, width: 20, height: 24))
    }

    @Test func backgroundIsProposedTheViewsSize() throws {
        let r = try layout { Text("Hello").font(f20).padding(10).background(Color.red.id("bg")) }
        #expect(try frame(r, "bg") == Rect(x: 160, y: 400, width: 70, height: 44))
    }

    @Test func overlayAlignedToTheBottom() throws {
        let r = try layout {
            Color.red.frame(width: 200, height: 100).overlay(Text("Hello").font(f20).id("t"), alignment: .bottom)
        }
        #expect(try frame(r, "t") == Rect(x: 170, y: 448, width: 50, height: 24))
    }

    @Test func zIndexOrdersPaintingNotLayout() throws {
        let r = try layout {
            ZStack {
                Color.red.zIndex(1); Color.blue
            }
        }
        let fills = r.displayList.items.compactMap { item -> Color? in
            if case .fill(_, .color(let c)) = item { return c }
            return nil
        }
        #expect(fills == [.blue, .red])
    }

    // MARK: Padding and frames

    @Test func defaultPaddingIsSixteen() throws {
        let r = try layout { Text("Hello").font(f20).id("t").padding().id("p") }
        #expect(try frame(r, "p") == Rect(x: 154, y: 394, width: 82, height: 56))
        #expect(try frame(r, "t") == Rect(x: 170, y: 410, width: 50, height: 24))
    }

    @Test func horizontalPadding() throws {
        let r = try layout { Text("Hello").font(f20).padding(.horizontal, 15).id("p") }
        #expect(try frame(r, "p") == Rect(x: 155, y: 410, width: 80, height: 24))
    }

    @Test func fixedFrameCentresItsChild() throws {
        let r = try layout { Text("Hello").font(f20).id("t").frame(width: 100, height: 50).id("f") }
        #expect(try frame(r, "f") == Rect(x: 145, y: 397, width: 100, height: 50))
        #expect(try frame(r, "t") == Rect(x: 170, y: 410, width: 50, height: 24))
    }

    @Test func fixedFrameTopLeadingAlignment() throws {
        let r = try layout { Text("Hello").font(f20).id("t").frame(width: 100, height: 50, alignment: .topLeading) }
        #expect(try frame(r, "t").origin == Point(x: 145, y: 397))
    }

    @Test func frameWithOnlyAWidthKeepsTheChildsHeight() throws {
        let r = try layout { Text("Hello").font(f20).frame(width: 100).id("f") }
        #expect(try frame(r, "f") == Rect(x: 145, y: 410, width: 100, height: 24))
    }

    @Test func maxWidthInfinityTakesTheProposedWidth() throws {
        let r = try layout { Text("Hello").font(f20).id("t").frame(maxWidth: .infinity).id("f") }
        #expect(try frame(r, "f") == Rect(x: 0, y: 410, width: 390, height: 24))
        #expect(try frame(r, "t").minX == 170)
    }

    @Test func minWidthZeroMaxWidthInfinityOnAColour() throws {
        let r = try layout { Color.red.frame(minWidth: 0, maxWidth: .infinity).id("f") }
        #expect(try frame(r, "f") == Rect(x: 0, y: 0, width: 390, height: 844))
    }

    @Test func minWidthGrowsASmallChild() throws {
        let r = try layout { Text("Hello").font(f20).id("t").frame(minWidth: 200).id("f") }
        #expect(try frame(r, "f") == Rect(x: 95, y: 410, width: 200, height: 24))
        #expect(try frame(r, "t").minX == 170)
    }

    @Test func maxWidthWrapsTheChild() throws {
        let r = try layout { Text("Hi Hi").font(f20).id("t").frame(maxWidth: 30).id("f") }
        #expect(try frame(r, "f") == Rect(x: 180, y: 398, width: 30, height: 48))
        #expect(try frame(r, "t") == Rect(x: 185, y: 398, width: 20, height: 48))
    }

    // MARK: Images and aspect ratio

    @Test func nonResizableImageKeepsItsNaturalSize() throws {
        let r = try layout { Image("square").id("i") }
        #expect(try frame(r, "i") == Rect(x: 145, y: 372, width: 100, height: 100))
    }

    @Test func resizableImageTakesTheProposal() throws {
        let r = try layout { Image("square").resizable().id("i").frame(width: 50, height: 80) }
        #expect(try frame(r, "i") == Rect(x: 170, y: 382, width: 50, height: 80))
    }

    @Test func scaledToFillCoversAndOverflows() throws {
        // 2:3 photo in 300×600: fill → 400 × 600, centred → x = −50 (not clipped).
        let r = try layout(width: 300, height: 600) { Image("photo").resizable().id("i").scaledToFill() }
        #expect(try frame(r, "i") == Rect(x: -50, y: 0, width: 400, height: 600))
    }

    @Test func scaledToFitFitsInside() throws {
        let r = try layout(width: 300, height: 600) { Image("photo").resizable().id("i").scaledToFit() }
        #expect(try frame(r, "i") == Rect(x: 0, y: 75, width: 300, height: 450))
    }

    @Test func explicitAspectRatio() throws {
        let r = try layout { Color.red.id("c").aspectRatio(2, contentMode: .fit).frame(width: 100, height: 100) }
        #expect(try frame(r, "c") == Rect(x: 145, y: 397, width: 100, height: 50))
    }

    /// `aspectRatio` places its child with the proposal its size was chosen for (the ratio in
    /// the space offered), not one re-made from its own final size: a one-line text in a square
    /// stays one line.
    @Test func aspectRatioPlacesWithTheProposalItSized() throws {
        let r = try layout {
            Text("aaaa bbbb").id("t").aspectRatio(1, contentMode: .fit).id("a").frame(width: 100, height: 100).id("f")
        }
        // FixedMetrics: 9 characters at 8.5 pt, one line 21 pt high.
        let t = try exactFrame(r, "t"), f = try exactFrame(r, "f")
        #expect(t.size == Size(width: 76.5, height: 21))
        #expect(t.minX + t.width / 2 == f.minX + 50 && t.minY + t.height / 2 == f.minY + 50)
    }

    /// A vertical ScrollView takes the height offered and, across, its content's width: a
    /// narrow content makes a narrow scroll view (centred by its parent), a wide one is held
    /// to the width offered.
    @Test func aScrollViewIsAsWideAsItsContent() throws {
        let r = try layout {
            ScrollView { Color.red.frame(width: 100, height: 50).id("c") }.id("s")
        }
        #expect(try exactFrame(r, "s") == Rect(x: 145, y: 0, width: 100, height: 844))
        #expect(try exactFrame(r, "c") == Rect(x: 145, y: 0, width: 100, height: 50))
        let wide = try layout { ScrollView { Color.red.frame(width: 500, height: 50).id("c") }.id("s") }
        #expect(try exactFrame(wide, "s").width == 390)
        let across = try layout { ScrollView(.horizontal) { Color.red.frame(width: 50, height: 100).id("c") }.id("s") }
        #expect(try exactFrame(across, "s") == Rect(x: 0, y: 372, width: 390, height: 100))
    }

    /// A GeometryReader's several views are laid out as in a ZStack at its top-leading corner
    /// (one over the other), not stacked one under the other.
    @Test func aGeometryReadersViewsShareItsTopLeadingCorner() throws {
        let r = try layout {
            GeometryReader { _ in
                Color.red.frame(width: 50, height: 50).id("a")
                Color.blue.frame(width: 20, height: 20).id("b")
            }
            .padding(10)
        }
        #expect(try exactFrame(r, "a") == Rect(x: 10, y: 10, width: 50, height: 50))
        #expect(try exactFrame(r, "b") == Rect(x: 10, y: 10, width: 20, height: 20))
        // The scene format: "content" as an array of views.
        let scene = try SceneDecoder().decode(
            bytes: Array(
                """
                {"canvas": {"width": 200, "height": 100}, "root": {"type": "GeometryReader", "content": [
                  {"type": "Color", "color": "red", "modifiers": [{"frame": {"width": "=$width / 2", "height": 50}}, {"id": "a"}]},
                  {"type": "Color", "color": "blue", "modifiers": [{"frame": {"width": 20, "height": 20}}, {"id": "b"}]}]}}
                """.utf8), file: "g.json")
        let g = try LayoutEngine(measurer: FixedMetrics(), assets: FakeAssets()).layout(scene)
        #expect(try exactFrame(g, "a") == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(try exactFrame(g, "b") == Rect(x: 0, y: 0, width: 20, height: 20))
    }

    /// `background(.green)` — a style, not a view — reaches into the safe area where the view
    /// meets it (SwiftUI's default `ignoresSafeAreaEdges: .all`); a view as the background, a
    /// style in a shape, and a view away from the safe area's edges keep to the view's frame.
    @Test func aStyleBackgroundIgnoresTheSafeArea() throws {
        let safe = EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0)
        func layer(_ root: String) throws -> Rect {
            let scene = try SceneDecoder().decode(
                bytes: Array(
                    """
                    {"canvas": {"width": 390, "height": 844, "safeArea": {"top": 47, "bottom": 34}}, "root": \(root)}
                    """.utf8), file: "b.json")
            let r = try LayoutEngine(measurer: FixedMetrics(), assets: FakeAssets()).layout(scene)
            let background = try #require(r.tree.find("v")?.children.last)
            return background.frame
        }
        let filling =
            #"{"type": "Text", "text": "x", "modifiers": [{"frame": {"maxWidth": "infinity", "maxHeight": "infinity"}}, {"background": BG}, {"id": "v"}]}"#
        #expect(try layer(filling.replacingOccurrences(of: "BG", with: #""green""#)) == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(try layer(filling.replacingOccurrences(of: "BG", with: #""thinMaterial""#)) == Rect(x: 0, y: 0, width: 390, height: 844))
        let inSafeArea = Rect(x: 0, y: 47, width: 390, height: 844 - 47 - 34)
        #expect(try layer(filling.replacingOccurrences(of: "BG", with: #"{"type": "Color", "color": "green"}"#)) == inSafeArea)
        #expect(try layer(filling.replacingOccurrences(of: "BG", with: #"{"style": "green", "in": "rectangle"}"#)) == inSafeArea)
        // Away from the safe area's edges: the view's own frame.
        let inset =
            #"{"type": "Color", "color": "red", "modifiers": [{"frame": {"width": 100, "height": 100}}, {"background": "green"}, {"id": "v"}]}"#
        #expect(try layer(inset) == Rect(x: 145, y: 47 + (844 - 47 - 34 - 100) / 2, width: 100, height: 100))
        // The same in Swift.
        let r = try layout(safeArea: safe) {
            Text("x").frame(maxWidth: .infinity, maxHeight: .infinity).background(Color.green).id("v")
        }
        #expect(try #require(r.tree.find("v")?.children.last).frame == Rect(x: 0, y: 0, width: 390, height: 844))
    }

    @Test func cardImageFillsTheWidthUnderAFlexibleFrame() throws {
        // The travel card: fill in 360 × 844 → 562.67 × 844, the flexible frame reports 360.
        let r = try layout {
            Image("photo").resizable().id("i").scaledToFill().frame(minWidth: 0, maxWidth: .infinity).id("f")
                .padding(.horizontal, 15)
        }
        #expect(try frame(r, "f") == Rect(x: 15, y: 0, width: 360, height: 844))
        #expect(try frame(r, "i") == snapped(15 + (360 - 844.0 * 2 / 3) / 2, 0, 844.0 * 2 / 3, 844))
    }

    @Test func symbolIsAsLargeAsItsPointSize() throws {
        let r = try layout { Image(systemName: "star").font(.system(size: 30)).id("s") }
        #expect(try frame(r, "s") == Rect(x: 180, y: 407, width: 30, height: 30))
    }

    @Test func ownDrawnSymbolIsItsInkBox() throws {
        // heart: 1.08 × 0.95 em (the README's symbol table) → 32.4 × 28.5 at 30 pt, centred.
        let r = try layout { Image(systemName: "heart").font(.system(size: 30)).id("s") }
        let f = try exactFrame(r, "s")
        #expect(abs(f.width - 32.4) < 1e-9 && abs(f.height - 28.5) < 1e-9, "\(f)")
        #expect(abs(f.minX - 178.8) < 1e-9 && abs(f.minY - 407.75) < 1e-9, "\(f)")
    }

    // MARK: Effects never change layout

    @Test func offsetMovesDrawingNotLayout() throws {
        let r = try layout { Color.red.frame(width: 50, height: 50).id("c").offset(x: 50, y: 10) }
        #expect(try frame(r, "c") == Rect(x: 170, y: 397, width: 50, height: 50))
        assertSnapshot(of: r, as: .displayListDump)
    }

    @Test func scaleAndRotationChangeDrawingNotLayout() throws {
        let r = try layout {
            Color.red.frame(width: 50, height: 50).id("c").scaleEffect(0.5).rotationEffect(degrees: 90)
        }
        #expect(try frame(r, "c") == Rect(x: 170, y: 397, width: 50, height: 50))
        // Scale 0.5 about the centre (195, 422): x' = 0.5x + 97.5.
        assertSnapshot(of: r, as: .displayListDump)
    }

    @Test func hiddenKeepsItsSpaceButDrawsNothing() throws {
        let r = try layout {
            VStack(spacing: 0) {
                Color.red.frame(width: 10, height: 10).hidden(); Color.blue.frame(width: 10, height: 10).id("b")
            }
        }
        #expect(try frame(r, "b").minY == 422)
        #expect(r.displayList.items.count == 1)
    }

    @Test func circleIsCentredInItsFrame() throws {
        let r = try layout { Circle().fill(.red).frame(width: 100, height: 50) }
        assertSnapshot(of: r, as: .displayListDump)
    }

    // MARK: GeometryReader, safe area, pixel grid

    @Test func geometryReaderGetsTheContainerSize() throws {
        let r = try layout {
            GeometryReader { size in Color.red.frame(width: size.width - 32, height: size.height - 48).id("c") }.id("g")
        }
        #expect(try frame(r, "g") == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(try frame(r, "c") == Rect(x: 0, y: 0, width: 358, height: 796))
    }

    @Test func rootIsLaidOutInTheSafeArea() throws {
        let safe = EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0)
        let r = try layout(safeArea: safe) { Color.red.id("c") }
        #expect(try frame(r, "c") == Rect(x: 0, y: 47, width: 390, height: 763))
    }

    @Test func ignoresSafeAreaExtendsToTheScreenEdges() throws {
        let safe = EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0)
        let r = try layout(safeArea: safe) { Color.red.ignoresSafeArea().id("c") }
        #expect(try frame(r, "c") == Rect(x: 0, y: 0, width: 390, height: 844))
    }

    @Test func framesSnapToThePixelGrid() throws {
        // "Hello" at 17 pt is 42.5 × 20.5 (40.57 px, 41 at scale 2); centred at x = 173.75, y =
        // 411.75 → at scale 2 edges snap to 0.5.
        let r = try layout(scale: 2) { Text("Hello").id("t") }
        #expect(try frame(r, "t") == snapped(173.75, 411.75, 42.5, 20.5, scale: 2))
        #expect(try frame(r, "t").minX == 174)
    }

    @Test func borderedProminentButtonPadsAndFillsWithTheTint() throws {
        let r = try layout { Button("OK", look: ButtonLook(style: .borderedProminent, tint: .green, controlSize: .large)).id("b") }
        // "OK" 17 pt → 17 × 21; large insets 14 / 20 → 57 × 49.
        #expect(try frame(r, "b") == snapped(166.5, 397.5, 57, 49))
        assertSnapshot(of: r, as: .displayListDump)
    }

    // MARK: Later additions

    @Test func groupModifiersApplyToEachView() throws {
        let r = try layout {
            VStack(spacing: 0) {
                ViewGroup {
                    Text("aa").font(f20).id("a"); Text("bb").font(f20).id("b")
                }.padding(10)
            }.id("s")
        }
        // Two padded texts (40 × 44 each), not one padded block: 88 tall.
        #expect(try frame(r, "s").height == 88)
        #expect(try frame(r, "b").minY == 378 + 44 + 10)
    }

    @Test func buttonTakesItsTintFromTheEnvironment() throws {
        let r = try layout { Button("OK", look: ButtonLook(style: .borderedProminent)).tint(.orange) }
        assertSnapshot(of: r, as: .displayListDump)
    }

    @Test func strokeBorderStaysInsideTheFrame() throws {
        let r = try layout { Circle().strokeBorder(.red, lineWidth: 4).frame(width: 40, height: 40) }
        assertSnapshot(of: r, as: .displayListDump)
    }

    @Test func gradientForegroundReachesText() throws {
        let r = try layout { Text("Hi").foregroundStyle(LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing)) }
        assertSnapshot(of: r, as: .displayListDump)
    }

    @Test func modifiersOnNothingVanish() throws {
        let show = false
        let r = try layout {
            VStack(spacing: 10) {
                Text("A").font(f20)
                ViewGroup { if show { Text("B").font(f20) } }.padding(20)
                Text("C").font(f20)
            }.id("s")
        }
        // Two texts and one spacing: the padded nothing takes no space.
        #expect(try frame(r, "s").height == 58)
    }

    @Test func aSpacerWithAFrameStillStretchesAlongItsStack() throws {
        let r = try layout {
            VStack {
                Text("A").font(f20); Spacer().frame(height: 20)
            }.id("s")
        }
        // The spacer is thin across the stack: the stack is as wide as the text.
        #expect(try frame(r, "s").width == 10)
    }

    /// `ViewThatFits`: the first view whose ideal size fits the offer on the checked axes, the
    /// last when none does; the others are not laid out or drawn.
    @Test func viewThatFitsTakesTheFirstThatFits() throws {
        func shown(width: Double, height: Double? = nil, in axes: Set<Axis> = [.horizontal, .vertical]) throws -> [String] {
            let r = try layout {
                ViewThatFits(in: axes) {
                    Text("aaaa bbbb cccc").font(f20).id("long")  // ideal 140 × 24
                    Text("aaaa").font(f20).id("short")  // 40 × 24
                }
                .frame(width: width, height: height)
            }
            return ["long", "short"].filter { r.tree.find($0) != nil }
        }
        #expect(try shown(width: 200) == ["long"])
        #expect(try shown(width: 100) == ["short"])
        // None fits: the last.
        #expect(try shown(width: 20) == ["short"])
        // Checking the height only: at 100 wide the long text wraps to 48, more than 30; at 200
        // it is one line.
        #expect(try shown(width: 100, height: 30, in: [.vertical]) == ["short"])
        #expect(try shown(width: 100, height: 50, in: [.vertical]) == ["long"])
        #expect(try shown(width: 200, height: 30, in: [.vertical]) == ["long"])
        // Its size is the chosen view's.
        let r = try layout {
            ViewThatFits(in: [.horizontal]) {
                Text("aaaa bbbb cccc").font(f20); Text("aaaa").font(f20)
            }.id("v").frame(width: 100)
        }
        #expect(try exactFrame(r, "v").size == Size(width: 40, height: 24))
        // From a scene file, with `in`.
        let scene = try SceneDecoder().decode(
            bytes: Array(
                #"""
                {"canvas": {"width": 100, "height": 100}, "root": {"type": "ViewThatFits", "in": "horizontal", "children": [
                  {"type": "Text", "text": "aaaa bbbb cccc", "modifiers": [{"font": {"size": 20}}, {"id": "long"}]},
                  {"type": "Text", "text": "aaaa", "modifiers": [{"font": {"size": 20}}, {"id": "short"}]}]}}
                """#.utf8), file: "v.json")
        let laid = try LayoutEngine(measurer: FixedMetrics(), assets: FakeAssets()).layout(scene)
        #expect(laid.tree.find("long") == nil && laid.tree.find("short") != nil)
    }

    @Test func displayListEscapesText() throws {
        let r = try layout { Text("a\"b\nc") }
        assertSnapshot(of: r, as: .displayListDump)
    }

    // MARK: SwiftUI's rules for overflow and priorities

    @Test func stackPlacesChildrenAsSizedForItsProposal() throws {
        // Offered 150: red (flexibility 100) goes first and gets 75, green insists on 100. The
        // stack is 175 wide, overflowing its frame and centred in it; placing must not share
        // 175 out again (which would give red 87.5).
        let r = try layout {
            HStack(spacing: 0) {
                Color.red.frame(maxWidth: 100).id("red")
                Color.green.frame(minWidth: 100).id("green")
            }.id("s").frame(width: 150).id("f")
        }
        #expect(try exactFrame(r, "f") == Rect(x: 120, y: 0, width: 150, height: 844))
        #expect(try exactFrame(r, "s") == Rect(x: 107.5, y: 0, width: 175, height: 844))
        #expect(try exactFrame(r, "red") == Rect(x: 107.5, y: 0, width: 75, height: 844))
        #expect(try exactFrame(r, "green") == Rect(x: 182.5, y: 0, width: 100, height: 844))
    }

    @Test func zstackIsSizedByItsHighestPriorityChildren() throws {
        // The text (priority 1) alone sizes the stack, 20 × 24; the colour is offered that.
        let r = try layout {
            ZStack {
                Text("Hi").font(f20).layoutPriority(1).id("t")
                Color.blue.id("c")
            }.id("z")
        }
        #expect(try exactFrame(r, "z") == Rect(x: 185, y: 410, width: 20, height: 24))
        #expect(try exactFrame(r, "c") == Rect(x: 185, y: 410, width: 20, height: 24))
    }

    @Test func lowerPriorityZStackChildrenMayOverflow() throws {
        // The 200 × 10 bar (priority 0) is wider than the 20 pt stack: it overflows, centred.
        let r = try layout {
            ZStack(alignment: .top) {
                Color.red.frame(width: 200, height: 10).id("bar")
                Text("Hi").font(f20).layoutPriority(1)
            }.id("z")
        }
        #expect(try exactFrame(r, "z") == Rect(x: 185, y: 410, width: 20, height: 24))
        #expect(try exactFrame(r, "bar") == Rect(x: 95, y: 410, width: 200, height: 10))
    }

    @Test func ignoresSafeAreaProposesTheWholeScreenToItsContent() throws {
        // iPhone 14: 390 × 844, safe area 47 / 34. The stack is proposed all 844 pt, not the
        // 763 of the safe area: text 21 + spacer + 780 → the spacer takes 43.
        let r = try layout(safeArea: EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0)) {
            VStack {
                Text("Title").id("t")
                Spacer().id("sp")
                Rectangle().frame(height: 780).id("r")
            }.id("s").ignoresSafeArea().id("i")
        }
        #expect(try exactFrame(r, "i") == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(try exactFrame(r, "s") == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(try exactFrame(r, "t") == Rect(x: 173.75, y: 0, width: 42.5, height: 21))
        #expect(try exactFrame(r, "sp") == Rect(x: 195, y: 21, width: 0, height: 43))
        #expect(try exactFrame(r, "r") == Rect(x: 0, y: 64, width: 390, height: 780))
    }

    /// `safeAreaInset(edge:)`: the content at the edge at its ideal height, the view above it
    /// in what is left (less the spacing), and the view's safe area ending there, so a colour
    /// that ignores the safe area runs under the content to the screen's edge.
    @Test func safeAreaInsetInsetsTheViewAndItsSafeArea() throws {
        let safe = EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0)
        let bar = Text("Bar").font(f20).frame(maxWidth: .infinity).id("bar")
        let r = try layout(safeArea: safe) { Color.blue.id("c").safeAreaInset(edge: .bottom) { bar }.id("v") }
        #expect(try exactFrame(r, "v") == Rect(x: 0, y: 47, width: 390, height: 763))
        #expect(try exactFrame(r, "c") == Rect(x: 0, y: 47, width: 390, height: 763 - 24))
        #expect(try exactFrame(r, "bar") == Rect(x: 0, y: 810 - 24, width: 390, height: 24))
        // Ignoring the safe area: from the screen's top to its bottom, under the bar.
        let under = try layout(safeArea: safe) {
            Color.blue.ignoresSafeArea().id("c").safeAreaInset(edge: .bottom, spacing: 10) { bar }
        }
        #expect(try exactFrame(under, "c") == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(try exactFrame(under, "bar").minY == 786)
        // At the top, a narrow content aligned to the leading edge; a text keeps its own size.
        let top = try layout(safeArea: safe) {
            Text("Body").font(f20).id("t").safeAreaInset(edge: .top, alignment: 0, spacing: 8) { Text("Hi").font(f20).id("hi") }.id("v")
        }
        // The element is the text and the inset together (24 + 8 + 24 tall, 40 wide), centred.
        #expect(try exactFrame(top, "v") == Rect(x: 175, y: 47 + (763 - 56) / 2, width: 40, height: 56))
        #expect(try exactFrame(top, "hi") == Rect(x: 175, y: 47 + (763 - 56) / 2, width: 20, height: 24))
        #expect(try exactFrame(top, "t").minY == 47 + (763 - 56) / 2 + 32)
        // From a scene file.
        let scene = try SceneDecoder().decode(
            bytes: Array(
                #"""
                {"canvas": "iPhone 14", "root": {"type": "Color", "color": "blue", "modifiers": [{"id": "c"},
                  {"safeAreaInset": {"edge": "bottom", "content": {"type": "Color", "color": "red", "modifiers": [{"frame": {"height": 50}}, {"id": "bar"}]}}}]}}
                """#.utf8), file: "i.json")
        let laid = try LayoutEngine(measurer: FixedMetrics(), assets: FakeAssets()).layout(scene)
        #expect(try exactFrame(laid, "bar") == Rect(x: 0, y: 760, width: 390, height: 50))
        #expect(try exactFrame(laid, "c") == Rect(x: 0, y: 47, width: 390, height: 713))
    }

    @Test func ignoringOneEdgeGrowsOnlyThatEdge() throws {
        // A colour ignoring the top only: 0…810 (the bottom inset stays).
        let r = try layout(safeArea: EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0)) {
            Color.red.ignoresSafeArea(.top).id("c")
        }
        #expect(try exactFrame(r, "c") == Rect(x: 0, y: 0, width: 390, height: 810))
    }

    // MARK: Identity

    @Test func identityIsThePlaceInTheSceneTree() throws {
        // The DSL's root and a VStack's block are groups: the stack is child 0 of the root
        // group, its block child 0 of the stack.
        let r = try layout {
            VStack {
                Text("A").font(f20).id("a")
                Text("B").font(f20).padding(4).background(Color.red.id("bg")).id("b")
            }.id("s")
        }
        #expect(try identity(r, "s") == "/0")
        #expect(try identity(r, "a") == "/0/0/0")
        // Text B, font (0, no element), padding (1), background (2) with its content.
        #expect(r.tree.find(ViewID(path: "/0/0/1"))?.name == "Text \"B\"")
        #expect(r.tree.find(ViewID(path: "/0/0/1:1"))?.name == "padding")
        #expect(try identity(r, "b") == "/0/0/1:2")
        #expect(try identity(r, "bg") == "/0/0/1:2/background")
    }

    /// The key of the innermost `ForEach` element a view is in, read back from its identity,
    /// escapes undone (what events name a view by: `removed #card-1[facebook]`).
    @Test func anIdentityGivesBackItsInnermostKey() {
        #expect(ViewID.root.child(0).lastKey == nil)
        #expect(ViewID.root.child(1).key("Yosemite, USA").modifier(3).slot("overlay").lastKey == "Yosemite, USA")
        #expect(ViewID.root.key("outer").child(0).key("inner").child(2).lastKey == "inner")
        for key in ["a]b", "a\\b]", "[x]", ""] {
            #expect(ViewID.root.child(0).key(key).modifier(1).lastKey == key, "\(key)")
        }
    }

    @Test func identityFromASceneFileCountsEveryModifier() throws {
        func scene(_ condition: Bool) throws -> LayoutResult {
            let json = """
                {"canvas": {"width": 200, "height": 100}, "root": {"type": "VStack", "children": [
                  {"type": "Text", "text": "A", "modifiers": [{"font": "title"}, {"padding": 8}, {"overlay": "red"}, {"id": "a"}]},
                  {"type": "If", "condition": \(condition), "then": {"type": "Text", "text": "B"}},
                  {"type": "Image", "systemName": "heart", "modifiers": [{"opacity": 0.5}, {"id": "after"}]}]}}
                """
            let s = try SceneDecoder().decode(bytes: Array(json.utf8), file: "t.json")
            return try LayoutEngine(measurer: FixedMetrics(), assets: FakeAssets()).layout(s)
        }
        for condition in [false, true] {
            let r = try scene(condition)
            #expect(r.tree.identity == .root)
            #expect(try identity(r, "a") == "/0:2")
            #expect(r.tree.find(ViewID(path: "/0:2/overlay"))?.name == "Color")
            // The view after the If keeps its identity whichever branch is taken.
            #expect(try identity(r, "after") == "/2:0")
            #expect(r.tree.find(ViewID(path: "/2"))?.name == "Image heart")
        }
    }

    /// A ForEach of keyed elements followed by a text, as the scene tree marks them.
    func keyedList(_ keys: [String]) -> Node {
        VStack(spacing: 0) {
            Node.group(keys.map { k in .keyed(k, Text(k).font(f20).padding(4).id(k).node) })
            Text("after").font(f20).id("after")
        }.node
    }

    @Test func keyedElementsKeepTheirIdentityWhenOthersGo() throws {
        let all = try layout { keyedList(["x", "y", "z"]) }
        let fewer = try layout { keyedList(["y", "z"]) }
        // The ForEach is child 0 of the stack's block; its elements are known by their keys.
        #expect(try identity(all, "y") == "/0/0/0[y]:1")
        for k in ["y", "z", "after"] {
            #expect(try identity(all, k) == identity(fewer, k), "\(k)")
        }
        #expect(try identity(all, "after") == "/0/0/1")
        #expect(try frame(all, "y").minY != frame(fewer, "y").minY)
    }

    @Test func aViewAfterAConditionalKeepsItsIdentity() throws {
        func screen(_ signedIn: Bool) throws -> LayoutResult {
            // A conditional with the branch taken marked (`Node.branch`).
            let welcome = Node.branch("then", Text("Welcome back").id("welcome").node)
            let signIn = Node.branch(
                "else",
                ViewGroup {
                    Text("Sign in").id("signIn"); Text("Register")
                }.node)
            return try layout {
                VStack {
                    Text("Title").id("title")
                    signedIn ? welcome : signIn
                    Text("Footer").id("footer")
                }
            }
        }
        let yes = try screen(true), no = try screen(false)
        #expect(try identity(yes, "footer") == "/0/0/2")
        #expect(try identity(no, "footer") == "/0/0/2")
        #expect(try identity(yes, "welcome") == "/0/0/1?then")
        #expect(try identity(no, "signIn") == "/0/0/1?else/0")
    }

    @Test func buttonLabelAndGeometryReaderContentAreSlots() throws {
        let r = try layout {
            HStack {
                Button("OK", look: ButtonLook(style: .borderedProminent)).id("b")
                GeometryReader { _ in Color.red.id("c") }
            }
        }
        // The style wraps the label: foreground (0), padding (1), background (2).
        #expect(try identity(r, "b") == "/0/0/0/label:2")
        #expect(r.tree.find(ViewID(path: "/0/0/0/label"))?.name == "Text \"OK\"")
        #expect(r.tree.find(ViewID(path: "/0/0/0/label:2/background"))?.name == "RoundedRectangle")
        #expect(try identity(r, "c") == "/0/0/1/content/0")
    }

    @Test func modifiersOnAGroupCountOnFromEachViewsOwn() throws {
        let r = try layout {
            VStack {
                ViewGroup {
                    Text("aa").font(f20).id("a"); Text("bb").id("b")
                }.padding(10)
            }
        }
        #expect(r.tree.find(ViewID(path: "/0/0/0/0:2"))?.name == "padding")
        #expect(r.tree.find(ViewID(path: "/0/0/0/1:1"))?.name == "padding")
        #expect(try identity(r, "a") == "/0/0/0/0")
    }

    // MARK: The resolved tree

    @Test func treeKeepsExactFramesAndPaintingSnapsThem() throws {
        // "Hello" at 17 pt is 42.5 wide, at x = 173.75: at scale 2 it is drawn from x = 174.
        let r = try layout(scale: 2) { Text("Hello").id("t") }
        #expect(try #require(r.tree.find("t")).frame == Rect(x: 173.75, y: 411.75, width: 42.5, height: 20.5))
        // The named view's drawing is a group with its name.
        guard case .group(let named)? = r.displayList.items.first, named.name == "t", case .text(let run)? = named.children.first else {
            Issue.record("no text drawn in\n\(r.displayList.dump())")
            return
        }
        #expect(run.frame == snapped(173.75, 411.75, 42.5, 20.5, scale: 2))
        #expect(run.layoutWidth == 42.5 + 0.01)
    }

    @Test func effectsAndDrawingAreValuesInTheTree() throws {
        let r = try layout {
            Color.red.frame(width: 50, height: 50).id("c").offset(x: 50, y: 10).id("o").rotationEffect(degrees: 30, anchor: .top).id("r")
        }
        let c = try #require(r.tree.find("c")), o = try #require(r.tree.find("o")), rot = try #require(r.tree.find("r"))
        #expect(o.name == "offset" && o.effects.offset == Point(x: 50, y: 10))
        #expect(rot.effects.rotation == .init(degrees: 30, anchor: .top))
        #expect(rot.effects.offset == .zero && rot.effects.opacity == 1 && !rot.effects.isEmpty)
        #expect(c.effects.isEmpty)
        // The colour is a filled rectangle inside its frame.
        #expect(c.children.first?.content == .shape(.init(kind: .rectangle, paint: .color(.red))))
        #expect(c.children.first?.frame == Rect(x: 170, y: 397, width: 50, height: 50))
    }

    @Test func paintingTheTreeGivesTheDisplayList() throws {
        var scene = TestScenes.effectsScene()
        scene.scale = 3
        let r = try LayoutEngine(measurer: FixedMetrics(), assets: FakeAssets()).layout(scene)
        #expect(DisplayList(painting: r.tree, size: scene.canvas, background: scene.background, scale: 3) == r.displayList)
        #expect(LayoutNode(r.tree, grid: PixelGrid(scale: 3)).description == r.root.description)
        #expect(r.displayList.items.count > 3)
    }
}

import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout

/// The travel deck home screen (SPEC A1) from its scene file, laid out with fixed text metrics
/// on two devices; expected numbers worked out from SwiftUI's rules.
@Suite("Travel deck")
struct TravelDeckTests {
    func deck(on device: String) throws -> LayoutResult {
        let scene = try SceneDecoder().decode(file: Paths.scenes + "/travel-deck.json").on(try Device.named(device))
        return try LayoutEngine(measurer: FixedMetrics(), assets: FakeAssets()).layout(scene)
    }

    @Test func iPhone14() throws {
        let r = try deck(on: "iPhone 14")
        // Safe area 47…810 (763 tall). Top bar: icons as tall as their ink boxes (the README's
        // symbol table: line.horizontal.3 0.64 em, mappin.and.ellipse 1.14 em at 35 pt = 39.9,
        // heart.circle.fill 1.17 em) + padding 16 → 39.9 + 32 = 71.9 tall.
        #expect(try frame(r, "topBar") == snapped(0, 47, 390, 71.9, scale: 3))
        // Cards: 2:3 photos filling 390 − 30 = 360 wide are at least 540 tall; the deck is
        // offered (763 − 8 − 71.9 − 48) / 2 first and takes 540.
        #expect(try frame(r, "deck") == snapped(0, 126.9, 390, 540, scale: 3))
        #expect(try frame(r, "card-0") == snapped(0, 126.9, 390, 540, scale: 3))
        // Title pill: 13 characters at 17 pt = 110.5, + 2 × 30; a headline line (20.29 pt, 61
        // pixels at scale 3) + 2 × 10 tall; + 20 bottom: 60.33 up from the card's bottom.
        #expect(try frame(r, "titlePill-0") == snapped(109.75, 666.9 - (61.0 / 3 + 40), 170.5, 61.0 / 3 + 40, scale: 3))
        // The spacer takes 763 − 71.9 − 8 − 540 − 48 = 95.1: the bottom bar starts at 762.
        // Bottom bar: xmark 24.6 (0.82 em) + 8 + (82.5 + 70 + 40) + 8 + heart 32.4 (1.08 em)
        // = 265.5 wide, 15 + 18 + 15 tall (a subheadline line, 17.9 pt, is 54 pixels).
        #expect(try frame(r, "bottomBar") == snapped(62.25, 762, 265.5, 48, scale: 3))
        #expect(try frame(r, "bookButton") == snapped(94.85, 762, 192.5, 48, scale: 3))
    }

    @Test func iPhoneSE() throws {
        let r = try deck(on: "iPhone SE")
        // 375 × 667, safe area from 20. Cards 345 wide → 517.5 tall; the spacer insists on 20:
        // 71.9 + 8 + 517.5 + 20 + 48 = 665.4 > 647, so the stack overflows, centred at y = 10.8.
        #expect(try frame(r, "topBar") == snapped(0, 10.8, 375, 71.9, scale: 2))
        #expect(try frame(r, "deck") == snapped(0, 90.7, 375, 517.5, scale: 2))
        #expect(try frame(r, "bottomBar") == snapped((375 - 265.5) / 2, 628.2, 265.5, 48, scale: 2))
    }

    @Test func topCardIsDrawnLast() throws {
        let r = try deck(on: "iPhone 14")
        let images = r.displayList.dump().split(separator: "\n").filter { $0.contains("image ") }
        #expect(images.count == 2)
        #expect(images.last?.contains("yosemite-usa") == true)
    }

    /// The deck in one of its stills, with fixed text metrics.
    func deck(still: String) throws -> LayoutResult {
        let template = try SceneDecoder().template(file: Paths.scenes + "/travel-deck.json")
        let scene = try template.scene(still: still).on(try Device.named("iPhone 14"))
        return try LayoutEngine(measurer: FixedMetrics(), assets: FakeAssets()).layout(scene)
    }

    @Test func restAndPressingLookLikeTheDefault() throws {
        // Nothing in the seed reads isPressing: pressing draws exactly what rest draws.
        let plain = try deck(on: "iPhone 14").displayList.dump()
        #expect(try deck(still: "rest").displayList.dump() == plain)
        #expect(try deck(still: "pressing").displayList.dump() == plain)
    }

    @Test func draggingStartScalesTheTopCardAndHidesTheBottomBar() throws {
        let dump = try deck(still: "dragging-start").displayList.dump()
        #expect(dump.contains("transform(0.95 0 0 0.95 "))
        #expect(!dump.contains("BOOK IT NOW"))
        #expect(!dump.contains("symbol heart.circle ("))
        #expect(!dump.contains("symbol x.circle ("))
    }

    @Test func belowTheThresholdNoIconShows() throws {
        let dump = try deck(still: "below-threshold").displayList.dump()
        #expect(dump.contains("transform(1 0 0 1 40 0)"))
        #expect(!dump.contains("symbol heart.circle ("))
        #expect(!dump.contains("symbol x.circle ("))
    }

    @Test func draggingRightShowsTheHeartOnTheTopCard() throws {
        let r = try deck(still: "dragging-right")
        let dump = r.displayList.dump()
        // Offset (120, 10), scale 0.95, rotation 120 / 10 = 12 degrees (cos 0.978, sin 0.208).
        #expect(dump.contains("transform(1 0 0 1 120 10)"))
        #expect(dump.contains("transform(0.95 0 0 0.95 "))
        #expect(dump.contains("transform(0.978 0.208 -0.208 0.978 "))
        #expect(dump.contains("symbol heart.circle ("))
        #expect(!dump.contains("symbol x.circle ("))
        #expect(!dump.contains("BOOK IT NOW"))
        // Effects change drawing, not layout.
        #expect(try frame(r, "card-0") == snapped(0, 126.9, 390, 540, scale: 3))
    }

    @Test func draggingLeftShowsTheCross() throws {
        let dump = try deck(still: "dragging-left").displayList.dump()
        #expect(dump.contains("transform(1 0 0 1 -120 0)"))
        #expect(dump.contains("transform(0.978 -0.208 0.208 0.978 "))
        #expect(dump.contains("symbol x.circle ("))
        #expect(!dump.contains("symbol heart.circle ("))
    }

    @Test func displayListGolden() throws {
        try assertTextGolden(try deck(on: "iPhone 14").displayList.dump(), "travel-deck.iphone14.displaylist.txt")
    }

    @Test func layoutTreeGolden() throws {
        try assertTextGolden(try deck(on: "iPhone 14").root.description, "travel-deck.iphone14.layout.txt")
    }
}

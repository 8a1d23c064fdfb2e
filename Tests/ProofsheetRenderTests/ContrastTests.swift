import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet

/// WCAG contrast of texts against what is under them: the ratio's known values, large text's
/// lower bar, translucent text and backdrops, groups' transforms, photos by their colours, and
/// colour emoji left out.
@Suite("Contrast", .serialized)
struct ContrastTests {
    func text(_ colour: Color, _ s: String = "Text", at frame: Rect = Rect(x: 10, y: 10, width: 80, height: 20), size: Double = 17, weight: Int = 400)
        -> DisplayItem
    {
        .text(TextRun(text: s, frame: frame, font: FontSpec(size: size, weight: weight), paint: .color(colour), alignment: .leading, lineLimit: nil))
    }

    func list(_ items: [DisplayItem], background: Color? = .white) -> DisplayList {
        DisplayList(size: Size(width: 100, height: 100), background: background, items: items)
    }

    /// Known ratios: black on white 21:1, #777777 on white 4.48:1 (just below AA), systemBlue on
    /// white 4.02:1; WCAG's bars: 4.5 for text, 3 from 18 pt or 14 pt bold, 7 and 4.5 at AAA.
    @Test func knownRatiosAndBars() throws {
        #expect(abs(TextContrast.ratio(.black, .white) - 21) < 1e-9)
        #expect(abs(TextContrast.ratio(Color(hex: 0x777777), .white) - 4.478) < 0.01)
        #expect(abs(TextContrast.ratio(Color(hex: 0x007AFF), .white) - 4.02) < 0.01)
        let grey = try #require(try list([text(Color(hex: 0x777777))]).textContrasts().first)
        #expect(!grey.passes && grey.required == 4.5 && abs(grey.ratio - 4.478) < 0.01)
        #expect(try #require(try list([text(Color(hex: 0x777777), size: 18)]).textContrasts().first).passes)
        #expect(try #require(try list([text(Color(hex: 0x777777), size: 14, weight: 700)]).textContrasts().first).passes)
        #expect(!(try #require(try list([text(Color(hex: 0x777777), size: 14, weight: 600)]).textContrasts().first).passes))
        #expect(try #require(try list([text(.black)]).textContrasts(level: .aaa).first).required == 7)
    }

    /// What is under the text decides: a fill drawn before it (not one after), translucent text
    /// over its backdrop, a group's offset moving the text onto a dark fill, a photo by its
    /// colour there, and the worst point of a text half over dark and half over light.
    @Test func theBackdropIsWhatIsUnderTheText() throws {
        let dark = DisplayItem.fill(.rect(Rect(x: 0, y: 0, width: 100, height: 50)), .color(.black))
        // White text on the black half: 21:1; a fill drawn after the text does not count.
        #expect(try #require(try list([dark, text(.white)]).textContrasts().first).ratio > 20.9)
        #expect(try #require(try list([text(.white), dark]).textContrasts().first).ratio < 1.01)
        // White at 50 % over black is mid grey on black.
        let half = try #require(try list([dark, text(Color.white.opacity(0.5))]).textContrasts().first)
        #expect(half.ratio > 4 && half.ratio < 6 && half.foreground.red > 0.45 && half.foreground.red < 0.55, "\(half)")
        // The same text moved down by a group onto white: 1:1.
        let moved = DisplayItem.group(DisplayGroup(transform: .translation(0, 60), children: [text(.white)]))
        let m = try #require(try list([dark, moved]).textContrasts().first)
        #expect(m.ratio < 1.01 && m.frame.minY == 70)
        // A photo under the text, by its mean colour there.
        let photo = DisplayItem.image(ImageDraw(path: "/p.png", frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        let onPhoto = try #require(try list([photo, text(.white)]).textContrasts { _, _ in Color(hex: 0x202020) }.first)
        #expect(onPhoto.ratio > 14 && onPhoto.backdrop.hexString.hasPrefix("#202020"))
        // Half over black, half over white: the worst point counts.
        let straddling = try #require(try list([dark, text(.white, at: Rect(x: 10, y: 40, width: 80, height: 20))]).textContrasts().first)
        #expect(straddling.ratio < 1.01)
    }

    /// Colour emoji draw in their own colours: they are left out; text with them is not.
    @Test func colourEmojiAreLeftOut() throws {
        #expect(try list([text(.black, "😍"), text(.black, "👋🏽"), text(.black, "❤️")]).textContrasts().isEmpty)
        #expect(try list([text(.black, "Awesome 😍")]).textContrasts().count == 1)
    }

    /// The work is counted before it is done: 15 points a text over every item drawn before it,
    /// refused past `--limit contrast-samples`.
    @Test func theWorkIsBounded() throws {
        let screen = list([.fill(.rect(Rect(x: 0, y: 0, width: 100, height: 100)), .color(.white)), text(.black), text(.black)])
        #expect(screen.contrastSamples == 15 * 1 + 15 * 2)
        try TextContrast.samples.set(44)
        defer { TextContrast.samples.reset() }
        #expect(throws: ProofsheetError.self) { try screen.textContrasts() }
        try TextContrast.samples.set(45)
        #expect(try screen.textContrasts().count == 2)
    }
}

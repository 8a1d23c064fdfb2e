import Foundation
import ProofsheetCore
internal import CCairo
internal import CPangoCairo

/// The pinned text setup shared by measuring and drawing: the project's fontconfig file, and
/// Pango contexts over it with hinting off, no glyph-position rounding and absolute sizes.
///
/// Pango's font maps are not thread-safe, so each thread that lays out or draws text works in a
/// ``TextContext`` of its own (a font map and a context, both over the one shared, already built
/// fontconfig configuration, which fontconfig lets many threads read): two threads shape and
/// draw text at once. `withContext` lends a thread an idle context, making one when all are in
/// use, and takes it back afterwards; so there are as many contexts as threads have used text at
/// the same time (the idle ones kept are capped), and every one is freed with the font system.
/// All contexts are set up alike, so text comes out the same whichever context laid it out. (A
/// measurement borrows a context for itself; a render keeps one for all its text.)
///
/// Below Pango, Cairo 1.16's FreeType fonts are shared by every thread and not all of Cairo's
/// handling of them is locked: ``PinnedFaces`` and ``FontFaces`` keep threads out of the two
/// races found (a crash in FreeType without them).
public final class FontSystem: @unchecked Sendable {
    private let config: OpaquePointer
    /// The configuration file the fonts come from: what measurements depend on, besides the
    /// text and its font (see ``TextMeasurementCache``).
    let fontsConf: String
    /// Contexts not in use, and whether a thread waits for one (when a new one cannot be made).
    private let idle = NSCondition()
    private var idleContexts: [TextContext] = []
    /// The most idle contexts kept; one returned beyond this is freed.
    private let idleLimit = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)
    /// The scope counting this font system and its layouts (tests only).
    private let live: LiveObjects?

    /// Families for each design, first choice first; CJK, the other scripts and emoji fall
    /// back in order.
    static let families: [FontSpec.Design: String] = [
        .default: "Inter,Noto Sans CJK TC,\(scriptFamilies),Noto Color Emoji",
        .rounded: "Quicksand,Noto Sans CJK TC,\(scriptFamilies),Noto Color Emoji",
        .monospaced: "DejaVu Sans Mono,Noto Sans CJK TC,\(scriptFamilies),Noto Color Emoji",
        .serif: "Noto Serif CJK TC,\(scriptFamilies),Noto Color Emoji"
    ]
    /// The faces of scripts neither the design's face nor the CJK one has: Hebrew, Arabic, the
    /// Indic scripts, Southeast Asian ones, Armenian, Georgian, Ethiopic (Debian's fonts-noto-core).
    static let scriptFamilies =
        "Noto Sans Hebrew,Noto Sans Arabic,Noto Sans Devanagari,Noto Sans Bengali,Noto Sans Gujarati,Noto Sans Gurmukhi,Noto Sans Tamil,Noto Sans Telugu,Noto Sans Kannada,Noto Sans Malayalam,Noto Sans Sinhala,Noto Sans Thai,Noto Sans Lao,Noto Sans Khmer,Noto Sans Myanmar,Noto Sans Armenian,Noto Sans Georgian,Noto Sans Ethiopic"
    /// The default design at display sizes (``FontSpec/usesDisplayFace``): Inter Display, as SF
    /// Pro switches from its Text to its Display design at 20 pt.
    static let displayFamilies = "Inter Display,Noto Sans CJK TC,\(scriptFamilies),Noto Color Emoji"
    /// The icon font for symbols.
    static let iconFamily = "Material Icons"

    /// The families a font is drawn in, first choice first.
    static func familyList(for font: FontSpec) -> String {
        if font.design == .default && font.usesDisplayFace { return displayFamilies }
        return families[font.design] ?? families[.default]!
    }

    /// Loads `fontsConf` (the project's pinned configuration).
    public init(fontsConf: String) throws {
        guard FileManager.default.fileExists(atPath: fontsConf) else {
            throw ProofsheetError.internal("font configuration not found at \(fontsConf)")
        }
        guard let config = FcConfigCreate() else { throw ProofsheetError.internal("fontconfig: cannot create a configuration") }
        guard FcConfigParseAndLoad(config, fontsConf, 1) != 0, FcConfigBuildFonts(config) != 0 else {
            FcConfigDestroy(config)
            throw ProofsheetError.internal("fontconfig: cannot load \(fontsConf)")
        }
        PinnedFaces.shared.pin(config)
        Self.becomeDefault(config)
        // The first context is made now, so that a font system that cannot make one is never made.
        let first: TextContext
        do {
            first = try TextContext(config: config)
        } catch {
            FcConfigDestroy(config)
            throw error
        }
        self.config = config
        self.fontsConf = fontsConf
        self.idleContexts = [first]
        self.live = LiveObjects.made(.fontSystem)
        let missing = Self.requiredFamilies.filter { !hasFamily($0) }
        if !missing.isEmpty {
            throw ProofsheetError.internal(
                "fonts missing: \(missing.joined(separator: ", ")); install them with `make deps` (see README)")
        }
    }

    /// Makes the first configuration loaded fontconfig's default, once per process. Pango's first
    /// font map starts fontconfig's own initialisation (the system's configuration, every font
    /// folder's cache: several milliseconds) and waits for it before its first font; with a default
    /// already set that initialisation has nothing to do. Text is drawn from the pinned
    /// configuration either way (every font map is given it).
    private static let defaultSet = Locked(false)
    private static func becomeDefault(_ config: OpaquePointer) {
        defaultSet.withLock { done in
            guard !done else { return }
            done = FcConfigSetCurrent(config) != 0
        }
    }

    deinit {
        // No context is lent out: `withContext` holds the font system until it takes it back.
        idleContexts.removeAll()
        if let coverage { FcCharSetDestroy(coverage) }
        FcConfigDestroy(config)
        live?.released(.fontSystem)
    }

    static let requiredFamilies = [
        "Inter", "Inter Display", "Quicksand", "DejaVu Sans Mono", "Noto Sans CJK TC", "Noto Color Emoji", "Material Icons",
        "Noto Sans Hebrew", "Noto Sans Arabic"
    ]

    /// Whether fontconfig (with the pinned configuration) has a face of `family`.
    func hasFamily(_ family: String) -> Bool {
        guard let pattern = FcPatternCreate() else { return false }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, family)
        guard let os = FcObjectSetCreate() else { return false }
        defer { FcObjectSetDestroy(os) }
        FcObjectSetAdd(os, FC_FAMILY)
        guard let list = FcFontList(config, pattern, os) else { return false }
        defer { FcFontSetDestroy(list) }
        return list.pointee.nfont > 0
    }

    /// Whether the icon font has a glyph for `codepoint`.
    public func iconFontHasGlyph(_ codepoint: UInt32) -> Bool {
        guard let pattern = FcPatternCreate() else { return false }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, Self.iconFamily)
        guard let os = FcObjectSetCreate() else { return false }
        defer { FcObjectSetDestroy(os) }
        FcObjectSetAdd(os, FC_CHARSET)
        guard let list = FcFontList(config, pattern, os) else { return false }
        defer { FcFontSetDestroy(list) }
        guard list.pointee.nfont > 0 else { return false }
        var charset: OpaquePointer? = nil
        guard FcPatternGetCharSet(list.pointee.fonts[0], FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { return false }
        return FcCharSetHasChar(charset, codepoint) != 0
    }

    /// The characters of `text` that no pinned font has a glyph for (each once, in the order
    /// they first appear): they draw as boxes. Characters that draw nothing of their own —
    /// spaces, controls, joiners, variation selectors — never count.
    public func missingCharacters(in text: String) -> [Unicode.Scalar] {
        var seen = Set<UInt32>(), out: [Unicode.Scalar] = []
        coverageLock.lock()
        defer { coverageLock.unlock() }
        if coverage == nil { coverage = makeCoverage() }
        guard let coverage else { return [] }
        for s in text.unicodeScalars where seen.insert(s.value).inserted && !Self.drawsNothing(s) {
            if FcCharSetHasChar(coverage, s.value) == 0 { out.append(s) }
        }
        return out
    }

    static func drawsNothing(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned: return true
        default: return s.properties.isVariationSelector
        }
    }

    private let coverageLock = NSLock()
    /// Every character some pinned font has (a fontconfig charset), made on first use.
    private var coverage: OpaquePointer?

    private func makeCoverage() -> OpaquePointer? {
        guard let set = FcConfigGetFonts(config, FcSetSystem), let union = FcCharSetCreate() else { return nil }
        for i in 0..<Int(set.pointee.nfont) {
            var charset: OpaquePointer? = nil
            guard let pattern = set.pointee.fonts[i], FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch, let charset
            else { continue }
            FcCharSetMerge(union, charset, nil)
        }
        return union
    }

    /// Every font file of the pinned configuration, sorted, each once.
    public func fontFiles() -> [String] {
        guard let set = FcConfigGetFonts(config, FcSetSystem) else { return [] }
        var files = Set<String>()
        for i in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[i] else { continue }
            var file: UnsafeMutablePointer<FcChar8>? = nil
            if FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file { files.insert(String(cString: file)) }
        }
        return files.sorted()
    }

    /// The font files of the configuration whose patterns name no FreeType face: the ones Cairo
    /// opens (and may close) itself (see ``PinnedFaces``).
    func fontFilesWithoutFace() -> [String] {
        guard let set = FcConfigGetFonts(config, FcSetSystem) else { return [] }
        return (0..<Int(set.pointee.nfont)).compactMap { i in
            guard let pattern = set.pointee.fonts[i] else { return nil }
            var face: FT_Face? = nil
            guard FcPatternGetFTFace(pattern, FC_FT_FACE, 0, &face) != FcResultMatch else { return nil }
            var file: UnsafeMutablePointer<FcChar8>? = nil
            guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return "?" }
            return String(cString: file)
        }
    }

    /// Runs `body` with a Pango context no other thread uses meanwhile (see the type's notes).
    func withContext<T>(_ body: (TextContext) throws -> T) rethrows -> T {
        let context = lend()
        defer { takeBack(context) }
        return try body(context)
    }

    /// An idle context, or a new one when every context is in use. If a new one cannot be made
    /// (Pango out of memory), waits for one to come back: there is always at least one.
    private func lend() -> TextContext {
        idle.lock()
        if let context = idleContexts.popLast() {
            idle.unlock()
            return context
        }
        idle.unlock()
        if let context = try? TextContext(config: config) { return context }
        idle.lock()
        defer { idle.unlock() }
        while idleContexts.isEmpty { idle.wait() }
        return idleContexts.removeLast()
    }

    private func takeBack(_ context: TextContext) {
        idle.lock()
        defer { idle.unlock() }
        // One beyond the limit is not kept: it is freed when the caller lets it go.
        guard idleContexts.count < idleLimit else { return }
        idleContexts.append(context)
        idle.signal()
    }
}

/// FreeType faces for the configuration's single-face font files, opened once per process and
/// given to Cairo through the fonts' patterns, so that Cairo draws from them as they are.
///
/// Cairo 1.16 keeps at most ten faces of its own open: opening an eleventh closes one that no
/// thread has locked at that moment, but reads another thread's lock count without that thread's
/// lock, so a face can be closed just as another thread starts to use it (a crash in FreeType,
/// seen with two threads rendering; a thread finishing an SVG or PDF page while another drew
/// text was enough). Faces given to Cairo are never closed by it. The ones given here cover every
/// family but the CJK collections, which stay Cairo's own: a process uses at most four of those
/// (Noto Sans and Serif CJK TC, regular and bold), so Cairo never has ten open to close one.
///
/// The faces live as long as the process: Cairo keeps fonts made from them in caches that outlive
/// any one renderer, so they are not counted in ``LiveObjects``. Opening them costs a few
/// milliseconds once (the collections, left out, would cost tens).
final class PinnedFaces: @unchecked Sendable {
    static let shared = PinnedFaces()

    private struct Key: Hashable {
        let file: String
        let index: Int32
    }
    private let lock = NSLock()
    private var library: FT_Library?
    private var faces: [Key: FT_Face] = [:]

    /// Whether `path` is a font collection (several faces in one file), left to Cairo.
    static func isCollection(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".ttc") || lower.hasSuffix(".otc")
    }

    /// Replaces the pattern of each single-face font in `config`'s fonts by a copy that names its
    /// face (`FC_FT_FACE`), before any Pango font map reads them. A face that cannot be opened is
    /// left to Cairo.
    func pin(_ config: OpaquePointer) {
        guard let set = FcConfigGetFonts(config, FcSetSystem) else { return }
        lock.lock()
        defer { lock.unlock() }
        if library == nil {
            var made: FT_Library?
            guard FT_Init_FreeType(&made) == 0, let made else { return }
            library = made
        }
        for i in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[i] else { continue }
            var file: UnsafeMutablePointer<FcChar8>? = nil
            guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            let path = String(cString: file)
            guard !Self.isCollection(path) else { continue }
            var index: Int32 = 0
            guard FcPatternGetInteger(pattern, FC_INDEX, 0, &index) == FcResultMatch,
                let face = face(Key(file: path, index: index)), let copy = FcPatternDuplicate(pattern)
            else { continue }
            guard FcPatternAddFTFace(copy, FC_FT_FACE, face) != 0 else {
                FcPatternDestroy(copy)
                continue
            }
            FcPatternDestroy(pattern)
            set.pointee.fonts[i] = copy
        }
    }

    /// The face for `key`, opened the first time (the lock is held).
    private func face(_ key: Key) -> FT_Face? {
        if let face = faces[key] { return face }
        var face: FT_Face?
        guard FT_New_Face(library, key.file, FT_Long(key.index), &face) == 0, let face else { return nil }
        faces[key] = face
        return face
    }

    /// How many faces are open (for tests).
    var count: Int { lock.withLock { faces.count } }
}

/// One Pango font map and context over a font system's configuration, with the font descriptions
/// made in it: used by one thread at a time (see ``FontSystem``).
///
/// It is counted as a `textContext` in ``LiveObjects`` from when it is made until it is freed,
/// with the font system or when it is handed back beyond the idle limit; it is not tied to a
/// thread, so no Pango object outlives the font system whatever threads used it.
final class TextContext {
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer
    private var descriptions: [FontSpec: OpaquePointer] = [:]
    private var iconDescriptions: [Double: OpaquePointer] = [:]
    /// How far each font's lines are drawn below where Pango puts them (``baselineShift(_:)``).
    private var baselineShifts: [FontSpec: Double] = [:]
    /// The Cairo font faces this context has handed to ``FontFaces`` already.
    private var keptFaces: Set<OpaquePointer> = []
    /// The scope counting this context (tests only).
    private let live: LiveObjects?
    /// Paragraphs laid out for drawing, kept to be drawn again without shaping their text again
    /// (the frames of an animation, the states of a scene and scenes sharing labels draw the
    /// same paragraphs): ``drawingLayout(text:font:width:lineLimit:alignment:)``.
    private var drawn: [DrawnKey: OpaquePointer] = [:]
    /// The UTF-8 bytes of the texts in `drawn`.
    private var drawnBytes = 0

    /// What a layout for drawing depends on: every argument of `makeLayout`.
    private struct DrawnKey: Hashable {
        let text: String
        let font: FontSpec
        let width: Double?
        let lineLimit: Int?
        let alignment: TextAlignment
    }
    /// The most layouts kept for drawing, and the most bytes of text they hold together; when
    /// either would be passed, all are dropped (a text longer than the limit is kept alone).
    static let drawnLimit = 256
    static let drawnByteLimit = 256 << 10

    /// A font map over `config` (which it references until it is freed) and a context in it.
    init(config: OpaquePointer) throws {
        guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            throw ProofsheetError.internal("pango: no FreeType font map (is Pango built with FreeType?)")
        }
        pango_fc_font_map_set_config(OpaquePointer(map), config)
        guard let ctx = pango_font_map_create_context(map) else {
            Self.release(map: map)
            throw ProofsheetError.internal("pango: cannot create a context")
        }
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(ctx, options)
        cairo_font_options_destroy(options)
        pango_cairo_context_set_resolution(ctx, 72)
        pango_context_set_round_glyph_positions(ctx, 0)
        fontMap = map
        context = ctx
        live = LiveObjects.made(.textContext)
    }

    deinit {
        forgetDrawn()
        clearDescriptions()
        g_object_unref(UnsafeMutableRawPointer(context))
        Self.release(map: fontMap)
        live?.released(.textContext)
    }

    /// Drops the font map. The map's own reference to the configuration is taken back first:
    /// Pango 1.50 does not drop it when the map is finalized, which leaked the whole
    /// configuration (about 11 KB) with every font map.
    private static func release(map: UnsafeMutablePointer<PangoFontMap>) {
        pango_fc_font_map_set_config(OpaquePointer(map), nil)
        g_object_unref(UnsafeMutableRawPointer(map))
    }

    /// The Pango font description for a font (cached).
    func description(_ font: FontSpec) -> OpaquePointer {
        var key = font
        key.lineHeight = 0
        key.tracking = 0; key.lineSpacing = 0; key.underline = false; key.strikethrough = false
        if let d = descriptions[key] { return d }
        if descriptions.count >= 512 { clearDescriptions() }
        let d: OpaquePointer = pango_font_description_new()
        pango_font_description_set_family(d, FontSystem.familyList(for: font))
        pango_font_description_set_weight(d, PangoWeight(rawValue: UInt32(font.weight)))
        pango_font_description_set_absolute_size(d, font.size * Double(PANGO_SCALE))
        if font.italic { pango_font_description_set_style(d, PANGO_STYLE_ITALIC) }
        descriptions[key] = d
        keepFace(of: d)
        return d
    }

    /// How far below Pango's place a line of `font` is drawn so that its baseline is SF Pro's
    /// (``FontSpec/baselineFromTop``): Pango centres a stand-in face's own ascent and descent in
    /// the line, SF Pro's ascent is a little smaller than Inter's.
    func baselineShift(_ font: FontSpec) -> Double {
        var key = font
        key.tracking = 0; key.lineSpacing = 0; key.underline = false; key.strikethrough = false
        if let shift = baselineShifts[key] { return shift }
        if baselineShifts.count >= 512 { baselineShifts.removeAll() }
        let layout = makeLayout(text: "Hg", font: key, width: nil, lineLimit: nil, alignment: .leading)
        defer { release(layout) }
        let shift = font.baselineFromTop - Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
        baselineShifts[key] = shift
        return shift
    }

    /// Frees the cached font descriptions (they are re-made on demand).
    private func clearDescriptions() {
        for d in descriptions.values { pango_font_description_free(d) }
        for d in iconDescriptions.values { pango_font_description_free(d) }
        descriptions.removeAll()
        iconDescriptions.removeAll()
    }

    /// The icon font at `size` points (cached).
    func iconDescription(size: Double) -> OpaquePointer {
        if let d = iconDescriptions[size] { return d }
        if iconDescriptions.count >= 512 { clearDescriptions() }
        let d: OpaquePointer = pango_font_description_new()
        pango_font_description_set_family(d, FontSystem.iconFamily)
        pango_font_description_set_absolute_size(d, size * Double(PANGO_SCALE))
        iconDescriptions[size] = d
        keepFace(of: d)
        return d
    }

    /// A symbol's layer drawn from the icon font: its one-glyph layout (give it to
    /// `release(_:)`) and where the layout's top-left goes for the glyph to be centred on the
    /// symbol's frame, moved by the layer's offset; nil for a code point that is no character.
    func iconGlyph(_ layer: SymbolLayer, of s: SymbolDraw) -> (layout: OpaquePointer, origin: Point)? {
        guard let scalar = UnicodeScalar(layer.codepoint) else { return nil }
        let size = s.pointSize * layer.scale
        let layout = makeLayout(
            text: String(Character(scalar)), font: FontSpec(size: size, weight: 400, lineHeight: size), width: nil, lineLimit: nil,
            alignment: .leading)
        pango_layout_set_font_description(layout, iconDescription(size: size))
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let w = Double(logical.width) / Double(PANGO_SCALE), h = Double(logical.height) / Double(PANGO_SCALE)
        let cx = s.frame.minX + s.frame.width / 2 + layer.dx * s.pointSize
        let cy = s.frame.minY + s.frame.height / 2 + layer.dy * s.pointSize
        return (layout, Point(x: cx - w / 2, y: cy - h / 2))
    }

    /// A new layout for a paragraph (give it to `release(_:)`).
    func makeLayout(text: String, font: FontSpec, width: Double?, lineLimit: Int?, alignment: TextAlignment) -> OpaquePointer {
        let layout: OpaquePointer = pango_layout_new(context)
        _ = LiveObjects.made(.pangoLayout)
        text.withCString { pango_layout_set_text(layout, $0, -1) }
        pango_layout_set_font_description(layout, description(font))
        let attrs = pango_attr_list_new()
        let lineHeight = Int32((font.lineHeight * Double(PANGO_SCALE)).rounded())
        // The line height is set over consecutive ranges that end where an over-long word is
        // cut into pieces: each range boundary starts a new Pango item (see `itemSplits`).
        var start: UInt32 = 0
        for end in FontSystem.itemSplits(text).map(UInt32.init) + [UInt32.max] {
            let a = pango_attr_line_height_new_absolute(lineHeight)!
            a.pointee.start_index = start
            a.pointee.end_index = end
            pango_attr_list_insert(attrs, a)
            start = end
        }
        // The text styles over the whole text (an attribute's range defaults to all of it).
        if font.tracking != 0 {
            pango_attr_list_insert(attrs, pango_attr_letter_spacing_new(Int32((font.tracking * Double(PANGO_SCALE)).rounded())))
        }
        if font.underline { pango_attr_list_insert(attrs, pango_attr_underline_new(PANGO_UNDERLINE_SINGLE)) }
        if let language = font.language, let l = language.withCString({ pango_language_from_string($0) }) {
            pango_attr_list_insert(attrs, pango_attr_language_new(l))
        }
        if font.strikethrough { pango_attr_list_insert(attrs, pango_attr_strikethrough_new(1)) }
        if font.lineSpacing != 0 { pango_layout_set_spacing(layout, Int32((font.lineSpacing * Double(PANGO_SCALE)).rounded())) }
        pango_layout_set_attributes(layout, attrs)
        pango_attr_list_unref(attrs)
        if let width {
            // Pango counts the letter spacing after a line's last character when it breaks
            // lines, but not in the line's width: the slack keeps a line measured to fit from
            // breaking when it is drawn at that width.
            let width = width + abs(font.tracking)
            pango_layout_set_width(layout, Int32(min(width, 1e6) * Double(PANGO_SCALE)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        if let lineLimit {
            pango_layout_set_height(layout, -Int32(max(1, min(lineLimit, 100_000))))
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
        // The alignment is on the page (leading is left; a right-to-left layout has swapped
        // it already, ``TextAlignment/physical(in:)``). Pango swaps left and right for a
        // paragraph that runs right to left (Hebrew, Arabic): asked the other way, it draws
        // the side meant. The direction is only known once the paragraph is laid out, and
        // setting another alignment throws that layout away: the side is set for a paragraph
        // that runs left to right first, and set again only for one that does not (centred
        // text is the same either way).
        switch alignment {
        case .leading: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .trailing: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        if alignment != .center, pango_layout_get_direction(layout, 0) == PANGO_DIRECTION_RTL {
            pango_layout_set_alignment(layout, alignment == .leading ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        }
        return layout
    }

    /// A layout of a paragraph to draw, as `makeLayout` makes it, owned by this context: it stays
    /// valid until the next call. The same arguments give the layout made before when it is
    /// still kept (a layout is never changed by drawing it; Pango shapes its text once).
    func drawingLayout(text: String, font: FontSpec, width: Double?, lineLimit: Int?, alignment: TextAlignment) -> OpaquePointer {
        let key = DrawnKey(text: text, font: font, width: width, lineLimit: lineLimit, alignment: alignment)
        if let layout = drawn[key] { return layout }
        let bytes = text.utf8.count
        if drawn.count >= Self.drawnLimit || drawnBytes + bytes > Self.drawnByteLimit { forgetDrawn() }
        let layout = makeLayout(text: text, font: font, width: width, lineLimit: lineLimit, alignment: alignment)
        // Kept from now: counted with this context rather than the task that made it.
        keepFaces(of: layout)
        LiveObjects.current?.released(.pangoLayout)
        live?.added(.keptLayout)
        drawn[key] = layout
        drawnBytes += bytes
        return layout
    }

    /// How many layouts are kept for drawing (for tests).
    var drawnCount: Int { drawn.count }

    /// Frees the layouts kept for drawing.
    private func forgetDrawn() {
        for layout in drawn.values {
            g_object_unref(UnsafeMutableRawPointer(layout))
            live?.released(.keptLayout)
        }
        drawn.removeAll()
        drawnBytes = 0
    }

    /// Releases a layout from `makeLayout` (on the thread and in the task that made it), once the
    /// Cairo font faces it was laid out in are kept (see ``FontFaces``).
    func release(_ layout: OpaquePointer) {
        keepFaces(of: layout)
        g_object_unref(UnsafeMutableRawPointer(layout))
        LiveObjects.current?.released(.pangoLayout)
    }

    /// Keeps the Cairo font faces `layout` was laid out in (see ``FontFaces``).
    private func keepFaces(of layout: OpaquePointer) {
        var lines = pango_layout_get_lines_readonly(layout)
        while let line = lines {
            var runs = line.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self).pointee.runs
            while let run = runs {
                if let font = run.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self).pointee.item.pointee.analysis.font {
                    keepFace(of: font)
                }
                runs = run.pointee.next
            }
            lines = line.pointee.next
        }
    }

    /// Keeps the Cairo font face `font` is drawn with, the first time this context meets it.
    private func keepFace(of font: UnsafeMutablePointer<PangoFont>) {
        guard let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font)), let face = cairo_scaled_font_get_font_face(scaled)
        else { return }
        if keptFaces.insert(face).inserted { FontFaces.shared.keep(face) }
    }

    /// Keeps the face of the first font of `description` (what Pango measures an empty line in).
    private func keepFace(of description: OpaquePointer) {
        guard let font = pango_context_load_font(context, description) else { return }
        keepFace(of: font)
        g_object_unref(UnsafeMutableRawPointer(font))
    }
}

/// Every Cairo font face text has been laid out or drawn in, kept until the process ends.
///
/// Cairo 1.16 keeps the faces of one font file in a list that it walks, adds to and removes from
/// without a lock: when threads with font maps of their own make and drop faces of the same file,
/// a face can be freed while another thread walks past it. A face kept here is never dropped, so
/// once a thread has met a font, other threads only ever find its face in the list. There are as
/// many as fonts drawn with different options (a few dozen at most: one per font file here); they
/// are not counted in ``LiveObjects``, like Cairo's own font caches.
final class FontFaces: Sendable {
    static let shared = FontFaces()
    private let kept = Locked<Set<UInt>>([])

    func keep(_ face: OpaquePointer) {
        kept.withLock { kept in
            if kept.insert(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(face)))).inserted { cairo_font_face_reference(face) }
        }
    }

    /// How many faces are kept (for tests).
    var count: Int { kept.withLock { $0.count } }
}

extension FontSystem {
    /// The most characters without a line-break opportunity that Pango is given as one item.
    ///
    /// Pango (1.50) wraps a word wider than the line by re-shaping the whole rest of its item
    /// for every line, so one 30 000-character word took tens of seconds. Cutting such words
    /// into items of at most this many characters bounds that work; Pango still fills each
    /// line up to its width across the cuts (only kerning across a cut is lost, in words no
    /// real text has). Text whose words are all shorter is laid out exactly as before.
    static let maxUnbreakableRun = 256

    /// UTF-8 offsets at which `text` is cut into separate items so that no stretch without a
    /// line-break opportunity is longer than `maxRun` characters; empty for ordinary text.
    static func itemSplits(_ text: String, maxRun: Int = maxUnbreakableRun) -> [Int] {
        // Pango reads the text up to its first NUL.
        let scalars = text.unicodeScalars.prefix { $0.value != 0 }
        // Fast path: no run of non-space characters is that long.
        var run = 0
        var longest = 0
        for s in scalars {
            if s.properties.isWhitespace { run = 0 } else { run += 1; longest = max(longest, run) }
        }
        guard longest > maxRun else { return [] }
        let count = scalars.count
        let bytes = scalars.reduce(0) { $0 + $1.utf8.count }
        var attrs = [PangoLogAttr](repeating: PangoLogAttr(), count: count + 1)
        text.withCString { pango_get_log_attrs($0, Int32(bytes), -1, pango_language_get_default(), &attrs, Int32(count + 1)) }
        var splits: [Int] = []
        var offset = 0
        var sinceBreak = 0
        for (i, s) in scalars.enumerated() {
            if i > 0 {
                if attrs[i].is_line_break != 0 {
                    sinceBreak = 0
                } else if sinceBreak >= maxRun, attrs[i].is_cursor_position != 0 {
                    splits.append(offset)
                    sinceBreak = 0
                }
            }
            sinceBreak += 1
            offset += s.utf8.count
        }
        return splits
    }
}

extension FontSystem {
    /// The length in characters of each run of `text` laid out on one line: where Pango's items
    /// begin and end (for tests of the cuts `itemSplits` makes).
    func runLengths(_ text: String, font: FontSpec) -> [Int] {
        withContext { ctx in
            let layout = ctx.makeLayout(text: text, font: font, width: nil, lineLimit: nil, alignment: .leading)
            defer { ctx.release(layout) }
            var lengths: [Int] = []
            var runs = pango_layout_get_line_readonly(layout, 0)?.pointee.runs
            while let link = runs {
                if let run = link.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self) {
                    lengths.append(Int(run.pointee.item.pointee.num_chars))
                }
                runs = link.pointee.next
            }
            return lengths
        }
    }
}

/// Measures text with Pango, exactly as the Cairo backend will draw it. Sizes are remembered for
/// the whole process (``TextMeasurementCache/shared``), so a text measured once, in any render on
/// any thread, is not laid out again.
public struct PangoTextMeasurer: Sendable {
    public let fonts: FontSystem
    /// Where sizes are remembered; nil measures every time.
    let cache: TextMeasurementCache?
    public init(fonts: FontSystem) { self.init(fonts: fonts, cache: .shared) }
    package init(fonts: FontSystem, cache: TextMeasurementCache?) { self.fonts = fonts; self.cache = cache }

    public func measure(_ text: String, font: FontSpec, maxWidth: Double?, lineLimit: Int?) -> Size {
        guard let cache else { return measureWithPango(text, font: font, maxWidth: maxWidth, lineLimit: lineLimit) }
        let key = TextMeasurementCache.Key(fontsConf: fonts.fontsConf, text: text, font: font, maxWidth: maxWidth, lineLimit: lineLimit)
        if let size = cache.size(for: key) { return size }
        let size = measureWithPango(text, font: font, maxWidth: maxWidth, lineLimit: lineLimit)
        cache.insert(size, for: key)
        return size
    }

    private func measureWithPango(_ text: String, font: FontSpec, maxWidth: Double?, lineLimit: Int?) -> Size {
        fonts.withContext { ctx in
            let layout = ctx.makeLayout(text: text, font: font, width: maxWidth, lineLimit: lineLimit, alignment: .leading)
            defer { ctx.release(layout) }
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            let lines = Double(pango_layout_get_line_count(layout))
            var w = Double(logical.width) / Double(PANGO_SCALE)
            if font.tracking != 0, let maxWidth { w = min(w, maxWidth) }
            return Size(width: text.isEmpty ? 0 : w, height: font.height(lines: Int(lines)))
        }
    }
}

import Foundation
import ProofsheetCore
import ProofsheetImage

/// What a render depends on besides the scene: Proofsheet's version, the versions of the
/// libraries that draw and shape text, and the pinned font files. Two machines with the same
/// fingerprint draw the same bytes; a golden recorded under another fingerprint is the usual
/// cause of a red check on a new runner.
///
/// Every golden carries it in a PNG `tEXt` chunk (keyword ``pngKeyword``), and every report in
/// `results.json`.
public struct EnvironmentFingerprint: Sendable, Hashable, Codable {
    public var proofsheet: String
    public var cairo: String
    public var pango: String
    public var harfbuzz: String
    public var freetype: String
    public var fontconfig: String
    /// A hash of the pinned font files (names, sizes and contents), 16 hex digits.
    public var fonts: String
    /// The processor architecture and system (`x86_64-linux`, ``currentArchitecture``): the
    /// same libraries round differently on another architecture. Nil in goldens recorded
    /// before it was recorded (then not compared).
    public var architecture: String?

    public init(
        proofsheet: String, cairo: String, pango: String, harfbuzz: String, freetype: String, fontconfig: String, fonts: String,
        architecture: String? = nil
    ) {
        self.proofsheet = proofsheet; self.cairo = cairo; self.pango = pango; self.harfbuzz = harfbuzz
        self.freetype = freetype; self.fontconfig = fontconfig; self.fonts = fonts; self.architecture = architecture
    }

    /// The processor architecture and system this binary was built for (`x86_64-linux`): pixels
    /// can differ across architectures where floating point is rounded differently.
    public static var currentArchitecture: String {
        #if arch(x86_64)
            let cpu = "x86_64"
        #elseif arch(arm64)
            let cpu = "arm64"
        #else
            let cpu = "other"
        #endif
        #if os(Linux)
            return cpu + "-linux"
        #elseif os(macOS)
            return cpu + "-macos"
        #else
            return cpu
        #endif
    }

    /// The PNG `tEXt` keyword of the fingerprint in goldens.
    public static let pngKeyword = "proofsheet-environment"

    /// The fields in a fixed order, as (name, value).
    public var fields: [(name: String, value: String)] {
        [
            ("proofsheet", proofsheet), ("cairo", cairo), ("pango", pango), ("harfbuzz", harfbuzz), ("freetype", freetype),
            ("fontconfig", fontconfig), ("fonts", fonts)
        ] + (architecture.map { [("architecture", $0)] } ?? [])
    }

    /// `proofsheet=0.1.0 cairo=1.16.0 …`: the text stored in goldens.
    public var text: String { fields.map { "\($0.name)=\($0.value)" }.joined(separator: " ") }

    /// Parses ``text``; nil when any field is missing or malformed.
    public init?(text: String) {
        var values: [String: String] = [:]
        for part in text.split(separator: " ") {
            guard let eq = part.firstIndex(of: "=") else { return nil }
            let key = String(part[..<eq]), value = String(part[part.index(after: eq)...])
            guard !value.isEmpty, value.count <= 64, value.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else { return nil }
            values[key] = value
        }
        guard let p = values["proofsheet"], let c = values["cairo"], let pa = values["pango"], let h = values["harfbuzz"],
            let ft = values["freetype"], let fc = values["fontconfig"], let f = values["fonts"]
        else { return nil }
        self.init(proofsheet: p, cairo: c, pango: pa, harfbuzz: h, freetype: ft, fontconfig: fc, fonts: f, architecture: values["architecture"])
    }

    /// What differs from `other`, in words: `cairo 1.16.0 here, 1.18.0 in the golden` (a field
    /// one of them does not record is not compared).
    public func differences(from golden: EnvironmentFingerprint) -> [String] {
        let theirs = Dictionary(golden.fields.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        return fields.compactMap { here in
            guard let there = theirs[here.name], there != here.value else { return nil }
            return "\(here.name) \(here.value) here, \(there) in the golden"
        }
    }

    /// What to add to the advice to check in the container, given the differences in words
    /// (``differences(from:)``, joined): goldens recorded on x86_64 and checked on another
    /// processor (an Apple Silicon laptop) are checked in the container under emulation.
    public static func platformNote(_ differences: String) -> String {
        differences.contains(", x86_64-linux in the golden")
            ? " (on another processor: docker run --platform linux/amd64 … proofsheet check)" : ""
    }

    /// Whether `golden` was recorded on another processor architecture than this one.
    public func architectureDiffers(from golden: EnvironmentFingerprint) -> Bool {
        guard let here = architecture, let there = golden.architecture else { return false }
        return here != there
    }

    /// A 64-bit FNV-1a hash of `bytes`, continuing from `hash`.
    public static func fnv1a(_ bytes: UnsafeRawBufferPointer, _ hash: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var h = hash
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }

    /// The hash of an array's bytes (read in place: a generic sequence of bytes is read a byte
    /// at a time through its iterator, many times slower on a frame's pixels).
    public static func fnv1a(_ bytes: [UInt8], _ hash: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        bytes.withUnsafeBytes { fnv1a($0, hash) }
    }

    /// The hash of `data`'s bytes, read in place.
    public static func fnv1a(_ data: Data, _ hash: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        data.withUnsafeBytes { fnv1a($0, hash) }
    }
}

/// Reading and writing the `tEXt` chunk that carries a golden's fingerprint.
public enum PNGText {
    /// `png` with a `tEXt` chunk `keyword`/`text` inserted after IHDR (the bytes unchanged when
    /// they are not a PNG with an IHDR first).
    public static func inserting(_ keyword: String, _ text: String, into png: [UInt8]) -> [UInt8] {
        // Signature (8) + IHDR chunk (4 length + 4 type + 13 data + 4 CRC).
        let ihdrEnd = 8 + 25
        guard png.count > ihdrEnd, png.starts(with: PNGChunks.signature), Array(png[12..<16]) == Array("IHDR".utf8) else { return png }
        var chunk: [UInt8] = []
        PNGChunks.append("tEXt", Array(keyword.utf8) + [0] + Array(text.utf8), to: &chunk)
        return Array(png[..<ihdrEnd]) + chunk + Array(png[ihdrEnd...])
    }

    /// `png` without the `tEXt` chunks named `keyword` before the image data (the bytes unchanged
    /// when they are not a well-formed run of chunks up to there).
    public static func removing(_ keyword: String, from png: [UInt8]) -> [UInt8] {
        guard let (chunks, data) = leadingChunks(png), let data else { return png }
        var out = Array(png[..<8])
        for c in chunks where !isText(c, keyword, in: png) { out += png[c] }
        return out + png[data...]
    }

    /// The text of the first `tEXt` chunk named `keyword` before the image data, or nil.
    public static func read(_ keyword: String, in png: [UInt8]) -> String? {
        guard let (chunks, _) = leadingChunks(png), let c = chunks.first(where: { isText($0, keyword, in: png) }) else { return nil }
        return String(decoding: png[c.lowerBound + 8 + keyword.utf8.count + 1..<c.upperBound - 4], as: UTF8.self)
    }

    /// The chunks before the image data (each one's bytes: length, type, data, CRC) and where
    /// the image data starts: nil when the bytes are no PNG; no start when they end, or a chunk
    /// is cut short, before it (the chunks up to there are given: a PNG's first bytes suffice).
    static func leadingChunks(_ png: [UInt8]) -> (chunks: [Range<Int>], data: Int?)? {
        guard png.starts(with: PNGChunks.signature) else { return nil }
        var chunks: [Range<Int>] = []
        var at = 8
        while at + 12 <= png.count {
            let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length <= png.count - at - 12 else { return (chunks, nil) }
            let type = Array(png[at + 4..<at + 8])
            if type == Array("IDAT".utf8) || type == Array("IEND".utf8) { return (chunks, at) }
            chunks.append(at..<at + 12 + length)
            at += 12 + length
        }
        return (chunks, nil)
    }

    /// Whether the chunk `c` of `png` is a `tEXt` chunk named `keyword`.
    static func isText(_ c: Range<Int>, _ keyword: String, in png: [UInt8]) -> Bool {
        let key = Array(keyword.utf8) + [0]
        return Array(png[c.lowerBound + 4..<c.lowerBound + 8]) == Array("tEXt".utf8) && c.count - 12 >= key.count
            && Array(png[c.lowerBound + 8..<c.lowerBound + 8 + key.count]) == key
    }
}

// `GitLFS` (a Git LFS pointer file) lives in ProofsheetCore, where scene files are read too.

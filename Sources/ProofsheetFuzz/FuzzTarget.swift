import Foundation
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout

/// One parser or decoder that reads untrusted bytes, run on one input.
///
/// The contract every target checks: an input either succeeds or throws one of the project's
/// own errors (`ProofsheetError`, `ImageError`, `ExpressionError`); anything else — a crash,
/// a trap, a sanitizer report, another error type — is a bug.
enum FuzzTarget: String, CaseIterable, Sendable {
    /// A scene file: the JSON reader and the scene decoder (`SceneDecoder.decode(bytes:file:)`).
    case scene
    /// A decoded scene laid out with fixed text metrics and fake image sizes (no Cairo).
    case layout
    /// A `"=…"` expression evaluated with a few variables (`Expression.evaluate`).
    case expression
    /// PNG bytes (`PNGCodec.decode`, libpng through the C reader).
    case png
    /// JPEG bytes (`JPEGCodec.decode`, libjpeg through the C reader).
    case jpeg
    /// A report's `results.json` (`ReportFolder.parse`).
    case report

    /// The environment variable that picks the target.
    static let environmentKey = "PROOFSHEET_FUZZ_TARGET"

    /// The target named by `PROOFSHEET_FUZZ_TARGET`, if any.
    static var fromEnvironment: FuzzTarget? {
        ProcessInfo.processInfo.environment[environmentKey].flatMap(FuzzTarget.init(rawValue:))
    }

    /// Decoded images above this many pixels are refused before allocation. Smaller than the
    /// default (`RGBAImage.maxPixelCount`) so that each run stays fast; the code path is the same.
    static let maxPixelCount = 4_000_000

    /// Variables the expression target can refer to: the names the example scenes use.
    static let variables: [String: ScriptValue] = [
        "width": .number(390), "height": .number(844), "index": .number(2), "count": .number(4),
        "progress": .number(0.4), "translation": .number(-120), "threshold": .number(-80), "dragThreshold": .number(80),
        "name": .string("Yosemite"), "none": .null,
        "drag": .object(["dragging": .bool(true), "width": .number(120), "height": .number(-8)]),
        "card": .object(["depth": .number(0), "drag": .number(-100)]),
        "trip": .object(["top": .bool(true), "destination": .string("Oia, Greece")]),
        "user": .object(["id": .number(1), "firstName": .string("Ada"), "lastName": .string("L")]),
        "cards": .array([.object(["image": .string("oia-greece")]), .object(["image": .string("tokyo-japan")])])
    ]

    /// Runs the input through the target; throws what the code under test threw.
    func run(_ bytes: [UInt8]) throws {
        switch self {
        case .scene:
            _ = try SceneDecoder().decode(bytes: bytes, file: "fuzz.json")
        case .layout:
            let scene = try SceneDecoder().decode(bytes: bytes, file: "fuzz.json")
            _ = try LayoutEngine(measurer: FixedTextMetrics(), assets: FixedImageSizes()).layout(scene).displayList
        case .expression:
            _ = try Expression.evaluate(String(decoding: bytes, as: UTF8.self), vars: Self.variables)
        case .png:
            _ = try PNGCodec.decode(bytes, source: "fuzz.png", maxPixelCount: Self.maxPixelCount)
        case .jpeg:
            _ = try JPEGCodec.decode(bytes, source: "fuzz.jpg", maxPixelCount: Self.maxPixelCount)
        case .report:
            _ = try ReportFolder.parse(bytes, file: "results.json")
        }
    }

    /// Whether `error` is one the target may throw for bad input.
    static func isExpected(_ error: any Error) -> Bool {
        error is ProofsheetError || error is ImageError || error is ExpressionError
    }
}

/// Text metrics without fonts: half an em per character, one line per paragraph or wrapped by
/// character count, so that layout runs without Pango.
struct FixedTextMetrics: TextMeasurer {
    func measure(_ text: String, font: FontSpec, maxWidth: Double?, lineLimit: Int?) -> Size {
        let charWidth = font.size / 2
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        var width = 0.0, lines = 0
        for p in paragraphs {
            let w = Double(p.count) * charWidth
            if let maxWidth, maxWidth > 0, w > maxWidth {
                lines += Int(min(1_000_000, (w / maxWidth).rounded(.up)))
                width = max(width, maxWidth)
            } else {
                lines += 1
                width = max(width, w)
            }
        }
        if let lineLimit { lines = min(lines, max(1, lineLimit)) }
        return Size(width: width, height: Double(max(1, lines)) * font.lineHeight)
    }
}

/// Every image asset is a 800×1200 photo; a name starting with "missing" is not found.
struct FixedImageSizes: AssetProvider {
    func image(named name: String) throws -> (path: String, size: Size) {
        if name.hasPrefix("missing") { throw ProofsheetError.badInput("no image named '\(name)'") }
        return ("/fuzz/\(name).jpg", Size(width: 800, height: 1200))
    }
}

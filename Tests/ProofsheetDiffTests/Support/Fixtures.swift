import Foundation
import ProofsheetDiff
import Testing

/// Locations of the test fixtures, found relative to this source file.
enum Fixtures {
    /// `Tests/ProofsheetDiffTests/Fixtures`.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // ProofsheetDiffTests
        .appendingPathComponent("Fixtures")

    /// The pixelmatch 7.1.0 conformance fixtures (ISC, see LICENSE there).
    static let pixelmatch = root.appendingPathComponent("pixelmatch")

    /// Path of `fixtures/<name>.png` in the pixelmatch set.
    static func pixelmatchPNG(_ name: String) -> String {
        pixelmatch.appendingPathComponent("fixtures/\(name).png").path
    }

    /// Decodes `fixtures/<name>.png` of the pixelmatch set.
    static func image(_ name: String) throws -> RGBAImage {
        try PNGCodec.decode(contentsOfFile: pixelmatchPNG(name))
    }
}

/// One entry of `cases.json`.
struct ConformanceCase: Decodable, Sendable, CustomTestStringConvertible {
    struct Options: Decodable, Sendable {
        var threshold: Double?
        var includeAA: Bool?
        var alpha: Double?
        var aaColor: [UInt8]?
        var diffColor: [UInt8]?
        var diffColorAlt: [UInt8]?
        var diffMask: Bool?
    }

    var a: String
    var b: String
    var diff: String
    var options: Options
    var mismatched: Int

    var testDescription: String { "\(a) vs \(b) -> \(diff)" }

    /// The case's options on top of pixelmatch's defaults.
    var diffOptions: DiffOptions {
        func color(_ c: [UInt8]?) -> RGBColor? { c.map { RGBColor($0[0], $0[1], $0[2]) } }
        var result = DiffOptions()
        if let v = options.threshold { result.threshold = v }
        if let v = options.includeAA { result.includeAA = v }
        if let v = options.alpha { result.alpha = v }
        if let v = color(options.aaColor) { result.aaColor = v }
        if let v = color(options.diffColor) { result.diffColor = v }
        result.diffColorAlt = color(options.diffColorAlt)
        if let v = options.diffMask { result.diffMask = v }
        return result
    }

    private struct File: Decodable {
        var cases: [ConformanceCase]
    }

    /// All cases, or an empty list if the file cannot be read (a separate
    /// test asserts the count, so that situation fails loudly).
    static let all: [ConformanceCase] = {
        let url = Fixtures.pixelmatch.appendingPathComponent("cases.json")
        guard let data = try? Data(contentsOf: url),
            let file = try? JSONDecoder().decode(File.self, from: data)
        else { return [] }
        return file.cases
    }()
}

import Foundation
import Testing
import Proofsheet
import ProofsheetTesting
import ProofsheetCairo
import ProofsheetLayout

/// Text metrics that make layout numbers easy to work out by hand: every character is half
/// the font size wide (CJK and emoji a whole em), words wrap greedily at spaces, and a text is
/// `lines × lineHeight` tall.
package struct FixedMetrics: TextMeasurer {
    package init() {}
    package func charWidth(_ c: Character, _ size: Double) -> Double {
        c.unicodeScalars.first.map { $0.value >= 0x2E80 } == true ? size : size / 2
    }
    package func width(_ s: Substring, _ size: Double) -> Double { s.reduce(0) { $0 + charWidth($1, size) } }

    package func lines(_ text: String, size: Double, maxWidth: Double?) -> [Substring] {
        var out: [Substring] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let maxWidth else { out.append(paragraph); continue }
            var line: Substring? = nil
            for word in paragraph.split(separator: " ") {
                if let l = line {
                    let candidate = text[l.startIndex..<word.endIndex]
                    if width(candidate, size) <= maxWidth + 1e-9 { line = candidate } else { out.append(l); line = word }
                } else {
                    line = word
                }
            }
            out.append(line ?? paragraph)
        }
        return out
    }

    package func measure(_ text: String, font: FontSpec, maxWidth: Double?, lineLimit: Int?) -> Size {
        var ls = lines(text, size: font.size, maxWidth: maxWidth)
        if let lineLimit, ls.count > lineLimit { ls = Array(ls.prefix(lineLimit)) }
        let w = ls.map { width($0, font.size) }.max() ?? 0
        return Size(width: min(w, maxWidth ?? .infinity), height: Double(max(1, ls.count)) * font.lineHeight)
    }
}

/// Images of known sizes, without files.
package struct FakeAssets: AssetProvider {
    package init() {}
    package static let sizes: [String: Size] = [
        "photo": Size(width: 1000, height: 1500),  // portrait 2:3, like the example photos
        "square": Size(width: 100, height: 100),
        "wide": Size(width: 400, height: 200)
    ]
    package func image(named name: String) throws -> (path: String, size: Size) {
        // Any other name is a 2:3 photo like the built-in ones.
        if let s = Self.sizes[name] { return ("/fake/\(name).png", s) }
        return ("/fake/\(name).jpg", Size(width: 800, height: 1200))
    }
}

/// Lays out `root` on a canvas with fixed metrics.
package func layout(
    width: Double = 390, height: Double = 844, safeArea: EdgeInsets = .zero, scale: Double = 1,
    @ViewBuilder _ root: () -> Node
) throws -> LayoutResult {
    let scene = Scene(canvas: Size(width: width, height: height), safeArea: safeArea, scale: scale, root: root())
    return try LayoutEngine(measurer: FixedMetrics(), assets: FakeAssets()).layout(scene)
}

/// The frame of the node with `.id(name)`.
package func frame(_ result: LayoutResult, _ id: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Rect {
    try #require(result.root.find(id), "no node with id \(id) in\n\(result.root)", sourceLocation: sourceLocation).frame
}

/// The exact (unsnapped) frame of the view with `.id(name)`.
package func exactFrame(_ result: LayoutResult, _ id: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Rect {
    try #require(result.tree.find(id), "no view with id \(id)", sourceLocation: sourceLocation).frame
}

/// The identity (as text) of the view with `.id(name)`.
package func identity(_ result: LayoutResult, _ id: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
    try #require(result.tree.find(id), "no view with id \(id)", sourceLocation: sourceLocation).identity.description
}

/// A rectangle snapped to the pixel grid the way layout snaps: each edge to the nearest pixel.
package func snapped(_ x: Double, _ y: Double, _ w: Double, _ h: Double, scale: Double = 1) -> Rect {
    func s(_ v: Double) -> Double { (v * scale).rounded() / scale }
    return Rect(x: s(x), y: s(y), width: s(x + w) - s(x), height: s(y + h) - s(y))
}

/// Paths inside the package.
package enum Paths {
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    package static let tests = root + "/Tests/ProofsheetCLITests"
    package static let goldens = root + "/Tests/ProofsheetLayoutTests/Goldens"
    package static let scenes = root + "/Assets/Scenes"
    package static let artifacts = root + "/.build/test-artifacts"
    /// The built `proofsheet` binary (the debug build when there is one).
    package static var binary: String {
        for config in ["debug", "release"] {
            let p = root + "/.build/\(config)/proofsheet"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return root + "/.build/debug/proofsheet"
    }
}

/// A font of size 20 (10 pt per character, 24 pt lines with fixed metrics).
package let f20 = FontSpec.system(size: 20)

/// Compares `text` with the golden file `name`; records it when absent or when
/// PROOFSHEET_RECORD=1 (and fails, so a new golden is never a silent pass).
package func assertTextGolden(_ text: String, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let path = Paths.goldens + "/" + name
    let record = ProcessInfo.processInfo.environment["PROOFSHEET_RECORD"] == "1"
    if record || !FileManager.default.fileExists(atPath: path) {
        try FileManager.default.createDirectory(atPath: Paths.goldens, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        Issue.record("recorded golden \(name); check it and run again", sourceLocation: sourceLocation)
        return
    }
    let expected = try String(contentsOfFile: path, encoding: .utf8)
    if expected != text {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = text.split(separator: "\n", omittingEmptySubsequences: false)
        let firstDiff = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
        Issue.record(
            """
            golden \(name) differs at line \(firstDiff + 1):
              expected: \(firstDiff < a.count ? String(a[firstDiff]) : "<end>")
              actual:   \(firstDiff < b.count ? String(b[firstDiff]) : "<end>")
            (PROOFSHEET_RECORD=1 rewrites goldens)
            """, sourceLocation: sourceLocation)
    }
}

extension Snapshotting where Value == LayoutResult, Format == String {
    /// A layout's whole display list as text, compared line by line: an item in the wrong group,
    /// twice, or with a flipped transform fails, where a `contains` would pass.
    package static var displayListDump: Snapshotting {
        Snapshotting(pathExtension: "txt", diffing: .lines(describing: "the display list")) { $0.displayList.dump() }
    }
}

/// The error reading `text` as a scene file gives (named t.json), nil when it reads.
package func decodeError(_ text: String) -> ProofsheetError? {
    do {
        _ = try SceneDecoder().decode(bytes: Array(text.utf8), file: "t.json")
        return nil
    } catch let e as ProofsheetError { return e } catch { return nil }
}

/// A 100 × 100 scene file around `root` with the constants `vars`, its root view on line 4.
package func sceneText(_ root: String, vars: String = "{}") -> String {
    "{\n  \"canvas\": {\"width\": 100, \"height\": 100},\n  \"vars\": \(vars),\n  \"root\": \(root)\n}"
}

import Foundation
import ProofsheetCore

/// Values: objects and their keys, strings and text, numbers and lengths, choices, colours,
/// paints and gradients, shapes, fonts and asset names, each checked and located.
extension Context {
    func object(_ v: JSONValue, allowed: Set<String>) throws -> [String: JSONValue] {
        guard case .object(let members) = v.kind else {
            throw ProofsheetError.badInput("expected an object, got \(v.typeName)", at: v.location)
        }
        var out: [String: JSONValue] = [:]
        for (k, val) in members {
            guard allowed.contains(k) else {
                let close = closeNames(to: k, in: allowed)
                throw ProofsheetError.badInput(
                    "unknown key '\(excerpt(k))'", at: val.location,
                    hint: close.isEmpty
                        ? "allowed here: \(allowed.sorted().joined(separator: ", "))" : "did you mean \(listForHint(close.map { "'\($0)'" }))?")
            }
            out[k] = val
        }
        return out
    }

    func members(_ v: JSONValue) throws -> [(key: String, value: JSONValue)] {
        guard case .object(let members) = v.kind else { throw ProofsheetError.badInput("expected an object, got \(v.typeName)", at: v.location) }
        return members
    }

    func string(_ v: JSONValue) throws -> String { try stringOrUnknown(v) ?? "" }

    /// A string, or nil while validating when it depends on the state.
    func stringOrUnknown(_ v: JSONValue) throws -> String? {
        guard let x = try known(v) else { return nil }
        guard case .string(let s) = x else { throw badValue("expected a string, got \(x.typeName)", v) }
        return s
    }

    /// The text of a `Text` or a button title: a string within the `text-length` limit, taken
    /// from the scene's `scene-text` budget.
    func text(_ v: JSONValue) throws -> String {
        let s = try string(v)
        try Scene.Limits.checkText(s, at: v.location)
        guard budget.takeText(Scene.Limits.characterCount(s, upTo: Scene.Limits.textLength.int)) else {
            throw ProofsheetError.badInput(
                "the scene expands to more than \(Scene.Limits.sceneText.int) characters of text", at: v.location,
                hint: "use smaller ForEach counts or shorter texts, or raise the limit with --limit scene-text=N")
        }
        return s
    }

    func bool(_ v: JSONValue) throws -> Bool {
        guard let x = try known(v) else { return false }
        guard case .bool(let b) = x else { throw badValue("expected true or false, got \(x.typeName)", v) }
        return b
    }

    /// A number; while validating, a value depending on the state stands in as the range's
    /// lower bound (or 0).
    func number(_ v: JSONValue, in range: ClosedRange<Double>? = nil) throws -> Double {
        guard let x = try known(v) else { return range?.lowerBound ?? 0 }
        guard case .number(let n) = x else {
            throw badValue(
                "expected a number, got \(x.typeName)", v,
                hint: range.map { "a number from \(exact($0.lowerBound)) to \(exact($0.upperBound))" })
        }
        guard n.isFinite else { throw badValue("expected a finite number", v) }
        if let range, !range.contains(n) {
            throw badValue("\(exact(n)) is out of range", v, hint: "use a number from \(exact(range.lowerBound)) to \(exact(range.upperBound))")
        }
        return n
    }

    /// A number for a message: `fmt`'s short form when that is the number itself, else all its
    /// digits, so a bound such as 0.0001 is not shown as 0 (which it refuses).
    func exact(_ v: Double) -> String {
        let short = fmt(v)
        return Double(short) == v ? short : "\(v)"
    }

    /// A length in points, within ±`Scene.Limits.maxLength` (or "infinity" where allowed).
    func length(_ v: JSONValue, min: Double = -Scene.Limits.maxLength, allowInfinity: Bool = false) throws -> Double {
        if case .object = v.kind, v["scaledMetric"] != nil { return try scaledMetric(v, min: min) }
        if case .string(let s) = v.kind, !s.hasPrefix("$"), !s.hasPrefix("=") {
            if allowInfinity, s == "infinity" || s == ".infinity" { return .infinity }
            throw ProofsheetError.badInput(
                "'\(excerpt(s))' is not a length", at: v.location,
                hint: allowInfinity ? "a number of points, or \"infinity\"" : "a number of points (only maxWidth and maxHeight may be \"infinity\")")
        }
        return try number(v, in: min...Scene.Limits.maxLength)
    }

    /// `{"scaledMetric": 44, "relativeTo": "body"}`, SwiftUI's `@ScaledMetric`: a length that
    /// grows and shrinks with the scene's Dynamic Type size as the text style's text does
    /// (body unless `relativeTo` names another). It follows the screen's size, as `$env` says
    /// it, not a `dynamicTypeSize` modifier around the view.
    func scaledMetric(_ v: JSONValue, min: Double) throws -> Double {
        let o = try object(v, allowed: ["scaledMetric", "relativeTo"])
        let base = try length(o["scaledMetric"]!, min: min)
        let style = try o["relativeTo"].map(textStyle) ?? .body
        let scaled = style.scaled(base, at: dynamicTypeSize)
        return Swift.min(Swift.max(scaled, min), Scene.Limits.maxLength)
    }

    /// One of `options` by name; a leading dot is optional, as in Swift (`".title"`, `".bold"`).
    func choice<T>(_ v: JSONValue, _ options: [String: T]) throws -> T {
        guard let s = try stringOrUnknown(v) else { return options[options.keys.min()!]! }
        if let t = options[s] { return t }
        if s.hasPrefix("."), let t = options[String(s.dropFirst())] { return t }
        let close = closeNames(to: s, in: options.keys)
        throw badValue(
            "'\(excerpt(s))' is not a valid value here", v,
            hint: close.isEmpty
                ? "use one of \(listForHint(options.keys.sorted().map { "'\($0)'" }))"
                : "did you mean \(listForHint(close.map { "'\($0)'" }))?"
                    + (options.count <= 12 ? " (one of \(listForHint(options.keys.sorted().map { "'\($0)'" })))" : ""))
    }

    func unitPoint(_ v: JSONValue) throws -> UnitPoint {
        if case .object = v.kind {
            let o = try object(v, allowed: ["x", "y"])
            return UnitPoint(x: try o["x"].map { try number($0, in: -100...100) } ?? 0.5, y: try o["y"].map { try number($0, in: -100...100) } ?? 0.5)
        }
        return try choice(v, UnitPoint.named)
    }

    func alignment(_ v: JSONValue) throws -> Alignment { try choice(v, UnitPoint.named) }

    func edges(_ v: JSONValue) throws -> Edges {
        let names = Self.edgeNames
        if case .array(let list) = v.kind { return try list.reduce(into: Edges()) { $0.formUnion(try choice($1, names)) } }
        if case .string(let s) = v.kind, !s.hasPrefix("$"), !s.hasPrefix("="), names[s] == nil, names[String(s.drop { $0 == "." })] == nil {
            throw badValue(
                "'\(excerpt(s))' is not an edge", v,
                hint: (closeNames(to: s, in: names.keys).first.map { "did you mean '\($0)'? " } ?? "")
                    + "one of all, top, bottom, leading, trailing, horizontal, vertical, or an array of them")
        }
        return try choice(v, names)
    }

    func insets(_ v: JSONValue) throws -> EdgeInsets {
        let o = try object(v, allowed: ["top", "leading", "bottom", "trailing"])
        return EdgeInsets(
            top: try o["top"].map { try length($0, min: 0) } ?? 0, leading: try o["leading"].map { try length($0, min: 0) } ?? 0,
            bottom: try o["bottom"].map { try length($0, min: 0) } ?? 0, trailing: try o["trailing"].map { try length($0, min: 0) } ?? 0)
    }

    func color(_ v: JSONValue) throws -> Color {
        if case .object = v.kind {
            let o = try object(v, allowed: ["color", "opacity", "red", "green", "blue"])
            var c: Color
            if let base = o["color"] {
                c = try color(base)
            } else {
                c = Color(
                    red: try o["red"].map { try number($0, in: 0...1) } ?? 0, green: try o["green"].map { try number($0, in: 0...1) } ?? 0,
                    blue: try o["blue"].map { try number($0, in: 0...1) } ?? 0)
            }
            if let op = o["opacity"] { c = c.opacity(try number(op, in: 0...1)) }
            return c
        }
        guard let s = try stringOrUnknown(v) else { return .black }
        guard let c = Color.parse(s) else {
            let close = Color.closeNames(to: s)
            throw badValue(
                "'\(excerpt(s))' is not a colour", v,
                hint: (close.isEmpty ? "" : "did you mean \(listForHint(close.map { "'\($0)'" }))? ")
                    + "use a SwiftUI or UIKit colour name (`proofsheet colors` lists them), #RGB, #RRGGBB or #RRGGBBAA")
        }
        return c
    }

    func paint(_ v: JSONValue) throws -> Paint {
        if case .object = v.kind, let g = v["linearGradient"] {
            _ = try object(v, allowed: ["linearGradient"])
            return try gradient(try object(g, allowed: ["colors", "stops", "startPoint", "endPoint"]), g)
        }
        return .color(try color(v))
    }

    func gradient(_ m: [String: JSONValue], _ json: JSONValue) throws -> Paint {
        var stops: [GradientStop] = []
        if let c = m["colors"] {
            guard case .array(let list) = c.kind, list.count >= 2 else {
                throw ProofsheetError.badInput("'colors' must be an array of at least two colours", at: c.location)
            }
            stops = try list.enumerated().map { GradientStop(color: try color($1), location: Double($0) / Double(list.count - 1)) }
        } else if let s = m["stops"] {
            guard case .array(let list) = s.kind, list.count >= 2 else {
                throw ProofsheetError.badInput("'stops' must be an array of at least two {color, location}", at: s.location)
            }
            stops = try list.map {
                let o = try object($0, allowed: ["color", "location"])
                guard let c = o["color"], let l = o["location"] else {
                    throw ProofsheetError.badInput("a stop needs 'color' and 'location'", at: $0.location)
                }
                return GradientStop(color: try color(c), location: try number(l, in: 0...1))
            }
        } else {
            throw ProofsheetError.badInput("a gradient needs 'colors'", at: json.location, hint: "\"colors\": [\"red\", \"green\"]")
        }
        return .linearGradient(stops: stops, start: try m["startPoint"].map(unitPoint) ?? .top, end: try m["endPoint"].map(unitPoint) ?? .bottom)
    }

    func shapeKind(_ v: JSONValue) throws -> ShapeKind {
        if case .object = v.kind {
            let o = try object(v, allowed: ["roundedRectangle", "style"])
            guard let r = o["roundedRectangle"] else { throw ProofsheetError.badInput("expected {\"roundedRectangle\": radius}", at: v.location) }
            let cont = try o["style"].map { try choice($0, Self.roundedStyles) } ?? true
            return .roundedRectangle(radius: try length(r, min: 0), continuous: cont)
        }
        return try choice(v, Self.shapeNames)
    }

    /// A rounded rectangle's styles: whether each is continuous.
    static let roundedStyles = ["continuous": true, "circular": false]

    /// A stack's alignments across its axis.
    static func stackAlignments(_ axis: Axis) -> [String: Double] { axis == .vertical ? horizontalGuides : verticalGuides }

    /// Alignments along a horizontal line (a VStack's, a vertical inset's) and along a vertical
    /// one (an HStack's, with its text baselines).
    static let horizontalGuides: [String: Double] = ["leading": 0, "center": 0.5, "trailing": 1]
    static let verticalGuides: [String: Double] = [
        "top": 0, "center": 0.5, "bottom": 1, "firstTextBaseline": Node.firstTextBaseline, "lastTextBaseline": Node.lastTextBaseline
    ]
    /// A horizontal inset's alignments: no baselines.
    static let insetVerticalGuides: [String: Double] = ["top": 0, "center": 0.5, "bottom": 1]

    /// The options of the kinds a state may name, each table made once.
    static let scrollAxes: [String: Axis] = ["vertical": .vertical, "horizontal": .horizontal]
    static let contentModes: [String: ContentMode] = ["fit": .fit, "fill": .fill]
    static let titleDisplayModes = options(TitleDisplayMode.self)
    static let toolbarPlacements = options(ToolbarPlacement.self)
    static let controlSizes = options(ButtonLook.ControlSize.self)
    static let alertRoles = options(AlertSpec.ButtonSpec.Role.self)
    static let safeAreaEdges = options(SafeAreaEdge.self)
    static let textStyles = options(TextStyle.self)
    static let designs = options(FontSpec.Design.self)
    static let colorSchemes = options(ColorScheme.self)
    static let textCases = options(TextCase.self)
    static let buttonStyles = options(ButtonLook.Style.self)

    /// The shapes a clip or content shape names.
    static let shapeNames: [String: ShapeKind] = ["rectangle": .rectangle, "circle": .circle, "ellipse": .ellipse, "capsule": .capsule]

    /// The edges `edges` names.
    static let edgeNames: [String: Edges] = [
        "all": .all, "top": .top, "bottom": .bottom, "leading": .leading, "trailing": .trailing, "horizontal": .horizontal, "vertical": .vertical
    ]

    /// `multilineTextAlignment`'s values.
    static let textAlignments: [String: TextAlignment] = ["leading": .leading, "center": .center, "trailing": .trailing]

    func borderShape(_ v: JSONValue) throws -> ButtonLook.BorderShape {
        if case .object = v.kind {
            let o = try object(v, allowed: ["roundedRectangle"])
            guard let r = o["roundedRectangle"] else { throw ProofsheetError.badInput("expected {\"roundedRectangle\": radius}", at: v.location) }
            return .roundedRectangle(radius: try length(r, min: 0))
        }
        return try choice(v, Self.borderShapes)
    }

    static let borderShapes: [String: ButtonLook.BorderShape] = [
        "automatic": .automatic, "capsule": .capsule, "roundedRectangle": .roundedRectangle(radius: nil)
    ]

    func weight(_ v: JSONValue) throws -> Int {
        if case .number = v.kind { return Int(try number(v, in: 100...900)) }
        return try choice(v, FontSpec.weights)
    }

    func design(_ v: JSONValue) throws -> FontSpec.Design {
        try choice(v, Self.designs)
    }

    func font(_ v: JSONValue) throws -> FontSpec {
        if case .string = v.kind { return FontSpec.style(try textStyle(v)) }
        let o = try object(v, allowed: ["style", "size", "weight", "design", "relativeTo"])
        var f: FontSpec
        if let s = o["style"] {
            if o["size"] != nil { throw ProofsheetError.badInput("a font has a 'style' or a 'size', not both", at: v.location) }
            if let r = o["relativeTo"] {
                throw ProofsheetError.badInput(
                    "'relativeTo' is for a font of a 'size': a text style follows its own Dynamic Type sizes", at: r.location,
                    hint: "{\"size\": 30, \"relativeTo\": \"title\"}")
            }
            f = try font(s)
        } else if let s = o["size"] {
            f = FontSpec(size: try number(s, in: 1...1000))
            // `.system(size:relativeTo:)`, `.custom(_:size:relativeTo:)`: the size scales as the
            // style's does; a size alone stays fixed at every Dynamic Type size.
            if let r = o["relativeTo"] { f.textStyle = try textStyle(r) }
        } else {
            throw ProofsheetError.badInput(
                "a font needs a 'style' or a 'size'", at: v.location, hint: "{\"style\": \"headline\", \"design\": \"rounded\"} or {\"size\": 30}")
        }
        if let w = o["weight"] { f.weight = try weight(w) }
        if let d = o["design"] { f.design = try design(d) }
        return f
    }

    func textStyle(_ v: JSONValue) throws -> TextStyle {
        try choice(v, Self.textStyles)
    }

    /// A locale's tag (`"de"`, `"zh-Hant"`, `"pseudo"`).
    func locale(_ v: JSONValue) throws -> String {
        guard let tag = try stringOrUnknown(v) else { return "en" }
        guard Localization.isValidTag(tag) else {
            throw badValue("'\(excerpt(tag))' is not a locale", v, hint: "a BCP 47 tag such as de, zh-Hant, ja, he or ar, or pseudo")
        }
        return tag
    }

    /// `{"de": {"Book it now": "Jetzt buchen"}, "ja": {…}}`: for each locale, texts by the text
    /// written.
    ///
    /// A table may be the path of the locale's `.strings` file instead (`{"fr":
    /// "fr.lproj/Localizable.strings"}`), and the whole value the path of a String Catalog
    /// (`"Localizable.xcstrings"`): files in the scene's folder or below it (``SceneFiles``).
    func stringTables(_ v: JSONValue) throws -> [String: [String: String]] {
        var files = 0
        /// The bytes of the file `name` names at `at`, and its path.
        func file(_ name: String, at: JSONValue, ending: String, example: String) throws -> (bytes: [UInt8], path: String) {
            guard name.hasSuffix(ending) else {
                throw badValue("'\(excerpt(name))' is not a \(ending) file", at, hint: example)
            }
            files += 1
            guard files <= Self.maxStringFiles else {
                throw badValue("the scene reads more than \(Self.maxStringFiles) strings files", at, hint: "merge tables into fewer files")
            }
            let folder = ((self.file ?? "") as NSString).deletingLastPathComponent
            let path = try SceneFiles.path(
                name, in: folder, root: SceneFiles.real(folder.isEmpty ? "." : folder), at: at.location, what: "strings file", example: example)
            return (try SceneFiles.read(path, name: name, at: at.location, failure: "cannot read the strings file"), path)
        }
        if case .string(let name) = v.kind {
            let f = try file(name, at: v, ending: ".xcstrings", example: "\"strings\": \"Localizable.xcstrings\"")
            return try StringsFiles.catalog(try JSONReader.parse(f.bytes, file: f.path), context: Context(file: f.path))
        }
        var out: [String: [String: String]] = [:]
        for (tag, table) in try members(v) {
            guard Localization.isValidTag(tag) else {
                throw ProofsheetError.badInput(
                    "'\(excerpt(tag))' is not a locale", at: table.location, hint: "name each table by a BCP 47 tag such as de, zh-Hant or ja")
            }
            if case .string(let name) = table.kind {
                let f = try file(name, at: table, ending: ".strings", example: "{\"de\": \"de.lproj/Localizable.strings\"}")
                out[tag] = try StringsFiles.strings(f.bytes, file: f.path)
                continue
            }
            var strings: [String: String] = [:]
            for (key, text) in try members(table) {
                guard case .string(let s) = text.kind else {
                    throw badValue("a translation is a string, got \(text.typeName)", text, hint: "{\"de\": {\"Book it now\": \"Jetzt buchen\"}}")
                }
                strings[key] = s
            }
            out[tag] = strings
        }
        return out
    }

    /// `{"reduceTransparency": true, "reduceMotion": true, "boldText": true, "increaseContrast": true}`.
    func accessibility(_ v: JSONValue) throws -> AccessibilitySettings {
        let o = try object(v, allowed: ["reduceTransparency", "reduceMotion", "boldText", "increaseContrast"])
        return AccessibilitySettings(
            reduceTransparency: try o["reduceTransparency"].map(bool) ?? false, reduceMotion: try o["reduceMotion"].map(bool) ?? false,
            boldText: try o["boldText"].map(bool) ?? false, increaseContrast: try o["increaseContrast"].map(bool) ?? false)
    }

    func layoutDirection(_ v: JSONValue) throws -> LayoutDirection {
        guard let name = try stringOrUnknown(v) else { return .leftToRight }
        guard let d = LayoutDirection.named(name) else {
            throw badValue("'\(excerpt(name))' is not a layout direction", v, hint: LayoutDirection.spellings)
        }
        return d
    }

    func dynamicTypeSize(_ v: JSONValue) throws -> DynamicTypeSize {
        guard let name = try stringOrUnknown(v) else { return .large }
        guard let size = DynamicTypeSize.named(name) else {
            throw badValue("'\(excerpt(name))' is not a Dynamic Type size", v, hint: DynamicTypeSize.spellings)
        }
        return size
    }

    func assetName(_ v: JSONValue) throws -> String {
        guard let name = try stringOrUnknown(v) else { return "?" }
        guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains(".."), !name.contains("\0") else {
            throw badValue(
                "image name '\(excerpt(name))' may not be absolute or contain '..'", v,
                hint: "name an image inside an asset root: the scene's folder, the built-in assets, or --assets DIR")
        }
        return name
    }
}

extension JSONValue {
    var objectCount: Int { if case .object(let m) = kind { return m.count }; return 0 }
}

extension SourceLocation {
    func with(path: JSONPath) -> SourceLocation { SourceLocation(file: file, jsonPath: path, line: line, column: column) }
}

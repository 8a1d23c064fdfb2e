import Foundation
import Proofsheet

/// Hostile scene files: malformed JSON, wrong types and values in every view and modifier,
/// hostile sizes, huge text. Each is rendered (some laid out or checked) and must exit 2 with a
/// message `s.json:LINE:COL (at $.path): error: …` (⟦ marks the place) and write nothing.
extension HostileCase {
    static let sceneCases: [HostileCase] = malformedJSON + wrongValues + hugeScenes + sceneFiles + systemViewCases

    // MARK: - Malformed JSON

    static let malformedJSON: [HostileCase] = [
        scene("empty file", "⟦", at: "$", says: ["unexpected end of file"]),
        scene("whitespace only", "\n\n  ⟦", at: "$", says: ["unexpected end of file"]),
        scene(
            "truncated inside a string", #"{"canvas": {"width": 40, "height": 30}, "root": {"type": "Te⟦"#,
            at: "$.root.type", says: ["unterminated string"]),
        scene("truncated after a comma", #"{"canvas": {"width": 40, "height": 30},⟦"#, at: "$", says: ["invalid JSON"]),
        scene("truncated inside a number", #"{"canvas": {"width": 4⟦"#, at: "$.canvas", says: ["end of file"]),
        scene(
            "trailing comma in an object", #"{"canvas": {"width": 40, "height": 30}, "root": {"type": "EmptyView",⟦}}"#,
            at: "$.root", says: ["trailing comma"]),
        scene(
            "trailing comma in an array",
            small(#"{"type": "VStack", "children": [{"type": "EmptyView"},⟦]}"#), at: "$.root.children", says: ["trailing comma"]),
        scene(
            "duplicate top-level key",
            #"{"canvas": {"width": 40, "height": 30}, "root": {"type": "EmptyView"}, ⟦"root": {"type": "EmptyView"}}"#,
            at: "$.root", says: ["duplicate key 'root'"]),
        scene(
            "duplicate key in a modifier",
            small(#"{"type": "Color", "color": "red", "modifiers": [{"padding": 1, ⟦"padding": 2}]}"#),
            at: "$.root.modifiers[0].padding", says: ["duplicate key 'padding'"]),
        bigScene(
            "10 000 nested arrays", [("[", 10_000), ("]", 10_000)],
            location: "s.json:1:\(JSONReader.maxDepth + 2) (at $" + String(repeating: "[0]", count: JSONReader.maxDepth + 1) + "): error:",
            says: ["nesting"]),
        bigScene(
            "10 000 nested objects", [(#"{"a":"#, 10_000), ("1", 1), ("}", 10_000)],
            location: "s.json:1:\(5 * (JSONReader.maxDepth + 1) + 1) (at $" + String(repeating: ".a", count: JSONReader.maxDepth + 1) + "): error:",
            says: ["nesting"]),
        badBytes("invalid UTF-8 in a string", small(#"{"type": "Text", "text": "a⟦◊b"}"#), [0xFF], at: "$.root.text", says: ["UTF-8"]),
        badBytes("overlong UTF-8 in a string", small(#"{"type": "Text", "text": "⟦◊"}"#), [0xC0, 0xAF], at: "$.root.text", says: ["UTF-8"]),
        badBytes(
            "invalid UTF-8 between members", #"{"canvas": {"width": 40, "height": 30}, ⟦◊ "root": {"type": "EmptyView"}}"#, [0xC3],
            at: "$", says: ["invalid JSON"]),
        badBytes("UTF-16 file", "⟦◊", [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00], at: "$", says: ["invalid JSON"]),
        scene("BOM before a valid scene", "\u{FEFF}" + small(#"{"type": "Color", "color": "red"}"#), exit: 0),
        scene(
            "BOM before an error", "\u{FEFF}" + small(#"{"type": "Text", "text": ⟦5}"#), at: "$.root.text",
            says: ["expected a string, got a number"]),
        badBytes("NUL inside a string", small(#"{"type": "Text", "text": "a⟦◊b"}"#), [0], at: "$.root.text", says: ["control character"]),
        badBytes("NUL after the document", small(#"{"type": "EmptyView"}"#) + "⟦◊", [0], says: ["unexpected text after"]),
        badBytes("NUL as the first byte", "⟦◊" + small(#"{"type": "EmptyView"}"#), [0], at: "$", says: ["unexpected character"]),
        scene(
            "number 1e400", #"{"canvas": {"width": ⟦1e400, "height": 30}, "root": {"type": "EmptyView"}}"#,
            at: "$.canvas.width", says: ["out of range"]),
        scene(
            "number -1e400", small(#"{"type": "Color", "color": "red", "modifiers": [{"offset": {"x": ⟦-1e400}}]}"#),
            at: "$.root.modifiers[0].offset.x", says: ["out of range"]),
        scene(
            "exponent of twenty digits", #"{"canvas": {"width": ⟦1e99999999999999999999, "height": 30}, "root": {"type": "EmptyView"}}"#,
            at: "$.canvas.width", says: ["out of range"]),
        scene(
            "NaN literal", #"{"canvas": {"width": ⟦NaN, "height": 30}, "root": {"type": "EmptyView"}}"#,
            at: "$.canvas.width", says: ["unexpected character 'N'"]),
        scene(
            "Infinity literal", #"{"canvas": {"width": 40, "height": ⟦Infinity}, "root": {"type": "EmptyView"}}"#,
            at: "$.canvas.height", says: ["unexpected character 'I'"]),
        scene(
            "-Infinity literal", #"{"canvas": {"width": 40, "height": -⟦Infinity}, "root": {"type": "EmptyView"}}"#,
            at: "$.canvas.height", says: ["number"]),
        scene(
            "leading zeros", #"{"canvas": {"width": 0⟦40, "height": 30}, "root": {"type": "EmptyView"}}"#,
            at: "$.canvas.width", says: ["invalid JSON"]),
        scene(
            "plus sign", #"{"canvas": {"width": ⟦+40, "height": 30}, "root": {"type": "EmptyView"}}"#,
            at: "$.canvas.width", says: ["unexpected character '+'"]),
        scene(
            "decimal point without digits", #"{"canvas": {"width": 40.⟦, "height": 30}, "root": {"type": "EmptyView"}}"#,
            at: "$.canvas.width", says: ["decimal point"]),
        scene("a comment", "⟦// a scene\n" + small(#"{"type": "EmptyView"}"#), at: "$", says: ["unexpected character '/'"]),
        scene(
            "single-quoted key", #"{⟦'canvas': {"width": 40, "height": 30}, "root": {"type": "EmptyView"}}"#,
            at: "$", says: ["double quotes"]),
        scene(
            "unquoted key", #"{⟦canvas: {"width": 40, "height": 30}, "root": {"type": "EmptyView"}}"#,
            at: "$", says: ["double quotes"]),
        scene(
            "lone surrogate escape", small(#"{"type": "Text", "text": "\ud800⟦ x"}"#),
            at: "$.root.text", says: ["surrogate"]),
        scene(
            "invalid escape", small(#"{"type": "Text", "text": "a\⟦x41"}"#),
            at: "$.root.text", says: ["invalid escape"]),
        scene(
            "raw tab in a string", small("{\"type\": \"Text\", \"text\": \"a⟦\tb\"}"),
            at: "$.root.text", says: ["control character"]),
        scene(
            "misspelled literal", small(#"{"type": "Image", "name": "x", "resizable": ⟦tru}"#), at: "$.root.resizable",
            says: ["unexpected word"]),
        scene(
            "two documents", small(#"{"type": "EmptyView"}"#) + "⟦" + small(#"{"type": "EmptyView"}"#),
            says: ["unexpected text after"]),
        scene("top level is an array", "⟦[]", at: "$", says: ["expected an object, got an array"]),
        scene("top level is null", "⟦null", at: "$", says: ["expected an object, got null"]),
        scene(
            "CRLF line endings", "{\r\n \"canvas\": {\"width\": 40, \"height\": 30},\r\n \"root\": {\"type\": \"Text\", \"text\": ⟦5}}\r\n",
            at: "$.root.text", says: ["expected a string"]),
        scene(
            "columns count characters",
            "{\"canvas\": {\"width\": 40, \"height\": 30},\n\t\"title\": \"ÉÉÉ 😀\", \"scale\": ⟦\"x\",\n \"root\": {\"type\": \"EmptyView\"}}",
            at: "$.scale", says: ["expected a number"]),
        scene("binary garbage", "⟦\u{1}\u{2}\u{3}\u{7F}garbage", at: "$", says: ["unexpected character"]),
        HostileCase(
            "a PNG named as the scene", [.file("s.json", .png(4, 4))], ["render", "s.json", "-o", "out.png"], exit: 2,
            says: ["s.json:1:1 (at $): error:", "unexpected character"])
    ]

    /// A scene with raw `bytes` where its text has ◊ (and ⟦ where the error is).
    static func badBytes(_ name: String, _ json: String, _ bytes: [UInt8], at path: String? = nil, says: [String]) -> HostileCase {
        let parts = json.components(separatedBy: "◊")
        let (head, place) = locate(parts[0])
        let (line, column) = place!
        let content = Array(head.utf8) + bytes + Array(parts[1].utf8)
        return HostileCase(
            name: name, setup: [.file("s.json", .bytes(content))], argv: ["render", "s.json", "-o", "out.png"], exit: [2],
            says: ["s.json:\(line):\(column)" + (path.map { " (at \($0)): error:" } ?? ": error:")] + says)
    }

    // MARK: - Wrong types and values

    static let wrongValues: [HostileCase] = [
        scene("missing canvas", #"⟦{"root": {"type": "EmptyView"}}"#, at: "$", says: ["missing 'canvas'"]),
        scene("missing root", #"⟦{"canvas": {"width": 40, "height": 30}}"#, at: "$", says: ["missing 'root'"]),
        scene("canvas is a number", #"{"canvas": ⟦5, "root": {"type": "EmptyView"}}"#, at: "$.canvas", says: ["expected an object"]),
        scene(
            "canvas 0x0", #"{"canvas": {"width": ⟦0, "height": 0}, "root": {"type": "EmptyView"}}"#, at: "$.canvas.width",
            says: ["out of range"]),
        scene(
            "canvas 1x1 at scale 0.25", #"{"canvas": {"width": 1, "height": 1}, "scale": ⟦0.25, "root": {"type": "EmptyView"}}"#,
            at: "$.scale", says: ["outside the limits"]),
        scene("scale 0", small(#"{"type": "EmptyView"}"#, extra: #" "scale": ⟦0,"#), at: "$.scale", says: ["out of range"]),
        scene("scale 1e9", small(#"{"type": "EmptyView"}"#, extra: #" "scale": ⟦1e9,"#), at: "$.scale", says: ["out of range"]),
        scene("negative scale", small(#"{"type": "EmptyView"}"#, extra: #" "scale": ⟦-3,"#), at: "$.scale", says: ["out of range"]),
        scene("scale is a string", small(#"{"type": "EmptyView"}"#, extra: #" "scale": ⟦"3","#), at: "$.scale", says: ["expected a number"]),
        scene("scale of 0/0", small(#"{"type": "EmptyView"}"#, extra: #" "scale": ⟦"=0/0","#), at: "$.scale"),
        scene(
            "canvas width 1e300", #"{"canvas": {"width": ⟦1e300, "height": 30}, "root": {"type": "EmptyView"}}"#,
            at: "$.canvas.width", says: ["out of range"]),
        scene(
            "canvas wider than the pixel limit", #"{"canvas": ⟦{"width": 16385, "height": 1}, "root": {"type": "EmptyView"}}"#,
            at: "$.canvas", says: ["outside the limits"]),
        scene(
            "canvas over 80 megapixels", #"{"canvas": ⟦{"width": 10000, "height": 10000}, "root": {"type": "EmptyView"}}"#,
            at: "$.canvas", says: ["outside the limits"]),
        scene("unknown device", #"{"canvas": ⟦"iPhone 99", "root": {"type": "EmptyView"}}"#, at: "$.canvas", says: ["unknown device"]),
        scene(
            "device is a number", #"{"canvas": {"device": ⟦5}, "root": {"type": "EmptyView"}}"#, at: "$.canvas.device",
            says: ["expected a string"]),
        scene(
            "negative safe area", #"{"canvas": {"width": 40, "height": 30, "safeArea": {"top": ⟦-5}}, "root": {"type": "EmptyView"}}"#,
            at: "$.canvas.safeArea.top", says: ["out of range"]),
        scene(
            "safe area taller than the canvas",
            #"{"canvas": {"width": 40, "height": 30, "safeArea": ⟦{"top": 1000}}, "root": {"type": "EmptyView"}}"#,
            at: "$.canvas.safeArea"),
        scene(
            "unknown background colour", small(#"{"type": "EmptyView"}"#, extra: #" "background": ⟦"reddish","#),
            at: "$.background", says: ["not a colour"]),
        scene("root is an array", small("⟦[]"), at: "$.root", says: ["expected a view object"]),
        scene("view without a type", small(#"⟦{"text": "a"}"#), at: "$.root", says: ["needs a 'type'"]),
        scene("view type is a number", small(#"{"type": ⟦5}"#), at: "$.root.type", says: ["expected a string"]),
        scene("unknown view type", small(#"{"type": ⟦"Stack"}"#), at: "$.root.type", says: ["unknown view type 'Stack'", "did you mean"]),
        scene("unknown key on a Text", small(#"{"type": "Text", "text": "a", "txt": ⟦1}"#), at: "$.root.txt", says: ["unknown key 'txt'"]),
        scene("children is an object", small(#"{"type": "VStack", "children": ⟦{}}"#), at: "$.root.children", says: ["must be an array"]),
        scene(
            "a child is a number", small(#"{"type": "HStack", "children": [⟦5]}"#), at: "$.root.children[0]",
            says: ["expected a view object"]),
        scene("Text of null", small(#"{"type": "Text", "text": ⟦null}"#), at: "$.root.text", says: ["expected a string, got null"]),
        scene("Text of an array", small(#"{"type": "Text", "text": ⟦[1]}"#), at: "$.root.text", says: ["expected a string"]),
        scene(
            "shape filled and stroked", small(#"⟦{"type": "Circle", "fill": "red", "stroke": "blue"}"#), at: "$.root",
            says: ["one of 'fill', 'stroke', 'strokeBorder'"]),
        scene(
            "RoundedRectangle without cornerRadius", small(#"⟦{"type": "RoundedRectangle", "fill": "red"}"#), at: "$.root",
            says: ["needs 'cornerRadius'"]),
        scene(
            "negative cornerRadius", small(#"{"type": "RoundedRectangle", "cornerRadius": ⟦-5}"#), at: "$.root.cornerRadius",
            says: ["out of range"]),
        scene(
            "lineWidth 1e9", small(#"{"type": "Circle", "stroke": "red", "lineWidth": ⟦1e9}"#), at: "$.root.lineWidth",
            says: ["out of range"]),
        scene(
            "gradient of one colour", small(#"{"type": "LinearGradient", "colors": ⟦["red"]}"#), at: "$.root.colors",
            says: ["at least two"]),
        scene(
            "gradient stop at 2",
            small(#"{"type": "LinearGradient", "stops": [{"color": "red", "location": ⟦2}, {"color": "blue", "location": 1}]}"#),
            at: "$.root.stops[0].location", says: ["out of range"]),
        scene("negative Spacer", small(#"{"type": "Spacer", "minLength": ⟦-1}"#), at: "$.root.minLength", says: ["out of range"]),
        scene(
            "unknown button style", small(#"{"type": "Button", "title": "a", "style": ⟦"fancy"}"#), at: "$.root.style",
            says: ["not a valid value"]),
        scene(
            "unknown button border shape", small(#"{"type": "Button", "title": "a", "borderShape": {"circle": ⟦3}}"#),
            at: "$.root.borderShape.circle", says: ["unknown key 'circle'"]),
        scene(
            "ForEach count 1e12", small(#"{"type": "ForEach", "count": ⟦1e12, "content": {"type": "EmptyView"}}"#),
            at: "$.root.count", says: ["'count' must be a whole number"]),
        scene(
            "ForEach count -1", small(#"{"type": "ForEach", "count": ⟦-1, "content": {"type": "EmptyView"}}"#),
            at: "$.root.count", says: ["'count'"]),
        scene(
            "ForEach count 2.5", small(#"{"type": "ForEach", "count": ⟦2.5, "content": {"type": "EmptyView"}}"#),
            at: "$.root.count", says: ["'count'"]),
        scene(
            "ForEach count over the view budget", small(#"{"type": "ForEach", "count": ⟦200001, "content": {"type": "EmptyView"}}"#),
            at: "$.root.count", says: ["'count'"]),
        scene(
            "ForEach data is an object", small(#"{"type": "ForEach", "data": ⟦{}, "content": {"type": "EmptyView"}}"#),
            at: "$.root.data", says: ["must be an array"]),
        scene(
            "ForEach over an unknown variable", small(#"{"type": "ForEach", "data": ⟦"$cards", "content": {"type": "EmptyView"}}"#),
            at: "$.root.data", says: ["unknown variable"]),
        scene(
            "a million views from nested ForEach",
            small(#"{"type": "ForEach", "count": 1000, "content": {"type": "ForEach", "count": 1000, "content": ⟦{"type": "EmptyView"}}}"#),
            at: "$.root.content.content", says: ["more than"]
        ).heavyCase,
        scene("If without a condition", small(#"⟦{"type": "If", "then": {"type": "EmptyView"}}"#), at: "$.root", says: ["needs 'condition'"]),
        scene(
            "If with a broken expression", small(#"{"type": "If", "condition": ⟦"=1 +", "then": {"type": "EmptyView"}}"#),
            at: "$.root.condition", says: ["in expression"]),
        scene(
            "unknown view in an untaken If branch",
            small(#"{"type": "If", "condition": false, "then": {"type": ⟦"Sparkle"}, "else": {"type": "EmptyView"}}"#),
            at: "$.root.then.type", says: ["unknown view type 'Sparkle'"]),
        scene(
            "unknown view inside a GeometryReader", small(#"{"type": "GeometryReader", "content": {"type": ⟦"Sparkle"}}"#),
            at: "$.root.content.type", says: ["unknown view type 'Sparkle'"]),
        scene("vars is an array", small(#"{"type": "EmptyView"}"#, extra: #" "vars": ⟦[],"#), at: "$.vars", says: ["expected an object"]),
        scene("modifiers is an object", small(#"{"type": "EmptyView", "modifiers": ⟦{}}"#), at: "$.root.modifiers", says: ["must be an array"]),
        scene(
            "modifier with two keys", small(#"{"type": "Color", "color": "red", "modifiers": [⟦{"padding": 1, "blur": 2}]}"#),
            at: "$.root.modifiers[0]", says: ["exactly one key"]),
        scene(
            "empty modifier", small(#"{"type": "Color", "color": "red", "modifiers": [⟦{}]}"#), at: "$.root.modifiers[0]",
            says: ["exactly one key"]),
        scene(
            "unknown modifier", small(#"{"type": "Color", "color": "red", "modifiers": [⟦{"paddin": 1}]}"#),
            at: "$.root.modifiers[0].paddin", says: ["unknown modifier 'paddin'", "did you mean 'padding'"]),
        scene(
            "padding 1e300", small(#"{"type": "Color", "color": "red", "modifiers": [{"padding": ⟦1e300}]}"#),
            at: "$.root.modifiers[0].padding", says: ["out of range"]),
        scene(
            "padding -1e300", small(#"{"type": "Color", "color": "red", "modifiers": [{"padding": ⟦-1e300}]}"#),
            at: "$.root.modifiers[0].padding", says: ["out of range"]),
        scene(
            "padding edge is a word", small(#"{"type": "Color", "color": "red", "modifiers": [{"padding": {"top": ⟦"x"}}]}"#),
            at: "$.root.modifiers[0].padding.top", says: ["not a length"]),
        scene(
            "negative frame", small(#"{"type": "Color", "color": "red", "modifiers": [{"frame": {"width": ⟦-10}}]}"#),
            at: "$.root.modifiers[0].frame.width", says: ["out of range"]),
        scene(
            "frame 1e9 high", small(#"{"type": "Color", "color": "red", "modifiers": [{"frame": {"height": ⟦1e9}}]}"#),
            at: "$.root.modifiers[0].frame.height", says: ["out of range"]),
        scene(
            "frame minimum over maximum", small(#"{"type": "Color", "color": "red", "modifiers": [{"frame": ⟦{"minWidth": 10, "maxWidth": 5}}]}"#),
            at: "$.root.modifiers[0].frame", says: ["larger than maxWidth"]),
        scene(
            "frame width infinity", small(#"{"type": "Color", "color": "red", "modifiers": [{"frame": {"width": ⟦"infinity"}}]}"#),
            at: "$.root.modifiers[0].frame.width", says: ["not a length"]),
        scene(
            "frame width 1/0", small(#"{"type": "Color", "color": "red", "modifiers": [{"frame": {"width": ⟦"=1/0"}}]}"#),
            at: "$.root.modifiers[0].frame.width"),
        scene(
            "offset 1e300", small(#"{"type": "Color", "color": "red", "modifiers": [{"offset": {"x": ⟦1e300}}]}"#),
            at: "$.root.modifiers[0].offset.x", says: ["out of range"]),
        scene(
            "scaleEffect 1e9", small(#"{"type": "Color", "color": "red", "modifiers": [{"scaleEffect": ⟦1e9}]}"#),
            at: "$.root.modifiers[0].scaleEffect", says: ["out of range"]),
        scene(
            "rotationEffect NaN", small(#"{"type": "Color", "color": "red", "modifiers": [{"rotationEffect": ⟦"NaN"}]}"#),
            at: "$.root.modifiers[0].rotationEffect", says: ["expected a number"]),
        scene(
            "opacity 2", small(#"{"type": "Color", "color": "red", "modifiers": [{"opacity": ⟦2}]}"#),
            at: "$.root.modifiers[0].opacity", says: ["out of range"]),
        scene(
            "shadow radius 1e6", small(#"{"type": "Color", "color": "red", "modifiers": [{"shadow": {"radius": ⟦1e6}}]}"#),
            at: "$.root.modifiers[0].shadow.radius", says: ["out of range"]),
        scene(
            "negative blur", small(#"{"type": "Color", "color": "red", "modifiers": [{"blur": ⟦-1}]}"#),
            at: "$.root.modifiers[0].blur", says: ["out of range"]),
        scene(
            "font size 0", small(#"{"type": "Text", "text": "a", "modifiers": [{"font": {"size": ⟦0}}]}"#),
            at: "$.root.modifiers[0].font.size", says: ["out of range"]),
        scene(
            "font size 1e6", small(#"{"type": "Text", "text": "a", "modifiers": [{"font": {"size": ⟦1e6}}]}"#),
            at: "$.root.modifiers[0].font.size", says: ["out of range"]),
        scene(
            "fontWeight 50", small(#"{"type": "Text", "text": "a", "modifiers": [{"fontWeight": ⟦50}]}"#),
            at: "$.root.modifiers[0].fontWeight", says: ["out of range"]),
        scene(
            "lineLimit 0", small(#"{"type": "Text", "text": "a", "modifiers": [{"lineLimit": ⟦0}]}"#),
            at: "$.root.modifiers[0].lineLimit", says: ["out of range"]),
        scene(
            "zIndex 1e300", small(#"{"type": "Color", "color": "red", "modifiers": [{"zIndex": ⟦1e300}]}"#),
            at: "$.root.modifiers[0].zIndex", says: ["out of range"]),
        scene(
            "aspect ratio 0", small(#"{"type": "Color", "color": "red", "modifiers": [{"aspectRatio": {"ratio": ⟦0}}]}"#),
            at: "$.root.modifiers[0].aspectRatio.ratio", says: ["out of range"]),
        scene(
            "negative clip radius", small(#"{"type": "Color", "color": "red", "modifiers": [{"clipShape": {"roundedRectangle": ⟦-1}}]}"#),
            at: "$.root.modifiers[0].clipShape.roundedRectangle", says: ["out of range"]),
        scene(
            "id is a number", small(#"{"type": "Color", "color": "red", "modifiers": [{"id": ⟦5}]}"#),
            at: "$.root.modifiers[0].id", says: ["expected a string"]),
        scene(
            "bad hex colour", small(##"{"type": "Text", "text": "a", "modifiers": [{"foregroundColor": ⟦"#GGG"}]}"##),
            at: "$.root.modifiers[0].foregroundColor", says: ["not a colour"]),
        scene(
            "colour opacity 5", small(#"{"type": "Color", "color": {"color": "red", "opacity": ⟦5}}"#),
            at: "$.root.color.opacity", says: ["out of range"]),
        scene(
            "500 modifiers on one view",
            small(
                #"⟦{"type": "Color", "color": "red", "modifiers": ["# + Array(repeating: #"{"opacity": 1}"#, count: 500).joined(separator: ", ")
                    + "]}"),
            at: "$.root", says: ["nest more than"]),
        scene("interpolation never closed", small(#"{"type": "Text", "text": ⟦"a ${1 + 2"}"#), at: "$.root.text", says: ["unterminated"]),
        scene(
            "layout of a trailing comma", #"{"canvas": {"width": 40, "height": 30}, "root": {"type": "EmptyView",⟦}}"#,
            at: "$.root", says: ["trailing comma"], argv: ["layout", "s.json"]),
        scene(
            "display list of an unknown modifier", small(#"{"type": "Color", "color": "red", "modifiers": [⟦{"blurr": 1}]}"#),
            at: "$.root.modifiers[0].blurr", says: ["unknown modifier"], argv: ["render", "s.json", "--display-list"]),
        scene(
            "check of an unknown view", small(#"{"type": ⟦"Sparkle"}"#), at: "$.root.type", says: ["unknown view type"],
            argv: ["check", "s.json", "--golden", "g", "--report", "r", "--junit", "j.xml"], writes: ["r/**", "j.xml"]),
        scene(
            "check of a 1x1 canvas at scale 0.25",
            #"{"canvas": {"width": 1, "height": 1}, "scale": ⟦0.25, "root": {"type": "EmptyView"}}"#,
            at: "$.scale", says: ["outside the limits"], argv: ["check", "s.json", "--golden", "g"])
    ]

    // MARK: - Huge values

    static let hugeScenes: [HostileCase] = [
        bigScene(
            "20 MB title",
            [
                (#"{"canvas": {"width": 40, "height": 30}, "title": ""#, 1), ("t", 20_000_000),
                (#"", "root": {"type": "Color", "color": "red"}}"#, 1)
            ], exit: 0),
        bigScene(
            "20 MB Text",
            [
                (#"{"canvas": {"width": 40, "height": 30}, "root": {"type": "Text", "text": ⟦""#, 1), ("word ", 4_000_000),
                (#""}}"#, 1)
            ], at: "$.root.text"),
        bigScene(
            "30 000-character word in a Text",
            [
                (#"{"canvas": {"width": 40, "height": 30}, "root": {"type": "Text", "text": ""#, 1),
                ("w", 30_000), (#""}}"#, 1)
            ], exit: 0),
        bigScene(
            "100 000-character unknown variable",
            [(#"{"canvas": {"width": 40, "height": 30}, "root": {"type": "Text", "text": ⟦"$"#, 1), ("v", 100_000), (#""}}"#, 1)],
            at: "$.root.text", says: ["unknown variable"]),
        bigScene(
            "1 MB unknown colour name",
            [(#"{"canvas": {"width": 40, "height": 30}, "root": {"type": "Color", "color": ⟦""#, 1), ("q", 1_000_000), (#""}}"#, 1)],
            at: "$.root.color", says: ["not a colour"]),
        bigScene(
            "1 MB unknown symbol name",
            [(#"{"canvas": {"width": 40, "height": 30}, "root": {"type": "Image", "systemName": ⟦""#, 1), ("q", 1_000_000), (#""}}"#, 1)],
            at: "$.root.systemName", says: ["unknown symbol"]),
        bigScene(
            "a million-digit number",
            [(#"{"canvas": {"width": ⟦"#, 1), ("1", 1_000_000), (#", "height": 30}, "root": {"type": "EmptyView"}}"#, 1)],
            at: "$.canvas.width", says: ["out of range"]),
        bigScene(
            "expression of 100 000 parentheses",
            [
                ("{\"canvas\": {\"width\": 40, \"height\": 30},\n \"root\": {\"type\": \"Text\", \"text\": ⟦\"=", 1),
                ("(", 100_000), ("1", 1), (")", 100_000), ("\"}}\n", 1)
            ],
            at: "$.root.text", says: ["nested more than"])
    ]

    // MARK: - Scene files

    static let sceneFiles: [HostileCase] = [
        HostileCase(
            "a folder named as the scene", [.folder("s.json")], ["render", "s.json", "-o", "out.png"], exit: 2,
            says: ["s.json", "folder"]),
        HostileCase(
            "a FIFO named as the scene", [.fifo("s.json")], ["render", "s.json", "-o", "out.png"], exit: 2,
            says: ["s.json", "not a regular file"]),
        HostileCase(
            "a dangling symlink named as the scene", [.symlink("s.json", to: "nowhere.json")],
            ["render", "s.json", "-o", "out.png"], exit: 2, says: ["s.json", "no such file"]),
        HostileCase(
            "a symlink to a FIFO named as the scene", [.fifo("pipe"), .symlink("s.json", to: "pipe")],
            ["render", "s.json", "-o", "out.png"], exit: 2, says: ["s.json"]),
        HostileCase(
            "a symlink to a scene",
            [
                .file("real.json", .text(small(#"{"type": "Color", "color": "red"}"#))),
                .symlink("s.json", to: "real.json")
            ],
            ["render", "s.json", "-o", "out.png"], exit: 0, writes: ["out.png"], creates: ["out.png"]),
        HostileCase(
            "a scene file over the size limit", [.sparse("s.json", bytes: 40 << 20)], ["render", "s.json", "-o", "out.png"],
            exit: 2, says: ["s.json", "limited"]
        ).heavyCase,
        HostileCase(
            "a scene over a lowered size limit", [.file("s.json", .text(small(#"{"type": "EmptyView"}"#)))],
            ["render", "s.json", "-o", "out.png", "--limit", "scene-bytes=20"], exit: 2, says: ["s.json", "limited", "20"]),
        scene(
            "a scene name with spaces and accents", small(#"{"type": "Text", "text": ⟦5}"#), at: "$.root.text",
            says: ["expected a string"], file: "my scène.json"),
        scene(
            "two bad scenes: the first is named", small(#"{"type": ⟦"Sparkle"}"#), at: "$.root.type",
            argv: ["render", "s.json", "t.json", "--out-dir", "out"],
            also: [.file("t.json", .text(small(#"{"type": "Sparkle2"}"#)))])
    ]
}

import Foundation

/// Hostile system views: wrong styles, placements, offsets and missing keys in `List`,
/// `ScrollView`, `NavigationStack`, `Label`, `Toggle`, `TextField` and `Divider`.
extension HostileCase {
    static let systemViewCases: [HostileCase] = [
        scene(
            "list style misspelt", small(#"{"type": "List", "style": ⟦"insetGroped", "children": []}"#), at: "$.root.style",
            says: ["'insetGroped' is not a valid value", "did you mean 'insetGrouped'"]),
        scene(
            "negative scroll offset", small(#"{"type": "ScrollView", "contentOffset": ⟦-5, "children": []}"#),
            at: "$.root.contentOffset", says: ["out of range"]),
        scene(
            "scroll axis misspelt", small(#"{"type": "ScrollView", "axis": ⟦"vertcal", "children": []}"#), at: "$.root.axis",
            says: ["did you mean 'vertical'"]),
        scene(
            "navigation stack without content", small(#"⟦{"type": "NavigationStack", "title": "T"}"#), at: "$.root",
            says: ["NavigationStack needs 'content'"]),
        scene(
            "toolbar placement unknown",
            small(
                #"{"type": "NavigationStack", "toolbar": [{"placement": ⟦"left", "content": {"type": "Text", "text": "A"}}], "content": {"type": "EmptyView"}}"#
            ),
            at: "$.root.toolbar[0].placement", says: ["'left' is not a valid value", "topBarLeading"]),
        scene(
            "toolbar not an array",
            small(#"{"type": "NavigationStack", "toolbar": ⟦{"content": {"type": "EmptyView"}}, "content": {"type": "EmptyView"}}"#),
            at: "$.root.toolbar", says: ["array of at most 16 items"]),
        scene(
            "toolbar visibility misspelt",
            small(#"{"type": "NavigationStack", "toolbarVisibility": ⟦"hiden", "content": {"type": "EmptyView"}}"#),
            at: "$.root.toolbarVisibility", says: ["did you mean 'hidden'"]),
        scene(
            "title display mode misspelt",
            small(#"{"type": "NavigationStack", "titleDisplayMode": ⟦"inlne", "content": {"type": "EmptyView"}}"#),
            at: "$.root.titleDisplayMode", says: ["did you mean 'inline'"]),
        scene("toggle without isOn", small(#"⟦{"type": "Toggle", "title": "Wi-Fi"}"#), at: "$.root", says: ["Toggle needs 'isOn'"]),
        scene(
            "safe-area inset without content", small(#"{"type": "Color", "color": "red", "modifiers": [{"safeAreaInset": ⟦{"edge": "bottom"}}]}"#),
            at: "$.root.modifiers[0].safeAreaInset", says: ["safeAreaInset needs 'content'"]),
        scene(
            "safe-area inset edge misspelt",
            small(#"{"type": "Color", "color": "red", "modifiers": [{"safeAreaInset": {"edge": ⟦"botom", "content": {"type": "EmptyView"}}}]}"#),
            at: "$.root.modifiers[0].safeAreaInset.edge", says: ["did you mean 'bottom'"]),
        scene(
            "safe-area inset spacing huge",
            small(#"{"type": "Color", "color": "red", "modifiers": [{"safeAreaInset": {"spacing": ⟦1e308, "content": {"type": "EmptyView"}}}]}"#),
            at: "$.root.modifiers[0].safeAreaInset.spacing", says: ["out of range"]),
        scene(
            "a canvas turned 200 000 times",
            "{\"canvas\": ⟦\"iPhone 14" + String(repeating: " landscape", count: 200_000) + "\", \"root\": {\"type\": \"EmptyView\"}}\n",
            at: "$.canvas", says: ["unknown device", "…"]),
        scene(
            "a scene's colour scheme misspelt", small(#"{"type": "EmptyView"}"#, extra: #" "colorScheme": ⟦"drak","#),
            at: "$.colorScheme", says: ["did you mean 'dark'"]),
        scene(
            "a colour scheme that is a number", small(#"{"type": "EmptyView"}"#, extra: #" "colorScheme": ⟦1,"#), at: "$.colorScheme",
            says: ["expected a string"]),
        scene(
            "a text size misspelt", small(#"{"type": "EmptyView"}"#, extra: #" "dynamicTypeSize": ⟦"accessibility9","#),
            at: "$.dynamicTypeSize", says: ["not a Dynamic Type size", "accessibility1"]),
        scene(
            "a text size range upside down",
            small(#"{"type": "Color", "color": "red", "modifiers": [{"dynamicTypeSize": ⟦{"min": "ax2", "max": "small"}}]}"#),
            at: "$.root.modifiers[0].dynamicTypeSize", says: ["larger than its 'max'"]),
        scene(
            "a scaled metric relative to no style",
            small(#"{"type": "Color", "color": "red", "modifiers": [{"frame": {"width": {"scaledMetric": 44, "relativeTo": ⟦"huge"}}}]}"#),
            at: "$.root.modifiers[0].frame.width.relativeTo", says: ["not a valid value"]),
        scene(
            "a layout direction misspelt", small(#"{"type": "EmptyView"}"#, extra: #" "layoutDirection": ⟦"upward","#),
            at: "$.layoutDirection", says: ["not a layout direction", "rightToLeft"]),
        scene(
            "an accessibility setting unknown", small(#"{"type": "EmptyView"}"#, extra: #" "accessibility": {"reduceTranslucency": ⟦true},"#),
            at: "$.accessibility.reduceTranslucency", says: ["unknown key", "reduceTransparency"]),
        scene(
            "an accessibility setting of a string", small(#"{"type": "EmptyView"}"#, extra: #" "accessibility": {"boldText": ⟦"yes"},"#),
            at: "$.accessibility.boldText", says: ["expected true or false"]),
        scene(
            "a locale that is no tag", small(#"{"type": "EmptyView"}"#, extra: #" "locale": ⟦"Deutsch (Schweiz)","#), at: "$.locale",
            says: ["not a locale", "BCP 47"]),
        scene(
            "a locale of 100 000 characters",
            small(#"{"type": "EmptyView"}"#, extra: #" "locale": ⟦""# + String(repeating: "de", count: 50_000) + #"","#),
            at: "$.locale", says: ["not a locale", "…"]),
        scene(
            "a translation that is a number", small(#"{"type": "EmptyView"}"#, extra: #" "strings": {"de": {"Book": ⟦5}},"#),
            at: "$.strings.de.Book", says: ["a translation is a string"]),
        scene(
            "a string table named by no tag", small(#"{"type": "EmptyView"}"#, extra: #" "strings": {"de de": ⟦{}},"#),
            at: "$.strings.de de", says: ["not a locale"]),
        scene(
            "environment without a value", small(#"{"type": "Color", "color": "red", "modifiers": [{"environment": ⟦{}}]}"#),
            at: "$.root.modifiers[0].environment", says: ["'environment' needs a value to set"]),
        scene(
            "environment of an unknown key",
            small(#"{"type": "Color", "color": "red", "modifiers": [{"environment": {"locale": ⟦"de"}}]}"#),
            at: "$.root.modifiers[0].environment.locale", says: ["unknown key 'locale'"]),
        scene(
            "preferred colour scheme misspelt",
            small(#"{"type": "Color", "color": "red", "modifiers": [{"preferredColorScheme": ⟦"Dark mode"}]}"#),
            at: "$.root.modifiers[0].preferredColorScheme", says: ["'light'", "'dark'"]),
        scene(
            "view-that-fits axis unknown", small(#"{"type": "ViewThatFits", "in": ⟦"diagonal", "children": []}"#), at: "$.root.in",
            says: ["'diagonal' is not a valid value", "'horizontal'"]),
        scene(
            "a form with a list style", small(#"{"type": "Form", "style": ⟦"plain", "children": []}"#), at: "$.root.style",
            says: ["unknown key 'style'"]),
        scene(
            "toggle isOn a string", small(#"{"type": "Toggle", "title": "Wi-Fi", "isOn": ⟦"yes"}"#), at: "$.root.isOn",
            says: ["expected true or false"]),
        scene(
            "label with two icons",
            small(#"⟦{"type": "Label", "title": "A", "systemImage": "star", "icon": {"type": "EmptyView"}}"#), at: "$.root",
            says: ["'systemImage' or 'icon', not both"]),
        scene(
            "label symbol unknown", small(#"{"type": "Label", "title": "A", "systemImage": ⟦"starr"}"#), at: "$.root.systemImage",
            says: ["star"]),
        scene(
            "text field style misspelt", small(#"{"type": "TextField", "prompt": "Name", "style": ⟦"rounded"}"#), at: "$.root.style",
            says: ["roundedBorder"]),
        scene(
            "section header a number", small(#"{"type": "List", "children": [{"type": "Section", "header": ⟦5, "children": []}]}"#),
            at: "$.root.children[0].header", says: ["expected a string, got a number"]),
        scene(
            "divider with a key", small(#"{"type": "Divider", "thickness": ⟦2}"#), at: "$.root.thickness", says: ["unknown key 'thickness'"]),
        scene(
            "navigationTitle outside a navigation stack", small(#"{"type": "Text", "text": "A", "modifiers": [⟦{"navigationTitle": "T"}]}"#),
            at: "$.root.modifiers[0].navigationTitle", says: ["goes on the view directly inside a NavigationStack"]),
        scene(
            "listStyle on a text", small(#"{"type": "Text", "text": "A", "modifiers": [⟦{"listStyle": "plain"}]}"#),
            at: "$.root.modifiers[0].listStyle", says: ["'listStyle' applies to a List"]),
        scene(
            "listStyle misspelt on a list", small(#"{"type": "List", "children": [], "modifiers": [{"listStyle": ⟦"plian"}]}"#),
            at: "$.root.modifiers[0].listStyle", says: ["did you mean 'plain'"]),
        scene(
            "toolbar modifier misspelt",
            small(#"{"type": "NavigationStack", "content": {"type": "EmptyView", "modifiers": [{"toolbar": ⟦"hiden"}]}}"#),
            at: "$.root.content.modifiers[0].toolbar", says: ["did you mean 'hidden'"]),
        scene(
            "a list of every system view",
            small(
                #"{"type": "NavigationStack", "title": "T", "toolbar": [{"content": {"type": "Text", "text": "E"}}], "content": {"type": "List", "children": [{"type": "Section", "header": "H", "children": [{"type": "Toggle", "title": "A", "isOn": true}, {"type": "Label", "title": "B", "systemImage": "star"}, {"type": "TextField", "prompt": "C"}, {"type": "Divider"}, {"type": "ScrollView", "children": []}]}]}}"#
            ), exit: 0)
    ]
}

import ProofsheetCore

/// SwiftUI views the scene format does not have, each with what to write instead: a user who
/// types one is told how to get the look, not handed the list of every view.
enum UnsupportedViews {
    static let instead: [String: String] = [
        "LazyVStack": "a VStack (every view is laid out at once)",
        "LazyHStack": "an HStack (every view is laid out at once)",
        "NavigationView": "a NavigationStack",
        "SecureField": "a TextField whose text is dots",
        "Slider": "a ZStack of Capsules (a track and a fill) and a white Circle with a shadow",
        "ProgressView": "a ZStack of Capsules (a track and a fill)",
        "Link": "a Text with {\"foregroundColor\": \"blue\"}",
        "AsyncImage": "an Image with \"name\" (a file in the scene's folder or the built-in photos)",
        "RadialGradient": "a LinearGradient, or a Circle filled with a colour and blurred",
        "AngularGradient": "a LinearGradient",
        "AnyView": "a Group",
        "ViewThatFits": "the view that fits, chosen with an If in a GeometryReader",
        "LazyVGrid": "a VStack of HStacks",
        "LazyHGrid": "an HStack of VStacks",
        "Grid": "a VStack of HStacks with fixed frame widths",
        "TabView": "a VStack with the page and an HStack of Images and Texts as the tab bar",
        "Form": "a List (drawn inset-grouped, as a Form is)",
        "Picker": "an HStack of Texts; for a segmented picker, Texts on Capsules",
        "Menu": "a Button whose label is a Text or an Image",
        "Stepper": "an HStack of a Text and two Images (\"minus\", \"plus\") on a RoundedRectangle",
        "Canvas": "Shapes in a ZStack",
        "Path": "a Shape (Rectangle, RoundedRectangle, Circle, Ellipse, Capsule)"
    ]
}

extension Context {
    /// The error for a view type that is neither built in nor a component of the scene: what
    /// to use instead for a SwiftUI view the format lacks, else the close names.
    func unknownViewType(_ type: String, at location: SourceLocation) -> ProofsheetError {
        if let use = UnsupportedViews.instead[type] {
            return .badInput("\(type) is not a view of the scene format", at: location, hint: "use \(use)")
        }
        let known = Array(Self.viewTypes.keys) + components.definitions.keys
        let close = closeNames(to: type, in: known)
        return .badInput(
            "unknown view type '\(excerpt(type))'", at: location,
            hint: close.isEmpty
                ? "a built-in view such as VStack, HStack, ZStack, Text, Image, Button (the README's view table lists them all), or a component the scene defines under \"components\""
                : "did you mean \(listForHint(close.map { "'\($0)'" }))?")
    }
}

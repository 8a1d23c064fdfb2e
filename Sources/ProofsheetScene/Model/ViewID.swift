/// A view's identity: its place in the scene, independent of the state it is shown in.
///
/// It is the structural path from the root — the child's position in its container, the slot
/// of a modifier's content, the branch of a conditional that was taken, and for an element of a
/// `ForEach` its key — so the same card in two states is the same view, and an element keeps its
/// identity when elements before it are removed. The text form reads as a path:
/// `/1/0[Yosemite, USA]:3/overlay`: child 1, child 0, the element keyed "Yosemite, USA", its
/// modifier 3 (counted from the view outwards), that modifier's content.
///
/// NB: the `id` modifier is not identity; it is a name for tools, tests and selectors.
public struct ViewID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The path as text; see the type's description for the grammar.
    public let path: String

    public init(path: String) { self.path = path }

    /// The root view of a scene.
    public static let root = ViewID(path: "")

    /// The `index`th child of a container (after a `Group` or `ForEach` is spliced in, the
    /// spliced views are children of the group, not of the container).
    public func child(_ index: Int) -> ViewID { ViewID(path: path + "/\(index)") }
    /// The branch of a conditional that was taken (`then` or `else`).
    public func branch(_ name: String) -> ViewID { ViewID(path: path + "?" + name) }
    /// The element of a `ForEach` with key `key`.
    public func key(_ key: String) -> ViewID {
        var escaped = ""
        for c in key {
            if c == "]" || c == "\\" { escaped.append("\\") }
            escaped.append(c)
        }
        return ViewID(path: path + "[" + escaped + "]")
    }
    /// The `index`th modifier applied to this view, counted from the view outwards.
    public func modifier(_ index: Int) -> ViewID { ViewID(path: path + ":\(index)") }
    /// A named part of a view: a modifier's content (`background`, `overlay`), a button's
    /// `label`, a `GeometryReader`'s `content`.
    public func slot(_ name: String) -> ViewID { ViewID(path: path + "/" + name) }

    /// The key of the innermost `ForEach` element the view is in (nil: it is in none).
    public var lastKey: String? {
        // Read forwards: a key runs from `[` to the first `]` not escaped by `\`.
        var last: String? = nil
        var i = path.startIndex
        while i < path.endIndex {
            guard path[i] == "[" else {
                i = path.index(after: i)
                continue
            }
            var key = ""
            i = path.index(after: i)
            while i < path.endIndex, path[i] != "]" {
                if path[i] == "\\", path.index(after: i) < path.endIndex { i = path.index(after: i) }
                key.append(path[i])
                i = path.index(after: i)
            }
            last = key
            if i < path.endIndex { i = path.index(after: i) }
        }
        return last
    }

    public var description: String { path.isEmpty ? "/" : path }
    public static func < (a: ViewID, b: ViewID) -> Bool { a.path < b.path }
}

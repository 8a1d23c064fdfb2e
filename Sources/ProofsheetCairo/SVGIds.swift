/// Cairo numbers SVG ids (`surface12`, `glyph3-1`, `clip5` …) from process-wide counters, so the
/// same scene rendered twice in one process differs. This renumbers every id in order of
/// first definition, per prefix, and rewrites its references (`#id`, `url(#id)`).
func renumberSVGIds(_ bytes: [UInt8]) -> [UInt8] {
    let text = String(decoding: bytes, as: UTF8.self)
    // Pass 1: the ids defined, in document order.
    var mapping: [String: String] = [:]
    var counters: [String: Int] = [:]
    var scan = text[...]
    while let r = scan.range(of: "id=\"") {
        let rest = scan[r.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { break }
        let id = String(rest[..<end])
        if mapping[id] == nil {
            let prefix = String(id.prefix { $0.isLetter })
            let n = counters[prefix, default: 0]
            counters[prefix] = n + 1
            mapping[id] = "\(prefix)\(n)"
        }
        scan = rest[end...]
    }
    guard !mapping.isEmpty else { return bytes }
    // Pass 2: rewrite id="…", "#…" and url(#…) occurrences whose name is a defined id.
    var out = ""
    out.reserveCapacity(text.utf8.count)
    var i = text.startIndex
    func isIdChar(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "-" || c == "_" }
    while i < text.endIndex {
        let c = text[i]
        var startOfName: String.Index? = nil
        if c == "#" {
            startOfName = text.index(after: i)
        } else if c == "i", text[i...].hasPrefix("id=\"") {
            out += "id=\""
            startOfName = text.index(i, offsetBy: 4)
        } else {
            out.append(c)
            i = text.index(after: i)
            continue
        }
        if c == "#" { out.append("#") }
        var j = startOfName!
        while j < text.endIndex, isIdChar(text[j]) { j = text.index(after: j) }
        let name = String(text[startOfName!..<j])
        out += mapping[name] ?? name
        i = j
    }
    return Array(out.utf8)
}

/// Cairo numbers SVG ids (`surface12`, `glyph3-1`, `clip5` …) from process-wide counters, so the
/// same scene rendered twice in one process differs. This renumbers every id in order of
/// first definition, per prefix (`glyph0`, `glyph1` …), and rewrites its references (`#id`,
/// `url(#id)`). It works on bytes: the SVG is ASCII apart from text content.
func renumberSVGIds(_ bytes: [UInt8]) -> [UInt8] {
    let idAttr = Array("id=\"".utf8)
    func isIdByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x5F
    }
    func matches(_ at: Int, _ pattern: [UInt8]) -> Bool {
        guard at + pattern.count <= bytes.count else { return false }
        for k in 0..<pattern.count where bytes[at + k] != pattern[k] { return false }
        return true
    }
    func name(at start: Int) -> (ArraySlice<UInt8>, Int) {
        var j = start
        while j < bytes.count, isIdByte(bytes[j]) { j += 1 }
        return (bytes[start..<j], j)
    }
    // Pass 1: the ids defined, in document order.
    var mapping: [ArraySlice<UInt8>: [UInt8]] = [:]
    var counters: [ArraySlice<UInt8>: Int] = [:]
    var i = 0
    while i < bytes.count {
        if bytes[i] == 0x69, matches(i, idAttr) {  // "id=\""
            let (id, end) = name(at: i + idAttr.count)
            if mapping[id] == nil {
                var p = id.startIndex
                while p < id.endIndex, !(id[p] >= 0x30 && id[p] <= 0x39) { p += 1 }
                let prefix = id[id.startIndex..<p]
                let n = counters[prefix, default: 0]
                counters[prefix] = n + 1
                mapping[id] = Array(prefix) + Array(String(n).utf8)
            }
            i = end
        } else {
            i += 1
        }
    }
    guard !mapping.isEmpty else { return bytes }
    // Pass 2: rewrite id="…" and #… wherever the name is a defined id.
    var out = [UInt8]()
    out.reserveCapacity(bytes.count)
    i = 0
    while i < bytes.count {
        let b = bytes[i]
        var nameStart = -1
        if b == 0x23 {
            out.append(b); nameStart = i + 1
        }  // "#"
        else if b == 0x69, matches(i, idAttr) {
            out += idAttr; nameStart = i + idAttr.count
        }
        if nameStart < 0 { out.append(b); i += 1; continue }
        let (n, end) = name(at: nameStart)
        if let m = mapping[n] { out += m } else { out += n }
        i = end
    }
    return out
}

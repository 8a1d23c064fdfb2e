/// A short unified-style diff of two texts, for failure messages: the first differing lines
/// with a little context, not the whole file.
enum LineDiff {
    /// One line of the diff: kept, removed (reference only) or added (actual only).
    enum Op: Equatable {
        case same(old: Int, new: Int)
        case removed(old: Int)
        case added(new: Int)
    }

    /// Largest `removed × added` block compared line by line; bigger ones are shown as
    /// "all removed, then all added".
    static let maxCells = 2_000_000

    /// The first hunks where `reference` and `actual` differ, as `@@ -l,n +l,n @@` headers and
    /// ` `, `-` (reference) and `+` (actual) lines, cut after `maxLines` diff lines; lines longer
    /// than `maxLineLength` characters are shortened. Empty when the texts are equal.
    static func render(reference: String, actual: String, context: Int = 2, maxLines: Int = 20, maxLineLength: Int = 160) -> String {
        let old = lines(reference), new = lines(actual)
        let ops = operations(old, new)
        let changes = ops.indices.filter { if case .same = ops[$0] { return false } else { return true } }
        guard let first = changes.first else { return "" }

        // Group changes whose contexts touch into hunks.
        var hunks: [ClosedRange<Int>] = []
        var start = max(first - context, 0), end = min(first + context, ops.count - 1)
        for c in changes.dropFirst() {
            if c - context <= end + 1 {
                end = min(c + context, ops.count - 1)
            } else {
                hunks.append(start...end)
                start = c - context; end = min(c + context, ops.count - 1)
            }
        }
        hunks.append(start...end)

        var out: [String] = []
        var printed = 0
        for hunk in hunks {
            guard printed < maxLines else { break }
            let slice = ops[hunk]
            let oldLines = slice.compactMap { op -> Int? in
                switch op {
                case .same(let o, _), .removed(let o): return o;
                case .added: return nil
                }
            }
            let newLines = slice.compactMap { op -> Int? in
                switch op {
                case .same(_, let n), .added(let n): return n;
                case .removed: return nil
                }
            }
            out.append("@@ -\(header(oldLines, after: slice, old: true)) +\(header(newLines, after: slice, old: false)) @@")
            for op in slice {
                guard printed < maxLines else { break }
                switch op {
                case .same(let o, _): out.append(" " + shorten(old[o], maxLineLength))
                case .removed(let o): out.append("-" + shorten(old[o], maxLineLength))
                case .added(let n): out.append("+" + shorten(new[n], maxLineLength))
                }
                printed += 1
            }
        }
        let total = hunks.reduce(0) { $0 + $1.count }
        if printed < total { out.append("… (\(total - printed) more diff lines not shown)") }
        return out.joined(separator: "\n")
    }

    /// `start,count` (1-based) for a hunk header.
    private static func header(_ numbers: [Int], after slice: ArraySlice<Op>, old: Bool) -> String {
        if let first = numbers.first { return "\(first + 1),\(numbers.count)" }
        // No line on this side: the position before which the other side's lines go.
        for op in slice {
            switch op {
            case .same(let o, let n): return "\(old ? o : n),0"
            default: continue
            }
        }
        return "0,0"
    }

    /// The lines of `text`; a final newline ends the last line instead of starting an empty one.
    static func lines(_ text: String) -> [Substring] {
        var parts = text.split(separator: "\n", omittingEmptySubsequences: false)
        if parts.count > 1, parts.last == "" { parts.removeLast() }
        return parts
    }

    /// The edit script from `old` to `new`: common prefix and suffix kept, the middle matched by
    /// longest common subsequence when small enough.
    static func operations(_ old: [Substring], _ new: [Substring]) -> [Op] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        { suffix += 1 }

        var ops: [Op] = (0..<prefix).map { .same(old: $0, new: $0) }
        let a = prefix..<(old.count - suffix), b = prefix..<(new.count - suffix)
        let n = a.count, m = b.count
        if n > 0, m > 0, n * m <= maxCells {
            // lcs[i][j]: length of the LCS of a[i...] and b[j...].
            var lcs = [Int32](repeating: 0, count: (n + 1) * (m + 1))
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    lcs[i * (m + 1) + j] =
                        old[a.lowerBound + i] == new[b.lowerBound + j]
                        ? lcs[(i + 1) * (m + 1) + j + 1] + 1
                        : max(lcs[(i + 1) * (m + 1) + j], lcs[i * (m + 1) + j + 1])
                }
            }
            var i = 0, j = 0
            while i < n || j < m {
                if i < n, j < m, old[a.lowerBound + i] == new[b.lowerBound + j] {
                    ops.append(.same(old: a.lowerBound + i, new: b.lowerBound + j)); i += 1; j += 1
                } else if i < n, j == m || lcs[(i + 1) * (m + 1) + j] >= lcs[i * (m + 1) + j + 1] {
                    ops.append(.removed(old: a.lowerBound + i)); i += 1
                } else {
                    ops.append(.added(new: b.lowerBound + j)); j += 1
                }
            }
        } else {
            ops += a.map { .removed(old: $0) }
            ops += b.map { .added(new: $0) }
        }
        ops += (0..<suffix).map { .same(old: old.count - suffix + $0, new: new.count - suffix + $0) }
        return ops
    }

    /// `line`, cut to `limit` characters with an ellipsis.
    private static func shorten(_ line: Substring, _ limit: Int) -> String {
        line.count <= limit ? String(line) : String(line.prefix(limit)) + "…"
    }
}

import ProofsheetCore

/// Sizes of measured text, kept for the whole process and shared by every thread: rendering one
/// scene in many states, or many scenes that share their labels, measures each paragraph once.
///
/// A size depends only on the text, its font, the width it wraps at, its line limit and the font
/// configuration, which together are the key. The cache is bounded both in entries and in bytes
/// (each entry counts its text's UTF-8 bytes plus a fixed overhead). Eviction is by generations:
/// new sizes go into the recent generation; when it holds half the bounds, it becomes the old
/// one and the previous old one is dropped. A size found in the old generation moves back into
/// the recent one, so what is in use stays and what is not goes within two generations.
package final class TextMeasurementCache: Sendable {
    package struct Key: Hashable, Sendable {
        /// The font configuration file the measurement was made with.
        var fontsConf: String
        var text: String
        var font: FontSpec
        var maxWidth: Double?
        var lineLimit: Int?

        package init(fontsConf: String, text: String, font: FontSpec, maxWidth: Double?, lineLimit: Int?) {
            self.fontsConf = fontsConf; self.text = text; self.font = font; self.maxWidth = maxWidth; self.lineLimit = lineLimit
        }

        /// What an entry is counted as: its strings' bytes plus the key, the size and the table's
        /// own bookkeeping.
        var bytes: Int { text.utf8.count + fontsConf.utf8.count + TextMeasurementCache.entryOverhead }
    }

    /// The cache every ``PangoTextMeasurer`` uses unless given another: 50 000 sizes, 16 MiB.
    package static let shared = TextMeasurementCache(maxEntries: 50_000, maxBytes: 16 << 20)

    /// Bytes counted for an entry besides its strings.
    static let entryOverhead = 128

    private struct Generation {
        var sizes: [Key: Size] = [:]
        var bytes = 0
    }
    private struct State {
        var recent = Generation()
        var old = Generation()
    }

    package let maxEntries: Int
    package let maxBytes: Int
    private let state = Locked(State())

    /// A cache of at most `maxEntries` sizes and `maxBytes` bytes (at least 2 entries; a text
    /// larger than an eighth of `maxBytes` is not kept).
    package init(maxEntries: Int, maxBytes: Int) {
        self.maxEntries = max(2, maxEntries)
        self.maxBytes = max(0, maxBytes)
    }

    /// The size remembered for `key`, if any.
    package func size(for key: Key) -> Size? {
        state.withLock { state in
            if let size = state.recent.sizes[key] { return size }
            guard let size = state.old.sizes.removeValue(forKey: key) else { return nil }
            state.old.bytes -= key.bytes
            Self.add(size, for: key, to: &state, maxEntries: maxEntries, maxBytes: maxBytes)
            return size
        }
    }

    /// Remembers `size` for `key`.
    package func insert(_ size: Size, for key: Key) {
        guard key.bytes <= maxBytes / 8 else { return }
        state.withLock { state in
            guard state.recent.sizes[key] == nil else { return }
            if state.old.sizes.removeValue(forKey: key) != nil { state.old.bytes -= key.bytes }
            Self.add(size, for: key, to: &state, maxEntries: maxEntries, maxBytes: maxBytes)
        }
    }

    /// Adds a key that neither generation holds, first starting a new generation if the recent
    /// one is full.
    private static func add(_ size: Size, for key: Key, to state: inout State, maxEntries: Int, maxBytes: Int) {
        let bytes = key.bytes
        if state.recent.sizes.count + 1 > maxEntries / 2 || state.recent.bytes + bytes > maxBytes / 2 {
            state.old = state.recent
            state.recent = Generation()
        }
        state.recent.sizes[key] = size
        state.recent.bytes += bytes
    }

    /// How many sizes are kept, and the bytes they count for.
    package var usage: (entries: Int, bytes: Int) {
        state.withLock { ($0.recent.sizes.count + $0.old.sizes.count, $0.recent.bytes + $0.old.bytes) }
    }

    /// Forgets every size.
    package func removeAll() {
        state.withLock { $0 = State() }
    }
}

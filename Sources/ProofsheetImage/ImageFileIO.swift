import ProofsheetCore
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Whole-file reads and writes that report failures as ``ImageError``.
package enum ImageFileIO {
    /// Reads a whole file.
    package static func read(_ path: String) throws(ImageError) -> [UInt8] {
        // Look before reading: a folder, a device or a FIFO, or a file over 1 GiB, is refused unread.
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard let attributes else { throw ImageError(.unreadable, source: path, detail: "no such file") }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw ImageError(.unreadable, source: path, detail: "not a regular file")
        }
        guard ((attributes[.size] as? Int) ?? (attributes[.size] as? UInt64).map(Int.init) ?? 0) <= 1 << 30 else {
            throw ImageError(.unreadable, source: path, detail: "larger than 1 GiB")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ImageError(.unreadable, source: path, detail: "\(error)")
        }
        guard !data.isEmpty else { throw ImageError(.empty, source: path) }
        return [UInt8](data)
    }

    /// Writes (replaces) a whole file atomically.
    package static func write(_ bytes: [UInt8], to path: String) throws(ImageError) {
        do {
            try FileOutput.write(bytes, to: path, createFolders: false)
        } catch {
            throw ImageError(.unwritable, source: path, detail: (error as? ProofsheetError)?.message ?? "\(error)")
        }
    }
}

import Foundation

/// Whole output folders (a timeline's frames, a check's report) written so that a failure leaves
/// the old folder as it was and no partial one, and so that nothing of the user's is ever lost:
/// everything goes into a temporary folder beside the target, which then takes the target's
/// place.
///
/// The one rule for every writer of whole folders: a folder is **ours**, and may be replaced,
/// only when it holds exactly what Proofsheet wrote there. Each folder written carries a marker,
/// ``folderMarker``, a plain list of the files written with their sizes; a folder is ours when it
/// holds exactly those files (same names, same sizes, regular files, no links) and folders, plus
/// the marker itself. A temporary folder's marker says `partial <pid>` from the moment it is made,
/// and a stale one (named `.<name>.partial-<pid>-…` or `.<name>.old-<pid>-…`) is removed only
/// when its marker is ours and its process is gone.
extension FileOutput {
    /// The marker in every whole folder Proofsheet writes.
    public static let folderMarker = ".proofsheet-files"
    /// The first line of a marker.
    static let markerHeader = "proofsheet files 1"
    /// Largest marker read (a folder of 100 000 frames lists in a few MiB).
    static let maxMarkerBytes = 32 << 20
    /// Most entries and depth looked at when comparing a folder with its marker.
    static let maxFolderEntries = 1_000_000
    static let maxFolderDepth = 32

    /// Checks that `target` may be replaced: absent, an empty folder, or a folder that is ours
    /// (see the rule above); never a link or a file.
    ///
    /// - Throws: a usage error naming the foreign files (the first few), and for a folder without
    ///   a marker (one written by another program, or by an older version) what to do.
    public static func checkReplaceableFolder(_ target: String, what: String, option: String = "-o") throws {
        guard exists(target) else { return }
        let shown = clip(target)
        guard !isLink(target) else {
            throw ProofsheetError.usage(
                "'\(shown)' is a symbolic link; \(what) replace a folder as a whole, never through a link",
                hint: "give \(option) the folder itself, or a new folder")
        }
        guard isFolder(target) else {
            throw ProofsheetError.usage("'\(shown)' is not a folder", hint: "give \(option) a folder for \(what)")
        }
        guard let listed = readMarker(target) else {
            // Without a marker only the first level is looked at (a folder such as / or /usr is
            // refused at once, not after listing everything below it).
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: target) else {
                throw ProofsheetError.usage("'\(shown)' cannot be read", hint: "give \(option) a new folder")
            }
            if names.isEmpty { return }
            throw ProofsheetError.usage(
                "'\(shown)' holds other files (\(list(names.sorted()))), not written by Proofsheet: it has no \(folderMarker) listing them",
                hint:
                    "\(what) replace a folder as a whole; a folder written by an older version has no list either: "
                    + "delete it, or give \(option) a new folder")
        }
        guard let found = listing(of: target) else {
            throw ProofsheetError.usage(
                "'\(shown)' cannot be read, or holds more than \(maxFolderEntries) files", hint: "give \(option) a new folder")
        }
        guard case .files(let files) = listed else {
            throw ProofsheetError.usage(
                "'\(shown)' is a partial folder of a run that did not finish", hint: "delete it, or give \(option) a new folder")
        }
        let foreign = differences(found: found, listed: files)
        guard foreign.isEmpty else {
            throw ProofsheetError.usage(
                "'\(shown)' holds other files than Proofsheet wrote there, or changed ones (\(list(foreign)))",
                hint: "\(what) replace a folder as a whole: move those files away, or give \(option) a new folder")
        }
    }

    /// Whether `folder` is exactly what Proofsheet wrote there (its marker lists every file and
    /// folder it holds, with the same sizes).
    public static func isOurFolder(_ folder: String) -> Bool {
        guard !isLink(folder), isFolder(folder), case .files(let files)? = readMarker(folder), let found = listing(of: folder) else {
            return false
        }
        return differences(found: found, listed: files).isEmpty
    }

    /// Whether `folder` is a temporary folder of ``temporaryFolder(beside:)`` still being written
    /// (its marker says partial, not a link): what a writer handed a folder by another process
    /// (the preview program `proofsheet swiftui` runs) may fill, the caller moving it into place.
    public static func isStagingFolder(_ folder: String) -> Bool {
        guard !isLink(folder), isFolder(folder), case .partial? = readMarker(folder) else { return false }
        return true
    }

    /// A new, empty temporary folder beside `target`, its marker saying it is partial.
    /// Stale temporary folders of the same target, of processes that are gone, are removed first.
    public static func temporaryFolder(beside target: String) throws -> String {
        let up = parent(of: target)
        try makeFolders(up)
        let name = target.split(separator: "/").last.map(String.init) ?? "out"
        removeStaleFolders(of: name, in: up)
        let tmp = up + "/." + name + ".partial-\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 16))"
        guard mkdir(tmp, 0o755) == 0 else {
            throw ProofsheetError.badInput(
                "cannot create a folder beside \(clip(target)): \(String(cString: strerror(errno)))", hint: "check that the folder is writable")
        }
        do {
            try write(Array("\(markerHeader)\npartial \(getpid())\n".utf8), to: tmp + "/" + folderMarker, createFolders: false, sync: false)
        } catch {
            discardFolder(tmp)
            throw error
        }
        return tmp
    }

    /// Puts the finished folder `temp` in `target`'s place (the old one, checked to be ours,
    /// removed). The marker listing every file in `temp` is written first.
    public static func replaceFolder(_ target: String, with temp: String, what: String = "the output", option: String = "-o") throws {
        try seal(temp)
        try checkReplaceableFolder(target, what: what, option: option)
        var old: String? = nil
        if exists(target) {
            // `.<name>.old-<pid>-…` beside it (only the last component renamed: the path above
            // may hold ".partial-" too).
            let last = temp.split(separator: "/").last.map(String.init) ?? temp
            let o = parent(of: temp) + "/" + last.replacingOccurrences(of: ".partial-", with: ".old-")
            guard rename(target, o) == 0 else {
                throw ProofsheetError.badInput(
                    "cannot replace \(clip(target)): \(String(cString: strerror(errno)))", hint: "check that the folder is writable")
            }
            old = o
        }
        guard rename(temp, target) == 0 else {
            let code = errno
            if let old { rename(old, target) }
            throw ProofsheetError.badInput(
                "cannot replace \(clip(target)): \(String(cString: strerror(code)))", hint: "check that the folder is writable")
        }
        if let old { try? FileManager.default.removeItem(atPath: old) }
    }

    /// Writes the marker of a finished folder: every file and folder in it, with sizes.
    static func seal(_ folder: String) throws {
        guard var found = listing(of: folder) else {
            throw ProofsheetError.internal("cannot list the folder \(clip(folder)) just written")
        }
        found[folderMarker] = nil
        var text = markerHeader + "\n"
        for name in found.keys.sorted() {
            guard let size = found[name]! else {
                throw ProofsheetError.internal("\(clip(folder))/\(clip(name)) is neither a file nor a folder")
            }
            text += (size < 0 ? "-" : "\(size)") + " " + escape(name) + "\n"
        }
        try write(Array(text.utf8), to: folder + "/" + folderMarker, createFolders: false)
    }

    /// Removes the temporary folders beside a target (`.<name>.partial-<pid>-…` and
    /// `.<name>.old-<pid>-…`) that a process left when it was killed: only those whose process
    /// is gone and whose marker is ours (partial, of that process, or listing exactly what the
    /// folder holds), so a run writing the same target at the same time keeps its own and a
    /// user's folder of such a name is never touched.
    static func removeStaleFolders(of name: String, in folder: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for entry in names {
            guard
                let rest = ["." + name + ".partial-", "." + name + ".old-"].lazy.compactMap({ entry.hasPrefix($0) ? entry.dropFirst($0.count) : nil })
                    .first,
                let pidText = rest.split(separator: "-").first, let pid = Int32(pidText), pid > 0
            else { continue }
            let path = folder + "/" + entry
            guard pid != getpid(), kill(pid, 0) != 0, errno == ESRCH, !isLink(path), isFolder(path) else { continue }
            let ours: Bool
            switch readMarker(path) {
            case .partial(let owner)?: ours = owner == pid
            case .files?: ours = isOurFolder(path)
            case nil: ours = false
            }
            if ours { try? FileManager.default.removeItem(atPath: path) }
        }
    }

    /// Removes a temporary folder this process made (after a failure): only one named and
    /// marked as this process's.
    public static func discardFolder(_ temp: String) {
        guard temp.contains(".partial-\(getpid())-"), !isLink(temp) else { return }
        switch readMarker(temp) {
        case .partial(let owner)? where owner == getpid(): break
        case .files? where isOurFolder(temp): break
        default: return
        }
        try? FileManager.default.removeItem(atPath: temp)
    }

    // MARK: - The marker

    enum Marker {
        case partial(Int32)
        /// Relative path → size in bytes (-1 for a folder).
        case files([String: Int])
    }

    /// The marker of `folder`, or nil when it has none that Proofsheet wrote (missing, a link,
    /// not a regular file, too large, or not in the format).
    static func readMarker(_ folder: String) -> Marker? {
        guard let bytes = readRegularFile(folder + "/" + folderMarker, limit: maxMarkerBytes),
            let text = String(validating: bytes, as: UTF8.self)
        else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring(markerHeader), lines.last == "" else { return nil }
        lines.removeFirst(); lines.removeLast()
        if lines.count == 1, lines[0].hasPrefix("partial "), let pid = Int32(lines[0].dropFirst("partial ".count)), pid > 0 {
            return .partial(pid)
        }
        var files: [String: Int] = [:]
        for line in lines {
            guard let space = line.firstIndex(of: " ") else { return nil }
            let sizeText = line[..<space]
            let size = sizeText == "-" ? -1 : Int(sizeText)
            guard let size, size >= -1, let name = unescape(line[line.index(after: space)...]), files[name] == nil else { return nil }
            files[name] = size
        }
        return .files(files)
    }

    /// What differs between a folder's contents and its marker's list: files not listed, listed
    /// files missing or of another size, and links or special files.
    static func differences(found: [String: Int?], listed: [String: Int]) -> [String] {
        var out: [String] = []
        for (name, size) in found where name != folderMarker {
            guard let size else { out.append(name + " (not a file)"); continue }
            guard let want = listed[name] else { out.append(name); continue }
            if want != size { out.append(name + (size < 0 || want < 0 ? " (changed)" : " (\(want) → \(size) bytes)")) }
        }
        for name in listed.keys where found[name] == nil { out.append(name + " (missing)") }
        return out.sorted()
    }

    /// Every entry below `folder` (relative paths): a regular file's size, -1 for a folder, nil
    /// for a link or anything else. Links are never followed. Nil when the folder cannot be read,
    /// is too deep or holds more than ``maxFolderEntries``.
    static func listing(of folder: String) -> [String: Int?]? {
        var out: [String: Int?] = [:]
        func walk(_ relative: String, depth: Int) -> Bool {
            guard depth <= maxFolderDepth, let dir = opendir(relative.isEmpty ? folder : folder + "/" + relative) else { return false }
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                let name = withUnsafePointer(to: &entry.pointee.d_name) { field in
                    field.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) { String(cString: $0) }
                }
                if name == "." || name == ".." { continue }
                let rel = relative.isEmpty ? name : relative + "/" + name
                guard out.count < maxFolderEntries else { return false }
                var st = stat()
                guard lstat(folder + "/" + rel, &st) == 0 else { return false }
                switch st.st_mode & S_IFMT {
                case S_IFREG: out[rel] = Int(st.st_size)
                case S_IFDIR:
                    out[rel] = -1
                    guard walk(rel, depth: depth + 1) else { return false }
                default: out[rel] = .some(nil)
                }
            }
            return true
        }
        return walk("", depth: 0) ? out : nil
    }

    /// A name in a marker line: `%`, controls and DEL as `%XX`.
    static func escape(_ name: String) -> String {
        var out = ""
        for u in name.unicodeScalars {
            if u == "%" || u.value < 0x20 || u.value == 0x7F { out += String(format: "%%%02X", u.value) } else { out.unicodeScalars.append(u) }
        }
        return out
    }

    static func unescape(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var it = Array(text.utf8)[...]
        while let b = it.popFirst() {
            guard b == UInt8(ascii: "%") else { bytes.append(b); continue }
            guard it.count >= 2, let v = UInt8(String(decoding: it.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            bytes.append(v)
            it = it.dropFirst(2)
        }
        guard let s = String(validating: bytes, as: UTF8.self), !s.isEmpty else { return nil }
        return s
    }

    /// The first few names, for a message (escaped and cut short).
    static func list(_ names: [String]) -> String {
        names.prefix(3).map { clip(escape($0)) }.joined(separator: ", ") + (names.count > 3 ? ", and \(names.count - 3) more" : "")
    }

    /// A path or name as shown in a message: at most 200 characters.
    static func clip(_ s: String) -> String { visible(s.count <= 200 ? s : s.prefix(200) + "…") }
}

import Foundation

/// Whole output folders (a timeline's frames) written so that a failure leaves the old folder
/// as it was and no partial one: everything goes into a temporary folder beside the target,
/// which then takes the target's place.
extension FileOutput {
    /// Checks that `target` may be replaced: absent, an empty folder, or a folder holding
    /// `marker` (a file an earlier run of the same command wrote); never a link or a file.
    public static func checkReplaceableFolder(_ target: String, marker: String, what: String) throws {
        guard exists(target) else { return }
        guard !isLink(target), isFolder(target) else {
            throw ProofsheetError.usage("'\(target)' is not a folder", hint: "give -o a folder for the \(what)")
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: target)) ?? []
        guard names.isEmpty || (names.contains(marker) && isRegularFile(target + "/" + marker)) else {
            throw ProofsheetError.usage(
                "'\(target)' holds other files: it is not an earlier folder of \(what) (no \(marker))",
                hint: "give -o an empty or new folder; an earlier folder of \(what) is replaced as a whole")
        }
    }

    /// A new, empty temporary folder beside `target`.
    public static func temporaryFolder(beside target: String) throws -> String {
        let up = parent(of: target)
        try makeFolders(up)
        let name = target.split(separator: "/").last.map(String.init) ?? "out"
        removeStaleFolders(of: name, in: up)
        let tmp = up + "/." + name + ".partial-\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 16))"
        guard mkdir(tmp, 0o755) == 0 else {
            throw ProofsheetError.badInput(
                "cannot create a folder beside \(target): \(String(cString: strerror(errno)))", hint: "check that the folder is writable")
        }
        return tmp
    }

    /// Puts the finished folder `temp` in `target`'s place (the old one removed).
    public static func replaceFolder(_ target: String, with temp: String) throws {
        var old: String? = nil
        if exists(target) {
            let o = temp.replacingOccurrences(of: ".partial-", with: ".old-")
            guard rename(target, o) == 0 else {
                throw ProofsheetError.badInput(
                    "cannot replace \(target): \(String(cString: strerror(errno)))", hint: "check that the folder is writable")
            }
            old = o
        }
        guard rename(temp, target) == 0 else {
            let code = errno
            if let old { rename(old, target) }
            throw ProofsheetError.badInput("cannot replace \(target): \(String(cString: strerror(code)))", hint: "check that the folder is writable")
        }
        if let old { try? FileManager.default.removeItem(atPath: old) }
    }

    /// Removes the temporary folders beside a target (`.<name>.partial-<pid>-…` and
    /// `.<name>.old-<pid>-…`) that a process left when it was killed: only those whose process
    /// is gone, so a run writing the same target at the same time keeps its own.
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
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// Removes a temporary folder this process made (after a failure).
    public static func discardFolder(_ temp: String) { try? FileManager.default.removeItem(atPath: temp) }
}

import Foundation

/// A Git LFS pointer file: what a checkout without `git lfs pull` leaves where a golden, an
/// image or a scene file should be.
public enum GitLFS {
    public static func isPointer(_ bytes: [UInt8]) -> Bool {
        bytes.count < 1024 && bytes.starts(with: Array("version https://git-lfs.github.com/spec/".utf8))
    }

    /// How to fetch the file a pointer stands for, for messages.
    public static func fetchHint(_ path: String) -> String {
        "fetch the real file with `git lfs pull` (or `git lfs pull --include '\(path)'`) in the repository"
    }

    /// The first bytes of a file (up to 1 KiB and one more, enough to tell a pointer), or none.
    public static func head(of path: String) -> [UInt8] {
        guard let h = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? h.close() }
        return [UInt8]((try? h.read(upToCount: 1025)) ?? Data())
    }
}

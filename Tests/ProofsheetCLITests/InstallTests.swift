import Foundation
import Testing
import ProofsheetTestSupport

/// The binary as it ships: installed under a prefix (`make install`), or from the Debian package
/// (`make deb`), it finds its assets from its own location, says where in `--version`, and
/// renders what the build tree's binary renders, byte for byte.
@Suite("Installed binary")
struct InstallTests {
    /// The release binary `make test` names (packaging a debug build would take minutes).
    static var release: String? { HostileRunner.namedReleaseBinary }
    static var noRelease: Bool { release == nil }
    static var noDpkg: Bool { which("dpkg-deb") == nil || which("dpkg-shlibdeps") == nil }

    /// `--version`'s rows by name.
    static func versionRows(_ binary: String, cwd: String) throws -> [String: String] {
        let r = try runProcess(binary, ["--version"], cwd: cwd, unset: ["PROOFSHEET_ASSETS"])
        #expect(r.status == 0, "\(r.err)")
        var rows: [String: String] = [:]
        for line in r.out.split(separator: "\n").dropFirst() {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { rows[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        #expect(r.out.hasPrefix("proofsheet "), "\(r.out)")
        return rows
    }

    /// The travel deck (built-in photos, the pinned fonts) drawn by `binary` from a folder of
    /// its own, and by the build tree's binary: the same bytes.
    static func rendersAsTheBuild(_ binary: String, scratch: String) throws {
        let scene = Paths.scenes + "/travel-deck.json"
        let a = try runProcess(binary, ["render", scene, "-o", scratch + "/installed.png", "-q"], cwd: scratch, unset: ["PROOFSHEET_ASSETS"])
        #expect(a.status == 0, "\(a.err)")
        let b = try runProcess(release!, ["render", scene, "-o", scratch + "/built.png", "-q"], cwd: scratch)
        #expect(b.status == 0, "\(b.err)")
        let installed = FileManager.default.contents(atPath: scratch + "/installed.png")
        #expect(installed != nil && installed == FileManager.default.contents(atPath: scratch + "/built.png"))
    }

    @Test(.disabled(if: noRelease, "needs the release binary (make test names it)"))
    func installedUnderAPrefix() throws {
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let prefix = scratch + "/prefix with space"
        let r = try runProcess("/bin/bash", [Paths.root + "/scripts/install.sh", prefix, Self.release!], cwd: scratch)
        #expect(r.status == 0, "\(r.out)\(r.err)")
        let binary = prefix + "/bin/proofsheet"
        let rows = try Self.versionRows(binary, cwd: scratch)
        #expect(rows["assets"] == prefix + "/share/proofsheet/Assets", "\(rows)")
        #expect(rows["environment"]?.hasPrefix("proofsheet=") == true && rows["environment"]?.contains(" fonts=") == true, "\(rows)")
        #expect(rows["environment"]?.contains(" architecture=") == true, "\(rows)")
        // What it needs at run time, not the README's pictures.
        for needed in ["share/proofsheet/Assets/Fonts/fonts.conf", "share/proofsheet/Assets/Images", "share/doc/proofsheet/LICENSE"] {
            #expect(FileManager.default.fileExists(atPath: prefix + "/" + needed), "missing \(needed)")
        }
        #expect(!FileManager.default.fileExists(atPath: prefix + "/share/proofsheet/Assets/Docs"))
        // The completions it wrote parse in their shell.
        let bash = try runProcess("/bin/bash", ["-n", prefix + "/share/bash-completion/completions/proofsheet"])
        #expect(bash.status == 0, "\(bash.err)")
        try Self.rendersAsTheBuild(binary, scratch: scratch)
        // `init` writes its CI examples from the installed assets.
        let project = scratch + "/project"
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        let initialized = try runProcess(binary, ["init", "--ci", "jenkins"], cwd: project, unset: ["PROOFSHEET_ASSETS"])
        #expect(initialized.status == 0, "\(initialized.err)")
        #expect(
            FileManager.default.contents(atPath: project + "/Jenkinsfile")
                == FileManager.default.contents(atPath: Paths.root + "/Examples/ci/Jenkinsfile"))
        // Installing again over it is the same install (nothing left half-copied beside it).
        let again = try runProcess("/bin/bash", [Paths.root + "/scripts/install.sh", prefix, Self.release!], cwd: scratch)
        #expect(again.status == 0)
        let beside = try FileManager.default.contentsOfDirectory(atPath: prefix + "/share/proofsheet")
        #expect(beside == ["Assets"], "\(beside)")
    }

    @Test(.disabled(if: noRelease || noDpkg, "needs the release binary and dpkg-dev"), .timeLimit(.minutes(5)))
    func debianPackage() throws {
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let built = try runProcess("/bin/bash", [Paths.root + "/scripts/make-deb.sh", Self.release!, scratch + "/out"], cwd: scratch)
        #expect(built.status == 0, "\(built.out)\(built.err)")
        let package = built.out.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(package.hasSuffix(".deb") && FileManager.default.fileExists(atPath: package), "\(built.out)")
        // Its dependencies: the libraries it links (the animated-preview ones included) and the
        // pinned fonts.
        let depends = try runProcess("/usr/bin/dpkg-deb", ["--field", package, "Depends"])
        for needed in [
            "libcairo2", "libpango-1.0-0", "libharfbuzz-subset0", "libwebp7", "libwebpmux3", "libgif7", "libvpx7", "libdeflate0", "fonts-inter",
            "fonts-noto-core"
        ] {
            #expect(depends.out.contains(needed), "Depends lacks \(needed): \(depends.out)")
        }
        #expect(!depends.out.contains("swift"), "the Swift runtime is linked in: \(depends.out)")
        // Unpacked into a root of its own, its binary finds its assets there and draws the same bytes.
        let root = scratch + "/root"
        let x = try runProcess("/usr/bin/dpkg-deb", ["-x", package, root])
        #expect(x.status == 0, "\(x.err)")
        let rows = try Self.versionRows(root + "/usr/bin/proofsheet", cwd: scratch)
        #expect(rows["assets"] == root + "/usr/share/proofsheet/Assets", "\(rows)")
        #expect(FileManager.default.fileExists(atPath: root + "/usr/share/doc/proofsheet/copyright"))
        try Self.rendersAsTheBuild(root + "/usr/bin/proofsheet", scratch: scratch)
    }
}

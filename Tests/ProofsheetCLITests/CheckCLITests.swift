import Foundation
import Testing
import ProofsheetTestSupport
import Proofsheet
import ProofsheetCairo
import ProofsheetLayout

/// `proofsheet check`, `approve` and `merge-reports` as built binaries, on small scenes.
@Suite("check command")
struct CheckCLITests {
    /// A folder with two small scenes: a red and a blue canvas.
    func project() throws -> String {
        let dir = try temporaryFolder()
        for (name, colour) in [("red", "red"), ("blue", "blue")] {
            let json = "{\"canvas\": {\"width\": 40, \"height\": 30}, \"root\": {\"type\": \"Color\", \"color\": \"\(colour)\"}}"
            try json.write(toFile: "\(dir)/\(name).json", atomically: true, encoding: .utf8)
        }
        return dir
    }

    func check(_ dir: String, _ extra: [String], ci: Bool = false) throws -> (status: Int32, out: String, err: String) {
        try runProcess(
            CLITests.binary, ["check", "red.json", "blue.json", "--golden", "goldens"] + extra, cwd: dir,
            env: ["CI": ci ? "1" : ""])
    }

    @Test func missingGoldensAreRecordedAndFailThenPass() throws {
        let dir = try project()
        let first = try check(dir, [])
        #expect(first.status == 1)
        #expect(first.err.contains("RECORDED red/default/40x30@1x"))
        #expect(FileManager.default.fileExists(atPath: dir + "/goldens/red/default/40x30@1x.png"))
        let second = try check(dir, [])
        #expect(second.status == 0, "\(second.out) \(second.err)")
        #expect(second.out.hasPrefix("passed: 2 images"))
    }

    /// `--color-scheme` (repeatable) checks each image in each scheme: dark goldens are named
    /// `+dark` beside the light ones and are drawn dark; a bad scheme is a usage error.
    @Test func eachColorSchemeHasItsGoldens() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let json = "{\"canvas\": {\"width\": 40, \"height\": 30}, \"root\": {\"type\": \"Color\", \"color\": \"label\"}}"
        try json.write(toFile: dir + "/label.json", atomically: true, encoding: .utf8)
        func run(_ extra: [String]) throws -> (status: Int32, out: String, err: String) {
            try runProcess(CLITests.binary, ["check", "label.json", "--golden", "goldens"] + extra, cwd: dir, env: ["CI": ""])
        }
        let first = try run(["--color-scheme", "light", "--color-scheme", "dark", "--record", "all"])
        #expect(first.status == 0, "\(first.err)")
        let light = try RGBAImage(contentsOfFile: dir + "/goldens/label/default/40x30@1x.png")
        let dark = try RGBAImage(contentsOfFile: dir + "/goldens/label/default/40x30@1x+dark.png")
        #expect(light[x: 5, y: 5] == RGBAColor(r: 0, g: 0, b: 0) && dark[x: 5, y: 5] == RGBAColor(r: 255, g: 255, b: 255))
        #expect(try run(["--color-scheme", "dark"]).status == 0)
        let bad = try run(["--color-scheme", "sepia"])
        #expect(bad.status == 2 && bad.err.contains("not light or dark"), "\(bad.err)")
        // render takes it too.
        let r = try runProcess(CLITests.binary, ["render", "label.json", "--color-scheme", "dark", "-o", "d.png"], cwd: dir)
        #expect(r.status == 0, "\(r.err)")
        let rendered = try RGBAImage(contentsOfFile: dir + "/d.png")
        #expect(rendered[x: 1, y: 1] == RGBAColor(r: 255, g: 255, b: 255))
    }

    /// A configuration's `"variants"` matrix: a golden for every combination, named by it; an
    /// axis from the command line replaces the configuration's values for that axis only; bad
    /// values and names are usage errors; a drawing command takes one value per axis.
    @Test func eachVariantOfTheMatrixHasItsGoldens() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A line of body text: its height depends on the text size, its colour on the scheme.
        let json = #"{"canvas": {"width": 120, "height": 80}, "root": {"type": "Text", "text": "Hi", "modifiers": [{"font": "body"}]}}"#
        try json.write(toFile: dir + "/hi.json", atomically: true, encoding: .utf8)
        let config = #"{"scenes": ["hi.json"], "golden": "goldens", "variants": {"dynamicType": ["large", "ax3"], "colorScheme": ["light", "dark"]}}"#
        try config.write(toFile: dir + "/proofsheet.json", atomically: true, encoding: .utf8)
        func run(_ extra: [String], command: String = "check") throws -> (status: Int32, out: String, err: String) {
            try runProcess(CLITests.binary, [command] + extra, cwd: dir, env: ["CI": ""])
        }
        let first = try run(["--record", "all"])
        #expect(first.status == 0, "\(first.err)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/goldens/hi/default").sorted()
        #expect(names == ["120x80@1x+ax3.png", "120x80@1x+dark+ax3.png", "120x80@1x+dark.png", "120x80@1x.png"])
        // The dark golden at AX3 is white text on black, larger than the light default one.
        func ink(_ name: String) throws -> (rows: Int, white: Bool) {
            let img = try RGBAImage(contentsOfFile: dir + "/goldens/hi/default/" + name)
            var rows = Set<Int>(), white = false
            for y in 0..<img.height {
                for x in 0..<img.width where (img[x: x, y: y].r > 128) != (img[x: 0, y: 0].r > 128) {
                    rows.insert(y)
                    if img[x: x, y: y].r > 200 { white = true }
                }
            }
            return (rows.count, white)
        }
        let small = try ink("120x80@1x.png"), large = try ink("120x80@1x+dark+ax3.png")
        #expect(large.rows > small.rows * 2 && large.white && !small.white, "\(small) \(large)")
        // The command line's text size replaces the configuration's; its schemes stay: two images.
        let ax3 = try run(["--dynamic-type", "accessibility3"])
        #expect(ax3.status == 0 && ax3.out.contains("2 passed"), "\(ax3.out)\(ax3.err)")
        let one = try run(["--variant", "colorScheme=dark", "--variant", "dynamicType=ax3"])
        #expect(one.status == 0 && one.out.contains("1 passed"), "\(one.out)\(one.err)")
        for (bad, says) in [
            (["--variant", "textSize=ax3"], "NAME one of colorScheme, dynamicType"), (["--variant", "dynamicType=huge"], "Dynamic Type size"),
            (["--dynamic-type", "ax6"], "xSmall"), (["--variant", "colorScheme"], "NAME=VALUE")
        ] {
            let r = try run(bad)
            #expect(r.status == 2 && r.err.contains(says), "\(bad): \(r.err)")
        }
        let twice = try run(["hi.json", "--dynamic-type", "xs", "--dynamic-type", "ax1", "-o", "x.png"], command: "render")
        #expect(twice.status == 2 && twice.err.contains("one"), "\(twice.err)")
        let rendered = try run(["hi.json", "--variant", "dynamicType=ax3", "--color-scheme", "dark", "-o", "x.png"], command: "render")
        #expect(rendered.status == 0, "\(rendered.err)")
        #expect(try RGBAImage(contentsOfFile: dir + "/x.png") == RGBAImage(contentsOfFile: dir + "/goldens/hi/default/120x80@1x+dark+ax3.png"))
    }

    @Test func onCIAMissingGoldenFailsAndNothingIsWritten() throws {
        let dir = try project()
        let r = try check(dir, [], ci: true)
        #expect(r.status == 1)
        #expect(r.err.contains("MISSING"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/goldens"))
    }

    /// Records goldens, then paints the red golden green so the check fails.
    func failingProject() throws -> String {
        let dir = try project()
        _ = try check(dir, ["--record", "all"])
        let golden = dir + "/goldens/red/default/40x30@1x.png"
        var img = try RGBAImage(contentsOfFile: golden)
        img.withUnsafeMutablePixels { px in for i in stride(from: 0, to: 40 * 10 * 4, by: 4) { px[i] = 0; px[i + 1] = 200 } }
        try img.writePNG(to: golden)
        return dir
    }

    @Test func aDifferenceFailsWithAReport() throws {
        let dir = try failingProject()
        let r = try check(dir, ["--report", "report", "--junit", "junit.xml", "--summary", "summary.md"])
        #expect(r.status == 1)
        #expect(r.err.contains("FAILED   red/default/40x30@1x — 400 of 1200 pixels differ"))
        let results = try ReportFolder(path: dir + "/report").read()
        #expect(results.failures.map(\.id) == ["red/default/40x30@1x"])
        #expect(results.entries.count == 2)
        let failed = try #require(results.failures.first)
        for rel in [failed.expected, failed.actual, failed.diff] {
            #expect(FileManager.default.fileExists(atPath: dir + "/report/" + (rel ?? "none")))
        }
        let html = try String(contentsOfFile: dir + "/report/index.html", encoding: .utf8)
        #expect(html.contains("src=\"images/red/default/40x30@1x.actual.png\""))
        // Nothing inline that a Content-Security-Policy of `style-src 'self'` (Jenkins') refuses:
        // the styles and the script are files beside the page.
        #expect(html.contains("<link rel=\"stylesheet\" href=\"report.css\">") && html.contains("<script src=\"report.js\"></script>"))
        #expect(!html.contains("<style") && !html.contains("<script>") && !html.contains(" style=\""))
        #expect(html.firstMatch(of: #/ on[a-z]+=/#) == nil && !html.contains("javascript:") && !html.contains("src=\"data:"))
        #expect(try String(contentsOfFile: dir + "/report/report.css", encoding: .utf8) == HTMLReport.stylesheet)
        #expect(try String(contentsOfFile: dir + "/report/report.js", encoding: .utf8) == HTMLReport.scriptText)
        #expect(try String(contentsOfFile: dir + "/junit.xml", encoding: .utf8).contains("failures=\"1\""))
        let summary = try String(contentsOfFile: dir + "/summary.md", encoding: .utf8)
        #expect(summary.contains("\n#### red\n") && summary.contains("\n| default | 40x30@1x | failed | 400 | 33.33% |"), "\(summary)")
    }

    /// A big change fails many images: past `report-comparison-bytes` of expected and diff
    /// images, the later failures (in the page's order) keep only their actual image, which
    /// approve still reads.
    @Test func theReportBoundsItsComparisonImages() throws {
        let dir = try failingProject()
        let golden = dir + "/goldens/blue/default/40x30@1x.png"
        var img = try RGBAImage(contentsOfFile: golden)
        img.withUnsafeMutablePixels { px in px[0] = 255 }
        try img.writePNG(to: golden)
        _ = try check(dir, ["--report", "full"])
        let full = try ReportFolder(path: dir + "/full").read()
        #expect(full.failures.map(\.id) == ["blue/default/40x30@1x", "red/default/40x30@1x"])
        func size(_ rel: String?) throws -> Int {
            try #require(try FileManager.default.attributesOfItem(atPath: dir + "/full/" + (rel ?? "none"))[.size] as? Int)
        }
        let blue = full.failures[0]
        let first = try size(blue.expected) + size(blue.diff)
        // Room for the first failure's images only.
        let r = try check(dir, ["--report", "report", "--limit", "report-comparison-bytes=\(first)"])
        #expect(r.status == 1)
        #expect(r.err.contains("warning: 1 image in the report without its expected and diff images"), "\(r.err)")
        let report = try ReportFolder(path: dir + "/report").read()
        let kept = report.failures[0], trimmed = report.failures[1]
        #expect(kept.expected != nil && kept.diff != nil && kept.actual != nil)
        #expect(trimmed.expected == nil && trimmed.diff == nil && trimmed.actual != nil)
        #expect(trimmed.message?.contains("expected and diff images left out") == true)
        let images = try FileManager.default.subpathsOfDirectory(atPath: dir + "/report/images").filter { $0.hasSuffix(".png") }.sorted()
        #expect(images.filter { $0.hasPrefix("red/") } == ["red/default/40x30@1x.actual.png", "red/default/40x30@1x.thumb.png"], "\(images)")
        let html = try String(contentsOfFile: dir + "/report/index.html", encoding: .utf8)
        #expect(html.contains("Left out (report size)"))
        // Approve reads the actual images: both goldens are taken.
        let a = try runProcess(CLITests.binary, ["approve", "--report", "report"], cwd: dir)
        #expect(
            a.status == 0 && a.out.contains("approved red/default/40x30@1x") && a.out.contains("approved blue/default/40x30@1x"), "\(a.out)\(a.err)")
        #expect(try check(dir, []).status == 0)
    }

    @Test func toleranceLetsASmallDifferencePass() throws {
        let dir = try failingProject()
        #expect(try check(dir, ["--max-diff-pixels", "400"]).status == 0)
        #expect(try check(dir, ["--max-diff-ratio", "0.3"]).status == 1)
    }

    @Test func recordFailedRewritesTheFailingGolden() throws {
        let dir = try failingProject()
        let r = try check(dir, ["--record", "failed"])
        #expect(r.status == 1)
        #expect(r.err.contains("RECORDED red/default/40x30@1x"))
        #expect(try check(dir, []).status == 0)
    }

    @Test func approveCopiesTheActualImages() throws {
        let dir = try failingProject()
        _ = try check(dir, ["--report", "report"])
        let a = try runProcess(CLITests.binary, ["approve", "--report", "report"], cwd: dir)
        #expect(a.status == 0)
        #expect(a.out.contains("approved red/default/40x30@1x"))
        #expect(try check(dir, []).status == 0)
    }

    @Test func shardsSplitTheWorkAndMergeBack() throws {
        let dir = try failingProject()
        let one = try check(dir, ["--shard", "1/2", "--report", "r1"])
        let two = try check(dir, ["--shard", "2/2", "--report", "r2"])
        let ids1 = try ReportFolder(path: dir + "/r1").read().entries.map(\.id)
        let ids2 = try ReportFolder(path: dir + "/r2").read().entries.map(\.id)
        #expect(ids1.count == 1 && ids2.count == 1 && Set(ids1 + ids2).count == 2)
        #expect([one.status, two.status].sorted() == [0, 1])
        let m = try runProcess(CLITests.binary, ["merge-reports", "r1", "r2", "-o", "merged", "--junit", "merged.xml"], cwd: dir)
        #expect(m.status == 1)
        let merged = try ReportFolder(path: dir + "/merged").read()
        #expect(merged.entries.count == 2 && merged.failures.count == 1)
        #expect(FileManager.default.fileExists(atPath: dir + "/merged/index.html"))
        #expect(FileManager.default.fileExists(atPath: dir + "/merged/" + (merged.failures[0].diff ?? "none")))
    }

    @Test func aGoldenOfAnotherSizeIsAFailure() throws {
        let dir = try project()
        _ = try check(dir, ["--record", "all"])
        try RGBAImage(width: 10, height: 10).writePNG(to: dir + "/goldens/blue/default/40x30@1x.png")
        let r = try check(dir, [])
        #expect(r.status == 1)
        #expect(r.err.contains("sizes differ: expected 10x10, actual 40x30"))
    }

    @Test func badArgumentsAreUsageErrors() throws {
        let dir = try project()
        #expect(try runProcess(CLITests.binary, ["check", "red.json"], cwd: dir).status == 2)
        #expect(try check(dir, ["--record", "sometimes"]).status == 2)
        #expect(try check(dir, ["--shard", "3/2"]).status == 2)
        #expect(try runProcess(CLITests.binary, ["check", "nope.json", "--golden", "g"], cwd: dir).status == 2)
        #expect(try runProcess(CLITests.binary, ["approve", "--report", "none"], cwd: dir).status == 2)
    }

    @Test func aBadSceneIsItsOwnErrorAndTheOthersAreChecked() throws {
        let dir = try project()
        try "{\"canvas\": {\"width\": 40, \"height\": 30}, \"root\": {\"type\": \"Image\", \"name\": \"nope\"}}"
            .write(toFile: dir + "/zz.json", atomically: true, encoding: .utf8)
        let r = try runProcess(
            CLITests.binary, ["check", "red.json", "zz.json", "--golden", "goldens", "--report", "report"], cwd: dir, env: ["CI": ""])
        #expect(r.status == 2)
        #expect(r.err.contains("image 'nope' not found"))
        #expect(FileManager.default.fileExists(atPath: dir + "/goldens/red/default/40x30@1x.png"))
        #expect(try ReportFolder(path: dir + "/report").read().entries.map(\.status) == [.recorded, .error])
    }

    @Test func approveRefusesUnknownIdsAndTheWrongFolder() throws {
        let dir = try failingProject()
        _ = try check(dir, ["--report", "report"])
        let unknown = try runProcess(CLITests.binary, ["approve", "--report", "report", "--only", "green/default/x"], cwd: dir)
        #expect(unknown.status == 2 && unknown.err.contains("no image 'green/default/x'"))
        let elsewhere = try runProcess(CLITests.binary, ["approve", "--report", dir + "/report"], cwd: NSTemporaryDirectory())
        #expect(elsewhere.status == 2 && elsewhere.err.contains("run approve from the folder the check ran in"))
    }

    // MARK: - Stills

    /// A scene with the stills `off` (blue) and `on` (`onColour`), as a scene file's text.
    static func toggleScene(stills: [String] = ["off", "on"], onColour: String = "red") -> String {
        let list = stills.map { "\"\($0)\": \($0 == "off" ? "{}" : "{\"on\": true}")" }.joined(separator: ", ")
        return "{\"canvas\": {\"width\": 40, \"height\": 30}, \"state\": {\"on\": {\"type\": \"bool\", \"default\": false}}, "
            + "\"stills\": {\(list)}, \"root\": {\"type\": \"Color\", \"color\": \"=$on ? '\(onColour)' : 'blue'\"}}"
    }

    /// A folder with `toggle.json` (stills `off` and `on`) and `plain.json` (no stills, green).
    func stillsProject() throws -> String {
        let dir = try temporaryFolder()
        try Self.toggleScene().write(toFile: dir + "/toggle.json", atomically: true, encoding: .utf8)
        try "{\"canvas\": {\"width\": 40, \"height\": 30}, \"root\": {\"type\": \"Color\", \"color\": \"green\"}}"
            .write(toFile: dir + "/plain.json", atomically: true, encoding: .utf8)
        return dir
    }

    func checkStills(_ dir: String, _ extra: [String], scenes: [String] = ["toggle.json", "plain.json"]) throws -> (
        status: Int32, out: String, err: String
    ) {
        try runProcess(CLITests.binary, ["check"] + scenes + ["--golden", "goldens"] + extra, cwd: dir, env: ["CI": ""])
    }

    /// Every file below `folder`, relative path to bytes.
    func files(below folder: String) -> [String: Data] {
        var out: [String: Data] = [:]
        let e = FileManager.default.enumerator(atPath: folder)
        while let rel = e?.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + rel, isDirectory: &isDir), !isDir.boolValue {
                out[rel] = FileManager.default.contents(atPath: folder + "/" + rel)
            }
        }
        return out
    }

    @Test func everyStillIsRecordedInItsOwnFolder() throws {
        let dir = try stillsProject()
        let first = try checkStills(dir, [])
        #expect(first.status == 1, "\(first.out) \(first.err)")
        #expect(files(below: dir + "/goldens").keys.sorted() == ["plain/default/40x30@1x.png", "toggle/off/40x30@1x.png", "toggle/on/40x30@1x.png"])
        // Each still's golden is that still's picture.
        let off = try RGBAImage(contentsOfFile: dir + "/goldens/toggle/off/40x30@1x.png")[x: 20, y: 15]
        let on = try RGBAImage(contentsOfFile: dir + "/goldens/toggle/on/40x30@1x.png")[x: 20, y: 15]
        #expect(off.b > 200 && off.r < 100, "off is blue: \(off)")
        #expect(on.r > 200 && on.b < 100, "on is red: \(on)")
        let second = try checkStills(dir, [])
        #expect(second.status == 0, "\(second.out) \(second.err)")
        #expect(second.out.hasPrefix("passed: 3 images"))
        #expect(!second.err.contains("orphan") && !second.err.contains("belong"))
    }

    @Test func changingOneStillFailsOnlyThatStill() throws {
        let dir = try stillsProject()
        _ = try checkStills(dir, ["--record", "all"])
        try Self.toggleScene(onColour: "yellow").write(toFile: dir + "/toggle.json", atomically: true, encoding: .utf8)
        let r = try checkStills(dir, ["--report", "report"])
        #expect(r.status == 1)
        #expect(r.err.contains("FAILED   toggle/on/40x30@1x"))
        let report = try ReportFolder(path: dir + "/report").read()
        #expect(report.failures.map(\.id) == ["toggle/on/40x30@1x"])
        #expect(report.entries.filter { $0.status == .passed }.map(\.id) == ["plain/default/40x30@1x", "toggle/off/40x30@1x"])
    }

    @Test func theStillFilterChecksOnlyThoseStills() throws {
        let dir = try stillsProject()
        let one = try checkStills(dir, ["--still", "on", "--report", "report"])
        #expect(one.status == 1)
        #expect(try ReportFolder(path: dir + "/report").read().entries.map(\.id) == ["toggle/on/40x30@1x"])
        #expect(files(below: dir + "/goldens").keys.sorted() == ["toggle/on/40x30@1x.png"])
        // A comma list and a repeated option; `default` names the scene without stills.
        let list = try checkStills(dir, ["--still", "off,on", "--still", "default"])
        #expect(list.status == 1 && list.err.contains("[3/3]"), "\(list.err)")
        #expect(try checkStills(dir, ["--still", "on,off"]).out.hasPrefix("passed: 2 images"))
    }

    @Test func anUnknownStillIsAUsageErrorWithAHint() throws {
        let dir = try stillsProject()
        let r = try checkStills(dir, ["--still", "of", "--report", "report"])
        #expect(r.status == 2)
        #expect(r.err.contains("--still 'of' is not a still of any scene checked"), "\(r.err)")
        #expect(r.err.contains("did you mean 'off'?") && r.err.contains("default, off, on"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/goldens"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/report"))
    }

    @Test func setIsRefusedAndNothingIsWritten() throws {
        let dir = try stillsProject()
        let r = try checkStills(dir, ["--set", "on=true", "--report", "report", "--junit", "junit.xml", "--summary", "summary.md"])
        #expect(r.status == 2)
        #expect(r.err.contains("check does not take --set"), "\(r.err)")
        #expect(r.err.contains("name the state as a still"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["plain.json", "toggle.json"])
    }

    @Test func aSceneWithoutStillsIsCheckedAtDefault() throws {
        let dir = try stillsProject()
        let first = try checkStills(dir, [], scenes: ["plain.json"])
        #expect(first.status == 1 && first.err.contains("RECORDED plain/default/40x30@1x"), "\(first.err)")
        #expect(files(below: dir + "/goldens").keys.sorted() == ["plain/default/40x30@1x.png"])
        #expect(try checkStills(dir, ["--still", "default"], scenes: ["plain.json"]).status == 0)
        // A still is not a state of a scene without stills.
        #expect(try checkStills(dir, ["--still", "on"], scenes: ["plain.json"]).status == 2)
    }

    @Test func aRenamedStillLeavesAnOrphanedGolden() throws {
        let dir = try stillsProject()
        _ = try checkStills(dir, ["--record", "all"])
        try Self.toggleScene(stills: ["off", "lit"]).write(toFile: dir + "/toggle.json", atomically: true, encoding: .utf8)
        // `lit` draws what `on` drew: a rename, told from a new still by its pixels.
        let renamed = try checkStills(dir, ["--record", "never", "--report", "renamed"])
        #expect(renamed.status == 1 && renamed.err.contains("MISSING  toggle/lit/40x30@1x"), "\(renamed.err)")
        let missing = try #require(try ReportFolder(path: dir + "/renamed").read().entries.first { $0.state == "lit" })
        #expect(missing.status == .missing && missing.renamedFrom == "toggle/on/40x30@1x.png")
        #expect(missing.message?.contains("the orphaned golden goldens/toggle/on/40x30@1x.png has the same pixels: renamed?") == true, "\(missing)")
        try FileManager.default.removeItem(atPath: dir + "/renamed")
        let recorded = try checkStills(dir, [])
        #expect(recorded.status == 1)  // records `lit`
        #expect(recorded.err.contains("has the same pixels: renamed? delete it (--prune does)"), "\(recorded.err)")
        // A new still that draws something else is no rename.
        try Self.toggleScene(stills: ["off", "lit", "dim"], onColour: "red").replacingOccurrences(of: "\"dim\": {\"on\": true}", with: "\"dim\": {}")
            .write(toFile: dir + "/toggle.json", atomically: true, encoding: .utf8)
        let other = try checkStills(dir, ["--record", "never", "--report", "other"])
        let dim = try #require(try ReportFolder(path: dir + "/other").read().entries.first { $0.state == "dim" })
        #expect(dim.status == .missing && dim.renamedFrom == nil, "\(other.err)")
        try FileManager.default.removeItem(atPath: dir + "/other")
        try Self.toggleScene(stills: ["off", "lit"]).write(toFile: dir + "/toggle.json", atomically: true, encoding: .utf8)

        let r = try checkStills(dir, ["--report", "report", "--junit", "junit.xml", "--summary", "summary.md"])
        #expect(r.status == 0, "\(r.out) \(r.err)")
        #expect(r.err.contains("proofsheet: warning: 1 golden belongs to no still of the scenes checked"), "\(r.err)")
        #expect(r.err.contains("  goldens/toggle/on/40x30@1x.png\n"))
        #expect(r.err.contains("--strict makes this a failure"))
        #expect(r.out.hasPrefix("passed: 3 images") && r.out.contains("1 orphaned golden"), "\(r.out)")
        #expect(try ReportFolder(path: dir + "/report").read().orphans == ["toggle/on/40x30@1x.png"])
        #expect(
            try String(contentsOfFile: dir + "/report/index.html", encoding: .utf8).contains("<li><code>goldens/toggle/on/40x30@1x.png</code></li>"))
        let junit = try String(contentsOfFile: dir + "/junit.xml", encoding: .utf8)
        #expect(junit.contains("<testcase classname=\"toggle\" name=\"on/40x30@1x (orphaned golden)\" time=\"0\">\n      <skipped message="))
        #expect(try String(contentsOfFile: dir + "/summary.md", encoding: .utf8).contains("- goldens/toggle/on/40x30@1x.png\n"))

        let strict = try checkStills(dir, ["--strict"])
        #expect(strict.status == 1)
        #expect(strict.err.contains("proofsheet: error: 1 golden belongs to no still"), "\(strict.err)")
        #expect(strict.out.hasPrefix("FAILED: 3 images"))
        // `"strict": true` in the configuration does what --strict does.
        try #"{"scenes": ["toggle.json", "plain.json"], "golden": "goldens", "strict": true}"#.write(
            toFile: dir + "/proofsheet.json", atomically: true, encoding: .utf8)
        let configured = try runProcess(CLITests.binary, ["check"], cwd: dir, env: ["CI": ""])
        #expect(configured.status == 1 && configured.err.contains("proofsheet: error: 1 golden belongs to no still"), "\(configured.err)")
        try #"{"scenes": ["toggle.json"], "golden": "goldens", "strict": "yes"}"#.write(
            toFile: dir + "/proofsheet.json", atomically: true, encoding: .utf8)
        let bad = try runProcess(CLITests.binary, ["check"], cwd: dir, env: ["CI": ""])
        #expect(bad.status == 2 && bad.err.contains("strict must be true or false"), "\(bad.err)")
        try FileManager.default.removeItem(atPath: dir + "/proofsheet.json")
        // Stills left out by --still are still the scene's: not orphans.
        let filtered = try checkStills(dir, ["--still", "lit", "--strict"])
        #expect(filtered.status == 1 && filtered.err.contains("toggle/on/40x30@1x.png"))
        try FileManager.default.removeItem(atPath: dir + "/goldens/toggle/on")
        let clean = try checkStills(dir, ["--still", "lit", "--strict"])
        #expect(clean.status == 0 && !clean.err.contains("belong"), "\(clean.err)")
    }

    @Test func oneJobAndTwoJobsGiveTheSameResults() throws {
        // results.json and index.html are the same bytes at any job count and on every run (the
        // times, which differ, are in times.json alone; the folder's marker lists its size).
        func stable(_ files: [String: Data]) -> [String: Data] {
            var out = files.filter { $0.key != "times.json" }
            out[".proofsheet-files"] = out[".proofsheet-files"].map {
                Data(String(decoding: $0, as: UTF8.self).split(separator: "\n").filter { !$0.hasSuffix(" times.json") }.joined(separator: "\n").utf8)
            }
            return out
        }
        var reports: [[String: Data]] = []
        var goldens: [[String: Data]] = []
        var failed: [[String: Data]] = []
        for jobs in ["1", "2", "2"] {
            let dir = try stillsProject()
            let devices = ["--device", "iPhone SE", "--device", "iPhone 14", "--scale", "1"]
            let recorded = try checkStills(dir, devices + ["--jobs", jobs, "--report", "report"])
            #expect(recorded.status == 1 && recorded.err.contains("[6/6]"), "\(recorded.err)")
            reports.append(stable(files(below: dir + "/report")))
            goldens.append(files(below: dir + "/goldens"))
            try Self.toggleScene(onColour: "yellow").write(toFile: dir + "/toggle.json", atomically: true, encoding: .utf8)
            #expect(try checkStills(dir, devices + ["--jobs", jobs, "--report", "failed"]).status == 1)
            failed.append(stable(files(below: dir + "/failed")))
            #expect(try ReportFolder(path: dir + "/failed").read().entries.allSatisfy { $0.seconds != nil })
        }
        #expect(reports[0]["results.json"] != nil && reports[0]["index.html"] != nil && goldens[0].count == 6)
        #expect(try ReportFolder.parse([UInt8](reports[0]["results.json"]!), file: "results.json").entries.count == 6)
        #expect(failed[0]["images/toggle/on/iphone-se@1x.diff.png"] != nil, "\(failed[0].keys.sorted())")
        for run in 1..<3 {
            #expect(reports[run] == reports[0])
            #expect(goldens[run] == goldens[0])
            #expect(failed[run] == failed[0])
        }
    }
}

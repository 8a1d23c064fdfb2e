import Dispatch
import Foundation
import Synchronization
import Testing
import ProofsheetTestSupport
import Proofsheet
@testable import ProofsheetCairo
import ProofsheetLayout

/// One renderer shared by many threads gives the same bytes as renders one at a time. `make tsan`
/// runs this under ThreadSanitizer with more rounds (PROOFSHEET_STRESS_ROUNDS).
@Suite("One renderer, many threads")
struct ConcurrentRenderTests {
    static let rounds = ProcessInfo.processInfo.environment["PROOFSHEET_STRESS_ROUNDS"].flatMap(Int.init) ?? 1

    /// Scenes with text, symbols, photos, shadows and blurs, at scale 1 to keep the test quick
    /// (the swipe-to-delete list with its card dragged, red, over the hint).
    static func scenes() throws -> [Scene] {
        let stills: [(name: String, still: String?)] = [
            ("gallery", nil), ("travel-deck", nil), ("swipe-to-delete", "ready-to-delete"), ("gradient-stack", nil)
        ]
        return try stills.map { name, still in
            var scene = try SceneDecoder().template(file: Paths.scenes + "/\(name).json").scene(still: still)
            scene.scale = 1
            return scene
        }
    }

    @Test func concurrentRendersMatchSerialRenders() throws {
        let jobs = try Self.scenes().flatMap { scene in OutputFormat.allCases.map { (scene: scene, format: $0) } }
        let serial = try Renderer()
        let expected = try jobs.map { try serial.render($0.scene, format: $0.format) }

        // A fresh renderer, so that its caches (fonts, decoded and resampled photos) fill while
        // threads race for them.
        let shared = try Renderer()
        let results = Mutex<[Int: Result<[UInt8], any Error>]>([:])
        let count = jobs.count * Self.rounds
        DispatchQueue.concurrentPerform(iterations: count) { i in
            let job = jobs[i % jobs.count]
            let result = Result { try shared.render(job.scene, format: job.format) }
            results.withLock { $0[i] = result }
        }
        let all = results.withLock { $0 }
        #expect(all.count == count)
        for i in 0..<count {
            let job = jobs[i % jobs.count]
            let bytes = try #require(all[i]).get()
            let same = bytes == expected[i % jobs.count]  // not compared inside #expect, which would print both
            #expect(same, "\(job.scene.file ?? "?") as \(job.format), run \(i): \(Self.firstDifference(bytes, expected[i % jobs.count]))")
        }
    }

    // MARK: Text on two threads

    /// The text-heavy gallery at scale 1.
    static func gallery() throws -> Scene {
        var scene = try SceneDecoder().decode(file: Paths.scenes + "/gallery.json")
        scene.scale = 1
        return scene
    }

    /// Where two outputs first differ, for a failure message.
    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> String {
        let at = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        return "\(a.count) and \(b.count) bytes, first difference at byte \(at)"
    }

    /// Two threads lay out text at the same time: each is lent a Pango context of its own, and
    /// neither waits for the other to finish.
    @Test func twoThreadsUseTextAtOnce() throws {
        let fonts = try Renderer().fonts
        let entered = Atomic(0)
        let met = Atomic(0)
        let done = DispatchGroup()
        for _ in 0..<2 {
            done.enter()
            Thread {
                fonts.withContext { _ in
                    entered.add(1, ordering: .relaxed)
                    // Stays inside until the other thread is inside too (or ten seconds pass).
                    let deadline = Date().addingTimeInterval(10)
                    while entered.load(ordering: .relaxed) < 2 && Date() < deadline { usleep(1000) }
                    if entered.load(ordering: .relaxed) == 2 { met.add(1, ordering: .relaxed) }
                }
                done.leave()
            }.start()
        }
        done.wait()
        #expect(met.load(ordering: .relaxed) == 2)
    }

    /// The gallery drawn in a second text context (made while the first is lent out) gives the
    /// bytes of the first, in every format.
    @Test func aSecondTextContextDrawsTheSameBytes() throws {
        let scene = try Self.gallery()
        let live = LiveObjects()
        try LiveObjects.$current.withValue(live) {
            let renderer = try Renderer()
            let first = try OutputFormat.allCases.map { try renderer.render(scene, format: $0) }
            #expect(live.count(.textContext) == 1)
            let second = try renderer.fonts.withContext { _ in try OutputFormat.allCases.map { try renderer.render(scene, format: $0) } }
            #expect(live.count(.textContext) == 2)
            for (format, (a, b)) in zip(OutputFormat.allCases, zip(first, second)) {
                let same = a == b  // not compared inside #expect, which would print both
                #expect(same, "\(format): \(Self.firstDifference(a, b))")
            }
        }
        #expect(live.count(.textContext) == 0)
    }

    /// The gallery rendered by two threads at once, each rendering every format twice, gives the
    /// bytes one thread gives.
    @Test func textOnTwoThreadsMatchesOneThread() throws {
        let scene = try Self.gallery()
        let expected = try OutputFormat.allCases.map { try Renderer().render(scene, format: $0) }
        let shared = try Renderer()
        let results = Mutex<[Int: Result<[UInt8], any Error>]>([:])
        let jobs = 2 * 2 * OutputFormat.allCases.count
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for i in stride(from: thread, to: jobs, by: 2) {
                let result = Result { try shared.render(scene, format: OutputFormat.allCases[i % OutputFormat.allCases.count]) }
                results.withLock { $0[i] = result }
            }
        }
        let all = results.withLock { $0 }
        for i in 0..<jobs {
            let format = OutputFormat.allCases[i % OutputFormat.allCases.count]
            let bytes = try #require(all[i]).get(), want = expected[i % OutputFormat.allCases.count]
            let same = bytes == want
            #expect(same, "\(format), job \(i): \(Self.firstDifference(bytes, want))")
        }
    }

    // MARK: More faces than Cairo keeps open

    /// Text in every weight of every design, Chinese and emoji: more faces than the ten Cairo
    /// keeps open of its own.
    static let manyFaces: DisplayList = {
        var items: [DisplayItem] = []
        var y = 0.0
        for design in FontSpec.Design.allCases {
            for weight in stride(from: 100, through: 900, by: 100) {
                let font = FontSpec(design: design, size: 9, weight: weight)
                let run = TextRun(
                    text: "Aa 1 \(weight) 中文 🙂", frame: Rect(x: 2, y: y, width: 140, height: 12), font: font, paint: .color(.black),
                    alignment: .leading, lineLimit: 1)
                items.append(.text(run))
                y += 12
            }
        }
        return DisplayList(size: Size(width: 150, height: y), background: .white, items: items)
    }()

    /// Every font but the CJK collections reaches Cairo as a face of the process's own, which
    /// Cairo never closes; the collections the font families can reach are fewer than the ten
    /// faces Cairo keeps open, so it never closes a face another thread may be using.
    @Test func cairoIsGivenEveryFaceButTheCollections() throws {
        let fonts = try Renderer().fonts
        let unpinned = fonts.fontFilesWithoutFace()
        #expect(!unpinned.isEmpty && unpinned.allSatisfy(PinnedFaces.isCollection), "\(unpinned)")
        #expect(PinnedFaces.shared.count >= 20)
    }

    /// Threads drawing text in many faces at once, to PNG, SVG and PDF (whose pages read the
    /// faces again when they are written), give the bytes of one thread.
    @Test func manyFacesOnManyThreads() throws {
        let backend = try Renderer().backend
        let expected = try OutputFormat.allCases.map { try backend.render(Self.manyFaces, format: $0, scale: 1) }
        let wrong = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 24 * Self.rounds) { i in
            let format = OutputFormat.allCases[i % OutputFormat.allCases.count]
            let bytes = try? backend.render(Self.manyFaces, format: format, scale: 1)
            if bytes != expected[i % OutputFormat.allCases.count] { wrong.add(1, ordering: .relaxed) }
        }
        #expect(wrong.load(ordering: .relaxed) == 0)
        // Every face drawn in stays with Cairo: nine weights of Inter, four of Quicksand, two of
        // DejaVu Sans Mono, Noto CJK and emoji.
        #expect(FontFaces.shared.count >= 17)
    }
}

import Dispatch
import Foundation
import Synchronization
import Testing
import Proofsheet
import ProofsheetCairo
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
            #expect(bytes == expected[i % jobs.count], "\(job.scene.file ?? "?") as \(job.format), run \(i)")
        }
    }
}

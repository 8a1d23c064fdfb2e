import Dispatch
import Foundation
import Synchronization
import Testing
import ProofsheetTestSupport
@testable import ProofsheetCairo
import Proofsheet

/// Images are decoded once per process and resampled once per size: stores (renderers) that count
/// against the same budget share what one of them made, threads wanting the same image wait for
/// one decode, and a file changed on disk is decoded again.
@Suite("Images shared across stores")
struct ImageSharingTests {
    static let side = 200
    static let imageBytes = side * side * 4

    /// A folder with one 200×200 image, `img.png`.
    func folder() throws -> String {
        let dir = try temporaryFolder()
        try RGBAImage(width: Self.side, height: Self.side, fill: RGBAColor(r: 10, g: 20, b: 30)).writePNG(to: dir + "/img.png")
        return dir
    }

    @Test func storesOnOneBudgetShareDecodedAndResampledImages() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let budget = ImageBudget(bytes: 10 * Self.imageBytes)
        let path = dir + "/img.png"
        do {
            let first = ImageStore(budget: budget)
            _ = try first.pixelSize(path: path)
            _ = try first.surface(path: path, width: 50, height: 40)
            let used = budget.used
            #expect(used == Self.imageBytes + 50 * 40 * 4)
            do {
                let second = ImageStore(budget: budget)
                #expect(try second.pixelSize(path: path) == (Self.side, Self.side))
                let small = try second.surface(path: path, width: 50, height: 40)
                #expect(small.width == 50 && small.height == 40)
                #expect(budget.used == used, "the second store decoded or resampled again")
                // Another size is resampled once, from the shared decoded pixels.
                _ = try second.surface(path: path, width: 20, height: 20)
                #expect(budget.used == used + 20 * 20 * 4)
            }
            // The first store keeps what it made after the second is gone.
            #expect(budget.used == used)
        }
        #expect(budget.used == 0)

        // A store on another budget decodes for itself.
        let other = ImageBudget(bytes: 10 * Self.imageBytes)
        let mine = ImageStore(budget: budget)
        _ = try mine.pixelSize(path: path)
        let theirs = ImageStore(budget: other)
        _ = try theirs.pixelSize(path: path)
        #expect(budget.used == Self.imageBytes && other.used == Self.imageBytes)
    }

    @Test func aFileChangedOnDiskIsDecodedAgain() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/img.png"
        let first = ImageStore()
        #expect(try first.pixelSize(path: path) == (Self.side, Self.side))
        try RGBAImage(width: 30, height: 20, fill: RGBAColor(r: 1, g: 2, b: 3)).writePNG(to: path)
        #expect(try ImageStore().pixelSize(path: path) == (30, 20))
    }

    @Test func threadsWantingOneImageWaitForOneDecode() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let key = SharedImages.Key(budget: ImageBudget(bytes: 0), path: dir + "/img.png", width: 0, height: 0)
        let made = Atomic(0)
        let kept = Mutex<[CairoSurface]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let surface = try? SharedImages.shared.surface(key) {
                made.add(1, ordering: .relaxed)
                usleep(20_000)  // a slow decode
                return try CairoSurface(width: 2, height: 2)
            }
            if let surface { kept.withLock { $0.append(surface) } }
        }
        #expect(made.load(ordering: .relaxed) == 1)
        let surfaces = kept.withLock { $0 }
        #expect(surfaces.count == 8)
        #expect(surfaces.allSatisfy { $0 === surfaces[0] })
    }
}

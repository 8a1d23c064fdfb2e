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

    /// An image's mean colour over part of it, from its decoded pixels: what the home indicator
    /// reads of a photo under it. Straight alpha comes back from the premultiplied pixels.
    @Test func meanColourOfPartOfAnImage() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var img = RGBAImage(width: 40, height: 40, fill: RGBAColor(r: 255, g: 255, b: 255))
        for y in 30..<40 { for x in 0..<40 { img[x: x, y: y] = x < 20 ? RGBAColor(r: 0, g: 0, b: 0) : RGBAColor(r: 200, g: 0, b: 0, a: 128) } }
        try img.writePNG(to: dir + "/half.png")
        let store = ImageStore()
        let top = try #require(store.meanColor(path: dir + "/half.png", in: Rect(x: 0, y: 0, width: 1, height: 0.5)))
        #expect(top == Color(red: 1, green: 1, blue: 1, alpha: 1))
        let black = try #require(store.meanColor(path: dir + "/half.png", in: Rect(x: 0, y: 0.75, width: 0.5, height: 0.25)))
        #expect(black == Color(red: 0, green: 0, blue: 0, alpha: 1))
        let red = try #require(store.meanColor(path: dir + "/half.png", in: Rect(x: 0.5, y: 0.75, width: 0.5, height: 0.25)))
        #expect(abs(red.red - 200.0 / 255) < 0.01 && red.green == 0 && abs(red.alpha - 128.0 / 255) < 0.01)
        // Outside the image, or an image that cannot be read: no colour.
        #expect(store.meanColor(path: dir + "/half.png", in: Rect(x: 1.5, y: 0, width: 1, height: 1)) == nil)
        #expect(store.meanColor(path: dir + "/none.png", in: Rect(x: 0, y: 0, width: 1, height: 1)) == nil)
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

import Testing
@testable import ProofsheetCairo

/// Memory for new surfaces is reused, and a surface made in reused memory starts transparent, as
/// a surface Cairo allocates does.
@Suite("Pixel memory")
struct PixelMemoryTests {
    @Test func aSurfaceInReusedMemoryStartsTransparent() throws {
        for round in 0..<3 {
            let s = try CairoSurface(width: 300, height: 300)
            var dirty = 0
            s.withData { data, stride in
                for y in 0..<s.height {
                    let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<s.width where row[x] != 0 { dirty += 1 }
                    // Left behind for the next surface in this memory.
                    for x in 0..<s.width { row[x] = 0xFFFF_0000 }
                }
            }
            #expect(dirty == 0, "round \(round)")
        }
    }

    @Test func blocksAreKeptWithinBounds() {
        let memory = PixelMemory(smallest: 1000, largest: 10_000, keep: 25_000)
        let blocks = (0..<5).compactMap { _ in memory.take(8000) }
        #expect(blocks.count == 5)
        for b in blocks { memory.giveBack(b) }
        // Three fit in what is kept; the next takes one of them back (the size asked for or up to
        // twice it), and a much smaller request does not.
        let again = memory.take(7000)
        #expect(again.map { b in blocks.contains { $0.pointer == b.pointer } } == true)
        let small = memory.take(1000)
        #expect(small.map { b in blocks.contains { $0.pointer == b.pointer } } == false)
        for b in [again, small].compactMap({ $0 }) { memory.giveBack(b) }
    }
}

/// A seeded generator (SplitMix64) for property and fuzz-style tests: the same cases every run.
package struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    package init(seed: UInt64) { state = seed }
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    package mutating func double(in range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }
    package mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next() >> 24) }
    package mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
